//! Imperator I4: the frontier provinces (the map's `frontier:im`), from the
//! year `from` the variant names (236).
//!
//! - Garrisons (any unit of a player standing in a frontier province) need
//!   no supply in the Winters before `from` (235: "until 236W").
//! - After each Winter adjustment from `from` on, each garrisoned frontier
//!   province rolls a die from the game's seed (rules/dice.rs): on 1 or 2
//!   the garrison is destroyed and a B unit takes its place. Each roll is a
//!   result of the Winter (`frontier die 4: the garrison holds`) and the
//!   Winter's rolls are kept in the state (`frontier-die <province>`) until
//!   the next Winter's. A Winter with a garrison to roll for is played
//!   even where no one builds or removes.
//! - From the Spring after `from` (237), each frontier province that is
//!   empty when a movement phase opens gets a B unit, a result of the phase
//!   before; so again in every movement phase while it is empty.
//!
//! A B unit is the Persians' on the eastern frontier, next to the Sassanid
//! spaces, and the Barbarians' elsewhere (`Invaders::of`).

use super::barbarians::invaders;
use super::barbarians::Invaders;
use super::options::{needs, year, Names, OptionError};
use super::state_text::{province_index, Codec, Slot};
use super::StateError;
use super::{Mechanic, Rules, WinterRisk};
use crate::adjudicate::upkeep;
use crate::order::{Action, Order};
use crate::outcome::BarbarianReason;
use crate::outcome::{OrderResult, Reason};
use crate::state::{Force, Position};
use crate::variant::{Kind, LocId, Phase, PhaseKind, ProvinceId, Variant};
use std::borrow::Cow;

/// A garrison's die destroys it on this roll or lower (I4: "on 1 or 2").
const LOST_ON: u8 = 2;

/// The force garrisoning frontier province `p`: a player's, not a B unit.
fn garrison(v: &Variant, inv: Invaders, pos: &Position, p: ProvinceId) -> Option<usize> {
    pos.force_index(v, p).filter(|&i| !inv.includes(pos.forces[i].power))
}

fn frontier(v: &Variant) -> impl Iterator<Item = ProvinceId> + '_ {
    v.province_ids().filter(|&p| v.province(p).flags.frontier)
}

/// Winters before `from`: what the frontier garrisons cost goes back to
/// their powers' balances.
pub fn free_upkeep(v: &Variant, inv: Invaders, from: i32, pos: &Position, balance: &mut [i32]) {
    if pos.phase.year >= from {
        return;
    }
    for p in frontier(v) {
        if let Some(i) = garrison(v, inv, pos, p) {
            for c in pos.forces[i].components.iter().filter(|c| !c.free && c.kind.row().needs_supply) {
                balance[c.power.index()] += upkeep(c.kind);
            }
        }
    }
}

/// Is a die to be rolled after the Winter `winter`?
pub fn dice_due(v: &Variant, inv: Invaders, from: i32, pos: &Position, winter: Phase) -> bool {
    winter.year >= from && frontier(v).any(|p| garrison(v, inv, pos, p).is_some())
}

/// After a Winter adjustment from `from` on: each garrison's die.
pub fn roll_dice(v: &Variant, inv: Invaders, from: i32, results: &mut Vec<OrderResult<'_>>, next: &mut Position) {
    if next.phase.year < from {
        return;
    }
    next.state.frontier_dice.clear();
    let seed = next.state.seed.unwrap_or(0);
    for p in frontier(v).collect::<Vec<_>>() {
        let Some(i) = garrison(v, inv, next, p) else { continue };
        let roll = super::dice::roll(seed, next.phase.year, p);
        next.state.frontier_dice.push((p, roll));
        let order = Order::for_force(&next.forces[i], Action::Hold);
        // A FAILURE (`Reason::verdict`): the garrison is destroyed.
        if roll <= LOST_ON {
            next.forces.remove(i);
            next.insert_in_order(Force::single(inv.of(v, p), Kind::BARBARIAN, LocId::of_province(p)));
        }
        results.push(OrderResult {
            order: Cow::Owned(order),
            reason: Reason::Barbarian(BarbarianReason::FrontierDie { roll }),
        });
    }
}

