//! Support and its cutting (standard rules; Multiplicity M4, M5). A support
//! gives one per component able to support. A force's supports are cut up to
//! the strongest attack on it, from the last written support backwards:
//! `cut(i) = min(amount(i), max(0, a(i) - T))`, `T += cut(i)`, where `a(i)`
//! is the strongest attack that can cut support i. In standard Diplomacy
//! (every amount 1) this is exactly the standard rule.

use super::links::NONE;
use super::plan::{Part, Plan};
use super::resolver::Resolver;
use super::Few;
use crate::state::Component;
use crate::variant::ProvinceId;

/// What a support order by `part` (its `components`) offers: the strength
/// of its components that may support, one per army and fleet (M4); and
/// whether any cut cuts it whole (City State C12: a double army). Kept by
/// planning in `Part::offered` for nearly every support, so that the
/// links need not read the components (issue 31).
pub fn offered<'a>(part: &Part, components: impl FnOnce() -> &'a [Component]) -> (u16, bool) {
    // H11, M6: a force in the merge's province may not support it, but
    // its garrisons may.
    let into_own = matches!(part.plan, Plan::SupportMerge { dest, .. } if dest == part.origin);
    if !into_own && part.offered != u8::MAX {
        return (part.offered as u16, false);
    }
    let all = components();
    (all.iter().map(|c| offer(c, into_own)).sum(), all.iter().any(|c| c.kind.row().cut_whole))
}

/// What `components` offer a support not into its own province, as
/// `Part::offered` keeps it (u8::MAX: read them again, for a support cut
/// whole by any cut, C12, or too much to keep).
#[inline(always)]
pub fn offers(components: &[Component]) -> u8 {
    match components {
        // One component, as nearly every force: no sum.
        [one] if one.kind.row().cut_whole => u8::MAX,
        [one] => offer(one, false) as u8,
        all if all.iter().any(|c| c.kind.row().cut_whole) => u8::MAX,
        all => all.iter().map(|c| offer(c, false)).sum::<u16>().min(u8::MAX as u16) as u8,
    }
}

/// What one component offers a support (into its own province or not).
#[inline(always)]
fn offer(c: &Component, into_own: bool) -> u16 {
    let row = c.kind.row();
    if row.may_support != into_own {
        row.strength as u16
    } else {
        0
    }
}

