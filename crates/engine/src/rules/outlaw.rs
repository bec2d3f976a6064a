//! The Outlaw penalties (Triumvirate T6; Imperator's Rivals suffer the
//! same, I7): in the phase of the decree the Outlaw names a quarter of his
//! units, rounded up (`FIX A xxx`, a declaration); with no order, the units
//! farthest from Rome are chosen. Those units may not move from then on:
//! they hold, or support another of his fixed units. He builds at most 2
//! units a year, at most 1 of them a fleet. Outlawry ends only when he
//! takes Rome (a unit of his stands there after a movement or a retreat)
//! or the player who decreed it is eliminated.
//!
//! Who may decree an Outlaw, and when, is the decreeing mechanic's
//! (rules/offices.rs for the Senate); this file is the penalties.
//!
//! Readings: the mark goes with the unit: a fixed unit that is dislodged,
//! removed or disbanded loses it, and no other unit entering its province
//! is fixed; the build limit is per Winter (one a year).
//!
//! State: `outlaw <power> <decreed-by>`, `fixed <province>`.

use super::centre_values::romans;
use super::offices::{self, senate};
use super::options::{flag, needs, Names, OptionError};
use super::personal::Personal;
use super::state_text::{province_index, Codec, Slot};
use super::StateError;
use super::{Mechanic, Rules};
use crate::order::Order;
use crate::order::{Action, UnitRef};
use crate::outcome::OutlawIllegal;
use crate::outcome::OutlawReason;
use crate::outcome::{Illegal, OrderResult, Reason, Verdict};
use crate::state::{Force, Kind, Outlaw, Position, VariantState};
use crate::variant::{PhaseKind, PowerId, ProvinceId, Variant};
use std::ops::ControlFlow;

pub fn is_outlaw(state: &VariantState, power: PowerId) -> bool {
    state.outlaws.iter().any(|o| o.power == power)
}

pub fn is_fixed(state: &VariantState, p: ProvinceId) -> bool {
    state.fixed.binary_search(&p).is_ok()
}

/// Rome: the map's centre worth more to the Romans.
pub fn rome(v: &Variant) -> Option<ProvinceId> {
    v.province_ids().find(|&p| v.province(p).roman_centre > 0)
}

/// Makes `power` an Outlaw decreed by `by`: a quarter of his units on the
/// board (rounded up) are due to be fixed in this phase.
pub fn decree(pos: &mut Position, power: PowerId, by: PowerId) {
    let units = pos.forces.iter().filter(|f| f.power == power).count();
    let due = units.div_ceil(4) as u8;
    pos.state.outlaws.push(Outlaw { power, decreed_by: by, due });
    pos.state.outlaws.sort_unstable();
}

/// `FIX A xxx` by `power`: one of his units fixed, while his decree's
/// quarter is not yet named.
pub fn fix(v: &Variant, pos: &mut Position, power: PowerId, unit: &UnitRef) -> Result<Reason, Illegal> {
    let p = v.province_of(unit.loc);
    let owned = pos.force_in(v, p).is_some_and(|f| f.power == power);
    let Some(k) = pos.state.outlaws.iter().position(|o| o.power == power && o.due > 0) else {
        return Err(Illegal::Outlaw(OutlawIllegal::FixNotDue));
    };
    if !owned || is_fixed(&pos.state, p) {
        return Err(if owned { Illegal::Outlaw(OutlawIllegal::FixNotDue) } else { Illegal::NotYourUnit });
    }
    pos.state.outlaws[k].due -= 1;
    set_fixed(&mut pos.state, p);
    Ok(Reason::Outlaw(OutlawReason::Fixed))
}

fn set_fixed(state: &mut VariantState, p: ProvinceId) {
    if let Err(i) = state.fixed.binary_search(&p) {
        state.fixed.insert(i, p);
    }
}

/// After the declarations of a phase: the units an Outlaw did not name are
/// chosen for him, the farthest from Rome first (then by name).
pub fn fix_defaults(v: &Variant, pos: &mut Position) {
    if !pos.state.outlaws.iter().any(|o| o.due > 0) {
        return;
    }
    let far = distances_from(v, rome(v));
    for k in 0..pos.state.outlaws.len() {
        let Outlaw { power, due, .. } = pos.state.outlaws[k];
        let mut free: Vec<ProvinceId> = pos
            .forces
            .iter()
            .filter(|f| f.power == power)
            .map(|f| v.province_of(f.loc))
            .filter(|&p| !is_fixed(&pos.state, p))
            .collect();
        free.sort_by_key(|&p| (std::cmp::Reverse(far[p.index()]), v.province(p).name.to_lowercase()));
        for p in free.into_iter().take(due as usize) {
            set_fixed(&mut pos.state, p);
        }
        pos.state.outlaws[k].due = 0;
    }
}

