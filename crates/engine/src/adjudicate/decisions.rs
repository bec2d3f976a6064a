//! The decisions of a movement phase, in the DATC's terms: attack, hold,
//! defend and prevent strength, support given or cut, convoy path, and
//! dislodgement. Strengths are sums of force strengths (M3), so standard
//! Diplomacy is the case where every force counts 1.

use super::plan::Plan;
use super::resolver::Resolver;
use crate::variant::{PowerId, ProvinceId};

pub use super::links::NONE;

impl Resolver<'_> {
    pub fn province(&self, f: u16) -> ProvinceId {
        self.v.province_of(self.forces[f as usize].loc)
    }

    pub fn power(&self, f: u16) -> PowerId {
        self.forces[f as usize].power
    }

    pub fn force_in(&self, p: ProvinceId) -> Option<u16> {
        let f = self.at[p as usize];
        (f != NONE).then_some(f)
    }

    fn strength(&self, f: u16) -> u32 {
        self.forces[f as usize].strength()
    }

    pub fn dest(&self, m: u16) -> Option<ProvinceId> {
        match self.plans[m as usize] {
            Plan::Move { dest, .. } => Some(dest),
            _ => None,
        }
    }

    fn by_convoy(&self, m: u16) -> bool {
        matches!(self.plans[m as usize], Plan::Move { convoy: true, .. })
    }

    /// The opponent of a head-to-head battle: the force in `m`'s destination
    /// moving to `m`'s province, neither by convoy.
    pub fn head_to_head(&self, m: u16) -> Option<u16> {
        if self.by_convoy(m) {
            return None;
        }
        let o = self.force_in(self.dest(m)?)?;
        (self.dest(o) == Some(self.province(m)) && !self.by_convoy(o)).then_some(o)
    }

    /// Does a convoyed army have a route of convoying fleets that are not
    /// dislodged? (Any route will do: DATC 4.A.1, 4.A.6.)
    pub fn path_ok(&mut self, m: u16) -> bool {
        if self.paradox[m as usize] {
            return false;
        }
        let (from, dest) = (self.province(m), self.dest(m).expect("a move"));
        let mut fleets: Vec<u16> = Vec::new();
        let mut g = self.links.first_helper[m as usize];
        while g != NONE {
            if self.plans[g as usize] == (Plan::Convoy { army: m, dest }) {
                fleets.push(g);
            }
            g = self.links.next_helper[g as usize];
        }
        let touches = |a: ProvinceId, b: ProvinceId| self.v.any_borders.get(a as usize, b as usize);
        let mut seen = vec![false; fleets.len()];
        let mut stack: Vec<usize> = Vec::new();
        for (i, &g) in fleets.iter().enumerate() {
            if touches(from, self.province(g)) {
                seen[i] = true;
                stack.push(i);
            }
        }
        while let Some(i) = stack.pop() {
            let g = fleets[i];
            if !self.resolve(g) {
                continue;
            }
            let here = self.province(g);
            if touches(here, dest) {
                return true;
            }
            for (j, &h) in fleets.iter().enumerate() {
                if !seen[j] && touches(here, self.province(h)) {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        false
    }

    pub fn move_succeeds(&mut self, m: u16) -> bool {
        if self.by_convoy(m) && !self.path_ok(m) {
            return false;
        }
        let attack = self.attack_strength(m);
        let dest = self.dest(m).expect("a move");
        match self.head_to_head(m) {
            Some(o) => {
                if attack <= self.defend_strength(o) {
                    return false;
                }
            }
            None => {
                if attack <= self.hold_strength(dest) {
                    return false;
                }
            }
        }
        let mut r = self.links.first_into[dest as usize];
        while r != NONE {
            if r != m && attack <= self.prevent_strength(r) {
                return false;
            }
            r = self.links.next_into[r as usize];
        }
        true
    }

    /// Supports given to the move of `m`, leaving out those of `except`.
    fn move_supports(&mut self, m: u16, except: Option<PowerId>) -> u32 {
        let mut sum = 0;
        let mut s = self.links.first_helper[m as usize];
        while s != NONE {
            if matches!(self.plans[s as usize], Plan::SupportMove { .. }) && Some(self.power(s)) != except && self.resolve(s) {
                sum += self.strength(s);
            }
            s = self.links.next_helper[s as usize];
        }
        sum
    }

    fn hold_supports(&mut self, f: u16) -> u32 {
        let mut sum = 0;
        let mut s = self.links.first_helper[f as usize];
        while s != NONE {
            if matches!(self.plans[s as usize], Plan::SupportHold { .. }) && self.resolve(s) {
                sum += self.strength(s);
            }
            s = self.links.next_helper[s as usize];
        }
        sum
    }

    pub fn attack_strength(&mut self, m: u16) -> u32 {
        let dest = self.dest(m).expect("a move");
        let Some(o) = self.force_in(dest) else {
            return self.strength(m) + self.move_supports(m, None);
        };
        let stays = match self.plans[o as usize] {
            Plan::Move { .. } => self.head_to_head(m).is_some() || !self.resolve(o),
            _ => true,
        };
        if !stays {
            self.strength(m) + self.move_supports(m, None)
        } else if self.power(o) == self.power(m) {
            0
        } else {
            self.strength(m) + self.move_supports(m, Some(self.power(o)))
        }
    }

    pub fn defend_strength(&mut self, m: u16) -> u32 {
        self.strength(m) + self.move_supports(m, None)
    }

    pub fn prevent_strength(&mut self, m: u16) -> u32 {
        if self.by_convoy(m) && !self.path_ok(m) {
            return 0;
        }
        if let Some(o) = self.head_to_head(m) {
            if self.resolve(o) {
                return 0;
            }
        }
        self.strength(m) + self.move_supports(m, None)
    }

    pub fn hold_strength(&mut self, p: ProvinceId) -> u32 {
        let Some(f) = self.force_in(p) else { return 0 };
        match self.plans[f as usize] {
            Plan::Move { .. } => {
                if self.resolve(f) {
                    0
                } else {
                    self.strength(f)
                }
            }
            _ => self.strength(f) + self.hold_supports(f),
        }
    }

    /// Does the supported force do what the support says?
    pub fn support_matches(&self, s: u16) -> bool {
        match self.plans[s as usize] {
            Plan::SupportHold { target } => !matches!(self.plans[target as usize], Plan::Move { .. }),
            Plan::SupportMove { target, dest, coast } => match self.plans[target as usize] {
                Plan::Move { to, dest: d, .. } => d == dest && coast.is_none_or(|c| c == to),
                _ => false,
            },
            _ => false,
        }
    }

    /// The attack that cuts support `s`, if any: a move into its province
    /// by another power, not from the province the support is directed
    /// against, by land or by a convoy that arrives.
    pub fn cutter(&mut self, s: u16) -> Option<u16> {
        let here = self.province(s);
        let against = match self.plans[s as usize] {
            Plan::SupportMove { dest, .. } => Some(dest),
            _ => None,
        };
        let mut m = self.links.first_into[here as usize];
        while m != NONE {
            if self.power(m) != self.power(s) && Some(self.province(m)) != against && (!self.by_convoy(m) || self.path_ok(m)) {
                return Some(m);
            }
            m = self.links.next_into[m as usize];
        }
        None
    }

    pub fn support_given(&mut self, s: u16) -> bool {
        self.support_matches(s) && self.cutter(s).is_none() && !self.dislodged(s)
    }

    /// The successful move into the province of staying force `f`, if any.
    pub fn dislodger(&mut self, f: u16) -> Option<u16> {
        let here = self.province(f);
        let mut m = self.links.first_into[here as usize];
        while m != NONE {
            if self.resolve(m) {
                return Some(m);
            }
            m = self.links.next_into[m as usize];
        }
        None
    }

    pub fn dislodged(&mut self, f: u16) -> bool {
        self.dislodger(f).is_some()
    }
}
