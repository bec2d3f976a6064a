//! A Triumvir out of the game (Triumvirate T4): when his personal unit is
//! eliminated (disbanded after a dislodgement, by order, for want of a
//! retreat or in a bounce; or removed in a Winter, by order or by civil
//! disorder, when no one dislodged it: no heir), he is out. If the
//! dislodging attack, every support it received and every fleet that
//! convoyed it came from one other Triumvir or from the Senate, that
//! player takes all his units and centres at once; otherwise his units
//! are disbanded and his centres become unowned. His offices go with him,
//! and so do the outlawries he decreed (T6).
//!
//! Imperator I1 reuses it with another heir: a Commander whose `AGC` is
//! eliminated is out and the Emperor takes his holdings at once, whoever
//! dislodged it (`Heirs::Emperor`): the Emperor who holds the title then
//! (I8); while the title is vacant they are held with the fallen Emperor's
//! own units and centres for his successor, never disbanded (I1).
//!
//! The heir is worked out when the unit is dislodged (the movement's
//! results say who attacked and supported) and kept until the retreat:
//! state `heir <power> <power|none>`, the judge's business (not shown).

use super::imperial_title::title;
use super::offices::senate;
use super::offices::ELIMINATED;
use super::options::{flag, needs, Names, OptionError};
use super::outlaw;
use super::personal::Personal;
use super::state_text::{Codec, Slot};
use super::{Mechanic, Rules, Vital};
use crate::order::{Action, Order};
use crate::outcome::{OrderResult, Reason, Takeover, Verdict};
use crate::state::{Dislodged, Kind, Position};
use crate::variant::PhaseKind;
use crate::variant::{PowerId, Variant};
use std::borrow::Cow;

/// Who takes the holdings of a player who is out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heirs {
    /// T4: the one player who dislodged the personal unit alone, if any
    /// (the Senate, given here, may be he while it is in the game).
    Dislodger { senate: Option<PowerId> },
    /// I1: the Emperor, always.
    Emperor(PowerId),
}