/// Moves from `from` to every province, over any border.
fn distances_from(v: &Variant, from: Option<ProvinceId>) -> Vec<u32> {
    let n = v.province_count();
    let mut dist = vec![u32::MAX; n];
    let Some(from) = from else { return vec![0; n] };
    dist[from.index()] = 0;
    let mut queue = std::collections::VecDeque::from([from.index()]);
    while let Some(p) = queue.pop_front() {
        for q in 0..n {
            if dist[q] == u32::MAX && v.any_borders.get(p, q) {
                dist[q] = dist[p] + 1;
                queue.push_back(q);
            }
        }
    }
    dist
}

/// Hook `may_order`: a fixed unit holds, or supports another fixed unit
/// of its own power, in `forces` (T6: "they may support each other", the
/// Outlaw's own fixed units); it never moves or convoys.
pub fn may_order(
    v: &Variant,
    state: &VariantState,
    forces: &[Force],
    body: &Force,
    action: &Action,
) -> Result<(), Illegal> {
    if !is_fixed(state, v.province_of(body.loc)) {
        return Ok(());
    }
    let own_fixed = |unit: &UnitRef| {
        let p = v.province_of(unit.loc);
        is_fixed(state, p) && forces.iter().any(|f| v.province_of(f.loc) == p && f.power == body.power)
    };
    match action {
        Action::Hold | Action::Destroy | Action::Rebuild => Ok(()),
        Action::SupportHold { unit } | Action::SupportMove { unit, .. } if own_fixed(unit) => Ok(()),
        _ => Err(Illegal::Outlaw(OutlawIllegal::FixedUnit)),
    }
}

