//! Where forces can go, by the map's borders: the places next to a force,
//! and how many steps each province is from a set of targets. These only
//! rank candidates; whether an order is legal is the adjudicator's answer
//! (`legal.rs`).

use polemarch_engine::state::Force;
use polemarch_engine::variant::{LocId, ProvinceId};
use polemarch_engine::Variant;
use std::collections::VecDeque;

/// A force's own borders: a fleet's (or a force's with a fleet) by its
/// location, along fleet borders; an army's by its province.
enum Borders<'v> {
    Fleet(&'v [LocId]),
    Army(&'v [ProvinceId]),
}

fn borders<'v>(v: &'v Variant, f: &Force) -> Borders<'v> {
    if f.is_fleet() {
        Borders::Fleet(&v.fleet_neighbours[f.loc.index()])
    } else {
        Borders::Army(&v.army_neighbours[v.province_of(f.loc).index()])
    }
}

/// The locations a force may step to by its own borders (an army: the
/// neighbouring provinces; a fleet, or a force with a fleet: the
/// neighbouring locations along fleet borders).
pub fn steps(v: &Variant, f: &Force) -> Vec<LocId> {
    each_step(v, f).collect()
}

/// `steps`, one after another (no list made).
pub fn each_step<'v>(v: &'v Variant, f: &Force) -> impl Iterator<Item = LocId> + 'v {
    let (locs, provinces): (&[LocId], &[ProvinceId]) = match borders(v, f) {
        Borders::Fleet(locs) => (locs, &[]),
        Borders::Army(provinces) => (&[], provinces),
    };
    locs.iter().copied().chain(provinces.iter().copied().map(LocId::of_province))
}

/// The provinces a force may step into (a coast counted once).
pub fn reach(v: &Variant, f: &Force) -> Vec<ProvinceId> {
    let mut ps: Vec<ProvinceId> = match borders(v, f) {
        Borders::Fleet(locs) => locs.iter().map(|&l| v.province_of(l)).collect(),
        Borders::Army(provinces) => provinces.to_vec(),
    };
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
        let mut target = vec![false; v.province_count()];
        for t in targets {
            target[t.index()] = true;
        }
        let at_target = |p: ProvinceId| target[p.index()];
        let army = spread(
            v.province_count(),
            |p| at_target(ProvinceId::new(p)),
            |p| v.army_neighbours[p].iter().map(|n| n.index()),
        );
        // Fleet borders are symmetric: spread backwards from the targets'
        // locations (the province's own and its coasts).
        let fleet = spread(
            v.locs.len(),
            |l| at_target(v.province_of(LocId(l as u16))),
            |l| v.fleet_neighbours[l].iter().map(|n| n.index()),
        );
        // The any-borders are the army borders and the fleet borders of
        // the province's locations (as the variant draws them): read from
        // the neighbour lists, not from a row of the whole matrix.
        let any = spread(
            v.province_count(),
            |p| at_target(ProvinceId::new(p)),
            |p| {
                let p = ProvinceId::new(p);
                let locs = std::iter::once(LocId::of_province(p)).chain(v.province(p).coasts.iter().copied());
                let by_sea = locs.flat_map(|l| v.fleet_neighbours[l.index()].iter().map(|&b| v.province_of(b).index()));
                v.army_neighbours[p.index()].iter().map(|n| n.index()).chain(by_sea)
            },
        );
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

/// Steps from each of `n` places to the nearest start (`u32::MAX` where
/// none can be reached), a breadth-first search along `next`.
fn spread<I: IntoIterator<Item = usize>>(
    n: usize,
    start: impl Fn(usize) -> bool,
    next: impl Fn(usize) -> I,
) -> Vec<u32> {
    let mut dist = vec![u32::MAX; n];
    let mut queue: VecDeque<usize> = (0..n).filter(|&i| start(i)).collect();
    for &i in &queue {
        dist[i] = 0;
    }
    while let Some(i) = queue.pop_front() {
        for j in next(i) {
            if dist[j] == u32::MAX {
                dist[j] = dist[i] + 1;
                queue.push_back(j);
            }
        }
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::{spread, Distances};
    use polemarch_engine::variant::{embedded_ids, embedded_variant, ProvinceId};

    /// The steps by any border, read from the neighbour lists, are those
    /// of the any-border matrix, on every map, to every centre and to each
    /// single province.
    #[test]
    fn any_border_steps_are_the_matrix_steps() {
        for id in embedded_ids() {
            let v = &embedded_variant(id).unwrap().unwrap();
            let n = v.province_count();
            let centres: Vec<ProvinceId> = (0..n).map(ProvinceId::new).filter(|&p| v.is_centre(p)).collect();
            let singles = (0..n).map(|p| vec![ProvinceId::new(p)]);
            for targets in std::iter::once(centres).chain(singles) {
                let matrix = spread(
                    n,
                    |p| targets.contains(&ProvinceId::new(p)),
                    |p| (0..n).filter(move |&q| v.any_borders.get(p, q)),
                );
                assert_eq!(Distances::to(v, &targets).any, matrix, "{id}, targets {targets:?}");
            }
        }
    }
}
