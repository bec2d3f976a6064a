//! The board a bot sees: the position, and for every force (or dislodged
//! force) the candidate orders the adjudicator calls legal. Legality is
//! asked of the engine itself: the candidates are adjudicated in rounds,
//! one candidate per force a round (an order's legality depends on the
//! position, not on the other orders), and those the adjudicator calls
//! ILLEGAL are dropped: in a movement phase it says so when it plans the
//! orders, before resolving them (`Legality`), and where an order's verdict
//! in a round is its verdict alone (no box, no merge) each candidate is
//! asked alone, which writes no plan. Adjustment orders are asked one at a
//! time (a build's legality depends on how many builds are due, so they
//! cannot share a round).
//! Every question goes to one adjudication context per board (`Judge`),
//! whose buffers are reused from one adjudication to the next.
//! The candidates are listed and checked in a compact form (`candidate`);
//! the board makes orders of the legal ones only, and the Python package's
//! listing (`listing`) makes none.

use crate::candidate::{Candidate, What};
use crate::candidates::{self, Around, Extras};
use crate::geometry::reach;
use polemarch_engine::adjudicate::{balances, recycle, retreat_options, Adjudicator, Legality, OrderResult, Verdict};
use polemarch_engine::order::Order;
use polemarch_engine::state::Force;
use polemarch_engine::variant::{PhaseKind, PowerId, ProvinceId};
use polemarch_engine::{Position, Variant};
use std::cell::{OnceCell, RefCell};

pub struct Board<'a> {
    pub v: &'a Variant,
    pub pos: &'a Position,
    pub kind: PhaseKind,
    /// A movement: the legal orders of `pos.forces[i]`, the hold (where
    /// legal) first. A retreat: those of `pos.dislodged[i]`. Empty in an
    /// adjustment.
    pub legal: Vec<Vec<Order>>,
    /// The provinces each force of `pos.forces` may step into.
    pub reaches: Vec<Vec<ProvinceId>>,
    /// The adjudicator every question of legality goes to, made at the
    /// first (a listing of a movement's legal orders asks none).
    judge: OnceCell<RefCell<Judge<'a>>>,
    /// Each power's balance in an adjustment, worked out when first asked.
    balances: OnceCell<Vec<i32>>,
}

/// An adjudication context with its result and position buffers, reused
/// by every adjudication a bot asks for in one phase: after the first few,
/// they allocate nothing. Questions of one order's legality go to a
/// `Legality`, which answers them without a whole adjudication where it
/// can (planning a movement, judging a Winter's orders alone).
pub struct Judge<'a> {
    pos: &'a Position,
    adjudicator: Adjudicator<'a>,
    results: Vec<OrderResult<'static>>,
    next: Position,
    legality: Legality<'a>,
    legal: Vec<bool>,
}

