//! What a variant's mechanics put at stake, as the bots ask it
//! (`Rules::winter_risks`, `Rules::vital_units`), on Imperator's start
//! (seeds/003_510582f0400fa4f9.txt; rulings I1, I4, I8 in
//! shared/rules/vedder.md) and Triumvirate's (T4); nothing in standard.

use polemarch_engine::adjudicate::adjudicate;
use polemarch_engine::order::parse_order;
use polemarch_engine::rules::Vital;
use polemarch_engine::state::Position;
use polemarch_engine::variant::{embedded_variant, PowerId, ProvinceId};
use polemarch_engine::Variant;

fn variant(id: &str) -> Variant {
    embedded_variant(id).expect("embedded").unwrap_or_else(|p| panic!("{p:?}"))
}

fn power(v: &Variant, name: &str) -> PowerId {
    v.find_power(name).unwrap()
}

fn province(v: &Variant, abbr: &str) -> ProvinceId {
    v.province_of(v.find_loc(abbr).unwrap())
}

fn vital(v: &Variant, pos: &Position, who: &str) -> Vec<(String, bool)> {
    let units = v.rules.vital_units(v, pos, power(v, who));
    units.iter().map(|&Vital { at, lost_when_dislodged }| (v.province(at).abbr.clone(), lost_when_dislodged)).collect()
}

/// I4: a die for each garrisoned frontier province after each Winter from
/// 236, lost on 1 or 2: the 17 frontier provinces of the reconstructed map
/// (`frontier:im`), a chance of 1 in 3 each, at a later Winter in 235 and
/// at the coming one from 236.
#[test]
fn imperator_frontier_provinces_are_at_risk_from_winter_236() {
    let v = variant("imperator");
    let mut pos = Position::start(&v);
    let risks = v.rules.winter_risks(&v, &pos);
    let mut names: Vec<&str> = risks.iter().map(|r| v.province(r.province).abbr.as_str()).collect();
    names.sort_unstable();
    let frontier = [
        "bri", "cap", "dac", "lep", "lgr", "mau", "moe", "nab", "nor", "num", "pan", "pmy", "pon", "pto", "rae", "sel",
        "ugr",
    ];
    assert_eq!(names, frontier);
    assert!(risks.iter().all(|r| (r.chance - 1.0 / 3.0).abs() < 1e-9 && !r.coming), "{risks:?}");
    for safe in ["rom", "ant", "alx"] {
        assert!(!risks.iter().any(|r| r.province == province(&v, safe)), "{safe} is no frontier province");
    }
    pos.phase = v.calendar.parse_phase("Autumn 236, Movement").unwrap();
    assert!(v.rules.winter_risks(&v, &pos).iter().all(|r| r.coming));
}

/// I1: each Commander's AGC is the first army of his start list, lost only
/// when eliminated (a retreat keeps it); I8: the Emperor's guard, lost
/// when dislodged.
#[test]
fn imperator_personal_units_at_the_start_and_after_a_designation() {
    let v = variant("imperator");
    let pos = Position::start(&v);
    assert_eq!(vital(&v, &pos, "Danube"), [("dac".to_string(), false)]);
    assert_eq!(vital(&v, &pos, "Rhine"), [("bri".to_string(), false)]);
    assert_eq!(vital(&v, &pos, "Africa"), [("alx".to_string(), false)]);
    assert_eq!(vital(&v, &pos, "Syria"), [("ant".to_string(), false)]);
    assert_eq!(vital(&v, &pos, "Emperor"), [("rom".to_string(), true)]);
    // The judge's Barbarians have none.
    assert!(vital(&v, &pos, "Barbarians").is_empty());
    // Danube names Moesia's army in Spring 235 (`DESIGNATE`, I1 as T2).
    let danube = power(&v, "Danube");
    let order = parse_order(&v, "DESIGNATE A moe", Some(danube)).unwrap();
    let next = adjudicate(&v, &pos, &[order]).next;
    assert_eq!(vital(&v, &next, "Danube"), [("moe".to_string(), false)]);
    // A Commander who is out has nothing at stake.
    let mut out = pos.clone();
    out.state.eliminated.push(danube);
    assert!(vital(&v, &out, "Danube").is_empty());
}

/// T4: a Triumvir is out with his T (Caesar's in Belgica at the start);
/// the Senate and Egypt have none, and nothing is lost to a die.
#[test]
fn triumvirate_ts_are_vital_and_no_province_is_at_risk() {
    let v = variant("triumvirate");
    let pos = Position::start(&v);
    assert_eq!(vital(&v, &pos, "Caesar"), [("bel".to_string(), false)]);
    assert!(vital(&v, &pos, "Senate").is_empty());
    assert!(vital(&v, &pos, "Egypt").is_empty());
    assert!(v.rules.winter_risks(&v, &pos).is_empty());
}

/// Standard Diplomacy puts nothing at stake beyond the board.
#[test]
fn standard_has_no_stakes() {
    let v = variant("standard");
    let pos = Position::start(&v);
    assert!(v.rules.winter_risks(&v, &pos).is_empty());
    assert!(v.power_ids().all(|p| v.rules.vital_units(&v, &pos, p).is_empty()));
}
