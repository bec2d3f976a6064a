//! Who owns the centres after a season: the power standing on them, but a
//! player's own centres stay with the power of that player that owns them
//! (H3). The mechanics may refine it (hooks `changes_hands_midyear`,
//! `capture`, `after_ownership`): Towns every move, claims, liberation,
//! colonies.

use crate::state::{Force, Position};
use crate::variant::Variant;

/// Centres change hands at the end of a season: every centre when the
/// calendar says so, else only Towns (centres worth half) where they change
/// hands after every move.
// (Out of line: inlined into `adjudicate_into`, as LLVM compiled it
// once issue 29's and 30's ninth-session work was merged, it cost the
// retreat some 260 instructions more: docs/benchmarks.md, ninth pass.)
#[inline(never)]
pub fn end_of_season(v: &Variant, season_changes_all: bool, next: &mut Position) {
    if !season_changes_all && !v.rules.any_midyear_changes() {
        return;
    }
    let plain = v.rules.mechanics.is_empty();
    // (The lists borrowed apart: the loop reads the forces while it writes
    // the owners and a mechanic the state.)
    let Position { forces, owners, state, .. } = next;
    for &Force { loc, power: mover, .. } in forces.iter() {
        let p = v.province_of(loc);
        let value = v.province(p).centre;
        // I5: a Barbarian or Persian unit sacks a centre, it never owns one.
        if value == 0
            || (!season_changes_all && !v.rules.changes_hands_midyear(value))
            || v.rules.played_by_judge(mover)
        {
            continue;
        }
        let current = owners[p.index()];
        // (A variant without mechanics, standard, has no hook to ask.)
        let captured = if plain { None } else { v.rules.capture(v, forces, state, p, mover, current) };
        let owner = captured.or(current.filter(|&c| v.same_player(c, mover))).unwrap_or(mover);
        owners[p.index()] = Some(owner);
    }
    v.rules.after_ownership(v, next, season_changes_all);
}