impl<'a> Judge<'a> {
    pub fn new(v: &'a Variant, pos: &'a Position) -> Judge<'a> {
        Judge {
            pos,
            adjudicator: Adjudicator::new(v),
            results: Vec::new(),
            next: Position::blank(),
            legality: Legality::at(v, pos),
            legal: Vec::new(),
        }
    }

    /// Is this one order legal alone in the position?
    pub fn legal_alone(&mut self, order: &Order) -> bool {
        self.legality.legal_into(self.pos, std::slice::from_ref(order), &mut self.legal);
        self.legal[0]
    }

    /// Adjudicates `orders` in the position and hands `read` the results
    /// and the next position.
    pub fn judge<R>(&mut self, orders: &[Order], read: impl FnOnce(&[OrderResult<'_>], &Position) -> R) -> R {
        let mut results = recycle(std::mem::take(&mut self.results));
        self.adjudicator.adjudicate_into(self.pos, orders, &mut results, &mut self.next);
        let answer = read(&results, &self.next);
        self.results = recycle(results);
        answer
    }
}

impl<'a> Board<'a> {
    pub fn new(v: &'a Variant, pos: &'a Position) -> Board<'a> {
        Board::with(v, pos, Extras::of(v))
    }

    /// A board whose armies list every destination by convoy, not only
    /// the nearest eight the bots weigh (the Python package's list of
    /// legal orders).
    pub fn every_convoy(v: &'a Variant, pos: &'a Position) -> Board<'a> {
        Board::with(v, pos, Extras::every_convoy(v))
    }

    fn with(v: &'a Variant, pos: &'a Position, extras: Extras) -> Board<'a> {
        let kind = v.calendar.kind(pos.phase);
        let reaches: Vec<Vec<ProvinceId>> = pos.forces.iter().map(|f| reach(v, f)).collect();
        let listed = legal_candidates(v, pos, &reaches, &extras);
        let legal = listed
            .iter()
            .enumerate()
            .map(|(i, cs)| {
                let f = ordered(v, pos, i);
                cs.iter().map(|c| c.order(&pos.forces, f)).collect()
            })
            .collect();
        Board { v, pos, kind, legal, reaches, judge: OnceCell::new(), balances: OnceCell::new() }
    }

    /// Each power's supply less upkeep, in halves (`adjudicate::balances`).
    pub fn balances(&self) -> &[i32] {
        self.balances.get_or_init(|| balances(self.v, self.pos))
    }

    /// Indices (into `legal`) of `power`'s forces: on the board in a
    /// movement, dislodged in a retreat.
    pub fn mine(&self, power: PowerId) -> Vec<usize> {
        match self.kind {
            PhaseKind::Movement => (0..self.pos.forces.len()).filter(|&i| self.pos.forces[i].power == power).collect(),
            PhaseKind::Retreat => {
                (0..self.pos.dislodged.len()).filter(|&i| self.pos.dislodged[i].force.power == power).collect()
            }
            PhaseKind::Adjustment => Vec::new(),
        }
    }

    /// Is this one order legal alone in this position?
    pub fn legal_alone(&self, order: &Order) -> bool {
        self.judge_made().borrow_mut().legal_alone(order)
    }

    /// Adjudicates `orders` in this position with the board's context (a
    /// bot's search asks here, phase after phase of candidates) and hands
    /// `read` the results and the next position.
    pub fn judge<R>(&self, orders: &[Order], read: impl FnOnce(&[OrderResult<'_>], &Position) -> R) -> R {
        self.judge_made().borrow_mut().judge(orders, read)
    }

    /// The judge, made at the first question.
    fn judge_made(&self) -> &RefCell<Judge<'a>> {
        self.judge.get_or_init(|| RefCell::new(Judge::new(self.v, self.pos)))
    }

    /// `power`'s orders made legal together: each order the adjudicator
    /// calls illegal among the others is replaced by its force's first
    /// legal order (or dropped), until none is (movement and retreat;
    /// `chosen[k]` is for force `mine[k]`).
    pub fn settle(&self, mine: &[usize], chosen: Vec<Option<Order>>) -> Vec<Order> {
        let mut chosen = chosen;
        for _ in 0..4 {
            let (slots, orders): (Vec<usize>, Vec<Order>) =
                chosen.iter().enumerate().filter_map(|(k, o)| o.clone().map(|o| (k, o))).unzip();
            let bad: Vec<usize> = self.judge(&orders, |results, _| {
                (0..orders.len()).filter(|&n| results[n].verdict() == Verdict::Illegal).map(|n| slots[n]).collect()
            });
            if bad.is_empty() {
                return orders;
            }
            for k in bad {
                let first = self.legal[mine[k]].first().cloned();
                chosen[k] = if chosen[k] == first { None } else { first };
            }
        }
        chosen.into_iter().flatten().collect()
    }

    /// `wanted` adjustment orders, in order of preference, each kept only
    /// if it is legal with those kept before it.
    pub fn settle_adjustment(&self, wanted: Vec<Order>) -> Vec<Order> {
        let mut kept: Vec<Order> = Vec::new();
        for order in wanted {
            kept.push(order);
            let illegal =
                self.judge(&kept, |results, _| results[..kept.len()].iter().any(|r| r.verdict() == Verdict::Illegal));
            if illegal {
                kept.pop();
            }
        }
        kept
    }
}

