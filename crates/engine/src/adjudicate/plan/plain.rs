//! The plain move: an order moving a force of one component, not via
//! convoy, in a variant without mechanics, that `plan_move` plans as a
//! move to the very location ordered, by no convoy, merge or rider. Whether
//! a move is plain depends on nothing but how the force moves (as an army
//! or a fleet), where it stands and where it goes; so `plan_move` is asked
//! once per variant for every location and the locations of the provinces
//! it borders, and its answers are kept as bits (`Variant::plain_moves`).
//! The order loop then plans most moves with one bit test instead of the
//! general steps (issue 31). A move that is not plain goes the general way,
//! which decides it (and says why it is illegal, if it is).

use super::legal::plan_move;
use super::Plan;
use crate::state::{Force, Moves};
use crate::variant::{BitMatrix, Kind, LocId, PowerId, Variant};

/// The plain moves of the variant, by how the mover moves (`[armies,
/// fleets]`; a row for each location moved from, a column for each
/// location moved to); None where the variant has mechanics (their hooks
/// may forbid a move, so every move is planned the general way).
#[inline]
pub fn plain_moves(v: &Variant) -> Option<&[BitMatrix; 2]> {
    v.rules.mechanics.is_empty().then(|| v.plain_moves.get_or_init(|| fill(v)))
}

/// The plan of a plain move of `body` to `to` (`moves`: `plain_moves`), or
/// None: plan it the general way.
#[inline(always)]
pub fn plain_move(v: &Variant, moves: &[BitMatrix; 2], body: &Force, to: LocId, via_convoy: bool) -> Option<Plan> {
    let [one] = body.components[..] else { return None };
    let plain = match one.kind.row().moves {
        Moves::Army => &moves[0],
        Moves::Fleet => &moves[1],
        Moves::None => return None,
    };
    (!via_convoy && plain.get(body.loc.index(), to.index())).then(|| plain_plan(to, v.province_of(to)))
}

/// What `plan_move` plans for a plain move to `to` (in `dest`).
#[inline(always)]
fn plain_plan(to: LocId, dest: crate::variant::ProvinceId) -> Plan {
    Plan::Move { to, dest, convoy: false, merge: false, rider: false, raise: false }
}

/// Asks `plan_move` of an army and of a fleet at every location, moving to
/// every location of every province its own province borders (a move
/// anywhere else is not planned without a convoy, a merge or a rider).
#[cold]
fn fill(v: &Variant) -> [BitMatrix; 2] {
    let n = v.locs.len();
    [Kind::ARMY, Kind::FLEET].map(|kind| {
        let mut plain = BitMatrix::new(n);
        for from in (0..n).map(LocId::new) {
            let body = Force::single(PowerId::new(0), kind, from);
            for q in v.any_borders.row(v.province_of(from).index()) {
                let q = crate::variant::ProvinceId::new(q);
                let coasts = v.province(q).coasts.iter().copied();
                for to in std::iter::once(LocId::of_province(q)).chain(coasts) {
                    if plan_move(v, &body, to, false, false) == Ok(plain_plan(to, q)) {
                        plain.set(from.index(), to.index());
                    }
                }
            }
        }
        plain
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{embedded_ids, embedded_variant};

    /// The bits are `plan_move`'s answers for every pair of locations (not
    /// only the neighbours `fill` asks about), in every embedded variant
    /// without mechanics.
    #[test]
    fn plain_moves_are_plan_moves_answers() {
        let mut checked = 0;
        for id in embedded_ids() {
            let v = embedded_variant(id).unwrap().unwrap();
            let Some(moves) = plain_moves(&v) else { continue };
            for (kind, plain) in [Kind::ARMY, Kind::FLEET].into_iter().zip(moves) {
                for from in (0..v.locs.len()).map(LocId::new) {
                    let body = Force::single(PowerId::new(0), kind, from);
                    for to in (0..v.locs.len()).map(LocId::new) {
                        let planned = plan_move(&v, &body, to, false, false) == Ok(plain_plan(to, v.province_of(to)));
                        assert_eq!(plain.get(from.index(), to.index()), planned, "{id}: {kind:?} {from:?} -> {to:?}");
                        checked += planned as usize;
                    }
                }
            }
        }
        assert!(checked > 100, "some plain moves checked");
    }
}
