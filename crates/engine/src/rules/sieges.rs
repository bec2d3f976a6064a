//! City State sieges (C6, C8, the siege key). A unit behind the walls is a
//! force on the board at its centre's walls place (`mil-walls`, written
//! `((mil))`); the movement phases it has spent there are the state slot
//! `sieges` (C9, below). Here: what a unit behind the walls may
//! order and who may support it (C6), the raise of a siege (C8), the
//! centre it keeps (C6), and the key `siege <centre> <power> <kind>
//! <phases>` that names such a unit in case files and position JSON.
//!
//! ## Behind the walls (C5)
//!
//! City State C5: the place behind a centre's walls (`mil-walls`) is
//! entered only by a retreat of a unit dislodged from that centre, and by a
//! fleet only at a port. No unit moves or supports into it.
//!
//! ## At the end of a phase (C7, C8, C9)
//!
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

use super::options::{flag, Names, OptionError};
use super::state_text::{province_index, PositionCodec};
use super::StateError;
use super::{Entry, Mechanic, Rules};
use crate::order::{Action, Order};
use crate::outcome::SiegeReason;
use crate::outcome::{Illegal, OrderResult, Reason, SiegeIllegal, Verdict};
use crate::state::json::{cannot_stand, force_text};
use crate::state::{Force, Kind, Position, VariantState};
use crate::variant::{LocId, PhaseKind, PowerId, ProvinceId, Variant};
use std::borrow::Cow;

/// The centre whose walls `loc` is behind, if it is behind walls.
pub fn walls_of(v: &Variant, loc: LocId) -> Option<ProvinceId> {
    v.province(v.province_of(loc)).walls_of
}

/// The force behind the walls of centre `p`, if any.
pub fn besieged<'a>(v: &Variant, forces: &'a [Force], p: ProvinceId) -> Option<&'a Force> {
    let walls = v.province(p).walls?;
    forces.iter().find(|f| v.province_of(f.loc) == walls)
}

/// C6: a unit behind the walls may stand or attack its province only (the
/// map gives its walls no other border), never support or convoy; no order
/// supports or convoys a unit behind the walls.
pub fn may_order(v: &Variant, body: &Force, action: &Action) -> Result<(), Illegal> {
    if walls_of(v, body.loc).is_some() && !matches!(action, Action::Hold | Action::Move { .. }) {
        return Err(Illegal::Siege(SiegeIllegal::HoldOrAttack));
    }
    match action {
        Action::SupportHold { unit } | Action::SupportMove { unit, .. } | Action::Convoy { unit, .. }
            if walls_of(v, unit.loc).is_some() =>
        {
            Err(Illegal::Siege(SiegeIllegal::Unsupported))
        }
        _ => Ok(()),
    }
}

/// C8: may `body` raise the siege of `dest` (`A pav R lod` in a movement
/// phase)? Only a unit outside the walls, of a province whose walls hold a
/// unit; the planner then checks that it could move there (by land or by
/// convoy: C8).
pub fn may_raise(v: &Variant, forces: &[Force], body: &Force, dest: ProvinceId) -> Result<(), Illegal> {
    if walls_of(v, body.loc).is_some() {
        return Err(Illegal::Siege(SiegeIllegal::HoldOrAttack));
    }
    besieged(v, forces, dest).map(|_| ()).ok_or(Illegal::Siege(SiegeIllegal::NoSiege))
}

/// C6 (seed: "A unit 'behind the walls' controls the supply centre"): a
/// centre whose walls hold a unit is that unit's power's, whoever stands in
/// the province.
pub fn capture(v: &Variant, forces: &[Force], p: ProvinceId) -> Option<PowerId> {
    besieged(v, forces, p).map(|f| f.power)
}

/// The movement phases the unit behind the walls of `centre` has spent
/// there (0 when the slot does not list it).
pub fn phases(state: &VariantState, centre: ProvinceId) -> u8 {
    state.sieges.iter().find(|&&(c, _)| c == centre).map_or(0, |&(_, n)| n)
}

/// Sets the count of centre `centre`, kept in province order; a count of 0
/// is no entry (so that equal positions compare equal).
pub fn set_phases(state: &mut VariantState, centre: ProvinceId, n: u8) {
    state.sieges.retain(|&(c, _)| c != centre);
    if n > 0 {
        state.sieges.push((centre, n));
        state.sieges.sort_unstable();
    }
}

/// `siege mil Milan A 1`: Milan's army behind the walls of Milano, one
/// movement phase spent there. Read, it puts the force on the board (or
/// checks the one position JSON lists among the units) and sets the count.
pub const SIEGE: PositionCodec = PositionCodec {
    key: "siege",
    shown: true,
    write: |v, pos, out| {
        for f in &pos.forces {
            if let Some(centre) = walls_of(v, f.loc) {
                let kind = f.components.first().map_or("?", |c| c.kind.letter());
                out(
                    v.province(centre).abbr.clone(),
                    format!("{} {kind} {}", v.power(f.power).name, phases(&pos.state, centre)),
                );
            }
        }
    },
    read: read_siege,
};

