//! Replays of recorded games: other judges' games (godip's game text, the
//! MILA `diplomacy` saved game) and polemarch's own records are read into one
//! neutral `RecordedGame`, and `replay` adjudicates every phase again and
//! compares the outcome with what the record says came next.

mod check;
mod diff;
mod godip;
mod godip_error;
mod mila;
mod mila_error;
mod mila_order;
mod own;
mod stream;

pub use check::{replay, replay_with, ReplayReport, Replayer};
pub use diff::order_key;
pub use godip_error::{GodipError, LineError};
pub use mila::{
    export_mila, import_mila, mila_phase_name, mila_power, mila_powers, mila_results, mila_state, read_mila_order,
    MilaPower,
};
pub use mila_error::{ContentProblem, MilaError, NoteProblem, PhaseNameProblem};
pub use mila_order::{mila_order, MilaPieces, MilaText};
pub use own::{import_own, OwnError};
pub use stream::{replay_text, replay_text_with};

use crate::order::Order;
use crate::rules::Edition;
use crate::state::{Force, Position};
use crate::variant::{ProvinceId, Variant};
use std::fmt;

/// The force dislodged from province `p`, if any.
fn dislodged_in<'a>(v: &Variant, pos: &'a Position, p: ProvinceId) -> Option<&'a Force> {
    pos.dislodged.iter().map(|d| &d.force).find(|f| v.province_of(f.loc) == p)
}

/// The force in province `p`, or else the one dislodged from it: the unit
/// an order names there, whatever the phase.
fn force_or_dislodged<'a>(v: &Variant, pos: &'a Position, p: ProvinceId) -> Option<&'a Force> {
    pos.force_in(v, p).or_else(|| dislodged_in(v, pos, p))
}

/// A game as another judge (or polemarch) recorded it.
#[derive(Clone, Debug)]
pub struct RecordedGame {
    pub phases: Vec<RecordedPhase>,
    /// How the game ended, where the record says (a MILA saved game's
    /// COMPLETED phase, a polemarch record's result).
    pub end: Option<crate::game::GameResult>,
}

/// One phase: the position at its start, the orders given, and (where the
/// record has them) whether each order succeeded.
#[derive(Clone, Debug)]
pub struct RecordedPhase {
    /// The phase as the record names it (`S1901M`, `1901 Fall Adjustment`).
    pub label: String,
    pub start: Position,
    pub orders: Vec<Order>,
    /// One entry per order, None where the record says nothing of it; None
    /// as a whole when the record has no results.
    pub results: Option<Vec<Option<RecordedResult>>>,
    /// Where the record contradicts itself in the position at the start (an
    /// unknown province, two units in one province). The replay does not
    /// adjudicate from this start, and compares it only away from the
    /// glitches' provinces (not at all when one has none).
    pub start_glitch: Option<Glitch>,
    /// The first order the record gets wrong in itself (an unknown
    /// province): the phase is not adjudicated.
    pub orders_glitch: Option<String>,
}

impl RecordedPhase {
    /// A phase of no name with nothing in it: a buffer to read into. It
    /// allocates nothing.
    pub fn blank() -> RecordedPhase {
        RecordedPhase {
            label: String::new(),
            start: Position::blank(),
            orders: Vec::new(),
            results: None,
            start_glitch: None,
            orders_glitch: None,
        }
    }
}

/// Where a record contradicts itself in a phase's start position.
#[derive(Clone, Debug, PartialEq)]
pub struct Glitch {
    /// The first wrong line or entry, and what is wrong with it.
    pub what: String,
    /// The provinces the wrong lines concern, when each names one the
    /// variant knows; None when one does not (an unknown province).
    pub provinces: Option<Vec<ProvinceId>>,
}

impl Glitch {
    /// Adds a wrong line (`what`, written only for the first) concerning
    /// `province` (None: no province known) to the phase's glitch.
    pub fn add(glitch: &mut Option<Glitch>, what: impl FnOnce() -> String, province: Option<ProvinceId>) {
        let g = glitch.get_or_insert_with(|| Glitch { what: what(), provinces: Some(Vec::new()) });
        match (&mut g.provinces, province) {
            (Some(ps), Some(p)) => ps.push(p),
            (ps, _) => *ps = None,
        }
    }
}

/// What the record says of one order.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordedResult {
    pub success: bool,
    /// The record's own words (`bounce`, `cut, dislodged`, `SUCCESS`).
    pub said: String,
}

