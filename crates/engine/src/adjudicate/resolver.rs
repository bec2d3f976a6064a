//! Kruijswijk's guess-and-check resolver ("The Math of Adjudication"): every
//! force's order is a decision that succeeds or fails; a decision that
//! depends on itself through a cycle is tried both ways, and a cycle with no
//! single answer is settled by the backup rule (Szykman for convoy
//! paradoxes, success for circular movement).

use super::links::{Links, NONE};
use super::outcome::Reason;
use super::plan::{Part, Plan, Plans};

use crate::state::{Component, Components, Force};
use crate::variant::{ProvinceId, Variant};

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Unresolved,
    Guessing,
    Resolved,
}

pub struct Resolver<'a> {
    pub v: &'a Variant,
    pub forces: &'a [Force],
    pub parts: &'a [Part],
    /// The split parts' components (`Part::split`).
    pub splits: &'a [Components],
    /// Forces at sea whose leaving parts all fail if one fails (M9).
    pub coupled: &'a [bool],
    /// Whether any force is so coupled.
    pub any_coupled: bool,
    /// Index of the force in each province (u16::MAX: none).
    pub at: &'a [u16],
    pub links: Links,
    /// Some provinces resist attacks by themselves (T9); false in every
    /// variant without the mechanic, so the unopposed move's short cut stays.
    pub native: bool,
    pub nodes: Vec<Node>,
    deps: Vec<u16>,
    /// What stopped each move group the last time its arrival was decided
    /// and it failed, for the explanation to read, not work out again,
    /// where that failure was final (`Node::kept`).
    stops: Vec<Reason>,
    /// The last `decide` was a group's arrival, which failed: what stopped
    /// it is in `stops`.
    stop: bool,
}

/// What the resolver knows of one part's decision.
#[derive(Clone, Copy)]
pub struct Node {
    state: State,
    result: bool,
    /// A convoyed move that failed by the Szykman rule.
    pub paradox: bool,
    /// A cut that cannot change, once worked out (NONE: not yet).
    pub cut_cache: u16,
    /// A convoyed move's route once final (`path_ok`): ROUTE_UNKNOWN, or
    /// whether there is one.
    pub route: u8,
    /// The group failed, and `Resolver::stops` holds what stopped it.
    kept: bool,
}

/// `Node::route` not yet final.
pub const ROUTE_UNKNOWN: u8 = 2;

/// The resolver's own arrays, kept from phase to phase by the context.
pub type Work = (Links, Vec<Node>, Vec<u16>, Vec<Reason>);

impl<'a> Resolver<'a> {
    /// `work`: the arrays of an earlier resolver to reuse (any contents).
    pub fn new(
        v: &'a Variant,
        forces: &'a [Force],
        plans: &'a Plans,
        at: &'a [u16],
        shunned: Option<u8>,
        work: Work,
    ) -> Self {
        let (mut links, mut nodes, mut deps, mut stops) = work;
        let (parts, coupled) = (&plans.parts[..], &plans.coupled[..]);
        links.build(v, forces, parts, &plans.splits, shunned);
        nodes.clear();
        nodes.resize(
            parts.len(),
            Node {
                state: State::Unresolved,
                result: false,
                paradox: false,
                cut_cache: super::links::NONE,
                route: ROUTE_UNKNOWN,
                kept: false,
            },
        );
        deps.clear();
        // (Read only where `kept` says: no need to clear.)
        if stops.len() < parts.len() {
            stops.resize(parts.len(), Reason::Held);
        }
        Resolver {
            v,
            forces,
            parts,
            splits: &plans.splits,
            coupled,
            any_coupled: coupled.contains(&true),
            at,
            links,
            native: v.rules.native_resistance(),
            nodes,
            deps,
            stops,
            stop: false,
        }
    }

