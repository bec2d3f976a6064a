//! Civil disorder (DATC 4.D.8): a power that orders too few removals loses
//! the units farthest from its centres, as the edition counts distance
//! (`rules::CivilDisorder`); ties go fleets first, then by province name in
//! alphabetical order, or by abbreviation as godip did (`DisorderTies`).

use super::removal::{component_to_remove, take_component};
use crate::rules::{CivilDisorder, DisorderTies};
use crate::state::{Force, Kind, Position};
use crate::variant::{BitMatrix, LocId, PowerId, ProvinceId, Variant};
use std::borrow::Cow;

/// Distances in moves over `borders` (between provinces, or between
/// locations for fleets) from the places `from` marks.
fn spread(borders: &BitMatrix, n: usize, from: impl Fn(usize) -> bool) -> Vec<u32> {
    let mut dist = vec![u32::MAX; n];
    // Each place joins the queue once, when its distance is set; those
    // before `next` have been left.
    let mut queue = Vec::with_capacity(n);
    for p in (0..n).filter(|&p| from(p)) {
        dist[p] = 0;
        queue.push(p);
    }
    let mut next = 0;
    while let Some(&a) = queue.get(next) {
        next += 1;
        for b in borders.row(a) {
            if dist[b] == u32::MAX {
                dist[b] = dist[a] + 1;
                queue.push(b);
            }
        }
    }
    dist
}

/// Distance in moves from every province to the nearest centre `power` owns.
pub fn distances(v: &Variant, pos: &Position, power: PowerId) -> Vec<u32> {
    spread(&v.any_borders, v.province_count(), |p| pos.owners[p] == Some(power))
}

/// A power's distances from its home centres: by province over any
/// border, and by location over fleet borders. They depend on the map
/// alone, so they are found once a variant (`home_distances`), not in
/// every adjustment that has a power in disorder.
#[derive(Clone, Debug)]
pub struct HomeDistances {
    by_land: Vec<u32>,
    by_sea: Vec<u32>,
}

/// `power`'s distances from its home centres, found for every power the
/// first time any is asked.
fn home_distances(v: &Variant, power: PowerId) -> &HomeDistances {
    let all = v.home_distances.get_or_init(|| {
        (0..v.powers.len())
            .map(|i| {
                let home = |p: usize| v.home_of(ProvinceId::new(p)) == Some(PowerId::new(i));
                HomeDistances {
                    by_land: spread(&v.any_borders, v.province_count(), home),
                    by_sea: spread(&v.fleet_borders, v.locs.len(), |l| home(v.province_of(LocId::new(l)).index())),
                }
            })
            .collect()
    });
    &all[power.index()]
}

/// How far each of `power`'s forces is, as the edition counts it.
fn farness<'v>(v: &'v Variant, pos: &Position, power: PowerId) -> impl Fn(&Force) -> u32 + 'v {
    let (by_land, by_sea): (Cow<'v, [u32]>, Option<&'v [u32]>) = match v.rules.edition.civil_disorder {
        CivilDisorder::NearestOwnedCentre => (distances(v, pos, power).into(), None),
        CivilDisorder::NearestHomeCentre => (home_distances(v, power).by_land.as_slice().into(), None),
        CivilDisorder::NearestHomeCentreFleetsBySea => {
            let home = home_distances(v, power);
            (home.by_land.as_slice().into(), Some(home.by_sea.as_slice()))
        }
    };
    move |f: &Force| match by_sea {
        Some(by_sea) if f.is_fleet() => by_sea[f.loc.index()],
        _ => by_land[v.province_of(f.loc).index()],
    }
}

