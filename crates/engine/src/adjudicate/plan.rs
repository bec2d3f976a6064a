//! Turns the orders of a movement phase into one plan per force: the first
//! legal order for each force counts; an illegal order leaves the force
//! holding (DATC 4.D, 4.E.1).

use super::outcome::Illegal;
use crate::order::{Action, Order, UnitRef};
use crate::state::{Force, Kind};
use crate::variant::{LocId, ProvinceId, Terrain, Variant};

/// What a force does this movement phase. Forces are numbered by their index
/// in `Position::forces`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    Hold,
    /// `dest` is the province, `to` the location (with the coast a fleet
    /// will stand on); `convoy` when the move goes by convoy.
    Move {
        to: LocId,
        dest: ProvinceId,
        convoy: bool,
    },
    SupportHold {
        target: u16,
    },
    /// `coast`: the coast written in the support, which must then match.
    SupportMove {
        target: u16,
        dest: ProvinceId,
        coast: Option<LocId>,
    },
    Convoy {
        army: u16,
        dest: ProvinceId,
    },
}

/// The plans, and which order (if any) gave each force its plan.
pub struct Plans {
    pub plans: Vec<Plan>,
    pub order_of: Vec<Option<usize>>,
    /// Why each illegal order is illegal (None for the legal ones).
    pub illegal: Vec<Option<Illegal>>,
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
    let mut results: Vec<Option<Illegal>> = vec![None; orders.len()];
    for (i, order) in orders.iter().enumerate() {
        let illegal = Some;
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
    let mut plans = Plans { plans, order_of, illegal: results };
    drop_needless_convoys(v, forces, &mut plans);
    mark_own_convoys(&mut plans.plans, forces);
    plans
}

/// DATC 6.G.7, 6.G.19: a convoy order by a fleet that no route of the army
/// through the fleets at sea needs is illegal, so it shows no intent to
/// convoy. (6.G.6: a fleet on a route through fleets that do not convoy
/// still shows intent.)
fn drop_needless_convoys(v: &Variant, forces: &[Force], plans: &mut Plans) {
    let needless: Vec<usize> = (0..plans.plans.len())
        .filter(|&g| match plans.plans[g] {
            Plan::Convoy { army, dest } => {
                let seas = fleets_at_sea(v, forces, None);
                !on_some_route(v, v.province_of(forces[army as usize].loc), dest, &seas, v.province_of(forces[g].loc))
            }
            _ => false,
        })
        .collect();
    for g in needless {
        let i = plans.order_of[g].take().expect("a planned order");
        plans.plans[g] = Plan::Hold;
        plans.illegal[i] = Some(Illegal::ConvoyNotOnRoute);
    }
}

/// Is there a route from `from` to `dest` through the seas `fleets` that
/// passes `needed` and needs every sea on it (no shortcut: seas that are not
/// next on the route do not touch)?
fn on_some_route(v: &Variant, from: ProvinceId, dest: ProvinceId, fleets: &[ProvinceId], needed: ProvinceId) -> bool {
    let touches = |a: ProvinceId, b: ProvinceId| v.any_borders.get(a as usize, b as usize);
    fn extend(
        path: &mut Vec<ProvinceId>,
        fleets: &[ProvinceId],
        dest: ProvinceId,
        needed: ProvinceId,
        touches: &dyn Fn(ProvinceId, ProvinceId) -> bool,
    ) -> bool {
        let last = *path.last().unwrap();
        if path.len() > 1 && touches(last, dest) {
            return path.contains(&needed);
        }
        for &f in fleets {
            // No shortcut: f may touch only the last step of the path.
            if path.contains(&f) || !touches(last, f) || path[..path.len() - 1].iter().any(|&p| touches(p, f)) {
                continue;
            }
            path.push(f);
            if extend(path, fleets, dest, needed, touches) {
                return true;
            }
            path.pop();
        }
        false
    }
    extend(&mut vec![from], fleets, dest, needed, &touches)
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
        Action::Move { to, via_convoy } => {
            let plan = plan_move(v, force, *to, *via_convoy)?;
            if let Plan::Move { dest, convoy: true, .. } = plan {
                if !v.army_borders.get(v.province_of(force.loc) as usize, dest as usize) && !convoy_possible(v, forces, v.province_of(force.loc), dest, None) {
                    return Err(Illegal::NoConvoyPossible);
                }
            }
            Ok(plan)
        }
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
            let from = v.province_of(forces[t as usize].loc);
            let needs_convoy = forces[t as usize].is_army() && !v.army_borders.get(from as usize, dest as usize);
            if needs_convoy && !convoy_possible(v, forces, from, dest, Some(f)) {
                return Err(Illegal::NoConvoyPossible);
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
        Action::Merge { .. } | Action::SupportMerge { .. } | Action::Split { .. } => Err(Illegal::NotYetPlayed),
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

/// Could fleets standing at sea carry an army from `from` to `dest`, not
/// counting force `except`? (DATC 6.D.31, 6.D.32: a move or support that no
/// convoy could make possible is illegal.)
fn convoy_possible(v: &Variant, forces: &[Force], from: ProvinceId, dest: ProvinceId, except: Option<u16>) -> bool {
    let fleets = fleets_at_sea(v, forces, except);
    let touches = |a: ProvinceId, b: ProvinceId| v.any_borders.get(a as usize, b as usize);
    let mut seen = vec![false; fleets.len()];
    let mut stack: Vec<usize> = (0..fleets.len()).filter(|&i| touches(from, fleets[i])).collect();
    for &i in &stack {
        seen[i] = true;
    }
    while let Some(i) = stack.pop() {
        if touches(fleets[i], dest) {
            return true;
        }
        for j in 0..fleets.len() {
            if !seen[j] && touches(fleets[i], fleets[j]) {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    false
}

/// The seas holding a fleet, leaving out force `except`.
fn fleets_at_sea(v: &Variant, forces: &[Force], except: Option<u16>) -> Vec<ProvinceId> {
    forces
        .iter()
        .enumerate()
        .filter(|(i, f)| Some(*i as u16) != except && f.is_fleet() && v.province(v.province_of(f.loc)).terrain == Terrain::Sea)
        .map(|(_, f)| v.province_of(f.loc))
        .collect()
}
