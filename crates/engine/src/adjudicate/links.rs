//! Who moves where and who helps whom, as linked lists over part indices,
//! built once per phase so that no decision scans every part.

use super::cut::offered;
use super::groups::groups;
use super::plan::{Part, Plan};
use crate::rules::Notation;
use crate::state::{Components, Force};
use crate::variant::Variant;

pub const NONE: u16 = u16::MAX;

#[derive(Default)]
pub struct Links {
    /// First group (by its leader) moving into each province.
    pub first_into: Vec<u16>,
    /// Each part's links.
    pub at: Vec<PartLinks>,
    /// Which forces split, for `groups` to work in.
    split: Vec<bool>,
}

#[derive(Clone, Copy)]
pub struct PartLinks {
    /// The leader of the part's merge group (itself for a group of one).
    pub leader: u16,
    /// The next member of the same group, from the leader on.
    pub next_member: u16,
    /// The group joins its player's force in the province (a merge); set
    /// on the leader.
    pub merging: bool,
    /// The next group (by its leader) moving into the same province.
    pub next_into: u16,
    /// First part helping this part (supports of its move or of its force's
    /// hold, merge supports of its group, convoys); `next_helper` chains
    /// the rest.
    pub first_helper: u16,
    pub next_helper: u16,
    /// The part a support or convoy helps (NONE: it matches no order: void).
    pub helps: u16,
    /// The next part of the same force (part `f` is force `f`'s first part).
    pub next_part: u16,
    /// A support void because its player may not support a player who
    /// sacked Delphi (H20).
    pub shunned: bool,
    /// What a support offers (`cut::offered`), found once (supports only).
    pub offered: u16,
    /// A support cut whole by any cut (C12; supports only).
    pub cut_whole: bool,
}

impl Links {
    /// The links of this phase's parts, in place of what they were.
    pub fn build(&mut self, v: &Variant, forces: &[Force], parts: &[Part], splits: &[Components], shunned: Option<u8>) {
        let (n, forces_n) = (parts.len(), forces.len());
        let links = self;
        links.first_into.clear();
        links.first_into.resize(v.province_count(), NONE);
        links.at.clear();
        links.at.extend((0..n).map(|p| PartLinks {
            leader: p as u16,
            next_member: NONE,
            merging: false,
            next_into: NONE,
            first_helper: NONE,
            next_helper: NONE,
            helps: NONE,
            next_part: NONE,
            shunned: false,
            offered: 0,
            cut_whole: false,
        }));
        let mut split = std::mem::take(&mut links.split);
        let merges = v.rules.reads(Notation::MergeSplit);
        groups(parts, forces_n, merges, &mut split, |p, mate| links.join(p, mate));
        links.split = split;
        for p in (forces_n..n).rev() {
            let f = parts[p].force as usize;
            links.at[p].next_part = links.at[f].next_part;
            links.at[f].next_part = p as u16;
        }
        // Built back to front, so that every list runs in part order. (Each
        // part's record said once, issue 31: the loop checks no index `p`.)
        assert!(links.at.len() == n && parts.len() == n);
        for p in (0..n).rev() {
            if matches!(parts[p].plan, Plan::SupportHold { .. } | Plan::SupportMove { .. } | Plan::SupportMerge { .. })
            {
                (links.at[p].offered, links.at[p].cut_whole) =
                    offered(&parts[p], || parts[p].components(forces, splits));
            }
            let helped = match parts[p].plan {
                // (A move or a hold helps nobody: the rest of the loop is
                // for helpers only.)
                Plan::Move { dest, .. } => {
                    if links.at[p].leader as usize == p {
                        links.at[p].next_into = links.first_into[dest.index()];
                        links.first_into[dest.index()] = p as u16;
                    }
                    continue;
                }
                Plan::Hold => continue,
                Plan::SupportMove { target, dest, coast } => links.mover(parts, target, |plan| {
                    matches!(*plan, Plan::Move { dest: d, to, .. } if d == dest && coast.is_none_or(|c| c == to))
                }),
                Plan::Convoy { army, dest } => links.mover(parts, army, |plan| {
                    matches!(*plan, Plan::Move { dest: d, convoy: true, .. } if d == dest)
                }),
                Plan::SupportHold { target } => {
                    let standing = |q: u16| !parts[q as usize].plan.is_move() && parts[q as usize].strength() > 0;
                    let stays = links.parts_of(target).any(standing);
                    if stays {
                        target
                    } else {
                        NONE
                    }
                }
                Plan::SupportMerge { side, dest } => {
                    let group = (0..n).find(|&q| {
                        links.at[q].leader as usize == q
                            && links.at[q].merging
                            && parts[q].side == v.player_of[side.index()]
                            && parts[q].plan.dest() == Some(dest)
                    });
                    // M4: a part may not support another part of its own force.
                    let own = |g: usize| links.members(g as u16).any(|m| parts[m as usize].force == parts[p].force);
                    group.filter(|&g| !own(g)).map_or(NONE, |q| q as u16)
                }
            };
            // H20: once Delphi is sacked, no other player may support the
            // sacking player's forces.
            let helped = match shunned {
                Some(player)
                    if helped != NONE
                        && !matches!(parts[p].plan, Plan::Convoy { .. })
                        && parts[helped as usize].side == player
                        && parts[p].side != player =>
                {
                    links.at[p].shunned = true;
                    NONE
                }
                _ => helped,
            };
            if helped != NONE {
                links.at[p].helps = helped;
                links.at[p].next_helper = links.at[helped as usize].first_helper;
                links.at[helped as usize].first_helper = p as u16;
            }
        }
        // A box (C10) takes any number of moves: they neither bounce one
        // another nor attack (or cut, or dislodge) anything there.
        for b in &v.boxes {
            links.first_into[b.index()] = NONE;
        }
    }

    /// Part `p` joins the group of the earlier part `mate`, or (None)
    /// merges alone into its player's force.
    fn join(&mut self, p: usize, mate: Option<usize>) {
        let g = &mut self.at;
        let Some(q) = mate else {
            g[p].merging = true;
            return;
        };
        let leader = g[q].leader;
        g[p].leader = leader;
        let mut last = leader as usize;
        while g[last].next_member != NONE {
            last = g[last].next_member as usize;
        }
        g[last].next_member = p as u16;
        g[leader as usize].merging = true;
    }

    /// The parts of force `f` (the force's own part first).
    pub fn parts_of(&self, f: u16) -> impl Iterator<Item = u16> + '_ {
        std::iter::successors(Some(f), |&q| Some(self.at[q as usize].next_part).filter(|&x| x != NONE))
    }

    /// The members of group `g` (its leader first).
    pub fn members(&self, g: u16) -> impl Iterator<Item = u16> + '_ {
        std::iter::successors(Some(g), |&m| Some(self.at[m as usize].next_member).filter(|&x| x != NONE))
    }

    /// The part of force `force` whose plan fits (NONE: none).
    fn mover(&self, parts: &[Part], force: u16, fits: impl Fn(&Plan) -> bool) -> u16 {
        self.parts_of(force).find(|&q| fits(&parts[q as usize].plan)).unwrap_or(NONE)
    }
}
