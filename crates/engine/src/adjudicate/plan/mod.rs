//! Turns the orders of a movement phase into parts and plans. Every force is
//! one part, unless it splits (Multiplicity M9): then each listed part is a
//! part of its own, and what is not listed stays as the force's first part.
//! The first legal order for each force counts; an illegal order leaves the
//! force holding (DATC 4.D, 4.E.1).

mod convoy;
mod legal;
mod split;

pub use legal::can_reach;

use super::outcome::Illegal;
use crate::order::{Action, Order, UnitRef};
use crate::state::{Components, Force, Kind};
use crate::variant::{LocId, PowerId, ProvinceId, Variant};
use convoy::{convoy_possible, drop_needless_convoys, mark_own_convoys, Seas};
use legal::plan_move;

/// What a part does this movement phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    Hold,
    /// `dest` is the province, `to` the location (with the coast a fleet
    /// will stand on); `convoy` when the move goes by convoy; `merge` when it
    /// joins its player's forces moving to or staying in `dest` (M6);
    /// `rider` when the part may enter `dest` only inside a seaworthy merged
    /// force and adds nothing to the attack (M7).
    Move {
        to: LocId,
        dest: ProvinceId,
        convoy: bool,
        merge: bool,
        rider: bool,
    },
    /// Support of the force `target` holding.
    SupportHold {
        target: u16,
    },
    /// Support of force `target`'s move to `dest`; `coast`: the coast written
    /// in the support, which must then match.
    SupportMove {
        target: u16,
        dest: ProvinceId,
        coast: Option<LocId>,
    },
    /// Support of `side`'s merge into `dest`.
    SupportMerge {
        side: PowerId,
        dest: ProvinceId,
    },
    /// Convoy of force `army` to `dest`.
    Convoy {
        army: u16,
        dest: ProvinceId,
    },
}

impl Plan {
    pub fn dest(&self) -> Option<ProvinceId> {
        match *self {
            Plan::Move { dest, .. } => Some(dest),
            _ => None,
        }
    }

    pub fn is_move(&self) -> bool {
        matches!(self, Plan::Move { .. })
    }
}

/// One part of a force: its components (all of the force, unless it
/// splits), standing where the force stands, with its plan.
#[derive(Clone, Debug)]
pub struct Part {
    /// The force it belongs to (index in `Position::forces`).
    pub force: u16,
    /// The components of a split part; None: all of the force's.
    pub split: Option<Components>,
    pub loc: LocId,
    pub power: PowerId,
    pub strength: u16,
    pub armies: u16,
    pub fleets: u16,
    pub plan: Plan,
    /// The order that gave the plan.
    pub order: Option<usize>,
}

impl Part {
    #[inline]
    fn new(force: u16, body: &Force, split: Option<Components>) -> Part {
        let comps: &[crate::state::Component] = split.as_deref().unwrap_or(&body.components);
        let [armies, fleets, _] = crate::state::kinds(comps);
        Part {
            force,
            loc: body.loc,
            power: body.power,
            strength: comps.len() as u16,
            armies: armies as u16,
            fleets: fleets as u16,
            split,
            plan: Plan::Hold,
            order: None,
        }
    }

    pub fn strength(&self) -> u32 {
        self.strength as u32
    }

    /// The part's components.
    pub fn components<'a>(&'a self, forces: &'a [Force]) -> &'a [crate::state::Component] {
        self.split.as_deref().unwrap_or(&forces[self.force as usize].components)
    }
}

/// The parts (parts `0..forces.len()` are the forces themselves, or what
/// stays of them when they split), and which orders were illegal.
pub struct Plans {
    pub parts: Vec<Part>,
    /// Why each illegal order is illegal (None for the legal ones).
    pub illegal: Vec<Option<Illegal>>,
    /// Forces at sea whose leaving parts all fail if one fails (M9).
    pub coupled: Vec<bool>,
}

/// Index of the force standing in each province.
pub fn occupancy(v: &Variant, forces: &[Force]) -> Vec<u16> {
    let mut at = vec![u16::MAX; v.province_count()];
    for (i, f) in forces.iter().enumerate() {
        at[v.province_of(f.loc) as usize] = i as u16;
    }
    at
}

