//! The `polemarch` command line, run as a user runs it.

mod common;

use common::*;

#[test]
fn every_case_passes() {
    let text = ok(&["cases", "tests/cases"]);
    let last = text.lines().last().unwrap_or_default().to_string();
    let passed: usize = last.split_whitespace().next().unwrap().parse().unwrap();
    assert!(passed >= 164, "{last}");
    assert!(last.ends_with(" 0 failed"), "{last}");
}

/// Runs `polemarch cases` on one case file of `text`; the case must fail.
fn failing_case(tag: &str, text: &str) -> String {
    let dir = tempdir(tag);
    let file = dir.join("case.txt");
    std::fs::write(&file, text).unwrap();
    let out = polemarch(&["cases", file.to_str().unwrap()]);
    assert!(!out.status.success(), "{}", stdout(&out));
    stdout(&out)
}

#[test]
fn a_failing_case_is_reported_with_what_was_expected() {
    let text = failing_case(
        "failing-case",
        "CASE X.1 wrong on purpose\nPRESTATE_SETPHASE Spring 1901, Movement\nPRESTATE\n England: F nth\n\
         ORDERS\n England: F nth - nwg\nPOSTSTATE\n England: F nth\nEND\n",
    );
    assert!(text.contains("FAIL X.1"), "{text}");
    assert!(
        text.contains("expected but missing [England: F nth]; present but not expected [England: F nwg]"),
        "{text}"
    );
    assert!(text.trim_end().ends_with("0 passed, 1 failed"), "{text}");
}

/// docs/case-files.md: lines naming one location build one force, which only one
/// player's powers may share; two players there is a mistake in the case,
/// named by its line, not a force made up of both.
#[test]
fn two_players_in_one_province_is_a_case_error() {
    let text = failing_case(
        "two-players",
        "CASE X.2 two players in one place\nVARIANT hoplite_wars\nPRESTATE_SETPHASE Spring 450 BC, Movement\n\
         PRESTATE\n Athens: A meg\n Sparta: A meg\nORDERS\n Athens: A meg H\nPOSTSTATE_SAME\nEND\n",
    );
    assert!(text.contains("line 6: `Sparta: A meg`: another player's force already stands there"), "{text}");
}

/// docs/case-files.md: no unit stands in an impassable province
/// (Switzerland; Nikjon's mountains, N2): a case putting one there is a
/// mistake in the case, named by its line, not a unit the adjudicator moves.
#[test]
fn a_unit_in_an_impassable_province_is_a_case_error() {
    let text = failing_case(
        "impassable",
        "CASE X.3 a unit in Switzerland\nPRESTATE\n France: A swi\nORDERS\n France: A swi - mar\nPOSTSTATE_SAME\nEND\n",
    );
    assert!(
        text.contains("line 3: `France: A swi`: no unit stands in Switzerland (impassable): it is no space"),
        "{text}"
    );
    assert!(text.trim_end().ends_with("0 passed, 1 failed"), "{text}");
}

#[test]
#[cfg_attr(
    not(polemarch_shared),
    ignore = "needs ../shared/reference beside the checkout (kept out of the repository; CI has it)"
)]
fn jdip_v2_4_file_fails_only_the_documented_cases() {
    let file = shared("reference/datc/jdip_v2.4/datc_v2.4_06.txt");
    let out = polemarch(&["cases", file.to_str().unwrap()]);
    let text = stdout(&out);
    let failed: Vec<&str> =
        text.lines().filter(|l| l.starts_with("FAIL ")).map(|l| l.split_whitespace().nth(1).unwrap()).collect();
    assert_eq!(failed, ["6.F.8", "6.F.17", "6.G.8"], "{text}");
    assert!(text.trim_end().ends_with("165 passed, 3 failed"), "{text}");
    assert!(!text.contains("line "), "every case parses: {text}");
}

#[test]
fn ancient_mediterranean_checks_clean_with_the_rulings_counts() {
    // rules/ancient_mediterranean.md: 79 provinces (20 sea, 14 inland, 44
    // coastal, plus Baleares), 222 bordering pairs, 34 centres (15 home, 19
    // neutral), no split coasts.
    let text = ok(&["variant", "check", "ancient_mediterranean"]);
    assert!(text.contains("provinces: 79 (14 land, 44 coast, 20 sea, 1 islands)"), "{text}");
    assert!(text.contains("coasts: 0 locations"), "{text}");
    assert!(text.contains("borders: 222 bordering pairs"), "{text}");
    assert!(text.contains("centres: 34 (34 worth 1; 15 home, 19 neutral)"), "{text}");
    assert!(text.contains("powers: 5"), "{text}");
    assert!(text.contains("victory: 18 centres"), "{text}");
}

