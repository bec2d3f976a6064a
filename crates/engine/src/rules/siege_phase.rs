//! City State sieges at the end of a phase, before centres change hands:
//! the raise's dislodged unit kept from the walls (C8), the unit behind the
//! walls back in its empty province (C7), and, after a movement, the count
//! of the phases spent behind the walls and the disbanding after the second
//! (C9). C7 comes before C9: a province left empty is reoccupied, and the
//! unit is then no longer behind the walls.
//!
//! Readings (docs/variants/city_state.md): the two movement phases of C9
//! must follow one another, so a phase that does not count (a fleet whose
//! port is not closed all round, a siege by a double army) starts the
//! count again; the count is of phases spent behind the walls, so the one
//! in which the unit retreated there is not one.

use super::sieges::{phases, set_phases, walls_of};
use crate::order::{Action, Order};
use crate::outcome::{OrderResult, Reason, Verdict};
use crate::state::{Force, Kind, Position};
use crate::variant::{LocId, PhaseKind, ProvinceId, Variant};
use std::borrow::Cow;

/// Hook `after_phase` for sieges.
pub fn after_phase(v: &Variant, kind: PhaseKind, results: &mut Vec<OrderResult<'_>>, next: &mut Position) {
    if kind == PhaseKind::Movement {
        keep_raised_from_walls(v, results, next);
    }
    let moved = reoccupy(v, next);
    if kind == PhaseKind::Movement {
        count(v, results, next);
    }
    next.state.sieges.retain(|&(c, _)| next.forces.iter().any(|f| walls_of(v, f.loc) == Some(c)));
    if moved {
        next.normalize();
    }
}

/// C8: a unit dislodged by a raise retreats as usual, not to the raiser's
/// province (it is the attacker's origin) and not behind the walls the
/// besieged unit leaves to reoccupy the province (they are closed to it as
/// a merge member's origin is). A raise is known by its order and verdict
/// (`R`, a retreat order, that succeeded in a movement phase), not by its
/// reason, which another hook run before this one may have rewritten.
fn keep_raised_from_walls(v: &Variant, results: &[OrderResult<'_>], next: &mut Position) {
    for r in results.iter().filter(|r| r.verdict() == Verdict::Success) {
        let Action::Retreat { to } = r.order.action else { continue };
        let dest = v.province_of(to);
        let Some(walls) = v.province(dest).walls else { continue };
        for d in next.dislodged.iter_mut().filter(|d| v.province_of(d.force.loc) == dest) {
            d.also_from.push(walls);
        }
    }
}

/// C7: every unit behind the walls of an empty province goes back into it.
/// True when one did.
fn reoccupy(v: &Variant, next: &mut Position) -> bool {
    let mut moved = false;
    for i in 0..next.forces.len() {
        let Some(centre) = walls_of(v, next.forces[i].loc) else { continue };
        if next.force_in(v, centre).is_none() {
            next.forces[i].loc = LocId::of_province(centre);
            moved = true;
        }
    }
    moved
}

/// C9: after a movement, each unit still behind the walls has spent one
/// more phase there, if the phase counts; after its second it is
/// disbanded.
fn count(v: &Variant, results: &mut Vec<OrderResult<'_>>, next: &mut Position) {
    let mut disbanded = Vec::new();
    for (i, f) in next.forces.iter().enumerate() {
        let Some(centre) = walls_of(v, f.loc) else { continue };
        let n = if counts(v, next, f, centre) { phases(&next.state, centre) + 1 } else { 0 };
        if n >= 2 {
            disbanded.push(i);
        }
        set_phases(&mut next.state, centre, n);
    }
    for i in disbanded.into_iter().rev() {
        let force = next.forces.remove(i);
        results.push(OrderResult {
            order: Cow::Owned(Order::for_force(&force, Action::Disband)),
            reason: Reason::SiegeLost,
        });
    }
}

/// Does this movement phase count for `f`, behind the walls of `centre`?
/// Not when the besieger in the province is an Imperial double army (C9:
/// "a DA cannot dislodge a unit behind the walls"); for a fleet, only when
/// every sea and coastal space next to its port holds another player's
/// unit.
fn counts(v: &Variant, pos: &Position, f: &Force, centre: ProvinceId) -> bool {
    let by_double_army =
        pos.force_in(v, centre).is_some_and(|b| b.components.iter().any(|c| c.kind == Kind::DOUBLE_ARMY));
    if by_double_army {
        return false;
    }
    !f.is_fleet() || blockaded(v, pos, f, centre)
}

/// Every sea and coastal space bordering the port `centre` holds a unit
/// of a player other than `f`'s.
fn blockaded(v: &Variant, pos: &Position, f: &Force, centre: ProvinceId) -> bool {
    let around = (0..v.province_count()).map(ProvinceId::new).filter(|&p| {
        let province = v.province(p);
        p != centre
            && province.walls_of.is_none()
            && province.terrain.holds_fleets()
            && v.any_borders.get(centre.index(), p.index())
    });
    around.into_iter().all(|p| pos.force_in(v, p).is_some_and(|o| !v.same_player(o.power, f.power)))
}