fn read_siege(v: &Variant, index: &str, value: &str, pos: &mut Position) -> Result<(), StateError> {
    let centre = province_index(v, index)?;
    let walls = v
        .province(centre)
        .walls
        .ok_or_else(|| StateError::ruled_out(format!("`{index}` has no walls (only a supply centre has)")))?;
    let [power, kind, phases] = value.split_whitespace().collect::<Vec<_>>()[..] else {
        return Err(StateError::value(value, "expected `<power> <kind> <phases>`, as `Milan A 1`"));
    };
    let power = v.power_named(power)?;
    let kind = Kind::from_code(kind)
        .filter(|&k| v.has_kind(k))
        .ok_or_else(|| StateError::value(kind, format!("expected a kind of unit of {} (A, F, DA)", v.name)))?;
    let phases: u8 = phases.parse().ok().filter(|&n| n < 2).ok_or_else(|| {
        StateError::value(
            phases,
            "expected 0 or 1, the movement phases spent behind the walls (C9 disbands a unit after its second)",
        )
    })?;
    let force = Force::single(power, kind, LocId::of_province(walls));
    if let Some(why) = cannot_stand(v, &force.components, force.loc) {
        return Err(StateError::RuledOut(why));
    }
    if force.is_fleet() && !v.province(centre).flags.port {
        return Err(StateError::ruled_out(format!(
            "a fleet may be behind the walls only in a port (C5), and `{index}` is none"
        )));
    }
    match pos.forces.iter().find(|f| v.province_of(f.loc) == walls) {
        // Position JSON lists the unit among the units too: they must agree.
        Some(f) if f.power == power && f.components == force.components => {}
        Some(f) => {
            return Err(StateError::ruled_out(format!(
                "the unit behind the walls of `{index}` is `{}`, not `{value}`",
                force_text(v, f)
            )))
        }
        None => pos.forces.push(force),
    }
    set_phases(&mut pos.state, centre, phases);
    Ok(())
}

/// Centres have a place behind their walls, entered only by a retreat
/// (City State C5); the sieges there (C6-C9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sieges;

impl Mechanic for Sieges {
    const OPTION: &'static str = "sieges";
    const RANK: u8 = 18;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        flag(value, Sieges)
    }

    fn describe(&self, _: &Variant) -> String {
        "sieges".into()
    }

    fn position_codec(&self) -> Option<&'static PositionCodec> {
        Some(&SIEGE)
    }

    fn may_enter(&self, v: &Variant, force: &Force, dest: ProvinceId, entry: Entry) -> Result<(), Illegal> {
        may_enter_walls(v, force, dest, entry)
    }

    fn may_order(
        &self,
        v: &Variant,
        _: &VariantState,
        _: &[Force],
        body: &Force,
        action: &Action,
    ) -> Result<(), Illegal> {
        may_order(v, body, action)
    }

    fn may_raise(&self, v: &Variant, forces: &[Force], body: &Force, dest: ProvinceId) -> Option<Result<(), Illegal>> {
        Some(may_raise(v, forces, body, dest))
    }

    fn raises_sieges(&self) -> bool {
        true
    }

    fn after_phase(
        &self,
        _: &Rules,
        v: &Variant,
        kind: PhaseKind,
        _: &Position,
        results: &mut Vec<OrderResult<'_>>,
        next: &mut Position,
    ) {
        end_of_phase(v, kind, results, next);
    }

    fn capture(
        &self,
        _: &Rules,
        v: &Variant,
        forces: &[Force],
        _: &mut VariantState,
        p: ProvinceId,
        _: PowerId,
        _: Option<PowerId>,
        decided: &mut Option<PowerId>,
    ) {
        if decided.is_none() {
            *decided = capture(v, forces, p);
        }
    }
}

/// May `force` go into `dest` by `entry`, if `dest` is behind walls?
fn may_enter_walls(v: &Variant, force: &Force, dest: ProvinceId, entry: Entry) -> Result<(), Illegal> {
    let Some(centre) = v.province(dest).walls_of else { return Ok(()) };
    match entry {
        Entry::Move | Entry::Support => Err(Illegal::Siege(SiegeIllegal::ByRetreatOnly)),
        Entry::Retreat if force.is_fleet() && !v.province(centre).flags.port => {
            Err(Illegal::Siege(SiegeIllegal::FleetOnlyAtPort))
        }
        Entry::Retreat => Ok(()),
    }
}

/// Hook `after_phase` for sieges.
fn end_of_phase(v: &Variant, kind: PhaseKind, results: &mut Vec<OrderResult<'_>>, next: &mut Position) {
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
            reason: Reason::Siege(SiegeReason::SiegeLost),
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
