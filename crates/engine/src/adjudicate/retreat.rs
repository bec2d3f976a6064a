//! A retreat phase: dislodged forces retreat or disband. A retreat may not
//! go to an occupied province, to a province left empty by a standoff, or to
//! where the attacker came from (unless it came by convoy, DATC 4.A.5). Two
//! retreats to one province both disband; a force with no order disbands.

use super::context::Scratch;
use super::outcome::{Illegal, OrderResult, Reason};
use super::plan::may_enter;
use crate::order::{Action, Order};
use crate::rules::Entry;
use crate::state::{board_order, Dislodged, InOrder, Moves, Position};
use crate::variant::{LocId, ProvinceId, Terrain, Variant};
use std::borrow::Cow;

/// Where a dislodged force may retreat.
pub fn retreat_options(v: &Variant, pos: &Position, d: &Dislodged) -> Vec<LocId> {
    let mut occupied = Vec::new();
    occupied_into(v, pos, &mut occupied);
    let mut out = Vec::new();
    options(v, &occupied, &pos.contested, d, |l| out.push(l));
    out
}

/// Whether each dislodged force of `pos` has somewhere to retreat, in the
/// order of `pos.dislodged` (`retreat_options` not empty), with the board's
/// occupancy found once for them all.
pub fn can_retreat(v: &Variant, pos: &Position) -> Vec<bool> {
    if pos.dislodged.is_empty() {
        return Vec::new();
    }
    let mut occupied = Vec::new();
    occupied_into(v, pos, &mut occupied);
    let somewhere = |d| {
        let mut found = false;
        options(v, &occupied, &pos.contested, d, |_| found = true);
        found
    };
    pos.dislodged.iter().map(somewhere).collect()
}

/// Which provinces hold a force (a box never counts: it holds any
/// number, C10); whether the forces are in order (`InOrder`), seen on the
/// way.
fn occupied_into(v: &Variant, pos: &Position, occupied: &mut Vec<bool>) -> InOrder {
    occupied.clear();
    occupied.resize(v.province_count(), false);
    let mut in_order = InOrder::new();
    for f in &pos.forces {
        occupied[v.province_of(f.loc).index()] = true;
        in_order.see(f);
    }
    for b in &v.boxes {
        occupied[b.index()] = false;
    }
    in_order
}

/// May `d` retreat into province `p` (a neighbour)?
fn open(v: &Variant, occupied: &[bool], contested: &[ProvinceId], d: &Dislodged, p: ProvinceId) -> bool {
    !occupied[p.index()]
        && !contested.contains(&p)
        && (d.attacker_from != Some(p) || d.by_convoy)
        && !d.also_from.contains(&p)
        && may_enter(v, &d.force, p, Entry::Retreat).is_ok()
}

/// Calls `found` with every location `d` may retreat to.
fn options(v: &Variant, occupied: &[bool], contested: &[ProvinceId], d: &Dislodged, mut found: impl FnMut(LocId)) {
    let from = v.province_of(d.force.loc);
    let open = |p: ProvinceId| open(v, occupied, contested, d, p);
    match d.force.moves_as() {
        Moves::Fleet => {
            for &l in &v.fleet_neighbours[d.force.loc.index()] {
                if open(v.province_of(l)) && seaworthy_at(v, &d.force, v.province_of(l)) {
                    found(l);
                }
            }
        }
        _ => {
            for &p in &v.army_neighbours[from.index()] {
                if open(p) {
                    found(LocId::of_province(p));
                }
            }
        }
    }
}

/// An army component may be carried only into a province a fleet part can
/// hold it in: for a one-component fleet, always.
fn seaworthy_at(v: &Variant, force: &crate::state::Force, p: ProvinceId) -> bool {
    v.province(p).terrain != Terrain::Sea || force.seaworthy()
}

