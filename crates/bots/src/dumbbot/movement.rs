//! DumbBot's second stage in a movement: an order for each unit from the
//! values of the places it can go to.
//!
//! Each unit, in a random order (a vital unit at risk first), goes to the best place next to it (its
//! own counts: it holds), now and then to the second best or further, the
//! likelier the closer its value is to the better one's. A place another
//! of our units already moves to is not chosen; a place where one of ours
//! stays gets that unit's support instead (a unit whose place is wanted
//! decides first). Then units that hold support our moves into contested
//! places, the most valuable first, until the move is stronger than what
//! any one enemy could bring; then our threatened units that hold.

use super::values::Values;
use crate::legal::Board;
use crate::rng::Rng;
use polemarch_engine::order::{Action, Order};
use polemarch_engine::variant::{PowerId, ProvinceId};

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Undecided,
    Deciding,
    Done,
}

struct Plan<'b, 'a> {
    board: &'b Board<'a>,
    values: &'b Values,
    mine: Vec<usize>,
    state: Vec<State>,
    chosen: Vec<Option<Order>>,
    /// Where each unit will be if its order succeeds.
    target: Vec<Option<ProvinceId>>,
}

/// The chance, in percent, of passing over an option for the next one:
/// half when they are worth the same, falling fast as the gap grows.
pub fn pass_over(better: f64, next: f64) -> usize {
    let gap = ((better - next) / better.abs().max(1.0)).clamp(0.0, 1.0);
    (50.0 * (1.0 - gap).powi(4)) as usize
}

/// The index to start from in options sorted best first.
pub fn pick(worth: &[f64], rng: &mut Rng) -> usize {
    let mut i = 0;
    while i + 1 < worth.len() && rng.below(100) < pass_over(worth[i], worth[i + 1]) {
        i += 1;
    }
    i
}

impl Plan<'_, '_> {
    fn province_of_unit(&self, k: usize) -> ProvinceId {
        self.board.v.province_of(self.board.pos.forces[self.mine[k]].loc)
    }

    fn unit_in(&self, p: ProvinceId) -> Option<usize> {
        (0..self.mine.len()).find(|&k| self.province_of_unit(k) == p)
    }

    fn find(&self, k: usize, want: impl Fn(&Action) -> bool) -> Option<Order> {
        self.board.legal[self.mine[k]].iter().find(|o| want(&o.action)).cloned()
    }

    fn assign(&mut self, k: usize, order: Order, at: ProvinceId) {
        self.chosen[k] = Some(order);
        self.target[k] = Some(at);
        self.state[k] = State::Done;
    }

    fn decide(&mut self, k: usize, rng: &mut Rng) {
        if self.state[k] != State::Undecided {
            return;
        }
        self.state[k] = State::Deciding;
        let (v, pos) = (self.board.v, self.board.pos);
        let f = &pos.forces[self.mine[k]];
        let here = v.province_of(f.loc);
        let mut options: Vec<(f64, Order)> = self.board.legal[self.mine[k]]
            .iter()
            .filter_map(|o| match o.action {
                Action::Hold => Some((self.values.for_unit(self.board, f, f.loc), o.clone())),
                Action::Move { to, via_convoy: false } => Some((self.values.for_unit(self.board, f, to), o.clone())),
                _ => None,
            })
            .collect();
        options.sort_by(|a, b| b.0.total_cmp(&a.0));
        let worth: Vec<f64> = options.iter().map(|o| o.0).collect();
        let start = pick(&worth, rng);
        for (_, o) in options.into_iter().skip(start) {
            let Action::Move { to, .. } = o.action else {
                self.assign(k, o, here);
                return;
            };
            let d = v.province_of(to);
            if (0..self.mine.len()).any(|j| j != k && self.target[j] == Some(d)) {
                continue;
            }
            match self.unit_in(d) {
                Some(j) if !v.is_box(d) => {
                    self.decide(j, rng);
                    if self.state[j] == State::Deciding {
                        continue; // it wants our place: no swaps
                    }
                    if self.target[j] == Some(d) {
                        let holder = &pos.forces[self.mine[j]];
                        if let Some(s) =
                            self.find(k, |a| matches!(a, Action::SupportHold { unit } if unit.loc == holder.loc))
                        {
                            self.assign(k, s, here);
                            return;
                        }
                        continue;
                    }
                    self.assign(k, o, d);
                    return;
                }
                _ => {
                    self.assign(k, o, d);
                    return;
                }
            }
        }
        if let Some(h) = self.find(k, |a| matches!(a, Action::Hold)) {
            self.assign(k, h, here);
        } else {
            self.state[k] = State::Done;
        }
    }

