//! The offices of Triumvirate and the Senate's powers: the Dictator (T3),
//! the Sole Consul (T5a), the decree of outlawry (T5b), the Senate's bonus
//! for eliminated Triumvirs (T5c), and Rome's value, less 1 per Outlaw (T1).
//! The Triumvirs are the players with a personal unit (rules/personal.rs);
//! the Romans are the variant's `roman_powers`.
//!
//! - T3: a Triumvir whose unit stands in Rome after a movement or a retreat
//!   becomes Dictator at once if there is none (the seed: "by occupying the
//!   capital", followed over the ruling's Winter adjustment); he is Dictator
//!   until a Winter finds him without Rome, and then whoever holds Rome at
//!   it is. +3 to his Winter supply, only at a Winter that finds him in
//!   Rome; the Senate's powers (b) and (c) once it is gone.
//! - T5a: `ELECT <power>` by the Senate in a Spring movement phase: that
//!   Triumvir is Sole Consul for the year, +3 to his Winter supply.
//! - T5b: `OUTLAW <power>` "at any time after 55W" (the seed, followed
//!   over the ruling's "from Winter 55 BC on"): from the second year on,
//!   by the Senate (the Dictator once the Senate is gone), or by a
//!   Triumvir of himself.
//! - T5c: the Senate (the Dictator once it is gone) +3 a Winter for each
//!   Triumvir eliminated.
//!
//! Readings: the bonuses are Winter supply, not centres: they pay for
//! units but do not make them self-supporting for victory (T10, "fully").
//! A Consul is elected only in the Spring movement phase.
//!
//! State: `dictator <power>`, `consul <power>`, `eliminated <power>`.
//!
//! ## The Senate's end (T7)
//!
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

use super::centre_values::romans;
use super::draw::SplitMix64;
use super::options::{needs, one_power, Names, OptionError};
use super::outlaw;
use super::personal::Personal;
use super::state_text::{read_power_list, write_power, write_power_list, Codec, Slot};
use super::StateError;
use super::{disorder, Mechanic, Rules};
use crate::order::{Action, Order};
use crate::outcome::OfficeIllegal;
use crate::outcome::{Illegal, OrderResult, Reason};
use crate::outcome::{OfficeReason, OutlawReason};
use crate::state::{Force, Kind, Position, SenateEnd, VariantState};
use crate::variant::{PhaseKind, PowerId, ProvinceId, Variant};
use std::borrow::Cow;

/// Three centres, in halves.
const BONUS: u32 = 6;

/// Is `power` a Triumvir still in the game?
fn triumvir(v: &Variant, state: &VariantState, personal: Kind, power: PowerId) -> bool {
    super::personal::has_one(v, personal, power) && !state.eliminated.contains(&power)
}

/// Is the Senate gone (T7)?
pub fn senate_gone(state: &VariantState) -> bool {
    state.senate_end.is_some()
}

/// `ELECT <power>` by `by`.
pub fn elect(
    v: &Variant,
    senate: PowerId,
    personal: Kind,
    pos: &mut Position,
    by: PowerId,
    target: PowerId,
) -> Result<Reason, Illegal> {
    if by != senate || senate_gone(&pos.state) {
        return Err(Illegal::Office(OfficeIllegal::OnlySenateElects));
    }
    let step = v.calendar.step(pos.phase);
    if pos.phase.step != 0 || step.kind != PhaseKind::Movement {
        return Err(Illegal::Office(OfficeIllegal::ElectInSpring));
    }
    if !triumvir(v, &pos.state, personal, target) {
        return Err(Illegal::Office(OfficeIllegal::NotATriumvir));
    }
    if pos.state.consul.is_some() {
        return Err(Illegal::Office(OfficeIllegal::AlreadyElected));
    }
    pos.state.consul = Some(target);
    Ok(Reason::Office(OfficeReason::Elected))
}

