//! An adjustment phase: each power builds up to, or removes down to, the
//! number of centres it owns. Builds go in unoccupied home centres the power
//! owns; the first legal builds and removals count; a build may be waived;
//! missing removals are made by the civil-disorder rule.

use super::civil_disorder::civil_disorder;
use super::context::Scratch;
use super::outcome::{Illegal, OrderResult, Reason};
use super::removal::{component_to_remove, take_component, upkeep};
use crate::order::{Action, Order};
use crate::state::{Force, InOrder, Kind, Position};
use crate::variant::{LocId, PowerId, ProvinceId, Variant, BUILT_IN};
use std::borrow::Cow;

/// Every power's supply less upkeep, in halves: positive means builds are
/// due, negative means removals.
pub fn balances(v: &Variant, pos: &Position) -> Vec<i32> {
    let mut scratch = Scratch::default();
    balances_into(v, pos, &mut scratch);
    scratch.balance
}

/// `balances`, into `scratch.balance` (with `scratch.supply`).
pub(super) fn balances_into(v: &Variant, pos: &Position, scratch: &mut Scratch) {
    balances_seeing(v, pos, &mut scratch.supply, &mut scratch.balance, |_| {});
}

/// `balances_into`, and in the same pass over the forces the provinces
/// that hold one (`scratch.occupied`; a box never counts, C10); whether
/// the board is as `normalize` leaves it (`InOrder`).
fn balances_and_board_into(v: &Variant, pos: &Position, scratch: &mut Scratch) -> bool {
    let occupied = &mut scratch.occupied;
    occupied.clear();
    occupied.resize(v.province_count(), false);
    let mut in_order = InOrder::new();
    balances_seeing(v, pos, &mut scratch.supply, &mut scratch.balance, |f| {
        occupied[v.province_of(f.loc).index()] = true;
        in_order.see(f);
    });
    for b in &v.boxes {
        occupied[b.index()] = false;
    }
    in_order.so_far
}

/// The balances, each force shown to `see` on the way.
#[inline(always)]
fn balances_seeing(
    v: &Variant,
    pos: &Position,
    supply: &mut Vec<u32>,
    balance: &mut Vec<i32>,
    mut see: impl FnMut(&Force),
) {
    crate::rules::supplies_into(v, pos, supply);
    balance.clear();
    balance.extend(supply.iter().map(|&s| s as i32));
    let mut charge = |c: &crate::state::Component| {
        if !c.free {
            balance[c.power.index()] -= CHARGE[usize::from(c.kind.0)];
        }
    };
    // (A force of one component, nearly every one, without a loop:
    // issue 31.)
    for f in &pos.forces {
        see(f);
        match f.components.as_slice() {
            [one] => charge(one),
            more => more.iter().for_each(&mut charge),
        }
    }
    // I4: frontier garrisons free before Winter 236.
    v.rules.free_upkeep(v, pos, balance);
}

/// What a component of each kind is charged against supply, in halves:
/// its upkeep, or nothing where it needs no supply; by the kind's number,
/// every number a byte can hold (rows past the table's, which no kind
/// has, charge nothing). Worked out once, when compiled, so that the
/// balances look up one number a component. (Issue 31, tenth pass: the
/// row's two fields read for each component had cost the retreat's
/// Winter check and the adjustment some 250 instructions each.)
static CHARGE: [i32; 256] = {
    let mut charge = [0; 256];
    let mut k = 0;
    while k < BUILT_IN.len() {
        if BUILT_IN[k].needs_supply {
            charge[k] = BUILT_IN[k].upkeep as i32;
        }
        k += 1;
    }
    charge
};

/// Does `power` have builds or removals to make (a garrison's worth of
/// supply is a build where garrisons exist), or free Delphi builds to place?
/// Only kinds that need supply are built (a double army is not); a mechanic
/// may owe an adjustment whatever the balance (City State C3: a fleet to
/// disband for want of a port), and a power a mechanic put out of the game
/// has nothing to adjust (C15).
#[inline]
pub fn adjustment_due(v: &Variant, pos: &Position, balance: i32, power: PowerId) -> bool {
    let cheapest =
        v.kinds.iter().filter(|k| k.row().needs_supply).map(|&k| upkeep(k)).min().unwrap_or(upkeep(Kind::ARMY));
    let owed = balance < 0
        || balance >= cheapest
        || v.rules.free_builds(&pos.state, power) > 0
        || v.rules.must_adjust(v, pos, power);
    !v.rules.eliminated(&pos.state, power) && owed
}

