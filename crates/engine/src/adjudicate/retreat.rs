//! A retreat phase: dislodged forces retreat or disband. A retreat may not
//! go to an occupied province, to a province left empty by a standoff, or to
//! where the attacker came from (unless it came by convoy, DATC 4.A.5). Two
//! retreats to one province both disband; a force with no order disbands.

use super::outcome::{Illegal, OrderResult, Reason, Verdict};
use super::plan::may_enter;
use crate::order::{Action, Order};
use crate::rules::Entry;
use crate::state::{Dislodged, Moves, Position};
use crate::variant::{LocId, ProvinceId, Terrain, Variant};
use std::borrow::Cow;

/// Where a dislodged force may retreat.
pub fn retreat_options(v: &Variant, pos: &Position, d: &Dislodged) -> Vec<LocId> {
    options(v, &occupied(v, pos), &pos.contested, d)
}

/// Which provinces hold a force (a box never counts: it holds any
/// number, C10).
fn occupied(v: &Variant, pos: &Position) -> Vec<bool> {
    let mut occupied = vec![false; v.province_count()];
    for f in &pos.forces {
        occupied[v.province_of(f.loc).index()] = true;
    }
    for b in &v.boxes {
        occupied[b.index()] = false;
    }
    occupied
}

fn options(v: &Variant, occupied: &[bool], contested: &[ProvinceId], d: &Dislodged) -> Vec<LocId> {
    let from = v.province_of(d.force.loc);
    let open = |p: ProvinceId| {
        !occupied[p.index()]
            && !contested.contains(&p)
            && (d.attacker_from != Some(p) || d.by_convoy)
            && !d.also_from.contains(&p)
            && may_enter(v, &d.force, p, Entry::Retreat).is_ok()
    };
    match d.force.moves_as() {
        Moves::Fleet => {
            v.fleet_neighbours[d.force.loc.index()].iter().copied().filter(|&l| open(v.province_of(l)) && seaworthy_at(v, &d.force, v.province_of(l))).collect()
        }
        _ => v.army_neighbours[from.index()].iter().copied().filter(|&p| open(p)).map(LocId::of_province).collect(),
    }
}

/// An army component may be carried only into a province a fleet part can
/// hold it in: for a one-component fleet, always.
fn seaworthy_at(v: &Variant, force: &crate::state::Force, p: ProvinceId) -> bool {
    v.province(p).terrain != Terrain::Sea || force.seaworthy()
}

pub fn retreat<'a>(v: &Variant, pos: &Position, orders: &'a [Order]) -> (Vec<OrderResult<'a>>, Position) {
    let n = pos.dislodged.len();
    let occupied = occupied(v, pos);
    let mut chosen: Vec<Option<(usize, Option<LocId>)>> = vec![None; n];
    let mut results: Vec<Option<OrderResult<'a>>> = vec![None; orders.len()];
    for (i, order) in orders.iter().enumerate() {
        let illegal = |why| Some(OrderResult { order: Cow::Borrowed(order), verdict: Verdict::Illegal, reason: Reason::Illegal(why) });
        let Some(unit) = &order.unit else {
            results[i] = illegal(Illegal::WrongPhase);
            continue;
        };
        let p = v.province_of(unit.loc);
        let Some(d) = pos.dislodged.iter().position(|d| v.province_of(d.force.loc) == p) else {
            results[i] = illegal(if pos.force_in(v, p).is_some() { Illegal::NotDislodged } else { Illegal::NoUnit });
            continue;
        };
        if order.power.is_some_and(|pw| !v.same_player(pw, pos.dislodged[d].force.power)) {
            results[i] = illegal(Illegal::NotYourUnit);
            continue;
        }
        if chosen[d].is_some() {
            results[i] = illegal(Illegal::AlreadyOrdered);
            continue;
        }
        let to = match order.action {
            Action::Retreat { to } | Action::Move { to, .. } => match retreat_to(v, pos, &occupied, &pos.dislodged[d], to) {
                Ok(l) => Some(l),
                Err(why) => {
                    results[i] = illegal(why);
                    continue;
                }
            },
            Action::Disband | Action::Remove => None,
            _ => {
                results[i] = illegal(Illegal::WrongPhase);
                continue;
            }
        };
        chosen[d] = Some((i, to));
    }
    let mut next = Position { dislodged: Vec::new(), contested: Vec::new(), ..pos.clone() };
    let mut unordered = Vec::new();
    for (d, dislodged) in pos.dislodged.iter().enumerate() {
        let Some((i, to)) = chosen[d] else {
            let order = Order::for_force(&dislodged.force, Action::Disband);
            unordered.push(OrderResult { order: Cow::Owned(order), verdict: Verdict::Success, reason: Reason::NoOrder });
            continue;
        };
        let (verdict, reason) = match to {
            None => (Verdict::Success, Reason::Disbanded),
            Some(l) => {
                // Several retreats to one province: the strongest arrives; if
                // the strongest are equal, all disband (M11; in standard
                // Diplomacy every force is 1, so all disband). A box takes
                // them all (C10).
                let mine = dislodged.force.strength();
                let beaten = !v.is_box(v.province_of(l))
                    && chosen.iter().enumerate().any(|(e, c)| {
                        e != d && matches!(c, Some((_, Some(o))) if v.province_of(*o) == v.province_of(l)) && pos.dislodged[e].force.strength() >= mine
                    });
                if beaten {
                    (Verdict::Failure, Reason::RetreatBounced)
                } else {
                    next.insert_in_order(crate::state::Force { loc: l, ..dislodged.force.clone() });
                    (Verdict::Success, Reason::Retreated)
                }
            }
        };
        results[i] = Some(OrderResult { order: Cow::Borrowed(&orders[i]), verdict, reason });
    }
    let mut results: Vec<OrderResult> = results.into_iter().map(|r| r.expect("every order has a result")).collect();
    results.extend(unordered);
    next.normalize();
    (results, next)
}

fn retreat_to(v: &Variant, pos: &Position, occupied: &[bool], d: &Dislodged, to: LocId) -> Result<LocId, Illegal> {
    let options = options(v, occupied, &pos.contested, d);
    let dest = v.province_of(to);
    // DATC 4.B.6: a coast means nothing to a force without fleets (`A nwy R
    // stp/sc`, as Droidippy's records write it), so it is not read.
    let coast_given = v.loc(to).coast.is_some() && d.force.kinds()[1] > 0;
    let fits: Vec<LocId> = options.iter().copied().filter(|&l| v.province_of(l) == dest && (!coast_given || l == to)).collect();
    match fits.as_slice() {
        [l] => Ok(*l),
        [_, _, ..] => Err(Illegal::CoastNeeded),
        [] => Err(if let Err(why) = may_enter(v, &d.force, dest, Entry::Retreat) {
            why
        } else if pos.force_in(v, dest).is_some() {
            Illegal::RetreatOccupied
        } else if pos.contested.contains(&dest) {
            Illegal::RetreatContested
        } else if d.attacker_from == Some(dest) || d.also_from.contains(&dest) {
            // (Also a merge member's origin, M11, and the walls a raise
            // reopened, City State C8.)
            Illegal::RetreatToAttackerOrigin
        } else {
            Illegal::NotAdjacent
        }),
    }
}
