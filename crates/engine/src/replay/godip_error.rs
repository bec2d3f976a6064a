//! Why godip's game text does not read, by kind: what stops the reading
//! (`GodipError`), and what a line gets wrong in itself (`LineError`, kept
//! as its phase's glitch).

use crate::order::excerpt;
use crate::variant::PhaseError;
use std::fmt;

/// What stops the reading of godip's game text; it prints the text the
/// judge has always printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GodipError {
    /// A `PHASE` line on line `line` that is not `PHASE <year> <season>
    /// <kind>` (`label`, the words after PHASE).
    PhaseShape { line: usize, label: String },
    /// A `PHASE` line naming a phase the variant's calendar has not.
    Phase { line: usize, error: PhaseError },
    /// A line before the first `PHASE` line.
    BeforePhase { line: usize },
    /// No `PHASE` line at all.
    NoPhase,
}

impl fmt::Display for GodipError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GodipError::PhaseShape { line, label } => {
                write!(f, "line {line}: `PHASE {}`: expected `PHASE <year> <season> <kind>`", excerpt(label))
            }
            GodipError::Phase { line, error } => write!(f, "line {line}: {error}"),
            GodipError::BeforePhase { line } => write!(f, "line {line}: expected `PHASE <year> <season> <kind>` first"),
            GodipError::NoPhase => f.write_str("no PHASE block"),
        }
    }
}

crate::error::text_errors!(GodipError);

/// What a POSITIONS or ORDERS line gets wrong in itself, the words quoted
/// borrowed from the line: nothing is written unless the phase's glitch
/// is (its first wrong line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineError<'a> {
    /// A POSITIONS line without `<Nation>:`.
    NoNation,
    /// A POSITIONS line without `<army|fleet|supply> <province>` after the
    /// nation.
    NoEntry,
    UnknownNation(&'a str),
    UnknownProvince(&'a str),
    /// A POSITIONS word other than army, fleet, their `/dislodged`, supply.
    UnknownEntry(&'a str),
    /// A `supply` line for a province that is not a centre (as written).
    NotACentre(&'a str),
    /// A second unit (or dislodged unit) in the province named.
    SecondUnit(&'a str),
    /// A build of a kind other than army or fleet.
    UnknownKind(&'a str),
    /// An ORDERS line of no godip order's shape.
    NotAnOrder,
}

impl fmt::Display for LineError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            LineError::NoNation => f.write_str("expected `<Nation>: <army|fleet|supply> <province>`"),
            LineError::NoEntry => f.write_str("expected `<army|fleet|supply> <province>`"),
            LineError::UnknownNation(nation) => write!(f, "unknown nation `{}`", excerpt(nation)),
            LineError::UnknownProvince(name) => write!(f, "unknown province `{name}`"),
            LineError::UnknownEntry(word) => {
                write!(f, "unknown entry `{}` (army, fleet, army/dislodged, fleet/dislodged, supply)", excerpt(word))
            }
            LineError::NotACentre(place) => write!(f, "`{place}` is not a supply centre"),
            LineError::SecondUnit(province) => write!(f, "a second unit in {province}"),
            LineError::UnknownKind(kind) => write!(f, "unknown unit kind `{kind}`"),
            LineError::NotAnOrder => {
                f.write_str("not a godip order (move, support, convoy, hold, build, remove, disband)")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{GodipError, LineError};
    use crate::replay::{import, Format, ImportError};
    use crate::variant::embedded_variant;

    /// What stops the reading says its kind and where, with the text the
    /// judge prints; a wrong line is the phase's glitch, in the same words.
    #[test]
    fn godip_text_that_does_not_read_says_its_kind() {
        let v = embedded_variant("standard").expect("built in").expect("valid");
        let read = |text: &str| import(&v, Format::Godip, text).map(|g| g.phases.len());
        let wrong = |text: &str, kind: GodipError, said: &str| {
            let e = read(text).unwrap_err();
            assert_eq!((e.to_string().as_str(), e), (said, ImportError::Godip(kind)));
        };
        wrong(
            "POSITIONS\n",
            GodipError::BeforePhase { line: 1 },
            "line 1: expected `PHASE <year> <season> <kind>` first",
        );
        wrong(
            "\nPHASE 1901 Spring\n",
            GodipError::PhaseShape { line: 2, label: "1901 Spring".into() },
            "line 2: `PHASE 1901 Spring`: expected `PHASE <year> <season> <kind>`",
        );
        let e = read("PHASE 1901 Summer Movement").unwrap_err();
        assert!(matches!(e, ImportError::Godip(GodipError::Phase { line: 1, .. })), "{e:?}");
        assert!(e.to_string().starts_with("line 1: "), "{e}");
        wrong("", GodipError::NoPhase, "no PHASE block");
        assert_eq!(read("PHASE 1901 Spring Movement\nPOSITIONS\nEngland fleet lon"), Ok(1), "a glitch, not an error");
        let at = [LineError::NoNation, LineError::UnknownProvince("dan"), LineError::NotAnOrder];
        let said = at.map(|e| e.to_string());
        assert_eq!(said[0], "expected `<Nation>: <army|fleet|supply> <province>`");
        assert_eq!(said[1], "unknown province `dan`");
        assert_eq!(said[2], "not a godip order (move, support, convoy, hold, build, remove, disband)");
    }
}
