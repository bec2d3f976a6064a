//! The Vedder map (variants/vedder/map.toml) against the project's data it
//! was made from (variants/vedder/data/*.csv, copied from maps/vedder), and
//! Diadochi V's reading of it: 109 spaces, 52 centres (50 in play: Britain
//! and Dacia are impassable, D3), the flags of game `dv`.

use polemarch_engine::variant::{check::summary, embedded_variant, Terrain};
use polemarch_engine::Variant;

const PROVINCES: &str = include_str!("../../../variants/vedder/data/provinces.csv");
const ADJACENCY: &str = include_str!("../../../variants/vedder/data/adjacency.csv");
const STARTS: &str = include_str!("../../../variants/vedder/data/starts.csv");

fn dv() -> Variant {
    embedded_variant("diadochi_v").expect("embedded").unwrap_or_else(|p| panic!("{p:?}"))
}

fn rows(csv: &str) -> Vec<Vec<&str>> {
    csv.lines().skip(1).filter(|l| !l.trim().is_empty()).map(|l| l.split(',').collect()).collect()
}

#[test]
fn counts_are_pinned() {
    let v = dv();
    assert_eq!(v.provinces.len(), 109);
    let text = summary(&v);
    assert!(text.contains("provinces: 109 (21 land, 60 coast, 26 sea, 2 impassable)"), "{text}");
    assert!(text.contains("coasts: 6 locations on 3 multi-coast provinces"), "{text}");
    assert!(text.contains("centres: 50 (48 worth 1, 2 worth 2; 17 home, 33 neutral), 52 in all"), "{text}");
    assert!(text.contains("garrison required: arm bel ill scy"), "{text}");
    assert!(text.contains("not destroyable: alx ant rom"), "{text}");
    assert!(text.contains("worth more to Romans: rom"), "{text}");
    assert!(text.contains("optional homes: jer (Egypt), ath (Macedonia), sid (Syria)"), "{text}");
}

#[test]
fn provinces_match_the_data() {
    let v = dv();
    let rows = rows(PROVINCES);
    assert_eq!(rows.len(), 109);
    let mut centres = 0;
    for r in &rows {
        let (abbr, name, terrain, supply, coasts, notes) = (r[0], r[1], r[2], r[4], r[6], r[9]);
        let l = v.find_loc(abbr).unwrap_or_else(|| panic!("{abbr} missing"));
        let p = v.province(v.province_of(l));
        assert_eq!(p.name, name);
        let closed = notes.contains("impassable_in:dv");
        let expected = match terrain {
            _ if closed => Terrain::Impassable,
            "land" => Terrain::Land,
            "sea" => Terrain::Sea,
            _ => Terrain::Coast,
        };
        assert_eq!(p.terrain, expected, "{abbr}");
        let halves = match supply {
            "" => 0,
            "3-rome" => 2,
            n => n.parse::<u8>().unwrap() * 2,
        };
        if !supply.is_empty() {
            centres += 1;
        }
        assert_eq!(p.centre, if closed { 0 } else { halves }, "{abbr}");
        let names: Vec<String> = p.coasts.iter().map(|&c| v.loc(c).coast.clone().unwrap()).collect();
        let mut want: Vec<&str> = coasts.split_whitespace().collect();
        want.sort_unstable();
        assert_eq!(names, want, "{abbr}");
        assert_eq!(p.flags.garrison_required, notes.contains("garrison_required:dv"), "{abbr}");
    }
    assert_eq!(centres, 52);
}

