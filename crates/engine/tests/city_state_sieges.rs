//! City State sieges at the text edges (C5-C9): a unit behind the walls in
//! position JSON (`A ((lod))` among the units, `siege lod` in the state),
//! through a game record, the retreat options that include the walls, a
//! case file's unit line naming the walls (an error pointing to the key),
//! `R WALLS` from a province with no walls, and C7 after a Winter
//! adjustment.

use polemarch_engine::adjudicate::{adjudicate, retreat_options};
use polemarch_engine::cases::{parse_cases, run_case};
use polemarch_engine::game::{current, new_game, process, submit, GameRecord};
use polemarch_engine::order::{parse_order, parse_order_line};
use polemarch_engine::state::{Dislodged, Kind};
use polemarch_engine::variant::embedded_variant;
use polemarch_engine::{Force, Position, Variant};
use std::rc::Rc;

fn cs() -> Variant {
    embedded_variant("city_state").expect("embedded").unwrap_or_else(|p| panic!("{p:?}"))
}

fn force(v: &Variant, power: &str, kind: Kind, place: &str) -> Force {
    Force::single(v.find_power(power).unwrap(), kind, v.find_loc(place).unwrap_or_else(|| panic!("no place `{place}`")))
}

/// Mantua's army in Lodi, Milan's behind its walls for one phase already.
fn besieged_lodi(v: &Variant, phase: &str) -> Position {
    let mut pos = Position::empty(v, v.calendar.parse_phase(phase).unwrap());
    pos.owners = v.start_owners.clone();
    pos.forces = vec![force(v, "Mantua", Kind::ARMY, "lod"), force(v, "Milan", Kind::ARMY, "lod-walls")];
    pos.state.sieges = vec![(v.province_of(v.find_loc("lod").unwrap()), 1)];
    pos.normalize();
    pos
}

