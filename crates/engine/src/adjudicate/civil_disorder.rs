//! Civil disorder (DATC 4.D.8, 2023 rulebook): a power that orders too few
//! removals loses the units farthest from its nearest owned centre, counting
//! moves over land and sea alike; ties go fleets first, then by province
//! name in alphabetical order.

use crate::state::{Force, Position};
use crate::variant::{PowerId, Variant};

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

/// The forces removed for `power`, which must remove `halves` of upkeep.
pub fn civil_disorder(v: &Variant, pos: &Position, power: PowerId, halves: i32) -> Vec<Force> {
    let dist = distances(v, pos, power);
    let mut mine: Vec<&Force> = pos.forces.iter().filter(|f| f.power == power).collect();
    mine.sort_by_key(|f| {
        let p = v.province_of(f.loc);
        (std::cmp::Reverse(dist[p as usize]), !f.is_fleet(), v.province(p).name.to_lowercase())
    });
    let mut removed = Vec::new();
    let mut left = halves;
    for f in mine {
        if left <= 0 {
            break;
        }
        left -= f.components.iter().map(|c| super::adjustment::upkeep(c.kind)).sum::<i32>();
        removed.push(f.clone());
    }
    removed
}
