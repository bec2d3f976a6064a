//! How far each power is from a victory by a mechanic's own rule
//! (`rules::shortfalls`, by the `shortfall` hook, a question the bots
//! ask): Imperator's Emperor's lead (seeds/003_510582f0400fa4f9.txt,
//! Imperator rule 2: "being the true EMPEROR and having a 5-unit advantage
//! over the nearest competitor"; ruling I2); nothing in standard.

use polemarch_engine::rules::shortfalls;
use polemarch_engine::state::{Force, Kind, Position};
use polemarch_engine::variant::{embedded_variant, PowerId};
use polemarch_engine::Variant;

fn variant(id: &str) -> Variant {
    embedded_variant(id).expect("embedded").unwrap_or_else(|p| panic!("{p:?}"))
}

fn power(v: &Variant, name: &str) -> PowerId {
    v.find_power(name).unwrap()
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
