//! Where forces can go, by the map's borders: the places next to a force,
//! and how many steps each province is from a set of targets. These only
//! rank candidates; whether an order is legal is the adjudicator's answer
//! (`legal.rs`).

use polemarch_engine::state::Force;
use polemarch_engine::variant::{LocId, ProvinceId};
use polemarch_engine::Variant;
use std::collections::VecDeque;

/// The locations a force may step to by its own borders (an army: the
/// neighbouring provinces; a fleet, or a force with a fleet: the
/// neighbouring locations along fleet borders).
pub fn steps(v: &Variant, f: &Force) -> Vec<LocId> {
    if f.is_fleet() {
        v.fleet_neighbours[f.loc.index()].clone()
    } else {
        v.army_neighbours[v.province_of(f.loc).index()].iter().copied().map(LocId::of_province).collect()
    }
}

/// The provinces a force may step into (a coast counted once).
pub fn reach(v: &Variant, f: &Force) -> Vec<ProvinceId> {
    let mut ps: Vec<ProvinceId> = steps(v, f).into_iter().map(|l| v.province_of(l)).collect();
    ps.dedup();
    ps.sort_unstable();
    ps.dedup();
    ps
}

/// Steps from every province to the nearest target, for armies (army
/// borders) and for fleets (fleet borders, by location); `u32::MAX` where
/// no target can be reached.
pub struct Distances {
    pub army: Vec<u32>,
    pub fleet: Vec<u32>,
    /// By any border, across seas too: how far an army is that needs a
    /// convoy (from an island, say).
    pub any: Vec<u32>,
}

impl Distances {
    pub fn to(v: &Variant, targets: &[ProvinceId]) -> Distances {
        let mut army = vec![u32::MAX; v.province_count()];
        let mut queue: VecDeque<usize> = VecDeque::new();
        for t in targets {
            army[t.index()] = 0;
            queue.push_back(t.index());
        }
        while let Some(p) = queue.pop_front() {
            for n in &v.army_neighbours[p] {
                if army[n.index()] == u32::MAX {
                    army[n.index()] = army[p] + 1;
                    queue.push_back(n.index());
                }
            }
        }
        // Fleet borders are symmetric: spread backwards from the targets'
        // locations (the province's own and its coasts).
        let mut fleet = vec![u32::MAX; v.locs.len()];
        for l in v.loc_ids() {
            if targets.contains(&v.province_of(l)) {
                fleet[l.index()] = 0;
                queue.push_back(l.index());
            }
        }
        while let Some(l) = queue.pop_front() {
            for n in &v.fleet_neighbours[l] {
                if fleet[n.index()] == u32::MAX {
                    fleet[n.index()] = fleet[l] + 1;
                    queue.push_back(n.index());
                }
            }
        }
        let mut any = vec![u32::MAX; v.province_count()];
        for t in targets {
            any[t.index()] = 0;
            queue.push_back(t.index());
        }
        while let Some(p) = queue.pop_front() {
            for n in v.province_ids().filter(|n| v.any_borders.get(p, n.index())) {
                if any[n.index()] == u32::MAX {
                    any[n.index()] = any[p] + 1;
                    queue.push_back(n.index());
                }
            }
        }
        Distances { army, fleet, any }
    }

    /// How far a force standing at `loc` is from the nearest target: an
    /// army that cannot walk there counts the way by sea, and one step more.
    pub fn of(&self, v: &Variant, f: &Force, loc: LocId) -> u32 {
        if f.is_fleet() {
            self.fleet[loc.index()]
        } else {
            let p = v.province_of(loc).index();
            if self.army[p] == u32::MAX {
                self.any[p].saturating_add(1)
            } else {
                self.army[p]
            }
        }
    }
}
