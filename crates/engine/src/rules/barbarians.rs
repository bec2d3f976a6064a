//! Imperator I5: Barbarian and Persian (`B`) units, moved by the judge.
//!
//! Each movement phase the judge orders every B unit, before the players'
//! orders are judged: it goes to the first empty province, in alphabetical
//! order of the provinces' names after its own (wrapping from Z to A),
//! among those it can reach by land; with none, it holds. "Empty" is read
//! on the board the phase starts with (a B unit never attacks an occupied
//! province); a Roman unit moving to the same province meets it as any
//! other unit would. Roman fleets may convoy a B unit (`F xxx C B yyy -
//! zzz`): where convoy orders name an empty province the B unit may enter,
//! it goes there by convoy instead (if they name several, the first of them
//! by the same alphabetical rule; only the first order written for a fleet
//! is read); a convoy that then fails leaves it where
//! it is. Romans may support a B unit to hold, never to move. Orders for B
//! units, and any order of the Barbarians or the Persians, are illegal.
//!
//! A B unit that moves into a supply centre sacks it (D5's destruction:
//! worth nothing until rebuilt); Barbarians never enter Alexandria, Antioch
//! (the map's `barbarian_cannot_sack`) or Rome (the map's Roman centre),
//! Persians never Rome. (The map's `not_destroyable`, Alexandria, Antioch
//! and Rome, is D5's exception to a player's DESTROY: a Persian entering
//! Alexandria or Antioch sacks it.) A B unit that appears in a centre (I4) does not sack it: it
//! did not enter it. A dislodged B unit is destroyed: the B row of the kind
//! table does not retreat.

use super::destroy;
use super::options::{needs, strings, unknown, Names, OptionError};
use super::{Destroy, Judging, Mechanic, PraetorianGuard, Rules};
use crate::order::{Action, Order};
use crate::outcome::BarbarianIllegal;
use crate::outcome::BarbarianReason;
use crate::outcome::{Illegal, OrderResult, Reason, Verdict};
use crate::state::{Force, Position};
use crate::variant::{Kind, LocId, PowerId, ProvinceId, Variant};

/// What the frontier and the guard (I4, I6), which act on B units, say
/// without them.
pub const NEEDED: &str = "frontier and praetorian_guard need `barbarians`";

/// The two powers the judge plays: their units are all B units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Invaders {
    pub barbarians: PowerId,
    pub persians: PowerId,
}

impl Invaders {
    pub fn includes(self, power: PowerId) -> bool {
        power == self.barbarians || power == self.persians
    }

    /// Who appears in frontier province `p` (I4): the Persians on the
    /// eastern frontier, next to the Sassanid spaces; elsewhere the
    /// Barbarians.
    pub fn of(self, v: &Variant, p: ProvinceId) -> PowerId {
        let sassanid_next =
            v.province_ids().any(|q| v.province(q).flags.sassanid && v.any_borders.get(p.index(), q.index()));
        if sassanid_next {
            self.persians
        } else {
            self.barbarians
        }
    }

    /// The B unit standing in `p`, if any.
    fn unit_in<'a>(self, v: &Variant, pos: &'a Position, p: ProvinceId) -> Option<&'a Force> {
        pos.force_in(v, p).filter(|f| self.includes(f.power))
    }
}

/// Barbarians never enter Alexandria, Antioch or Rome; Persians never Rome.
pub fn may_enter(v: &Variant, inv: Invaders, force: &Force, dest: ProvinceId) -> Result<(), Illegal> {
    let flags = v.province(dest).flags;
    let rome = v.province(dest).roman_centre > 0;
    if force.power == inv.barbarians && (flags.barbarian_cannot_sack || rome) {
        Err(Illegal::Barbarian(BarbarianIllegal::NeverEnter))
    } else if force.power == inv.persians && rome {
        Err(Illegal::Barbarian(BarbarianIllegal::PersiansNeverEnterRome))
    } else {
        Ok(())
    }
}