// (Out of line: LLVM's choice to inline it into `judge` came and went with
// changes elsewhere, and cost about 200 instructions when it came.)
#[inline(never)]
pub fn adjustment<'a>(
    v: &Variant,
    scratch: &mut Scratch,
    pos: &Position,
    orders: &'a [Order],
    results: &mut Vec<OrderResult<'a>>,
    next: &mut Position,
) {
    let in_order = judge_orders(v, scratch, pos, orders, results, next);
    let balance = &scratch.balance;
    for power in 0..v.powers.len() {
        if balance[power] < 0 {
            for (loc, kind) in civil_disorder(v, next, PowerId::new(power), -balance[power]) {
                let order = Order::for_force(&Force::single(PowerId::new(power), kind, loc), Action::Remove);
                results.push(OrderResult { order: Cow::Owned(order), reason: Reason::CivilDisorder });
            }
        }
    }
    v.rules.adjust_after_orders(v, next, results);
    // (A board in order stays so in a variant without mechanics: builds
    // go in where board order puts them, removals keep the order, and
    // the copy has no standoffs; `normalize` would change nothing.)
    if !in_order {
        next.normalize();
    }
}

/// The orders' results (`results[..orders.len()]`), before the civil
/// disorder and the mechanics' business that follow them; each power's
/// balance left in `scratch.balance`. Says whether `next` is as
/// `normalize` leaves it (so far: a board in order, in a variant without
/// mechanics).
pub(super) fn judge_orders<'a>(
    v: &Variant,
    scratch: &mut Scratch,
    pos: &Position,
    orders: &'a [Order],
    results: &mut Vec<OrderResult<'a>>,
    next: &mut Position,
) -> bool {
    let in_order = balances_and_board_into(v, pos, scratch);
    // (Builds are orders: room for as many forces more.)
    next.copy_board(pos, orders.len());
    // The provinces occupied are those of `next` (and of `pos`) only where
    // no mechanic changes the board besides the builds.
    let plain = v.rules.mechanics.is_empty();
    let held = Held { occupied: plain.then_some(&mut scratch.occupied[..]), in_order: plain && in_order };
    judge_held(v, pos, orders, &mut scratch.balance, held, results, next);
    plain && in_order
}

/// `judge_orders`, with `balance` and `next` already each power's balance
/// in `pos` and its board. In a variant with no mechanic, an order the
/// judge calls illegal changes neither (its checks come before any change).
pub(super) fn judge_on<'a>(
    v: &Variant,
    pos: &Position,
    orders: &'a [Order],
    balance: &mut [i32],
    results: &mut Vec<OrderResult<'a>>,
    next: &mut Position,
) {
    judge_held(v, pos, orders, balance, Held::unknown(), results, next);
}

/// The provinces that hold a force in the board being adjusted, where
/// known (else every build looks): those of the start, and those built in
/// since. (A removal that empties a province leaves it marked: adjustment
/// orders are simultaneous, and the start still holds the force.) And
/// whether the board stays in board order (found by halving it).
struct Held<'s> {
    occupied: Option<&'s mut [bool]>,
    in_order: bool,
}

impl Held<'_> {
    /// Nothing known: every build looks, every removal scans.
    fn unknown() -> Self {
        Held { occupied: None, in_order: false }
    }

    /// Might province `p` hold a force, in the start or the board so far?
    fn may_hold(&self, p: ProvinceId) -> bool {
        self.occupied.as_ref().is_none_or(|held| held[p.index()])
    }

    fn built(&mut self, p: ProvinceId) {
        if let Some(held) = &mut self.occupied {
            held[p.index()] = true;
        }
    }
}

fn judge_held<'a>(
    v: &Variant,
    pos: &Position,
    orders: &'a [Order],
    balance: &mut [i32],
    mut held: Held<'_>,
    results: &mut Vec<OrderResult<'a>>,
    next: &mut Position,
) {
    results.reserve(orders.len());
    if v.rules.adjusts_before_orders() || v.rules.adjusts_first() {
        mechanics_first(v, pos, orders, balance, results, next);
    } else {
        for order in orders {
            let done = judge(v, pos, next, balance, &mut held, results, order);
            results.push(done);
        }
    }
}