/// `OUTLAW <power>` by `by`.
pub fn decree(
    v: &Variant,
    senate: PowerId,
    personal: Kind,
    pos: &mut Position,
    by: PowerId,
    target: PowerId,
) -> Result<Reason, Illegal> {
    if pos.phase.year == v.calendar.first.year {
        return Err(Illegal::Office(OfficeIllegal::OutlawTooEarly));
    }
    if !triumvir(v, &pos.state, personal, target) {
        return Err(Illegal::Office(OfficeIllegal::NotATriumvir));
    }
    let gone = senate_gone(&pos.state);
    let may = by == target || (by == senate && !gone) || (gone && pos.state.dictator == Some(by));
    if !may {
        return Err(if by == senate {
            Illegal::Office(OfficeIllegal::SenateGone)
        } else {
            Illegal::Office(OfficeIllegal::NotYourDecree)
        });
    }
    if outlaw::is_outlaw(&pos.state, target) {
        return Err(Illegal::Office(OfficeIllegal::AlreadyOutlaw));
    }
    outlaw::decree(pos, target, by);
    Ok(Reason::Outlaw(OutlawReason::Outlawed))
}

/// Rome's value to a Roman `holder`, less 1 per Outlaw in existence (T1,
/// the seed's addendum); `value` is what it is worth before.
pub fn rome_value(
    v: &Variant,
    romans: &[PowerId],
    state: &VariantState,
    p: ProvinceId,
    holder: PowerId,
    value: u32,
) -> u32 {
    if v.province(p).roman_centre == 0 || !romans.contains(&holder) {
        return value;
    }
    value.saturating_sub(2 * state.outlaws.len() as u32)
}

/// The Winter bonuses, in halves, added to `supply` by power: the
/// Dictator's and the Consul's 3, the Senate's (or the Dictator's, once
/// the Senate is gone) 3 per Triumvir eliminated. The Dictator is paid
/// only if he still holds Rome at this adjustment: a Winter that finds him
/// without it unmakes him (T3, "as determined each Winter").
pub fn add_bonuses(v: &Variant, senate: PowerId, personal: Kind, pos: &Position, supply: &mut [u32]) {
    let state = &pos.state;
    let dictator = state.dictator.filter(|&d| next_dictator(v, personal, pos) == Some(d));
    if let Some(d) = dictator {
        supply[d.index()] += BONUS;
    }
    if let Some(c) = state.consul {
        supply[c.index()] += BONUS;
    }
    let heir = if senate_gone(state) { dictator } else { Some(senate) };
    if let Some(h) = heir {
        supply[h.index()] += BONUS * state.eliminated.len() as u32;
    }
}

/// The Triumvir whose unit stands in Rome, if any.
fn in_rome(v: &Variant, personal: Kind, pos: &Position) -> Option<PowerId> {
    let rome = outlaw::rome(v)?;
    pos.force_in(v, rome).map(|f| f.power).filter(|&p| triumvir(v, &pos.state, personal, p))
}

/// Who is Dictator after this Winter: the Dictator while he holds Rome
/// (his unit stands in it, or it is his centre: the seed's "if he loses
/// Rome (as determined each Winter)", a centre being lost when another
/// takes it), else the Triumvir whose unit stands in it, if any.
fn next_dictator(v: &Variant, personal: Kind, pos: &Position) -> Option<PowerId> {
    let rome = outlaw::rome(v)?;
    let occupant = in_rome(v, personal, pos);
    let keeps = pos
        .state
        .dictator
        .filter(|&d| occupant == Some(d) || (occupant.is_none() && pos.owners[rome.index()] == Some(d)));
    keeps.or(occupant)
}

/// Is there Winter business even where no one adjusts: a Consul's year to
/// end, or a change of Dictator?
pub fn winter_due(v: &Variant, personal: Kind, pos: &Position) -> bool {
    pos.state.consul.is_some() || next_dictator(v, personal, pos) != pos.state.dictator
}

/// After a Winter adjustment: the Consul's year is over; the Dictator is
/// unmade by a Winter that finds him without Rome, and whoever holds it
/// then is Dictator (T3).
pub fn after_adjustment(
    v: &Variant,
    senate: PowerId,
    personal: Kind,
    next: &mut Position,
    results: &mut Vec<OrderResult<'_>>,
) {
    next.state.consul = None;
    let dictator = next_dictator(v, personal, next);
    make(v, senate, dictator, next, results);
}

