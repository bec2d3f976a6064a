//! `search`: a bot that looks one movement ahead with the adjudicator, as
//! the published no-press search bots do, with a heuristic value in place
//! of a network.
//!
//! In a movement it samples candidate order sets for itself from two
//! heuristic policies (the greedy bot's orders, and DumbBot's drawn several
//! times with its randomness), samples every other power's orders from
//! DumbBot the same way, adjudicates each of its candidates against each
//! sample of the others, and values each resulting position (`value.rs`).
//! The candidate with the best mean value (a best response to the sampled
//! policy of the others) is then improved a unit at a time: each of the
//! unit's other orders (hold, its moves, a support of what another of our
//! units does) is tried against the same samples and kept if the mean
//! value rises. Retreats, builds and removals are DumbBot's. The bot knows
//! no rule: every order it plays is one the adjudicator left on the board,
//! with whatever special orders the policies offer. What a mechanic puts
//! at stake (a vital unit at risk at the coming Winter, `stakes.rs`) is in
//! the value; in the first phase it names a safer army its personal unit
//! where the adjudicator allows it. Against another player near a victory
//! by a mechanic's own rule, the samples have the others keep a joint plan
//! against him, and our part of it is tried in the best plan (`joint.rs`).
//!
//! The budget is counted in adjudications, so a game is the same for a
//! seed on any machine; the default keeps a power's movement well under
//! 100 ms on one core (docs/bots.md has the figures).

pub mod joint;
pub mod value;

use crate::dumbbot::{self, values};
use crate::greedy::Greedy;
use crate::legal::Board;
use crate::rng::Rng;
use crate::stakes::{self, Risks};
use crate::Bot;
use polemarch_engine::adjudicate::adjudicate;
use polemarch_engine::order::{Action, Order};
use polemarch_engine::variant::{PhaseKind, PowerId};

pub struct Search {
    /// Own candidate order sets drawn (duplicates are dropped).
    pub candidates: usize,
    /// Samples of the other powers' orders each candidate meets.
    pub samples: usize,
    /// Adjudications in all, for a power and phase: the candidates' first,
    /// then the best one improved a unit at a time while any are left.
    pub adjudications: usize,
}

impl Default for Search {
    fn default() -> Search {
        Search { candidates: 8, samples: 6, adjudications: 400 }
    }
}

/// One order set of ours, an order (or none) for each of our units.
type Plan = Vec<Option<Order>>;

/// The searcher's view of one phase: the samples of the others' orders,
/// and the adjudications left.
struct Trial<'b, 'a> {
    board: &'b Board<'a>,
    me: PowerId,
    samples: Vec<Vec<Order>>,
    left: usize,
    /// What the coming Winter puts at risk.
    risks: Risks,
}

impl Trial<'_, '_> {
    /// The mean value of `plan` over the samples.
    fn value(&mut self, plan: &Plan) -> f64 {
        let (v, pos) = (self.board.v, self.board.pos);
        let mut total = 0.0;
        let mut orders = Vec::new();
        for s in &self.samples {
            orders.clear();
            orders.extend(plan.iter().flatten().cloned());
            orders.extend(s.iter().cloned());
            total += value::value(v, &adjudicate(v, pos, &orders).next, self.me, &self.risks);
        }
        self.left = self.left.saturating_sub(self.samples.len());
        total / self.samples.len() as f64
    }
}

/// An order set as one order a unit (`mine[k]`'s in slot `k`).
fn as_plan(board: &Board, mine: &[usize], orders: &[Order]) -> Plan {
    mine.iter()
        .map(|&i| {
            let f = &board.pos.forces[i];
            orders.iter().find(|o| o.unit.as_ref().is_some_and(|u| u.loc == f.loc) && o.power == Some(f.power)).cloned()
        })
        .collect()
}