// (Out of line: inlined into `judge` and `adjudicate_into`, it cost the
// retreat some 120 instructions more, as LLVM then compiled it.)
#[inline(never)]
pub fn retreat<'a>(
    v: &Variant,
    scratch: &mut Scratch,
    pos: &Position,
    orders: &'a [Order],
    results: &mut Vec<OrderResult<'a>>,
    next: &mut Position,
) {
    let n = pos.dislodged.len();
    // (Each retreat goes where board order puts it: a board in order
    // stays so, and need not be normalized.)
    let mut in_order = occupied_into(v, pos, &mut scratch.occupied).so_far;
    let occupied = &scratch.occupied;
    let chosen = &mut scratch.chosen;
    chosen.clear();
    chosen.resize(n, None);
    // Each order's verdict (None: legal, to be judged with the others).
    let verdicts = &mut scratch.verdicts;
    verdicts.clear();
    for order in orders {
        let i = verdicts.len();
        verdicts.push(None);
        let illegal = |why| Some(Reason::Illegal(why));
        let Some(unit) = &order.unit else {
            verdicts[i] = illegal(Illegal::WrongPhase);
            continue;
        };
        let p = v.province_of(unit.loc);
        let Some(d) = pos.dislodged.iter().position(|d| v.province_of(d.force.loc) == p) else {
            verdicts[i] = illegal(if pos.force_in(v, p).is_some() { Illegal::NotDislodged } else { Illegal::NoUnit });
            continue;
        };
        if order.power.is_some_and(|pw| !v.same_player(pw, pos.dislodged[d].force.power)) {
            verdicts[i] = illegal(Illegal::NotYourUnit);
            continue;
        }
        if chosen[d].is_some() {
            verdicts[i] = illegal(Illegal::AlreadyOrdered);
            continue;
        }
        let to = match order.action {
            Action::Retreat { to } | Action::Move { to, .. } => {
                match retreat_to(v, pos, occupied, &pos.dislodged[d], to) {
                    Ok(l) => Some(l),
                    Err(why) => {
                        verdicts[i] = illegal(why);
                        continue;
                    }
                }
            }
            Action::Disband | Action::Remove => None,
            _ => {
                verdicts[i] = illegal(Illegal::WrongPhase);
                continue;
            }
        };
        chosen[d] = Some((i, to));
    }
    let arrivals = &mut scratch.arrivals;
    arrivals.clear();
    for (d, dislodged) in pos.dislodged.iter().enumerate() {
        let Some((i, to)) = chosen[d] else { continue };
        let reason = match to {
            None => Reason::Disbanded,
            Some(l) => {
                // Several retreats to one province: the strongest arrives; if
                // the strongest are equal, all disband (M11; in standard
                // Diplomacy every force is 1, so all disband). A box takes
                // them all (C10).
                let mine = dislodged.force.strength();
                let beaten = !v.is_box(v.province_of(l))
                    && chosen.iter().enumerate().any(|(e, c)| {
                        e != d
                            && matches!(c, Some((_, Some(o))) if v.province_of(*o) == v.province_of(l))
                            && pos.dislodged[e].force.strength() >= mine
                    });
                if beaten {
                    Reason::RetreatBounced
                } else {
                    in_order &= dislodged.force.components.len() < 2;
                    arrivals.push(crate::state::Force { loc: l, ..dislodged.force.clone() });
                    Reason::Retreated
                }
            }
        };
        verdicts[i] = Some(reason);
    }
    if in_order {
        // (Placed as the board is copied, instead of each one moving the
        // forces after it; put in board order first by insertion: a few
        // forces, for which the library's sort costs more.)
        for i in 1..arrivals.len() {
            let mut j = i;
            while j > 0 && board_order(&arrivals[j - 1], &arrivals[j]).is_gt() {
                arrivals.swap(j - 1, j);
                j -= 1;
            }
        }
        next.copy_board_adding(pos, arrivals);
    } else {
        next.copy_board(pos, arrivals.len());
        for arrival in arrivals.drain(..) {
            next.insert_in_order(arrival);
        }
    }
    results.reserve(orders.len() + n);
    results.extend(
        orders.iter().zip(verdicts.iter()).map(|(order, v)| OrderResult {
            order: Cow::Borrowed(order),
            reason: v.expect("every order has a result"),
        }),
    );
    for (d, dislodged) in pos.dislodged.iter().enumerate() {
        if chosen[d].is_none() {
            let order = Order::for_force(&dislodged.force, Action::Disband);
            results.push(OrderResult { order: Cow::Owned(order), reason: Reason::NoOrder });
        }
    }
    if !in_order {
        next.normalize();
    }
}

