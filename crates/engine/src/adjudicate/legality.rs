//! Which orders the adjudicator calls illegal, without adjudicating them:
//! for whoever lists the legal orders of a position (the bots' candidate
//! generator, the Python package), where a whole adjudication per round of
//! candidates is the cost. The verdicts are the adjudicator's own: in a
//! movement phase illegality is decided when the orders are planned
//! (`plan`), before anything is resolved, so planning alone answers; where
//! something else can call an order illegal (a judge's units, I5;
//! declarations; retreats and adjustments) the orders are adjudicated
//! whole, as before, except a Winter of a variant with no mechanic: there
//! the orders' verdicts are decided by the time the orders are judged,
//! before the civil disorder after them (which only adds removals), so the
//! orders are judged alone (`adjustment::judge_orders`).

use super::adjustment::{balances_into, judge_on, judge_orders};
use super::context::{Adjudicator, Scratch};
use super::outcome::{OrderResult, Reason, Verdict};
use super::plan::{legal_alone, plan, plan_again, Alone, Part, Plans, Seas};
use super::recycle;
use crate::order::{Action, Order};
use crate::state::Position;
use crate::variant::{PhaseKind, Variant};

/// Answers "which of these orders are illegal?" phase after phase,
/// reusing its scratch arrays.
pub struct Legality<'v> {
    v: &'v Variant,
    /// The one position asked about, if it was given when made
    /// (`Legality::at`): a Winter's balances and board are then set up once.
    bound: Option<&'v Position>,
    winter: Winter,
    at: Vec<u16>,
    plans: Plans,
    seas: Seas,
    whole: Adjudicator<'v>,
    /// For a Winter's orders judged alone.
    scratch: Scratch,
    results: Vec<OrderResult<'static>>,
    next: Position,
    /// Why the last order last asked about is illegal, where it was
    /// judged (`last_illegal`).
    why_last: Option<Reason>,
}

impl<'v> Legality<'v> {
    pub fn new(v: &'v Variant) -> Legality<'v> {
        Legality {
            v,
            bound: None,
            winter: Winter::default(),
            at: Vec::new(),
            plans: Plans::default(),
            seas: Seas::default(),
            whole: Adjudicator::new(v),
            scratch: Scratch::default(),
            results: Vec::new(),
            next: Position::blank(),
            why_last: None,
        }
    }

    /// A `Legality` for questions about `pos` alone (it answers for others
    /// too, as `new`'s): in a Winter judged alone, each power's balance and
    /// the board to judge on are set up at the first question, not at
    /// every one.
    pub fn at(v: &'v Variant, pos: &'v Position) -> Legality<'v> {
        Legality { bound: Some(pos), ..Legality::new(v) }
    }

    /// For each of `orders` given together in `pos`: is it legal (the
    /// adjudicator's verdict is not ILLEGAL)? Written into `legal`.
    pub fn legal_into(&mut self, pos: &Position, orders: &[Order], legal: &mut Vec<bool>) {
        if self.whole_into(pos, orders, legal) {
            return;
        }
        plan(self.v, &pos.forces, &mut self.at, orders, &pos.state, &mut self.plans, &mut self.seas);
        self.read_plans(pos.forces.len(), orders, legal);
    }

    /// Why the last of the orders `legal_into` was last asked about is
    /// illegal: the adjudicator's reason, where they were judged (a
    /// Winter's orders judged alone, or adjudicated whole) and that order
    /// is illegal; None where planning answered (it gives no reason).
    pub fn last_illegal(&self) -> Option<Reason> {
        self.why_last
    }

