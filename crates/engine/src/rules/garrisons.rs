//! Garrisons (Hoplite Wars H11-H14): immobile units costing half a centre.
//! What a garrison is (it cannot move, supports only into its own province,
//! costs half) is its row in the variant's unit kinds; what is left here is
//! H14: a garrison may be disbanded at will in Winter, and the supply it
//! frees serves builds of the same adjustment, whatever the order of
//! writing.

use super::options::{flag, Names, OptionError};
use super::{Mechanic, Rules};
use crate::adjudicate::take_component;
use crate::order::{Action, Order};
use crate::outcome::Reason;
use crate::state::{Kind, Position};
use crate::variant::Variant;

/// `REMOVE G xxx` of one's own garrison; None when the order is not one.
pub fn disband_at_will(v: &Variant, next: &mut Position, balance: &mut [i32], order: &Order) -> Option<Reason> {
    if !matches!(order.action, Action::Remove | Action::Disband) {
        return None;
    }
    let unit = order.unit.as_ref()?;
    if unit.components.as_ref()?.first()?.kind != Kind::GARRISON {
        return None;
    }
    let p = v.province_of(unit.loc);
    let i = next.force_index(v, p)?;
    let power = order.power?;
    if !next.forces[i].components.iter().any(|c| c.kind == Kind::GARRISON && c.power == power && !c.free) {
        return None;
    }
    balance[power.index()] += take_component(v, next, i, power, Kind::GARRISON);
    Some(Reason::Removed)
}

/// Garrisons (H11-H14), disbanded at will in Winter (H14).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Garrisons;

impl Mechanic for Garrisons {
    const OPTION: &'static str = "garrisons";
    const RANK: u8 = 2;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        flag(value, Garrisons)
    }

    fn describe(&self, _: &Variant) -> String {
        "garrisons".into()
    }

    /// The G row of the kind table.
    fn kinds(&self, _: &Rules, kinds: &mut Vec<Kind>) {
        kinds.push(Kind::GARRISON);
    }

    fn adjusts_first(&self) -> bool {
        true
    }

    fn adjust_first(&self, v: &Variant, next: &mut Position, balance: &mut [i32], order: &Order) -> Option<Reason> {
        disband_at_will(v, next, balance, order)
    }
}