/// After a movement or a retreat: a Triumvir whose unit stands in Rome
/// becomes Dictator at once if there is none (T3, the seed's "by occupying
/// the capital"); the Senate's end follows (T7).
pub fn after_phase(
    v: &Variant,
    senate: PowerId,
    personal: Kind,
    next: &mut Position,
    results: &mut Vec<OrderResult<'_>>,
) {
    if next.state.dictator.is_none() {
        let dictator = in_rome(v, personal, next);
        make(v, senate, dictator, next, results);
    }
}

/// `dictator` is Dictator; a new one ends the Senate (T7).
fn make(
    v: &Variant,
    senate: PowerId,
    dictator: Option<PowerId>,
    next: &mut Position,
    results: &mut Vec<OrderResult<'_>>,
) {
    let new = dictator.is_some() && dictator != next.state.dictator;
    next.state.dictator = dictator;
    if let (true, Some(d)) = (new, dictator) {
        if !senate_gone(&next.state) {
            under_dictator(v, senate, d, next, results);
        }
    }
}

/// `dictator Caesar`.
pub const DICTATOR: Codec = Codec {
    key: "dictator",
    index: "",
    shown: true,
    write: |v, state, out| write_power(v, state.dictator, out),
    read: |v, _, value, state| {
        state.dictator = Some(super::personal::holder_named(v, &format!("dictator {value}"), value)?);
        Ok(())
    },
};

/// `consul Pompey`.
pub const CONSUL: Codec = Codec {
    key: "consul",
    index: "",
    shown: true,
    write: |v, state, out| write_power(v, state.consul, out),
    read: |v, _, value, state| {
        state.consul = Some(super::personal::holder_named(v, &format!("consul {value}"), value)?);
        Ok(())
    },
};

/// `eliminated crassus`: a Triumvir out of the game (T4), or a Commander
/// (Imperator I1), or the fallen Emperor (I8: the guard's holder); saved
/// with triumvir_out.rs's slots, Senate or none.
pub const ELIMINATED: Codec = Codec {
    key: "eliminated",
    index: "<name>",
    // `game show` says who is out in one line of its own (`eliminated:
    // Danube`), with the players out by losing everything.
    shown: false,
    write: |v, state, out| write_power_list(v, &state.eliminated, out),
    read: |v, power, value, state| {
        let line = format!("eliminated {power}");
        let emperor = v.power_named(power).is_ok_and(|p| super::personal::has_one(v, Kind::PRAETORIAN_GUARD, p));
        if !emperor {
            super::personal::holder_named(v, &line, power)?;
        }
        read_power_list(v, "eliminated", power, value, &mut state.eliminated)
    },
};

pub const SLOTS: Slot = &[DICTATOR, CONSUL];

/// The Senate, this power: the Dictator and the Sole Consul, decrees of
/// outlawry, its bonus and its end (T3, T5, T7), Rome less 1 per Outlaw
/// (T1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Senate(pub PowerId);

/// The Senate (Triumvirate), if the variant has one.
pub fn senate(r: &Rules) -> Option<PowerId> {
    r.get::<Senate>().map(|m| m.0)
}

impl Mechanic for Senate {
    const OPTION: &'static str = "senate";
    const RANK: u8 = 26;

    fn read(value: &toml::Value, names: &Names) -> Result<Option<Self>, OptionError> {
        Ok(Some(Senate(one_power(value, names)?)))
    }

    fn describe(&self, v: &Variant) -> String {
        format!("the Senate ({})", v.power(self.0).name)
    }

