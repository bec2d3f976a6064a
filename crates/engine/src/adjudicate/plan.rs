//! Turns the orders of a movement phase into one plan per force: the first
//! legal order for each force counts; an illegal order leaves the force
//! holding (DATC 4.D, 4.E.1).

use super::outcome::{Illegal, OrderResult, Reason, Verdict};
use crate::order::{Action, Order, UnitRef};
use crate::position::{Force, Kind};
use crate::variant::{LocId, ProvinceId, Terrain, Variant};

/// What a force does this movement phase. Forces are numbered by their index
/// in `Position::forces`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    Hold,
    /// `dest` is the province, `to` the location (with the coast a fleet
    /// will stand on); `convoy` when the move goes by convoy.
    Move { to: LocId, dest: ProvinceId, convoy: bool },
    SupportHold { target: u16 },
    /// `coast`: the coast written in the support, which must then match.
    SupportMove { target: u16, dest: ProvinceId, coast: Option<LocId> },
    Convoy { army: u16, dest: ProvinceId },
}

/// The plans, and which order (if any) gave each force its plan.
pub struct Plans {
    pub plans: Vec<Plan>,
    pub order_of: Vec<Option<usize>>,
    /// One result per order; `None` until adjudicated (legal orders).
    pub results: Vec<Option<OrderResult>>,
}

/// Index of the force standing in each province.
pub fn occupancy(v: &Variant, forces: &[Force]) -> Vec<u16> {
    let mut at = vec![u16::MAX; v.province_count()];
    for (i, f) in forces.iter().enumerate() {
        at[v.province_of(f.loc) as usize] = i as u16;
    }
    at
}

pub fn plan(v: &Variant, forces: &[Force], at: &[u16], orders: &[Order]) -> Plans {
    let mut plans = vec![Plan::Hold; forces.len()];
    let mut order_of = vec![None; forces.len()];
    let mut results: Vec<Option<OrderResult>> = vec![None; orders.len()];
    for (i, order) in orders.iter().enumerate() {
        let illegal = |why| Some(OrderResult { order: order.clone(), verdict: Verdict::Illegal, reason: Reason::Illegal(why) });
        let Some(unit) = &order.unit else {
            results[i] = illegal(Illegal::WrongPhase);
            continue;
        };
        let f = at[v.province_of(unit.loc) as usize];
        if f == u16::MAX {
            results[i] = illegal(Illegal::NoUnit);
            continue;
        }
        let force = &forces[f as usize];
        if order.power.is_some_and(|p| p != force.power) {
            results[i] = illegal(Illegal::NotYourUnit);
            continue;
        }
        if order_of[f as usize].is_some() {
            results[i] = illegal(Illegal::AlreadyOrdered);
            continue;
        }
        match plan_one(v, forces, at, f, &order.action) {
            Ok(p) => {
                plans[f as usize] = p;
                order_of[f as usize] = Some(i);
            }
            Err(why) => results[i] = illegal(why),
        }
    }
    mark_own_convoys(&mut plans, forces);
    Plans { plans, order_of, results }
}

/// DATC 4.A.3: an army moving to an adjacent province goes by convoy when
/// a fleet of its own power is ordered to convoy it there.
fn mark_own_convoys(plans: &mut [Plan], forces: &[Force]) {
    for g in 0..plans.len() {
        if let Plan::Convoy { army, dest } = plans[g] {
            if let Plan::Move { to, dest: d, convoy: false } = plans[army as usize] {
                if d == dest && forces[g].power == forces[army as usize].power {
                    plans[army as usize] = Plan::Move { to, dest: d, convoy: true };
                }
            }
        }
    }
}

