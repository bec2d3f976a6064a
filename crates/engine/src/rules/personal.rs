//! Personal units (Triumvirate T2; generic over the kind, so that
//! Imperator's `AGC` and `PG` may reuse it): each player whose start list
//! holds a unit of the personal kind has one personal unit. In the first
//! phase he may name another of his armies instead (`DESIGNATE A xxx`, a
//! declaration); with no order it stays the one of the start list (the
//! variant writes it there: `T bel`). What the kind may do beyond an army
//! is the variant's choice: rebuild a destroyed centre by entering it, and
//! support a unit two steps away (over land or one sea).
//!
//! State: `personal <power> <province>`, where the player's personal unit
//! stands (a key that names a force on the board: reading it makes that
//! unit the personal one).

use super::options::{Names, OptionError};
use super::state_text::{province_index, PositionCodec};
use super::StateError;
use super::{Mechanic, Rules};
use crate::order::Order;
use crate::order::{Action, UnitRef};
use crate::outcome::PersonalIllegal;
use crate::outcome::PersonalReason;
use crate::outcome::{Illegal, OrderResult, Reason, Verdict};
use crate::state::{Component, Force, Kind, Position, VariantState};
use crate::variant::PhaseKind;
use crate::variant::{PowerId, ProvinceId, Terrain, Variant};

/// What the Triumvirate's offices and outlaws (T3-T7) say without the
/// Triumvirs, the players with a personal unit.
pub const NEEDED: &str = "senate, outlaws and personal_elimination need `personal_units`";

/// What a variant's personal units are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Personal {
    /// The row of the kind table (`T`).
    pub kind: Kind,
    /// Rebuilds a destroyed centre by entering it (T2; Imperator I6 for
    /// the PG).
    pub rebuilds: bool,
    /// Supports into a province two steps away (T2).
    pub far_support: bool,
}

/// The players with a personal unit: those whose start list holds one.
pub fn holders(v: &Variant, kind: Kind) -> impl Iterator<Item = PowerId> + '_ {
    v.power_ids().filter(move |&p| v.start_units.iter().any(|&(q, k, _)| q == p && k == kind))
}

/// Does `power` have a personal unit in this variant?
pub fn has_one(v: &Variant, kind: Kind, power: PowerId) -> bool {
    v.start_units.iter().any(|&(q, k, _)| q == power && k == kind)
}

/// A state key's power that must have a personal unit (a Triumvir, an
/// Imperator Commander): the power, or an error naming the key's line.
pub fn holder_named(v: &Variant, line: &str, name: &str) -> Result<PowerId, StateError> {
    let power = v.power_named(name)?;
    match v.rules.get::<Personal>() {
        Some(p) if !has_one(v, p.kind, power) => Err(StateError::ruled_out(format!(
            "`{line}`: {} is no Triumvir (a player with a personal unit)",
            v.power(power).name
        ))),
        _ => Ok(power),
    }
}

/// A state key's power that must be a Triumvir or the Senate (an heir, a
/// decreer of outlawry), where the variant has a Senate; any power
/// elsewhere.
pub fn holder_or_senate_named(v: &Variant, line: &str, name: &str) -> Result<PowerId, StateError> {
    let power = v.power_named(name)?;
    match super::offices::senate(&v.rules) {
        Some(senate) if power != senate => holder_named(v, line, name).map_err(|_| {
            StateError::ruled_out(format!(
                "`{line}`: {} is neither a Triumvir (a player with a personal unit) nor the Senate",
                v.power(power).name
            ))
        }),
        _ => Ok(power),
    }
}

/// Where `power`'s personal unit stands, if on the board.
pub fn unit_of(v: &Variant, pos: &Position, kind: Kind, power: PowerId) -> Option<ProvinceId> {
    pos.forces
        .iter()
        .find(|f| f.components.iter().any(|c| c.kind == kind && c.power == power))
        .map(|f| v.province_of(f.loc))
}

