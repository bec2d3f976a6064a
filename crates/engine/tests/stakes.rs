//! What a variant's mechanics put at stake, as the bots ask it
//! (`Rules::winter_risks`, `Rules::vital_units`), on Imperator's start
//! (seeds/003_510582f0400fa4f9.txt; rulings I1, I4, I8 in
//! shared/rules/vedder.md) and Triumvirate's (T4); nothing in standard.
//! And how far a power is from a victory by a mechanic's own rule
//! (`rules::shortfalls`, by the `shortfall` hook): Imperator's Emperor's
//! lead (Imperator rule 2: "being the true EMPEROR and having a 5-unit
//! advantage over the nearest competitor"; ruling I2); nothing elsewhere.

use polemarch_engine::adjudicate::adjudicate;
use polemarch_engine::order::parse_order;
use polemarch_engine::rules::{shortfalls, shortfalls_after_adjustment, units_after_adjustment, Vital};
use polemarch_engine::state::{Force, Kind, Position};
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

fn place(v: &Variant, pos: &mut Position, who: PowerId, kind: Kind, at: &[&str]) {
    for a in at {
        pos.forces.push(Force::single(who, kind, v.find_loc(a).unwrap()));
    }
    pos.normalize();
}

/// Standard (18 centres), Diadochi V and Triumvirate (25 self-supporting
/// units, D2, T10) have no victory but their goal: nothing to ask here.
#[test]
fn no_other_victory_in_standard_diadochi_v_and_triumvirate() {
    for id in ["standard", "diadochi_v", "triumvirate"] {
        let v = variant(id);
        assert!(shortfalls(&v, &Position::start(&v)).iter().all(Option::is_none), "{id}");
    }
}

/// I2: with no centres anyone's, the Emperor's 7 units against Rhine's 2
/// are the lead (0 short); with Rhine at 4, 2 short; with Rhine at 9 he is
/// 2 behind, 7 short. A Commander has no lead to win by, and a fallen
/// Emperor none either.
#[test]
fn imperator_the_emperor_is_as_far_as_his_lead_is_short() {
    let v = variant("imperator");
    let (emperor, rhine) = (power(&v, "Emperor"), power(&v, "Rhine"));
    let mut pos = Position::start(&v);
    pos.forces.clear();
    pos.owners.iter_mut().for_each(|o| *o = None);
    place(&v, &mut pos, emperor, Kind::PRAETORIAN_GUARD, &["rom"]);
    place(&v, &mut pos, emperor, Kind::ARMY, &["etr", "cis", "ven", "ben", "dal", "ill"]);
    place(&v, &mut pos, rhine, Kind::ARMY, &["lgr", "ugr"]);
    assert_eq!(shortfalls(&v, &pos)[emperor.index()], Some(0));
    assert_eq!(shortfalls(&v, &pos)[rhine.index()], None);
    place(&v, &mut pos, rhine, Kind::ARMY, &["bel", "ece"]);
    assert_eq!(shortfalls(&v, &pos)[emperor.index()], Some(2));
    place(&v, &mut pos, rhine, Kind::ARMY, &["wce", "lug", "mas", "aqu", "tar"]);
    assert_eq!(shortfalls(&v, &pos)[emperor.index()], Some(7));
    pos.state.eliminated.push(emperor);
    assert_eq!(shortfalls(&v, &pos)[emperor.index()], None);
}

/// I2 at the start (starts.csv, game im): the Emperor's 4 units (PG,
/// F nea, A bru, A rav) against every Commander's 3 leave him 4 short.
#[test]
fn imperator_start_the_emperor_is_4_units_short() {
    let v = variant("imperator");
    let far = shortfalls(&v, &Position::start(&v));
    assert_eq!(far[power(&v, "Emperor").index()], Some(4));
}

/// I3 as a count for the bots (`units_after_adjustment`): at the start the
/// Emperor's supply (Rome 3 to a Roman, Neapolis, Brundisium, Ravenna, and
/// Rome's +4: 10) is due 6 builds, but his four starting provinces are
/// all occupied, so he stays at 4; with F nea, A bru and A rav moved off
/// (to the South Tyrrhenian Sea, Beneventum and Etruria) he builds 3, 7 units, and is 1
/// short of his lead over the Commanders' 3 (theirs are occupied too, and
/// in 235 only starting provinces take builds).
#[test]
fn imperator_the_lead_after_the_coming_adjustment_counts_the_free_sites() {
    let v = variant("imperator");
    let emperor = power(&v, "Emperor");
    let mut pos = Position::start(&v);
    assert_eq!(units_after_adjustment(&v, &pos)[emperor.index()], 4);
    assert_eq!(shortfalls_after_adjustment(&v, &pos)[emperor.index()], Some(4));
    for (from, to) in [("nea", "sty"), ("bru", "ben"), ("rav", "etr")] {
        let f = pos.forces.iter_mut().find(|f| v.province_of(f.loc) == province(&v, from)).unwrap();
        f.loc = v.find_loc(to).unwrap();
    }
    pos.normalize();
    assert_eq!(units_after_adjustment(&v, &pos)[emperor.index()], 7);
    assert_eq!(shortfalls_after_adjustment(&v, &pos)[emperor.index()], Some(1));
    assert_eq!(shortfalls(&v, &pos)[emperor.index()], Some(4));
}

/// Standard has no victory of a mechanic's own: nothing after an
/// adjustment either; its count is units plus builds in free home centres
/// (at the start every home is occupied, and every balance 0: 22 units).
#[test]
fn standard_after_the_adjustment_as_it_stands() {
    let v = variant("standard");
    let pos = Position::start(&v);
    assert!(shortfalls_after_adjustment(&v, &pos).iter().all(Option::is_none));
    assert_eq!(units_after_adjustment(&v, &pos).iter().sum::<u32>(), 22);
}
