//! The variant files' keys for pictures (docs/variant-format.md): a power's
//! `colour`, a province's `label` and its region hints (`region`), read
//! when given and checked.

use polemarch_engine::variant::{embedded_variant, load_texts};

const VARIANT: &str = include_str!("../../../variants/standard/variant.toml");
const MAP: &str = include_str!("../../../variants/standard/map.toml");

#[test]
fn standard_gives_each_power_a_colour() {
    let v = embedded_variant("standard").unwrap().unwrap();
    let england = v.find_power("England").unwrap();
    assert_eq!(v.power(england).colour.as_deref(), Some("#1b3f94"));
    assert!(v.powers.iter().all(|p| p.colour.is_some()));
}

#[test]
fn a_colour_that_is_not_six_hex_digits_is_a_problem_naming_the_power() {
    let text = VARIANT.replacen("colour = \"#1b3f94\"", "colour = \"navy\"", 1);
    let problems = load_texts(&text, MAP).expect_err("a bad colour is refused");
    let said: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
    assert!(said.iter().any(|p| p.contains("England") && p.contains("`navy` is not a colour")), "{said:?}");
}

#[test]
fn a_label_is_read_where_given_and_absent_elsewhere() {
    let map = MAP.replacen("abbr = \"adr\"\n", "abbr = \"adr\"\nlabel = [800.0, 1000.0]\n", 1);
    let v = load_texts(VARIANT, &map).unwrap_or_else(|p| panic!("{p:?}"));
    let adr = v.province(v.province_of(v.find_loc("adr").unwrap()));
    assert_eq!(adr.label, Some([800.0, 1000.0]));
    let lon = v.province(v.province_of(v.find_loc("lon").unwrap()));
    assert_eq!(lon.label, None);
}

/// TOML reads `nan` and `inf` as numbers; as coordinates they are refused,
/// with the file, the province and the key named.
#[test]
fn coordinates_that_are_not_finite_are_a_problem_naming_the_province() {
    for (from, to, key) in [
        ("at = [793.5, 1048.0]", "at = [nan, 1e308]", "province `adr`, at: [NaN, 100000"),
        ("at = [793.5, 1048.0]", "at = [793.5, -inf]", "province `adr`, at: [793.5, -inf]"),
        ("at = [289.0, 965.0]", "at = [inf, 965.0]", "province `spa`, coasts.nc.at: [inf, 965]"),
        ("abbr = \"adr\"\n", "abbr = \"adr\"\nlabel = [nan, 0.0]\n", "province `adr`, label: [NaN, 0]"),
    ] {
        assert!(MAP.contains(from), "{from}");
        let problems = load_texts(VARIANT, &MAP.replacen(from, to, 1)).expect_err(to);
        let said: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
        assert!(
            said.iter()
                .any(|p| p.starts_with("map.toml: ") && p.contains(key) && p.ends_with("expected two finite numbers")),
            "{to}: {said:?}"
        );
    }
    // Large but finite is a number like any other.
    let far = MAP.replacen("at = [793.5, 1048.0]", "at = [793.5, 1e308]", 1);
    assert!(load_texts(VARIANT, &far).is_ok());
}

#[test]
fn region_hints_are_read_where_given_and_absent_elsewhere() {
    let map = MAP.replacen("abbr = \"adr\"\n", "abbr = \"adr\"\nregion = [[760.0, 1000.0], [830.0, 1100.0]]\n", 1);
    let v = load_texts(VARIANT, &map).unwrap_or_else(|p| panic!("{p:?}"));
    let adr = v.province(v.province_of(v.find_loc("adr").unwrap()));
    assert_eq!(adr.region, vec![[760.0, 1000.0], [830.0, 1100.0]]);
    let lon = v.province(v.province_of(v.find_loc("lon").unwrap()));
    assert!(lon.region.is_empty());
}

/// A region hint is a finite point inside the picture (the box of the
/// map's points); otherwise the province and the hint are named.
#[test]
fn a_region_hint_not_finite_or_outside_the_picture_is_a_problem_naming_it() {
    for (hints, said_by) in [
        ("[[760.0, 1000.0], [nan, 0.0]]", "province `adr`, region[1]: [NaN, 0]: expected two finite numbers"),
        ("[[760.0, 1000.0], [760.0, 1e6]]", "province `adr`, region[1]: [760, 1000000]: outside the map's points"),
        ("[[-5000.0, 1000.0]]", "province `adr`, region[0]: [-5000, 1000]: outside the map's points"),
    ] {
        let map = MAP.replacen("abbr = \"adr\"\n", &format!("abbr = \"adr\"\nregion = {hints}\n"), 1);
        let problems = load_texts(VARIANT, &map).expect_err(hints);
        let said: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
        assert!(said.iter().any(|p| p.starts_with("map.toml: ") && p.contains(said_by)), "{hints}: {said:?}");
    }
}