/// Hook `winter_risks`: every frontier province, at the chance of its die,
/// at the coming Winter from `from`'s on (the Winter of the position's
/// year: "after each Winter adjustment from 236 on").
pub fn at_risk(v: &Variant, from: i32, pos: &Position, risks: &mut Vec<WinterRisk>) {
    let chance = f64::from(LOST_ON) / 6.0;
    let coming = pos.phase.year >= from;
    risks.extend(frontier(v).map(|province| WinterRisk { province, chance, coming }));
}

/// When a movement phase after `from`'s year opens: a B unit in each empty
/// frontier province.
pub fn invade(v: &Variant, inv: Invaders, from: i32, results: &mut Vec<OrderResult<'_>>, next: &mut Position) {
    if v.calendar.kind(next.phase) != PhaseKind::Movement || next.phase.year <= from {
        return;
    }
    for p in frontier(v).collect::<Vec<_>>() {
        if next.force_in(v, p).is_none() {
            let b = Force::single(inv.of(v, p), Kind::BARBARIAN, LocId::of_province(p));
            results.push(OrderResult {
                order: Cow::Owned(Order::for_force(&b, Action::Hold)),
                reason: Reason::Barbarian(BarbarianReason::Invaded),
            });
            next.insert_in_order(b);
        }
    }
}

/// `frontier-die lgr 4`: the latest Winter's roll for a garrisoned
/// frontier province.
pub const FRONTIER_DIE: Codec = Codec {
    key: "frontier-die",
    index: "<name>",
    shown: true,
    write: |v, state, out| {
        for &(p, roll) in &state.frontier_dice {
            out(v.province(p).abbr.clone(), roll.to_string());
        }
    },
    read: |v, province, value, state| {
        let p = province_index(v, province)?;
        if !v.province(p).flags.frontier {
            return Err(StateError::ruled_out(format!("{} is not a frontier province (I4)", v.province(p).name)));
        }
        let roll: u8 = value
            .parse()
            .ok()
            .filter(|r| (1..=6).contains(r))
            .ok_or_else(|| StateError::value(value, "expected a die's roll, 1 to 6"))?;
        state.frontier_dice.retain(|&(q, _)| q != p);
        state.frontier_dice.push((p, roll));
        state.frontier_dice.sort_unstable();
        Ok(())
    },
};

pub const SLOTS: Slot = &[FRONTIER_DIE];

/// Imperator I4: the frontier provinces, from this year (236): free
/// garrisons before it, dice after its Winters, invasions after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frontier(pub i32);

impl Mechanic for Frontier {
    const OPTION: &'static str = "frontier";
    const RANK: u8 = 31;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        Ok(Some(Frontier(year(value, "the year of the first Winter of frontier dice")?)))
    }

    fn describe(&self, _: &Variant) -> String {
        format!("frontier provinces (dice from Winter {})", self.0)
    }

    fn requires(&self, r: &Rules) -> Result<(), &'static str> {
        needs(r.plays::<Invaders>(), super::barbarians::NEEDED)
    }

    fn slots(&self) -> Slot {
        SLOTS
    }

    fn draws(&self) -> bool {
        true
    }

    /// Frontier garrisons before Winter 236.
    fn free_upkeep(&self, r: &Rules, v: &Variant, pos: &Position, balance: &mut [i32]) {
        if let Some(inv) = invaders(r) {
            free_upkeep(v, inv, self.0, pos, balance);
        }
    }

    fn winter_due(&self, r: &Rules, v: &Variant, pos: &Position, winter: Phase) -> bool {
        invaders(r).is_some_and(|inv| dice_due(v, inv, self.0, pos, winter))
    }

    /// The frontier dice, each a result.
    fn after_adjustment(&self, r: &Rules, v: &Variant, next: &mut Position, results: &mut Vec<OrderResult<'_>>) {
        if let Some(inv) = invaders(r) {
            roll_dice(v, inv, self.0, results, next);
        }
    }

    fn loses_units_in_winter(&self) -> bool {
        true
    }

    /// A garrison's die: lost on 1 or 2.
    fn winter_risks(&self, _: &Rules, v: &Variant, pos: &Position, risks: &mut Vec<WinterRisk>) {
        at_risk(v, self.0, pos, risks);
    }

    /// A B unit in each empty frontier province as a movement phase opens.
    fn phase_opens<'a>(&self, r: &Rules, v: &Variant, results: &mut Vec<OrderResult<'a>>, next: &mut Position) {
        if let Some(inv) = invaders(r) {
            invade(v, inv, self.0, results, next);
        }
    }
}
