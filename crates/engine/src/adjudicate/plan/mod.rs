//! Turns the orders of a movement phase into parts and plans. Every force is
//! one part, unless it splits (Multiplicity M9): then each listed part is a
//! part of its own, and what is not listed stays as the force's first part.
//! The first legal order for each force counts; an illegal order leaves the
//! force holding (DATC 4.D, 4.E.1).

mod boxes;
mod convoy;
mod legal;
mod plain;
mod split;

pub use legal::{can_reach, may_enter};

use super::outcome::Illegal;
use crate::order::{Action, Order, UnitRef};
use crate::state::{Components, Force, VariantState};
use crate::variant::{LocId, PowerId, ProvinceId, Variant};
use boxes::Binding;
pub use convoy::Seas;
use convoy::{convoy_possible, drop_needless_convoys, fall_back_to_land, mark_own_convoys, needless_convoy};
use legal::plan_move;

/// What a part does this movement phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    Hold,
    /// `dest` is the province, `to` the location (with the coast a fleet
    /// will stand on); `convoy` when the move goes by convoy; `merge` when it
    /// joins its player's forces moving to or staying in `dest` (M6);
    /// `rider` when the part may enter `dest` only inside a seaworthy merged
    /// force and adds nothing to the attack (M7); `raise` when it raises a
    /// siege (City State C8): it attacks `dest` as a move but never leaves.
    ///
    /// The invariants the resolver keeps for a raise, and where:
    /// - it never arrives: `Resolver::arrives` (adjudicate/decisions.rs)
    ///   answers false for it, so its force stays in its own province and
    ///   defends it as a unit that stays (`stays`, `hold_strength`);
    /// - it never fights head to head, neither as the attacker nor as the
    ///   opponent: `Resolver::head_to_head` (adjudicate/decisions.rs);
    /// - when it succeeds it leaves no standoff in `dest` (the province is
    ///   emptied by the dislodgement, and no one moved in):
    ///   `Resolver::next_position` (adjudicate/movement.rs), and its result
    ///   is a success with `Reason::Siege(SiegeReason::SiegeRaised)` (`Resolver::explain`);
    /// - it is planned only where the walls hold a unit and the raiser may
    ///   move there, by land or by convoy (C8: its convoy must succeed, as
    ///   a convoyed move's): `Rules::may_raise`, called from
    ///   `Planning::plan_one` (this file).
    Move {
        to: LocId,
        dest: ProvinceId,
        convoy: bool,
        merge: bool,
        rider: bool,
        raise: bool,
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
/// splits), standing where the force stands, with its plan. (`Copy`, 24
/// bytes: a split's components are out of line, in `Plans::splits`, so
/// that the planner's and the resolver's walks read small records and the
/// parts are cleared without a drop each, issue 31.)
#[derive(Clone, Copy, Debug)]
pub struct Part {
    /// The force it belongs to (index in `Position::forces`).
    pub force: u16,
    /// The province it starts in (the force's).
    pub origin: ProvinceId,
    pub strength: u16,
    /// What its components offer a support (`cut::offers`), kept here so
    /// that the links need not read them (issue 31).
    pub offered: u8,
    /// The components of a split part, in `Plans::splits`; WHOLE: all of
    /// the force's.
    pub split: u16,
    /// The order that gave the plan (NO_ORDER: none).
    order: u32,
    /// The side it fights for: its power's player (H2).
    pub side: u8,
    pub plan: Plan,
}

/// `Part::split` of a part with all of its force's components.
pub const WHOLE: u16 = u16::MAX;
/// `Part::order` of a part no order planned.
const NO_ORDER: u32 = u32::MAX;

impl Part {
    /// Part of force `force` (`body`, in province `origin`); `split`:
    /// WHOLE, or where its components are in `Plans::splits` (`comps` are
    /// they).
    #[inline(always)]
    fn new(
        v: &Variant,
        force: u16,
        origin: ProvinceId,
        body: &Force,
        split: u16,
        comps: &[crate::state::Component],
    ) -> Part {
        let strength = match comps {
            // One component, as nearly every force: no loop.
            [one] => one.kind.row().strength as u16,
            all => all.iter().map(|c| c.kind.row().strength as u16).sum(),
        };
        Part {
            force,
            origin,
            strength,
            offered: super::cut::offers(comps),
            split,
            order: NO_ORDER,
            side: v.player_of[body.power.index()],
            plan: Plan::Hold,
        }
    }

    /// Part of all of force `force` (`body`), holding, with no order.
    #[inline(always)]
    fn whole(v: &Variant, force: u16, body: &Force) -> Part {
        Part::new(v, force, v.province_of(body.loc), body, WHOLE, &body.components)
    }

    pub fn strength(&self) -> u32 {
        self.strength as u32
    }

    /// The order that gave the plan.
    #[inline(always)]
    pub fn order(&self) -> Option<usize> {
        (self.order != NO_ORDER).then_some(self.order as usize)
    }

    /// Sets (or, None, clears) the order that gave the plan.
    /// (`plan_orders` checks once that every order's index fits.)
    #[inline(always)]
    pub fn set_order(&mut self, order: Option<usize>) {
        self.order = order.map_or(NO_ORDER, |i| i as u32);
    }

    /// The part's components (`splits`: `Plans::splits`).
    #[inline(always)]
    pub fn components<'a>(&self, forces: &'a [Force], splits: &'a [Components]) -> &'a [crate::state::Component] {
        if self.split == WHOLE {
            &forces[self.force as usize].components
        } else {
            &splits[self.split as usize]
        }
    }
}

/// The parts (parts `0..forces.len()` are the forces themselves, or what
/// stays of them when they split), and which orders were illegal.
#[derive(Default)]
pub struct Plans {
    pub parts: Vec<Part>,
    /// The components of the split parts (`Part::split`).
    pub splits: Vec<Components>,
    /// Why each illegal order is illegal (None for the legal ones).
    pub illegal: Vec<Option<Illegal>>,
    /// Forces at sea whose leaving parts all fail if one fails (M9).
    pub coupled: Vec<bool>,
    /// The forces whose parts an order of the last planning may have
    /// changed (the forces the orders name); every other force's part is
    /// as `Part::whole` made it, whole, holding, with no order.
    pub touched: Vec<u16>,
    /// The parts planned to convoy (their plan may since have fallen back
    /// to a hold).
    pub convoys: Vec<u16>,
}

/// Index of the force standing in each province. A box (C10) holds any
/// number of forces, none of which stands for the others: it reads empty,
/// so nothing attacks or bounces there, and orders for its units are bound
/// by `boxes::Binding`.
pub fn occupancy(v: &Variant, forces: &[Force]) -> Vec<u16> {
    let mut at = Vec::new();
    occupancy_into(v, forces, &mut at);
    at
}

/// `occupancy`, written into `at`.
#[inline]
pub fn occupancy_into(v: &Variant, forces: &[Force], at: &mut Vec<u16>) {
    occupancy_each(v, forces, at, &mut (), |_, _, _| {});
}

/// `occupancy_into`, adding `each(i, province, force)` of every force to
/// `out` (`()`: keeping nothing), in the forces' order, as it is met (so
/// that a pass over the forces that needs their provinces is the same
/// pass). (`out` is extended, not pushed to: a vector's length is not
/// stored at each force.)
#[inline(always)]
fn occupancy_each<T>(
    v: &Variant,
    forces: &[Force],
    at: &mut Vec<u16>,
    out: &mut impl Extend<T>,
    mut each: impl FnMut(u16, ProvinceId, &Force) -> T,
) {
    at.clear();
    at.resize(v.province_count(), u16::MAX);
    out.extend(forces.iter().enumerate().map(|(i, f)| {
        let p = v.province_of(f.loc);
        at[p.index()] = i as u16;
        each(i as u16, p, f)
    }));
    for b in &v.boxes {
        at[b.index()] = u16::MAX;
    }
}

/// Plans the orders into `plans` (its earlier contents replaced), with
/// `seas` to work in, and writes the position's occupancy into `at`
/// (`occupancy_into`, in the same pass as the parts). `state`: the variant
/// state before the phase, for the mechanics' orders. (Out of line: the
/// planning's cost is then read as one figure in a profile, and
/// `movement` is a smaller function, issue 31.)
#[inline(never)]
pub fn plan(
    v: &Variant,
    forces: &[Force],
    at: &mut Vec<u16>,
    orders: &[Order],
    state: &VariantState,
    plans: &mut Plans,
    seas: &mut Seas,
) {
    let Plans { parts, splits, coupled, touched, .. } = plans;
    parts.clear();
    occupancy_each(v, forces, at, parts, |i, p, f| Part::new(v, i, p, f, WHOLE, &f.components));
    splits.clear();
    coupled.clear();
    coupled.resize(forces.len(), false);
    touched.clear();
    seas.forget();
    plan_orders(v, forces, at, orders, state, plans, seas);
}

/// `plan` again in the same position, with other orders: for round after
/// round of candidates (`Legality::rounds`), so that a round costs what its
/// orders cost, not what the board does. `plans` and `seas` are those the
/// last `plan` or `plan_again` of this position left: of the parts, only
/// those the last orders changed are set up again, and the seas are the
/// same. Only the parts of the forces the last orders named are looked at
/// (`Plans::touched`): a round costs nothing for a force it leaves alone.
pub fn plan_again(
    v: &Variant,
    forces: &[Force],
    at: &[u16],
    orders: &[Order],
    state: &VariantState,
    plans: &mut Plans,
    seas: &Seas,
) {
    let Plans { parts, splits, coupled, touched, .. } = plans;
    parts.truncate(forces.len());
    // (Only the parts of the forces the last orders named can have split.)
    splits.clear();
    for f in touched.drain(..) {
        let (part, force) = (&mut parts[f as usize], &forces[f as usize]);
        if part.order != NO_ORDER || part.split != WHOLE || part.plan != Plan::Hold {
            *part = Part::whole(v, f, force);
        }
        coupled[f as usize] = false;
    }
    plan_orders(v, forces, at, orders, state, plans, seas);
}

/// Plans `orders` into `plans`, whose parts are every force's, holding.
#[inline]
fn plan_orders(
    v: &Variant,
    forces: &[Force],
    at: &[u16],
    orders: &[Order],
    state: &VariantState,
    plans: &mut Plans,
    seas: &Seas,
) {
    let Plans { parts, splits, illegal, coupled, touched, convoys } = plans;
    // (Once, so that `Part::set_order` need not check each index.)
    assert!(orders.len() < NO_ORDER as usize, "fewer orders than u32::MAX");
    illegal.clear();
    illegal.resize(orders.len(), None);
    convoys.clear();
    let binding = Binding::new(v, forces, at, orders);
    // (Made once, not an order at a time.)
    let planning = Planning { v, forces, seas, at, state, binding: &binding };
    let plain = plain::plain_tables(v);
    // The forces' own parts, as a slice as long as `forces`: a part is
    // then found with the force's one bounds check, and the lengths are
    // not read again at every order. Taken again after an order planned
    // the general way (a split or a merge may add parts, issue 31).
    let n = forces.len();
    let mut own = &mut parts[..n];
    for (i, order) in orders.iter().enumerate() {
        let (f, body) = match ordered_force(v, forces, at, &binding, i, order, |f| own[f as usize].order != NO_ORDER) {
            Ok(named) => named,
            Err(why) => {
                illegal[i] = Some(why);
                continue;
            }
        };
        touched.push(f);
        // Most orders: a plain move, planned with a bit test; a plain
        // hold or support.
        if let Some(plain) = plain {
            let part = &mut own[f as usize];
            let planned = match &order.action {
                Action::Move { to, via_convoy } => plain::plain_move(v, plain, body, *to, *via_convoy).map(|plan| {
                    part.plan = plan;
                    part.set_order(Some(i));
                    Ok(())
                }),
                action => plain::plain_hold_or_support(&planning, plain, f, body, action, part, i),
            };
            if let Some(planned) = planned {
                if let Err(why) = planned {
                    illegal[i] = Some(why);
                }
                continue;
            }
        }
        if let Action::Merge { with, .. } = &order.action {
            touched.extend(with.iter().map(|u| at[v.province_of(u.loc).index()]).filter(|&g| g != u16::MAX));
        }
        if let Err(why) = planning.plan_force(f, i, &order.action, parts, splits, coupled, convoys) {
            illegal[i] = Some(why);
        }
        own = &mut parts[..n];
    }
    if !plans.convoys.is_empty() {
        drop_needless_convoys(v, forces, at, seas, plans);
        if v.rules.edition.own_fleet_convoys {
            mark_own_convoys(forces.len(), &plans.convoys, &mut plans.parts);
        }
    }
    if v.rules.edition.convoy_falls_back_to_land {
        fall_back_to_land(v, forces.len(), &plans.touched, &mut plans.parts);
    }
}

/// The force order `i` names (its index, and it), or why it names none
/// that it may order (the checks before an order is planned); `already`:
/// is that force ordered?
#[inline]
fn ordered_force<'a>(
    v: &Variant,
    forces: &'a [Force],
    at: &[u16],
    binding: &Binding,
    i: usize,
    order: &Order,
    already: impl Fn(u16) -> bool,
) -> Result<(u16, &'a Force), Illegal> {
    let Some(unit) = &order.unit else {
        return Err(Illegal::WrongPhase);
    };
    let f = binding.force_of(i, at[v.province_of(unit.loc).index()]);
    let Some(force) = forces.get(f as usize).filter(|_| f != u16::MAX) else {
        return Err(Illegal::NoUnit);
    };
    // (Its own power, as nearly every order's, is its player's without
    // looking the two up, issue 31.)
    if order.power.is_some_and(|p| p != force.power && !v.same_player(p, force.power)) {
        Err(Illegal::NotYourUnit)
    } else if already(f) {
        Err(Illegal::AlreadyOrdered)
    } else if !v.rules.allows(&order.action) {
        Err(Illegal::NotInThisVariant)
    } else {
        Ok((f, force))
    }
}