fn retreat_to(v: &Variant, pos: &Position, occupied: &[bool], d: &Dislodged, to: LocId) -> Result<LocId, Illegal> {
    let dest = v.province_of(to);
    // DATC 4.B.6: a coast means nothing to a force without fleets (`A nwy R
    // stp/sc`, as Droidippy's records write it), so it is not read.
    let coast_given = v.loc(to).coast.is_some() && d.force.kinds()[1] > 0;
    let (mut fits, mut first) = (0usize, to);
    if d.force.moves_as() == Moves::Army {
        // (An army's options are its province's neighbours, each once:
        // only the one named is asked whether it is open.)
        let from = v.province_of(d.force.loc);
        if v.army_neighbours[from.index()].contains(&dest) && open(v, occupied, &pos.contested, d, dest) {
            (fits, first) = (1, LocId::of_province(dest));
        }
    } else {
        options(v, occupied, &pos.contested, d, |l| {
            if v.province_of(l) == dest && (!coast_given || l == to) {
                fits += 1;
                first = l;
            }
        });
    }
    match fits {
        1 => Ok(first),
        2.. => Err(Illegal::CoastNeeded),
        0 => Err(if let Err(why) = may_enter(v, &d.force, dest, Entry::Retreat) {
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

#[cfg(test)]
mod tests {
    use super::can_retreat;
    use crate::adjudicate::{adjudicate, retreat_options};
    use crate::state::{board_order, Dislodged, Force, Kind, Position};
    use crate::variant::embedded_variant;

    /// A retreat normalizes the board it copies unless it saw the board in
    /// order: from the same forces listed backwards, the same next
    /// position, in board order.
    #[test]
    fn a_board_out_of_order_is_put_in_order_by_a_retreat() {
        let v = embedded_variant("standard").expect("built in").expect("loads");
        let mut pos = Position::start(&v);
        pos.phase = v.calendar.parse_phase("Spring 1901, Retreat").expect("a phase of standard");
        let vienna = pos.forces.iter().position(|f| f.loc == v.find_loc("vie").unwrap()).unwrap();
        let army = pos.forces.remove(vienna);
        let gal = v.find_loc("gal").unwrap();
        let force = Force::single(army.power, Kind::ARMY, gal);
        pos.dislodged.push(Dislodged { force, attacker_from: None, by_convoy: false, also_from: Vec::new() });
        let in_order = adjudicate(&v, &pos, &[]).next;
        assert!(in_order.forces.is_sorted_by(|a, b| board_order(a, b).is_lt()));
        assert_eq!(in_order.forces.len(), 21, "the army with no order disbands");
        pos.forces.reverse();
        assert_eq!(adjudicate(&v, &pos, &[]).next, in_order);
    }

    /// `can_retreat` says of each dislodged force what `retreat_options`
    /// says of it alone: an army in Galicia hemmed in by the units around
    /// it has nowhere to go, one in Tyrolia has somewhere.
    #[test]
    fn can_retreat_agrees_with_the_options_of_each_force() {
        let v = embedded_variant("standard").expect("built in").expect("loads");
        let mut pos = Position::start(&v);
        pos.phase = v.calendar.parse_phase("Spring 1901, Retreat").expect("a phase of standard");
        let power = pos.forces[0].power;
        let army = |at: &str| Force::single(power, Kind::ARMY, v.find_loc(at).unwrap());
        let dislodged = |force| Dislodged { force, attacker_from: None, by_convoy: false, also_from: Vec::new() };
        let (gal, tyr) = (dislodged(army("gal")), dislodged(army("tyr")));
        for at in ["boh", "sil", "ukr", "rum"] {
            pos.forces.push(army(at));
        }
        pos.forces.sort_by(board_order);
        pos.dislodged = vec![gal, tyr];
        let each: Vec<bool> = pos.dislodged.iter().map(|d| !retreat_options(&v, &pos, d).is_empty()).collect();
        assert_eq!(each, [false, true]);
        assert_eq!(can_retreat(&v, &pos), each);
        pos.dislodged.clear();
        assert!(can_retreat(&v, &pos).is_empty());
    }
}
