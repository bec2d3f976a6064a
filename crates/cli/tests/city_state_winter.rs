//! City State's Emperor out of the game through the game master's command
//! line (C15): a record whose Emperor is out (`emperor-out`; a record starts
//! in Spring 1300, so the state is set there: case c15_emperor_out.txt
//! judges how he gets out in 1302) shows him eliminated; the Winter is
//! played for his units, which go, and he is not asked for orders.

use polemarch_engine::state::Kind;
use polemarch_engine::{Force, Position};

mod common;
use common::play::record;
use common::{new_game, ok, tempdir, variant};

#[test]
fn the_emperor_eliminated_is_shown_and_his_units_go_in_the_winter() {
    let v = variant("city_state");
    let dir = tempdir("city-state-emperor-out");
    let (file, _) = new_game(&dir, "city_state", 5);
    // Spring 1300, the Emperor out: his DA waits in Germany, his army
    // holds Trento; Milan holds Milano.
    let mut pos = Position::empty(&v, v.calendar.first);
    let unit = |power: &str, kind: Kind, place: &str| {
        Force::single(v.find_power(power).unwrap(), kind, v.find_loc(place).unwrap())
    };
    pos.forces = vec![
        unit("Emperor", Kind::DOUBLE_ARMY, "ger"),
        unit("Emperor", Kind::ARMY, "tre"),
        unit("Milan", Kind::ARMY, "mil"),
    ];
    pos.owners[v.province_of(v.find_loc("mil").unwrap()).index()] = v.find_power("Milan");
    pos.owners[v.province_of(v.find_loc("tre").unwrap()).index()] = v.find_power("Emperor");
    pos.state.emperor_out = Some(1300);
    pos.normalize();
    let mut rec = record(&file);
    rec.phases[0].start = pos.to_json(&v);
    std::fs::write(&file, serde_json::to_string_pretty(&rec).unwrap()).unwrap();
    let shown = ok(&["game", "show", &file]);
    let eliminated = shown.lines().find(|l| l.trim_start().starts_with("eliminated:")).unwrap_or_default();
    assert!(eliminated.contains("Emperor"), "{shown}");
    assert!(shown.contains("emperor-out: 1300"), "{shown}");

    // Spring and Autumn 1300, then the Winter his units are disbanded in.
    ok(&["game", "process", &file]);
    ok(&["game", "process", &file]);
    let shown = ok(&["game", "show", &file]);
    assert!(shown.starts_with("Winter 1300"), "{shown}");
    assert!(!shown.contains("Emperor may build") && !shown.contains("Emperor must remove"), "{shown}");
    let processed = ok(&["game", "process", &file]);
    assert!(processed.contains("the Emperor is eliminated"), "{processed}");
    let rec = record(&file);
    let last = &rec.phases.last().unwrap().start;
    assert!(!last.units.contains_key("Emperor") || last.units["Emperor"].is_empty(), "{:?}", last.units);
    assert_eq!(last.state.get("emperor-out").map(String::as_str), Some("1300"));
}

/// C3: a power with fleets and no port must disband a fleet first, whatever
/// its balance; `game show` says so in the Winter, with no other builds or
/// removals due (Florence, balance 0) and with builds due (Milan).
#[test]
fn a_power_with_fleets_and_no_port_is_told_to_remove_a_fleet_first() {
    let v = variant("city_state");
    let dir = tempdir("city-state-no-port");
    let (file, _) = new_game(&dir, "city_state", 5);
    let mut pos = Position::empty(&v, v.calendar.first);
    let unit = |power: &str, kind: Kind, place: &str| {
        Force::single(v.find_power(power).unwrap(), kind, v.find_loc(place).unwrap())
    };
    pos.forces = vec![
        unit("Florence", Kind::FLEET, "tus"),
        unit("Florence", Kind::FLEET, "lig"),
        unit("Florence", Kind::ARMY, "fir"),
        unit("Milan", Kind::FLEET, "tyr"),
        unit("Milan", Kind::ARMY, "mil"),
        unit("Emperor", Kind::DOUBLE_ARMY, "ger"),
    ];
    let own = |pos: &mut Position, power: &str, place: &str| {
        pos.owners[v.province_of(v.find_loc(place).unwrap()).index()] = v.find_power(power)
    };
    for place in ["fir", "pst", "sie"] {
        own(&mut pos, "Florence", place);
    }
    for place in ["mil", "lod", "pav", "com"] {
        own(&mut pos, "Milan", place);
    }
    pos.normalize();
    let mut rec = record(&file);
    rec.phases[0].start = pos.to_json(&v);
    std::fs::write(&file, serde_json::to_string_pretty(&rec).unwrap()).unwrap();
    ok(&["game", "process", &file]);
    ok(&["game", "process", &file]);
    let shown = ok(&["game", "show", &file]);
    assert!(shown.starts_with("Winter 1300"), "{shown}");
    assert!(shown.contains("Florence must first remove a fleet: it has fleets and owns no port"), "{shown}");
    assert!(!shown.contains("Florence may build") && !shown.contains("Florence must remove units"), "{shown}");
    assert!(shown.contains("Milan must first remove a fleet: it has fleets and owns no port"), "{shown}");
    assert!(shown.contains("Milan may build"), "{shown}");
}
