//! A movement phase: plan, resolve, explain every order, and build the
//! position that follows (moved and merged forces, dislodged forces,
//! standoffs).

use super::context::Scratch;
use super::decisions::NONE;
use super::new_board::NewBoard;
use super::outcome::{DelphiReason, Illegal, OrderResult, Reason, SiegeReason, Verdict};
use super::plan::{plan, Part, Plan, WHOLE};
use super::resolver::Resolver;
use crate::order::{Action, Order};
use crate::state::{copied, Component, Components, Dislodged, Force, Position};
use crate::variant::{ProvinceId, Variant};
use std::borrow::Cow;

pub fn movement<'a>(
    v: &Variant,
    scratch: &mut Scratch,
    pos: &Position,
    orders: &'a [Order],
    results: &mut Vec<OrderResult<'a>>,
    next: &mut Position,
) {
    plan(v, &pos.forces, &mut scratch.at, orders, &pos.state, &mut scratch.plans, &mut scratch.seas);
    let plans = &scratch.plans;
    let work = (
        std::mem::take(&mut scratch.links),
        std::mem::take(&mut scratch.nodes),
        std::mem::take(&mut scratch.deps),
        std::mem::take(&mut scratch.stops),
    );
    let mut r = Resolver::new(v, &pos.forces, plans, &scratch.at, v.rules.shunned(v, &pos.state), work);
    r.resolve_all();
    // Every decision is final now: one pass over the forces reads who
    // arrived, explains each order, writes its result in place and puts the
    // force on the next board. An order no part carries out keeps the
    // reason it starts with: why it is illegal, or else that it names no
    // unit (UNSET).
    results.reserve(orders.len() + pos.forces.len());
    results.extend(orders.iter().zip(&plans.illegal).map(|(order, illegal)| OrderResult {
        order: Cow::Borrowed(order),
        reason: Reason::Illegal(illegal.unwrap_or(Illegal::NoUnit)),
    }));
    r.begin_next(pos, &mut scratch.board, next);
    for f in 0..pos.forces.len() as u16 {
        r.settle(pos, f, results, &mut scratch.board, next);
    }
    r.end_next(&mut scratch.board, next);
    (scratch.links, scratch.nodes, scratch.deps, scratch.stops) = r.into_work();
}

/// The reason of a legal order not yet explained, and its result if no
/// part carries it out (a reason `explain` never gives). (Written with the
/// illegal orders' reasons as one variant, the results' first pass is a
/// copy, and no last pass looks for the orders no part carried out: some
/// 8 instructions an order, issue 31.)
const UNSET: Reason = Reason::Illegal(Illegal::NoUnit);

/// Adds the reason of one of order `i`'s parts to its result: an order for
/// several parts (a split, a merge of several forces) succeeds when all of
/// them do; its reason is the first failure's, or else a moving part's.
/// (`UNSET` matched, not compared: `==` on a reason is a call.)
#[inline(always)]
fn add_reason(result: &mut OrderResult, reason: Reason) {
    // (No part carries an illegal order: the planner gives it to none; a
    // split's part that cannot do what the split says stays and keeps the
    // split's order, which is legal, M9.8, M9.10. So a part's reason never
    // meets an illegal order's here.)
    debug_assert!(
        matches!(result.reason, UNSET) || !matches!(result.reason, Reason::Illegal(_)),
        "a part carries an illegal order"
    );
    let rank = |r: Reason| match (r.verdict(), r) {
        (Verdict::Failure, _) => 2,
        (_, Reason::Moved) => 1,
        _ => 0,
    };
    if matches!(result.reason, UNSET) || rank(reason) > rank(result.reason) {
        result.reason = reason;
    }
}

/// Move part `p` (its group led by `leader`) did not arrive: if it leads
/// its group, the group's destination may be left empty by a standoff
/// (`end_next`). (Asked only of the moves that did not arrive: asked of
/// every part, it cost some 20 instructions a force.)
#[inline(always)]
fn not_arrived(p: u16, leader: u16, board: &mut NewBoard) {
    if leader == p {
        board.stopped.push(p);
    }
}

/// Gives the reason of part `q` to its order's result (`order`), or, for a
/// part no order planned (a force's first part, whose index is the
/// force's), a result of its own: the force holding.
#[inline(always)]
fn give(results: &mut Vec<OrderResult>, forces: &[Force], q: u16, order: Option<usize>, reason: Reason) {
    match order {
        Some(i) => add_reason(&mut results[i], reason),
        None => {
            let reason = if reason.verdict() == Verdict::Success { Reason::NoOrder } else { reason };
            let order = Order::for_force(&forces[q as usize], Action::Hold);
            results.push(OrderResult { order: Cow::Owned(order), reason });
        }
    }
}

