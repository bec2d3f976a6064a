//! Imperator I6: the Emperor's Praetorian Guard (`PG`, a row of the kind
//! table: it moves as an army and needs supply, but is never built). It
//! destroys a B unit merely by attacking it: a `PG xxx - yyy` into a
//! province a B unit holds at the start of the movement removes that unit
//! before the phase is judged, and the guard holds (its order succeeds,
//! whatever then happens to it). Only an attack the guard could make by
//! land counts; any other order of the guard is an ordinary order.
//!
//! The guard also rebuilds a destroyed centre by entering it, as
//! Triumvirate's T does: personal.rs's rule, for the PG row (`GUARD`).

use super::barbarians::Invaders;
use super::personal::Personal;
use crate::adjudicate::{Reason, Verdict};
use crate::order::{Action, Order};
use crate::state::Position;
use crate::variant::{Kind, Variant};

/// I6: what the guard shares with a personal unit: it rebuilds a destroyed
/// centre by passing through it (no support two steps away: that is T2's).
pub const GUARD: Personal = Personal { kind: Kind::PRAETORIAN_GUARD, rebuilds: true, far_support: false };

/// Carries out the guard's attacks on B units among `orders` (the first
/// order of each guard), noting their verdicts.
pub fn attacks(v: &Variant, inv: Invaders, pos: &mut Position, orders: &[Order], verdicts: &mut [Option<(Verdict, Reason, bool)>]) {
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
        let is_guard = guard.components.iter().any(|c| c.kind == Kind::PRAETORIAN_GUARD);
        let b_there = pos.force_in(v, dest).is_some_and(|f| inv.includes(f.power));
        if is_guard && b_there && v.army_borders.get(from.index(), dest.index()) {
            verdicts[i] = Some((Verdict::Success, Reason::BarbarianDestroyed, true));
            removed.push(dest);
        }
    }
    pos.forces.retain(|f| !removed.contains(&v.province_of(f.loc)));
}