    /// `legal_into` for round after round of orders in one position (a
    /// candidate generator's rounds): the board is set up for planning at
    /// the first round only (`plan::plan_again`). Same verdicts.
    pub fn rounds<'a>(&'a mut self, pos: &'a Position) -> Rounds<'a, 'v> {
        Rounds { check: self, pos, set_up: false }
    }

    /// Is the verdict of each of these orders, in a round of them (one a
    /// force, `Rounds`), the verdict of the order asked alone? In a
    /// movement that planning answers it is: planning an order reads the
    /// board, not the other orders, except where a variant has boxes (C10:
    /// the orders before it bind the box's forces) and for a merge (M6: it
    /// takes the forces it names that no order before it took, and is taken
    /// from by them). A generator may then ask each order alone, paying
    /// for no other.
    pub fn alone_as_in_rounds<'a>(&self, pos: &Position, mut orders: impl Iterator<Item = &'a Order>) -> bool {
        self.movement_alone_as_in_rounds(pos)
            && orders.all(|o| o.unit.is_some() && !matches!(o.action, Action::Merge { .. }))
    }

    /// `alone_as_in_rounds` of orders that each name a unit and none of
    /// which is a merge (a generator's candidates, `Order::for_force`): the
    /// position's part of the question.
    pub fn movement_alone_as_in_rounds(&self, pos: &Position) -> bool {
        let v = self.v;
        v.calendar.kind(pos.phase) == PhaseKind::Movement && !v.rules.judges_movement() && v.boxes.is_empty()
    }

    /// Does planning alone answer for these orders in `pos` (a movement
    /// phase the adjudicator plans, with no declaration)?
    fn plans(&self, pos: &Position, orders: &[Order]) -> bool {
        let v = self.v;
        let declares = orders.iter().any(|o| o.unit.is_none() && v.rules.is_declaration(&o.action));
        v.calendar.kind(pos.phase) == PhaseKind::Movement && !v.rules.judges_movement() && !declares
    }

    /// Does `legal_into` answer for these orders in `pos` without a whole
    /// adjudication: by planning them, or by judging a Winter's orders
    /// alone? Elsewhere it adjudicates them whole.
    pub fn answers_short(&self, pos: &Position, orders: &[Order]) -> bool {
        self.plans(pos, orders) || self.judges_alone(pos)
    }

    /// Is `pos` a Winter whose orders' verdicts no mechanic can change
    /// after they are judged (the variant has none: no declaration, no
    /// phase of its own, no hook after the orders)?
    fn judges_alone(&self, pos: &Position) -> bool {
        self.v.rules.mechanics.is_empty() && self.v.calendar.kind(pos.phase) == PhaseKind::Adjustment
    }

    /// Where planning does not answer, judges `orders` (alone, or
    /// adjudicated whole) and writes the verdicts into `legal`; says
    /// whether it did.
    fn whole_into(&mut self, pos: &Position, orders: &[Order], legal: &mut Vec<bool>) -> bool {
        legal.clear();
        self.why_last = None;
        if self.plans(pos, orders) {
            return false;
        }
        let mut results = recycle(std::mem::take(&mut self.results));
        if self.judges_alone(pos) && self.bound.is_some_and(|b| std::ptr::eq(b, pos)) {
            self.judge_winter(pos, orders, &mut results);
        } else if self.judges_alone(pos) {
            judge_orders(self.v, &mut self.scratch, pos, orders, &mut results, &mut self.next);
        } else {
            self.whole.adjudicate_into(pos, orders, &mut results, &mut self.next);
        }
        legal.extend(results[..orders.len()].iter().map(|r| r.verdict() != Verdict::Illegal));
        self.why_last =
            orders.len().checked_sub(1).map(|i| results[i].reason).filter(|r| r.verdict() == Verdict::Illegal);
        self.results = recycle(results);
        true
    }

    /// `judge_orders` in the position this `Legality` is for: the balances
    /// worked out and the board copied at the first question; later ones
    /// start from a copy of those balances, and copy the board again only
    /// after a question some order of which changed it (a legal one).
    fn judge_winter<'a>(&mut self, pos: &Position, orders: &'a [Order], results: &mut Vec<OrderResult<'a>>) {
        let (v, w, balance) = (self.v, &mut self.winter, &mut self.scratch.balance);
        if w.set_up {
            balance.clear();
            balance.extend_from_slice(&w.balance);
        } else {
            balances_into(v, pos, &mut self.scratch);
            w.balance.clone_from(&self.scratch.balance);
            w.set_up = true;
            w.board_changed = true;
        }
        if w.board_changed {
            self.next.copy_board(pos, orders.len());
        }
        judge_on(v, pos, orders, &mut self.scratch.balance, results, &mut self.next);
        self.winter.board_changed = results[..orders.len()].iter().any(|r| r.verdict() != Verdict::Illegal);
    }

    /// The verdicts of the orders just planned, into `legal`.
    fn read_plans(&self, forces: usize, orders: &[Order], legal: &mut Vec<bool>) {
        // As `movement::movement` explains them: an order is illegal when
        // planning says so, or when it gives no part with strength a plan.
        // Only the parts of the forces the orders named can have one.
        legal.resize(orders.len(), false);
        for i in self.named_parts(forces).filter(|p| p.strength != 0).filter_map(|p| p.order()) {
            legal[i] = true;
        }
        for (ok, why) in legal.iter_mut().zip(&self.plans.illegal) {
            *ok &= why.is_none();
        }
    }

    /// The parts of the forces the orders just planned named: only they
    /// can have an order (`Plans::touched`, and the parts forces split into).
    fn named_parts(&self, forces: usize) -> impl Iterator<Item = &Part> {
        named_parts(&self.plans, forces)
    }
}

/// `Legality::named_parts` of these plans.
fn named_parts(plans: &Plans, forces: usize) -> impl Iterator<Item = &Part> {
    let Plans { parts, touched, .. } = plans;
    touched.iter().map(|&f| &parts[f as usize]).chain(&parts[forces..])
}

