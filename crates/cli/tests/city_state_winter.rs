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
    let unit = |power: &str, kind: Kind, place: &str| Force::single(v.find_power(power).unwrap(), kind, v.find_loc(place).unwrap());
    pos.forces = vec![unit("Emperor", Kind::DOUBLE_ARMY, "ger"), unit("Emperor", Kind::ARMY, "tre"), unit("Milan", Kind::ARMY, "mil")];
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
