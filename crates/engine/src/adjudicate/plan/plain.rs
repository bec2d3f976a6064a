//! The plain move and the plain reach, of a force of one component in a
//! variant without mechanics.
//!
//! A plain move is an order moving such a force, not via convoy, that
//! `plan_move` plans as a move to the very location ordered, by no convoy,
//! merge or rider; the reach is where `can_reach` lets it support. Both
//! depend on nothing but how the force moves (as an army or a fleet), where
//! it stands and where it goes: so the rules (`plan_move`, `legal::reaches`)
//! are asked once per variant for every location and the locations of the
//! provinces it borders, and their answers are kept as bits
//! (`Variant::plain`). The order loop then plans most moves, and
//! `can_reach` answers most supports, with one bit test instead of the
//! general steps (issue 31). A move that is not plain goes the general
//! way, which decides it (and says why it is illegal, if it is).

use super::legal::{plan_move, reaches};
use super::{Part, Plan, Planning};
use crate::adjudicate::outcome::Illegal;
use crate::order::Action;
use crate::state::{Force, Moves};
use crate::variant::{bits, BitMatrix, Kind, LocId, PlainTables, PowerId, ProvinceId, Variant};

/// The variant's tables; None where it has mechanics (their hooks may
/// forbid a move or a support, so every one is decided the general way).
#[inline]
pub(crate) fn plain_tables(v: &Variant) -> Option<&PlainTables> {
    v.rules.mechanics.is_empty().then(|| v.plain.get_or_init(|| fill(v)))
}

/// The table of `tables` for the way `body` moves, if it is one component
/// that moves.
#[inline(always)]
fn of<'a>(tables: &'a [BitMatrix; 2], body: &Force) -> Option<&'a BitMatrix> {
    let [one] = body.components[..] else { return None };
    of_kind(tables, one.kind.row().moves)
}

/// The table of `tables` for a force that moves so.
#[inline(always)]
fn of_kind(tables: &[BitMatrix; 2], moves: Moves) -> Option<&BitMatrix> {
    match moves {
        Moves::Army => Some(&tables[0]),
        Moves::Fleet => Some(&tables[1]),
        Moves::None => None,
    }
}

/// The plan of a plain move of `body` to `to`, or None: plan it the
/// general way.
#[inline(always)]
pub(crate) fn plain_move(v: &Variant, tables: &PlainTables, body: &Force, to: LocId, via_convoy: bool) -> Option<Plan> {
    let plain = of(&tables.moves, body)?;
    // (The destination's province first: its index is checked there.)
    let dest = v.province_of(to);
    (!via_convoy && plain.get_within(body.loc.index(), to.index())).then(|| plain_plan(to, dest))
}

/// Plans a plain hold or support by force `f` (`body`) into its part
/// `part` (by order `i`), or None: plan it the general way. A hold in a variant without mechanics is
/// planned as it stands (`plan_other` checks nothing of it there); a
/// support by a force of one component that may support is planned by
/// `plan_other`'s own rule (`support_hold`, `support_move`), its reach read
/// from the table (`can_reach`'s answer). What is left out is only the way
/// there: `plan_force`, `plan_one`, `may_order` (nothing without
/// mechanics), `plan_other`'s match and the call to `can_reach` (issue 31).
#[inline(never)]
pub(super) fn plain_hold_or_support(
    planning: &Planning,
    tables: &PlainTables,
    f: u16,
    body: &Force,
    action: &Action,
    part: &mut Part,
    i: usize,
) -> Option<Result<(), Illegal>> {
    let planned = match action {
        Action::Hold => Ok(Plan::Hold),
        Action::SupportHold { unit } => planning.support_hold(f, unit, supporter_reach(tables, body)?),
        Action::SupportMove { unit, to } => planning.support_move(f, unit, *to, supporter_reach(tables, body)?),
        _ => return None,
    };
    Some(planned.map(|plan| {
        part.plan = plan;
        part.set_order(Some(i));
    }))
}

/// Where `body` reaches (`can_reach`), read from the table, if it is one
/// component that may support (else None: the general way). (Its kind
/// read once, issue 31.)
#[inline(always)]
fn supporter_reach<'a>(tables: &'a PlainTables, body: &Force) -> Option<impl Fn(ProvinceId) -> bool + 'a> {
    let [one] = body.components[..] else { return None };
    let row = one.kind.row();
    let reach = of_kind(&tables.reach, row.moves).filter(|_| row.may_support)?;
    let from = body.loc.index();
    Some(move |dest: ProvinceId| reach.get_within(from, dest.index()))
}

