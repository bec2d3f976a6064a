//! Kruijswijk's guess-and-check resolver ("The Math of Adjudication"): every
//! force's order is a decision that succeeds or fails; a decision that
//! depends on itself through a cycle is tried both ways, and a cycle with no
//! single answer is settled by the backup rule (Szykman for convoy
//! paradoxes, success for circular movement).

use super::links::Links;
use super::plan::{Groups, Part, Plan};

use crate::state::Force;
use crate::variant::Variant;

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
    pub groups: Groups,
    /// Forces at sea whose leaving parts all fail if one fails (M9).
    pub coupled: &'a [bool],
    /// Index of the force in each province (u16::MAX: none).
    pub at: &'a [u16],
    pub links: Links,
    state: Vec<State>,
    result: Vec<bool>,
    deps: Vec<u16>,
    /// Convoyed moves that failed by the Szykman rule.
    pub paradox: Vec<bool>,
    /// Cuts that cannot change, once worked out (NONE: not yet).
    pub cut_cache: Vec<u16>,
}

impl<'a> Resolver<'a> {
    pub fn new(v: &'a Variant, forces: &'a [Force], parts: &'a [Part], coupled: &'a [bool], at: &'a [u16]) -> Self {
        let n = parts.len();
        let groups = super::plan::groups(parts, forces.len());
        let links = Links::new(v, forces.len(), parts, &groups);
        Resolver {
            v,
            forces,
            parts,
            groups,
            coupled,
            at,
            links,
            state: vec![State::Unresolved; n],
            result: vec![false; n],
            deps: Vec::new(),
            paradox: vec![false; n],
            cut_cache: vec![super::links::NONE; n],
        }
    }

    /// Resolves every decision.
    pub fn resolve_all(&mut self) {
        for p in 0..self.parts.len() {
            self.resolve(p as u16);
        }
    }

    /// The decision for part `f`: for the leader of a moving group, does the
    /// group arrive; for any other part, is its force not dislodged.
    pub fn resolve(&mut self, f: u16) -> bool {
        let i = f as usize;
        match self.state[i] {
            State::Resolved => return self.result[i],
            State::Guessing => {
                if !self.deps.contains(&f) {
                    self.deps.push(f);
                }
                return self.result[i];
            }
            State::Unresolved => {}
        }
        let old = self.deps.len();
        self.result[i] = false;
        self.state[i] = State::Guessing;
        let first = self.decide(f);
        if self.deps.len() == old {
            if self.state[i] != State::Resolved {
                self.result[i] = first;
                self.state[i] = State::Resolved;
            }
            return first;
        }
        if self.deps[old] != f {
            // Part of a cycle that started further up: keep the guess.
            self.deps.push(f);
            self.result[i] = first;
            return first;
        }
        // `f` starts a cycle: try the other guess.
        self.unwind(old);
        self.result[i] = true;
        self.state[i] = State::Guessing;
        let second = self.decide(f);
        if first == second {
            self.unwind(old);
            self.result[i] = first;
            self.state[i] = State::Resolved;
            return first;
        }
        self.backup_rule(old);
        self.resolve(f)
    }

    fn unwind(&mut self, old: usize) {
        while self.deps.len() > old {
            let d = self.deps.pop().unwrap();
            self.state[d as usize] = State::Unresolved;
        }
    }

    /// Settles a cycle with no single answer. When a convoying fleet's fate
    /// is part of it, it is a convoy paradox: the armies those fleets convoy
    /// do not move (Szykman). Otherwise it is circular movement (convoyed
    /// swaps included): every move in it succeeds.
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
                    self.result[d as usize] = true;
                    self.state[d as usize] = State::Resolved;
                }
            }
        } else {
            for a in convoyed {
                self.paradox[a as usize] = true;
            }
        }
    }

    fn decide(&mut self, p: u16) -> bool {
        match self.parts[p as usize].plan {
            Plan::Move { .. } => {
                let leader = self.groups[p as usize].leader;
                if leader == p {
                    self.group_succeeds(p)
                } else {
                    self.resolve(leader)
                }
            }
            _ => !self.dislodged(self.parts[p as usize].force),
        }
    }
}