/// Other orders worth trying for unit `k` in `plan`: hold, its moves, and
/// supports of what our other units do in the plan.
fn alternatives(board: &Board, mine: &[usize], plan: &Plan, k: usize) -> Vec<Order> {
    let v = board.v;
    board.legal[mine[k]]
        .iter()
        .filter(|o| plan[k].as_ref() != Some(*o))
        .filter(|o| match &o.action {
            Action::Hold | Action::Move { via_convoy: false, .. } => true,
            Action::SupportHold { unit } => (0..mine.len()).any(|j| {
                board.pos.forces[mine[j]].loc == unit.loc
                    && !matches!(plan[j].as_ref().map(|p| &p.action), Some(Action::Move { .. }))
            }),
            Action::SupportMove { unit, to } => (0..mine.len()).any(|j| {
                board.pos.forces[mine[j]].loc == unit.loc
                    && matches!(
                        plan[j].as_ref().map(|p| &p.action),
                        Some(Action::Move { to: t, .. }) if v.province_of(*t) == v.province_of(*to)
                    )
            }),
            _ => false,
        })
        .cloned()
        .collect()
}

impl Bot for Search {
    fn name(&self) -> &'static str {
        "search"
    }

    fn orders(&self, board: &Board, power: PowerId, rng: &mut Rng) -> Vec<Order> {
        let mine = board.mine(power);
        if board.kind != PhaseKind::Movement || mine.is_empty() {
            return dumbbot::DumbBot.orders(board, power, rng);
        }
        let (v, pos) = (board.v, board.pos);
        let weights = if v.calendar.changes_ownership(pos.phase) { &values::AUTUMN } else { &values::SPRING };
        let own_values = values::values(board, power, weights);
        let mut candidates: Vec<Plan> = vec![as_plan(board, &mine, &Greedy.orders(board, power, rng))];
        for _ in 1..self.candidates {
            let c = as_plan(board, &mine, &dumbbot::movement::orders(board, power, &own_values, rng));
            if !candidates.contains(&c) {
                candidates.push(c);
            }
        }
        let others: Vec<(PowerId, values::Values)> = v
            .power_ids()
            .filter(|&p| p != power && !board.mine(p).is_empty())
            .map(|p| (p, values::values(board, p, weights)))
            .collect();
        let mut samples: Vec<Vec<Order>> = (0..self.samples.max(1))
            .map(|_| others.iter().flat_map(|(p, vals)| dumbbot::movement::orders(board, *p, vals, rng)).collect())
            .collect();
        // Against a player near a victory by a mechanic's own rule, the
        // others are expected to keep the joint plan against him.
        let together = joint::near_winner(board, power).map(|l| joint::plan(board, l)).unwrap_or_default();
        for s in &mut samples {
            joint::with_plan(board, power, s, &together);
        }
        let mut trial = Trial { board, me: power, samples, left: self.adjudications, risks: Risks::of(v, pos) };
        let mut best: Option<(f64, Plan)> = None;
        for c in candidates {
            let value = trial.value(&c);
            if best.as_ref().is_none_or(|(b, _)| value > *b) {
                best = Some((value, c));
            }
        }
        let (mut best_value, mut plan) = best.expect("at least one candidate");
        // Our part of the joint plan in the best plan, kept if it is worth
        // more.
        if let Some(ours) = joint::ours(board, &mine, &plan, power, &together) {
            let value = trial.value(&ours);
            if value > best_value {
                best_value = value;
                plan = ours;
            }
        }
        // The best candidate improved a unit at a time, in a drawn order.
        let mut turn: Vec<usize> = (0..mine.len()).collect();
        rng.shuffle(&mut turn);
        'units: for k in turn {
            for alt in alternatives(board, &mine, &plan, k) {
                if trial.left < trial.samples.len() {
                    break 'units;
                }
                let before = plan[k].replace(alt);
                let value = trial.value(&plan);
                if value > best_value {
                    best_value = value;
                } else {
                    plan[k] = before;
                }
            }
        }
        let mut orders = board.settle(&mine, plan);
        orders.extend(stakes::designation(board, power));
        orders
    }
}
