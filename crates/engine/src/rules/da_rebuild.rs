//! City State C14: a double army that is destroyed (disbanded: dislodged
//! with nowhere to retreat or ordered to disband in a retreat; no order
//! removes one, C13) is rebuilt in
//! Germany in the next Winter adjustment; at most one DA is rebuilt per
//! year, and never more than three DAs exist.
//!
//! Readings: the Emperor starts with three DAs and gets a DA only by a
//! rebuild, so the DAs awaiting a rebuild are those he has fewer than three
//! (the DAs on the board, in the Passes, in Germany and dislodged); the
//! position itself says how many were destroyed, and no state keeps a list.
//! Two destroyed in one year come back one a Winter: the first in that
//! year's Winter, the second in the next. The rebuild is automatic, after
//! the orders, as a force of its own in Germany (never joined to another
//! force there). None for an Emperor out of the game (C15).
//!
//! State: `da-rebuilt <year>`, the year of the Winter in which the latest
//! DA was rebuilt; the judge writes it with the rebuild. A Winter of that
//! year rebuilds none (at most one a year): a case may set it to say that
//! year's rebuild is made.

use super::emperor::germany;
use super::emperor_out::is_out;
use super::options::{needs, small, Names, OptionError};
use super::passes::{emperor, NEEDED};
use super::state_text::{Codec, Slot};
use super::{Mechanic, Rules};
use crate::order::{Action, Order};
use crate::outcome::{OrderResult, Reason};
use crate::state::{Force, Kind, Position};
use crate::variant::Phase;
use crate::variant::{PowerId, Variant};
use std::borrow::Cow;

/// The Emperor's DAs: on the board, in the boxes, and dislodged.
pub fn count(pos: &Position, emperor: PowerId) -> usize {
    let forces = pos.forces.iter().chain(pos.dislodged.iter().map(|d| &d.force));
    forces.flat_map(|f| &f.components).filter(|c| c.power == emperor && c.kind == Kind::DOUBLE_ARMY).count()
}

/// Is a rebuild due in the Winter of `year`?
pub fn due(pos: &Position, emperor: PowerId, most: u8, year: i32) -> bool {
    count(pos, emperor) < most as usize && pos.state.da_rebuilt.is_none_or(|y| y < year)
}

/// After the orders of the Winter of `year`: one DA in Germany, when due.
pub fn rebuild(
    v: &Variant,
    next: &mut Position,
    results: &mut Vec<OrderResult<'_>>,
    emperor: PowerId,
    most: u8,
    year: i32,
) {
    let Some(ger) = germany(v) else { return };
    if !due(next, emperor, most, year) {
        return;
    }
    let force = Force::single(emperor, Kind::DOUBLE_ARMY, crate::variant::LocId::of_province(ger));
    results.push(OrderResult {
        order: Cow::Owned(Order::for_force(&force, Action::Build)),
        reason: Reason::DoubleArmyRebuilt,
    });
    next.insert_in_order(force);
    next.state.da_rebuilt = Some(year);
}

/// `da-rebuilt 1301`: the year of the latest DA rebuilt.
pub const DA_REBUILT: Codec = Codec {
    key: "da-rebuilt",
    index: "",
    shown: true,
    write: |_, state, out| super::state_text::write_year(state.da_rebuilt, out),
    read: |_, _, year, state| {
        state.da_rebuilt = Some(super::state_text::read_year(year)?);
        Ok(())
    },
};

pub const SLOTS: Slot = &[DA_REBUILT];

/// A destroyed DA rebuilt in Germany, one a Winter, never more than this
/// many (City State C14).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoubleArmyRebuilds(pub u8);

impl Mechanic for DoubleArmyRebuilds {
    const OPTION: &'static str = "double_army_rebuilds";
    const RANK: u8 = 22;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        Ok(Some(DoubleArmyRebuilds(small(value, "the most double armies there may be")?)))
    }

    fn describe(&self, _: &Variant) -> String {
        format!("double armies rebuilt (at most {})", self.0)
    }

    fn requires(&self, r: &Rules) -> Result<(), &'static str> {
        needs(emperor(r).is_some(), NEEDED)
    }

    fn slots(&self) -> Slot {
        SLOTS
    }

    fn winter_due(&self, r: &Rules, _: &Variant, pos: &Position, winter: Phase) -> bool {
        emperor(r).is_some_and(|e| !is_out(r, &pos.state, e) && due(pos, e, self.0, winter.year))
    }

    fn adjust_after_orders(&self, r: &Rules, v: &Variant, next: &mut Position, results: &mut Vec<OrderResult<'_>>) {
        if let Some(e) = emperor(r) {
            if !is_out(r, &next.state, e) {
                rebuild(v, next, results, e, self.0, next.phase.year);
            }
        }
    }
}
