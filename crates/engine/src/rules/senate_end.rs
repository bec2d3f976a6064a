//! The Senate's end (Triumvirate T7). The Senate is eliminated when a
//! Triumvir becomes Dictator or a power that is not Roman (Egypt) takes
//! Rome. Under a Dictator, the Senate's centres become his at once (so
//! they are usable from the next Winter); in the next retreat phase (played
//! for it, whether or not a unit was dislodged) the Senate disbands a third
//! of its units, rounded up, by its own `A xxx D` orders, the rest drawn
//! from the game's seed; what is left becomes the Dictator's. If Egypt
//! takes Rome, the Senate's units and centres go into civil disorder
//! (rules/disorder.rs).
//!
//! Readings: the Senate's decrees of outlawry end with it (T6: "the
//! decreeing player is eliminated"); Egypt takes Rome as it loses
//! Alexandria (T8), when the centre becomes its own, as centres change
//! hands in standard Diplomacy (after an Autumn): "Rome falls to EGYPT".
//!
//! State: `senate-end <power> pending|done`.

use super::draw::SplitMix64;
use super::outlaw;
use super::state_text::{Codec, Slot};
use crate::order::{Action, Order};
use crate::outcome::{Illegal, OrderResult, Reason};
use crate::state::{Position, SenateEnd, VariantState};
use crate::variant::{PowerId, Variant};
use std::borrow::Cow;

/// A Triumvir became Dictator: the Senate is gone; its centres are his.
pub fn under_dictator(
    v: &Variant,
    senate: PowerId,
    dictator: PowerId,
    next: &mut Position,
    _results: &mut Vec<OrderResult<'_>>,
) {
    next.state.senate_end = Some(SenateEnd { by: dictator, pending: true });
    for owner in next.owners.iter_mut().filter(|o| **o == Some(senate)) {
        *owner = Some(dictator);
    }
    super::loans::drop_power(&mut next.state, senate);
    outlaw::end(v, next, |o| o.decreed_by == senate && o.power != senate);
}

/// Once centres changed hands: a power not Roman that owns Rome ends the
/// Senate, whose holdings go into civil disorder.
pub fn after_ownership(v: &Variant, senate: PowerId, romans: &[PowerId], next: &mut Position) {
    if next.state.senate_end.is_some() {
        return;
    }
    let Some(rome) = outlaw::rome(v) else { return };
    let Some(taker) = next.owners[rome.index()].filter(|p| !romans.contains(p)) else { return };
    next.state.senate_end = Some(SenateEnd { by: taker, pending: false });
    super::disorder::enter(&mut next.state, senate);
    outlaw::end(v, next, |o| o.decreed_by == senate && o.power != senate);
}

/// Ownership: the units of the Senate, eliminated under a Dictator and
/// waiting for its third to be disbanded, take no centre: one they stand on
/// keeps its owner (the Dictator's, once the Senate's centres are his).
pub fn capture(state: &VariantState, senate: PowerId, mover: PowerId, current: Option<PowerId>) -> Option<PowerId> {
    let pending = state.senate_end.is_some_and(|e| e.pending);
    current.filter(|_| pending && mover == senate)
}

/// Upkeep: while its third waits to be disbanded, the eliminated Senate
/// has no adjustment: its units need no supply (its centres are the
/// Dictator's), so no Winter removes them before the retreat phase does.
pub fn free_upkeep(senate: PowerId, pos: &Position, balance: &mut [i32]) {
    if retreat_due(pos) {
        balance[senate.index()] = balance[senate.index()].max(0);
    }
}

/// Is the retreat phase that disbands the Senate's third still to come?
pub fn retreat_due(pos: &Position) -> bool {
    pos.state.senate_end.is_some_and(|e| e.pending)
}

/// In that retreat phase: the Senate's `D` orders for units on the board
/// (which the core calls not dislodged) disband up to a third of its units,
/// rounded up; the rest of the third is drawn from the seed; what is left
/// becomes the Dictator's.
pub fn disband_third(v: &Variant, senate: PowerId, results: &mut Vec<OrderResult<'_>>, next: &mut Position) {
    let Some(SenateEnd { by: dictator, pending: true }) = next.state.senate_end else { return };
    let units = next.forces.iter().filter(|f| f.power == senate).count();
    let mut due = units.div_ceil(3);
    for r in results.iter_mut() {
        let disband = matches!(r.order.action, Action::Disband | Action::Remove)
            && r.reason == Reason::Illegal(Illegal::NotDislodged);
        let Some(unit) = r.order.unit.as_ref().filter(|_| disband && r.order.power.is_none_or(|p| p == senate)) else {
            continue;
        };
        let Some(i) = next.force_index(v, v.province_of(unit.loc)).filter(|&i| next.forces[i].power == senate) else {
            continue;
        };
        if due == 0 {
            r.reason = Reason::Illegal(Illegal::SenateDisbandsTooMany);
            continue;
        }
        next.forces.remove(i);
        due -= 1;
        r.reason = Reason::SenateDisbanded;
    }
    let mut rng = SplitMix64(next.state.seed.unwrap_or(0) ^ next.phase.year as u64);
    for _ in 0..due {
        let left: Vec<usize> = (0..next.forces.len()).filter(|&i| next.forces[i].power == senate).collect();
        if left.is_empty() {
            break;
        }
        let draw = rng.below(left.len());
        let force = next.forces.remove(left[draw]);
        let order = Order::for_force(&force, Action::Disband);
        results.push(OrderResult {
            order: Cow::Owned(order),
            reason: Reason::DisbandedAtRandom { draw: draw as u32 + 1 },
        });
    }
    for f in next.forces.iter_mut().filter(|f| f.power == senate) {
        let order = Order::for_force(f, Action::Hold);
        for c in f.components.iter_mut() {
            c.power = dictator;
        }
        f.power = dictator;
        results.push(OrderResult { order: Cow::Owned(order), reason: Reason::SenateToDictator { dictator } });
    }
    next.state.senate_end = Some(SenateEnd { by: dictator, pending: false });
}

/// `senate-end Caesar pending`, `senate-end Egypt done`.
pub const SENATE_END: Codec = Codec {
    key: "senate-end",
    index: "",
    shown: true,
    write: |v, state, out| {
        if let Some(e) = state.senate_end {
            out(String::new(), format!("{} {}", v.power(e.by).name, if e.pending { "pending" } else { "done" }));
        }
    },
    read: |v, _, value, state| {
        let (by, pending) = match value.split_whitespace().collect::<Vec<_>>()[..] {
            [by, "pending"] => (by, true),
            [by, "done"] => (by, false),
            _ => return Err(format!("`{value}`: expected `<power> pending` or `<power> done`")),
        };
        state.senate_end = Some(SenateEnd { by: v.power_named(by)?, pending });
        Ok(())
    },
};

pub const SLOTS: Slot = &[SENATE_END];