/// Is `order`, given alone in the position (no other order), legal: what
/// `plan` decides of it and `Legality` reads from the plans (planning says
/// nothing against it, and the part it plans has strength), without
/// writing any plan? For a generator asking order after order in one
/// position (`Legality::rounds`); `at` and `seas` are the position's. None
/// for an order that plans parts of their own (a split, a merge, a move
/// that leaves garrisons behind): plan it (`plan_again`).
pub fn legal_alone(
    v: &Variant,
    forces: &[Force],
    at: &[u16],
    order: &Order,
    state: &VariantState,
    seas: &Seas,
) -> Option<bool> {
    if matches!(order.action, Action::Split { .. } | Action::Merge { .. }) {
        return None;
    }
    let binding = Binding::new(v, forces, at, std::slice::from_ref(order));
    let Ok((f, force)) = ordered_force(v, forces, at, &binding, 0, order, |_| false) else {
        return Some(false);
    };
    if matches!(order.action, Action::Move { .. }) && leaves_immobile(v, force) {
        return None;
    }
    let planning = Planning { v, forces, seas, at, state, binding: &binding };
    Some(planning.planned_alone(f, force, &order.action) && Part::whole(v, f, force).strength != 0)
}

/// `legal_alone` for order after order in one position of a variant with
/// no box (each order's unit is the force the occupancy map finds): what
/// orders naming the same unit for the same power share (the force, whether
/// that power may order it, whether a move leaves garrisons behind, its
/// strength) is looked up at the first of them, not at each (a generator
/// asks a force's candidates one after another). The same verdicts.
pub struct Alone<'a> {
    /// With no box, binding no order to anything (`boxes::UNBOUND`).
    planning: Planning<'a>,
    /// The unit (its location) and the power of the last order asked
    /// about, and what was found of them.
    last: Option<(LocId, Option<PowerId>, Found)>,
}

