//! Merge groups (Multiplicity M6, M9): the moving parts of one player that
//! enter a province together as one force. MERGE orders into one province
//! form a group; a split part moved there joins it; parts of one force moved
//! to one province merge with each other. Every other move is a group of
//! its own.

use super::links::{PartLinks, NONE};
use super::plan::{Part, Plan};
use crate::variant::Variant;

/// Sets every part's group in its links (each part starts as its own
/// leader).
pub fn groups(v: &Variant, parts: &[Part], forces: usize, g: &mut [PartLinks]) {
    let n = parts.len();
    // Forces that split (or leave garrisons behind): parts past the forces
    // are their other parts.
    let mut split = vec![false; forces];
    for q in &parts[forces..] {
        split[q.force as usize] = true;
    }
    let any_split = n > forces;
    for p in 0..n {
        let Plan::Move { dest, merge, .. } = parts[p].plan else { continue };
        if !merge && !any_split {
            continue;
        }
        let side = v.player_of[parts[p].power as usize];
        let is_split = split[parts[p].force as usize];
        if !merge && !is_split {
            continue;
        }
        // The earlier part this one goes with, if any.
        let mate = (0..p).find(|&q| match parts[q].plan {
            Plan::Move { dest: d, merge: m, .. } if d == dest && v.player_of[parts[q].power as usize] == side => {
                let q_split = split[parts[q].force as usize];
                (merge && (m || q_split)) || (m && is_split) || (is_split && q_split && parts[q].force == parts[p].force)
            }
            _ => false,
        });
        if let Some(q) = mate {
            let leader = g[q].leader;
            g[p].leader = leader;
            let mut last = leader as usize;
            while g[last].next_member != NONE {
                last = g[last].next_member as usize;
            }
            g[last].next_member = p as u16;
            g[leader as usize].merging = true;
        } else if merge {
            g[p].merging = true;
        }
    }
}
