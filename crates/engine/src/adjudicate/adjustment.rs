//! An adjustment phase: each power builds up to, or removes down to, the
//! number of centres it owns. Builds go in unoccupied home centres the power
//! owns; the first legal builds and removals count; a build may be waived;
//! missing removals are made by the civil-disorder rule.

use super::civil_disorder::civil_disorder;
use super::outcome::{Illegal, OrderResult, Reason, Verdict};
use crate::order::{Action, Order};
use crate::state::{Components, Force, Kind, Position};
use crate::variant::{LocId, PowerId, Terrain, Variant};

/// Upkeep of one component, in halves of a centre.
pub fn upkeep(kind: Kind) -> i32 {
    match kind {
        Kind::Garrison => 1,
        Kind::Army | Kind::Fleet => 2,
    }
}

fn force_upkeep(f: &Force) -> i32 {
    f.components.iter().map(|c| upkeep(c.kind)).sum()
}

/// Every power's supply less upkeep, in halves: positive means builds are
/// due, negative means removals.
pub fn balances(v: &Variant, pos: &Position) -> Vec<i32> {
    let mut balance: Vec<i32> = (0..v.powers.len()).map(|p| pos.supply_halves(v, p as PowerId) as i32).collect();
    for f in &pos.forces {
        balance[f.power as usize] -= force_upkeep(f);
    }
    balance
}

pub fn adjustment(v: &Variant, pos: &Position, orders: &[Order]) -> (Vec<OrderResult>, Position) {
    let mut balance = balances(v, pos);
    let mut next = Position { dislodged: Vec::new(), contested: Vec::new(), ..pos.clone() };
    let mut results = Vec::with_capacity(orders.len());
    for order in orders {
        let outcome = match order.action {
            Action::Build => build(v, pos, &mut next, &mut balance, order),
            Action::Waive => waive(&mut balance, order),
            Action::Remove | Action::Disband => remove(v, &mut next, &mut balance, order),
            _ => Err(Illegal::WrongPhase),
        };
        let (verdict, reason) = match outcome {
            Ok(reason) => (Verdict::Success, reason),
            Err(why) => (Verdict::Illegal, Reason::Illegal(why)),
        };
        results.push(OrderResult { order: order.clone(), verdict, reason });
    }
    for power in 0..v.powers.len() {
        if balance[power] < 0 {
            for force in civil_disorder(v, &next, power as PowerId, -balance[power]) {
                let i = next.forces.iter().position(|f| *f == force).expect("chosen from the board");
                next.forces.remove(i);
                let order = Order {
                    power: Some(power as PowerId),
                    unit: Some(crate::order::UnitRef { components: Some(force.components.clone()), loc: force.loc }),
                    action: Action::Remove,
                };
                results.push(OrderResult { order, verdict: Verdict::Success, reason: Reason::CivilDisorder });
            }
        }
    }
    next.normalize();
    (results, next)
}

fn build(v: &Variant, start: &Position, next: &mut Position, balance: &mut [i32], order: &Order) -> Result<Reason, Illegal> {
    let unit = order.unit.as_ref().ok_or(Illegal::NoUnit)?;
    let site = v.province_of(unit.loc);
    let power = order.power.or_else(|| v.home_of(site)).ok_or(Illegal::NotHome)?;
    let components = unit.components.clone().ok_or(Illegal::UnitCannotStandThere)?;
    if components.len() != 1 || components[0].kind == Kind::Garrison {
        return Err(Illegal::NotBuildable);
    }
    let cost: i32 = components.iter().map(|c| upkeep(c.kind)).sum();
    if balance[power as usize] < cost {
        return Err(Illegal::NoBuildsDue);
    }
    if !v.power(power).homes.contains(&site) {
        return Err(Illegal::NotHome);
    }
    if next.owners[site as usize] != Some(power) {
        return Err(Illegal::NotOwned);
    }
    // Adjustment orders are simultaneous: a province a removal empties in
    // this phase is still occupied for a build.
    if start.force_in(v, site).is_some() || next.force_in(v, site).is_some() {
        return Err(Illegal::Occupied);
    }
    let loc = build_loc(v, &components, unit.loc)?;
    let components: Components = components
        .into_iter()
        .map(|mut c| {
            c.power = power;
            c
        })
        .collect();
    next.forces.push(Force { loc, power, components });
    balance[power as usize] -= cost;
    Ok(Reason::Built)
}

/// Where a new force stands: a fleet needs a coast (and names one where the
/// province has two, DATC 4.B.7); an army stands on the province.
fn build_loc(v: &Variant, components: &Components, loc: LocId) -> Result<LocId, Illegal> {
    let p = v.province_of(loc);
    let province = v.province(p);
    let fleet = components.iter().any(|c| c.kind == Kind::Fleet);
    if !fleet {
        return if province.terrain == Terrain::Sea { Err(Illegal::UnitCannotStandThere) } else { Ok(p) };
    }
    if province.terrain != Terrain::Coast {
        return Err(Illegal::FleetToLand);
    }
    if !province.coasts.is_empty() && v.loc(loc).coast.is_none() {
        return Err(Illegal::CoastNeeded);
    }
    Ok(loc)
}

fn waive(balance: &mut [i32], order: &Order) -> Result<Reason, Illegal> {
    let power = order.power.ok_or(Illegal::NoBuildsDue)?;
    if balance[power as usize] < 2 {
        return Err(Illegal::NoBuildsDue);
    }
    balance[power as usize] -= 2;
    Ok(Reason::Waived)
}

fn remove(v: &Variant, next: &mut Position, balance: &mut [i32], order: &Order) -> Result<Reason, Illegal> {
    let unit = order.unit.as_ref().ok_or(Illegal::NoUnit)?;
    let p = v.province_of(unit.loc);
    let i = next.forces.iter().position(|f| v.province_of(f.loc) == p).ok_or(Illegal::NoUnit)?;
    let power = next.forces[i].power;
    if order.power.is_some_and(|o| o != power) {
        return Err(Illegal::NotYourUnit);
    }
    if balance[power as usize] >= 0 {
        return Err(Illegal::NoRemovalsDue);
    }
    balance[power as usize] += force_upkeep(&next.forces[i]);
    next.forces.remove(i);
    Ok(Reason::Removed)
}