/// A Winter's set-up, for the position a `Legality` is for.
#[derive(Default)]
struct Winter {
    set_up: bool,
    /// Each power's balance in the position.
    balance: Vec<i32>,
    /// Whether the board to judge on is no longer the position's.
    board_changed: bool,
}

/// Round after round of orders in one position (`Legality::rounds`).
pub struct Rounds<'a, 'v> {
    check: &'a mut Legality<'v>,
    pos: &'a Position,
    /// Whether a round has planned in this position yet.
    set_up: bool,
}

impl Rounds<'_, '_> {
    /// As `Legality::legal_into` for these orders in the position.
    pub fn legal_into(&mut self, orders: &[Order], legal: &mut Vec<bool>) {
        if self.check.whole_into(self.pos, orders, legal) {
            return;
        }
        self.plan(orders);
        self.check.read_plans(self.pos.forces.len(), orders, legal);
    }

    /// As `legal_into` for this one order, where `Legality::alone_as_in_rounds`
    /// said that planning answers for it and that its verdict alone is the
    /// one it has in a round.
    pub fn legal_alone(&mut self, order: &Order) -> bool {
        debug_assert!(self.check.alone_as_in_rounds(self.pos, std::iter::once(order)));
        self.set_up();
        let (check, pos) = (&*self.check, self.pos);
        if let Some(legal) = legal_alone(check.v, &pos.forces, &check.at, order, &pos.state, &check.seas) {
            return legal;
        }
        self.plan(std::slice::from_ref(order));
        self.check.plans.illegal[0].is_none()
            && self.check.named_parts(self.pos.forces.len()).any(|p| p.strength != 0 && p.order() == Some(0))
    }

    /// Keeps those of `orders` that `legal_alone` calls legal, in their
    /// order, where `Legality::alone_as_in_rounds` said so of them: the
    /// orders that name one unit for one power one after another (a
    /// force's candidates) share what is looked up of it (`plan::Alone`).
    pub fn retain_legal(&mut self, orders: &mut Vec<Order>) {
        self.set_up();
        let (check, pos) = (&mut *self.check, self.pos);
        let v = check.v;
        let Legality { at, plans, seas, .. } = check;
        let Some(mut alone) = Alone::new(v, &pos.forces, at, &pos.state, seas) else {
            return orders.retain(|o| self.legal_alone(o));
        };
        orders.retain(|o| {
            alone.legal(o).unwrap_or_else(|| {
                plan_again(v, &pos.forces, at, std::slice::from_ref(o), &pos.state, plans, seas);
                plans.illegal[0].is_none()
                    && named_parts(plans, pos.forces.len()).any(|p| p.strength != 0 && p.order() == Some(0))
            })
        });
    }

    /// `retain_legal` of force `f`'s own candidates kept in a compact
    /// form (each order `Order::for_force` of the force with the action
    /// `action` makes of it): `plan::Alone::legal_for` asks each without
    /// an `Order` made, and one is made only where planning must answer
    /// (a split, a merge, a move that leaves garrisons). The same verdicts.
    pub fn retain_legal_for<T>(&mut self, f: usize, candidates: &mut Vec<T>, action: impl Fn(&T) -> Action) {
        self.set_up();
        let (check, pos) = (&mut *self.check, self.pos);
        let v = check.v;
        let Legality { at, plans, seas, .. } = check;
        let order = |c: &T| Order::for_force(&pos.forces[f], action(c));
        let Some(mut alone) = Alone::new(v, &pos.forces, at, &pos.state, seas) else {
            return candidates.retain(|c| self.legal_alone(&order(c)));
        };
        candidates.retain(|c| {
            alone.legal_for(f as u16, &action(c)).unwrap_or_else(|| {
                plan_again(v, &pos.forces, at, std::slice::from_ref(&order(c)), &pos.state, plans, seas);
                plans.illegal[0].is_none()
                    && named_parts(plans, pos.forces.len()).any(|p| p.strength != 0 && p.order() == Some(0))
            })
        });
    }

    /// Plans `orders` in the position.
    fn plan(&mut self, orders: &[Order]) {
        self.set_up();
        let (check, pos) = (&mut *self.check, self.pos);
        plan_again(check.v, &pos.forces, &check.at, orders, &pos.state, &mut check.plans, &check.seas);
    }

    /// The board set up for planning (occupancy, seas, every force's part
    /// holding), at the first question only.
    fn set_up(&mut self) {
        if !self.set_up {
            let (check, pos) = (&mut *self.check, self.pos);
            plan(check.v, &pos.forces, &mut check.at, &[], &pos.state, &mut check.plans, &mut check.seas);
            self.set_up = true;
        }
    }
}
