//! The decisions of a movement phase, in the DATC's terms: attack, hold,
//! defend and prevent strength, support given or cut, convoy path, and
//! dislodgement. Movers are groups (a group of one in standard Diplomacy,
//! a merge group in Multiplicity, M6); strengths are sums of component
//! counts (M3), so standard Diplomacy is the case where everything counts 1.

use super::outcome::Reason;
use super::plan::{Part, Plan};
use super::resolver::{Resolver, ROUTE_UNKNOWN};
use super::Few;
use crate::state::kinds;
use crate::variant::ProvinceId;

pub use super::links::NONE;

impl Resolver<'_> {
    /// The province a part starts in.
    pub fn origin(&self, p: u16) -> ProvinceId {
        self.parts[p as usize].origin
    }

    /// The side a part fights for: its player (H2; in most variants each
    /// power is a player).
    pub fn side(&self, p: u16) -> u8 {
        self.parts[p as usize].side
    }

    /// The side of force `f`.
    pub fn force_side(&self, f: u16) -> u8 {
        self.v.player_of[self.forces[f as usize].power.index()]
    }

    pub fn force_in(&self, province: ProvinceId) -> Option<u16> {
        let f = self.at[province.index()];
        (f != NONE).then_some(f)
    }

    pub(super) fn strength(&self, p: u16) -> u32 {
        self.parts[p as usize].strength()
    }

    pub fn dest(&self, p: u16) -> Option<ProvinceId> {
        self.parts[p as usize].plan.dest()
    }

    pub(super) fn by_convoy(&self, p: u16) -> bool {
        matches!(self.parts[p as usize].plan, Plan::Move { convoy: true, .. })
    }

    /// Does part `p` raise a siege (City State C8)?
    pub(super) fn raises(&self, p: u16) -> bool {
        matches!(self.parts[p as usize].plan, Plan::Move { raise: true, .. })
    }

    pub(super) fn rider(&self, p: u16) -> bool {
        matches!(self.parts[p as usize].plan, Plan::Move { rider: true, .. })
    }

    /// The members of group `g` (its leader first).
    pub fn members(&self, g: u16) -> impl Iterator<Item = u16> + '_ {
        self.links.members(g)
    }

    /// The parts of force `f` (the force's own part first).
    pub fn parts_of(&self, f: u16) -> impl Iterator<Item = u16> + '_ {
        self.links.parts_of(f)
    }

    /// Does a member get to the group's destination on its own (by land,
    /// along a coast, or by a convoy that arrives)?
    pub fn reaches(&mut self, m: u16) -> bool {
        !self.by_convoy(m) || self.path_ok(m)
    }

    /// Does part `p` end the phase in its destination? (Always inline: the
    /// common case is a few instructions, asked once a part.)
    #[inline(always)]
    pub fn arrives(&mut self, p: u16) -> bool {
        // A raise (City State C8) attacks but never leaves.
        let Plan::Move { rider, convoy, raise: false, .. } = self.parts[p as usize].plan else { return false };
        if !rider && !self.coupled[self.parts[p as usize].force as usize] {
            // The common case, quicker: what follows, without the checks
            // that cannot apply.
            return self.resolve(self.links.at[p as usize].leader) && (!convoy || self.path_ok(p));
        }
        self.arrives_as_rider_or_coupled(p, rider)
    }

    /// `arrives` of force `f`'s one part, `part`, all of the force (read
    /// by the caller, as is its group's `leader`: not read again, issue
    /// 31). A whole force is never coupled: only a split's parts are (M9).
    #[inline(always)]
    pub fn arrives_whole(&mut self, f: u16, part: &Part, leader: u16) -> bool {
        debug_assert!(part.split == super::plan::WHOLE && !self.coupled[f as usize]);
        let Plan::Move { rider, convoy, raise: false, .. } = part.plan else { return false };
        if !rider {
            return self.resolve(leader) && (!convoy || self.path_ok(f));
        }
        self.arrives_as_rider_or_coupled(f, rider)
    }

    /// `arrives` for a rider (M7) or a part of a force at sea that must leave
    /// whole (M9): out of line, so that the common case costs no more than
    /// its own few instructions.
    #[cold]
    #[inline(never)]
    fn arrives_as_rider_or_coupled(&mut self, p: u16, rider: bool) -> bool {
        if !self.raw_arrives(p) {
            return false;
        }
        if rider && !self.merged_seaworthy(self.links.at[p as usize].leader) {
            return false;
        }
        // M9: at sea, if one leaving part fails, all fail.
        let f = self.parts[p as usize].force;
        if !self.coupled[f as usize] {
            return true;
        }
        let leaving: Few = self.parts_of(f).filter(|&q| self.parts[q as usize].plan.is_move()).collect();
        leaving.into_iter().all(|q| self.raw_arrives(q))
    }

    fn raw_arrives(&mut self, p: u16) -> bool {
        let leader = self.links.at[p as usize].leader;
        self.resolve(leader) && (self.rider(p) || self.reaches(p))
    }

    /// M7: riders arrive only if the merged force is seaworthy: the
    /// members that reach `dest` and the parts of the own force there that
    /// stay (M2: an unseaworthy force never ends a phase at sea).
    fn merged_seaworthy(&mut self, g: u16) -> bool {
        let dest = self.dest(g).expect("a move");
        let (mut fleets, mut armies) = (0, 0);
        let members: Few = self.members(g).collect();
        for m in members {
            if self.rider(m) || self.reaches(m) {
                let [a, f, _] = kinds(self.components(m));
                (armies, fleets) = (armies + a, fleets + f);
            }
        }
        // M6: the merged force is the group "together with any own force
        // that stayed there": a part of it that leaves (`F ska - swe` while
        // `2A/F nwy MERGE ska`) is not in it.
        if let Some(o) = self.force_in(dest).filter(|&o| self.force_side(o) == self.side(g)) {
            let parts: Few = self.parts_of(o).collect();
            for q in parts {
                if !self.arrives(q) {
                    let [a, f, _] = kinds(self.components(q));
                    (armies, fleets) = (armies + a, fleets + f);
                }
            }
        }
        fleets >= armies
    }

    /// Does a convoyed part have a route of convoying forces that are not
    /// dislodged? (Any route will do: DATC 4.A.1, 4.A.6.)
    #[inline]
    pub fn path_ok(&mut self, m: u16) -> bool {
        let node = self.nodes[m as usize];
        if node.paradox {
            return false;
        }
        if node.route != ROUTE_UNKNOWN {
            return node.route == 1;
        }
        // The answer is final, and kept, when every fleet it asked about
        // was decided for good: it is asked again and again otherwise (by
        // the strengths, the arrival, the explanation).
        let (found, settled) = self.route(m);
        if settled {
            self.nodes[m as usize].route = found as u8;
        }
        found
    }

    /// The convoying parts that help part `m`, in part order.
    pub(super) fn convoy_fleets(&self, m: u16) -> impl Iterator<Item = u16> + '_ {
        let mut g = self.links.at[m as usize].first_helper;
        std::iter::from_fn(move || {
            while g != NONE {
                let fleet = g;
                g = self.links.at[g as usize].next_helper;
                if matches!(self.parts[fleet as usize].plan, Plan::Convoy { .. }) {
                    return Some(fleet);
                }
            }
            None
        })
    }

    /// Whether convoyed part `m` has a route, and whether every fleet asked
    /// about on the way was decided for good. Out of line: its lists would
    /// make every caller save registers and make room for them.
    #[inline(never)]
    fn route(&mut self, m: u16) -> (bool, bool) {
        let (from, dest) = (self.origin(m), self.dest(m).expect("a move"));
        let touches = |a: ProvinceId, b: ProvinceId| self.v.any_borders.get(a.index(), b.index());
        let only = {
            let mut fleets = self.convoy_fleets(m);
            match (fleets.next(), fleets.next()) {
                (Some(g), None) => Some(g),
                _ => None,
            }
        };
        if let Some(g) = only {
            // One fleet, as most convoys: the search below, without its
            // lists (some 150 instructions a convoyed move, issue 31).
            if !touches(from, self.origin(g)) {
                return (false, true);
            }
            let reaches = touches(self.origin(g), dest);
            return (self.resolve(g) && reaches, self.is_final(g));
        }
        let fleets: Few = self.convoy_fleets(m).collect();
        let mut seen: smallvec::SmallVec<[bool; 8]> = smallvec::smallvec![false; fleets.len()];
        let mut stack: smallvec::SmallVec<[usize; 8]> = smallvec::SmallVec::new();
        for (i, &g) in fleets.iter().enumerate() {
            if touches(from, self.origin(g)) {
                seen[i] = true;
                stack.push(i);
            }
        }
        let mut settled = true;
        while let Some(i) = stack.pop() {
            let g = fleets[i];
            let holds = self.resolve(g);
            settled &= self.is_final(g);
            if !holds {
                continue;
            }
            let here = self.origin(g);
            if touches(here, dest) {
                return (true, settled);
            }
            for (j, &h) in fleets.iter().enumerate() {
                if !seen[j] && touches(here, self.origin(h)) {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        (false, settled)
    }

    /// The strength of group `g`: its members that reach the destination
    /// (riders add nothing, M7).
    #[inline]
    fn group_strength(&mut self, g: u16) -> u32 {
        let Plan::Move { convoy, rider, .. } = self.parts[g as usize].plan else { return 0 };
        if self.links.at[g as usize].next_member == NONE {
            // A group of one, as every move in standard Diplomacy: read
            // where asked, without a call.
            return if rider || (convoy && !self.path_ok(g)) { 0 } else { self.strength(g) };
        }
        self.merged_strength(g)
    }

    /// `group_strength` of a group of several members (M6).
    #[inline(never)]
    fn merged_strength(&mut self, g: u16) -> u32 {
        let mut sum = 0;
        let mut m = g;
        while m != NONE {
            if !self.rider(m) && self.reaches(m) {
                sum += self.strength(m);
            }
            m = self.links.at[m as usize].next_member;
        }
        sum
    }

    /// Does helper `s` of member `m` support the move of group `g` (a
    /// support of the member's move, or a merge support of the group)?
    pub fn supports_move(&self, s: u16, m: u16, g: u16) -> bool {
        match self.parts[s as usize].plan {
            Plan::SupportMove { .. } => true,
            Plan::SupportMerge { .. } => m == g,
            _ => false,
        }
    }

    /// Supports given to group `g`'s move, leaving out those of `except`.
    #[inline(always)]
    fn group_supports(&mut self, g: u16, except: Option<u8>) -> u32 {
        // (A group of one that nobody helps, as most moves: nothing to
        // count, without a call.)
        let links = self.links.at[g as usize];
        if links.first_helper == NONE && links.next_member == NONE {
            return 0;
        }
        self.supports_of_group(g, except)
    }

    /// `group_supports` of a group that has members or helpers.
    #[inline(never)]
    fn supports_of_group(&mut self, g: u16, except: Option<u8>) -> u32 {
        let mut sum = 0;
        let mut m = g;
        while m != NONE {
            let mut s = self.links.at[m as usize].first_helper;
            while s != NONE {
                if self.supports_move(s, m, g) && Some(self.side(s)) != except {
                    sum += self.support_amount(s);
                }
                s = self.links.at[s as usize].next_helper;
            }
            m = self.links.at[m as usize].next_member;
        }
        sum
    }

    /// The opponent of a head-to-head battle: a group moving from `g`'s
    /// destination into the origin of one of `g`'s members, neither by convoy.
    #[inline(always)]
    pub fn head_to_head(&self, g: u16) -> Option<u16> {
        // (Nobody in the destination, as for most moves: no battle,
        // answered where asked, without a call.)
        match self.dest(g) {
            Some(dest) if self.force_in(dest).is_some() => self.head_to_head_with_occupant(g),
            _ => None,
        }
    }

    /// `head_to_head` of a group whose destination is occupied.
    #[inline(never)]
    fn head_to_head_with_occupant(&self, g: u16) -> Option<u16> {
        // A raise stays where it is: no battle head to head (C8).
        if self.raises(g) {
            return None;
        }
        let dest = self.dest(g)?;
        let force = self.force_in(dest)?;
        let mut m = g;
        while m != NONE {
            if !self.by_convoy(m) {
                let origin = self.origin(m);
                let mut q = force;
                while q != NONE {
                    // (A move into a box, which reads empty, meets nobody
                    // there: it is never a head-to-head battle.)
                    if self.dest(q) == Some(origin)
                        && !self.by_convoy(q)
                        && !self.raises(q)
                        && self.force_in(origin).is_some()
                    {
                        return Some(self.links.at[q as usize].leader);
                    }
                    q = self.links.at[q as usize].next_part;
                }
            }
            m = self.links.at[m as usize].next_member;
        }
        None
    }

    /// Does the force in `province` stay there (any part of it not leaving)?
    fn stays(&mut self, f: u16) -> bool {
        let mut q = f;
        while q != NONE {
            if self.strength(q) > 0 && !self.arrives(q) {
                return true;
            }
            q = self.links.at[q as usize].next_part;
        }
        false
    }

    pub fn attack_strength(&mut self, g: u16) -> u32 {
        let h2h = self.head_to_head(g);
        let own = self.group_strength(g);
        self.attack_with(g, own, h2h)
    }

    /// Attack strength of group `g`, whose own strength and head-to-head
    /// opponent are known.
    fn attack_with(&mut self, g: u16, own: u32, h2h: Option<u16>) -> u32 {
        let dest = self.dest(g).expect("a move");
        let Some(o) = self.force_in(dest) else {
            return own + self.group_supports(g, None);
        };
        let side = self.force_side(o);
        let resists = h2h.is_some() || self.stays(o);
        if !resists {
            own + self.group_supports(g, None)
        } else if side == self.side(g) {
            // One's own force is joined by a merge, never attacked (M10).
            if self.links.at[g as usize].merging {
                own + self.group_supports(g, None)
            } else {
                0
            }
        } else {
            own + self.group_supports(g, Some(side))
        }
    }

    pub fn defend_strength(&mut self, g: u16) -> u32 {
        self.group_strength(g) + self.group_supports(g, None)
    }

    pub fn prevent_strength(&mut self, g: u16) -> u32 {
        let own = self.group_strength(g);
        if own == 0 {
            return 0;
        }
        if let Some(o) = self.head_to_head(g) {
            if self.resolve(o) {
                return 0;
            }
        }
        own + self.group_supports(g, None)
    }

    /// The strength of everything that ends the phase in `province` (M9:
    /// parts that fail to leave count as never having split), with hold
    /// supports when a part of it was not ordered to move.
    pub fn hold_strength(&mut self, province: ProvinceId) -> u32 {
        let held = self.force_in(province).map_or(0, |f| self.ends_in(f, NONE));
        // T9: a Parthian province resists with 1 of its own.
        if self.native {
            held.max(self.v.rules.resistance(self.v, province))
        } else {
            held
        }
    }

    /// What of force `f` ends the phase where it stands: parts that stay,
    /// parts whose move fails and the members of group `back` (beaten head
    /// to head, so back too), with hold supports when a part was not
    /// ordered to move.
    fn ends_in(&mut self, f: u16, back: u16) -> u32 {
        let mut sum = 0;
        let mut holding = false;
        let mut q = f;
        while q != NONE {
            if self.parts[q as usize].plan.is_move() {
                if self.links.at[q as usize].leader == back || !self.arrives(q) {
                    sum += self.strength(q);
                }
            } else if self.strength(q) > 0 {
                sum += self.strength(q);
                holding = true;
            }
            q = self.links.at[q as usize].next_part;
        }
        if holding {
            sum += self.hold_supports(f);
        }
        sum
    }

    fn hold_supports(&mut self, f: u16) -> u32 {
        let mut sum = 0;
        let mut s = self.links.at[f as usize].first_helper;
        while s != NONE {
            if matches!(self.parts[s as usize].plan, Plan::SupportHold { .. }) {
                sum += self.support_amount(s);
            }
            s = self.links.at[s as usize].next_helper;
        }
        sum
    }

    /// What stops group `g` from arriving in its destination (None: it
    /// arrives). One function decides and explains, so that the reason
    /// given is always the one that decided.
    #[inline(always)]
    pub fn group_stopped(&mut self, g: u16) -> Option<Reason> {
        let dest = self.dest(g).expect("a move");
        let own = self.group_strength(g);
        if self.unopposed(g, dest, own) {
            return self.coupling_stop(g);
        }
        let occupant = self.force_in(dest);
        let alone = self.alone(g, dest);
        let joins_own =
            self.links.at[g as usize].merging && occupant.is_some_and(|o| self.force_side(o) == self.side(g));
        let h2h = self.head_to_head(g);
        if own == 0 {
            // Riders only (M7): they enter only inside a seaworthy force, so
            // only where nobody else moves or stands.
            let enters =
                self.members(g).any(|m| self.rider(m)) && alone && (occupant.is_none() || joins_own) && h2h.is_none();
            return (!enters).then_some(Reason::Unseaworthy);
        }
        let attack = self.attack_with(g, own, h2h);
        if attack == 0 {
            // An own force that stays is never attacked (M10).
            return Some(Reason::OwnUnit { by: dest });
        }
        if joins_own {
            // The own force staying in the province is joined; if it goes to
            // a member's origin instead, both fail (M6).
            if h2h.is_some() {
                return Some(Reason::OwnUnit { by: dest });
            }
        } else if let Some(o) = h2h {
            let against = self.defend_strength(o);
            if attack <= against {
                return Some(Reason::Bounced { attack, against, by: dest });
            }
            let against = self.left_behind(dest, o);
            if attack <= against {
                return Some(Reason::Bounced { attack, against, by: dest });
            }
        } else {
            let against = self.hold_strength(dest);
            if attack <= against {
                return Some(Reason::Bounced { attack, against, by: dest });
            }
        }
        let mut r = self.links.first_into[dest.index()];
        while r != NONE {
            if r != g {
                let against = self.prevent_strength(r);
                if attack <= against {
                    return Some(Reason::Bounced { attack, against, by: self.origin(r) });
                }
            }
            r = self.links.at[r as usize].next_into;
        }
        self.coupling_stop(g)
    }

    /// Is group `g` the only one moving into `dest`?
    #[inline(always)]
    fn alone(&self, g: u16, dest: ProvinceId) -> bool {
        self.links.first_into[dest.index()] == g && self.links.at[g as usize].next_into == NONE
    }

    /// Does group `g`, of strength `own`, enter `dest` alone, with nobody
    /// there and no resistance of the province's own (T9)? Any strength
    /// then beats no resistance: supports need not be counted.
    #[inline(always)]
    pub(super) fn unopposed(&self, g: u16, dest: ProvinceId, own: u32) -> bool {
        own > 0 && self.alone(g, dest) && self.force_in(dest).is_none() && !self.native
    }

    fn coupling_stop(&mut self, g: u16) -> Option<Reason> {
        (!self.coupling_holds(g)).then_some(Reason::SplitFailed)
    }

    /// M9: a group made only of parts leaving a force at sea whose other
    /// leaving parts must all succeed fails when one of those does not
    /// (a failed move like any other: it still prevents and cuts).
    #[inline]
    pub fn coupling_holds(&mut self, g: u16) -> bool {
        // (No force coupled, as in every phase without splits at sea: read
        // where asked, without a call.)
        !self.any_coupled || self.coupled_group_holds(g)
    }

    /// `coupling_holds` where some force is coupled.
    #[inline(never)]
    fn coupled_group_holds(&mut self, g: u16) -> bool {
        let mut m = g;
        while m != NONE {
            if !self.coupled[self.parts[m as usize].force as usize] {
                return true;
            }
            m = self.links.at[m as usize].next_member;
        }
        let force = self.parts[g as usize].force;
        let mut q = force;
        while q != NONE {
            let leader = self.links.at[q as usize].leader;
            if self.parts[q as usize].plan.is_move() && leader != g && !(self.resolve(leader) && self.reaches(q)) {
                return false;
            }
            q = self.links.at[q as usize].next_part;
        }
        true
    }

    /// M9: beating a head-to-head opponent `o` from `province`, an attack
    /// must still beat everything that ends there: the opponent's parts from
    /// there (they are back) and every other part of that force.
    fn left_behind(&mut self, province: ProvinceId, o: u16) -> u32 {
        let f = self.force_in(province).expect("an opponent stands there");
        if self.links.at[f as usize].next_part == NONE {
            // A force of one part: beating its defence is enough.
            return 0;
        }
        self.ends_in(f, o)
    }

    /// The force in `province`'s dislodger: a group of another side that
    /// arrives there.
    #[inline]
    pub fn dislodger(&mut self, f: u16) -> Option<u16> {
        let here = self.v.province_of(self.forces[f as usize].loc);
        let first = self.links.first_into[here.index()];
        // (Nobody moves in, as for most forces: read where asked, without
        // a call; the side read only then.)
        if first == NONE {
            return None;
        }
        self.dislodger_among(self.force_side(f), first)
    }

    /// `dislodger` of the force standing in province `here`, of side
    /// `side` (its part's origin and side, known to the caller: not looked
    /// up again, some 8 instructions a force that stays, issue 31).
    #[inline(always)]
    pub fn dislodger_in(&mut self, here: ProvinceId, side: u8) -> Option<u16> {
        let first = self.links.first_into[here.index()];
        if first == NONE {
            return None;
        }
        self.dislodger_among(side, first)
    }

    /// `dislodger` of a force of side `side`, the groups moving into its
    /// province listed from `first` on.
    #[inline(never)]
    fn dislodger_among(&mut self, side: u8, first: u16) -> Option<u16> {
        let mut g = first;
        while g != NONE {
            if self.side(g) != side && self.resolve(g) {
                return Some(g);
            }
            g = self.links.at[g as usize].next_into;
        }
        None
    }

    pub fn dislodged(&mut self, f: u16) -> bool {
        self.dislodger(f).is_some()
    }
}