#[test]
fn hoplite_wars_checks_clean_with_the_rulings_counts() {
    // rules/hoplite_wars.md H1, H21, H22: 14 powers in 7 players, 104
    // provinces (103 reconstructed, and Dyme: variants/hoplite_wars/NOTES.md),
    // 29 Cities worth 1 and 23 Towns worth 1/2 (40.5 in all), double coasts
    // for Chalcis, Larissa and Megara.
    let text = ok(&["variant", "check", "hoplite_wars"]);
    assert!(text.contains("provinces: 104 (14 land, 66 coast, 24 sea)"), "{text}");
    assert!(text.contains("coasts: 6 locations on 3 multi-coast provinces"), "{text}");
    assert!(text.contains("centres: 52 (23 worth 0.5, 29 worth 1; 28 home, 24 neutral), 40.5 in all"), "{text}");
    assert!(text.contains("powers: 14"), "{text}");
    assert!(
        text.contains(
            "players: 7 (Achea+Chalcis, Aetolia+Mantinea, Argolis+Pherea, Athens+Anactorium, Boeotia+Elis, \
             Sparta+Elatea, Thessaly+Messene)"
        ),
        "{text}"
    );
    assert!(text.contains("victory: 20.5 centres (a player's powers together)"), "{text}");
    assert!(
        text.contains(
            "rules: multiplicity, placement (costed), garrisons, builds in owned centres, towns change \
             hands every move, 7 colonies, delphi (del), claims, conversion, liberation"
        ),
        "{text}"
    );
}

/// Issue 12: `polemarch variant check diadochi_v` is clean and prints the
/// counts of the reconstructed Vedder map as Diadochi V reads it (109
/// spaces, 52 centres of which 50 in play: Britain and Dacia are impassable,
/// D3), and its rules D3-D7.
#[test]
fn diadochi_v_checks_clean_with_its_counts() {
    let text = ok(&["variant", "check", "diadochi_v"]);
    assert!(text.contains("Diadochi V (diadochi_v): ok"), "{text}");
    assert!(text.contains("provinces: 109 (21 land, 60 coast, 26 sea, 2 impassable)"), "{text}");
    assert!(text.contains("coasts: 6 locations on 3 multi-coast provinces"), "{text}");
    assert!(text.contains("centres: 50 (48 worth 1, 2 worth 2; 17 home, 33 neutral), 52 in all"), "{text}");
    assert!(text.contains("garrison required: arm bel ill scy"), "{text}");
    assert!(text.contains("victory: 25 self-supporting units, joint victory"), "{text}");
    assert!(
        text.contains(
            "rules: builds in optional homes, centres worth more to Rome, garrison-required centres, destroying \
             centres, rebuilding centres, loans, at most 2 fleets built per Winter"
        ),
        "{text}"
    );
}

/// Issue 15: `polemarch variant check nikjon` is clean and prints the
/// counts of the new Nikjon map (70 spaces and 3 impassable mountain areas,
/// Grobag's two coasts, 34 centres, 18 to win, N1, N2); `variant list`
/// lists it.
#[test]
fn nikjon_checks_clean_with_its_counts() {
    let text = ok(&["variant", "check", "nikjon"]);
    for line in [
        "Nikjon (nikjon): ok\n",
        "  provinces: 73 (10 land, 40 coast, 20 sea, 3 impassable)\n",
        "  coasts: 2 locations on 1 multi-coast province\n",
        "  borders: 177 bordering pairs\n",
        "  centres: 34 (34 worth 1; 22 home, 12 neutral), 34 in all\n",
        "  powers: 7\n",
        "  victory: 18 centres\n",
    ] {
        assert!(text.contains(line), "{line}{text}");
    }
    assert!(!text.contains("rules:"), "{text}");
    let list = ok(&["variant", "list"]);
    assert!(list.lines().any(|l| l.starts_with("nikjon ") && l.ends_with(" Nikjon")), "{list}");
}

#[test]
fn standard_variant_checks_clean() {
    let text = ok(&["variant", "check", "standard"]);
    assert!(text.contains("provinces: 76 (14 land, 42 coast, 19 sea, 1 impassable)"), "{text}");
    assert!(text.contains("centres: 34"), "{text}");
    assert!(text.contains("powers: 7"), "{text}");
}

/// A copy of the standard variant with one line of its map changed.
fn broken_standard(name: &str, from: &str, to: &str) -> TempDir {
    let dir = tempdir(name);
    let src = root().join("variants/standard");
    std::fs::copy(src.join("variant.toml"), dir.join("variant.toml")).unwrap();
    let map = std::fs::read_to_string(src.join("map.toml")).unwrap();
    assert!(map.contains(from), "the map has `{from}`");
    std::fs::write(dir.join("map.toml"), map.replacen(from, to, 1)).unwrap();
    dir
}

#[test]
fn a_one_sided_border_is_one_line_naming_it() {
    // Holland's army border to Ruhr removed: Ruhr still lists Holland.
    let dir = broken_standard("one-sided", "army = [\"bel\", \"kie\", \"ruh\"]", "army = [\"bel\", \"kie\"]");
    let out = polemarch(&["variant", "check", dir.to_str().unwrap()]);
    let text = stdout(&out);
    assert!(!out.status.success());
    assert_eq!(
        text.lines().next().unwrap(),
        "map.toml: province `ruh`, army: border to `hol` is not listed from `hol`",
        "{text}"
    );
    assert!(text.contains("1 problem"), "{text}");
}

