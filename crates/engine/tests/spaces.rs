//! The spaces of City State on a test board (tests/variants/spaces): a box
//! that holds any number of forces, and the place behind the walls of a
//! centre, which the loader adds beside it (docs/variant-format.md).

use polemarch_engine::order::parse_order_line;
use polemarch_engine::state::{parse_composition, Kind};
use polemarch_engine::variant::{check, load_dir, load_texts, LocId, ProvinceId, Terrain};
use polemarch_engine::{adjudicate, Force, Position, Variant};
use std::path::PathBuf;

fn folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/variants/spaces")
}

fn spaces() -> Variant {
    load_dir(&folder()).unwrap_or_else(|problems| panic!("{problems:?}"))
}

fn province(v: &Variant, name: &str) -> ProvinceId {
    v.province_of(v.find_loc(name).unwrap_or_else(|| panic!("no place `{name}`")))
}

fn army(v: &Variant, power: &str, place: &str) -> Force {
    Force::single(v.find_power(power).unwrap(), Kind::ARMY, v.find_loc(place).unwrap())
}

/// The problems of the test map changed by `edit` (a replacement of one
/// text by another), one line each as `polemarch variant check` prints them.
fn problems_with(edit: (&str, &str)) -> Vec<String> {
    let map = std::fs::read_to_string(folder().join("map.toml")).unwrap();
    assert!(map.contains(edit.0), "the test map has no `{}`", edit.0);
    let variant = std::fs::read_to_string(folder().join("variant.toml")).unwrap();
    match load_texts(&variant, &map.replacen(edit.0, edit.1, 1)) {
        Ok(_) => Vec::new(),
        Err(problems) => problems.iter().map(|p| p.to_string()).collect(),
    }
}

#[test]
fn the_test_variant_loads_and_checks_clean() {
    let v = spaces();
    let summary = check::summary(&v);
    assert!(summary.contains("  provinces: 6 (4 land, 1 coast, 1 sea)\n"), "{summary}");
    assert!(summary.contains("  boxes: 1 (ger)\n"), "{summary}");
    assert!(summary.contains("  places behind the walls: 2 (mil-walls, gen-walls)\n"), "{summary}");
    assert!(summary.contains("    Emperor      0 homes, 3 units\n"), "{summary}");
}

#[test]
fn the_places_behind_the_walls_go_by_the_names_of_their_centre() {
    let v = spaces();
    let walls = v.province(province(&v, "mil")).walls.expect("Milano has walls");
    for name in
        ["mil-walls", "MIL WALLS", "Milano walls", "milano-walls", "Milan walls", "((mil))", "((Milano))", "((MIL))"]
    {
        assert_eq!(v.find_loc(name), Some(LocId::of_province(walls)), "{name}");
    }
    assert_eq!(v.province(walls).abbr, "mil-walls");
    assert_eq!(v.province(walls).name, "Milano walls");
    // City State's notation (seed: "A((Mil))"): written `((mil))`.
    assert_eq!(v.loc_abbr(LocId::of_province(walls)), "((mil))");
    for text in ["Milan: A mil-walls - mil", "Milan: A ((mil)) - mil", "Milan: a ((Milano)) - mil"] {
        let order = parse_order_line(&v, text).unwrap();
        assert_eq!(order.display(&v).to_string(), "A ((mil)) - mil", "{text}");
    }
    // A centre with no walls has no place behind them, and `((x))` is not
    // read as the province `x`.
    assert_eq!(v.find_loc("((pav))"), None);
    assert_eq!(v.find_loc("((zzz))"), None);
}

#[test]
fn a_place_behind_the_walls_borders_only_its_province() {
    let v = spaces();
    for (centre, terrain) in [("mil", Terrain::Land), ("gen", Terrain::Coast)] {
        let c = province(&v, centre);
        let w = v.province(c).walls.unwrap();
        let place = v.province(w);
        assert_eq!(place.walls_of, Some(c));
        assert_eq!((place.terrain, place.centre, place.at), (terrain, 0, v.province(c).at), "{centre}");
        assert_eq!(v.army_neighbours[w.index()], [c]);
        let bordering: Vec<usize> = (0..v.province_count())
            .filter(|&b| v.any_borders.get(w.index(), b) || v.any_borders.get(b, w.index()))
            .collect();
        assert_eq!(bordering, [c.index()], "{centre}");
        assert!(v.army_neighbours[c.index()].contains(&w));
    }
    // Fleets may stand behind the walls of a port: a fleet border too.
    let gen = province(&v, "gen");
    assert_eq!(
        v.fleet_neighbours[LocId::of_province(v.province(gen).walls.unwrap()).index()],
        [LocId::of_province(gen)]
    );
    assert!(v.fleet_neighbours[LocId::of_province(v.province(province(&v, "mil")).walls.unwrap()).index()].is_empty());
}

