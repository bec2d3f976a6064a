//! At most N fleets built per power in one Winter (Vedder D4: 2); further
//! fleet builds are refused as illegal.

use super::options::{small, Names, OptionError};
use super::Mechanic;
use crate::order::Action;
use crate::outcome::{Illegal, OrderResult, Reason, Verdict};
use crate::state::{Kind, Position};
use crate::variant::{PowerId, Variant};

/// The fleets `power` has built so far this Winter: the builds among the
/// `earlier` results that put a fleet of `power` where they built.
pub fn built(v: &Variant, next: &Position, earlier: &[OrderResult<'_>], power: PowerId) -> u32 {
    earlier
        .iter()
        .filter(|r| r.verdict() == Verdict::Success && r.reason == Reason::Built && r.order.action == Action::Build)
        .filter_map(|r| r.order.unit.as_ref())
        .filter(|u| u.components.as_ref().is_some_and(|c| c.first().is_some_and(|c| c.kind == Kind::FLEET)))
        .filter(|u| {
            next.force_in(v, v.province_of(u.loc))
                .is_some_and(|f| f.components.iter().any(|c| c.power == power && c.kind == Kind::FLEET))
        })
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

/// At most this many fleets built per power in one Winter (D4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FleetBuildCap(pub u8);

impl Mechanic for FleetBuildCap {
    const OPTION: &'static str = "fleet_builds_per_winter";
    const RANK: u8 = 15;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        Ok(Some(FleetBuildCap(small(value, "a number of fleets")?)))
    }

    fn describe(&self, _: &Variant) -> String {
        format!("at most {} fleets built per Winter", self.0)
    }

    fn may_build(
        &self,
        v: &Variant,
        next: &Position,
        earlier: &[OrderResult<'_>],
        power: PowerId,
        kind: Kind,
    ) -> Result<(), Illegal> {
        if kind == Kind::FLEET {
            check(self.0 as u32, built(v, next, earlier, power))
        } else {
            Ok(())
        }
    }
}