#[test]
fn an_unknown_border_names_the_province_and_key() {
    let dir = broken_standard("unknown", "army = [\"bel\", \"kie\", \"ruh\"]", "army = [\"bel\", \"kie\", \"rhr\"]");
    let out = polemarch(&["variant", "check", dir.to_str().unwrap()]);
    let text = stdout(&out);
    assert!(!out.status.success(), "a map with a problem fails the check: {text}");
    assert!(text.contains("map.toml: province `hol`, army: unknown province `rhr`"), "{text}");
}

#[test]
fn an_army_border_into_a_sea_is_refused() {
    let dir = broken_standard(
        "army-sea",
        "army = [\"bel\", \"kie\", \"ruh\"]",
        "army = [\"bel\", \"kie\", \"ruh\", \"nth\"]",
    );
    let out = polemarch(&["variant", "check", dir.to_str().unwrap()]);
    let text = stdout(&out);
    assert!(!out.status.success(), "a map with a problem fails the check: {text}");
    assert!(text.contains("army border into sea province `nth`"), "{text}");
}

#[test]
fn a_broken_toml_file_is_an_error_not_a_panic() {
    let dir = broken_standard("toml", "[[province]]", "[[province]");
    let out = polemarch(&["variant", "check", dir.to_str().unwrap()]);
    let text = stdout(&out) + &stderr(&out);
    assert!(!out.status.success());
    assert!(text.starts_with("map.toml: "), "{text}");
    assert!(!text.contains("panicked"), "{text}");
}

#[test]
fn adjudicate_prints_results_with_reasons() {
    let text = ok(&["adjudicate", "--orders", "crates/cli/src/demo/1_spring_1901.txt"]);
    assert!(text.contains("A war - gal                  bounced: 1 against 1 from vie  [failed]"), "{text}");
    assert!(text.contains("Standoffs: bla, gal"), "{text}");
    assert!(text.contains("Next: Autumn 1901, Movement"), "{text}");
}

#[test]
fn adjudicate_json_gives_the_next_position() {
    let text = ok(&["adjudicate", "--orders", "crates/cli/src/demo/1_spring_1901.txt", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&text).expect("JSON output");
    assert_eq!(json["next"]["phase"], "Autumn 1901, Movement");
    assert_eq!(json["results"][0]["order"], "A vie - gal");
    assert_eq!(json["results"][0]["result"], "FAILURE");
    assert_eq!(json["next"]["units"]["England"], serde_json::json!(["F nth", "F nwg", "A yor"]));
}

#[test]
fn adjudicate_from_a_position_file_with_a_retreat() {
    let dir = tempdir("retreat");
    let pos = dir.join("pos.json");
    let json = concat!(
        r#"{"phase": "Spring 1901, Retreat", "units": {"Germany": ["A hol", "F kie"], "England": ["F nth"]}, "#,
        r#""dislodged": {"England": [{"unit": "A hol", "attacker_from": "ruh"}]}}"#
    );
    std::fs::write(&pos, json).unwrap();
    let orders = dir.join("orders.txt");
    std::fs::write(&orders, "England: A hol - bel\n").unwrap();
    let text = ok(&["adjudicate", "--position", pos.to_str().unwrap(), "--orders", orders.to_str().unwrap(), "--json"]);
    let json: serde_json::Value = serde_json::from_str(&text).expect("JSON output");
    assert_eq!(json["results"][0]["result"], "SUCCESS");
    assert_eq!(json["next"]["units"]["England"], serde_json::json!(["A bel", "F nth"]));
}

#[test]
fn a_bad_order_names_its_line_and_column() {
    let dir = tempdir("bad-order");
    let orders = dir.join("orders.txt");
    std::fs::write(&orders, "England: F lon - nth\n# a comment\nFrance: A par - xyz\n").unwrap();
    let out = polemarch(&["adjudicate", "--orders", orders.to_str().unwrap()]);
    let text = stderr(&out);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text.contains(
            "line 3: `France: A par - xyz`: column 17: expected a province (abbreviation or name), found `xyz`"
        ),
        "{text}"
    );
    assert!(text.contains("nothing was adjudicated"), "{text}");
}

/// `demo` without FILE, as the README runs it; its record goes to a new
/// folder under TMPDIR, here a folder of the test's own, so that no
/// `polemarch-demo-*` folder is left in the shared temporary directory.
#[test]
fn demo_plays_a_scripted_game() {
    let tmp = tempdir("demo-plays");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_polemarch"))
        .arg("demo")
        .env("TMPDIR", tmp.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains(&format!("The whole game is recorded in {}/polemarch-demo-", tmp.display())), "{text}");
    assert!(text.contains("Winter 1901, Adjustment"), "{text}");
    assert!(text.contains("Autumn 1901, Retreat"), "{text}");
    assert!(text.contains("Next: Autumn 1902, Movement"), "{text}");
    assert!(text.contains("The whole game is recorded in"), "{text}");
    assert!(!text.contains("[illegal]"), "the demo's orders are all legal: {text}");
    std::fs::remove_dir_all(&tmp).unwrap();
}