    fn requires(&self, r: &Rules) -> Result<(), &'static str> {
        needs(r.plays::<Personal>(), super::personal::NEEDED)
    }

    fn slots(&self) -> Slot {
        SLOTS
    }

    /// The Senate's end and civil disorder (T7, T8).
    fn shared_slots(&self) -> &'static [Slot] {
        &[SENATE_END_SLOTS, disorder::SLOTS]
    }

    fn may_order(
        &self,
        _: &Variant,
        state: &VariantState,
        _: &[Force],
        body: &Force,
        _: &Action,
    ) -> Result<(), Illegal> {
        disorder::check(state, body.power)
    }

    /// T7: the Senate's third; T3: a Triumvir in Rome is Dictator if there
    /// is none (and the Senate's end follows).
    fn after_phase(
        &self,
        r: &Rules,
        v: &Variant,
        kind: PhaseKind,
        _: &Position,
        results: &mut Vec<OrderResult<'_>>,
        next: &mut Position,
    ) {
        if kind == PhaseKind::Adjustment {
            return;
        }
        if kind == PhaseKind::Retreat {
            disband_third(v, self.0, results, next);
        }
        if let Some(p) = r.get::<Personal>() {
            after_phase(v, self.0, p.kind, next, results);
        }
    }

    fn capture(
        &self,
        _: &Rules,
        _: &Variant,
        _: &[Force],
        state: &mut VariantState,
        _: ProvinceId,
        mover: PowerId,
        current: Option<PowerId>,
        decided: &mut Option<PowerId>,
    ) {
        if decided.is_none() {
            *decided = capture(state, self.0, mover, current);
        }
    }

    /// T7: Rome owned by a power not Roman ends the Senate.
    fn after_ownership(&self, r: &Rules, v: &Variant, next: &mut Position) {
        after_ownership(v, self.0, romans(r), next);
    }

    fn draws(&self) -> bool {
        true
    }

    fn may_build_any(&self, _: &Rules, state: &VariantState, power: PowerId) -> Result<(), Illegal> {
        disorder::check(state, power)
    }

    fn add_bonuses(&self, r: &Rules, v: &Variant, pos: &Position, supply: &mut [u32]) {
        if let Some(p) = r.get::<Personal>() {
            add_bonuses(v, self.0, p.kind, pos, supply);
        }
    }

    /// T7: the eliminated Senate's units, waiting for the retreat phase
    /// that disbands a third of them and gives the rest to the Dictator.
    fn free_upkeep(&self, _: &Rules, _: &Variant, pos: &Position, balance: &mut [i32]) {
        free_upkeep(self.0, pos, balance);
    }

    fn winter_due(&self, r: &Rules, v: &Variant, pos: &Position, _: crate::variant::Phase) -> bool {
        r.get::<Personal>().is_some_and(|p| winter_due(v, p.kind, pos))
    }

    /// T3, T5a, T7: the Consul's year ends; Rome makes the Dictator.
    fn year_ends(&self, r: &Rules, v: &Variant, next: &mut Position, results: &mut Vec<OrderResult<'_>>) {
        if let Some(p) = r.get::<Personal>() {
            after_adjustment(v, self.0, p.kind, next, results);
        }
    }

    fn retreat_due(&self, pos: &Position) -> bool {
        retreat_due(pos)
    }

    fn has_declarations(&self) -> bool {
        true
    }

    fn may_declare(&self, state: &VariantState, power: PowerId) -> Result<(), Illegal> {
        disorder::check(state, power)
    }

    fn declare(&self, r: &Rules, v: &Variant, pos: &mut Position, order: &Order) -> Option<Result<Reason, Illegal>> {
        match (&order.action, order.power, r.get::<Personal>()) {
            (Action::Elect { power: target }, Some(power), Some(p)) => {
                Some(elect(v, self.0, p.kind, pos, power, *target))
            }
            _ => None,
        }
    }
}

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
            r.reason = Reason::Illegal(Illegal::Office(OfficeIllegal::SenateDisbandsTooMany));
            continue;
        }
        next.forces.remove(i);
        due -= 1;
        r.reason = Reason::Office(OfficeReason::SenateDisbanded);
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
            reason: Reason::Office(OfficeReason::DisbandedAtRandom { draw: draw as u32 + 1 }),
        });
    }
    for f in next.forces.iter_mut().filter(|f| f.power == senate) {
        let order = Order::for_force(f, Action::Hold);
        for c in f.components.iter_mut() {
            c.power = dictator;
        }
        f.power = dictator;
        results.push(OrderResult {
            order: Cow::Owned(order),
            reason: Reason::Office(OfficeReason::SenateToDictator { dictator }),
        });
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
            _ => return Err(StateError::value(value, "expected `<power> pending` or `<power> done`")),
        };
        state.senate_end = Some(SenateEnd { by: v.power_named(by)?, pending });
        Ok(())
    },
};

const SENATE_END_SLOTS: Slot = &[SENATE_END];