/// Judges the orders that concern B units and orders every B unit. With
/// `guard`, a Praetorian Guard's move into a B unit's province destroys
/// that unit first (I6: "merely by attacking it"; the guard holds).
pub fn judge(v: &Variant, inv: Invaders, guard: bool, pos: &mut Position, orders: &[Order]) -> Judging {
    let mut verdicts: Vec<Option<(Reason, bool)>> = vec![None; orders.len()];
    if guard {
        super::praetorian::attacks(v, inv, pos, orders, &mut verdicts);
    }
    for (i, order) in orders.iter().enumerate() {
        if verdicts[i].is_some() {
            continue;
        }
        let of_b = |loc: LocId| inv.unit_in(v, pos, v.province_of(loc)).is_some();
        let why = if order.power.is_some_and(|p| inv.includes(p)) || order.unit.as_ref().is_some_and(|u| of_b(u.loc)) {
            Some(Illegal::Barbarian(BarbarianIllegal::MovedByJudge))
        } else if let Action::SupportMove { unit, .. } = &order.action {
            of_b(unit.loc).then_some(Illegal::Barbarian(BarbarianIllegal::SupportHoldOnly))
        } else {
            None
        };
        if let Some(why) = why {
            verdicts[i] = Some((Reason::Illegal(why), false));
        }
    }
    // The convoys Roman fleets ask for: (the B unit's province, the
    // destination), from the first order written for each fleet.
    let mut fleets = Vec::new();
    let mut convoys: Vec<(ProvinceId, ProvinceId)> = Vec::new();
    for (o, judged) in orders.iter().zip(&verdicts) {
        let Some(fleet) = o.unit.as_ref().map(|u| v.province_of(u.loc)) else { continue };
        if fleets.contains(&fleet) {
            continue;
        }
        fleets.push(fleet);
        if let (None, Action::Convoy { unit, to }) = (judged, &o.action) {
            if o.power.is_some_and(|p| !inv.includes(p)) {
                convoys.push((v.province_of(unit.loc), v.province_of(*to)));
            }
        }
    }
    let judged = pos.forces.iter().filter(|f| inv.includes(f.power)).map(|f| order_for(v, pos, f, &convoys)).collect();
    Judging { verdicts, orders: judged }
}

/// The judge's order for B unit `force`: by convoy where Roman convoy
/// orders name a destination it may take, else by land, else a hold.
fn order_for(v: &Variant, pos: &Position, force: &Force, convoys: &[(ProvinceId, ProvinceId)]) -> Order {
    let from = v.province_of(force.loc);
    let open = |q: ProvinceId| {
        q != from
            && v.province(q).terrain.holds_armies()
            && pos.force_in(v, q).is_none()
            && v.rules.may_enter(v, force, q, super::Entry::Move).is_ok()
    };
    let by_sea = first_after(v, from, convoys.iter().filter(|&&(b, q)| b == from && open(q)).map(|&(_, q)| q));
    if let Some(q) = by_sea {
        return Order::for_force(force, Action::Move { to: LocId::of_province(q), via_convoy: true });
    }
    let by_land =
        first_after(v, from, v.province_ids().filter(|&q| v.army_borders.get(from.index(), q.index()) && open(q)));
    match by_land {
        Some(q) => Order::for_force(force, Action::Move { to: LocId::of_province(q), via_convoy: false }),
        None => Order::for_force(force, Action::Hold),
    }
}

/// The first of `candidates` in alphabetical order of name after
/// `from`'s name, wrapping from Z to A (I5).
fn first_after(v: &Variant, from: ProvinceId, candidates: impl Iterator<Item = ProvinceId>) -> Option<ProvinceId> {
    let name = |p: ProvinceId| v.province(p).name.to_lowercase();
    let own = name(from);
    let mut sorted: Vec<(String, ProvinceId)> = candidates.map(|p| (name(p), p)).collect();
    sorted.sort();
    sorted.dedup();
    sorted.iter().find(|(n, _)| *n > own).or(sorted.first()).map(|&(_, p)| p)
}

