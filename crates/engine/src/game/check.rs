//! A record checked against its variant when it is opened (issue 11): a
//! record edited by hand must still be a game the judge could have played,
//! or every command that reads it says which phase is wrong.

use super::record::{GameRecord, GameResult};
use super::GameError;
use crate::adjudicate::next_phase;
use crate::order::excerpt;
use crate::state::Position;
use crate::variant::Variant;

/// Checks every phase of `rec` against `v`: each phase's label is the phase
/// of its start position, and that position can be; the first phase is the
/// variant's first (its calendar's `first`); each processed phase's
/// end is the next phase's start, and the next phase is the one processing
/// opens (the calendar's next with something to do); only the last phase
/// is open; the powers named by submissions, orders, results, the game's
/// result and its bots exist. The error names the phase.
pub fn check_game(v: &Variant, rec: &GameRecord) -> Result<(), GameError> {
    super::check_record(rec)?;
    check_phases(v, rec).map_err(GameError::Record)
}

/// [`check_game`] past the record's format: the error in words.
fn check_phases(v: &Variant, rec: &GameRecord) -> Result<(), String> {
    let mut before: Option<(&str, Position)> = None;
    for (i, p) in rec.phases.iter().enumerate() {
        let at = |e: String| format!("phase {}: {e}", excerpt(&p.phase));
        let label = v.calendar.parse_phase(&p.phase).map_err(|e| at(format!("its name: {e}")))?;
        let start = Position::from_position_json(v, &p.start).map_err(|e| at(format!("start: {e}")))?;
        if start.phase != label {
            return Err(at(format!("its start position is at {}", v.calendar.display(start.phase))));
        }
        if i == 0 && start.phase != v.calendar.first {
            return Err(at(format!("a game of {} starts at {}", v.name, v.calendar.display(v.calendar.first))));
        }
        if let Some((prev, end)) = &before {
            if let Some(what) = difference(end, &start) {
                return Err(at(format!("its start is not where {prev} ended ({what} differ)")));
            }
        }
        for s in &p.submissions {
            power(v, &s.power).map_err(|e| at(format!("submission: {e}")))?;
        }
        match &p.processed {
            None if i + 1 < rec.phases.len() => return Err(at("not processed, yet a phase follows it".into())),
            None => {}
            Some(done) => {
                // An order without a power is recorded under the empty name.
                for name in done.orders.keys().filter(|n| !n.is_empty()) {
                    power(v, name).map_err(|e| at(format!("orders: {e}")))?;
                }
                for r in done.results.iter().filter(|r| !r.power.is_empty()) {
                    power(v, &r.power).map_err(|e| at(format!("results: `{}`: {e}", excerpt(&r.order))))?;
                }
                let end = Position::from_position_json(v, &done.end).map_err(|e| at(format!("end: {e}")))?;
                // Processing opens the next phase with something to do.
                let opens = next_phase(v, &Position { phase: start.phase, ..end.clone() });
                if end.phase != opens {
                    return Err(at(format!(
                        "processing it opens {}, not {}",
                        v.calendar.display(opens),
                        v.calendar.display(end.phase)
                    )));
                }
                before = Some((&p.phase, end));
            }
        }
    }
    for name in rec.bots.keys() {
        power(v, name).map_err(|e| format!("bots: {e}"))?;
    }
    match &rec.result {
        Some(result) => check_result(v, result).map_err(|e| format!("result: {e}")),
        None => Ok(()),
    }
}

/// The winner, or the powers of a draw or a joint victory: powers, each
/// named once.
fn check_result(v: &Variant, result: &GameResult) -> Result<(), String> {
    let names = match result {
        GameResult::Solo(name) => std::slice::from_ref(name),
        GameResult::Draw(names) | GameResult::Joint(names) => names.as_slice(),
    };
    if names.is_empty() {
        return Err("it names no power".into());
    }
    for (i, name) in names.iter().enumerate() {
        power(v, name)?;
        if names[..i].contains(name) {
            return Err(format!("`{name}` is named twice"));
        }
    }
    Ok(())
}

/// A power's name as the judge writes it in records.
fn power(v: &Variant, name: &str) -> Result<(), String> {
    if v.powers.iter().any(|p| p.name == name) {
        Ok(())
    } else {
        let names: Vec<&str> = v.powers.iter().map(|p| p.name.as_str()).collect();
        Err(format!("`{}` is not a power of {} ({})", excerpt(name), v.id, names.join(", ")))
    }
}

/// What differs between two positions, in words.
fn difference(a: &Position, b: &Position) -> Option<&'static str> {
    let parts = [
        (a.phase == b.phase, "phases"),
        (a.forces == b.forces, "units"),
        (a.dislodged == b.dislodged, "dislodged units"),
        (a.contested == b.contested, "standoffs"),
        (a.owners == b.owners, "centre owners"),
        (a.state == b.state, "variant states"),
    ];
    parts.iter().find(|(same, _)| !same).map(|(_, what)| *what)
}
