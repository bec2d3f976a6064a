//! Civil disorder (DATC 4.D.8, 2023 rulebook): a power that orders too few
//! removals loses the units farthest from its nearest owned centre, counting
//! moves over land and sea alike; ties go fleets first, then by province
//! name in alphabetical order.

use super::removal::{component_to_remove, take_component};
use crate::state::{Force, Kind, Position};
use crate::variant::{LocId, PowerId, Variant};

/// Distance in moves from every province to the nearest centre `power` owns.
pub fn distances(v: &Variant, pos: &Position, power: PowerId) -> Vec<u32> {
    let n = v.province_count();
    let mut dist = vec![u32::MAX; n];
    let mut queue = std::collections::VecDeque::new();
    for p in 0..n {
        if pos.owners[p] == Some(power) {
            dist[p] = 0;
            queue.push_back(p);
        }
    }
    while let Some(a) = queue.pop_front() {
        for b in 0..n {
            if dist[b] == u32::MAX && v.any_borders.get(a, b) {
                dist[b] = dist[a] + 1;
                queue.push_back(b);
            }
        }
    }
    dist
}

/// Removes components of `power` until `halves` of upkeep are gone, one at a
/// time (M12; in standard Diplomacy a force is one component): from the
/// force farthest from an owned centre, fleets before armies (then by
/// province name); within a force as `component_to_remove` says. Returns
/// what was removed, where.
pub fn civil_disorder(v: &Variant, pos: &mut Position, power: PowerId, halves: i32) -> Vec<(LocId, Kind)> {
    let dist = distances(v, pos, power);
    let key = |f: &Force| {
        let p = v.province_of(f.loc);
        (std::cmp::Reverse(dist[p.index()]), !f.is_fleet(), v.province(p).name.to_lowercase())
    };
    let mut removed = Vec::new();
    let mut left = halves;
    while left > 0 {
        let removable = (0..pos.forces.len()).filter_map(|i| component_to_remove(v, &pos.forces[i], power, None).map(|kind| (i, kind)));
        let Some((i, kind)) = removable.min_by_key(|&(i, _)| key(&pos.forces[i])) else { break };
        let loc = pos.forces[i].loc;
        left -= take_component(v, pos, i, power, kind);
        removed.push((loc, kind));
    }
    removed
}