/// The orders of a Winter in which a mechanic carries out some orders
/// before the rest, whatever the order of writing (H14: a garrison
/// disbanded at will), or something of its own before any order (City
/// State: an eliminated Emperor's units, a fleet of a power with no
/// port). Its results with no order of their own follow the orders'
/// results, which stay at the orders' indices.
#[cold]
fn mechanics_first<'a>(
    v: &Variant,
    pos: &Position,
    orders: &'a [Order],
    balance: &mut [i32],
    results: &mut Vec<OrderResult<'a>>,
    next: &mut Position,
) {
    let mut early: Vec<Option<OrderResult<'a>>> = vec![None; orders.len()];
    let mut done_first = Vec::new();
    if v.rules.adjusts_before_orders() {
        v.rules.adjust_before_orders(v, orders, next, balance, &mut early, &mut done_first);
    }
    if v.rules.adjusts_first() {
        for (i, order) in orders.iter().enumerate() {
            if let Some(reason) = v.rules.adjust_first(v, next, balance, order) {
                early[i] = Some(OrderResult { order: Cow::Borrowed(order), reason });
            }
        }
    }
    for (order, early) in orders.iter().zip(early) {
        let done = match early {
            Some(done) => done,
            None => judge(v, pos, next, balance, &mut Held::unknown(), results, order),
        };
        results.push(done);
    }
    results.append(&mut done_first);
}

/// The result of one adjustment order, `earlier` the results of those
/// written before it.
fn judge<'a>(
    v: &Variant,
    pos: &Position,
    next: &mut Position,
    balance: &mut [i32],
    held: &mut Held<'_>,
    earlier: &[OrderResult<'_>],
    order: &'a Order,
) -> OrderResult<'a> {
    let outcome = match order.action {
        Action::Build => build(v, pos, next, balance, held, earlier, order),
        Action::Waive => waive(balance, order),
        Action::Remove | Action::Disband => remove(v, next, balance, held.in_order, order),
        _ => v.rules.adjust_order(v, next, order),
    };
    OrderResult { order: Cow::Borrowed(order), reason: outcome.unwrap_or_else(Reason::Illegal) }
}