/// The order in which civil disorder takes `power`'s forces: the smallest
/// key first (the farthest, fleets before armies, then by province name).
fn disorder_order<'v>(v: &'v Variant, pos: &Position, power: PowerId) -> impl Fn(&Force) -> DisorderKey<'v> + 'v {
    let far = farness(v, pos, power);
    let ties = v.rules.edition.disorder_ties;
    move |f: &Force| {
        let province = v.province(v.province_of(f.loc));
        let (name, coast) = match ties {
            DisorderTies::ProvinceName => (province.name.as_str(), None),
            DisorderTies::ProvinceId => (province.abbr.as_str(), v.loc(f.loc).coast.as_deref()),
        };
        DisorderKey { far: std::cmp::Reverse(far(f)), army: !f.is_fleet(), name, coast }
    }
}

/// A force's place in civil disorder's order. The tie is the name in lower
/// case, with `/` and the coast after it where there is one (`stp/nc`),
/// compared as text; ASCII names are compared byte by byte, as they stand,
/// without writing them out (a key is made for each force each time a
/// unit is taken).
struct DisorderKey<'v> {
    far: std::cmp::Reverse<u32>,
    army: bool,
    name: &'v str,
    coast: Option<&'v str>,
}

impl DisorderKey<'_> {
    fn tie(&self) -> String {
        let name = self.name.to_lowercase();
        match self.coast {
            Some(c) => format!("{name}/{c}"),
            None => name,
        }
    }

    fn tie_bytes(&self) -> impl Iterator<Item = u8> + '_ {
        let coast = self.coast.into_iter().flat_map(|c| std::iter::once(b'/').chain(c.bytes()));
        self.name.bytes().map(|b| b.to_ascii_lowercase()).chain(coast)
    }
}

impl Ord for DisorderKey<'_> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.far, self.army).cmp(&(other.far, other.army)).then_with(|| {
            if self.name.is_ascii() && other.name.is_ascii() {
                self.tie_bytes().cmp(other.tie_bytes())
            } else {
                self.tie().cmp(&other.tie())
            }
        })
    }
}

impl PartialEq for DisorderKey<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other).is_eq()
    }
}

impl Eq for DisorderKey<'_> {}

impl PartialOrd for DisorderKey<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// The force of `power` holding one of its components of `kind` that civil
/// disorder would take first (City State C3: the fleet a power with no
/// port must disband when it names none); its index.
pub fn first_in_disorder(v: &Variant, pos: &Position, power: PowerId, kind: Kind) -> Option<usize> {
    let key = disorder_order(v, pos, power);
    let holds = |f: &Force| f.components.iter().any(|c| c.kind == kind && c.power == power && !c.free);
    (0..pos.forces.len()).filter(|&i| holds(&pos.forces[i])).min_by_key(|&i| key(&pos.forces[i]))
}

/// Removes components of `power` until `halves` of upkeep are gone, one at a
/// time (M12; in standard Diplomacy a force is one component): from the
/// force farthest (`farness`), fleets before armies (then by
/// province name); within a force as `component_to_remove` says. Returns
/// what was removed, where.
pub fn civil_disorder(v: &Variant, pos: &mut Position, power: PowerId, halves: i32) -> Vec<(LocId, Kind)> {
    let key = disorder_order(v, pos, power);
    let mut removed = Vec::new();
    let mut left = halves;
    while left > 0 {
        // With `wanted`, only a component of that kind.
        let removable = |wanted: Option<Kind>| {
            let forces = &pos.forces;
            let take =
                |i: usize| component_to_remove(v, &forces[i], power, wanted).filter(|&k| wanted.is_none_or(|w| w == k));
            (0..forces.len()).filter_map(|i| take(i).map(|k| (i, k))).min_by_key(|&(i, _)| key(&forces[i]))
        };
        // T4: a personal unit goes last, when nothing else is left.
        let Some((i, kind)) = removable(None).or_else(|| v.rules.removed_last().and_then(|k| removable(Some(k))))
        else {
            break;
        };
        let loc = pos.forces[i].loc;
        left -= take_component(v, pos, i, power, kind);
        removed.push((loc, kind));
    }
    removed
}