/// Is `l` in a province a fleet may convoy through (`Terrain::convoys`)?
#[inline(always)]
pub(crate) fn at_sea(tables: &PlainTables, l: LocId) -> bool {
    bits::has(&tables.seas, l.index())
}

/// Can `body` reach `dest` (`can_reach`), or None: ask the rule.
#[inline(always)]
pub(crate) fn plain_reach(tables: &PlainTables, body: &Force, dest: ProvinceId) -> Option<bool> {
    Some(of(&tables.reach, body)?.get(body.loc.index(), dest.index()))
}

/// What `plan_move` plans for a plain move to `to` (in `dest`).
#[inline(always)]
fn plain_plan(to: LocId, dest: ProvinceId) -> Plan {
    Plan::Move { to, dest, convoy: false, merge: false, rider: false, raise: false }
}

/// Asks the rules of an army and of a fleet at every location, moving to
/// (or reaching) every location of every province its own province
/// borders: a move anywhere else is not planned without a convoy, a merge
/// or a rider, and nothing else is reached.
#[cold]
fn fill(v: &Variant) -> PlainTables {
    let n = v.locs.len();
    let [army, fleet] = [Kind::ARMY, Kind::FLEET].map(|kind| {
        let (mut moves, mut reach) = (BitMatrix::new(n), BitMatrix::new(n));
        for from in (0..n).map(LocId::new) {
            let body = Force::single(PowerId::new(0), kind, from);
            for q in v.any_borders.row(v.province_of(from).index()).map(ProvinceId::new) {
                if reaches(v, &body, q) {
                    reach.set(from.index(), q.index());
                }
                let coasts = v.province(q).coasts.iter().copied();
                for to in std::iter::once(LocId::of_province(q)).chain(coasts) {
                    if plan_move(v, &body, to, false, false) == Ok(plain_plan(to, q)) {
                        moves.set(from.index(), to.index());
                    }
                }
            }
        }
        (moves, reach)
    });
    let mut seas = vec![0; n.div_ceil(64)];
    for l in (0..n).filter(|&l| v.province(v.province_of(LocId::new(l))).terrain.convoys()) {
        bits::set(&mut seas, l);
    }
    PlainTables { moves: [army.0, fleet.0], reach: [army.1, fleet.1], seas }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{embedded_ids, embedded_variant};

    /// The bits are the rules' answers for every pair of locations (not
    /// only the neighbours `fill` asks about), in every embedded variant
    /// without mechanics.
    #[test]
    fn plain_tables_are_the_rules_answers() {
        let (mut moves, mut reached) = (0, 0);
        for id in embedded_ids() {
            let v = embedded_variant(id).unwrap().unwrap();
            let Some(tables) = plain_tables(&v) else { continue };
            for kind in [Kind::ARMY, Kind::FLEET] {
                for from in (0..v.locs.len()).map(LocId::new) {
                    let body = Force::single(PowerId::new(0), kind, from);
                    for to in (0..v.locs.len()).map(LocId::new) {
                        let dest = v.province_of(to);
                        let planned = plan_move(&v, &body, to, false, false) == Ok(plain_plan(to, dest));
                        assert_eq!(
                            plain_move(&v, tables, &body, to, false).is_some(),
                            planned,
                            "{id}: {kind:?} {from:?} -> {to:?}"
                        );
                        assert_eq!(plain_move(&v, tables, &body, to, true), None, "{id}: via convoy");
                        moves += planned as usize;
                    }
                    let sea = v.province(v.province_of(from)).terrain.convoys();
                    assert_eq!(at_sea(tables, from), sea, "{id}: {from:?} at sea");
                    for dest in v.province_ids() {
                        let reach = reaches(&v, &body, dest);
                        assert_eq!(
                            plain_reach(tables, &body, dest),
                            Some(reach),
                            "{id}: {kind:?} {from:?} reaches {dest:?}"
                        );
                        reached += reach as usize;
                    }
                }
            }
        }
        assert!(moves > 100 && reached > 100, "some plain moves and reaches checked");
    }
}
