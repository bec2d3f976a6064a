//! Imperator I8, the Emperor's fall and succession. The Emperor (the
//! title's holder, imperial_title.rs) is out when his PG is dislodged
//! ("forced to retreat") or destroyed. If one Roman player alone made the
//! dislodging attack and gave every support it received, he is the new
//! Emperor: his personal unit (his AGC, or his PG(R) as a Rival) becomes a
//! PG, and he takes the fallen Emperor's units and centres at once.
//! Otherwise the title, units and centres go to whoever holds Rome then,
//! and failing him to the first Roman player whose unit stands in Rome
//! after a movement or a retreat ("in any season").
//!
//! Readings:
//! - The fallen Emperor is out (`eliminated <power>`); the title stays his
//!   name (`emperor <power>`, unless he is the variant's Emperor) and is
//!   vacant while its holder is out.
//! - While it is vacant, his units stay on the board as they stand, his
//!   and ordered by nobody (they hold; one dislodged is disbanded), and his
//!   centres stay his: they are "the units and centres" that go to the
//!   first to take Rome. They supply nothing and nothing is built or
//!   removed for him. A Commander whose AGC is lost meanwhile has his
//!   units and centres held with them for the successor (I1,
//!   triumvir_out.rs).
//! - "Holds Rome" at the fall: the unit standing in Rome, else Rome's
//!   owner (rivals.rs), if a Roman player still in the game.
//! - The fallen guard is a guard no longer: it stays on the board (it may
//!   retreat) as an army, the heir's or waiting for one. A new Emperor has
//!   one PG, his personal unit.
//! - A new Emperor is a Rival no longer and his penalties end; the Rivals
//!   the fallen Emperor declared lose their penalties (his decrees end with
//!   him, as an Outlaw's do, T6) but stay Rivals.
//! - A PG is destroyed in a Winter only by a frontier die (I4): it is never
//!   removed by an adjustment order.

use super::centre_values::romans;
use super::imperial_title::emperor;
use super::imperial_title::{title, ImperialTitle};
use super::options::{flag, needs, Names, OptionError};
use super::outlaw;
use super::personal::Personal;
use super::{Mechanic, PraetorianGuard, Rules, Vital};
use crate::order::{Action, Order};
use crate::outcome::{Illegal, OrderResult, Reason, Takeover};
use crate::outcome::{SuccessionIllegal, SuccessionReason};
use crate::state::{Component, Force, Kind, Position, VariantState};
use crate::variant::PhaseKind;
use crate::variant::{PowerId, Variant};
use std::borrow::Cow;

/// Hook `may_order`: the fallen Emperor's units, waiting for his
/// successor, take no orders (they hold; I8: "The EMPEROR is eliminated").
pub fn may_order(state: &VariantState, power: PowerId) -> Result<(), Illegal> {
    if state.eliminated.contains(&power) {
        return Err(Illegal::Succession(SuccessionIllegal::OutOfTheGame));
    }
    Ok(())
}

/// Is the title vacant: is its holder out?
pub fn vacant(pos: &Position, default: PowerId) -> bool {
    pos.state.eliminated.contains(&emperor(&pos.state, default))
}

fn is_guard_of(c: &Component, e: PowerId) -> bool {
    c.kind == Kind::PRAETORIAN_GUARD && c.power == e
}

/// Does the Emperor `e`'s guard stand on the board (or wait to retreat)?
pub fn guard_on(pos: &Position, e: PowerId) -> bool {
    pos.forces
        .iter()
        .chain(pos.dislodged.iter().map(|d| &d.force))
        .flat_map(|f| &f.components)
        .any(|c| is_guard_of(c, e))
}

/// May `p` take the title: a Roman player still in the game, not `fallen`?
fn may_succeed(romans: &[PowerId], pos: &Position, fallen: PowerId, p: PowerId) -> bool {
    p != fallen && romans.contains(&p) && !pos.state.eliminated.contains(&p)
}