fn build(
    v: &Variant,
    start: &Position,
    next: &mut Position,
    balance: &mut [i32],
    held: &mut Held<'_>,
    earlier: &[OrderResult<'_>],
    order: &Order,
) -> Result<Reason, Illegal> {
    let unit = order.unit.as_ref().ok_or(Illegal::NoUnit)?;
    let site = v.province_of(unit.loc);
    let power = order.power.or_else(|| v.home_of(site)).ok_or(Illegal::NotHome)?;
    // (Borrowed: a clone of the written components cost some 50
    // instructions a build.)
    let components = unit.components.as_deref().ok_or(Illegal::UnitCannotStandThere)?;
    if components.len() != 1 || !v.has_kind(components[0].kind) {
        return Err(Illegal::NotBuildable);
    }
    // City State's DA, Imperator's PG and Barbarians come on the board
    // otherwise.
    if !components[0].kind.row().built_by_order {
        return Err(Illegal::NotBuiltByOrder);
    }
    // A free build (`A*`) spends one of the Delphi builds, not supply (H19).
    let free = components[0].free;
    let cost: i32 = if free { 0 } else { upkeep(components[0].kind) };
    // Free builds move (H19: `A*`, `F*`, never a garrison).
    if free && (!components[0].kind.row().moves() || v.rules.free_builds(&next.state, power) == 0) {
        return Err(Illegal::NoBuildsDue);
    }
    if balance[power.index()] < cost {
        return Err(Illegal::NoBuildsDue);
    }
    // Home centres, unless a mechanic says otherwise (H7: any owned centre;
    // City State: fleets at ports, the Emperor's centres).
    v.rules.build_site_allows(v, next, power, site, components[0].kind)?;
    if next.owners[site.index()] != Some(power) {
        return Err(Illegal::NotOwned);
    }
    // Adjustment orders are simultaneous: a province a removal empties in
    // this phase is still occupied for a build. With Multiplicity, a build
    // may join the power's own force there (M12).
    // A box holds any number of forces: a build there is a force of its
    // own, never joined to one already there (C10).
    let joinable = |f: Option<&Force>| f.is_none_or(|f| v.rules.builds_join() && v.same_player(f.power, power));
    let looks = !v.is_box(site) && held.may_hold(site);
    let there = if looks { next.force_index(v, site) } else { None };
    let start_force = if looks { start.force_in(v, site) } else { None };
    if !joinable(start_force) || !joinable(there.map(|i| &next.forces[i])) {
        return Err(Illegal::Occupied);
    }
    let loc = build_loc(v, components[0].kind, unit.loc, there.map(|i| &next.forces[i]))?;
    // (A variant without mechanics has no hook to ask: a call saved.)
    if !v.rules.mechanics.is_empty() {
        v.rules.may_build(v, next, earlier, power, components[0].kind)?;
    }
    let mut built = Force::single(power, components[0].kind, loc);
    built.components[0].free = free;
    match there {
        Some(i) => next.forces[i].join(v, built),
        None => next.insert_in_order(built),
    }
    held.built(site);
    balance[power.index()] -= cost;
    if free {
        v.rules.use_free_build(&mut next.state, power);
    }
    Ok(Reason::Built)
}

/// Where a new force stands: a fleet needs a coast (and names one where the
/// province has two, DATC 4.B.7, unless the force it joins there already
/// stands on a coast, M12); an army stands on the province, or joins the
/// force there where it stands.
pub fn build_loc(v: &Variant, kind: Kind, loc: LocId, joins: Option<&Force>) -> Result<LocId, Illegal> {
    let p = v.province_of(loc);
    let province = v.province(p);
    let fleet = kind == Kind::FLEET;
    let standing = joins.map(|f| f.loc).filter(|&l| v.loc(l).coast.is_some());
    if !fleet {
        return if province.terrain.holds_armies() {
            Ok(standing.unwrap_or(LocId::of_province(p)))
        } else {
            Err(Illegal::UnitCannotStandThere)
        };
    }
    if !province.terrain.shore() {
        return Err(Illegal::FleetToLand);
    }
    if !province.coasts.is_empty() && v.loc(loc).coast.is_none() {
        return standing.ok_or(Illegal::CoastNeeded);
    }
    if standing.is_some_and(|s| s != loc) {
        return Err(Illegal::NoSuchCoast);
    }
    Ok(loc)
}

fn waive(balance: &mut [i32], order: &Order) -> Result<Reason, Illegal> {
    // A waived build is an army's or a fleet's worth of supply.
    let power = order.power.ok_or(Illegal::NoBuildsDue)?;
    if balance[power.index()] < upkeep(Kind::ARMY) {
        return Err(Illegal::NoBuildsDue);
    }
    balance[power.index()] -= upkeep(Kind::ARMY);
    Ok(Reason::Waived)
}

/// A removal; `in_order`: the board is in board order.
fn remove(
    v: &Variant,
    next: &mut Position,
    balance: &mut [i32],
    in_order: bool,
    order: &Order,
) -> Result<Reason, Illegal> {
    let unit = order.unit.as_ref().ok_or(Illegal::NoUnit)?;
    let p = v.province_of(unit.loc);
    let wanted = unit.components.as_ref().and_then(|c| c.first()).map(|c| c.kind);
    let i = if v.is_box(p) {
        in_box(v, next, p, order.power, wanted)
    } else if in_order {
        next.force_index_in_order(v, p)
    } else {
        next.force_index(v, p)
    }
    .ok_or(Illegal::NoUnit)?;
    // Each power removes its own components, also from a force mixed with
    // its player's other power (H5: each component is on its own power's
    // chart).
    let force = &next.forces[i];
    let power = order.power.unwrap_or(force.power);
    if !force.components.iter().any(|c| c.power == power) {
        return Err(Illegal::NotYourUnit);
    }
    if balance[power.index()] >= 0 {
        return Err(Illegal::NoRemovalsDue);
    }
    // A removal takes one component (M12): of the kind written, if the
    // force has one (any kind otherwise); at sea never so as to leave an
    // unseaworthy force, taking an army instead; where the power has no
    // army there (the army is its player's other power's), not at all.
    let kind = component_to_remove(v, &next.forces[i], power, wanted).ok_or_else(|| {
        let own = next.forces[i].components.iter().any(|c| c.power == power && !c.free);
        if own {
            Illegal::RemovalUnseaworthy
        } else {
            Illegal::NoUnit
        }
    })?;
    if !kind.row().needs_supply {
        return Err(Illegal::NeedsNoSupply);
    }
    v.rules.may_remove(kind)?;
    balance[power.index()] += take_component(v, next, i, power, kind);
    Ok(Reason::Removed)
}

/// The force in box `p` a removal names: the first of the power's (any
/// power's, if none is written) with a component of the kind written.
fn in_box(
    v: &Variant,
    pos: &Position,
    p: crate::variant::ProvinceId,
    power: Option<PowerId>,
    kind: Option<Kind>,
) -> Option<usize> {
    let fits = |f: &Force| {
        v.province_of(f.loc) == p
            && f.components.iter().any(|c| power.is_none_or(|pw| c.power == pw) && kind.is_none_or(|k| c.kind == k))
    };
    pos.forces.iter().position(fits)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table charges each kind its upkeep where it needs supply,
    /// nothing elsewhere, as the kind's row says.
    #[test]
    fn each_kind_is_charged_as_its_row_says() {
        for k in Kind::all() {
            let row = k.row();
            let want = if row.needs_supply { i32::from(row.upkeep) } else { 0 };
            assert_eq!(CHARGE[usize::from(k.0)], want, "{}", row.name);
        }
        assert!(CHARGE[BUILT_IN.len()..].iter().all(|&c| c == 0));
    }
}
