//! The City State map (variants/city_state/map.toml, made by
//! tools/city_state_map.py) against the project's reconstruction it was made
//! from (variants/city_state/data/*.csv, copied from maps/city_state), and
//! the variant's counts: 84 spaces, 34 centres with walls, Germany a box,
//! six Passes, four ports, the six southern-edge spaces (C1-C4, C10).

use polemarch_engine::variant::{check::summary, embedded_variant, Kind, Terrain};
use polemarch_engine::Variant;

const PROVINCES: &str = include_str!("../../../variants/city_state/data/provinces.csv");
const ADJACENCY: &str = include_str!("../../../variants/city_state/data/adjacency.csv");

fn cs() -> Variant {
    embedded_variant("city_state").expect("embedded").unwrap_or_else(|p| panic!("{p:?}"))
}

fn rows(csv: &str) -> Vec<Vec<&str>> {
    csv.lines().skip(1).filter(|l| !l.trim().is_empty()).map(|l| l.split(',').collect()).collect()
}

#[test]
fn counts_are_pinned() {
    let v = cs();
    let text = summary(&v);
    for line in [
        "provinces: 84 (45 land, 29 coast, 10 sea)",
        "boxes: 1 (ger)",
        "borders: 241 bordering pairs",
        "centres: 34 (34 worth 1; 16 home, 18 neutral), 34 in all",
        "ports: gen nap pis ven",
        "double centres: gen ven",
        "southern edge: adr bar isc sle spl tyr",
        "imperial only: brn ger gsb mce sep stg tar",
        "passes: brn gsb mce sep stg tar",
        "powers: 7",
        "Emperor      0 homes, 3 units",
        "victory: 18 centres",
        "rules: double armies, imperial spaces (Emperor), sieges, double centres, fleets built at ports, imperial \
         supply, double armies rebuilt (at most 3), the Emperor eliminated from 1302\n",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
    assert!(text.contains("places behind the walls: 34 ("), "{text}");
}

#[test]
fn provinces_match_the_data() {
    let v = cs();
    let rows = rows(PROVINCES);
    assert_eq!(rows.len(), 84);
    for r in &rows {
        let (abbr, name, terrain, centre, home, port, special) = (r[0], r[1], r[2], r[3], r[4], r[5], r[6]);
        let id = v.province_of(v.find_loc(abbr).unwrap_or_else(|| panic!("{abbr} missing")));
        let p = v.province(id);
        assert_eq!(p.name, name);
        let expected = match terrain {
            "land" | "box" => Terrain::Land,
            "sea" => Terrain::Sea,
            _ => Terrain::Coast,
        };
        assert_eq!(p.terrain, expected, "{abbr}");
        // Every centre counts once (C1); every centre has walls (C5).
        assert_eq!(p.centre, if centre == "yes" { 2 } else { 0 }, "{abbr}");
        assert_eq!(p.walls.is_some(), centre == "yes", "{abbr}");
        assert_eq!(p.is_box, special == "germany", "{abbr}");
        assert_eq!(p.flags.port, port == "yes", "{abbr}");
        assert_eq!(p.flags.double_home, special == "double_home", "{abbr}");
        assert_eq!(p.flags.southern_edge, special == "southern_edge", "{abbr}");
        assert_eq!(p.flags.imperial, special == "germany" || special == "pass", "{abbr}");
        assert_eq!(p.flags.pass, special == "pass", "{abbr}");
        let owner = v.home_of(id).map(|pw| v.power(pw).name.to_lowercase());
        assert_eq!(owner.as_deref(), Some(home).filter(|h| !h.is_empty()), "{abbr}");
    }
}

#[test]
fn borders_match_the_data() {
    let v = cs();
    let mut kinds = [0; 4];
    let mut pairs = 0;
    for r in rows(ADJACENCY) {
        let (a, b, kind) = (r[0], r[1], r[2]);
        let (la, lb) = (v.find_loc(a).unwrap(), v.find_loc(b).unwrap());
        let (pa, pb) = (v.province_of(la).index(), v.province_of(lb).index());
        kinds[["army", "both", "fleet", "imperial"].iter().position(|k| *k == kind).unwrap()] += 1;
        pairs += 1;
        // Imperial borders are army borders; who may cross them is C10's.
        let army = kind != "fleet";
        let fleet = kind == "fleet" || kind == "both";
        assert_eq!(v.army_borders.get(pa, pb), army, "army {a}-{b}");
        assert_eq!(v.army_borders.get(pb, pa), army, "army {b}-{a}");
        assert_eq!(v.fleet_borders.get(la.index(), lb.index()), fleet, "fleet {a}-{b}");
        assert_eq!(v.fleet_borders.get(lb.index(), la.index()), fleet, "fleet {b}-{a}");
    }
    assert_eq!(kinds, [113, 26, 56, 12]);
    assert_eq!(pairs, 207);
}

/// C1: the seed's starts, the Emperor's three double armies in Germany.
#[test]
fn starts_are_the_seeds() {
    let v = cs();
    let mut ours: Vec<String> = v
        .start_units
        .iter()
        .map(|&(p, k, l)| format!("{} {} {}", v.power(p).name, k.letter(), v.province(v.province_of(l)).abbr))
        .collect();
    ours.sort();
    let mut seed = vec![
        "Venice F ven",
        "Venice A aqu",
        "Genoa F cor",
        "Genoa A gen",
        "Milan A mil",
        "Milan A lod",
        "Milan A nov",
        "Mantua A man",
        "Mantua A par",
        "Mantua A bsc",
        "Florence A fir",
        "Florence A pst",
        "Florence A sie",
        "Pope A rom",
        "Pope A vit",
        "Pope A spo",
        "Emperor DA ger",
        "Emperor DA ger",
        "Emperor DA ger",
    ];
    seed.sort();
    assert_eq!(ours, seed);
    assert!(v.has_kind(Kind::DOUBLE_ARMY));
    assert_eq!(v.calendar.display(v.calendar.first).to_string(), "Spring 1300, Movement");
}

/// C10 ("Germany holds any number of units (each one a separate force)"),
/// for what adds units to Germany outside a movement (a DA rebuilt there in
/// a Winter, C14): `Position::insert_in_order` adds a fourth DA as a force
/// of its own; the position survives its JSON, and a movement binds four
/// orders to the four DAs.
#[test]
fn a_force_added_to_germany_stays_a_force_of_its_own() {
    use polemarch_engine::adjudicate::adjudicate;
    use polemarch_engine::order::parse_order;
    use polemarch_engine::state::Position;
    use polemarch_engine::Force;
    let v = cs();
    let emperor = v.power_ids().find(|&p| v.power(p).name == "Emperor").unwrap();
    let ger = v.find_loc("ger").unwrap();
    let mut pos = Position::start(&v);
    // (Board order, as every adjudicated position is: `insert_in_order`
    // keeps it.)
    pos.normalize();
    pos.insert_in_order(Force::single(emperor, Kind::DOUBLE_ARMY, ger));
    let in_germany =
        |pos: &Position| pos.forces_in(&v, v.province_of(ger)).map(|f| f.components.len()).collect::<Vec<_>>();
    assert_eq!(in_germany(&pos), [1, 1, 1, 1]);
    let back = Position::from_json(&v, &serde_json::to_string(&pos.to_json(&v)).unwrap()).unwrap();
    assert_eq!(back, pos);
    let orders: Vec<_> = ["DA ger - stg", "DA ger - sep", "DA ger - brn", "DA ger - tar"]
        .iter()
        .map(|o| parse_order(&v, o, Some(emperor)).unwrap())
        .collect();
    let out = adjudicate(&v, &pos, &orders);
    let mut left: Vec<String> =
        out.next.forces.iter().filter(|f| f.power == emperor).map(|f| v.loc_abbr(f.loc)).collect();
    left.sort();
    assert_eq!(left, ["brn", "sep", "stg", "tar"]);
    assert!(in_germany(&out.next).is_empty());
}
