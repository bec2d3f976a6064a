//! Imperator I6: the Emperor's Praetorian Guard (`PG`, a row of the kind
//! table: it moves as an army and needs supply, but is never built). It
//! destroys a B unit merely by attacking it: a `PG xxx - yyy` into a
//! province a B unit holds at the start of the movement removes that unit
//! before the phase is judged, and the guard holds (its order succeeds,
//! whatever then happens to it). Only an attack the guard could make by
//! land counts; any other order of the guard is an ordinary order.
//!
//! The guard also rebuilds a destroyed centre by entering it, as
//! Triumvirate's T does: personal.rs's rule, for the units `is_guard`
//! names.
//!
//! I7: a Rival's personal unit is his PG(R), "which has the same powers as
//! a PG unit": the Rival's AGC (it stays of the AGC row, so that its loss
//! puts him out as I1 says) is a guard for both powers while he is a Rival
//! (`rival <power>`, rules/rivals.rs).

use super::barbarians::Invaders;
use super::options::{flag, needs, Names, OptionError};
use super::personal::rebuild_in_passing;
use super::{Mechanic, Rules};
use crate::order::{Action, Order};
use crate::outcome::BarbarianReason;
use crate::outcome::OrderResult;
use crate::outcome::Reason;
use crate::state::{Component, Position, VariantState};
use crate::variant::{Kind, Variant};

/// Has `c` the guard's powers: a PG (I6), or a Rival's AGC, his PG(R)
/// (I7)?
pub fn is_guard(state: &VariantState, c: &Component) -> bool {
    c.kind == Kind::PRAETORIAN_GUARD || (c.kind == Kind::COMMANDER && state.rivals.contains(&c.power))
}

/// Carries out the guard's attacks on B units among `orders` (the first
/// order of each guard), noting their verdicts.
pub fn attacks(
    v: &Variant,
    inv: Invaders,
    pos: &mut Position,
    orders: &[Order],
    verdicts: &mut [Option<(Reason, bool)>],
) {
    let mut ordered = Vec::new();
    let mut removed = Vec::new();
    for (i, order) in orders.iter().enumerate() {
        let Some(unit) = &order.unit else { continue };
        let from = v.province_of(unit.loc);
        let Some(guard) = pos.force_in(v, from) else { continue };
        if ordered.contains(&from) || !order.power.is_none_or(|p| v.same_player(p, guard.power)) {
            continue;
        }
        ordered.push(from);
        let Action::Move { to, .. } = order.action else { continue };
        let dest = v.province_of(to);
        let is_guard = guard.components.iter().any(|c| is_guard(&pos.state, c));
        let b_there = pos.force_in(v, dest).is_some_and(|f| inv.includes(f.power));
        if is_guard && b_there && v.army_borders.get(from.index(), dest.index()) {
            verdicts[i] = Some((Reason::Barbarian(BarbarianReason::BarbarianDestroyed), true));
            removed.push(dest);
        }
    }
    pos.forces.retain(|f| !removed.contains(&v.province_of(f.loc)));
}

/// Imperator I6: the PG row of the kind table; its attack destroys a B
/// unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PraetorianGuard;

impl Mechanic for PraetorianGuard {
    const OPTION: &'static str = "praetorian_guard";
    const RANK: u8 = 32;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        flag(value, PraetorianGuard)
    }

    fn describe(&self, _: &Variant) -> String {
        "praetorian guard".into()
    }

    fn requires(&self, r: &Rules) -> Result<(), &'static str> {
        needs(r.plays::<Invaders>(), super::barbarians::NEEDED)
    }

    fn kinds(&self, _: &Rules, kinds: &mut Vec<Kind>) {
        kinds.push(Kind::PRAETORIAN_GUARD);
    }

    fn after_movement(&self, _: &Rules, v: &Variant, results: &mut [OrderResult<'_>], next: &mut Position) {
        rebuild_in_passing(v, results, next, is_guard);
    }
}
