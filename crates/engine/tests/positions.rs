//! Positions read from JSON are checked against the variant (issue 11,
//! item 4): terrain, coasts, kinds, owners and seaworthiness, with an error
//! naming the unit and what is wrong.

use polemarch_engine::game;
use polemarch_engine::state::{Position, PositionError};
use polemarch_engine::variant::{embedded_variant, PhaseProblem};
use polemarch_engine::Variant;

fn variant(id: &str) -> Variant {
    embedded_variant(id).expect("a built-in variant").expect("it loads")
}

fn read(v: &Variant, units: &str) -> Result<Position, String> {
    Position::from_json(v, &format!(r#"{{"phase": "Spring 1901, Movement", {units}}}"#)).map_err(|e| e.to_string())
}

#[test]
fn a_fleet_inland_is_refused() {
    let e = read(&variant("standard"), r#""units": {"France": ["A par", "F mun"]}"#).unwrap_err();
    assert_eq!(e, "position JSON, units of France: `F mun`: a fleet cannot stand in Munich (land)");
}

#[test]
fn an_army_at_sea_is_refused() {
    let e = read(&variant("standard"), r#""units": {"Italy": ["A wes"]}"#).unwrap_err();
    assert_eq!(e, "position JSON, units of Italy: `A wes`: an army cannot stand in Western Mediterranean (sea)");
}

#[test]
fn a_fleet_on_a_two_coast_province_names_its_coast() {
    let v = variant("standard");
    let e = read(&v, r#""units": {"France": ["F spa"]}"#).unwrap_err();
    assert_eq!(
        e,
        "position JSON, units of France: `F spa`: a fleet in Spain stands on one of its coasts (`spa/nc`, `spa/sc`)"
    );
    assert!(read(&v, r#""units": {"France": ["F spa/sc"]}"#).is_ok());
}

#[test]
fn a_kind_the_variant_does_not_have_is_refused() {
    let e = read(&variant("standard"), r#""units": {"France": ["G bur"]}"#).unwrap_err();
    assert_eq!(e, "position JSON, units of France: `G bur`: Standard Diplomacy has no garrisons");
}

#[test]
fn a_centre_owned_by_two_powers_is_refused() {
    let v = variant("standard");
    let e = read(&v, r#""owners": {"France": ["bel"], "Germany": ["bel"]}"#).unwrap_err();
    assert_eq!(e, "position JSON, owners of Germany: `bel` is owned by France too");
    let e = read(&v, r#""owners": {"France": ["par", "Paris"]}"#).unwrap_err();
    assert_eq!(e, "position JSON, owners of France: `Paris` is listed twice");
}

#[test]
fn a_dislodged_unit_is_checked_too() {
    let e = Position::from_json(
        &variant("standard"),
        concat!(
            r#"{"phase": "Spring 1901, Retreat", "units": {"France": ["F mao"]}, "#,
            r#""dislodged": {"England": [{"unit": "A mao"}]}}"#
        ),
    )
    .unwrap_err();
    // By kind: an entry of the dislodged list that cannot be.
    assert!(matches!(&e, PositionError::Entry { list, .. } if list == "dislodged of England"), "{e:?}");
    assert_eq!(
        e.to_string(),
        "position JSON, dislodged of England: `A mao`: an army cannot stand in Mid-Atlantic Ocean (sea)"
    );
}

/// Forces of several units, and an army that keeps a coast, belong to
/// Multiplicity; standard has one unit to a province, an army on the
/// province itself.
#[test]
fn a_force_of_several_units_or_an_army_on_a_coast_needs_multiplicity() {
    let v = variant("standard");
    let e = read(&v, r#""units": {"France": ["2A/F gas"]}"#).unwrap_err();
    assert_eq!(
        e,
        "position JSON, units of France: `2A/F gas`: Standard Diplomacy has one unit to a force (forces of \
         several units are Multiplicity's)"
    );
    let e = read(&v, r#""units": {"France": ["2A bur"]}"#).unwrap_err();
    assert_eq!(
        e,
        "position JSON, units of France: `2A bur`: Standard Diplomacy has one unit to a force (forces of \
         several units are Multiplicity's)"
    );
    let e = read(&v, r#""units": {"Russia": ["A stp/nc"]}"#).unwrap_err();
    assert_eq!(
        e,
        "position JSON, units of Russia: `A stp/nc`: an army stands in St Petersburg, not on one of its \
         coasts (`A stp`)"
    );
    let e = Position::from_json(
        &v,
        r#"{"phase": "Spring 1901, Retreat", "dislodged": {"France": [{"unit": "A spa/sc"}]}}"#,
    )
    .unwrap_err()
    .to_string();
    assert_eq!(
        e,
        "position JSON, dislodged of France: `A spa/sc`: an army stands in Spain, not on one of its coasts (`A spa`)"
    );
    assert!(read(&v, r#""units": {"Russia": ["A stp", "F bot"]}"#).is_ok());
    let m = variant("multiplicity");
    assert!(read(&m, r#""units": {"France": ["2A bur", "A spa/sc"]}"#).is_ok());
}

#[test]
fn a_mixed_force_at_sea_needs_as_many_fleets_as_armies() {
    let v = variant("multiplicity");
    let e = read(&v, r#""units": {"France": ["2A/F mao"]}"#).unwrap_err();
    assert_eq!(
        e,
        "position JSON, units of France: `2A/F mao`: a force with more armies than fleets cannot stand in \
         Mid-Atlantic Ocean (sea)"
    );
    assert!(read(&v, r#""units": {"France": ["A/F mao", "A/2F wes"]}"#).is_ok());
    // A force with a fleet stands where a fleet may, on a coast of Spain.
    let e = read(&v, r#""units": {"France": ["A/F bur"]}"#).unwrap_err();
    assert_eq!(e, "position JSON, units of France: `A/F bur`: a fleet cannot stand in Burgundy (land)");
    assert!(read(&v, r#""units": {"France": ["A/F spa/nc", "2A bur"]}"#).is_ok());
}

#[test]
fn every_starting_position_and_its_json_read_back() {
    for id in ["standard", "multiplicity", "hoplite_wars", "ancient_mediterranean"] {
        let v = variant(id);
        let mut start = Position::start(&v);
        start.normalize();
        let text = serde_json::to_string(&start.to_json(&v)).unwrap();
        assert_eq!(Position::from_json(&v, &text).unwrap(), start, "{id}");
    }
}

#[test]
fn a_game_record_with_a_fleet_inland_does_not_load_its_position() {
    let v = variant("standard");
    let mut rec = game::new_game(&v, "standard", 1);
    let units = rec.phases[0].start.units.get_mut("Germany").unwrap();
    let kie = units.iter().position(|u| u == "F kie").unwrap();
    units[kie] = "F mun".into();
    units.retain(|u| u != "A mun");
    let e = game::current(&v, &rec).unwrap_err();
    assert!(matches!(e, game::GameError::Record(_)), "{e:?}");
    assert_eq!(
        e.to_string(),
        "phase Spring 1901, Movement: position JSON, units of Germany: `F mun`: a fleet cannot stand in Munich (land)"
    );
}

/// `variant check` says the same of a variant's starting units, with the
/// same words.
#[test]
fn a_starting_unit_that_cannot_stand_is_a_problem_of_the_variant() {
    let text = include_str!("../../../variants/standard/variant.toml");
    let map = include_str!("../../../variants/standard/map.toml");
    let austria = r#"units = ["A bud", "A vie", "F tri"]"#;
    assert!(text.contains(austria));
    let problems =
        polemarch_engine::variant::load_texts(&text.replace(austria, r#"units = ["A bud", "F vie", "G tri"]"#), map)
            .unwrap_err();
    let problems: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
    assert_eq!(
        problems,
        [
            "variant.toml: power `Austria`.units: `F vie`: a fleet cannot stand in Vienna (land)",
            "variant.toml: power `Austria`.units: `G tri`: Standard Diplomacy has no garrisons"
        ]
    );
}

/// Text from the file quoted in an error is cut to 60 characters and `…`:
/// a name of a megabyte is not echoed back whole.
#[test]
fn long_text_is_cut_in_errors() {
    let v = variant("standard");
    let long = "x".repeat(10_000);
    let cut = format!("{}…", "x".repeat(60));
    let cases = [
        format!(r#""units": {{"{long}": ["A par"]}}"#),
        format!(r#""units": {{"France": ["A {long}"]}}"#),
        format!(r#""units": {{"France": ["{long} par"]}}"#),
        format!(r#""units": {{"France": ["A par", "A {long}"]}}"#),
        format!(r#""owners": {{"France": ["{long}"]}}"#),
        format!(r#""contested": ["{long}"]"#),
        format!(
            concat!(
                r#""units": {{"France": ["A pic"]}}, "#,
                r#""dislodged": {{"France": [{{"unit": "A bur", "attacker_from": "{long}"}}]}}"#
            ),
            long = long
        ),
    ];
    for units in &cases {
        let e = read(&v, units).unwrap_err();
        assert!(
            e.len() < 400 && e.contains(&cut),
            "{} characters: {}",
            e.len(),
            e.chars().take(300).collect::<String>()
        );
    }
    let e = Position::from_json(&v, &format!(r#"{{"phase": "{long}"}}"#)).unwrap_err();
    assert!(matches!(&e, PositionError::Phase(p) if p.kind == PhaseProblem::Shape), "{e:?}");
    let e = e.to_string();
    assert!(e.len() < 400 && e.contains(&cut), "{} characters", e.len());
    let e = v.power_named(&long).unwrap_err().to_string();
    assert!(e.len() < 400 && e.contains(&cut), "{} characters", e.len());
}