/// Every legal order of a movement or a retreat (none in an adjustment),
/// in the compact form, by force as `Board::legal` lists them (with every
/// destination by convoy): the Python package's listing, which makes an
/// order only of those given.
pub fn listing(v: &Variant, pos: &Position) -> Vec<Vec<Candidate>> {
    let reaches: Vec<Vec<ProvinceId>> = match v.calendar.kind(pos.phase) {
        PhaseKind::Movement => pos.forces.iter().map(|f| reach(v, f)).collect(),
        _ => Vec::new(),
    };
    legal_candidates(v, pos, &reaches, &Extras::every_convoy(v))
}

/// The force the `i`-th list of candidates is for: `pos.forces[i]` in a
/// movement, `pos.dislodged[i]` in a retreat.
pub fn ordered<'p>(v: &Variant, pos: &'p Position, i: usize) -> &'p Force {
    match v.calendar.kind(pos.phase) {
        PhaseKind::Retreat => &pos.dislodged[i].force,
        _ => &pos.forces[i],
    }
}

/// The legal candidates of each force (`ordered`): those the adjudicator
/// does not call illegal.
fn legal_candidates(v: &Variant, pos: &Position, reaches: &[Vec<ProvinceId>], extras: &Extras) -> Vec<Vec<Candidate>> {
    let candidates: Vec<Vec<Candidate>> = match v.calendar.kind(pos.phase) {
        PhaseKind::Movement => {
            let around = Around::of(v, pos, reaches);
            let mut scratch = candidates::Scratch::default();
            (0..pos.forces.len())
                .map(|i| candidates::movement(v, pos, extras, reaches, &around, i, &mut scratch))
                .collect()
        }
        PhaseKind::Retreat => pos
            .dislodged
            .iter()
            .map(|d| {
                let mut out: Vec<Candidate> =
                    retreat_options(v, pos, d).into_iter().map(|to| Candidate::to(What::Retreat, to)).collect();
                out.push(Candidate::just(What::Disband));
                out
            })
            .collect(),
        PhaseKind::Adjustment => Vec::new(),
    };
    keep_legal(v, pos, candidates)
}

/// The candidates the adjudicator does not call illegal, in rounds, or
/// each alone where that is the same verdict (`Legality::alone_as_in_rounds`:
/// the candidates all name their unit; a merge is the one that cannot be
/// asked alone).
fn keep_legal(v: &Variant, pos: &Position, mut candidates: Vec<Vec<Candidate>>) -> Vec<Vec<Candidate>> {
    let mut check = Legality::new(v);
    let merges = candidates.iter().flatten().any(|c| c.what == What::Merge);
    let alone = check.movement_alone_as_in_rounds(pos) && !merges;
    let mut check = check.rounds(pos);
    if alone {
        for (i, c) in candidates.iter_mut().enumerate() {
            check.retain_legal_for(i, c, |c| c.action(&pos.forces, &pos.forces[i]));
        }
        return candidates;
    }
    let mut legal: Vec<Vec<Candidate>> = candidates.iter().map(|c| Vec::with_capacity(c.len())).collect();
    let (mut who, mut orders, mut ok) = (Vec::new(), Vec::new(), Vec::new());
    // Round k: the k-th candidate of every force that has one.
    for k in 0.. {
        who.clear();
        orders.clear();
        for (i, c) in candidates.iter().enumerate().filter_map(|(i, cs)| cs.get(k).map(|c| (i, c))) {
            who.push((i, *c));
            orders.push(c.order(&pos.forces, ordered(v, pos, i)));
        }
        if orders.is_empty() {
            break;
        }
        check.legal_into(&orders, &mut ok);
        for (&(i, c), &fine) in who.iter().zip(&ok) {
            if fine {
                legal[i].push(c);
            }
        }
    }
    legal
}