#[test]
fn borders_match_the_data() {
    let v = dv();
    let closed = |abbr: &str| matches!(abbr.split('/').next().unwrap(), "bri" | "dac");
    let mut kinds = [0; 3];
    for r in rows(ADJACENCY) {
        let (a, b, kind) = (r[0], r[1], r[2]);
        let (la, lb) = (v.find_loc(a).unwrap(), v.find_loc(b).unwrap());
        let (pa, pb) = (v.province_of(la).index(), v.province_of(lb).index());
        let army = kind != "fleet";
        let fleet = kind != "army";
        kinds[["army", "both", "fleet"].iter().position(|k| *k == kind).unwrap()] += 1;
        let open = !closed(a) && !closed(b);
        assert_eq!(v.army_borders.get(pa, pb) && army, army && open, "army {a}-{b}");
        assert_eq!(v.army_borders.get(pb, pa) && army, army && open, "army {b}-{a}");
        if fleet {
            assert_eq!(v.fleet_borders.get(la.index(), lb.index()), open, "fleet {a}-{b}");
            assert_eq!(v.fleet_borders.get(lb.index(), la.index()), open, "fleet {b}-{a}");
        }
    }
    assert_eq!(kinds, [101, 51, 150]);
}

#[test]
fn starts_match_the_data() {
    let v = dv();
    let mut listed: Vec<String> =
        rows(STARTS).iter().filter(|r| r[0] == "dv").map(|r| format!("{} {} {}", r[1], r[2], r[3])).collect();
    let mut ours: Vec<String> = v
        .start_units
        .iter()
        .map(|&(p, k, l)| {
            format!("{} {} {}", v.power(p).name.to_lowercase(), k.letter(), v.province(v.province_of(l)).abbr)
        })
        .collect();
    listed.sort();
    ours.sort();
    assert_eq!(ours, listed);
    assert_eq!(ours.len(), 17);
}

const VARIANT: &str = include_str!("../../../variants/diadochi_v/variant.toml");
const MAP: &str = include_str!("../../../variants/vedder/map.toml");

/// A flag no game knows is a problem that names the province and game,
/// whichever game's list it is in.
#[test]
fn an_unknown_flag_is_a_problem() {
    let map = MAP.replace("flags.tr = [\"parthian\"]", "flags.tr = [\"parthain\"]");
    assert_ne!(map, MAP, "the map has the flag this test misspells");
    let problems = polemarch_engine::variant::load_texts(VARIANT, &map).unwrap_err();
    let text: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
    assert!(text.iter().any(|t| t.contains("province `arb`, flags.tr: unknown flag `parthain`")), "{text:?}");
}

/// Each game reads its own flags: read as Imperator's map (`im`), Britain
/// and Dacia are open and Media, Charax and Persepolis are closed.
#[test]
fn each_game_reads_its_own_flags() {
    let variant = VARIANT.replace("map_game = \"dv\"", "map_game = \"im\"");
    let v = polemarch_engine::variant::load_texts(&variant, MAP).unwrap_or_else(|p| panic!("{p:?}"));
    let terrain = |abbr: &str| v.province(v.province_of(v.find_loc(abbr).unwrap())).terrain;
    assert_eq!(terrain("bri"), Terrain::Coast);
    assert_eq!(terrain("dac"), Terrain::Land);
    assert_eq!(terrain("psp"), Terrain::Impassable);
    let arm = v.province(v.province_of(v.find_loc("arm").unwrap()));
    assert!(arm.flags.sassanid && !arm.flags.garrison_required);
    assert!(v.powers.iter().all(|p| p.optional_homes.is_empty()), "optional homes are Diadochi V's only");
}

/// Issue 12 review: the map's optional homes are build sites only where
/// the variant plays the `optional_homes` mechanic (D4), not in every
/// variant whose map flags them.
#[test]
fn optional_homes_are_build_sites_only_with_their_mechanic() {
    let mut v = dv();
    let macedonia = v.find_power("Macedonia").unwrap();
    let ath = v.province_of(v.find_loc("ath").unwrap());
    let kor = v.province_of(v.find_loc("kor").unwrap());
    assert!(v.rules.may_build_at(&v, macedonia, ath));
    v.rules.mechanics.retain(|m| *m != polemarch_engine::rules::OptionalHomes.into());
    assert!(!v.rules.may_build_at(&v, macedonia, ath));
    assert!(v.rules.may_build_at(&v, macedonia, kor));
}
