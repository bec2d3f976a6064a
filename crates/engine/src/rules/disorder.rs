//! Holdings in civil disorder (Triumvirate T7, T8): the Senate's when a
//! power that is not Roman takes Rome, Egypt's when it loses Alexandria
//! (the Pharaoh deposed). The power's units hold (any order for them is
//! illegal), its excess units are removed by the civil-disorder rule in
//! Winter, and nothing is built.
//!
//! Readings: Egypt loses Alexandria when, at the end of a season that
//! changes owners, it no longer owns it.
//!
//! State: `disorder <power>`.

use super::state_text::{Codec, Slot};
use crate::adjudicate::Illegal;
use crate::state::{Position, VariantState};
use crate::variant::{PowerId, ProvinceId};

pub fn in_disorder(state: &VariantState, power: PowerId) -> bool {
    state.disorder.contains(&power)
}

pub fn enter(state: &mut VariantState, power: PowerId) {
    if !state.disorder.contains(&power) {
        state.disorder.push(power);
        state.disorder.sort_unstable();
    }
}

/// Hook `may_order`, `build_sites`, declarations: nothing of a power in
/// civil disorder.
pub fn check(state: &VariantState, power: PowerId) -> Result<(), Illegal> {
    if in_disorder(state, power) {
        Err(Illegal::InCivilDisorder)
    } else {
        Ok(())
    }
}

/// T8: once owners changed, `power` without `capital` is deposed.
pub fn deposed(next: &mut Position, power: PowerId, capital: ProvinceId) {
    if next.owners[capital.index()] != Some(power) {
        enter(&mut next.state, power);
    }
}

/// `disorder egypt`.
pub const DISORDER: Codec = Codec {
    key: "disorder",
    indexed: true,
    shown: true,
    write: |v, state, out| {
        for &p in &state.disorder {
            out(v.power(p).name.to_lowercase(), String::new());
        }
    },
    read: |v, power, value, state| {
        if !value.is_empty() {
            return Err(format!("`{value}`: `disorder <power>` takes nothing after the power"));
        }
        enter(state, v.power_named(power)?);
        Ok(())
    },
};

pub const SLOTS: Slot = &[DISORDER];