fn plan_one(v: &Variant, forces: &[Force], at: &[u16], f: u16, action: &Action) -> Result<Plan, Illegal> {
    let force = &forces[f as usize];
    let target = |u: &UnitRef| -> Result<u16, Illegal> {
        let t = at[v.province_of(u.loc) as usize];
        if t == u16::MAX {
            Err(Illegal::NoSupportedUnit)
        } else if t == f {
            Err(Illegal::SupportSelf)
        } else {
            Ok(t)
        }
    };
    match action {
        Action::Hold => Ok(Plan::Hold),
        Action::Move { to, via_convoy } => plan_move(v, force, *to, *via_convoy),
        Action::SupportHold { unit } => {
            let t = target(unit)?;
            let dest = v.province_of(forces[t as usize].loc);
            if !can_reach(v, force, dest) {
                return Err(Illegal::CannotReach);
            }
            Ok(Plan::SupportHold { target: t })
        }
        Action::SupportMove { unit, to } => {
            let t = target(unit)?;
            let dest = v.province_of(*to);
            if !can_reach(v, force, dest) {
                return Err(Illegal::CannotReach);
            }
            let coast = v.loc(*to).coast.is_some().then_some(*to);
            Ok(Plan::SupportMove { target: t, dest, coast })
        }
        Action::Convoy { unit, to } => {
            if !force.is_fleet() {
                return Err(Illegal::ConvoyNotFleet);
            }
            if v.province(v.province_of(force.loc)).terrain != Terrain::Sea {
                return Err(Illegal::ConvoyFromCoast);
            }
            let t = target(unit)?;
            if !forces[t as usize].is_army() {
                return Err(Illegal::ConvoyNotArmy);
            }
            Ok(Plan::Convoy { army: t, dest: v.province_of(*to) })
        }
        Action::Retreat { .. } | Action::Disband | Action::Build | Action::Remove | Action::Waive => Err(Illegal::WrongPhase),
    }
}

/// Can `force` reach province `dest` by its own move, without convoy (the
/// reach of a support, M2)? A fleet may reach any coast of it.
pub fn can_reach(v: &Variant, force: &Force, dest: ProvinceId) -> bool {
    let from = v.province_of(force.loc);
    match force.moves_as() {
        Kind::Fleet => fleet_coasts(v, force.loc, dest).next().is_some(),
        _ => v.army_borders.get(from as usize, dest as usize),
    }
}

/// The locations of `dest` a fleet at `from` borders.
pub fn fleet_coasts(v: &Variant, from: LocId, dest: ProvinceId) -> impl Iterator<Item = LocId> + '_ {
    let coasts = &v.province(dest).coasts;
    let whole = coasts.is_empty().then_some(dest as LocId);
    whole.into_iter().chain(coasts.iter().copied()).filter(move |&l| v.fleet_borders.get(from as usize, l as usize))
}

fn plan_move(v: &Variant, force: &Force, to: LocId, via_convoy: bool) -> Result<Plan, Illegal> {
    let from = v.province_of(force.loc);
    let dest = v.province_of(to);
    if from == dest {
        return Err(Illegal::SameProvince);
    }
    let terrain = v.province(dest).terrain;
    match force.moves_as() {
        Kind::Fleet => {
            if matches!(terrain, Terrain::Land | Terrain::Impassable) {
                return Err(Illegal::FleetToLand);
            }
            let to = fleet_destination(v, force.loc, to)?;
            Ok(Plan::Move { to, dest, convoy: false })
        }
        _ => {
            if matches!(terrain, Terrain::Sea) {
                return Err(Illegal::ArmyToSea);
            }
            if terrain == Terrain::Impassable {
                return Err(Illegal::NotAdjacent);
            }
            let adjacent = v.army_borders.get(from as usize, dest as usize);
            let both_coastal = v.province(from).terrain == Terrain::Coast && terrain == Terrain::Coast;
            if !adjacent && !both_coastal {
                return Err(Illegal::NotAdjacent);
            }
            Ok(Plan::Move { to: dest, dest, convoy: via_convoy || !adjacent })
        }
    }
}

/// The location a fleet moving from `from` to `to` ends on (DATC 4.B: a
/// missing coast is supplied when only one is reachable).
fn fleet_destination(v: &Variant, from: LocId, to: LocId) -> Result<LocId, Illegal> {
    let dest = v.province_of(to);
    if v.loc(to).coast.is_some() {
        return if v.fleet_borders.get(from as usize, to as usize) {
            Ok(to)
        } else if fleet_coasts(v, from, dest).next().is_some() {
            Err(Illegal::NoSuchCoast)
        } else {
            Err(Illegal::NotAdjacent)
        };
    }
    let mut coasts = fleet_coasts(v, from, dest);
    match (coasts.next(), coasts.next()) {
        (Some(l), None) => Ok(l),
        (Some(_), Some(_)) => Err(Illegal::CoastNeeded),
        (None, _) => Err(Illegal::NotAdjacent),
    }
}