impl Resolver<'_> {
    /// The reason of part `p`'s order (its verdict follows); `part` and
    /// `leader` (its group's): read by the caller, not read again (issue
    /// 31); `dislodger`: its force's, for a part that does not move (asked
    /// by the caller, which places the force by it too). Every decision is
    /// resolved by now, so this only reads them.
    #[inline(always)]
    fn explain(&mut self, p: u16, part: &Part, leader: u16, arrived: bool, dislodger: Option<u16>) -> Reason {
        let dislodged_from = |r: &mut Self| dislodger.map(|g| Reason::Dislodged { from: r.origin(g) });
        match part.plan {
            // A raise (City State C8) succeeds when its attack would.
            Plan::Move { raise: true, .. } => {
                if self.resolve(leader) {
                    Reason::Siege(SiegeReason::SiegeRaised)
                } else {
                    self.why_not_arrived(p, part, leader)
                }
            }
            Plan::Move { .. } => {
                if arrived {
                    Reason::Moved
                } else {
                    self.why_not_arrived(p, part, leader)
                }
            }
            Plan::Hold => match dislodged_from(self) {
                Some(reason) => reason,
                None => Reason::Held,
            },
            Plan::SupportHold { .. } | Plan::SupportMove { .. } | Plan::SupportMerge { .. } => {
                if self.links.at[p as usize].shunned {
                    Reason::Delphi(DelphiReason::Shunned)
                } else if !self.support_matches(p) {
                    Reason::Void
                } else if let Some(reason) = dislodged_from(self) {
                    reason
                } else {
                    let given = self.support_given(p);
                    if given > 0 {
                        Reason::SupportGiven { amount: given }
                    } else if self.cut(p) > 0 {
                        Reason::SupportCut { by: self.cut_by(p) }
                    } else {
                        Reason::Void
                    }
                }
            }
            Plan::Convoy { .. } => {
                let army = self.links.at[p as usize].helps;
                if let Some(reason) = dislodged_from(self) {
                    reason
                } else if army == NONE {
                    Reason::Void
                } else if self.path_ok(army) {
                    Reason::Convoyed
                } else if self.nodes[army as usize].paradox {
                    Reason::ConvoyParadox
                } else {
                    Reason::ConvoyUnused
                }
            }
        }
    }

    /// What support part `p`, matching an order, its force not dislodged,
    /// gives (`support_amount`). A support into whose province nobody
    /// moves is not cut: it gives what it offers, unless the move it
    /// supports cannot reach. (Read so: working out its cut,
    /// `support_amount` was some 90 instructions a support, issue 31.)
    #[inline(never)]
    fn support_given(&mut self, p: u16) -> u32 {
        let part = &self.parts[p as usize];
        if self.links.first_into[part.origin.index()] != NONE {
            return self.support_amount(p);
        }
        let helped = self.links.at[p as usize].helps;
        // (`reaches` asked here: a call of some 25 instructions.)
        let convoyed = matches!(self.parts[helped as usize].plan, Plan::Move { convoy: true, .. });
        let given = if matches!(part.plan, Plan::SupportMove { .. }) && convoyed && !self.path_ok(helped) {
            0
        } else {
            self.support_offered(p)
        };
        debug_assert_eq!(given, self.support_amount(p));
        given
    }

    /// Where the attack that cuts support `s` (known to be cut) comes
    /// from: the strongest that can cut it (M5). Only an attack of another
    /// side cuts: with one such, as nearly always, it is the one, found
    /// without counting its strength and its supports (some 130
    /// instructions a cut support, issue 31).
    fn cut_by(&mut self, s: u16) -> ProvinceId {
        let side = self.side(s);
        let mut by = NONE;
        let mut g = self.links.first_into[self.origin(s).index()];
        while g != NONE {
            if self.side(g) != side {
                if by != NONE {
                    return self.strongest_cut_by(s);
                }
                by = g;
            }
            g = self.links.at[g as usize].next_into;
        }
        debug_assert_eq!(self.strongest_cutter(s, u32::MAX).1, by);
        self.origin(by)
    }

    /// `cut_by` of a support that attacks of several other sides meet.
    #[inline(never)]
    fn strongest_cut_by(&mut self, s: u16) -> ProvinceId {
        match self.strongest_cutter(s, u32::MAX) {
            (_, NONE) => self.origin(s),
            (_, g) => self.origin(g),
        }
    }

    /// Why move part `m` (`part`, its group led by `leader`) did not
    /// arrive. (The common case read where asked: a move not by convoy,
    /// of a force not coupled (a whole force never is, M9), whose group's
    /// failure was kept when decided. Out of line as a whole, it was some
    /// 84 instructions a bounced move, issue 31.)
    #[inline(always)]
    fn why_not_arrived(&mut self, m: u16, part: &Part, leader: u16) -> Reason {
        let by_convoy = matches!(part.plan, Plan::Move { convoy: true, .. });
        if !by_convoy && (part.split == WHOLE || !self.coupled[part.force as usize]) {
            if let Some(reason) = self.kept_stop(leader) {
                return reason;
            }
        }
        self.why_not_arrived_otherwise(m)
    }

    /// `why_not_arrived`, worked out.
    #[inline(never)]
    fn why_not_arrived_otherwise(&mut self, m: u16) -> Reason {
        if self.by_convoy(m) && !self.path_ok(m) {
            return if self.nodes[m as usize].paradox { Reason::ConvoyParadox } else { Reason::NoConvoyRoute };
        }
        let g = self.links.at[m as usize].leader;
        if self.coupled[self.parts[m as usize].force as usize] && !self.coupling_holds(g) {
            return Reason::SplitFailed;
        }
        if self.resolve(g) {
            // The group arrived without this part.
            return if self.rider(m) { Reason::Unseaworthy } else { Reason::LeftBehind };
        }
        match self.stopped(g) {
            Some(reason) => reason,
            // Failed by a backup rule, not by any strength.
            None => Reason::Bounced { attack: self.attack_strength(g), against: 0, by: self.dest(g).expect("a move") },
        }
    }

    /// Sets up the position after the movement (`settle` places each
    /// force, `end_next` finishes it).
    fn begin_next(&self, pos: &Position, board: &mut NewBoard, next: &mut Position) {
        next.phase = pos.phase;
        board.begin(self.v, pos.forces.len());
        next.dislodged.clear();
        next.contested.clear();
        next.owners.clone_from(&pos.owners);
        // (`copy_from`, not a derived compare and clone: the compare of
        // two empty states cost 134 instructions, issue 31.)
        next.state.copy_from(&pos.state);
    }

    /// Force `f` after the movement: each of its parts' orders explained
    /// (a force without an order gets its result added); parts that arrived
    /// stand in their destinations (merged with their group and any own
    /// force there), the rest of the force stays, or is set aside with
    /// where its attackers came from if dislodged.
    #[inline(always)]
    fn settle<'a>(
        &mut self,
        pos: &Position,
        f: u16,
        results: &mut Vec<OrderResult<'a>>,
        board: &mut NewBoard,
        next: &mut Position,
    ) {
        // (Part `f` and its links read once: each read of `self.parts[q]`
        // and `self.links.at[q]` is checked against the bounds, issue 31.)
        let (part, links) = (self.parts[f as usize], self.links.at[f as usize]);
        if part.split == WHOLE && part.strength > 0 && links.next_part == NONE {
            self.settle_whole(pos, f, part, links.leader, results, board, next);
        } else {
            self.settle_parts(pos, f, results, board, next);
        }
    }

    /// `settle` of a force that is one part with all its components (every
    /// force that does not split), `part`, its group led by `leader`: it
    /// moves whole or stays whole. (Its dislodger asked once, for the
    /// explanation and the board.)
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn settle_whole<'a>(
        &mut self,
        pos: &Position,
        f: u16,
        part: Part,
        leader: u16,
        results: &mut Vec<OrderResult<'a>>,
        board: &mut NewBoard,
        next: &mut Position,
    ) {
        let v = self.v;
        if let Plan::Move { to, dest, raise: false, .. } = part.plan {
            if self.arrives_whole(f, &part, leader) {
                give(results, &pos.forces, f, part.order(), Reason::Moved);
                board.place_whole(v, dest, &pos.forces, f, to);
                return;
            }
        }
        // It stays where it stood.
        let force = &pos.forces[f as usize];
        let dislodger = self.dislodger_in(part.origin, part.side);
        let reason = self.explain(f, &part, leader, false, dislodger);
        give(results, &pos.forces, f, part.order(), reason);
        if part.plan.is_move() {
            not_arrived(f, leader, board);
        }
        match dislodger {
            None => board.place_whole(v, part.origin, &pos.forces, f, force.loc),
            Some(g) => self.set_aside(force, &force.components, g, next),
        }
    }

    /// `settle` of a force that splits, or whose part has no strength:
    /// each part's order explained, the parts that arrived placed, what
    /// stays placed or set aside. (Out of line: no force of the usual
    /// variants comes here.)
    #[cold]
    #[inline(never)]
    fn settle_parts<'a>(
        &mut self,
        pos: &Position,
        f: u16,
        results: &mut Vec<OrderResult<'a>>,
        board: &mut NewBoard,
        next: &mut Position,
    ) {
        let v = self.v;
        let force = &pos.forces[f as usize];
        let mut staying = Components::new();
        let mut q = f;
        while q != NONE {
            let (part, leader) = (self.parts[q as usize], self.links.at[q as usize].leader);
            if part.strength > 0 {
                let arrived = self.arrives(q);
                let dislodger = if part.plan.is_move() { None } else { self.dislodger(part.force) };
                let reason = self.explain(q, &part, leader, arrived, dislodger);
                give(results, &pos.forces, q, part.order(), reason);
                if arrived {
                    let Plan::Move { to, .. } = part.plan else { unreachable!() };
                    let mut moved = Force { loc: to, power: force.power, components: copied(self.components(q)) };
                    if part.split != WHOLE {
                        moved.settle_power(v);
                        board.made = true;
                    }
                    board.place(v, &pos.forces, moved);
                } else {
                    if part.plan.is_move() {
                        not_arrived(q, leader, board);
                    }
                    staying.extend_from_slice(self.components(q));
                }
            } else if part.plan.is_move() {
                not_arrived(q, leader, board);
            }
            q = self.links.at[q as usize].next_part;
        }
        if staying.is_empty() {
            return;
        }
        match self.dislodger(f) {
            None => {
                let mut stayed = Force { loc: force.loc, power: force.power, components: staying };
                stayed.settle_power(v);
                board.made = true;
                board.place(v, &pos.forces, stayed);
            }
            Some(g) => self.set_aside(force, &staying, g, next),
        }
    }

    /// What stays of `force` (`staying`), dislodged by group `g`: set
    /// aside to retreat, with where its attackers came from. (Given the
    /// components to copy, not a copy: a whole force's copy was a call
    /// and the retain a second pass, issue 31.)
    #[cold]
    #[inline(never)]
    fn set_aside(&mut self, force: &Force, staying: &[Component], g: u16, next: &mut Position) {
        // H13: what cannot move (garrisons) cannot retreat, nor a
        // Barbarian (I5): dislodged, it is removed at once.
        let components = match staying {
            // One component, as nearly every force: copied whole, without
            // the filter's pushes.
            [one] if one.kind.row().retreats => copied(staying),
            [_] => return,
            more => more.iter().filter(|c| c.kind.row().retreats).copied().collect(),
        };
        let mut stayed = Force { loc: force.loc, power: force.power, components };
        if stayed.components.is_empty() {
            return;
        }
        stayed.settle_power(self.v);
        let by_convoy = self.by_convoy(g);
        let leader_origin = self.origin(g);
        // (A group of one, as every move outside Multiplicity: no other
        // member to list, and no iterator built to find none.)
        let also_from = if self.links.at[g as usize].next_member == NONE {
            Vec::new()
        } else {
            self.members(g)
                .filter(|&m| m != g && !self.by_convoy(m))
                .map(|m| self.origin(m))
                .filter(|&o| o != leader_origin)
                .collect()
        };
        next.dislodged.push(Dislodged { force: stayed, attacker_from: Some(leader_origin), by_convoy, also_from });
    }

    /// Did group `g` raise a siege (City State C8)?
    #[inline(always)]
    fn raised_siege(&mut self, g: u16) -> bool {
        self.raises(g) && self.resolve(g)
    }

    /// The position after the movement, its forces placed: standoffs
    /// recorded, the forces handed over in board order.
    fn end_next(&mut self, board: &mut NewBoard, next: &mut Position) {
        let v = self.v;
        for i in 0..board.stopped.len() {
            let g = board.stopped[i];
            if let Some(dest) = self.dest(g) {
                // (A raise that succeeds leaves its destination empty, and
                // no standoff: City State C8.) A destination listed already
                // (two groups stopped there, as every standoff has) is not
                // asked about again: a prevent strength is some 70
                // instructions, the list is short (issue 31).
                if !board.holds(dest)
                    && !next.contested.contains(&dest)
                    && self.prevent_strength(g) > 0
                    && !self.raised_siege(g)
                {
                    next.contested.push(dest);
                }
            }
        }
        board.hand_over(v, self.forces, &mut next.forces);
        if board.crowded {
            next.normalize();
        } else if board.made {
            next.tidy();
        } else {
            // (Every force as it stood or moved whole: its components in
            // the order they were in. Not looked for in each force: some
            // 13 instructions a force, issue 31.)
            next.sort_standoffs();
        }
    }
}