/// After a movement, a retreat or an adjustment's orders: the fall of an
/// Emperor whose guard was dislodged in this movement or is gone from the
/// board since `before`; then a vacant title to the Roman standing in Rome.
pub fn after_phase(
    v: &Variant,
    default: PowerId,
    romans: &[PowerId],
    before: &Position,
    results: &mut Vec<OrderResult<'_>>,
    next: &mut Position,
) {
    let e = emperor(&next.state, default);
    if !vacant(next, default) {
        let dislodged = next.dislodged.iter().find(|d| d.force.components.iter().any(|c| is_guard_of(c, e)));
        let alone = dislodged
            .and_then(|d| super::triumvir_out::dislodged_by(v, results, next, d))
            .filter(|&p| may_succeed(romans, next, e, p));
        if dislodged.is_some() || (guard_on(before, e) && !guard_on(next, e)) {
            let guard = dislodged.map(|d| d.force.clone()).or_else(|| guard_force(before, e));
            fall(v, romans, e, guard, alone, results, next);
        }
    }
    take_rome(v, default, romans, results, next);
}

/// In a Winter, after the frontier dice (I4): a guard whose die destroyed
/// it (`had`: it stood on the board before the dice).
pub fn after_dice(
    v: &Variant,
    default: PowerId,
    romans: &[PowerId],
    before: &Position,
    results: &mut Vec<OrderResult<'_>>,
    next: &mut Position,
) {
    let e = emperor(&next.state, default);
    if !vacant(next, default) && guard_on(before, e) && !guard_on(next, e) {
        fall(v, romans, e, guard_force(before, e), None, results, next);
    }
}

/// Hook `vital_units`: the Emperor's guard, lost when dislodged (I8),
/// while `power` holds the title.
pub fn vital_guard(v: &Variant, default: PowerId, pos: &Position, power: PowerId, units: &mut Vec<Vital>) {
    if emperor(&pos.state, default) != power || vacant(pos, default) {
        return;
    }
    let forces = pos.forces.iter().chain(pos.dislodged.iter().map(|d| &d.force));
    for f in forces.filter(|f| f.components.iter().any(|c| is_guard_of(c, power))) {
        units.push(Vital { at: v.province_of(f.loc), lost_when_dislodged: true });
    }
}

fn guard_force(pos: &Position, e: PowerId) -> Option<Force> {
    pos.forces.iter().find(|f| f.components.iter().any(|c| is_guard_of(c, e))).cloned()
}

/// A vacant title goes to the Roman player whose unit stands in Rome.
fn take_rome(
    v: &Variant,
    default: PowerId,
    romans: &[PowerId],
    results: &mut Vec<OrderResult<'_>>,
    next: &mut Position,
) {
    if !vacant(next, default) {
        return;
    }
    let fallen = emperor(&next.state, default);
    let Some(in_rome) = outlaw::rome(v).and_then(|r| next.force_in(v, r)).cloned() else { return };
    let p = in_rome.power;
    if may_succeed(romans, next, fallen, p) {
        results.push(OrderResult {
            order: Cow::Owned(Order::for_force(&in_rome, Action::Hold)),
            reason: Reason::Succession(SuccessionReason::TitleTaken { emperor: p }),
        });
        crown(v, fallen, p, results, next);
    }
}

/// The Emperor `e` is out; his guard an army; the title to `alone`, or to
/// whoever holds Rome, or waiting.
fn fall(
    v: &Variant,
    romans: &[PowerId],
    e: PowerId,
    guard: Option<Force>,
    alone: Option<PowerId>,
    results: &mut Vec<OrderResult<'_>>,
    next: &mut Position,
) {
    next.state.eliminated.push(e);
    next.state.eliminated.sort_unstable();
    for f in next.forces.iter_mut().chain(next.dislodged.iter_mut().map(|d| &mut d.force)) {
        for c in f.components.iter_mut().filter(|c| is_guard_of(c, e)) {
            c.kind = Kind::ARMY;
        }
    }
    outlaw::end(v, next, |o| o.decreed_by == e);
    super::loans::drop_power(&mut next.state, e);
    let heir = alone.or_else(|| super::rivals::holder_of_rome(v, next).filter(|&p| may_succeed(romans, next, e, p)));
    if let Some(guard) = guard {
        results.push(OrderResult {
            order: Cow::Owned(Order::for_force(&guard, Action::Hold)),
            reason: Reason::Succession(SuccessionReason::EmperorFalls { heir }),
        });
    }
    if let Some(h) = heir {
        crown(v, e, h, results, next);
    }
}

