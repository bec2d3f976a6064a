//! Diadochi V's victory (seeds/003_510582f0400fa4f9.txt, Diadochi V rule 2,
//! "the first Power to have 25 self-supporting units on the board. A tie
//! results in a JOINT VICTORY", and rule 4, "Units supplied by loans do not
//! count towards fulfilling the Victory Criterion"; ruling D2): units
//! supported by the power's own centres, after a Winter adjustment.
//!
//! D2 is tested here, not in tests/cases/diadochi_v/: the case format
//! describes one phase and has no key for a game's result.

use polemarch_engine::rules::{own_supplies, read_state, self_supporting_units, supplies, winners};
use polemarch_engine::state::{Force, Kind};
use polemarch_engine::variant::embedded_variant;
use polemarch_engine::Variant;

mod vedder_board;
use vedder_board::{board, ARMIES_25, CENTRES_25};

fn dv() -> Variant {
    embedded_variant("diadochi_v").expect("embedded").unwrap_or_else(|p| panic!("{p:?}"))
}

/// D2: Egypt's own 25 supply (Alexandria 2 and 23 singles) support its 25
/// units: a victory after a Winter adjustment, not before.
#[test]
fn twenty_five_self_supporting_units_win() {
    let v = dv();
    let egypt = v.find_power("Egypt").unwrap();
    let pos = board(&v, egypt, &CENTRES_25, &ARMIES_25);
    assert_eq!(own_supplies(&v, &pos)[egypt.index()], 50);
    assert_eq!(self_supporting_units(&v, &pos, egypt), 25);
    assert_eq!(winners(&v, &pos, true), [egypt]);
    assert!(winners(&v, &pos, false).is_empty());
}

/// Rule 4 ("Units supplied by loans do not count"); D2: with one of its
/// centres lent by Rome instead of owned, Egypt's supply is the same but
/// only 24 of its units are self-supporting: no victory.
#[test]
fn units_on_loaned_supply_do_not_count() {
    let v = dv();
    let (egypt, rome) = (v.find_power("Egypt").unwrap(), v.find_power("Rome").unwrap());
    let mut pos = board(&v, egypt, &CENTRES_25, &ARMIES_25);
    let pon = v.province_of(v.find_loc("pon").unwrap());
    pos.owners[pon.index()] = Some(rome);
    pos.owners[v.province_of(v.find_loc("rom").unwrap()).index()] = Some(rome);
    pos.state = read_state(&v, [("loan pon rome egypt", "")]).unwrap();
    assert_eq!(supplies(&v, &pos)[egypt.index()], 50);
    assert_eq!(own_supplies(&v, &pos)[egypt.index()], 48);
    assert_eq!(self_supporting_units(&v, &pos, egypt), 24);
    assert!(winners(&v, &pos, true).is_empty());
    // Rome (Rome 3 to Rome) lent Pontus: its own supply leaves it out.
    assert_eq!(own_supplies(&v, &pos)[rome.index()], 6);
    assert_eq!(supplies(&v, &pos)[rome.index()], 6);
}

/// Rule 2 ("A tie results in a JOINT VICTORY"); D2: two powers reaching 25
/// after the same Winter share the victory.
#[test]
fn a_tie_is_a_joint_victory() {
    let v = dv();
    let (egypt, syria) = (v.find_power("Egypt").unwrap(), v.find_power("Syria").unwrap());
    let mut pos = board(&v, egypt, &CENTRES_25, &ARMIES_25);
    // Syria: 25 supply (Antioch 2 and 23 singles), 25 armies.
    let west = [
        "ant", "arb", "sel", "arm", "cap", "pmy", "cte", "psp", "gad", "nca", "sag", "mas", "lug", "ece", "bel", "lgr",
        "ugr", "pan", "moe", "scy", "ill", "rav", "ben", "bru",
    ];
    let armies = [
        "ant", "arb", "sel", "arm", "cap", "pmy", "cte", "psp", "gad", "nca", "sag", "mas", "lug", "ece", "bel", "lgr",
        "ugr", "pan", "moe", "scy", "ill", "rav", "ben", "bru", "dam",
    ];
    for c in west {
        pos.owners[v.province_of(v.find_loc(c).unwrap()).index()] = Some(syria);
    }
    for a in armies {
        pos.forces.push(Force::single(syria, Kind::ARMY, v.find_loc(a).unwrap()));
    }
    pos.normalize();
    assert_eq!(self_supporting_units(&v, &pos, syria), 25);
    let mut won = winners(&v, &pos, true);
    won.sort();
    assert_eq!(won, [egypt, syria]);
}
