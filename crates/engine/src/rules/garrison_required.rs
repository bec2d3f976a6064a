//! Vedder D3: a centre the map flags `garrison_required` counts only
//! while a unit of its owner stands in it at the Winter adjustment, lent
//! or not.

use super::options::{flag, Names, OptionError};
use super::{Mechanic, Rules};
use crate::state::Position;
use crate::variant::{PowerId, ProvinceId, Variant};
use std::ops::ControlFlow;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GarrisonRequired;

impl Mechanic for GarrisonRequired {
    const OPTION: &'static str = "garrison_required";
    const RANK: u8 = 11;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        flag(value, GarrisonRequired)
    }

    fn describe(&self, _: &Variant) -> String {
        "garrison-required centres".into()
    }

    fn centre_value(
        &self,
        _: &Rules,
        v: &Variant,
        pos: &Position,
        p: ProvinceId,
        owner: PowerId,
        _: PowerId,
        value: u32,
    ) -> ControlFlow<u32, u32> {
        if ungarrisoned(v, pos, p, owner) {
            ControlFlow::Break(0)
        } else {
            ControlFlow::Continue(value)
        }
    }
}

/// Does a garrison-required centre go unsupplied (no unit of its owner in
/// it)?
pub fn ungarrisoned(v: &Variant, pos: &Position, p: ProvinceId, owner: PowerId) -> bool {
    v.province(p).flags.garrison_required && !pos.forces_in(v, p).any(|f| f.components.iter().any(|c| c.power == owner))
}
