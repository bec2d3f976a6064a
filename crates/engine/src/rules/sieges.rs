//! City State sieges (C6, C8, the siege key). A unit behind the walls is a
//! force on the board at its centre's walls place (`mil-walls`, written
//! `((mil))`); the movement phases it has spent there are the state slot
//! `sieges` (C9, `siege_phase.rs`). Here: what a unit behind the walls may
//! order and who may support it (C6), the raise of a siege (C8), the
//! centre it keeps (C6), and the key `siege <centre> <power> <kind>
//! <phases>` that names such a unit in case files and position JSON.

use super::options::{flag, Names};
use super::state_text::{province_index, PositionCodec};
use super::{siege_phase, walls, Entry, Mechanic, Rules};
use crate::order::Action;
use crate::outcome::Illegal;
use crate::outcome::OrderResult;
use crate::state::json::{cannot_stand, force_text};
use crate::state::{Force, Kind, Position, VariantState};
use crate::variant::PhaseKind;
use crate::variant::{LocId, PowerId, ProvinceId, Variant};

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
        return Err(Illegal::WallsHoldOrAttack);
    }
    match action {
        Action::SupportHold { unit } | Action::SupportMove { unit, .. } | Action::Convoy { unit, .. }
            if walls_of(v, unit.loc).is_some() =>
        {
            Err(Illegal::WallsUnsupported)
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
        return Err(Illegal::WallsHoldOrAttack);
    }
    besieged(v, forces, dest).map(|_| ()).ok_or(Illegal::NoSiege)
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

fn read_siege(v: &Variant, index: &str, value: &str, pos: &mut Position) -> Result<(), String> {
    let centre = province_index(v, index)?;
    let walls = v.province(centre).walls.ok_or_else(|| format!("`{index}` has no walls (only a supply centre has)"))?;
    let [power, kind, phases] = value.split_whitespace().collect::<Vec<_>>()[..] else {
        return Err(format!("`{value}`: expected `<power> <kind> <phases>`, as `Milan A 1`"));
    };
    let power = v.power_named(power)?;
    let kind = Kind::from_code(kind)
        .filter(|&k| v.has_kind(k))
        .ok_or_else(|| format!("`{kind}`: expected a kind of unit of {} (A, F, DA)", v.name))?;
    let phases: u8 = phases
        .parse()
        .ok()
        .filter(|&n| n < 2)
        .ok_or_else(|| format!("`{phases}`: expected 0 or 1, the movement phases spent behind the walls (C9 disbands a unit after its second)"))?;
    let force = Force::single(power, kind, LocId::of_province(walls));
    if let Some(why) = cannot_stand(v, &force.components, force.loc) {
        return Err(why);
    }
    if force.is_fleet() && !v.province(centre).flags.port {
        return Err(format!("a fleet may be behind the walls only in a port (C5), and `{index}` is none"));
    }
    match pos.forces.iter().find(|f| v.province_of(f.loc) == walls) {
        // Position JSON lists the unit among the units too: they must agree.
        Some(f) if f.power == power && f.components == force.components => {}
        Some(f) => {
            return Err(format!("the unit behind the walls of `{index}` is `{}`, not `{value}`", force_text(v, f)))
        }
        None => pos.forces.push(force),
    }
    set_phases(&mut pos.state, centre, phases);
    Ok(())
}

/// Centres have a place behind their walls, entered only by a retreat
/// (City State C5, `walls.rs`); the sieges there (C6-C9, here and
/// `siege_phase.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sieges;

impl Mechanic for Sieges {
    const OPTION: &'static str = "sieges";
    const RANK: u8 = 18;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, String> {
        flag(value, Sieges)
    }

    fn describe(&self, _: &Variant) -> String {
        "sieges".into()
    }

    fn position_codec(&self) -> Option<&'static PositionCodec> {
        Some(&SIEGE)
    }

    fn may_enter(&self, v: &Variant, force: &Force, dest: ProvinceId, entry: Entry) -> Result<(), Illegal> {
        walls::may_enter(v, force, dest, entry)
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
        siege_phase::after_phase(v, kind, results, next);
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