    fn holds(&self, k: usize) -> bool {
        matches!(self.chosen[k].as_ref().map(|o| &o.action), Some(Action::Hold))
    }
}

/// The most any one power not ours could bring against each province (its
/// forces next to it, and the one standing in it).
fn competition(board: &Board, me: PowerId) -> Vec<u32> {
    let v = board.v;
    let mut by_power = vec![vec![0u32; v.province_count()]; v.powers.len()];
    for (j, g) in board.pos.forces.iter().enumerate().filter(|(_, g)| !v.same_player(g.power, me)) {
        by_power[g.power.index()][v.province_of(g.loc).index()] += g.strength();
        for p in &board.reaches[j] {
            by_power[g.power.index()][p.index()] += g.strength();
        }
    }
    (0..v.province_count()).map(|p| by_power.iter().map(|row| row[p]).max().unwrap_or(0)).collect()
}

pub fn orders(board: &Board, me: PowerId, values: &Values, rng: &mut Rng) -> Vec<Order> {
    let (v, pos) = (board.v, board.pos);
    let mine = board.mine(me);
    if mine.is_empty() {
        return Vec::new();
    }
    let n = mine.len();
    let mut plan =
        Plan { board, values, mine, state: vec![State::Undecided; n], chosen: vec![None; n], target: vec![None; n] };
    let mut turn: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut turn);
    // A vital unit at risk chooses first: a safe place must not be taken
    // by another of ours.
    turn.sort_by_key(|&k| !values.is_vital(v.province_of(pos.forces[plan.mine[k]].loc)));
    for k in turn {
        plan.decide(k, rng);
    }
    let against = competition(board, me);
    // Supports for our moves into contested places, the most valuable first.
    let mut moves: Vec<(f64, usize, ProvinceId)> = (0..n)
        .filter_map(|k| match plan.chosen[k].as_ref().map(|o| &o.action) {
            Some(Action::Move { to, .. }) => {
                Some((values.at(board, &pos.forces[plan.mine[k]], *to), k, v.province_of(*to)))
            }
            _ => None,
        })
        .collect();
    moves.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (_, k, d) in moves {
        let mover = &pos.forces[plan.mine[k]];
        let mut strength = mover.strength();
        for s in 0..n {
            if strength > against[d.index()] {
                break;
            }
            if s != k && plan.holds(s) {
                let supports_here = |a: &Action| match a {
                    Action::SupportMove { unit, to } => unit.loc == mover.loc && v.province_of(*to) == d,
                    _ => false,
                };
                if let Some(o) = plan.find(s, supports_here) {
                    strength += pos.forces[plan.mine[s]].strength();
                    let here = plan.province_of_unit(s);
                    plan.assign(s, o, here);
                }
            }
        }
    }
    // Supports for our threatened units that hold.
    for k in 0..n {
        if !plan.holds(k) {
            continue;
        }
        let holder = &pos.forces[plan.mine[k]];
        let here = plan.province_of_unit(k);
        let mut strength = holder.strength();
        for s in 0..n {
            if strength > against[here.index()] {
                break;
            }
            if s != k && plan.holds(s) {
                if let Some(o) = plan.find(s, |a| matches!(a, Action::SupportHold { unit } if unit.loc == holder.loc)) {
                    strength += pos.forces[plan.mine[s]].strength();
                    let at = plan.province_of_unit(s);
                    plan.assign(s, o, at);
                }
            }
        }
    }
    let Plan { chosen, mine, .. } = plan;
    board.settle(&mine, chosen)
}
