//! Claims (Hoplite Wars H3): a force mixing a player's Major and Minor
//! takes a centre for the Major, unless its capturing order said
//! `CLAIM <power>` for the player's other power. The claim is noted after
//! the movement and settled by the next ownership update.
//!
//! State: `claim <province>` names the claiming power.

use super::state_text::{province_index, Codec, Slot};
use crate::adjudicate::{OrderResult, Verdict};
use crate::order::Action;
use crate::state::{Position, VariantState};
use crate::variant::{PowerId, ProvinceId, Variant};

/// Notes the claims of successful capturing orders.
pub fn note(v: &Variant, results: &[OrderResult<'_>], next: &mut Position) {
    for order in results.iter().filter(|r| r.verdict == Verdict::Success).map(|r| &*r.order) {
        let (Some(power), Action::Move { to, .. } | Action::Merge { to, .. }) = (order.claim, &order.action) else { continue };
        set(&mut next.state, v.province_of(*to), power);
    }
}

fn set(state: &mut VariantState, p: ProvinceId, power: PowerId) {
    state.claims.retain(|&(q, _)| q != p);
    state.claims.push((p, power));
    state.claims.sort_unstable();
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
    indexed: true,
    shown: false,
    write: |v, state, out| {
        for &(p, power) in &state.claims {
            out(v.province(p).abbr.clone(), v.power(power).name.clone());
        }
    },
    read: |v, province, value, state| {
        set(state, province_index(v, province)?, v.power_named(value)?);
        Ok(())
    },
};

pub const SLOTS: Slot = &[CLAIM];
