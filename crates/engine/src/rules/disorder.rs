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

use super::options::{Names, OptionError};
use super::state_text::{read_power_list, write_power_list, Codec, Slot};
use super::{Mechanic, Rules};
use crate::order::Action;
use crate::outcome::Illegal;
use crate::state::Force;
use crate::state::{Position, VariantState};
use crate::variant::Variant;
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

/// This power's holdings go into civil disorder when it loses this centre
/// (T8: Egypt and Alexandria).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deposed(pub PowerId, pub ProvinceId);

impl Mechanic for Deposed {
    const OPTION: &'static str = "deposed";
    const RANK: u8 = 28;

    fn read(value: &toml::Value, names: &Names) -> Result<Option<Self>, OptionError> {
        let pair = value.as_table().and_then(|t| Some((t.get("power")?.as_str()?, t.get("without")?.as_str()?)));
        match pair.map(|(pw, c)| (pw, c, (names.power)(pw), (names.province)(c))) {
            Some((_, _, Some(pw), Some(c))) => Ok(Some(Deposed(pw, c))),
            Some((pw, c, _, _)) => {
                Err(OptionError::UnknownPowerOrProvince { power: pw.to_string(), province: c.to_string() })
            }
            None => Err(OptionError::expected("{ power = \"<power>\", without = \"<centre>\" }", value)),
        }
    }

    fn describe(&self, v: &Variant) -> String {
        format!("{} deposed without {}", v.power(self.0).name, v.province(self.1).name)
    }

    fn shared_slots(&self) -> &'static [Slot] {
        &[SLOTS]
    }

    fn may_order(
        &self,
        _: &Variant,
        state: &VariantState,
        _: &[Force],
        body: &Force,
        _: &Action,
    ) -> Result<(), Illegal> {
        check(state, body.power)
    }

    fn after_ownership(&self, _: &Rules, _: &Variant, next: &mut Position) {
        deposed(next, self.0, self.1);
    }

    fn may_build_any(&self, _: &Rules, state: &VariantState, power: PowerId) -> Result<(), Illegal> {
        check(state, power)
    }

    fn may_declare(&self, state: &VariantState, power: PowerId) -> Result<(), Illegal> {
        check(state, power)
    }
}
