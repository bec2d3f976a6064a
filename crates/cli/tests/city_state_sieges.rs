//! City State sieges through the game master's command line: a record
//! whose position has a unit behind the walls, shown as `A ((lod))` with
//! its siege count, ordered, processed and kept in the record (C6, C9).

use polemarch_engine::{Force, Position};

mod common;
use common::play::record;
use common::{new_game, ok, submit, tempdir, variant};

#[test]
fn a_unit_behind_the_walls_is_shown_ordered_and_recorded() {
    let v = variant("city_state");
    let dir = tempdir("city-state-siege");
    let (file, _) = new_game(&dir, "city_state", 3);
    // Spring 1300 (the first phase): Mantua's army in Lodi, Milan's behind its walls.
    let mut pos = Position::empty(&v, v.calendar.parse_phase("Spring 1300 movement").unwrap());
    pos.owners = v.start_owners.clone();
    let army = |power: &str, place: &str| {
        Force::single(v.find_power(power).unwrap(), polemarch_engine::state::Kind::ARMY, v.find_loc(place).unwrap())
    };
    pos.forces = vec![army("Mantua", "lod"), army("Milan", "lod-walls")];
    pos.normalize();
    let mut rec = record(&file);
    rec.phases[0].phase = v.calendar.display(pos.phase).to_string();
    rec.phases[0].start = pos.to_json(&v);
    std::fs::write(&file, serde_json::to_string_pretty(&rec).unwrap()).unwrap();

    let shown = ok(&["game", "show", &file]);
    assert!(shown.contains("A ((lod))"), "{shown}");
    assert!(shown.contains("siege lod: Milan A 0"), "{shown}");

    submit(&file, "Milan", "A ((lod)) H");
    let processed = ok(&["game", "process", &file]);
    assert!(processed.contains("A ((lod)) H"), "{processed}");
    let shown = ok(&["game", "show", &file]);
    assert!(shown.contains("A ((lod))") && shown.contains("siege lod: Milan A 1"), "{shown}");
    let rec = record(&file);
    assert_eq!(rec.phases[1].start.units["Milan"], ["A ((lod))"]);
    assert_eq!(rec.phases[1].start.state.get("siege lod").map(String::as_str), Some("Milan A 1"));
}
