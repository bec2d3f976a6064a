//! The initial placement (Multiplicity M13): in the first phase each of the
//! standard starting units is placed as an army or a fleet on its site (a
//! fleet only on a coast, naming its coast where there are two). A site with
//! no order, or only impossible orders, gets the standard unit.

use super::outcome::{Illegal, OrderResult, Reason, Verdict};
use crate::order::{Action, Order, UnitRef};
use crate::state::{Component, Components, Force, Kind, Position};
use crate::variant::{LocId, Variant};
use std::borrow::Cow;

/// Is this the placement phase of a variant that has one?
pub fn is_placement(v: &Variant, pos: &Position) -> bool {
    v.rules.placement != crate::variant::Placement::None && pos.phase == v.calendar.first
}

pub fn placement<'a>(v: &Variant, pos: &Position, orders: &'a [Order]) -> (Vec<OrderResult<'a>>, Position) {
    let mut next = Position { dislodged: Vec::new(), contested: Vec::new(), ..pos.clone() };
    let mut placed = vec![false; v.start_units.len()];
    let mut results = Vec::with_capacity(orders.len() + v.start_units.len());
    for order in orders {
        let (verdict, reason) = match place(v, order, &mut placed, &mut next) {
            Ok(()) => (Verdict::Success, Reason::Built),
            Err(why) => (Verdict::Illegal, Reason::Illegal(why)),
        };
        results.push(OrderResult { order: Cow::Borrowed(order), verdict, reason });
    }
    for (_, &(power, kind, loc)) in v.start_units.iter().enumerate().filter(|(s, _)| !placed[*s]) {
        let force = Force::single(power, kind, loc);
        let unit = UnitRef { components: Some(force.components.clone()), loc };
        results.push(OrderResult {
            order: Cow::Owned(Order { power: Some(power), unit: Some(unit), action: Action::Build }),
            verdict: Verdict::Success,
            reason: Reason::NoOrder,
        });
        next.forces.push(force);
    }
    next.normalize();
    (results, next)
}

fn place(v: &Variant, order: &Order, placed: &mut [bool], next: &mut Position) -> Result<(), Illegal> {
    if order.action != Action::Build {
        return Err(Illegal::WrongPhase);
    }
    let unit = order.unit.as_ref().ok_or(Illegal::NoUnit)?;
    let site = v.province_of(unit.loc);
    let s = v.start_units.iter().position(|&(p, _, l)| v.province_of(l) == site && order.power.is_none_or(|o| o == p)).ok_or(Illegal::NotHome)?;
    if placed[s] {
        return Err(Illegal::AlreadyOrdered);
    }
    let kind = match unit.components.as_deref() {
        Some([c]) if c.kind != Kind::Garrison => c.kind,
        _ => return Err(Illegal::NotBuildable),
    };
    let loc = placement_loc(v, kind, unit.loc)?;
    let power = v.start_units[s].0;
    let mut components = Components::new();
    components.push(Component { kind, power });
    next.forces.push(Force { loc, power, components });
    placed[s] = true;
    Ok(())
}

fn placement_loc(v: &Variant, kind: Kind, loc: LocId) -> Result<LocId, Illegal> {
    let p = v.province_of(loc);
    let province = v.province(p);
    match kind {
        Kind::Fleet if !province.terrain.shore() => Err(Illegal::FleetToLand),
        Kind::Fleet if !province.coasts.is_empty() && v.loc(loc).coast.is_none() => Err(Illegal::CoastNeeded),
        Kind::Fleet => Ok(loc),
        _ => Ok(p),
    }
}
