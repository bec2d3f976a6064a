//! A joint plan against a player near a victory by a mechanic's own rule
//! (the engine's `shortfalls_after_adjustment`: Imperator's Emperor, fewer
//! than `CLOSE` units short of his lead of five, I2): the others attack
//! his vital units (the engine's `vital_units`: the guard, whose fall puts
//! him out, I8) together, by a convention every bot works out alike from
//! the position, so that they can act together without press. The search
//! of every other player expects the others to keep it (it stands in every
//! sample of their orders) and tries its own part of it in its best plan,
//! kept where the mean value rises. The near winner's own search, which
//! sees no other player near a victory, samples the others as before. With
//! no such player (every variant without such a victory) nothing changes.

use super::value::{nearest_victory, CLOSE};
use crate::legal::Board;
use polemarch_engine::order::{Action, Order};
use polemarch_engine::rules::Vital;
use polemarch_engine::variant::{LocId, PowerId};
use std::cmp::Reverse;

/// The other player nearest a victory by a mechanic's own rule, where he
/// is within `CLOSE` units of it on the board as it stands.
pub fn near_winner(board: &Board, me: PowerId) -> Option<PowerId> {
    nearest_victory(board.v, board.pos, me).filter(|&(units, _)| units < CLOSE).map(|(_, p)| p)
}

/// The others' joint attack on the near winner (`leader`): a convention
/// every bot works out alike from the position, so that the players
/// against him can act together without press. On each of his vital units
/// (the engine's `vital_units`: the Emperor's guard) the player with the
/// most units next to it (then the first power) moves one in (its first),
/// and every other unit next to it, of a player neither the leader nor the
/// judge, supports that move; each order one the adjudicator calls legal.
pub fn plan(board: &Board, leader: PowerId) -> Vec<Order> {
    let (v, pos) = (board.v, board.pos);
    let mut out = Vec::new();
    let mut used = vec![false; pos.forces.len()];
    for Vital { at, .. } in v.rules.vital_units(v, pos, leader) {
        if pos.force_in(v, at).is_none() {
            continue;
        }
        let against = |i: usize| {
            let p = pos.forces[i].power;
            !used[i] && !v.same_player(p, leader) && !v.rules.played_by_judge(p) && board.reaches[i].contains(&at)
        };
        let allies: Vec<usize> = (0..pos.forces.len()).filter(|&i| against(i)).collect();
        let next_to = |p: PowerId| allies.iter().filter(|&&i| pos.forces[i].power == p).count();
        let Some(&attacker) =
            allies.iter().max_by_key(|&&i| (next_to(pos.forces[i].power), Reverse(pos.forces[i].power), Reverse(i)))
        else {
            continue;
        };
        let into = |to: LocId| v.province_of(to) == at;
        let Some(attack) = board.legal[attacker]
            .iter()
            .find(|o| matches!(o.action, Action::Move { to, via_convoy: false } if into(to)))
        else {
            continue;
        };
        used[attacker] = true;
        out.push(attack.clone());
        let from = pos.forces[attacker].loc;
        for &i in allies.iter().filter(|&&i| i != attacker) {
            let support = board.legal[i]
                .iter()
                .find(|o| matches!(&o.action, Action::SupportMove { unit, to } if unit.loc == from && into(*to)));
            if let Some(s) = support {
                used[i] = true;
                out.push(s.clone());
            }
        }
    }
    out
}

/// `orders` with the joint plan's orders in place of those of the same
/// units (the plan's orders of `me`'s units left out).
pub fn with_plan(board: &Board, me: PowerId, orders: &mut Vec<Order>, plan: &[Order]) {
    let v = board.v;
    let theirs: Vec<&Order> = plan.iter().filter(|o| o.power != Some(me)).collect();
    let at = |o: &Order| o.unit.as_ref().map(|u| v.province_of(u.loc));
    orders.retain(|o| !theirs.iter().any(|j| at(j) == at(o)));
    orders.extend(theirs.into_iter().cloned());
}

/// `plan` (an order or none for each of `me`'s units, `mine`) with `me`'s
/// orders of the joint plan in place; None where it has none of them.
pub fn ours(
    board: &Board,
    mine: &[usize],
    plan: &[Option<Order>],
    me: PowerId,
    joint: &[Order],
) -> Option<Vec<Option<Order>>> {
    let mut out = plan.to_vec();
    let mut any = false;
    for (k, &i) in mine.iter().enumerate() {
        let at = board.pos.forces[i].loc;
        if let Some(o) = joint.iter().find(|o| o.power == Some(me) && o.unit.as_ref().is_some_and(|u| u.loc == at)) {
            out[k] = Some(o.clone());
            any = true;
        }
    }
    any.then_some(out)
}