/// The formats a recorded game may come in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A polemarch game record (`"format": "polemarch-game 1"`).
    Polemarch,
    /// A MILA `diplomacy` saved game (phases named `S1901M`, and a map).
    Mila,
    /// A game Cicero played on webDiplomacy, published by Meta in MILA's
    /// format (with `is_full_press`): read as MILA's, judged by
    /// webDiplomacy.
    Cicero,
    /// godip's game text (`PHASE 1901 Spring Movement` ...).
    Godip,
}

impl Format {
    /// The edition of the judge that writes records in this format; None
    /// for polemarch's records, which say their own.
    pub fn judge_edition(self) -> Option<Edition> {
        match self {
            Format::Polemarch => None,
            Format::Mila => Some(Edition::MILA),
            Format::Cicero => Some(Edition::WEBDIPLOMACY),
            Format::Godip => Some(Edition::DROIDIPPY),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Format::Polemarch => "polemarch game record",
            Format::Mila => "MILA saved game",
            Format::Cicero => "Cicero game (webDiplomacy, MILA format)",
            Format::Godip => "godip game text",
        }
    }
}

/// What the content of a file says it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Detected {
    pub format: Format,
    /// The variant the record names (None when it names none).
    pub variant: Option<String>,
    /// The edition a polemarch record was played under, when not its
    /// variant's own.
    pub edition: Option<String>,
}

/// Why a file cannot be read as a recorded game, by kind; it prints the
/// text the judge has always printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    /// Neither godip text nor JSON: where the JSON reader stopped, and why.
    NotARecord { line: usize, column: usize, message: String },
    /// JSON, but of no format the judge reads.
    UnknownJson,
    /// A polemarch record that is not JSON of a record's shape.
    OwnRecord { line: usize, column: usize, message: String },
    /// godip's game text whose content does not read (a PHASE line).
    Godip(GodipError),
    /// A MILA saved game (or Cicero's) whose content does not read (a
    /// phase, its state, the COMPLETED phase's note).
    Mila(MilaError),
    /// A polemarch record, JSON of a record's shape, whose content does
    /// not read (a position, a power, an order).
    Own(OwnError),
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::NotARecord { line, column, message } => write!(
                f,
                "not a recorded game: neither godip text (starts with PHASE) nor JSON (line {line} column {column}: \
                 {message})"
            ),
            ImportError::UnknownJson => f.write_str(
                "not a recorded game: JSON, but neither a polemarch record (\"format\": \"polemarch-game 1\") nor a \
                 MILA saved game (\"phases\" named like S1901M and a \"map\")",
            ),
            ImportError::OwnRecord { line, column, message } => {
                write!(f, "polemarch record, line {line} column {column}: {message}")
            }
            ImportError::Godip(e) => write!(f, "{e}"),
            ImportError::Mila(e) => write!(f, "{e}"),
            ImportError::Own(e) => write!(f, "{e}"),
        }
    }
}

crate::error::text_errors!(ImportError);

/// Tells the format from the content.
pub fn detect(text: &str) -> Result<Detected, ImportError> {
    let found = |format, variant: Option<&str>, edition: Option<&str>| Detected {
        format,
        variant: variant.map(String::from),
        edition: edition.map(String::from),
    };
    if text.trim_start().starts_with("PHASE") {
        return Ok(found(Format::Godip, None, None));
    }
    let json: serde_json::Value = serde_json::from_str(text).map_err(|e| ImportError::NotARecord {
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
    })?;
    let field = |key: &str| json.get(key).and_then(|v| v.as_str());
    if field("format") == Some(crate::game::record::FORMAT) {
        return Ok(found(Format::Polemarch, field("variant"), field("edition")));
    }
    let mila_phases = json.get("phases").and_then(|p| p.as_array()).is_some_and(|ps| {
        ps.first()
            .and_then(|p| p.get("name"))
            .and_then(|n| n.as_str())
            .is_some_and(|n| mila::parse_phase_name(n).is_some())
    });
    if mila_phases && json.get("map").is_some() {
        let format = if json.get("is_full_press").is_some() { Format::Cicero } else { Format::Mila };
        return Ok(found(format, field("map"), None));
    }
    Err(ImportError::UnknownJson)
}

/// Reads a recorded game of a detected format.
pub fn import(v: &Variant, format: Format, text: &str) -> Result<RecordedGame, ImportError> {
    match format {
        Format::Godip => godip::import_godip(v, text).map_err(ImportError::Godip),
        Format::Mila | Format::Cicero => import_mila(v, text).map_err(ImportError::Mila),
        Format::Polemarch => {
            let rec: crate::game::GameRecord = serde_json::from_str(text).map_err(|e| ImportError::OwnRecord {
                line: e.line(),
                column: e.column(),
                message: e.to_string(),
            })?;
            import_own(v, &rec).map_err(ImportError::Own)
        }
    }
}
