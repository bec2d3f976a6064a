//! Claims (Hoplite Wars H3): a force mixing a player's Major and Minor
//! takes a centre for the Major, unless its capturing order said
//! `CLAIM <power>` for the player's other power. The claim is noted after
//! the movement and settled by the next ownership update.
//!
//! State: `claim <province>` names the claiming power.

use super::options::{flag, Names, OptionError};
use super::state_text::{read_province_power, set_province_power, write_province_powers, Codec, Slot};
use super::{Mechanic, Notation, Rules};
use crate::order::Action;
use crate::outcome::{OrderResult, Verdict};
use crate::state::Force;
use crate::state::{Position, VariantState};
use crate::variant::{PowerId, ProvinceId, Variant};

/// Notes the claims of successful capturing orders.
pub fn note(v: &Variant, results: &[OrderResult<'_>], next: &mut Position) {
    for order in results.iter().filter(|r| r.verdict() == Verdict::Success).map(|r| &*r.order) {
        let (Some(power), Action::Move { to, .. } | Action::Merge { to, .. }) = (order.claim, &order.action) else {
            continue;
        };
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

/// `CLAIM <power>` on a capturing order (H3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claims;

impl Mechanic for Claims {
    const OPTION: &'static str = "claims";
    const RANK: u8 = 7;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        flag(value, Claims)
    }

    fn describe(&self, _: &Variant) -> String {
        "claims".into()
    }

    fn reads(&self, notation: Notation) -> bool {
        notation == Notation::Claim
    }

    fn slots(&self) -> Slot {
        SLOTS
    }

    fn after_movement(&self, _: &Rules, v: &Variant, results: &mut [OrderResult<'_>], next: &mut Position) {
        note(v, results, next);
    }

    fn capture(
        &self,
        _: &Rules,
        v: &Variant,
        _: &[Force],
        state: &mut VariantState,
        p: ProvinceId,
        mover: PowerId,
        _: Option<PowerId>,
        decided: &mut Option<PowerId>,
    ) {
        if decided.is_none() {
            *decided = capture(v, state, p, mover);
        }
    }

    /// Claims are pending until centres change hands.
    fn after_ownership(&self, _: &Rules, _: &Variant, next: &mut Position) {
        next.state.claims.clear();
    }
}
