//! What the whole-game tests share: reading a record, and the way a plain
//! scripted player finds its next step.
#![allow(dead_code)]

use polemarch_engine::game::GameRecord;
use polemarch_engine::state::Force;
use polemarch_engine::variant::{LocId, ProvinceId};
use polemarch_engine::{Position, Variant};
use std::collections::{HashSet, VecDeque};

pub fn record(file: &str) -> GameRecord {
    serde_json::from_str(&std::fs::read_to_string(file).unwrap()).expect("the record is valid JSON")
}

/// Where a force can go next: locations by its own borders.
pub fn steps(v: &Variant, at: LocId, fleet: bool) -> Vec<LocId> {
    if fleet {
        v.fleet_neighbours[at.index()].clone()
    } else {
        v.army_neighbours[v.province_of(at).index()].iter().copied().map(LocId::of_province).collect()
    }
}

/// The first step of a shortest way from `from` to any target province,
/// passing only through empty provinces.
pub fn first_step(v: &Variant, pos: &Position, from: LocId, fleet: bool, targets: &HashSet<ProvinceId>) -> Option<LocId> {
    let mut seen = HashSet::from([from]);
    let mut queue = VecDeque::from([(from, None)]);
    while let Some((here, first)) = queue.pop_front() {
        if first.is_some() && targets.contains(&v.province_of(here)) {
            return first;
        }
        if first.is_some() && pos.force_in(v, v.province_of(here)).is_some() {
            continue;
        }
        for s in steps(v, here, fleet) {
            if seen.insert(s) {
                queue.push_back((s, first.or(Some(s))));
            }
        }
    }
    None
}

/// A unit as orders write it: `A par`, `F stp/nc`.
pub fn unit(v: &Variant, f: &Force) -> String {
    format!("{} {}", if f.is_fleet() { "F" } else { "A" }, v.loc_abbr(f.loc))
}