    /// Part `p`'s components.
    #[inline(always)]
    pub fn components(&self, p: u16) -> &'a [Component] {
        self.parts[p as usize].components(self.forces, self.splits)
    }

    /// The arrays, for the next resolver.
    pub fn into_work(self) -> Work {
        (self.links, self.nodes, self.deps, self.stops)
    }

    /// Resolves every decision: those that final decisions alone decide
    /// (`settled_arrival`, `settled_stand`: most of a phase's) at once,
    /// without the guesses' bookkeeping (some 100 to 300 instructions each,
    /// issue 31), the rest by guess and check. The settled ones first, in
    /// loops that call nothing (so that the arrays' bounds are read once,
    /// not again after every call): each reads only decisions already
    /// final, so its answer is the one `work_out` would give, which would
    /// add it to no cycle. The moves first, then what stands, as a stand
    /// reads the arrivals into its province; what is left, in
    /// `settle_rest`, with what needs a call. (Out of line: inlined into
    /// `movement`, its loops shared that function's registers.)
    #[inline(never)]
    pub fn resolve_all(&mut self) {
        let n = self.parts.len() as u16;
        // (One record of each array a part: said once here, so that the
        // loops check no index of a part against three bounds, issue 31.)
        assert!(self.links.at.len() == n as usize && self.nodes.len() == n as usize && self.stops.len() >= n as usize);
        for p in 0..n {
            if self.settle_arrival::<false>(p) {
                // A move into the province `p` leaves, passed over while
                // `p` was not final, may be settled now.
                let mut g = self.links.first_into[self.origin(p).index()];
                while g != NONE {
                    if g < p && self.nodes[g as usize].state != State::Resolved {
                        self.settle_arrival::<false>(g);
                    }
                    g = self.links.at[g as usize].next_into;
                }
            }
        }
        // (Whether any decision is left, found on the way: in most
        // openings none is, and the parts are not read again.)
        let mut rest = false;
        for p in 0..n {
            match self.settled_stand(p) {
                Some(result) => self.set_final(p, result),
                None => rest |= self.nodes[p as usize].state != State::Resolved,
            }
        }
        if rest {
            self.settle_rest();
        }
        #[cfg(debug_assertions)]
        self.check_settled();
    }

    /// `resolve_all` for the decisions the first loops left: once more
    /// the moves that final decisions now decide, with what needs a call
    /// (a convoyed move whose fleets are final, a move whose supports only
    /// final moves attack), each with the stands in its destination; the
    /// rest by guess and check.
    #[inline(never)]
    fn settle_rest(&mut self) {
        let n = self.parts.len() as u16;
        // (As in `resolve_all`: the bounds said once, issue 31.)
        assert!(self.links.at.len() == n as usize && self.nodes.len() == n as usize);
        // How many parts passed over are not final yet.
        let mut left = 0;
        for p in 0..n {
            if self.nodes[p as usize].state == State::Resolved {
                continue;
            }
            if !self.parts[p as usize].plan.is_move() {
                match self.settled_stand(p) {
                    Some(result) => self.set_final(p, result),
                    // (It may yet be settled below, by a later move.)
                    None => left += 1,
                }
            } else if !self.settle_arrival::<true>(p) {
                left += 1;
            } else {
                // What stands where it goes, passed over while it was not
                // final, may be settled now.
                let dest = self.dest(p).expect("a move");
                let mut q = self.force_in(dest).unwrap_or(NONE);
                while q != NONE {
                    if self.nodes[q as usize].state != State::Resolved {
                        if let Some(result) = self.settled_stand(q) {
                            self.set_final(q, result);
                            left -= (q < p) as u32;
                        }
                    }
                    q = self.links.at[q as usize].next_part;
                }
            }
        }
        if left == 0 {
            return;
        }
        for p in 0..n {
            if self.nodes[p as usize].state != State::Resolved {
                self.work_out(p);
            }
        }
    }

    /// (Debug builds.) `settled_arrival` restates `group_stopped` for the
    /// plain cases, `settled_stand` what `decide` asks of a part that does
    /// not move, and `settled_attacked_support` `support_amount`: once
    /// every decision is final (so that nothing is worked out anew), each
    /// they can settle is checked against what those say, the reason
    /// included. (Without a list of those settled first: the allocation
    /// tests run in debug builds.)
    #[cfg(debug_assertions)]
    fn check_settled(&mut self) {
        for p in 0..self.parts.len() as u16 {
            if let Some(stop) = self.settled_arrival::<true>(p) {
                assert!(self.group_stopped(p) == stop, "move part {p} settled as group_stopped would not");
            }
            if let Some(stands) = self.settled_stand(p) {
                assert!(self.decide(p) == stands, "part {p} settled as decide would not");
            }
            let helped = self.links.at[p as usize].helps;
            let plan = self.parts[p as usize].plan;
            if matches!(plan, Plan::SupportHold { .. } | Plan::SupportMove { .. })
                && helped != NONE
                && self.links.at[self.parts[p as usize].force as usize].next_part == NONE
                && self.links.first_into[self.origin(p).index()] != NONE
                && (!matches!(plan, Plan::SupportMove { .. }) || self.reaches(helped))
            {
                if let Some(amount) = self.settled_attacked_support(p) {
                    // (Its cut worked out again, not read as kept.)
                    self.nodes[p as usize].cut_cache = NONE;
                    assert!(self.support_amount(p) == amount, "support part {p} settled as support_amount would not");
                }
            }
        }
    }

    /// Settles move `p`'s arrival if final decisions decide it
    /// (`settled_arrival`); whether they did.
    #[inline(always)]
    fn settle_arrival<const DEEP: bool>(&mut self, p: u16) -> bool {
        let Some(stop) = self.settled_arrival::<DEEP>(p) else { return false };
        self.set_final(p, stop.is_none());
        if let Some(reason) = stop {
            self.stops[p as usize] = reason;
            self.nodes[p as usize].kept = true;
        }
        true
    }

    /// Settles part `p`'s decision, not yet final, before the guesses.
    #[inline(always)]
    fn set_final(&mut self, p: u16, result: bool) {
        let node = &mut self.nodes[p as usize];
        (node.result, node.state) = (result, State::Resolved);
    }

    /// The arrival of move part `g` when final decisions decide it (None:
    /// it may depend on one not yet final); Some(None): it arrives,
    /// Some(Some(reason)): what stopped it. `group_stopped`, step by step,
    /// for a group of one, not a rider, when the occupant of its
    /// destination, its rivals there and every support counted are as
    /// plain: a part's strength is its own, a move already final, a
    /// support nobody attacks (`settled_help`). `DEEP` (after the first
    /// loops, which call nothing): also a convoyed move whose fleets are
    /// final, and supports that only final moves attack.
    #[inline(always)]
    fn settled_arrival<const DEEP: bool>(&mut self, g: u16) -> Option<Option<Reason>> {
        let links = self.links.at[g as usize];
        let parts = self.parts;
        let part = &parts[g as usize];
        let Plan::Move { convoy, rider: false, raise, dest, .. } = part.plan else { return None };
        if links.leader != g || links.next_member != NONE || self.any_coupled || self.native {
            return None;
        }
        let own = match convoy {
            false => part.strength(),
            true if DEEP => self.settled_convoyed_strength(g)?,
            true => return None,
        };
        if own == 0 {
            return None;
        }
        let occupant = self.force_in(dest);
        if occupant.is_none() && self.links.first_into[dest.index()] == g && links.next_into == NONE {
            // Unopposed: any strength will do.
            return Some(None);
        }
        // Neither joining its own force nor raising a siege: its attack is
        // its strength and its supports'.
        if links.merging || raise {
            return None;
        }
        let attack = match occupant {
            Some(o) => match self.held_settled::<DEEP>(o, part.origin)? {
                Some(_) if self.side(o) == part.side => return Some(Some(Reason::OwnUnit { by: dest })),
                Some(against) => {
                    let attack = own + self.settled_help::<DEEP>(g, Some(self.side(o)), false)?;
                    if attack <= against {
                        return Some(Some(Reason::Bounced { attack, against, by: dest }));
                    }
                    attack
                }
                None => own + self.settled_help::<DEEP>(g, None, false)?,
            },
            None => own + self.settled_help::<DEEP>(g, None, false)?,
        };
        let mut r = self.links.first_into[dest.index()];
        while r != NONE {
            let rival = self.links.at[r as usize];
            if r != g {
                // A rival's prevent strength: its own and its supports', if
                // the occupant does not beat it head to head.
                let Plan::Move { convoy: false, rider: false, .. } = self.parts[r as usize].plan else { return None };
                if rival.next_member != NONE || occupant.is_some_and(|o| self.dest(o) == Some(self.origin(r))) {
                    return None;
                }
                let against = match self.strength(r) {
                    0 => 0,
                    own => own + self.settled_help::<DEEP>(r, None, false)?,
                };
                if attack <= against {
                    return Some(Some(Reason::Bounced { attack, against, by: self.origin(r) }));
                }
            }
            r = rival.next_into;
        }
        Some(None)
    }

    /// The strength of convoyed move `g`, a group of one, when each fleet
    /// that may convoy it is final (None: one is not): its own if it has
    /// a route (`path_ok`, which then reads only final decisions), else 0.
    #[inline(never)]
    fn settled_convoyed_strength(&mut self, g: u16) -> Option<u32> {
        if self.convoy_fleets(g).any(|s| !self.is_final(s)) {
            return None;
        }
        Some(if self.path_ok(g) { self.strength(g) } else { 0 })
    }

    /// What of force `o`, attacked from `from`, ends the phase where it
    /// stands (Some(None): nothing), by final decisions alone (None: not
    /// known yet, or not a force of one plain part): a part that does not
    /// move, with its hold supports; a move that failed, unless it goes
    /// to `from` (a battle head to head).
    #[inline(always)]
    fn held_settled<const DEEP: bool>(&mut self, o: u16, from: ProvinceId) -> Option<Option<u32>> {
        let links = self.links.at[o as usize];
        if links.next_part != NONE || self.strength(o) == 0 {
            return None;
        }
        match self.parts[o as usize].plan {
            Plan::Move { convoy: false, rider: false, raise: false, dest, .. } if dest != from => {
                let node = self.nodes[links.leader as usize];
                (node.state == State::Resolved).then(|| (!node.result).then(|| self.strength(o)))
            }
            Plan::Move { .. } => None,
            _ => Some(Some(self.strength(o) + self.settled_help::<DEEP>(o, None, true)?)),
        }
    }

    /// What part `m`'s helpers give it (its hold supports if `hold`, else
    /// the supports of its move), leaving out those of side `except`, when
    /// each counted is a support by a force of one part that final
    /// decisions decide (None: another): nobody attacks it, so it gives
    /// what it offers, or only final moves do, none by convoy
    /// (`settled_attacked_support`).
    #[inline(always)]
    fn settled_help<const DEEP: bool>(&mut self, m: u16, except: Option<u8>, hold: bool) -> Option<u32> {
        let (parts, mut sum) = (self.parts, 0);
        let mut s = self.links.at[m as usize].first_helper;
        while s != NONE {
            let helper = &parts[s as usize];
            let counts = match helper.plan {
                Plan::SupportHold { .. } => hold,
                Plan::SupportMove { .. } | Plan::SupportMerge { .. } => !hold,
                _ => false,
            };
            if counts && Some(helper.side) != except {
                if self.links.at[helper.force as usize].next_part != NONE {
                    return None;
                }
                sum += match self.links.first_into[helper.origin.index()] {
                    NONE => self.support_offered(s),
                    _ if DEEP => self.settled_attacked_support(s)?,
                    _ => return None,
                };
            }
            s = self.links.at[s as usize].next_helper;
        }
        Some(sum)
    }

    /// The decision for part `p`, which does not move, when final
    /// decisions decide it (None: it may depend on one not yet final): it
    /// stands unless a group of another side moving into its province
    /// arrives (`dislodger`), and each of those is final.
    #[inline(always)]
    fn settled_stand(&self, p: u16) -> Option<bool> {
        let part = &self.parts[p as usize];
        if part.plan.is_move() {
            return None;
        }
        let mut g = self.links.first_into[part.origin.index()];
        while g != NONE {
            if self.side(g) != part.side {
                let node = self.nodes[g as usize];
                if node.state != State::Resolved {
                    return None;
                }
                if node.result {
                    return Some(false);
                }
            }
            g = self.links.at[g as usize].next_into;
        }
        Some(true)
    }

    /// The decision for part `f`: for the leader of a moving group, does the
    /// group arrive; for any other part, is its force not dislodged.
    #[inline]
    pub fn resolve(&mut self, f: u16) -> bool {
        // Most questions are asked again once answered: read where asked,
        // without a call that saves and restores registers.
        let node = self.nodes[f as usize];
        if node.state == State::Resolved {
            return node.result;
        }
        self.work_out(f)
    }

    /// What stopped move group `g`, which failed: as kept when it was
    /// decided, or else worked out again.
    pub fn stopped(&mut self, g: u16) -> Option<Reason> {
        if self.nodes[g as usize].kept {
            return Some(self.stops[g as usize]);
        }
        self.group_stopped(g)
    }

    /// The decision for part `p`, which is final: read, never worked out.
    #[inline(always)]
    pub(super) fn final_result(&self, p: u16) -> bool {
        debug_assert!(self.is_final(p));
        self.nodes[p as usize].result
    }

    /// Is the decision for part `p` final (never to change)?
    pub fn is_final(&self, p: u16) -> bool {
        self.nodes[p as usize].state == State::Resolved
    }

    /// `resolve` for a decision not yet final.
    #[inline(never)]
    fn work_out(&mut self, f: u16) -> bool {
        let i = f as usize;
        match self.nodes[i].state {
            State::Resolved => return self.nodes[i].result,
            State::Guessing => {
                if !self.deps.contains(&f) {
                    self.deps.push(f);
                }
                return self.nodes[i].result;
            }
            State::Unresolved => {}
        }
        let old = self.deps.len();
        self.nodes[i].result = false;
        self.nodes[i].state = State::Guessing;
        let first = self.decide(f);
        let stop = std::mem::take(&mut self.stop);
        if self.deps.len() == old {
            if self.nodes[i].state != State::Resolved {
                self.nodes[i].result = first;
                self.nodes[i].state = State::Resolved;
                // Decided on final decisions only: what stopped it is
                // what the explanation would work out again.
                self.nodes[i].kept = stop;
            }
            return first;
        }
        if self.deps[old] != f {
            // Part of a cycle that started further up: keep the guess.
            self.deps.push(f);
            self.nodes[i].result = first;
            return first;
        }
        // `f` starts a cycle: try the other guess.
        self.unwind(old);
        self.nodes[i].result = true;
        self.nodes[i].state = State::Guessing;
        let second = self.decide(f);
        self.stop = false;
        if first == second {
            self.unwind(old);
            self.nodes[i].result = first;
            self.nodes[i].state = State::Resolved;
            return first;
        }
        self.backup_rule(old);
        self.resolve(f)
    }

    // (Out of line, as `backup_rule`: the cycles' path, kept out of
    // `work_out`, which LLVM otherwise compiled once with both inlined and
    // some 13 instructions more a decision, issue 31.)
    #[inline(never)]
    fn unwind(&mut self, old: usize) {
        while self.deps.len() > old {
            let d = self.deps.pop().unwrap();
            self.nodes[d as usize].state = State::Unresolved;
        }
    }

    /// Settles a cycle with no single answer. When a convoying fleet's fate
    /// is part of it, it is a convoy paradox: the armies those fleets convoy
    /// do not move (Szykman). Otherwise it is circular movement (convoyed
    /// swaps included): every move in it succeeds.
    #[inline(never)]
    fn backup_rule(&mut self, old: usize) {
        let cycle: Vec<u16> = self.deps[old..].to_vec();
        let mut convoyed = Vec::new();
        for &d in &cycle {
            if let Plan::Convoy { .. } = self.parts[d as usize].plan {
                let army = self.links.at[d as usize].helps;
                if army != super::links::NONE {
                    convoyed.push(army);
                }
            }
        }
        self.unwind(old);
        if convoyed.is_empty() {
            for &d in &cycle {
                if self.parts[d as usize].plan.is_move() {
                    self.nodes[d as usize].result = true;
                    self.nodes[d as usize].state = State::Resolved;
                }
            }
        } else {
            for a in convoyed {
                self.nodes[a as usize].paradox = true;
            }
        }
    }

    /// (The group's arrival out of line: a part that does not move is
    /// decided without making the room `group_stopped` needs, issue 31.)
    #[inline(never)]
    fn decide(&mut self, p: u16) -> bool {
        match self.parts[p as usize].plan {
            Plan::Move { .. } => {
                let leader = self.links.at[p as usize].leader;
                if leader == p {
                    self.decide_arrival(p)
                } else {
                    self.resolve(leader)
                }
            }
            _ => !self.dislodged(self.parts[p as usize].force),
        }
    }

    /// Does move group `g` arrive? (What stopped it written straight into
    /// `stops`, `stop` set: not moved through an option twice, issue 31.)
    #[inline(never)]
    fn decide_arrival(&mut self, g: u16) -> bool {
        match self.group_stopped(g) {
            Some(reason) => {
                self.stops[g as usize] = reason;
                self.stop = true;
                false
            }
            None => true,
        }
    }
}

impl Resolver<'_> {
    /// What stopped move group `g`, if its failure was kept when it was
    /// decided (`stopped` where it reads without working anything out),
    /// else None. (For the explanations: read where asked, issue 31.)
    #[inline(always)]
    pub fn kept_stop(&self, g: u16) -> Option<Reason> {
        self.nodes[g as usize].kept.then(|| self.stops[g as usize])
    }
}
