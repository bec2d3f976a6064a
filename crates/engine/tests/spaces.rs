//! The spaces of City State on a test board (tests/variants/spaces): a box
//! that holds any number of forces, and the place behind the walls of a
//! centre, which the loader adds beside it (docs/variant-format.md).

use polemarch_engine::order::parse_order_line;
use polemarch_engine::variant::{check, load_dir, load_texts, ProvinceId, Terrain};
use polemarch_engine::Variant;
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
    for name in ["mil-walls", "MIL WALLS", "Milano walls", "milano-walls", "Milan walls"] {
        assert_eq!(v.find_loc(name), Some(walls), "{name}");
    }
    assert_eq!(v.province(walls).abbr, "mil-walls");
    assert_eq!(v.province(walls).name, "Milano walls");
    assert_eq!(v.loc_abbr(walls), "mil-walls");
    let order = parse_order_line(&v, "Milan: A mil-walls - mil").unwrap();
    assert_eq!(order.display(&v).to_string(), "A mil-walls - mil");
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
        assert_eq!(v.army_neighbours[w as usize], [c]);
        let bordering: Vec<usize> = (0..v.province_count()).filter(|&b| v.any_borders.get(w as usize, b) || v.any_borders.get(b, w as usize)).collect();
        assert_eq!(bordering, [c as usize], "{centre}");
        assert!(v.army_neighbours[c as usize].contains(&w));
    }
    // Fleets may stand behind the walls of a port: a fleet border too.
    let gen = province(&v, "gen");
    assert_eq!(v.fleet_neighbours[v.province(gen).walls.unwrap() as usize], [gen]);
    assert!(v.fleet_neighbours[v.province(province(&v, "mil")).walls.unwrap() as usize].is_empty());
}

#[test]
fn walls_only_on_a_centre() {
    assert_eq!(problems_with(("name = \"Pavia\"\n", "name = \"Pavia\"\nwalls = true\n")), ["map.toml: province `pav`, walls: only a supply centre has walls"]);
}

#[test]
fn a_box_has_no_walls() {
    assert_eq!(problems_with(("walls = true\n", "walls = true\nbox = true\n")), ["map.toml: province `mil`, walls: a box has no walls"]);
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