#[test]
fn a_unit_behind_the_walls_survives_position_json() {
    let v = cs();
    let pos = besieged_lodi(&v, "Spring 1301 movement");
    let json = pos.to_json(&v);
    assert_eq!(json.units["Milan"], ["A ((lod))"]);
    assert_eq!(json.units["Mantua"], ["A lod"]);
    assert_eq!(json.state.get("siege lod").map(String::as_str), Some("Milan A 1"));
    let text = serde_json::to_string(&json).unwrap();
    assert_eq!(Position::from_json(&v, &text).unwrap(), pos);

    // The key alone names the unit too (the case files' way): the same
    // position.
    let key_only =
        r#"{"phase": "Spring 1301 movement", "units": {"Mantua": ["A lod"]}, "state": {"siege lod": "Milan A 1"}}"#;
    assert_eq!(Position::from_json(&v, key_only).unwrap(), pos);
    // A unit line and a key that disagree are an error naming the key.
    let clash = concat!(
        r#"{"phase": "Spring 1301 movement", "units": {"Mantua": ["A lod"], "Milan": ["A ((lod))"]}, "#,
        r#""state": {"siege lod": "Mantua A 1"}}"#
    );
    let err = Position::from_json(&v, clash).unwrap_err().to_string();
    assert!(err.contains("state `siege lod`") && err.contains("Milan: A ((lod))"), "{err}");
    // A bad count, a centre without walls, a fleet behind an inland centre's.
    for (key, value, expected) in [
        ("siege lod", "Milan A 2", "expected 0 or 1"),
        ("siege pia", "Milan A 0", "`pia` has no walls"),
        ("siege lod", "Milan F 0", "a fleet cannot stand"),
        ("siege aqu", "Venice F 0", "only in a port"),
    ] {
        let text = format!(r#"{{"phase": "Spring 1301 movement", "state": {{"{key}": "{value}"}}}}"#);
        let err = Position::from_json(&v, &text).unwrap_err().to_string();
        assert!(err.contains(expected), "{key} {value}: {err}");
    }
}

#[test]
fn a_siege_goes_through_a_game_record() {
    let v = cs();
    let mut rec: GameRecord = new_game(&v, "city_state", 7);
    let pos = besieged_lodi(&v, "Spring 1301 movement");
    let mut start = pos.clone();
    start.state.sieges.clear();
    rec.phases[0].phase = v.calendar.display(start.phase).to_string();
    rec.phases[0].start = start.to_json(&v);
    // Written out and read back, the record keeps the unit behind the walls.
    let rec: GameRecord = serde_json::from_str(&serde_json::to_string(&rec).unwrap()).unwrap();
    assert_eq!(current(&v, &rec).unwrap(), start);

    let mut rec = rec;
    let milan = v.find_power("Milan").unwrap();
    let accepted = submit(&v, &mut rec, milan, "Milan", "2026-01-01T00:00:00Z", &["a ((lod)) h".to_string()]).unwrap();
    assert_eq!(accepted[0].order.as_deref(), Some("A ((lod)) H"));
    process(&v, &mut rec).unwrap();
    let rec: GameRecord = serde_json::from_str(&serde_json::to_string(&rec).unwrap()).unwrap();
    let after = current(&v, &rec).unwrap();
    assert_eq!(after.forces, pos.forces, "the unit is still behind the walls");
    assert_eq!(after.state.sieges, pos.state.sieges, "one movement phase spent there (C9)");
    assert_eq!(
        rec.phases[0].processed.as_ref().unwrap().end.state.get("siege lod").map(String::as_str),
        Some("Milan A 1")
    );
}

#[test]
fn the_retreat_options_include_the_walls() {
    let v = cs();
    let mut pos = Position::empty(&v, v.calendar.parse_phase("Autumn 1301 retreat").unwrap());
    pos.forces = vec![force(&v, "Mantua", Kind::ARMY, "lod")];
    let cre = v.province_of(v.find_loc("cre").unwrap());
    pos.dislodged.push(Dislodged {
        force: force(&v, "Milan", Kind::ARMY, "lod"),
        attacker_from: Some(cre),
        by_convoy: false,
        also_from: Vec::new(),
    });
    let options: Vec<String> =
        retreat_options(&v, &pos, &pos.dislodged[0]).into_iter().map(|l| v.loc_abbr(l)).collect();
    assert!(options.contains(&"((lod))".to_string()), "{options:?}");
    assert_eq!(pos.to_json(&v).dislodged["Milan"][0].retreats, options);
}

#[test]
fn after_a_raise_the_dislodged_unit_may_not_go_behind_the_walls() {
    let v = cs();
    let mut pos = besieged_lodi(&v, "Spring 1301 movement");
    pos.forces.push(force(&v, "Milan", Kind::ARMY, "mil"));
    pos.forces.push(force(&v, "Milan", Kind::ARMY, "pav"));
    pos.normalize();
    let orders: Vec<_> =
        ["Milan: A mil R lod", "Milan: A pav S A mil - lod"].iter().map(|t| parse_order_line(&v, t).unwrap()).collect();
    let next = adjudicate(&v, &pos, &orders).next;
    assert_eq!(next.dislodged.len(), 1);
    let options: Vec<String> =
        retreat_options(&v, &next, &next.dislodged[0]).into_iter().map(|l| v.loc_abbr(l)).collect();
    assert!(!options.is_empty() && !options.iter().any(|o| o == "((lod))" || o == "mil"), "{options:?}");
}

#[test]
fn a_case_unit_line_behind_the_walls_points_to_the_key() {
    let text = "CASE X.1 walls as a unit\nVARIANT city_state\nPRESTATE_SETPHASE Spring 1301, Movement\n\
                PRESTATE\n    Milan: A ((lod))\nORDERS\nPOSTSTATE_SAME\nEND\n";
    let case = &parse_cases(text)[0];
    let report = run_case(case, &mut |_| Ok(Rc::new(cs())));
    assert!(!report.passed);
    assert!(report.problems[0].contains("write `siege lod <power> <kind> <phases>`"), "{:?}", report.problems);
}

#[test]
fn walls_need_a_centre() {
    let v = cs();
    let err = parse_order(&v, "A pia R WALLS", None).unwrap_err().to_string();
    assert!(err.contains("`pia` has no walls"), "{err}");
    let order = parse_order(&v, "A lod r walls", None).unwrap();
    assert_eq!(order.display(&v).to_string(), "A lod R ((lod))");
}

/// C7 at the end of a Winter adjustment: Mantua removes its besieging army
/// and Milan's unit behind the walls reoccupies Lodi.
#[test]
fn the_walls_unit_reoccupies_after_a_removal() {
    let v = cs();
    let mut pos = besieged_lodi(&v, "Winter 1301 adjustment");
    // The Emperor, with no DA here, has had this year's rebuild (C14): no
    // DA appears in Germany.
    pos.state.da_rebuilt = Some(1301);
    let mantua = v.find_power("Mantua").unwrap();
    pos.owners.iter_mut().filter(|o| **o == Some(mantua)).for_each(|o| *o = None);
    let orders = vec![parse_order_line(&v, "Mantua: REMOVE A lod").unwrap()];
    let next = adjudicate(&v, &pos, &orders).next;
    assert_eq!(next.forces, vec![force(&v, "Milan", Kind::ARMY, "lod")]);
    assert!(next.state.sieges.is_empty());
}

/// A `PRESTATE_RESULTS` line with `R` names the dislodger of the unit in
/// its target only where `R` in a movement is a raise (City State C8);
/// in standard Diplomacy it says nothing of the retreats, as the public
/// case format has it.
#[test]
fn a_prestate_raise_counts_only_in_a_variant_with_sieges() {
    let attacker = |variant: &str, setup: &str| {
        let text = format!("CASE X\nVARIANT {variant}\n{setup}\nORDERS\nEND\n");
        let case = polemarch_engine::cases::parse_cases(&text).pop().unwrap();
        let v = polemarch_engine::variant::embedded_variant(variant).unwrap().unwrap();
        let pos = polemarch_engine::cases::prestate(&case, &v).unwrap();
        pos.dislodged[0].attacker_from.map(|p| v.province(p).abbr.clone())
    };
    let standard = "PRESTATE_SETPHASE Spring 1901, Retreat\nPRESTATE\n    France: A par\n\
                    PRESTATE_DISLODGED\n    Germany: A bur\nPRESTATE_RESULTS\n    SUCCESS: France: A par R bur";
    assert_eq!(attacker("standard", standard), None);
    let city_state = "PRESTATE_SETPHASE Spring 1301, Retreat\nPRESTATE\n    Milan: A mil\n    Milan: A lod\n\
                      PRESTATE_DISLODGED\n    Mantua: A lod\nPRESTATE_RESULTS\n    SUCCESS: Milan: A mil R lod";
    assert_eq!(attacker("city_state", city_state).as_deref(), Some("mil"));
}