/// `sacked`: Delphi was sacked before this phase (H18: once per game).
pub fn plan(v: &Variant, forces: &[Force], at: &[u16], orders: &[Order], sacked: bool) -> Plans {
    let mut parts: Vec<Part> = forces.iter().enumerate().map(|(i, f)| Part::new(i as u16, f, None)).collect();
    let mut illegal: Vec<Option<Illegal>> = vec![None; orders.len()];
    let mut coupled = vec![false; forces.len()];
    let seas = Seas::new(v, forces);
    for (i, order) in orders.iter().enumerate() {
        let Some(unit) = &order.unit else {
            illegal[i] = Some(Illegal::WrongPhase);
            continue;
        };
        let f = at[v.province_of(unit.loc) as usize];
        let checked = if f == u16::MAX {
            Err(Illegal::NoUnit)
        } else if order.power.is_some_and(|p| !v.same_player(p, forces[f as usize].power)) {
            Err(Illegal::NotYourUnit)
        } else if parts[f as usize].order.is_some() {
            Err(Illegal::AlreadyOrdered)
        } else if order.action == Action::Sack && sacked {
            Err(Illegal::AlreadySacked)
        } else {
            plan_force(v, forces, &seas, at, f, i, &order.action, &mut parts, &mut coupled)
        };
        if let Err(why) = checked {
            illegal[i] = Some(why);
        }
    }
    let mut plans = Plans { parts, illegal, coupled };
    drop_needless_convoys(v, forces, &seas, &mut plans);
    mark_own_convoys(v, &mut plans.parts);
    plans
}

/// Plans the order of force `f`; on success its parts have their plans.
#[allow(clippy::too_many_arguments)]
fn plan_force(
    v: &Variant,
    forces: &[Force],
    seas: &Seas,
    at: &[u16],
    f: u16,
    i: usize,
    action: &Action,
    parts: &mut Vec<Part>,
    coupled: &mut [bool],
) -> Result<(), Illegal> {
    match action {
        Action::Split { parts: listed } => {
            if !v.rules.multiplicity {
                return Err(Illegal::NotInThisVariant);
            }
            let planned = split::plan_split(v, forces, seas, at, f, listed)?;
            coupled[f as usize] = planned.coupled;
            let force = &forces[f as usize];
            parts[f as usize] = Part { order: Some(i), ..Part::new(f, force, Some(planned.rest)) };
            for (body, plan) in planned.parts {
                parts.push(Part { plan, order: Some(i), ..Part::new(f, force, Some(body.components)) });
            }
            Ok(())
        }
        Action::Merge { to, with, .. } => {
            if !v.rules.multiplicity {
                return Err(Illegal::NotInThisVariant);
            }
            // Every participant must be a force of the same power; each moves
            // to `to` as a merge.
            let mut members = vec![f];
            for u in with {
                let g = at[v.province_of(u.loc) as usize];
                if g == u16::MAX {
                    return Err(Illegal::NoUnit);
                }
                if !v.same_player(forces[g as usize].power, forces[f as usize].power) {
                    return Err(Illegal::NotYourUnit);
                }
                members.push(g);
            }
            // A member that cannot reach `to` drops out and holds (M6); the
            // order is illegal only when no member can. Members already
            // ordered keep their own orders.
            let merge = Action::Merge { to: *to, with: Vec::new() };
            let mut first_error = None;
            let mut any = false;
            let mut taken = Vec::new();
            for &g in &members {
                if parts[g as usize].order.is_some() {
                    continue;
                }
                taken.push(g);
                match plan_leaving_garrisons(v, forces, seas, at, g, i, &merge, parts) {
                    Ok(()) => any = true,
                    Err(why) => {
                        first_error.get_or_insert(why);
                        parts[g as usize].order = Some(i);
                    }
                }
            }
            match first_error {
                Some(why) if !any => {
                    for &g in &taken {
                        parts[g as usize].order = None;
                    }
                    Err(why)
                }
                _ => Ok(()),
            }
        }
        Action::Move { .. } => plan_leaving_garrisons(v, forces, seas, at, f, i, action, parts),
        _ => {
            let plan = plan_one(v, forces, seas, at, f, &forces[f as usize], action)?;
            parts[f as usize].plan = plan;
            parts[f as usize].order = Some(i);
            Ok(())
        }
    }
}

/// Plans a move or merge of force `g` by order `i`. H12: when the force
/// leaves garrisons behind, they stay as a part of their own and the rest
/// moves as another.
#[allow(clippy::too_many_arguments)]
fn plan_leaving_garrisons(
    v: &Variant,
    forces: &[Force],
    seas: &Seas,
    at: &[u16],
    g: u16,
    i: usize,
    action: &Action,
    parts: &mut Vec<Part>,
) -> Result<(), Illegal> {
    let force = &forces[g as usize];
    if !leaves_garrisons(v, force) {
        parts[g as usize].plan = plan_one(v, forces, seas, at, g, force, action)?;
        parts[g as usize].order = Some(i);
        return Ok(());
    }
    let (movers, garrisons): (Components, Components) = force.components.iter().copied().partition(|c| c.kind != Kind::Garrison);
    let body = Force { loc: force.loc, power: force.power, components: movers.clone() };
    let plan = plan_one(v, forces, seas, at, g, &body, action)?;
    parts[g as usize] = Part { order: Some(i), ..Part::new(g, force, Some(garrisons)) };
    parts.push(Part { plan, order: Some(i), ..Part::new(g, force, Some(movers)) });
    Ok(())
}