#[test]
fn a_box_holds_several_forces_and_the_start_puts_three_there() {
    let v = spaces();
    let start = Position::start(&v);
    assert_eq!(start.forces_in(&v, province(&v, "ger")).count(), 3);
}

/// Three forces of one player in the box and one behind the walls: written
/// as position JSON, read back, the same position.
#[test]
fn a_box_and_the_walls_survive_position_json() {
    let v = spaces();
    let mut pos = Position::start(&v);
    pos.forces = vec![army(&v, "Emperor", "mil"), army(&v, "Milan", "lod"), army(&v, "Milan", "mil-walls")];
    pos.forces.extend((0..3).map(|_| army(&v, "Emperor", "ger")));
    pos.normalize();
    let text = serde_json::to_string(&pos.to_json(&v)).unwrap();
    assert_eq!(
        text,
        concat!(
            r#"{"variant":"spaces","phase":"Spring 1300, Movement","#,
            r#""units":{"Emperor":["A ger","A ger","A ger","A mil"],"Milan":["A lod","A ((mil))"]},"#,
            r#""owners":{"Genoa":["gen"],"Milan":["mil","lod"]}}"#
        )
    );
    let back = Position::from_json(&v, &text).unwrap();
    assert_eq!(back, pos);
    assert_eq!(back.forces_in(&v, province(&v, "ger")).count(), 3);
}

/// Elsewhere a power's second unit in one place is still an error.
#[test]
fn outside_a_box_a_province_holds_one_unit() {
    let v = spaces();
    let err = Position::from_json(&v, r#"{"phase": "Spring 1300 movement", "units": {"Emperor": ["A pav", "A pav"]}}"#)
        .unwrap_err();
    assert_eq!(err.to_string(), "position JSON, units of Emperor: `A pav`: the province already holds a unit");
}

/// Forces in a box are sorted by their components too, so that the same
/// forces listed in any order make equal positions.
#[test]
fn a_box_with_three_forces_survives_normalize() {
    let v = spaces();
    let (loc, power) = (v.find_loc("ger").unwrap(), v.find_power("Emperor").unwrap());
    let forces = ["2A", "A*", "A"].map(|c| Force { loc, power, components: parse_composition(c, power).unwrap() });
    let mut a = Position::empty(&v, v.calendar.first);
    a.forces = forces.to_vec();
    let mut b = a.clone();
    b.forces.reverse();
    a.normalize();
    b.normalize();
    assert_eq!(a, b);
    let written: Vec<String> = a.to_json(&v).units["Emperor"].clone();
    assert_eq!(written, ["A ger", "2A ger", "A* ger"]);
}

/// Components are put in order before forces are: the same forces with
/// their components written in another order make one normalized position.
#[test]
fn a_box_normalizes_components_before_forces() {
    let v = spaces();
    let (loc, power) = (v.find_loc("ger").unwrap(), v.find_power("Emperor").unwrap());
    let force = |c: &str, reversed: bool| {
        let mut components = parse_composition(c, power).unwrap();
        if reversed {
            components.reverse();
        }
        Force { loc, power, components }
    };
    let mut a = Position::empty(&v, v.calendar.first);
    a.forces = vec![force("A/G", true), force("F", false)];
    let mut b = a.clone();
    b.forces[0] = force("A/G", false);
    a.normalize();
    b.normalize();
    assert_eq!(a, b);
}

#[test]
fn walls_only_on_a_centre() {
    assert_eq!(
        problems_with(("name = \"Pavia\"\n", "name = \"Pavia\"\nwalls = true\n")),
        ["map.toml: province `pav`, walls: only a supply centre has walls"]
    );
}

#[test]
fn a_box_has_no_walls() {
    assert_eq!(
        problems_with(("walls = true\n", "walls = true\nbox = true\n")),
        ["map.toml: province `mil`, walls: a box has no walls"]
    );
}

#[test]
fn only_its_centre_borders_a_place_behind_the_walls() {
    assert_eq!(
        problems_with(("army = [\"mil\", \"pav\"]", "army = [\"mil\", \"mil-walls\", \"pav\"]")),
        ["map.toml: province `lod`, army/fleet: `mil-walls` is behind the walls of `mil`: only `mil` borders it"]
    );
}

#[test]
fn a_name_of_the_walls_may_not_be_taken() {
    assert_eq!(
        problems_with(("name = \"Pavia\"\n", "name = \"Pavia\"\naliases = [\"Milan Walls\"]\n")),
        ["map.toml: province `mil`, walls: name `Milan walls` is already used by another location"]
    );
}

/// A box of several forces is judged (C10): with no orders, each force
/// holds on its own, and the box still holds all three after.
#[test]
fn a_box_of_several_forces_is_adjudicated() {
    let v = spaces();
    let start = Position::start(&v);
    let out = adjudicate(&v, &start, &[]);
    assert_eq!(out.results.len(), start.forces.len());
    assert_eq!(out.next.forces_in(&v, province(&v, "ger")).count(), 3);
}
