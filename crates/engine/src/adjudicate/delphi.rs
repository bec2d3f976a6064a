//! The shrine at Delphi (Hoplite Wars H18-H20). A force in Delphi may
//! `SACK` it, once per game; the sack succeeds if the force is not
//! dislodged. The sacking power (a mixed force's is its Major) gets two
//! free builds (`A*`, `F*`: no supply, never removed) in the next Winter,
//! and from the next movement on no other player may support the sacking
//! player's forces.
//!
//! State keys: `delphi` is `intact` (or absent) or `sacked-by <power>`;
//! `delphi-builds <power>` counts the free builds still to place.

use super::outcome::{OrderResult, Reason, Verdict};
use crate::order::Action;
use crate::state::Position;
use crate::variant::{PowerId, Variant};

/// The power that sacked Delphi, if any.
pub fn sacker(v: &Variant, pos: &Position) -> Option<PowerId> {
    pos.state.get("delphi")?.strip_prefix("sacked-by ").and_then(|p| v.find_power(p))
}

/// The player no one else may support (H20), if Delphi was sacked before
/// this phase.
pub fn shunned(v: &Variant, pos: &Position) -> Option<u8> {
    sacker(v, pos).map(|p| v.player_of[p as usize])
}

/// After a movement: a sack that held is done. (One ordered when Delphi was
/// already sacked was illegal from the start.)
pub fn after_movement(v: &Variant, results: &mut [OrderResult<'_>], next: &mut Position) {
    for r in results.iter_mut().filter(|r| r.order.action == Action::Sack) {
        if r.verdict == Verdict::Success {
            let loc = r.order.unit.as_ref().expect("a sack names its force").loc;
            // The sacking power: the force's (a mixed force is its Major's).
            let sacker = next.force_in(v, v.province_of(loc)).expect("the sacking force held").power;
            next.state.insert("delphi".into(), format!("sacked-by {}", v.power(sacker).name));
            next.state.insert(builds_key(v, sacker), "2".into());
            r.reason = Reason::Sacked;
        }
    }
}

pub fn builds_key(v: &Variant, power: PowerId) -> String {
    format!("delphi-builds {}", v.power(power).name.to_lowercase())
}

/// The free builds `power` still has to place.
pub fn builds_left(v: &Variant, pos: &Position, power: PowerId) -> u32 {
    pos.state.get(&builds_key(v, power)).and_then(|n| n.parse().ok()).unwrap_or(0)
}

/// Uses one of `power`'s free builds, if it has any left.
pub fn use_build(v: &Variant, pos: &mut Position, power: PowerId) {
    match builds_left(v, pos, power) {
        0 => {}
        1 => {
            pos.state.remove(&builds_key(v, power));
        }
        n => {
            pos.state.insert(builds_key(v, power), (n - 1).to_string());
        }
    }
}
