//! What the Vedder games' victory tests share: a board of one power's
//! centres and armies, and 25 units that 24 centres (Alexandria double)
//! pay for.

use polemarch_engine::state::{Force, Kind, Position};
use polemarch_engine::variant::PowerId;
use polemarch_engine::Variant;

/// `power` owns every centre in `centres` and has an army in each province
/// of `armies`.
pub fn board(v: &Variant, power: PowerId, centres: &[&str], armies: &[&str]) -> Position {
    let mut pos = Position::start(v);
    pos.forces.clear();
    pos.owners.iter_mut().for_each(|o| *o = None);
    for c in centres {
        pos.owners[v.province_of(v.find_loc(c).unwrap()).index()] = Some(power);
    }
    for a in armies {
        pos.forces.push(Force::single(power, Kind::ARMY, v.find_loc(a).unwrap()));
    }
    pos.normalize();
    pos
}

/// Alexandria (2) and 23 single centres: 25 supply.
pub const CENTRES_25: [&str; 24] = [
    "alx", "cyr", "pto", "jer", "tyr", "sid", "cyp", "cre", "lep", "had", "car", "num", "syr", "sar", "spa", "kor",
    "ath", "pel", "lar", "epi", "eph", "per", "bos", "pon",
];

pub const ARMIES_25: [&str; 25] = [
    "alx", "cyr", "pto", "jer", "tyr", "sid", "cyp", "cre", "lep", "had", "car", "num", "syr", "sar", "spa", "kor",
    "ath", "pel", "lar", "epi", "eph", "per", "bos", "pon", "mar",
];
