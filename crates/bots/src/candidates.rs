//! Candidate orders: for each force, every order of every kind the variant
//! has that could make sense where it stands (hold, moves, moves by
//! convoy, supports, convoys, a siege's raise, MERGE/SPLIT, SACK,
//! DESTROY/REBUILD), built from the map's borders. Many are illegal; the
//! adjudicator sorts them out (`legal.rs`), so no rule is repeated here.
//! Each is listed in a compact form (`candidate`), not as an `Order`.

pub use crate::candidate::unit_ref;
use crate::candidate::{Candidate, What};
use crate::geometry::{each_step, steps};
use polemarch_engine::order::Action;
use polemarch_engine::rules::{Delphi, Destroy, Rebuild};
use polemarch_engine::state::{Components, Force, Moves};
use polemarch_engine::variant::{bits, LocId, ProvinceId};
use polemarch_engine::{Position, Variant};

/// At most this many destinations by convoy per army for the bots (the
/// nearest seas' coasts come first).
const CONVOY_DESTINATIONS: usize = 8;

/// What a variant's mechanics add to the orders a force may be given in a
/// movement phase, read once per position.
pub struct Extras {
    merge_split: bool,
    sack: Option<ProvinceId>,
    destroy: bool,
    rebuild: bool,
    /// At most this many destinations by convoy per army.
    convoy_destinations: usize,
}

impl Extras {
    pub fn of(v: &Variant) -> Extras {
        Extras {
            merge_split: v.rules.allows(&Action::Split { parts: Vec::new() }),
            sack: v.rules.get::<Delphi>().map(|d| d.0),
            destroy: v.rules.plays::<Destroy>(),
            rebuild: v.rules.plays::<Rebuild>(),
            convoy_destinations: CONVOY_DESTINATIONS,
        }
    }

    /// The same, with every destination by convoy (for a full list of the
    /// legal orders).
    pub fn every_convoy(v: &Variant) -> Extras {
        Extras { convoy_destinations: usize::MAX, ..Extras::of(v) }
    }
}

/// What every force's candidates read of the others, made once per
/// position: which forces stand in or may step into each province (bits
/// by force), and the seas a fleet stands at.
pub struct Around {
    /// Words of bits a province's row takes.
    words: usize,
    /// By province, a row of bits: the forces that stand in it or may step
    /// into it.
    touched_by: Vec<u64>,
    /// By province: a fleet stands there (a force with a fleet component).
    fleet: Vec<bool>,
}

impl Around {
    /// `reaches[j]` is `reach` of force `j`.
    pub fn of(v: &Variant, pos: &Position, reaches: &[Vec<ProvinceId>]) -> Around {
        let words = pos.forces.len().div_ceil(64);
        let mut touched_by = vec![0; words * v.province_count()];
        let mut fleet = vec![false; v.province_count()];
        for (j, f) in pos.forces.iter().enumerate() {
            let here = v.province_of(f.loc);
            for &p in reaches[j].iter().chain([&here]) {
                touched_by[p.index() * words + j / 64] |= 1 << (j % 64);
            }
            fleet[here.index()] |= has_fleet(f);
        }
        Around { words, touched_by, fleet }
    }

    /// Adds to `near` (bits by force) the forces that stand in or may step
    /// into province `p`.
    fn add_touching(&self, p: ProvinceId, near: &mut [u64]) {
        let row = &self.touched_by[p.index() * self.words..(p.index() + 1) * self.words];
        near.iter_mut().zip(row).for_each(|(a, b)| *a |= b);
    }

    /// Does a fleet stand at this sea (one that convoys)?
    fn fleet_at(&self, v: &Variant, p: ProvinceId) -> bool {
        v.province(p).terrain.convoys() && self.fleet[p.index()]
    }
}

/// What one force's candidates are worked out in, kept from force to
/// force (`movement`): each is left as it was found (all false, empty),
/// but `near`, made afresh for each force.
#[derive(Default)]
pub struct Scratch {
    /// By province: the force may step there.
    reached: Vec<bool>,
    /// By force, as bits: it stands in or may step into a province the
    /// force may step into.
    near: Vec<u64>,
    /// By province: met by the convoy search.
    seen: Vec<bool>,
    frontier: Vec<ProvinceId>,
    /// The seas the convoy search met (the next round's among them while
    /// it is found), to be unmarked in `seen` after.
    met: Vec<ProvinceId>,
    /// The convoy search's coasts.
    coasts: Vec<LocId>,
}

