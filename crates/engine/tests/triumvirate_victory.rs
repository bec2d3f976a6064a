//! Triumvirate's victory (seeds/003_510582f0400fa4f9.txt, Triumvirate rule
//! 2, "the first player to have 25 fully self-supporting units on the
//! board. A tie results in a JOINT VICTORY"; rulings T10, D2): units
//! supported by the player's own centres after a Winter adjustment. The
//! Winter bonuses (the Dictator's and the Sole Consul's 3, T3, T5) pay for
//! units but are no centres: they do not make units "fully"
//! self-supporting.
//!
//! T10 is tested here, not in tests/cases/triumvirate/: the case format
//! describes one phase and has no key for a game's result.

use polemarch_engine::rules::{read_state, self_supporting_units, supplies, winners};
use polemarch_engine::state::{Force, Kind, Position};
use polemarch_engine::variant::{embedded_variant, PowerId};
use polemarch_engine::Variant;

fn tr() -> Variant {
    embedded_variant("triumvirate").expect("embedded").unwrap_or_else(|p| panic!("{p:?}"))
}

/// `power` owns every centre in `centres` and has an army in each province
/// of `armies`.
fn board(v: &Variant, power: PowerId, centres: &[&str], armies: &[&str]) -> Position {
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

/// 24 single centres and Alexandria (2): 26 supply for Egypt.
const CENTRES: [&str; 24] = [
    "alx", "cyr", "pto", "jer", "tyr", "sid", "cyp", "cre", "lep", "had", "car", "num", "syr", "sar", "spa", "kor", "ath", "pel", "lar", "epi", "eph", "per",
    "bos", "pon",
];

const ARMIES: [&str; 25] = [
    "alx", "cyr", "pto", "jer", "tyr", "sid", "cyp", "cre", "lep", "had", "car", "num", "syr", "sar", "spa", "kor", "ath", "pel", "lar", "epi", "eph", "per",
    "bos", "pon", "mar",
];

/// T10: 25 units paid by the player's own centres win after a Winter.
#[test]
fn twenty_five_fully_self_supporting_units_win() {
    let v = tr();
    let egypt = v.find_power("Egypt").unwrap();
    let pos = board(&v, egypt, &CENTRES, &ARMIES);
    assert_eq!(self_supporting_units(&v, &pos, egypt), 25);
    assert_eq!(winners(&v, &pos, true), [egypt]);
    assert!(winners(&v, &pos, false).is_empty());
}

/// T3, T10: Pompey, Dictator, with 22 centres' worth and 25 units: the +3
/// pays for all 25 in the Winter, but only 22 are fully self-supporting:
/// no victory.
#[test]
fn the_dictators_bonus_does_not_win() {
    let v = tr();
    let pompey = v.find_power("Pompey").unwrap();
    let mut pos = board(&v, pompey, &CENTRES[2..], &ARMIES);
    pos.state = read_state(&v, [("dictator", "Pompey")]).unwrap();
    // Alexandria is gone with the first two: 22 single centres.
    assert_eq!(supplies(&v, &pos)[pompey.index()], 2 * 25);
    assert_eq!(self_supporting_units(&v, &pos, pompey), 22);
    assert!(winners(&v, &pos, true).is_empty());
}
