//! Arrays for learning, as plain lists of numbers (NumPy-free; the Python
//! side turns them into arrays where NumPy is installed): the variant's
//! provinces, locations, powers and adjacency, and a position encoded by
//! province (docs/python.md, "Arrays for learning").

use polemarch_engine::state::Force;
use polemarch_engine::variant::PowerId;
use polemarch_engine::{Position, Variant};
use pyo3::prelude::*;
use serde_json::{json, Value};

/// The variant's map as lists: indices into `provinces` (0..P), into
/// `locations` (0..L: the provinces first, then the coasts) and into
/// `powers`.
pub fn lists(v: &Variant) -> Value {
    let provinces: Vec<String> = v.provinces.iter().map(|p| p.abbr.to_uppercase()).collect();
    let locations: Vec<String> = v.loc_ids().map(|l| v.loc_abbr(l).to_uppercase()).collect();
    let mut army = Vec::new();
    for a in v.province_ids() {
        for &b in &v.army_neighbours[a.index()] {
            army.push([a.index(), b.index()]);
        }
    }
    let mut fleet = Vec::new();
    for a in v.loc_ids() {
        for &b in &v.fleet_neighbours[a.index()] {
            fleet.push([a.index(), b.index()]);
        }
    }
    json!({
        "variant": v.id,
        "provinces": provinces,
        "province_names": v.provinces.iter().map(|p| p.name.clone()).collect::<Vec<_>>(),
        "terrain": v.provinces.iter().map(|p| p.terrain.name()).collect::<Vec<_>>(),
        "centre_values": v.provinces.iter().map(|p| p.centre).collect::<Vec<_>>(),
        "locations": locations,
        "location_province": v.loc_ids().map(|l| v.province_of(l).index()).collect::<Vec<_>>(),
        "powers": v.powers.iter().map(|p| p.name.to_uppercase()).collect::<Vec<_>>(),
        "homes": v.powers.iter().map(|p| p.homes.iter().map(|h| h.index()).collect::<Vec<_>>()).collect::<Vec<_>>(),
        "unit_kinds": v.kinds.iter().map(|k| k.letter()).collect::<Vec<_>>(),
        "army_adjacency": army,
        "fleet_adjacency": fleet,
    })
}

/// The index of a force's kind in `v.kinds` (the first component's, for
/// a force of several), -1 for none.
fn kind_index(v: &Variant, f: Option<&Force>) -> i64 {
    f.and_then(|f| f.components.first())
        .and_then(|c| v.kinds.iter().position(|&k| k == c.kind))
        .map_or(-1, |i| i as i64)
}

fn power_index(p: Option<PowerId>) -> i64 {
    p.map_or(-1, |p| p.index() as i64)
}

/// One entry per province: the unit there (its kind as an index into
/// `unit_kinds`, its power, its strength and location), the unit dislodged
/// from there, the centre's owner; -1 for none.
pub fn board_state(v: &Variant, pos: &Position) -> Value {
    let n = v.province_count();
    let mut unit_kind = vec![-1i64; n];
    let mut unit_power = vec![-1i64; n];
    let mut unit_strength = vec![0i64; n];
    let mut unit_location = vec![-1i64; n];
    let mut dislodged_kind = vec![-1i64; n];
    let mut dislodged_power = vec![-1i64; n];
    for f in &pos.forces {
        let p = v.province_of(f.loc).index();
        // A box holds several forces: the first is written.
        if unit_power[p] < 0 {
            unit_kind[p] = kind_index(v, Some(f));
            unit_power[p] = power_index(Some(f.power));
            unit_strength[p] = f.strength() as i64;
            unit_location[p] = f.loc.index() as i64;
        }
    }
    for d in &pos.dislodged {
        let p = v.province_of(d.force.loc).index();
        dislodged_kind[p] = kind_index(v, Some(&d.force));
        dislodged_power[p] = power_index(Some(d.force.power));
    }
    let owner: Vec<i64> = pos.owners.iter().map(|&o| power_index(o)).collect();
    json!({
        "phase": polemarch_engine::replay::mila_phase_name(v, pos.phase),
        "unit_kind": unit_kind,
        "unit_power": unit_power,
        "unit_strength": unit_strength,
        "unit_location": unit_location,
        "dislodged_kind": dislodged_kind,
        "dislodged_power": dislodged_power,
        "centre_owner": owner,
    })
}

/// The map of variant `variant` as plain lists (provinces, locations,
/// powers, homes, unit kinds, army and fleet adjacency as index pairs).
#[pyfunction]
#[pyo3(name = "map_info", signature = (variant="standard"))]
pub fn map_info(py: Python<'_>, variant: &str) -> PyResult<PyObject> {
    let v = crate::load::variant(variant, None)?;
    crate::convert::to_py(py, &lists(&v))
}