/// After a movement: a B unit that moved into a centre sacks it.
pub fn sack(v: &Variant, inv: Invaders, results: &mut [OrderResult<'_>], next: &mut Position) {
    for r in results.iter_mut().filter(|r| r.verdict() == Verdict::Success && r.reason == Reason::Moved) {
        let (Some(power), Action::Move { to, .. }) = (r.order.power, &r.order.action) else { continue };
        if !inv.includes(power)
            || !r
                .order
                .unit
                .as_ref()
                .and_then(|u| u.components.as_ref())
                .is_some_and(|c| c.iter().any(|c| c.kind == Kind::BARBARIAN))
        {
            continue;
        }
        let p = v.province_of(*to);
        if v.is_centre(p) && !destroy::is_destroyed(&next.state, p) {
            destroy::destroy(&mut next.state, p);
            r.reason = Reason::Barbarian(BarbarianReason::CentreSacked);
        }
    }
}

/// The Barbarians' and the Persians' B units, which the judge plays
/// (Imperator I5; the B row of the kind table).
pub fn invaders(r: &Rules) -> Option<Invaders> {
    r.get::<Invaders>().copied()
}

impl Mechanic for Invaders {
    const OPTION: &'static str = "barbarians";
    const RANK: u8 = 30;

    fn read(value: &toml::Value, names: &Names) -> Result<Option<Self>, OptionError> {
        let Some([b, p]) = strings(value).as_deref().and_then(|s| <[&str; 2]>::try_from(s).ok()) else {
            return Err(OptionError::expected("the two powers the judge plays, [\"Barbarians\", \"Persians\"]", value));
        };
        match ((names.power)(b), (names.power)(p)) {
            (Some(barbarians), Some(persians)) if barbarians != persians => Ok(Some(Invaders { barbarians, persians })),
            (Some(_), Some(_)) => Err(OptionError::OnePowerTwice("the Barbarians and the Persians are two powers")),
            (None, _) => Err(unknown("power", b)),
            (_, None) => Err(unknown("power", p)),
        }
    }

    fn describe(&self, v: &Variant) -> String {
        format!("barbarians moved by the judge ({}, {})", v.power(self.barbarians).name, v.power(self.persians).name)
    }

    /// A B unit sacks a centre as D5 destroys it.
    fn requires(&self, r: &Rules) -> Result<(), &'static str> {
        needs(r.plays::<Destroy>(), "barbarians needs `destroy` (I5: a B unit sacks the centres it enters)")
    }

    fn kinds(&self, _: &Rules, kinds: &mut Vec<Kind>) {
        kinds.push(Kind::BARBARIAN);
    }

    fn may_enter(&self, v: &Variant, force: &Force, dest: ProvinceId, _: super::Entry) -> Result<(), Illegal> {
        may_enter(v, *self, force, dest)
    }

    fn after_movement(&self, _: &Rules, v: &Variant, results: &mut [OrderResult<'_>], next: &mut Position) {
        sack(v, *self, results, next);
    }

    /// The judge plays them: they give no orders, build nothing, never win
    /// and are never eliminated.
    fn played_by_judge(&self, power: PowerId) -> bool {
        self.includes(power)
    }

    fn judges_movement(&self) -> bool {
        true
    }

    /// I6: B units the Praetorian Guard attacks are gone.
    fn judge_movement(&self, r: &Rules, v: &Variant, pos: &mut Position, orders: &[Order]) -> Option<Judging> {
        Some(judge(v, *self, r.plays::<PraetorianGuard>(), pos, orders))
    }

    /// "Only Rome is invulnerable to the Persians" (I5), so a destroyed
    /// Alexandria or Antioch is a state its games reach.
    fn sacks_any_centre(&self) -> bool {
        true
    }
}