/// Hook `build_sites`: may an Outlaw build one more unit of `kind`, given
/// this Winter's results so far (at most 2, at most 1 fleet)?
pub fn may_build(state: &VariantState, earlier: &[OrderResult<'_>], power: PowerId, kind: Kind) -> Result<(), Illegal> {
    if !is_outlaw(state, power) {
        return Ok(());
    }
    let built: Vec<Kind> = earlier
        .iter()
        .filter(|r| r.verdict() == Verdict::Success && r.reason == Reason::Built && r.order.power == Some(power))
        .filter_map(|r| r.order.unit.as_ref()?.components.as_ref()?.first().map(|c| c.kind))
        .collect();
    let fleets = built.iter().filter(|&&k| k == Kind::FLEET).count();
    if built.len() >= 2 || (kind == Kind::FLEET && fleets >= 1) {
        Err(Illegal::Outlaw(OutlawIllegal::Builds))
    } else {
        Ok(())
    }
}

/// After a movement or a retreat: an Outlaw with a unit in Rome is one no
/// longer. After any phase: a fixed mark goes with its unit (a fixed unit
/// never moves): it stays only where the unit it was given to still stands,
/// not dislodged, removed or handed to another player in the phase.
pub fn after_phase(v: &Variant, kind: PhaseKind, before: &Position, results: &[OrderResult<'_>], next: &mut Position) {
    if let (true, Some(rome)) = (kind != PhaseKind::Adjustment, rome(v)) {
        if let Some(holder) = next.force_in(v, rome).map(|f| f.power) {
            end(v, next, |o| o.power == holder);
        }
    }
    let gone = |p: ProvinceId| {
        let removed = results.iter().any(|r| {
            r.verdict() == Verdict::Success
                && matches!(r.order.action, Action::Remove | Action::Disband)
                && r.order.unit.as_ref().is_some_and(|u| v.province_of(u.loc) == p)
        });
        let dislodged = next.dislodged.iter().any(|d| v.province_of(d.force.loc) == p);
        let was = before.force_in(v, p).map(|f| f.power);
        removed || dislodged || was.is_none() || next.force_in(v, p).map(|f| f.power) != was
    };
    let keep: Vec<ProvinceId> = next.state.fixed.iter().copied().filter(|&p| !gone(p)).collect();
    next.state.fixed = keep;
    tidy(v, next);
}

/// Ends the outlawries `which` selects, freeing their fixed units.
pub fn end(v: &Variant, pos: &mut Position, which: impl Fn(&Outlaw) -> bool) {
    let ended: Vec<PowerId> = pos.state.outlaws.iter().filter(|o| which(o)).map(|o| o.power).collect();
    if ended.is_empty() {
        return;
    }
    pos.state.outlaws.retain(|o| !ended.contains(&o.power));
    let freed: Vec<ProvinceId> =
        pos.forces.iter().filter(|f| ended.contains(&f.power)).map(|f| v.province_of(f.loc)).collect();
    pos.state.fixed.retain(|p| !freed.contains(p));
}

/// Fixed marks only where an Outlaw's unit stands.
pub fn tidy(v: &Variant, pos: &mut Position) {
    let state = &pos.state;
    let keep: Vec<ProvinceId> = state
        .fixed
        .iter()
        .copied()
        .filter(|&p| pos.force_in(v, p).is_some_and(|f| is_outlaw(state, f.power)))
        .collect();
    pos.state.fixed = keep;
}

/// `outlaw caesar Senate`.
pub const OUTLAW: Codec = Codec {
    key: "outlaw",
    index: "<name>",
    shown: true,
    write: |v, state, out| {
        for o in &state.outlaws {
            out(v.power(o.power).name.to_lowercase(), v.power(o.decreed_by).name.clone());
        }
    },
    read: |v, power, value, state| {
        let line = format!("outlaw {power} {value}");
        let (power, by) = (
            super::personal::holder_named(v, &line, power)?,
            super::personal::holder_or_senate_named(v, &line, value)?,
        );
        state.outlaws.retain(|o| o.power != power);
        state.outlaws.push(Outlaw { power, decreed_by: by, due: 0 });
        state.outlaws.sort_unstable();
        Ok(())
    },
};

/// `fixed gal`: the unit there may not move.
pub const FIXED: Codec = Codec {
    key: "fixed",
    index: "<name>",
    shown: true,
    write: |v, state, out| {
        for &p in &state.fixed {
            out(v.province(p).abbr.clone(), String::new());
        }
    },
    read: |v, province, value, state| {
        if !value.is_empty() {
            return Err(StateError::value(value, "`fixed <province>` takes nothing after the province"));
        }
        set_fixed(state, province_index(v, province)?);
        Ok(())
    },
};

pub const SLOTS: Slot = &[OUTLAW, FIXED];

/// Outlaws' penalties: fixed units, builds limited (T6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outlaws;

impl Mechanic for Outlaws {
    const OPTION: &'static str = "outlaws";
    const RANK: u8 = 25;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        flag(value, Outlaws)
    }

    fn describe(&self, _: &Variant) -> String {
        "outlaws".into()
    }

    fn requires(&self, r: &Rules) -> Result<(), &'static str> {
        needs(r.plays::<Personal>(), super::personal::NEEDED)
    }

    fn slots(&self) -> Slot {
        SLOTS
    }

    fn may_order(
        &self,
        v: &Variant,
        state: &VariantState,
        forces: &[Force],
        body: &Force,
        action: &Action,
    ) -> Result<(), Illegal> {
        may_order(v, state, forces, body, action)
    }

    /// An Outlaw who takes Rome is one no longer; a fixed mark goes with
    /// its unit.
    fn after_phase(
        &self,
        _: &Rules,
        v: &Variant,
        kind: PhaseKind,
        before: &Position,
        results: &mut Vec<OrderResult<'_>>,
        next: &mut Position,
    ) {
        after_phase(v, kind, before, results, next);
    }

    fn may_build(
        &self,
        _: &Variant,
        next: &Position,
        earlier: &[OrderResult<'_>],
        power: PowerId,
        kind: Kind,
    ) -> Result<(), Illegal> {
        may_build(&next.state, earlier, power, kind)
    }

    /// T1: Rome less 1 per Outlaw.
    fn centre_value(
        &self,
        r: &Rules,
        v: &Variant,
        pos: &Position,
        p: ProvinceId,
        _: PowerId,
        holder: PowerId,
        value: u32,
    ) -> ControlFlow<u32, u32> {
        ControlFlow::Continue(offices::rome_value(v, romans(r), &pos.state, p, holder, value))
    }

    fn has_declarations(&self) -> bool {
        true
    }

    fn declare(&self, r: &Rules, v: &Variant, pos: &mut Position, order: &Order) -> Option<Result<Reason, Illegal>> {
        match (&order.action, order.power) {
            (Action::Outlaw { power: target }, Some(power)) => match (senate(r), r.get::<Personal>()) {
                (Some(s), Some(p)) => Some(offices::decree(v, s, p.kind, pos, power, *target)),
                _ => None,
            },
            (Action::Fix { unit }, Some(power)) => Some(fix(v, pos, power, unit)),
            _ => None,
        }
    }

    /// An Outlaw names his fixed units after every decree of the phase.
    fn declaration_rank(&self, action: &Action) -> Option<u8> {
        matches!(action, Action::Fix { .. }).then_some(1)
    }

    /// His fixed units he did not name are chosen for him.
    fn after_declarations(&self, v: &Variant, pos: &mut Position) {
        fix_defaults(v, pos);
    }
}