/// After a movement: for each dislodged personal unit, who dislodged it
/// alone, if anyone (T4; nothing to note where the heir is the Emperor).
pub fn after_movement(v: &Variant, personal: Kind, heirs_are: Heirs, results: &[OrderResult<'_>], next: &mut Position) {
    let Heirs::Dislodger { senate } = heirs_are else { return };
    let mut heirs = Vec::new();
    for d in &next.dislodged {
        let Some(owner) = d.force.components.iter().find(|c| c.kind == personal).map(|c| c.power) else { continue };
        let may_inherit = |p: PowerId| {
            p != owner
                && ((super::personal::has_one(v, personal, p) && !next.state.eliminated.contains(&p))
                    || (Some(p) == senate && next.state.senate_end.is_none()))
        };
        let heir = dislodged_by(v, results, next, d).filter(|&p| may_inherit(p));
        heirs.push((owner, heir));
    }
    next.state.heirs = heirs;
}

/// The one player who made the attack that dislodged `d`, gave every
/// support it received and convoyed it, if one did (T4; Imperator I8 for
/// the guard).
pub fn dislodged_by(v: &Variant, results: &[OrderResult<'_>], next: &Position, d: &Dislodged) -> Option<PowerId> {
    let at = v.province_of(d.force.loc);
    let from = d.attacker_from?;
    let mut sides: Vec<PowerId> = next.force_in(v, at).map(|f| f.power).into_iter().collect();
    for r in results.iter().filter(|r| r.verdict() == Verdict::Success) {
        // The seed's "forces ... solely and directly responsible": the
        // supports, and the fleets that convoyed the attack.
        if let Action::SupportMove { unit, to } | Action::Convoy { unit, to } = &r.order.action {
            if v.province_of(unit.loc) == from && v.province_of(*to) == at {
                sides.extend(r.order.power);
            }
        }
    }
    sides.sort_unstable();
    sides.dedup();
    match sides[..] {
        [p] => Some(p),
        _ => None,
    }
}

/// After any phase: a Triumvir whose personal unit was on the board (or
/// waiting to retreat) before the phase and is neither after it is out;
/// his heir takes his holdings, or they are disbanded and unowned. The
/// heirs are forgotten once no unit waits.
pub fn after_phase(
    v: &Variant,
    personal: Kind,
    heirs_are: Heirs,
    before: &Position,
    next: &mut Position,
    results: &mut Vec<OrderResult<'_>>,
) {
    let holders: Vec<PowerId> = super::personal::holders(v, personal).collect();
    for power in holders {
        if next.state.eliminated.contains(&power) {
            continue;
        }
        let has = |c: &crate::state::Component| c.kind == personal && c.power == power;
        let on = |pos: &Position| {
            pos.forces.iter().any(|f| f.components.iter().any(has))
                || pos.dislodged.iter().any(|d| d.force.components.iter().any(has))
        };
        if on(next) || !on(before) {
            continue;
        }
        let heir = match heirs_are {
            Heirs::Dislodger { .. } => next.state.heirs.iter().find(|h| h.0 == power).and_then(|h| h.1),
            // The title's holder now (I8: a new Emperor), or, while the
            // title waits for Rome, the fallen Emperor, whose holdings go
            // whole to the successor (I1).
            Heirs::Emperor(e) => Some(super::imperial_title::emperor(&next.state, e)).filter(|&e| e != power),
        };
        let rule = match heirs_are {
            Heirs::Dislodger { .. } => Takeover::T4,
            Heirs::Emperor(_) => Takeover::I1,
        };
        eliminate(v, next, results, power, heir, rule);
    }
    if next.dislodged.is_empty() {
        next.state.heirs.clear();
    }
}

/// Hook `vital_units`: `power`'s personal unit, if he is in the game
/// (T4, I1: lost when eliminated, not when it retreats).
pub fn vital_personal(v: &Variant, personal: Kind, pos: &Position, power: PowerId, units: &mut Vec<Vital>) {
    if pos.state.eliminated.contains(&power) {
        return;
    }
    let has = |f: &&crate::state::Force| f.components.iter().any(|c| c.kind == personal && c.power == power);
    for f in pos.forces.iter().chain(pos.dislodged.iter().map(|d| &d.force)).filter(has) {
        units.push(Vital { at: v.province_of(f.loc), lost_when_dislodged: false });
    }
}

fn eliminate(
    v: &Variant,
    next: &mut Position,
    results: &mut Vec<OrderResult<'_>>,
    power: PowerId,
    heir: Option<PowerId>,
    rule: Takeover,
) {
    next.state.eliminated.push(power);
    next.state.eliminated.sort_unstable();
    // His own outlawry, and those he decreed, end; his fixed units are free.
    outlaw::end(v, next, |o| o.power == power || o.decreed_by == power);
    let slots = &mut *next.state;
    for office in [&mut slots.dictator, &mut slots.consul] {
        if *office == Some(power) {
            *office = None;
        }
    }
    super::loans::drop_power(&mut next.state, power);
    let mut kept = Vec::with_capacity(next.forces.len());
    for mut f in std::mem::take(&mut next.forces) {
        if f.power != power {
            kept.push(f);
            continue;
        }
        let order = Order::for_force(&f, Action::Disband);
        match heir {
            Some(h) => {
                for c in f.components.iter_mut() {
                    c.power = h;
                }
                f.power = h;
                results.push(OrderResult { order: Cow::Owned(order), reason: Reason::TakenBy { heir: h, rule } });
                kept.push(f);
            }
            None => results.push(OrderResult { order: Cow::Owned(order), reason: Reason::PlayerOut }),
        }
    }
    next.forces = kept;
    for owner in next.owners.iter_mut().filter(|o| **o == Some(power)) {
        *owner = heir;
    }
}

/// `heir caesar Pompey`, `heir caesar none`.
pub const HEIR: Codec = Codec {
    key: "heir",
    index: "<name>",
    shown: false,
    write: |v, state, out| {
        for &(p, h) in &state.heirs {
            out(v.power(p).name.to_lowercase(), h.map_or("none".into(), |h| v.power(h).name.clone()));
        }
    },
    read: |v, power, value, state| {
        let line = format!("heir {power} {value}");
        let p = super::personal::holder_named(v, &line, power)?;
        let h = if value.eq_ignore_ascii_case("none") {
            None
        } else {
            Some(super::personal::holder_or_senate_named(v, &line, value)?)
        };
        state.heirs.retain(|x| x.0 != p);
        state.heirs.push((p, h));
        Ok(())
    },
};

pub const SLOTS: Slot = &[HEIR, ELIMINATED];

/// Who takes the holdings of a player out with his personal unit: the
/// Emperor where the variant has the imperial title (Imperator I1), else
/// the one who dislodged it (Triumvirate T4).
fn heirs(r: &Rules) -> Heirs {
    match title(r) {
        Some(e) => Heirs::Emperor(e),
        None => Heirs::Dislodger { senate: senate(r) },
    }
}
/// A player with a personal unit is out when it is eliminated; who takes
/// his holdings (T4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PersonalElimination;

impl Mechanic for PersonalElimination {
    const OPTION: &'static str = "personal_elimination";
    const RANK: u8 = 27;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        flag(value, PersonalElimination)
    }

    fn describe(&self, _: &Variant) -> String {
        "out with the personal unit".into()
    }

    fn requires(&self, r: &Rules) -> Result<(), &'static str> {
        needs(r.plays::<Personal>(), super::personal::NEEDED)
    }

    fn slots(&self) -> Slot {
        SLOTS
    }

    fn after_movement(&self, r: &Rules, v: &Variant, results: &mut [OrderResult<'_>], next: &mut Position) {
        if let Some(p) = r.get::<Personal>() {
            after_movement(v, p.kind, heirs(r), results, next);
        }
    }

    /// T4: a player whose personal unit is gone is out.
    fn after_phase(
        &self,
        r: &Rules,
        v: &Variant,
        _: PhaseKind,
        before: &Position,
        results: &mut Vec<OrderResult<'_>>,
        next: &mut Position,
    ) {
        if let Some(p) = r.get::<Personal>() {
            after_phase(v, p.kind, heirs(r), before, next, results);
        }
    }

    /// T4, I1: the personal unit puts its player out with it.
    fn vital_units(&self, r: &Rules, v: &Variant, pos: &Position, power: PowerId, units: &mut Vec<Vital>) {
        if let Some(p) = r.get::<Personal>() {
            vital_personal(v, p.kind, pos, power, units);
        }
    }

    /// I1, I8: an AGC or a guard a frontier die destroys puts its player
    /// out.
    fn after_winter_losses(
        &self,
        r: &Rules,
        v: &Variant,
        before: &Position,
        next: &mut Position,
        results: &mut Vec<OrderResult<'_>>,
    ) {
        if let Some(p) = r.get::<Personal>() {
            after_phase(v, p.kind, heirs(r), before, next, results);
        }
    }
}
