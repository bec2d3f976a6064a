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

use crate::outcome::Illegal;
use crate::variant::{PowerId, ProvinceId, Variant};

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