/// Every candidate order of `pos.forces[i]` in a movement phase; the hold
/// first. `reaches[j]` is `reach` of force `j`, `around` made of them;
/// worked out in `scratch` (kept from force to force).
pub fn movement(
    v: &Variant,
    pos: &Position,
    extras: &Extras,
    reaches: &[Vec<ProvinceId>],
    around: &Around,
    i: usize,
    scratch: &mut Scratch,
) -> Vec<Candidate> {
    let f = &pos.forces[i];
    let here = v.province_of(f.loc);
    // Room for the usual count (a hold, a few moves, a few dozen supports)
    // without growing.
    let mut out = Vec::with_capacity(48);
    out.push(Candidate::just(What::Hold));
    out.extend(each_step(v, f).map(|to| Candidate::to(What::Move, to)));
    if f.is_army() {
        by_convoy(v, around, f, extras.convoy_destinations, scratch);
        out.extend(scratch.coasts.iter().map(|&to| Candidate::to(What::MoveByConvoy, to)));
        // A siege raised (City State C8): `A pav R lod` where lod's walls
        // hold a unit.
        for &p in &reaches[i] {
            if v.province(p).walls.is_some_and(|w| pos.force_in(v, w).is_some()) {
                out.push(Candidate::to(What::Retreat, LocId::of_province(p)));
            }
        }
    }
    if extras.sack == Some(here) {
        out.push(Candidate::just(What::Sack));
    }
    if v.is_centre(here) {
        if extras.destroy {
            out.push(Candidate::just(What::Destroy));
        }
        if extras.rebuild {
            out.push(Candidate::just(What::Rebuild));
        }
    }
    if extras.merge_split {
        out.extend(each_step(v, f).map(|to| Candidate::to(What::Merge, to)));
        out.extend(reaches[i].iter().map(|&p| Candidate::to(What::SupportMerge, LocId::of_province(p))));
        if f.components.len() > 1 {
            out.extend(splits(v, f));
        }
    }
    // Where this force may step, by province (one look-up, not a search
    // of `reaches[i]`, for each other force's each step), and the forces
    // that stand or may step there (the others have nothing to support).
    let Scratch { reached, near, .. } = scratch;
    reached.resize(v.province_count(), false);
    near.clear();
    near.resize(around.words, 0);
    for &p in &reaches[i] {
        reached[p.index()] = true;
        around.add_touching(p, near);
    }
    for j in bits::ones(near) {
        if j == i {
            continue;
        }
        let g = &pos.forces[j];
        let there = v.province_of(g.loc);
        if reached[there.index()] {
            out.push(Candidate::naming(What::SupportHold, j, LocId(0)));
        }
        for &d in reaches[j].iter().filter(|&&d| d != here && reached[d.index()]) {
            out.push(Candidate::naming(What::SupportMove, j, LocId::of_province(d)));
        }
    }
    for p in &reaches[i] {
        reached[p.index()] = false;
    }
    if f.is_fleet() && v.province(here).terrain.convoys() {
        out.extend(convoys(v, pos, f));
    }
    out
}

/// One component of each moving kind split off to each neighbour; the rest
/// holds.
fn splits(v: &Variant, f: &Force) -> Vec<Candidate> {
    let mut out = Vec::new();
    let mut kinds: Vec<_> = f.components.iter().filter(|c| c.kind.row().moves()).map(|c| c.kind).collect();
    kinds.sort_unstable();
    kinds.dedup();
    for kind in kinds {
        let k = f.components.iter().position(|c| c.kind == kind).expect("a component of the kind");
        let part = Force { loc: f.loc, power: f.power, components: Components::from_slice(&[f.components[k]]) };
        out.extend(steps(v, &part).into_iter().map(|to| Candidate::naming(What::Split, k, to)));
    }
    out
}

fn has_fleet(f: &Force) -> bool {
    f.components.iter().any(|c| c.kind.row().moves == Moves::Fleet)
}

/// Coasts an army could reach by a chain of fleets at sea standing there
/// now, nearest first; at most `limit` of them: into `scratch.coasts`.
fn by_convoy(v: &Variant, around: &Around, army: &Force, limit: usize, scratch: &mut Scratch) {
    let Scratch { seen, frontier, met, coasts: out, .. } = scratch;
    out.clear();
    let here = v.province_of(army.loc);
    if !v.province(here).terrain.shore() {
        return;
    }
    let fleet_at = |p: ProvinceId| around.fleet_at(v, p);
    seen.resize(v.province_count(), false);
    seen[here.index()] = true;
    let borders = |p: ProvinceId| v.any_borders.row(p.index()).map(ProvinceId::new);
    frontier.clear();
    frontier.extend(borders(here).filter(|&p| fleet_at(p)));
    met.clear();
    while !frontier.is_empty() && out.len() < limit {
        for &sea in frontier.iter() {
            seen[sea.index()] = true;
        }
        met.extend_from_slice(frontier);
        let start = met.len();
        for &sea in frontier.iter() {
            for p in borders(sea).filter(|&p| !seen[p.index()]) {
                if fleet_at(p) {
                    met.push(p);
                } else if v.province(p).terrain.shore() && !out.contains(&LocId::of_province(p)) {
                    out.push(LocId::of_province(p));
                }
            }
        }
        frontier.clear();
        frontier.extend_from_slice(&met[start..]);
        met.truncate(start);
        frontier.sort_unstable();
        frontier.dedup();
    }
    seen[here.index()] = false;
    for p in met.iter() {
        seen[p.index()] = false;
    }
    out.truncate(limit);
}

/// A fleet at sea convoys an army on a neighbouring shore to another shore
/// of the same sea.
fn convoys(v: &Variant, pos: &Position, fleet: &Force) -> Vec<Candidate> {
    let sea = v.province_of(fleet.loc).index();
    let shores: Vec<ProvinceId> =
        v.any_borders.row(sea).map(ProvinceId::new).filter(|p| v.province(*p).terrain.shore()).collect();
    let mut out = Vec::new();
    for (j, g) in pos.forces.iter().enumerate().filter(|(_, g)| g.is_army() && shores.contains(&v.province_of(g.loc))) {
        for &d in shores.iter().filter(|&&d| d != v.province_of(g.loc)) {
            out.push(Candidate::naming(What::Convoy, j, LocId::of_province(d)));
        }
    }
    out
}
