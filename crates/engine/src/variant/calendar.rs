//! The calendar: the phases of a game year, year numbering (AD counts up,
//! BC counts down, and 1 BC is followed by 1 AD: there is no year 0), and
//! which seasons change centre ownership.

use super::names::with_normal;
use std::collections::HashMap;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PhaseKind {
    Movement,
    Retreat,
    Adjustment,
}

impl PhaseKind {
    pub fn parse(s: &str) -> Option<PhaseKind> {
        with_normal(s, |s| match s {
            "movement" | "moves" | "move" => Some(PhaseKind::Movement),
            "retreat" | "retreats" => Some(PhaseKind::Retreat),
            "adjustment" | "adjustments" | "build" | "builds" => Some(PhaseKind::Adjustment),
            _ => None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            PhaseKind::Movement => "Movement",
            PhaseKind::Retreat => "Retreat",
            PhaseKind::Adjustment => "Adjustment",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Era {
    Ad,
    Bc,
}

/// The years a variant's first phase may be in, in the calendar's own era.
pub const FIRST_YEARS: std::ops::RangeInclusive<i32> = 1..=9999;

/// The largest year a phase may name (a game record, a position): far past
/// any game, and far from the ends of `i32`.
pub const MAX_YEAR: i32 = 1_000_000;

/// A phase's name that does not read (`Calendar::parse_phase`): the name as
/// written (cut short if long) and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhaseError {
    pub text: String,
    pub kind: PhaseProblem,
}

/// What is wrong with a phase's name, by kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PhaseProblem {
    /// Not `<Season> <Year> [BC], <Kind>`.
    Shape,
    /// The last word is no kind of phase.
    UnknownKind(String),
    /// The year is not a number.
    NotAYear(String),
    /// A BC year in a variant that counts its years AD.
    AdOnly,
    /// A year out of 1 to `MAX_YEAR`.
    YearOutOfRange,
    /// The variant has no phase of this kind in this season.
    NoStep { kind: PhaseKind, season: String },
}

impl fmt::Display for PhaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const EXPECTED: &str = "expected `<Season> <Year> [BC], <Movement|Retreat|Adjustment>`";
        let text = &self.text;
        match &self.kind {
            PhaseProblem::Shape => write!(f, "`{text}`: {EXPECTED}"),
            PhaseProblem::UnknownKind(word) => write!(f, "`{text}`: unknown phase kind `{word}`; {EXPECTED}"),
            PhaseProblem::NotAYear(word) => write!(f, "`{text}`: `{word}` is not a year; {EXPECTED}"),
            PhaseProblem::AdOnly => write!(f, "`{text}`: this variant counts its years AD"),
            PhaseProblem::YearOutOfRange => {
                write!(f, "`{text}`: the year must be 1 to {MAX_YEAR} (there is no year 0)")
            }
            PhaseProblem::NoStep { kind, season } => {
                write!(f, "`{text}`: this variant has no {} phase in {season}", kind.name())
            }
        }
    }
}

crate::error::text_errors!(PhaseError);

/// A phase of the game: the index of its step in the calendar's year, and
/// the year as printed (451 for 451 BC). A BC calendar goes on past 1 BC
/// into AD years: its year 0 is 1 AD, -1 is 2 AD, and so on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Phase {
    pub step: u8,
    pub year: i32,
}

#[derive(Clone, Debug)]
pub struct Step {
    pub season: String,
    pub kind: PhaseKind,
    /// Centres change hands at the end of this step's season.
    pub changes_ownership: bool,
}

#[derive(Clone, Debug)]
pub struct Calendar {
    pub steps: Vec<Step>,
    pub first: Phase,
    pub era: Era,
    pub(crate) season_aliases: HashMap<String, String>,
}

impl Calendar {
    pub fn step(&self, phase: Phase) -> &Step {
        &self.steps[phase.step as usize]
    }

    pub fn kind(&self, phase: Phase) -> PhaseKind {
        self.step(phase).kind
    }

    /// The phase that follows `phase` in the calendar.
    pub fn next(&self, phase: Phase) -> Phase {
        let step = phase.step as usize + 1;
        if step < self.steps.len() {
            Phase { step: step as u8, year: phase.year }
        } else {
            // Checked: a year at the end of `i32` (past MAX_YEAR, which
            // parsing refuses) stays there rather than wrap or panic.
            let year = match self.era {
                Era::Ad => phase.year.checked_add(1),
                Era::Bc => phase.year.checked_sub(1),
            };
            Phase { step: 0, year: year.unwrap_or(phase.year) }
        }
    }

    /// True when centres change hands at the end of this phase's season.
    pub fn changes_ownership(&self, phase: Phase) -> bool {
        self.step(phase).changes_ownership
    }