/// Does a move of this force leave garrisons behind (H12)?
fn leaves_garrisons(v: &Variant, force: &Force) -> bool {
    if !v.rules.garrisons {
        return false;
    }
    let [armies, fleets, garrisons] = force.kinds();
    garrisons > 0 && armies + fleets > 0
}

/// Plans one order for `body` (a whole force, or a part of force `f`).
fn plan_one(v: &Variant, forces: &[Force], seas: &Seas, at: &[u16], f: u16, body: &Force, action: &Action) -> Result<Plan, Illegal> {
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
    let only_garrisons = || body.components.iter().all(|c| c.kind == Kind::Garrison);
    match action {
        // H11: garrisons support only a merge into their own province.
        Action::SupportHold { .. } | Action::SupportMove { .. } | Action::Convoy { .. } if only_garrisons() => Err(Illegal::GarrisonSupport),
        Action::Hold => Ok(Plan::Hold),
        Action::Move { to, via_convoy } => {
            let plan = plan_move(v, body, *to, *via_convoy, false)?;
            if let Plan::Move { dest, convoy: true, .. } = plan {
                if !v.army_borders.get(v.province_of(body.loc) as usize, dest as usize) && !convoy_possible(v, seas, body, dest, None) {
                    return Err(Illegal::NoConvoyPossible);
                }
            }
            Ok(plan)
        }
        Action::Merge { to, .. } => {
            if !v.rules.multiplicity {
                return Err(Illegal::NotInThisVariant);
            }
            plan_move(v, body, *to, false, true)
        }
        Action::SupportHold { unit } => {
            let t = target(unit)?;
            let dest = v.province_of(forces[t as usize].loc);
            if !can_reach(v, body, dest) {
                return Err(Illegal::CannotReach);
            }
            Ok(Plan::SupportHold { target: t })
        }
        Action::SupportMove { unit, to } => {
            let t = target(unit)?;
            let dest = v.province_of(*to);
            if !can_reach(v, body, dest) {
                return Err(Illegal::CannotReach);
            }
            let moving = &forces[t as usize];
            let from = v.province_of(moving.loc);
            let needs_convoy = moving.is_army() && !v.army_borders.get(from as usize, dest as usize);
            if needs_convoy && !convoy_possible(v, seas, moving, dest, Some(f)) {
                return Err(Illegal::NoConvoyPossible);
            }
            let coast = v.loc(*to).coast.is_some().then_some(*to);
            Ok(Plan::SupportMove { target: t, dest, coast })
        }
        Action::SupportMerge { power, to } => {
            if !v.rules.multiplicity {
                return Err(Illegal::NotInThisVariant);
            }
            let dest = v.province_of(*to);
            // H11: garrisons may support a merge into their own province.
            let garrisons_at_home = dest == v.province_of(body.loc) && body.count(Kind::Garrison) > 0;
            if !can_reach(v, body, dest) && !garrisons_at_home {
                return Err(Illegal::CannotReach);
            }
            Ok(Plan::SupportMerge { side: power.unwrap_or(body.power), dest })
        }
        Action::Convoy { unit, to } => {
            let [armies, fleets, _] = body.kinds();
            if fleets == 0 {
                return Err(Illegal::ConvoyNotFleet);
            }
            if !v.province(v.province_of(body.loc)).terrain.convoys() {
                return Err(Illegal::ConvoyFromCoast);
            }
            let t = target(unit)?;
            let army = &forces[t as usize];
            if !army.components.iter().all(|c| c.kind == Kind::Army) {
                return Err(Illegal::ConvoyNotArmy);
            }
            // M8: the convoying force carries no more armies than it has fleets.
            if armies + army.count(Kind::Army) > fleets {
                return Err(Illegal::ConvoyTooHeavy);
            }
            Ok(Plan::Convoy { army: t, dest: v.province_of(*to) })
        }
        Action::Retreat { .. } | Action::Disband | Action::Build | Action::Remove | Action::Waive => Err(Illegal::WrongPhase),
        Action::Split { .. } | Action::Convert { .. } => Err(Illegal::WrongPhase),
        // H18: the force sacking Delphi holds while it does.
        Action::Sack if v.delphi == Some(v.province_of(body.loc)) => Ok(Plan::Hold),
        Action::Sack => Err(Illegal::NotDelphi),
    }
}
