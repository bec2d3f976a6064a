//! City State (issue 14): the positions whose judging needs a rule not yet
//! implemented. The judge refuses them with the rule's name rather than
//! judge them by the standard rules; each test goes when its rule comes in.
//! What is judged already: movement and retreats with any number of forces
//! in Germany (C10) and units in the Passes (C11), the Passes and Germany
//! closed to others (C10), the double army (C12), the Messina box (C4, the
//! map's), and the sieges (C5-C9, `sieges.rs`).

use crate::state::Position;
use crate::variant::{PhaseKind, PowerId, Variant};

/// Why this position cannot be judged yet, if it cannot.
pub fn refusal(v: &Variant, emperor: Option<PowerId>, pos: &Position) -> Option<String> {
    let not_yet = |what: &str| Some(format!("City State: {what} is not implemented yet (issue 14); the judge does not adjudicate this position"));
    if v.calendar.kind(pos.phase) == PhaseKind::Adjustment {
        return not_yet("the Winter adjustment (C2, C3, C13-C15)");
    }
    if pos.phase.year >= 1302 && emperor.is_some_and(|e| pos.forces.iter().any(|f| f.power == e)) {
        return not_yet("the Emperor's elimination from Spring 1302 (C15)");
    }
    None
}