    /// Calls `f` with the normal name of a season, after its alias.
    fn with_season_key<R>(&self, season: &str, f: impl FnOnce(&str) -> R) -> R {
        with_normal(season, |key| match self.season_aliases.get(key) {
            Some(alias) => f(alias),
            None => f(key),
        })
    }

    /// Finds the step for a season and kind. An adjustment phase written with
    /// another season's name (old files write `Fall 1901, Adjustment`) is
    /// taken as the year's adjustment step.
    pub fn find_step(&self, season: &str, kind: PhaseKind) -> Option<u8> {
        let exact = self.with_season_key(season, |key| {
            self.steps.iter().position(|s| s.kind == kind && same_season(&s.season, key))
        });
        let any_of_kind =
            || if kind == PhaseKind::Adjustment { self.steps.iter().position(|s| s.kind == kind) } else { None };
        exact.or_else(any_of_kind).map(|i| i as u8)
    }

    /// Parses `Spring 1901 movement`, `Spring 1901, Movement`,
    /// `Winter 451 BC adjustment`.
    pub fn parse_phase(&self, text: &str) -> Result<Phase, PhaseError> {
        let words: smallvec::SmallVec<[&str; 6]> =
            text.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()).collect();
        self.phase_of_words(&words, || text.into())
    }

    /// The phase named by `words` (`Spring`, `1901`, `Movement`), as
    /// `parse_phase` reads the text they were split from: on error, the
    /// text `written` gives is quoted (made only then: a reader of phase
    /// names by the thousand, a replay, pays for no text it never shows).
    pub fn phase_of_words<'t>(
        &self,
        words: &[&str],
        written: impl Fn() -> std::borrow::Cow<'t, str>,
    ) -> Result<Phase, PhaseError> {
        // Quoted cut short: a phase from a file may be of any length.
        let word = |w: &str| crate::order::excerpt(w).into_owned();
        let error = |kind| PhaseError { text: crate::order::excerpt(&written()).into_owned(), kind };
        if words.len() < 3 {
            return Err(error(PhaseProblem::Shape));
        }
        let kind = PhaseKind::parse(words[words.len() - 1])
            .ok_or_else(|| error(PhaseProblem::UnknownKind(word(words[words.len() - 1]))))?;
        let mut year_words = &words[1..words.len() - 1];
        let mut era = None;
        if let Some(last) = year_words.last() {
            era = with_normal(last, |w| match w {
                "bc" | "bce" => Some(Era::Bc),
                "ad" | "ce" => Some(Era::Ad),
                _ => None,
            });
            if let Some(era) = era {
                // A BC calendar crosses into AD years; an AD one never
                // reaches back into BC.
                if era == Era::Bc && self.era == Era::Ad {
                    return Err(error(PhaseProblem::AdOnly));
                }
                year_words = &year_words[..year_words.len() - 1];
            }
        }
        let year: i32 = match year_words {
            [y] => y.parse().map_err(|_| error(PhaseProblem::NotAYear(word(y))))?,
            _ => return Err(error(PhaseProblem::Shape)),
        };
        if !(1..=MAX_YEAR).contains(&year) {
            return Err(error(PhaseProblem::YearOutOfRange));
        }
        // A BC calendar's AD years (after 1 BC): 1 AD is its year 0.
        let year = if self.era == Era::Bc && era == Some(Era::Ad) { 1 - year } else { year };
        let step = self
            .find_step(words[0], kind)
            .ok_or_else(|| error(PhaseProblem::NoStep { kind, season: word(words[0]) }))?;
        Ok(Phase { step, year })
    }

    pub fn display(&self, phase: Phase) -> PhaseDisplay<'_> {
        PhaseDisplay { calendar: self, phase }
    }
}

/// True when `season`'s normal name is `key` (a normal name): a season
/// of letters and digits only is its lower case, compared as it stands;
/// any other is normalized first.
fn same_season(season: &str, key: &str) -> bool {
    if season.bytes().all(|b| b.is_ascii_alphanumeric()) {
        season.eq_ignore_ascii_case(key)
    } else {
        with_normal(season, |n| n == key)
    }
}

pub struct PhaseDisplay<'a> {
    calendar: &'a Calendar,
    phase: Phase,
}

impl fmt::Display for PhaseDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let step = self.calendar.step(self.phase);
        let year = self.phase.year;
        match self.calendar.era {
            Era::Ad => write!(f, "{} {year}, {}", step.season, step.kind.name()),
            Era::Bc if year >= 1 => write!(f, "{} {year} BC, {}", step.season, step.kind.name()),
            // Past 1 BC: year 0 is 1 AD. i64: no overflow at i32::MIN.
            Era::Bc => write!(f, "{} {} AD, {}", step.season, 1 - i64::from(year), step.kind.name()),
        }
    }
}
