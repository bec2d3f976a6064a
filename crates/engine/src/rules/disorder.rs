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

use super::state_text::{read_power_list, write_power_list, Codec, Slot};
use crate::outcome::Illegal;
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
    index: "<name>",
    shown: true,
    write: |v, state, out| write_power_list(v, &state.disorder, out),
    read: |v, power, value, state| read_power_list(v, "disorder", power, value, &mut state.disorder),
};

pub const SLOTS: Slot = &[DISORDER];
