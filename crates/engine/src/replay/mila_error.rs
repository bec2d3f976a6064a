//! Why a MILA saved game (or an order in MILA notation) does not read, by
//! kind; each prints the text the judge has always printed.

use crate::order::{excerpt, ParseError};
use crate::variant::PhaseError;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MilaError {
    /// Not JSON: where the JSON reader stopped, and why.
    Json { line: usize, column: usize, message: String },
    /// No `phases` list.
    NoPhases,
    /// The phase at `index` (1-based) has no `name`.
    Unnamed { index: usize },
    /// A phase name (`S1901M`) that does not read.
    PhaseName { name: String, problem: PhaseNameProblem },
    /// A named phase whose content does not read.
    In { phase: String, problem: ContentProblem },
    /// The COMPLETED phase's note (`Victory by: FRA, ...`).
    Note(NoteProblem),
    /// An order (`text`, as written) that is not MILA notation.
    Order { text: String, error: ParseError },
}

/// Why a phase name does not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PhaseNameProblem {
    /// Not a season letter, a year and M, R or A.
    Shape,
    /// A season letter other than S, F, W.
    Season(char),
    /// A phase the variant's calendar has not.
    Calendar(PhaseError),
}

/// What is wrong in a phase's content; the field (`units`, `centers`,
/// `orders`) where it is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ContentProblem {
    NoState,
    NotAnObject { field: &'static str },
    NotAList { field: &'static str },
    NotStrings { field: &'static str },
    UnknownPower(String),
}

/// Why the note of the COMPLETED phase names no winners.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoteProblem {
    /// Not `Victory by: ...`; the note as found.
    Shape { found: String },
    /// No power's name starts with these letters.
    NoPower { short: String },
    /// Two powers' names start with these letters.
    Ambiguous { short: String, one: String, other: String },
    /// `Victory by:` and no power.
    Empty,
}

impl fmt::Display for MilaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MilaError::Json { line, column, message } => {
                write!(f, "MILA saved game, line {line} column {column}: {message}")
            }
            MilaError::NoPhases => f.write_str("MILA saved game: no `phases` list"),
            MilaError::Unnamed { index } => write!(f, "phase {index}: no name"),
            MilaError::PhaseName { name, problem } => write!(f, "phase `{name}`: {problem}"),
            MilaError::In { phase, problem } => write!(f, "phase {phase}: {problem}"),
            MilaError::Note(problem) => write!(f, "{problem}"),
            MilaError::Order { text, error } => write!(f, "order `{text}`: {error}"),
        }
    }
}

impl fmt::Display for PhaseNameProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PhaseNameProblem::Shape => f.write_str("expected a name like S1901M, F1901R, W1901A"),
            PhaseNameProblem::Season(letter) => write!(f, "unknown season letter `{letter}`"),
            PhaseNameProblem::Calendar(error) => write!(f, "{error}"),
        }
    }
}

impl fmt::Display for ContentProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ContentProblem::NoState => f.write_str("no state"),
            ContentProblem::NotAnObject { field } => write!(f, "`{field}` is not an object"),
            ContentProblem::NotAList { field } => write!(f, "`{field}` is not a list"),
            ContentProblem::NotStrings { field } => write!(f, "`{field}`: expected strings"),
            ContentProblem::UnknownPower(name) => write!(f, "unknown power `{name}`"),
        }
    }
}

impl fmt::Display for NoteProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the note of the COMPLETED phase")?;
        match self {
            NoteProblem::Shape { found } => {
                write!(f, ": expected `Victory by: FRA, ...`, found `{}`", excerpt(found))
            }
            NoteProblem::NoPower { short } => write!(f, ": no power's name starts with `{}`", excerpt(short)),
            NoteProblem::Ambiguous { short, one, other } => {
                write!(f, ": `{}` could be {one} or {other}", excerpt(short))
            }
            NoteProblem::Empty => f.write_str(" names no power"),
        }
    }
}

crate::error::text_errors!(MilaError);

#[cfg(test)]
mod tests {
    use super::{ContentProblem, MilaError, PhaseNameProblem};
    use crate::replay::{import_mila, read_mila_order};
    use crate::variant::{embedded_variant, PhaseKind, PowerId};

    /// A saved game that does not read says its kind and where, with the
    /// text the judge prints.
    #[test]
    fn a_saved_game_that_does_not_read_says_its_kind() {
        let v = embedded_variant("standard").expect("built in").expect("valid");
        let wrong = |text: &str, kind: MilaError, said: &str| {
            let e = import_mila(&v, text).unwrap_err();
            assert_eq!((e.to_string().as_str(), e), (said, kind));
        };
        wrong("{}", MilaError::NoPhases, "MILA saved game: no `phases` list");
        wrong(r#"{"phases": [{}]}"#, MilaError::Unnamed { index: 1 }, "phase 1: no name");
        wrong(
            r#"{"phases": [{"name": "X1901M"}]}"#,
            MilaError::PhaseName { name: "X1901M".into(), problem: PhaseNameProblem::Season('X') },
            "phase `X1901M`: unknown season letter `X`",
        );
        wrong(
            r#"{"phases": [{"name": "S1901"}]}"#,
            MilaError::PhaseName { name: "S1901".into(), problem: PhaseNameProblem::Shape },
            "phase `S1901`: expected a name like S1901M, F1901R, W1901A",
        );
        wrong(
            r#"{"phases": [{"name": "S1901M"}]}"#,
            MilaError::In { phase: "S1901M".into(), problem: ContentProblem::NoState },
            "phase S1901M: no state",
        );
        wrong(
            r#"{"phases": [{"name": "S1901M", "state": {"units": []}}]}"#,
            MilaError::In { phase: "S1901M".into(), problem: ContentProblem::NotAnObject { field: "units" } },
            "phase S1901M: `units` is not an object",
        );
        wrong(
            r#"{"phases": [{"name": "S1901M", "state": {}, "orders": {"ENGLAND": [1]}}]}"#,
            MilaError::In { phase: "S1901M".into(), problem: ContentProblem::NotStrings { field: "orders" } },
            "phase S1901M: `orders`: expected strings",
        );
        wrong(
            r#"{"phases": [{"name": "S1901M", "state": {}, "orders": {"ATLANTIS": []}}]}"#,
            MilaError::In { phase: "S1901M".into(), problem: ContentProblem::UnknownPower("ATLANTIS".into()) },
            "phase S1901M: unknown power `ATLANTIS`",
        );
        assert!(matches!(import_mila(&v, "[").unwrap_err(), MilaError::Json { line: 1, .. }));
        let e = read_mila_order(&v, PowerId(0), "A XYZ H", PhaseKind::Movement).unwrap_err();
        assert!(matches!(&e, MilaError::Order { text, .. } if text == "A XYZ H"), "{e:?}");
        assert!(e.to_string().starts_with("order `A XYZ H`: column "), "{e}");
    }
}