/// `heir` is Emperor: his personal unit a PG, the fallen Emperor's units
/// and centres his; he is a Rival no longer.
fn crown(v: &Variant, fallen: PowerId, heir: PowerId, results: &mut Vec<OrderResult<'_>>, next: &mut Position) {
    next.state.emperor = Some(heir);
    let personal = v.rules.get::<Personal>().map(|p| p.kind);
    for f in next.forces.iter_mut().chain(next.dislodged.iter_mut().map(|d| &mut d.force)) {
        for c in f.components.iter_mut().filter(|c| c.power == heir && Some(c.kind) == personal) {
            c.kind = Kind::PRAETORIAN_GUARD;
        }
        if f.power != fallen {
            continue;
        }
        let order = Order::for_force(f, Action::Disband);
        for c in f.components.iter_mut() {
            c.power = heir;
        }
        f.power = heir;
        results.push(OrderResult { order: Cow::Owned(order), reason: Reason::TakenBy { heir, rule: Takeover::I8 } });
    }
    for owner in next.owners.iter_mut().filter(|o| **o == Some(fallen)) {
        *owner = Some(heir);
    }
    next.state.rivals.retain(|&p| p != heir);
    outlaw::end(v, next, |o| o.power == heir);
}

/// Imperator I8: the Emperor falls with his PG; who succeeds him.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Succession;

impl Mechanic for Succession {
    const OPTION: &'static str = "succession";
    const RANK: u8 = 37;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        flag(value, Succession)
    }

    fn describe(&self, _: &Variant) -> String {
        "the emperor's fall and succession".into()
    }

    fn requires(&self, r: &Rules) -> Result<(), &'static str> {
        needs(
            r.plays::<ImperialTitle>() && r.plays::<PraetorianGuard>(),
            "succession needs `imperial_title` and `praetorian_guard`",
        )
    }

    fn may_order(
        &self,
        _: &Variant,
        state: &VariantState,
        _: &[Force],
        body: &Force,
        _: &Action,
    ) -> Result<(), Illegal> {
        may_order(state, body.power)
    }

    /// Last: the Emperor falls with his guard; a vacant title goes with
    /// Rome. (In a Winter, after the dice.)
    fn after_phase(
        &self,
        r: &Rules,
        v: &Variant,
        kind: PhaseKind,
        before: &Position,
        results: &mut Vec<OrderResult<'_>>,
        next: &mut Position,
    ) {
        if let (true, Some(e)) = (kind != PhaseKind::Adjustment, title(r)) {
            after_phase(v, e, romans(r), before, results, next);
        }
    }

    fn after_winter_losses(
        &self,
        r: &Rules,
        v: &Variant,
        before: &Position,
        next: &mut Position,
        results: &mut Vec<OrderResult<'_>>,
    ) {
        if let Some(e) = title(r) {
            after_dice(v, e, romans(r), before, results, next);
        }
    }

    /// I8: the Emperor is out with his guard, dislodged or destroyed.
    fn vital_units(&self, r: &Rules, v: &Variant, pos: &Position, power: PowerId, units: &mut Vec<Vital>) {
        if let Some(e) = title(r) {
            vital_guard(v, e, pos, power, units);
        }
    }

    /// I8: the Emperor falls only with his guard dislodged or destroyed in
    /// battle, so no adjustment removes it (civil disorder never takes it
    /// either: it takes only armies, fleets and garrisons).
    fn may_remove(&self, kind: Kind) -> Result<(), Illegal> {
        if kind == Kind::PRAETORIAN_GUARD {
            Err(Illegal::Succession(SuccessionIllegal::GuardRemoval))
        } else {
            Ok(())
        }
    }
}
