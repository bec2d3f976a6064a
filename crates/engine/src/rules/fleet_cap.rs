//! At most N fleets built per power in one Winter (Vedder D4: 2); further
//! fleet builds are refused as illegal.

use crate::order::Action;
use crate::outcome::{Illegal, OrderResult, Reason, Verdict};
use crate::state::{Kind, Position};
use crate::variant::{PowerId, Variant};

/// The fleets `power` has built so far this Winter: the builds among the
/// `earlier` results that put a fleet of `power` where they built.
pub fn built(v: &Variant, next: &Position, earlier: &[OrderResult<'_>], power: PowerId) -> u32 {
    earlier
        .iter()
        .filter(|r| r.verdict == Verdict::Success && r.reason == Reason::Built && r.order.action == Action::Build)
        .filter_map(|r| r.order.unit.as_ref())
        .filter(|u| u.components.as_ref().is_some_and(|c| c.first().is_some_and(|c| c.kind == Kind::FLEET)))
        .filter(|u| next.force_in(v, v.province_of(u.loc)).is_some_and(|f| f.components.iter().any(|c| c.power == power && c.kind == Kind::FLEET)))
        .count() as u32
}

/// May a power that has built `built` fleets this Winter build one more?
pub fn check(cap: u32, built: u32) -> Result<(), Illegal> {
    if built >= cap {
        Err(Illegal::FleetBuildCap)
    } else {
        Ok(())
    }
}
