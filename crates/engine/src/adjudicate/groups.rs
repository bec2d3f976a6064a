//! Merge groups (Multiplicity M6, M9): the moving parts of one player that
//! enter a province together as one force. MERGE orders into one province
//! form a group; a split part moved there joins it; parts of one force moved
//! to one province merge with each other. Every other move is a group of
//! its own.

use super::plan::{Part, Plan};

/// Finds the groups: calls `join(p, mate)`, in part order, for every moving
/// part that goes with an earlier part `mate` (Some) or merges alone into
/// its player's force (None). `merges`: whether the variant reads MERGE
/// orders (where it does not, no move merges: `plan` calls a MERGE illegal
/// there). `split`: a list to work in (any contents), kept by the caller
/// from phase to phase.
// (Inline: its standard case is one test, and out of line, as LLVM once
// compiled it after a change elsewhere, it cost 220 more an opening.)
#[inline(always)]
pub fn groups(
    parts: &[Part],
    forces: usize,
    merges: bool,
    split: &mut Vec<bool>,
    mut join: impl FnMut(usize, Option<usize>),
) {
    let n = parts.len();
    let any_split = n > forces;
    let merging = |parts: &[Part]| parts.iter().any(|p| matches!(p.plan, Plan::Move { merge: true, .. }));
    debug_assert!(merges || !merging(parts), "a merge planned where MERGE is not read");
    // (Where no MERGE is read, not looked for in every part: some 130
    // instructions an opening, issue 31.)
    if !(any_split || merges && merging(parts)) {
        // Every move is a group of its own (standard Diplomacy).
        return;
    }
    // Forces that split (or leave garrisons behind): parts past the forces
    // are their other parts.
    split.clear();
    split.resize(forces, false);
    for q in &parts[forces..] {
        split[q.force as usize] = true;
    }
    for p in 0..n {
        let Plan::Move { dest, merge, .. } = parts[p].plan else { continue };
        if !merge && !any_split {
            continue;
        }
        let side = parts[p].side;
        let is_split = split[parts[p].force as usize];
        if !merge && !is_split {
            continue;
        }
        // The earlier part this one goes with, if any.
        let mate = (0..p).find(|&q| match parts[q].plan {
            Plan::Move { dest: d, merge: m, .. } if d == dest && parts[q].side == side => {
                let q_split = split[parts[q].force as usize];
                (merge && (m || q_split))
                    || (m && is_split)
                    || (is_split && q_split && parts[q].force == parts[p].force)
            }
            _ => false,
        });
        if mate.is_some() || merge {
            join(p, mate);
        }
    }
}
