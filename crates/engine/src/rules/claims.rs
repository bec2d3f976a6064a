//! Claims (Hoplite Wars H3): a force mixing a player's Major and Minor
//! takes a centre for the Major, unless its capturing order said
//! `CLAIM <power>` for the player's other power. The claim is noted after
//! the movement and settled by the next ownership update.
//!
//! State: `claim <province>` names the claiming power.

use super::state_text::{read_province_power, set_province_power, write_province_powers, Codec, Slot};
use crate::order::Action;
use crate::outcome::{OrderResult, Verdict};
use crate::state::{Position, VariantState};
use crate::variant::{PowerId, ProvinceId, Variant};

/// Notes the claims of successful capturing orders.
pub fn note(v: &Variant, results: &[OrderResult<'_>], next: &mut Position) {
    for order in results.iter().filter(|r| r.verdict == Verdict::Success).map(|r| &*r.order) {
        let (Some(power), Action::Move { to, .. } | Action::Merge { to, .. }) = (order.claim, &order.action) else { continue };
        set_province_power(&mut next.state.claims, v.province_of(*to), power);
    }
}

/// A centre captured under a claim of the mover's player goes to the
/// claimant; the claim is settled either way.
pub fn capture(v: &Variant, state: &mut VariantState, p: ProvinceId, mover: PowerId) -> Option<PowerId> {
    let i = state.claims.iter().position(|&(q, _)| q == p)?;
    let (_, claimant) = state.claims.remove(i);
    v.same_player(claimant, mover).then_some(claimant)
}

/// `claim chi Athens`.
pub const CLAIM: Codec = Codec {
    key: "claim",
    index: "<name>",
    shown: false,
    write: |v, state, out| write_province_powers(v, &state.claims, out),
    read: |v, province, value, state| read_province_power(v, province, value, &mut state.claims),
};

pub const SLOTS: Slot = &[CLAIM];
