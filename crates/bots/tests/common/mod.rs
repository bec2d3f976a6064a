//! Small positions of standard Diplomacy for the bots' tactics tests.

use polemarch_engine::state::{Force, Kind};
use polemarch_engine::variant::embedded_variant;
use polemarch_engine::{Position, Variant};

pub fn standard() -> Variant {
    embedded_variant("standard").unwrap().unwrap()
}

/// An Autumn 1901 position with the start's centre owners and only these
/// units.
pub fn autumn(v: &Variant, units: &[(&str, Kind, &str)]) -> Position {
    let mut pos = Position::start(v);
    pos.phase = v.calendar.parse_phase("Autumn 1901, Movement").unwrap();
    pos.forces = units
        .iter()
        .map(|&(power, kind, loc)| Force::single(v.find_power(power).unwrap(), kind, v.find_loc(loc).unwrap()))
        .collect();
    pos.normalize();
    pos
}