/// What `Alone` found of a unit ordered by a power.
#[derive(Clone, Copy)]
struct Found {
    /// The force, where the power may order it (None: every order naming
    /// it is illegal).
    force: Option<u16>,
    /// A move of it leaves garrisons behind (planned as parts of their own).
    leaves_immobile: bool,
    /// It has strength (a part without any has no plan).
    strong: bool,
}

impl<'a> Alone<'a> {
    /// None where the variant has boxes (`legal_alone` answers there).
    pub fn new(
        v: &'a Variant,
        forces: &'a [Force],
        at: &'a [u16],
        state: &'a VariantState,
        seas: &'a Seas,
    ) -> Option<Alone<'a>> {
        v.boxes.is_empty().then_some(Alone {
            planning: Planning { v, forces, seas, at, state, binding: &boxes::UNBOUND },
            last: None,
        })
    }

    /// `legal_alone` of this order (None: plan it).
    pub fn legal(&mut self, order: &Order) -> Option<bool> {
        if matches!(order.action, Action::Split { .. } | Action::Merge { .. }) {
            return None;
        }
        // `ordered_force`'s checks: a unit, a force there, the power's.
        let Some(unit) = &order.unit else { return Some(false) };
        self.legal_at(unit.loc, order.power, &order.action)
    }

    /// `legal` of force `f`'s own order `action` (`Order::for_force`: its
    /// unit where it stands, its power), the order not made: for a
    /// generator that keeps its candidates in a compact form and makes an
    /// `Order` only of those given. The same verdicts, by the same steps.
    pub fn legal_for(&mut self, f: u16, action: &Action) -> Option<bool> {
        if matches!(action, Action::Split { .. } | Action::Merge { .. }) {
            return None;
        }
        let force = &self.planning.forces[f as usize];
        self.legal_at(force.loc, Some(force.power), action)
    }

    /// `legal` of `action` given by `power` (if known) to the unit at `loc`.
    #[inline(always)]
    fn legal_at(&mut self, loc: LocId, power: Option<PowerId>, action: &Action) -> Option<bool> {
        let found = match self.last {
            Some((at, by, found)) if at == loc && by == power => found,
            _ => {
                let found = self.find(loc, power);
                self.last = Some((loc, power, found));
                found
            }
        };
        let Some(f) = found.force else { return Some(false) };
        let planning = &self.planning;
        if !planning.v.rules.allows(action) {
            return Some(false);
        }
        if matches!(action, Action::Move { .. }) && found.leaves_immobile {
            return None;
        }
        Some(found.strong && planning.planned_alone(f, &planning.forces[f as usize], action))
    }

    fn find(&self, loc: LocId, power: Option<PowerId>) -> Found {
        let Planning { v, forces, at, .. } = self.planning;
        let f = at[v.province_of(loc).index()];
        let mine = f != u16::MAX && power.is_none_or(|p| v.same_player(p, forces[f as usize].power));
        match mine {
            false => Found { force: None, leaves_immobile: false, strong: false },
            true => {
                let force = &forces[f as usize];
                let strong = Part::whole(v, f, force).strength != 0;
                Found { force: Some(f), leaves_immobile: leaves_immobile(v, force), strong }
            }
        }
    }
}