impl Resolver<'_> {
    /// What support order `s` offers (`offered`, found with the links).
    #[inline(always)]
    pub fn support_offered(&self, s: u16) -> u32 {
        self.links.at[s as usize].offered as u32
    }

    /// Does the support (or convoy) match an order? Otherwise it is void.
    pub fn support_matches(&self, s: u16) -> bool {
        self.links.at[s as usize].helps != NONE
    }

    /// The province a support's action is directed against.
    fn against(&self, s: u16) -> Option<ProvinceId> {
        match self.parts[s as usize].plan {
            Plan::SupportMove { dest, .. } | Plan::SupportMerge { dest, .. } => Some(dest),
            _ => None,
        }
    }

    /// The support part `s` gives: nothing if void, if the member it
    /// supports drops out, or if its force is dislodged; else what it offers
    /// less what is cut.
    pub fn support_amount(&mut self, s: u16) -> u32 {
        let helped = self.links.at[s as usize].helps;
        if helped == NONE {
            return 0;
        }
        if matches!(self.parts[s as usize].plan, Plan::SupportMove { .. }) && !self.reaches(helped) {
            return 0;
        }
        if !self.resolve(s) {
            return 0;
        }
        self.support_offered(s) - self.cut(s)
    }

    /// How much of support `s` is cut. (Its cut, once kept, read where
    /// asked, without a call, issue 31; so too a support nobody attacks,
    /// as most are: nothing is cut.)
    #[inline]
    pub fn cut(&mut self, s: u16) -> u32 {
        let cached = self.nodes[s as usize].cut_cache;
        if cached != NONE {
            return cached as u32;
        }
        if self.links.first_into[self.origin(s).index()] == NONE {
            return 0;
        }
        self.work_out_cut(s)
    }

    /// `cut` of a support whose cut is not kept.
    #[inline(never)]
    fn work_out_cut(&mut self, s: u16) -> u32 {
        let f = self.parts[s as usize].force;
        if self.links.at[f as usize].next_part != NONE {
            return self.cut_in_split(s, f);
        }
        // A force of one part gives one support: no priorities. When no
        // attack on it comes by convoy, the cut cannot change: keep it.
        // (Only such a support's cut is ever kept.)
        let offered = self.support_offered(s);
        let cutter = self.strongest_cutter(s, offered).0;
        // City State C12: a double army's support is cut whole by any
        // attack that cuts it at all.
        let whole = self.links.at[s as usize].cut_whole;
        let cut = if whole && cutter > 0 { offered } else { offered.min(cutter) };
        if !self.convoy_attacks(self.origin(s)) {
            self.nodes[s as usize].cut_cache = cut as u16;
        }
        cut
    }

    /// `cut` of support `s` given by a part of force `f`, which split: its
    /// supports are cut in turn (M5). (Out of line: its list would make
    /// every `cut` save registers and make room for it, issue 31.)
    #[inline(never)]
    fn cut_in_split(&mut self, s: u16, f: u16) -> u32 {
        // In written order: a force has one order, and its parts are listed
        // in their places in the split.
        let supports: Few = self
            .parts_of(f)
            .filter(|&q| {
                matches!(
                    self.parts[q as usize].plan,
                    Plan::SupportHold { .. } | Plan::SupportMove { .. } | Plan::SupportMerge { .. }
                )
            })
            .collect();
        let mut taken = 0;
        for &q in supports.iter().rev() {
            let offered = self.support_offered(q);
            let (strongest, _) = self.strongest_cutter(q, offered + taken);
            let cut = offered.min(strongest.saturating_sub(taken));
            if q == s {
                return cut;
            }
            taken += cut;
        }
        0
    }

    /// Does any attack on `province` come by convoy (so that cuts there
    /// depend on convoys)?
    fn convoy_attacks(&self, province: ProvinceId) -> bool {
        let mut g = self.links.first_into[province.index()];
        while g != NONE {
            let mut m = g;
            while m != NONE {
                if self.by_convoy(m) {
                    return true;
                }
                m = self.links.at[m as usize].next_member;
            }
            g = self.links.at[g as usize].next_into;
        }
        false
    }

    /// The strongest attack that can cut support `s` (0 if none), as M5
    /// measures it, and the group that makes it (NONE if none); `enough` is
    /// where counting may stop.
    pub(super) fn strongest_cutter(&mut self, s: u16, enough: u32) -> (u32, u16) {
        let side = self.side(s);
        let against = self.against(s);
        let (mut best, mut by) = (0, NONE);
        let mut g = self.links.first_into[self.origin(s).index()];
        while g != NONE {
            if self.side(g) != side {
                let strength = self.cutting_strength(g, side, against, enough);
                if strength > best {
                    (best, by) = (strength, g);
                    if best >= enough {
                        break;
                    }
                }
            }
            g = self.links.at[g as usize].next_into;
        }
        (best, by)
    }

    /// The strength of group `g`'s attack for cutting a support of `side`
    /// directed against `against`: members that reach (a convoy must
    /// arrive), not counting those from `against`; if none is left the
    /// attack cannot cut. Then every non-void support ordered for it, cut or
    /// not, except those of `side` and those from `against`.
    fn cutting_strength(&mut self, g: u16, side: u8, against: Option<ProvinceId>, enough: u32) -> u32 {
        let mut own = 0;
        let mut m = g;
        while m != NONE {
            if Some(self.origin(m)) != against && !self.rider(m) && self.reaches(m) {
                own += self.parts[m as usize].strength();
            }
            m = self.links.at[m as usize].next_member;
        }
        if own == 0 || own >= enough {
            return own;
        }
        own + self.cutting_supports(g, side, against)
    }

    /// What group `g`'s cutting attack gains from its supports: every
    /// non-void support ordered for it, cut or not, except those of `side`
    /// and those from `against`.
    fn cutting_supports(&self, g: u16, side: u8, against: Option<ProvinceId>) -> u32 {
        let mut sum = 0;
        for m in self.members(g) {
            let mut s = self.links.at[m as usize].first_helper;
            while s != NONE {
                if self.supports_move(s, m, g) && self.side(s) != side && Some(self.origin(s)) != against {
                    sum += self.support_offered(s);
                }
                s = self.links.at[s as usize].next_helper;
            }
        }
        sum
    }

    /// What support `s`, of a force of one part, attacked, gives when
    /// final decisions decide it (None: not yet known): nothing if a group
    /// of another side arrives in its province (it is dislodged), else what
    /// it offers less what the strongest attack cuts, when every attack of
    /// another side is final and none comes by convoy (`support_amount`
    /// reading only final decisions: its cut is then `work_out_cut`'s, and
    /// kept, as that keeps it, for the explanation).
    #[inline(never)]
    pub(super) fn settled_attacked_support(&mut self, s: u16) -> Option<u32> {
        let (side, against) = (self.side(s), self.against(s));
        let mut strongest = 0;
        let mut g = self.links.first_into[self.origin(s).index()];
        while g != NONE {
            if self.side(g) != side {
                if !self.is_final(g) {
                    return None;
                }
                if self.final_result(g) {
                    return Some(0);
                }
                strongest = strongest.max(self.settled_cutting_strength(g, side, against)?);
            }
            g = self.links.at[g as usize].next_into;
        }
        let offered = self.support_offered(s);
        // C12: cut whole by any attack that cuts at all.
        let whole = self.links.at[s as usize].cut_whole && strongest > 0;
        let cut = if whole { offered } else { offered.min(strongest) };
        self.nodes[s as usize].cut_cache = cut as u16;
        Some(offered - cut)
    }

    /// `cutting_strength` of group `g` when no member comes by convoy (it
    /// then reads no decision; None: one does). (Its loop restated on
    /// purpose: written as a check of the members and a call of
    /// `cutting_strength`, the code around both changed, and the opening
    /// rose by 734 instructions and the mid-game by 639, issue 31.)
    fn settled_cutting_strength(&self, g: u16, side: u8, against: Option<ProvinceId>) -> Option<u32> {
        let mut own = 0;
        let mut m = g;
        while m != NONE {
            if self.by_convoy(m) {
                return None;
            }
            if Some(self.origin(m)) != against && !self.rider(m) {
                own += self.parts[m as usize].strength();
            }
            m = self.links.at[m as usize].next_member;
        }
        Some(if own == 0 { 0 } else { own + self.cutting_supports(g, side, against) })
    }
}
