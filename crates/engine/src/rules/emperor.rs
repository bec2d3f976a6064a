//! City State C13, the Emperor's supply and builds: he has no home
//! centres; his double armies need no supply (the DA row of the kind table:
//! upkeep 0); for every two centres he owns he may keep one single unit (an
//! army, or a fleet at a port he owns, C3), which he builds in any centre he
//! owns, never in Germany.
//!
//! Readings: each of his centres supplies him half of what it supplies
//! anyone else (a centre is 2 halves, a single unit costs 2), so two centres
//! keep one unit and an odd centre is left over; for victory his centres
//! count whole (`supply_value` is not a centre value). Germany is the
//! map's imperial box (`box = true`, flag `imperial`; it is no centre). An
//! Emperor out of the game (C15, `emperor-out`) is supplied nothing and
//! builds nothing.

use super::emperor_out::is_out;
use super::options::{flag, needs, Names, OptionError};
use super::passes::{emperor, NEEDED};
use super::{Mechanic, Rules};
use crate::outcome::Illegal;
use crate::state::Position;
use crate::variant::Kind;
use crate::variant::{PowerId, ProvinceId, Variant};
use std::ops::ControlFlow;

/// Germany: the map's imperial box.
pub fn germany(v: &Variant) -> Option<ProvinceId> {
    v.province_ids().find(|&p| v.province(p).is_box && v.province(p).flags.imperial)
}

/// What a centre of `value` halves supplies the Emperor: half of it.
pub fn supply(value: u32) -> u32 {
    value / 2
}

/// Where the Emperor may build: any centre he owns (the owner is the core's
/// check), never Germany.
pub fn build_site(v: &Variant, emperor: PowerId, power: PowerId, site: ProvinceId) -> Option<Result<(), Illegal>> {
    if power != emperor {
        return None;
    }
    Some(if germany(v) == Some(site) { Err(Illegal::NoBuildInGermany) } else { Ok(()) })
}

/// The Emperor's supply and builds: half of each centre, any owned
/// centre, never Germany (City State C13).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImperialSupply;

impl Mechanic for ImperialSupply {
    const OPTION: &'static str = "emperor_supply";
    const RANK: u8 = 21;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        flag(value, ImperialSupply)
    }

    fn describe(&self, _: &Variant) -> String {
        "imperial supply".into()
    }

    fn requires(&self, r: &Rules) -> Result<(), &'static str> {
        needs(emperor(r).is_some(), NEEDED)
    }

    fn build_site(
        &self,
        r: &Rules,
        v: &Variant,
        _: &Position,
        power: PowerId,
        site: ProvinceId,
        _: Kind,
    ) -> Option<Result<(), Illegal>> {
        build_site(v, emperor(r)?, power, site)
    }

    /// Half of each centre to the Emperor; nothing once he is out (C15).
    fn supply_value(
        &self,
        r: &Rules,
        _: &Variant,
        pos: &Position,
        _: ProvinceId,
        _: PowerId,
        holder: PowerId,
        value: u32,
    ) -> ControlFlow<u32, u32> {
        if is_out(r, &pos.state, holder) {
            ControlFlow::Break(0)
        } else if emperor(r) == Some(holder) {
            ControlFlow::Continue(supply(value))
        } else {
            ControlFlow::Continue(value)
        }
    }
}