/// `DESIGNATE A xxx` by `power`: in the first phase, one of his own armies
/// becomes the personal unit, the one of the start list an army again.
pub fn designate(
    v: &Variant,
    p: &Personal,
    pos: &mut Position,
    power: PowerId,
    unit: &UnitRef,
) -> Result<Reason, Illegal> {
    if !has_one(v, p.kind, power) {
        return Err(Illegal::Personal(PersonalIllegal::NoPersonalUnit));
    }
    if pos.phase != v.calendar.first {
        return Err(Illegal::Personal(PersonalIllegal::FirstPhaseOnly));
    }
    let named = v.province_of(unit.loc);
    let start = v.start_units.iter().find(|&&(q, k, _)| q == power && k == p.kind).map(|&(_, _, l)| v.province_of(l));
    let now = unit_of(v, pos, p.kind, power);
    if now == Some(named) {
        return Ok(Reason::Personal(PersonalReason::Designated));
    }
    if now != start {
        return Err(Illegal::Personal(PersonalIllegal::Already));
    }
    let i = pos.force_index(v, named).ok_or(Illegal::NoUnit)?;
    match pos.forces[i].components[..] {
        [c] if c.power == power && c.kind == Kind::ARMY => {}
        _ => return Err(Illegal::Personal(PersonalIllegal::ArmyOnly)),
    }
    for f in pos.forces.iter_mut() {
        for c in f.components.iter_mut().filter(|c| c.power == power && c.kind == p.kind) {
            c.kind = Kind::ARMY;
        }
    }
    pos.forces[i].components[0].kind = p.kind;
    Ok(Reason::Personal(PersonalReason::Designated))
}

/// Hook `reach` (support): may `force`, holding a personal unit, support
/// into `dest` two steps away, over land or over one sea (T2)? Asked only
/// where an army could not reach it in one.
pub fn reaches_far(v: &Variant, p: &Personal, force: &Force, dest: ProvinceId) -> bool {
    if !p.far_support || !force.components.iter().any(|c| c.kind == p.kind) || v.province(dest).terrain == Terrain::Sea
    {
        return false;
    }
    let from = v.province_of(force.loc).index();
    (0..v.province_count()).any(|m| {
        let sea = v.province(ProvinceId::new(m)).terrain == Terrain::Sea;
        if sea {
            v.any_borders.get(from, m) && v.any_borders.get(m, dest.index())
        } else {
            v.army_borders.get(from, m) && v.army_borders.get(m, dest.index())
        }
    })
}