/// What planning an order looks at: the board before the phase.
pub(super) struct Planning<'a> {
    v: &'a Variant,
    forces: &'a [Force],
    seas: &'a Seas,
    at: &'a [u16],
    state: &'a VariantState,
    /// The forces orders name in the boxes.
    binding: &'a Binding<'a>,
}

impl Planning<'_> {
    /// Would the order of force `f` (`body`), given alone, be planned: not
    /// illegal, and no needless convoy (`legal_alone`, less the strength)?
    fn planned_alone(&self, f: u16, body: &Force, action: &Action) -> bool {
        let Ok(plan) = self.plan_one(f, body, action) else { return false };
        match plan {
            Plan::Convoy { army, dest } => {
                !needless_convoy(self.v, self.forces, self.at, self.seas, army, dest, self.v.province_of(body.loc))
            }
            _ => true,
        }
    }

    /// Plans the order of force `f`; on success its parts have their plans,
    /// and those planned to convoy are added to `convoys` (only a split
    /// and the orders `plan_other` plans can give a convoy: a move's own
    /// path adds nothing).
    #[allow(clippy::too_many_arguments)]
    fn plan_force(
        &self,
        f: u16,
        i: usize,
        action: &Action,
        parts: &mut Vec<Part>,
        splits: &mut Vec<Components>,
        coupled: &mut [bool],
        convoys: &mut Vec<u16>,
    ) -> Result<(), Illegal> {
        match action {
            Action::Split { parts: listed } => self.plan_split_order(f, i, listed, parts, splits, coupled, convoys),
            Action::Merge { to, with, .. } => self.plan_merge(f, i, *to, with, parts, splits),
            Action::Move { .. } => self.plan_leaving_immobile(f, i, action, parts, splits),
            _ => {
                let plan = self.plan_one(f, &self.forces[f as usize], action)?;
                if matches!(plan, Plan::Convoy { .. }) {
                    convoys.push(f);
                }
                parts[f as usize].plan = plan;
                parts[f as usize].set_order(Some(i));
                Ok(())
            }
        }
    }

    /// `plan_force` of a split (M9): its parts, each with its plan. (A
    /// split and a merge are out of line: rare, and inline they made the
    /// order loop's every step keep more on the stack, issue 31.)
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn plan_split_order(
        &self,
        f: u16,
        i: usize,
        listed: &[crate::order::SplitPart],
        parts: &mut Vec<Part>,
        splits: &mut Vec<Components>,
        coupled: &mut [bool],
        convoys: &mut Vec<u16>,
    ) -> Result<(), Illegal> {
        let Planning { v, forces, .. } = *self;
        let planned = split::plan_split(self, f, listed)?;
        coupled[f as usize] = planned.coupled;
        let force = &forces[f as usize];
        parts[f as usize] = split_part(v, f, force, planned.rest, splits, Plan::Hold, i);
        for (body, plan) in planned.parts {
            if matches!(plan, Plan::Convoy { .. }) {
                convoys.push(parts.len() as u16);
            }
            parts.push(split_part(v, f, force, body.components, splits, plan, i));
        }
        Ok(())
    }

    /// `plan_force` of a merge (M6) of force `f` with the forces of `with`
    /// into `to`.
    #[inline(never)]
    fn plan_merge(
        &self,
        f: u16,
        i: usize,
        to: LocId,
        with: &[UnitRef],
        parts: &mut Vec<Part>,
        splits: &mut Vec<Components>,
    ) -> Result<(), Illegal> {
        let Planning { v, forces, at, .. } = *self;
        // Every participant must be a force of the same power; each
        // moves to `to` as a merge.
        let mut members = vec![f];
        for u in with {
            let g = at[v.province_of(u.loc).index()];
            if g == u16::MAX {
                return Err(Illegal::NoUnit);
            }
            if !v.same_player(forces[g as usize].power, forces[f as usize].power) {
                return Err(Illegal::NotYourUnit);
            }
            members.push(g);
        }
        // A member that cannot reach `to` drops out and holds (M6);
        // the order is illegal only when no member can. Members
        // already ordered keep their own orders.
        let merge = Action::Merge { to, with: Vec::new() };
        let mut first_error = None;
        let mut any = false;
        let mut taken = Vec::new();
        for &g in &members {
            if parts[g as usize].order != NO_ORDER {
                continue;
            }
            taken.push(g);
            match self.plan_leaving_immobile(g, i, &merge, parts, splits) {
                Ok(()) => any = true,
                Err(why) => {
                    first_error.get_or_insert(why);
                    parts[g as usize].set_order(Some(i));
                }
            }
        }
        match first_error {
            Some(why) if !any => {
                for &g in &taken {
                    parts[g as usize].set_order(None);
                }
                Err(why)
            }
            _ => Ok(()),
        }
    }

    /// Plans a move or merge of force `g` by order `i`. When the force
    /// leaves behind components that cannot move (H12: garrisons), they
    /// stay as a part of their own and the rest moves as another. (The one
    /// call a move costs: what it asks below is inline, its plan handed
    /// back in registers, not through memory at each of three calls, issue
    /// 31.)
    #[inline(never)]
    fn plan_leaving_immobile(
        &self,
        g: u16,
        i: usize,
        action: &Action,
        parts: &mut Vec<Part>,
        splits: &mut Vec<Components>,
    ) -> Result<(), Illegal> {
        let force = &self.forces[g as usize];
        if !leaves_immobile(self.v, force) {
            parts[g as usize].plan = self.plan_one(g, force, action)?;
            parts[g as usize].set_order(Some(i));
            return Ok(());
        }
        self.plan_garrisons_apart(g, i, action, parts, splits)
    }

    /// `plan_leaving_immobile` of a force that leaves garrisons behind.
    #[inline(never)]
    fn plan_garrisons_apart(
        &self,
        g: u16,
        i: usize,
        action: &Action,
        parts: &mut Vec<Part>,
        splits: &mut Vec<Components>,
    ) -> Result<(), Illegal> {
        let v = self.v;
        let force = &self.forces[g as usize];
        let (movers, staying): (Components, Components) =
            force.components.iter().copied().partition(|c| c.kind.row().moves());
        let body = Force { loc: force.loc, power: force.power, components: movers.clone() };
        let plan = self.plan_one(g, &body, action)?;
        parts[g as usize] = split_part(v, g, force, staying, splits, Plan::Hold, i);
        parts.push(split_part(v, g, force, movers, splits, plan, i));
        Ok(())
    }

    /// Plans one order for `body` (a whole force, or a part of force `f`).
    /// A move (most orders) is planned without the set-up the other
    /// orders need.
    #[inline(always)]
    pub(super) fn plan_one(&self, f: u16, body: &Force, action: &Action) -> Result<Plan, Illegal> {
        // City State: a unit behind the walls stands or attacks its
        // province, and no one supports it (C6); a unit in a Pass may only
        // move (C11).
        self.v.rules.may_order(self.v, self.state, self.forces, body, action)?;
        match action {
            Action::Move { to, via_convoy } => self.plan_move_order(body, *to, *via_convoy),
            _ => self.plan_other(f, body, action),
        }
    }

    /// Plans a move of `body` to `to`.
    #[inline(always)]
    fn plan_move_order(&self, body: &Force, to: LocId, via_convoy: bool) -> Result<Plan, Illegal> {
        let v = self.v;
        let plan = plan_move(v, body, to, via_convoy, false).map_err(|why| {
            // A fleet ordered `via convoy` where it cannot go: the
            // convoy is what was wrong, not the border.
            let [_, fleets, _] = body.kinds();
            if via_convoy && fleets > 0 && why == Illegal::NotAdjacent {
                Illegal::ConvoyNotArmy
            } else {
                why
            }
        })?;
        if let Plan::Move { dest, convoy: true, .. } = plan {
            if !v.army_borders.get_within(v.province_of(body.loc).index(), dest.index())
                && !convoy_possible(v, self.forces, self.at, self.seas, body, dest, None)
            {
                return Err(Illegal::NoConvoyPossible);
            }
        }
        Ok(plan)
    }

    /// The force that force `f`'s support or convoy of `u` (to `to`, if
    /// it moves) names. (Always inline: as a closure it was a call.)
    #[inline(always)]
    fn target(&self, f: u16, u: &UnitRef, to: Option<ProvinceId>) -> Result<u16, Illegal> {
        self.target_where(f, u, to).map(|(t, _)| t)
    }

    /// `target`, and the province it stands in: the unit's as written (the
    /// force found there, or bound in the box there), so that it is not
    /// looked up again from the force's location (issue 31).
    #[inline(always)]
    fn target_where(&self, f: u16, u: &UnitRef, to: Option<ProvinceId>) -> Result<(u16, ProvinceId), Illegal> {
        let Planning { v, forces, at, binding, .. } = *self;
        let p = v.province_of(u.loc);
        let mut t = at[p.index()];
        if t == u16::MAX {
            t = binding.target(v, forces, f, u, to);
        }
        if t == u16::MAX {
            Err(Illegal::NoSupportedUnit)
        } else if t == f {
            Err(Illegal::SupportSelf)
        } else {
            debug_assert_eq!(v.province_of(forces[t as usize].loc), p, "the force named stands where written");
            Ok((t, p))
        }
    }

    /// Force `f`'s support of `unit` holding; `reaches`: can the
    /// supporter reach a province? (`plan_other`'s, and the plain
    /// support's, plain.rs.)
    #[inline(always)]
    fn support_hold(&self, f: u16, unit: &UnitRef, reaches: impl Fn(ProvinceId) -> bool) -> Result<Plan, Illegal> {
        let (t, dest) = self.target_where(f, unit, None)?;
        if !reaches(dest) {
            return Err(Illegal::CannotReach);
        }
        Ok(Plan::SupportHold { target: t })
    }

    /// Force `f`'s support of `unit` moving to `to`; `reaches` as for
    /// `support_hold`.
    #[inline(always)]
    fn support_move(
        &self,
        f: u16,
        unit: &UnitRef,
        to: LocId,
        reaches: impl Fn(ProvinceId) -> bool,
    ) -> Result<Plan, Illegal> {
        let Planning { v, forces, seas, at, .. } = *self;
        let dest = v.province_of(to);
        let (t, from) = self.target_where(f, unit, Some(dest))?;
        if !reaches(dest) {
            return Err(Illegal::CannotReach);
        }
        let moving = &forces[t as usize];
        let needs_convoy = moving.is_army() && !v.army_borders.get_within(from.index(), dest.index());
        if needs_convoy && !convoy_possible(v, forces, at, seas, moving, dest, Some(f)) {
            return Err(Illegal::NoConvoyPossible);
        }
        // DATC 4.B.4: the edition says whether a written coast must match.
        let coast = (v.rules.edition.support_coast_must_match && v.loc(to).coast.is_some()).then_some(to);
        Ok(Plan::SupportMove { target: t, dest, coast })
    }

    /// `plan_one` of an order other than a move, `may_order` asked.
    #[inline(never)]
    fn plan_other(&self, f: u16, body: &Force, action: &Action) -> Result<Plan, Illegal> {
        let Planning { v, forces, state, .. } = *self;
        // H11: components that may not support (garrisons) support only a
        // merge into their own province.
        let none_supports = || body.components.iter().all(|c| !c.kind.row().may_support);
        match action {
            Action::SupportHold { .. } | Action::SupportMove { .. } | Action::Convoy { .. } if none_supports() => {
                Err(Illegal::GarrisonSupport)
            }
            Action::Hold => Ok(Plan::Hold),
            Action::Move { .. } => unreachable!("plan_one plans a move"),
            Action::Merge { to, .. } => plan_move(v, body, *to, false, true),
            Action::SupportHold { unit } => self.support_hold(f, unit, |dest| can_reach(v, body, dest)),
            Action::SupportMove { unit, to } => self.support_move(f, unit, *to, |dest| can_reach(v, body, dest)),
            Action::SupportMerge { power, to } => {
                let dest = v.province_of(*to);
                // H11: what may not support otherwise (garrisons) may support
                // a merge into its own province.
                let staying_at_home =
                    dest == v.province_of(body.loc) && body.components.iter().any(|c| !c.kind.row().may_support);
                if !can_reach(v, body, dest) && !staying_at_home {
                    return Err(Illegal::CannotReach);
                }
                Ok(Plan::SupportMerge { side: power.unwrap_or(body.power), dest })
            }
            Action::Convoy { unit, to } => {
                let [armies, _, _] = body.kinds();
                let convoying = body.components.iter().filter(|c| c.kind.row().may_convoy).count();
                if convoying == 0 {
                    return Err(Illegal::ConvoyNotFleet);
                }
                if !v.province(v.province_of(body.loc)).terrain.convoys() {
                    return Err(Illegal::ConvoyFromCoast);
                }
                let t = self.target(f, unit, Some(v.province_of(*to)))?;
                let army = &forces[t as usize];
                let [carried, fleets, immobile] = army.kinds();
                if fleets + immobile > 0 {
                    return Err(Illegal::ConvoyNotArmy);
                }
                // M8: the convoying force carries no more armies than it has fleets.
                if armies + carried > convoying {
                    return Err(Illegal::ConvoyTooHeavy);
                }
                Ok(Plan::Convoy { army: t, dest: v.province_of(*to) })
            }
            // City State C8: `R` in a movement phase raises a siege, a move
            // (by land or by convoy) that attacks but never leaves.
            Action::Retreat { to } => {
                v.rules.may_raise(v, forces, body, v.province_of(*to))?;
                match plan_move(v, body, *to, false, false)? {
                    Plan::Move { to, dest, convoy, merge, rider, .. } => {
                        Ok(Plan::Move { to, dest, convoy, merge, rider, raise: true })
                    }
                    other => Ok(other),
                }
            }
            Action::Disband | Action::Build | Action::Remove | Action::Waive => Err(Illegal::WrongPhase),
            Action::Split { .. } => Err(Illegal::WrongPhase),
            // The mechanics' own orders (H18: SACK).
            Action::Sack | Action::Convert { .. } | Action::Destroy | Action::Rebuild => {
                v.rules.plan_order(v, state, body, action)
            }
            // Declarations (LOAN) are judged by the rules before the phase.
            Action::Loan { .. }
            | Action::EndLoan { .. }
            | Action::Designate { .. }
            | Action::Elect { .. }
            | Action::Outlaw { .. }
            | Action::Rival { .. }
            | Action::Fix { .. } => Err(Illegal::WrongPhase),
        }
    }
}

/// A part of force `f` (`force`) made of `components`, which are kept in
/// `splits`, with `plan`, given by order `order`.
fn split_part(
    v: &Variant,
    f: u16,
    force: &Force,
    components: Components,
    splits: &mut Vec<Components>,
    plan: Plan,
    order: usize,
) -> Part {
    let split = u16::try_from(splits.len()).ok().filter(|&s| s != WHOLE).expect("fewer split parts than u16::MAX");
    let mut part = Part::new(v, f, v.province_of(force.loc), force, split, &components);
    splits.push(components);
    part.plan = plan;
    part.set_order(Some(order));
    part
}

/// Does a move of this force leave components behind that cannot move
/// (H12: garrisons)?
fn leaves_immobile(v: &Variant, force: &Force) -> bool {
    force.components.len() > 1 && v.has_immobile_kinds() && {
        let movers = force.components.iter().filter(|c| c.kind.row().moves()).count();
        movers > 0 && movers < force.components.len()
    }
}