/// After a movement or a retreat: a personal unit that entered a
/// destroyed centre rebuilds it (T2: "simply by passing through them in
/// any turn"; a retreat enters too).
pub fn after_movement(v: &Variant, p: &Personal, results: &mut [OrderResult<'_>], next: &mut Position) {
    if p.rebuilds {
        rebuild_in_passing(v, results, next, |_, c| c.kind == p.kind);
    }
}

/// After a movement or a retreat: a unit `rebuilder` names (T2: the
/// personal unit; Imperator I6, I7: the PG, a Rival's PG(R)) that entered
/// a destroyed centre rebuilds it (a retreat enters too).
pub fn rebuild_in_passing(
    v: &Variant,
    results: &mut [OrderResult<'_>],
    next: &mut Position,
    rebuilder: impl Fn(&VariantState, &Component) -> bool,
) {
    for r in results.iter_mut().filter(|r| r.verdict() == Verdict::Success) {
        let (Action::Move { to, .. } | Action::Retreat { to }) = r.order.action else { continue };
        let dest = v.province_of(to);
        let personal = next.force_in(v, dest).is_some_and(|f| f.components.iter().any(|c| rebuilder(&next.state, c)));
        if personal && super::destroy::is_destroyed(&next.state, dest) {
            next.state.destroyed.retain(|&d| d != dest);
            next.state.rebuilds.retain(|b| b.centre != dest);
            r.reason = Reason::Personal(PersonalReason::RebuiltInPassing);
        }
    }
}

/// `personal caesar bel`: Caesar's personal unit stands in Belgica.
pub const PERSONAL: PositionCodec = PositionCodec {
    key: "personal",
    shown: true,
    write: |v, pos, out| {
        let Some(p) = v.rules.get::<Personal>() else { return };
        for power in holders(v, p.kind) {
            if let Some(at) = unit_of(v, pos, p.kind, power) {
                out(v.power(power).name.to_lowercase(), v.province(at).abbr.clone());
            }
        }
    },
    read: |v, power, value, pos| {
        let p = v.rules.get::<Personal>().ok_or(StateError::ruled_out("the variant has no personal units"))?;
        let power = v.power_named(power)?;
        if !has_one(v, p.kind, power) {
            return Err(StateError::ruled_out(format!("{} has no personal unit", v.power(power).name)));
        }
        let at = province_index(v, value)?;
        let i = pos.force_index(v, at).ok_or_else(|| {
            StateError::ruled_out(format!(
                "no unit in {} to be {}'s personal unit",
                v.province(at).name,
                v.power(power).name
            ))
        })?;
        match pos.forces[i]
            .components
            .iter_mut()
            .find(|c| c.power == power && (c.kind == Kind::ARMY || c.kind == p.kind))
        {
            Some(c) => c.kind = p.kind,
            None => {
                return Err(StateError::ruled_out(format!(
                    "{}'s personal unit is one of its armies; {} holds none",
                    v.power(power).name,
                    v.province(at).name
                )))
            }
        }
        Ok(())
    },
};

impl Mechanic for Personal {
    const OPTION: &'static str = "personal_units";
    const RANK: u8 = 24;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        let t = value.as_table().ok_or_else(|| OptionError::expected("a table { kind = \"T\", ... }", value))?;
        let kind = t.get("kind").and_then(|k| k.as_str()).and_then(Kind::from_code);
        let flag = |name: &str| t.get(name).and_then(|b| b.as_bool()).unwrap_or(false);
        let known = t.keys().all(|k| ["kind", "rebuilds_centres", "support_two_away"].contains(&k.as_str()));
        match kind {
            Some(kind) if known => {
                Ok(Some(Personal { kind, rebuilds: flag("rebuilds_centres"), far_support: flag("support_two_away") }))
            }
            _ => Err(OptionError::expected(
                "{ kind = \"<letter>\", rebuilds_centres = <bool>, support_two_away = <bool> }",
                value,
            )),
        }
    }

    fn describe(&self, _: &Variant) -> String {
        format!("personal units ({})", self.kind.letter())
    }

    fn kinds(&self, _: &Rules, kinds: &mut Vec<Kind>) {
        kinds.push(self.kind);
    }

    fn position_codec(&self) -> Option<&'static PositionCodec> {
        Some(&PERSONAL)
    }

    fn reaches_far(&self, v: &Variant, force: &Force, dest: ProvinceId) -> bool {
        reaches_far(v, self, force, dest)
    }

    fn after_movement(&self, _: &Rules, v: &Variant, results: &mut [OrderResult<'_>], next: &mut Position) {
        after_movement(v, self, results, next);
    }

    /// T2: a T that retreats into a destroyed centre rebuilds it.
    fn after_phase(
        &self,
        _: &Rules,
        v: &Variant,
        kind: PhaseKind,
        _: &Position,
        results: &mut Vec<OrderResult<'_>>,
        next: &mut Position,
    ) {
        if kind == PhaseKind::Retreat {
            after_movement(v, self, results, next);
        }
    }

    /// T4: the personal unit, removable like any unit, is taken last by
    /// civil disorder; its removal puts its player out.
    fn removed_last(&self) -> Option<Kind> {
        Some(self.kind)
    }

    fn has_declarations(&self) -> bool {
        true
    }

    fn declare(&self, _: &Rules, v: &Variant, pos: &mut Position, order: &Order) -> Option<Result<Reason, Illegal>> {
        match (&order.action, order.power) {
            (Action::Designate { unit }, Some(power)) => Some(designate(v, self, pos, power, unit)),
            _ => None,
        }
    }
}
