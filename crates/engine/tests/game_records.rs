//! A game record is checked against its variant when it is opened (issue
//! 11, item 5): phases labelled as their positions, each processed phase's
//! end the next phase's start, the phases in the calendar's order, and
//! every power named a power of the variant; the error names the phase.

use polemarch_engine::game::{self, GameRecord, GameResult};
use polemarch_engine::variant::embedded_variant;
use polemarch_engine::Variant;

/// Why `check_game` refuses `rec`, in words: always the record's fault.
fn refusal(v: &Variant, rec: &GameRecord) -> String {
    let e = game::check_game(v, rec).unwrap_err();
    assert!(matches!(e, game::GameError::Record(_)), "{e:?}");
    e.to_string()
}

fn variant(id: &str) -> Variant {
    embedded_variant(id).expect("a built-in variant").expect("it loads")
}

/// A standard game played to Spring 1902: France takes Spain and
/// Portugal, builds in Winter 1901.
fn played(v: &Variant) -> GameRecord {
    let mut rec = game::new_game(v, "standard", 7);
    let france = v.find_power("France").unwrap();
    for orders in [&["A mar - spa", "F bre - mao"][..], &["F mao - por"], &["BUILD A mar", "BUILD F bre"]] {
        let lines: Vec<String> = orders.iter().map(|s| s.to_string()).collect();
        game::submit(v, &mut rec, france, "France", "2026-11-23T00:00:00Z", &lines).unwrap();
        game::process(v, &mut rec).unwrap();
    }
    let labels: Vec<&str> = rec.phases.iter().map(|p| p.phase.as_str()).collect();
    assert_eq!(
        labels,
        ["Spring 1901, Movement", "Autumn 1901, Movement", "Winter 1901, Adjustment", "Spring 1902, Movement"]
    );
    rec
}

#[test]
fn a_record_the_judge_wrote_passes() {
    let v = variant("standard");
    game::check_game(&v, &game::new_game(&v, "standard", 1)).unwrap();
    let mut rec = played(&v);
    game::check_game(&v, &rec).unwrap();
    game::draw(&v, &mut rec).unwrap();
    game::check_game(&v, &rec).unwrap();
    for id in ["multiplicity", "hoplite_wars", "ancient_mediterranean"] {
        let v = variant(id);
        let mut rec = game::new_game(&v, id, 3);
        for _ in 0..4 {
            game::process(&v, &mut rec).unwrap();
        }
        game::check_game(&v, &rec).unwrap_or_else(|e| panic!("{id}: {e}"));
    }
}

#[test]
fn a_start_edited_back_to_winter_1901_is_refused() {
    let v = variant("standard");
    let mut rec = played(&v);
    rec.phases[3].start.phase = "Winter 1901, Adjustment".into();
    assert_eq!(refusal(&v, &rec), "phase Spring 1902, Movement: its start position is at Winter 1901, Adjustment");
    // Its name too: the phase before did not end there.
    rec.phases[3].phase = "Winter 1901, Adjustment".into();
    assert_eq!(
        refusal(&v, &rec),
        "phase Winter 1901, Adjustment: its start is not where Winter 1901, Adjustment ended (phases differ)"
    );
    // And the end of the phase before: processing it does not open it.
    rec.phases[2].processed.as_mut().unwrap().end.phase = "Winter 1901, Adjustment".into();
    assert_eq!(
        refusal(&v, &rec),
        "phase Winter 1901, Adjustment: processing it opens Spring 1902, Movement, not Winter 1901, Adjustment"
    );
}

/// A one-phase record has no phase before its first to compare with: its
/// first phase must be the variant's first.
#[test]
fn a_first_phase_edited_to_winter_1901_is_refused() {
    let v = variant("standard");
    let mut rec = game::new_game(&v, "standard", 1);
    rec.phases[0].phase = "Winter 1901, Adjustment".into();
    rec.phases[0].start.phase = "Winter 1901, Adjustment".into();
    assert_eq!(
        refusal(&v, &rec),
        "phase Winter 1901, Adjustment: a game of Standard Diplomacy starts at Spring 1901, Movement"
    );
    let v = variant("hoplite_wars");
    let mut rec = game::new_game(&v, "hoplite_wars", 1);
    game::check_game(&v, &rec).unwrap();
    rec.phases[0].phase = "Spring 450 BC, Movement".into();
    rec.phases[0].start.phase = "Spring 450 BC, Movement".into();
    assert_eq!(
        refusal(&v, &rec),
        "phase Spring 450 BC, Movement: a game of Hoplite Wars starts at Winter 451 BC, Adjustment"
    );
}

#[test]
fn phases_out_of_the_calendar_are_refused() {
    let v = variant("standard");
    let mut rec = played(&v);
    // Winter 1901 skipped by hand: Autumn 1901 ends in Spring 1902,
    // though France has builds due.
    rec.phases.remove(2);
    rec.phases[1].processed.as_mut().unwrap().end.phase = "Spring 1902, Movement".into();
    assert_eq!(
        refusal(&v, &rec),
        "phase Autumn 1901, Movement: processing it opens Winter 1901, Adjustment, not Spring 1902, Movement"
    );
}

#[test]
fn units_removed_by_hand_from_an_earlier_phase_are_found() {
    let v = variant("standard");
    let mut rec = played(&v);
    rec.phases[1].start.units.get_mut("Turkey").unwrap().retain(|u| u != "F ank");
    assert_eq!(
        refusal(&v, &rec),
        "phase Autumn 1901, Movement: its start is not where Spring 1901, Movement ended (units differ)"
    );
    // From the end as well: its start is then not where processing leaves
    // it, which only playing the phase again would show; the next phase's
    // start still differs.
    let mut rec = played(&v);
    rec.phases[2]
        .processed
        .as_mut()
        .unwrap()
        .end
        .owners
        .as_mut()
        .unwrap()
        .get_mut("France")
        .unwrap()
        .retain(|c| c != "spa");
    assert_eq!(
        refusal(&v, &rec),
        "phase Spring 1902, Movement: its start is not where Winter 1901, Adjustment ended (centre owners differ)"
    );
}

#[test]
fn an_open_phase_before_the_last_is_refused() {
    let v = variant("standard");
    let mut rec = played(&v);
    rec.phases[1].processed = None;
    assert_eq!(refusal(&v, &rec), "phase Autumn 1901, Movement: not processed, yet a phase follows it");
}

#[test]
fn a_phase_name_that_does_not_read_is_refused() {
    let v = variant("standard");
    let mut rec = played(&v);
    rec.phases[0].phase = "the first spring".into();
    let e = refusal(&v, &rec);
    assert!(e.starts_with("phase the first spring: its name: `the first spring`: unknown phase kind"), "{e}");
}

#[test]
fn a_draw_with_nobody_is_refused() {
    let v = variant("standard");
    let mut rec = played(&v);
    rec.result = Some(GameResult::Draw(vec!["France".into(), "Nobody".into()]));
    assert_eq!(
        refusal(&v, &rec),
        "result: `Nobody` is not a power of standard (Austria, England, France, Germany, Italy, Russia, Turkey)"
    );
    rec.result = Some(GameResult::Draw(vec!["France".into(), "France".into()]));
    assert_eq!(refusal(&v, &rec), "result: `France` is named twice");
    rec.result = Some(GameResult::Joint(vec![]));
    assert_eq!(refusal(&v, &rec), "result: it names no power");
    rec.result = Some(GameResult::Solo("france".into()));
    assert!(refusal(&v, &rec).starts_with("result: `france` is not a power of standard"));
}

#[test]
fn powers_in_submissions_orders_and_results_exist() {
    let v = variant("standard");
    let mut rec = played(&v);
    rec.phases[0].submissions[0].power = "Frankia".into();
    assert!(
        refusal(&v, &rec).starts_with("phase Spring 1901, Movement: submission: `Frankia` is not a power of standard")
    );
    rec.phases[0].submissions[0].power = String::new();
    assert!(refusal(&v, &rec).starts_with("phase Spring 1901, Movement: submission: `` is not a power of standard"));
    let mut rec = played(&v);
    let done = rec.phases[1].processed.as_mut().unwrap();
    let orders = done.orders.remove("France").unwrap();
    done.orders.insert("Gaul".into(), orders);
    assert!(refusal(&v, &rec).starts_with("phase Autumn 1901, Movement: orders: `Gaul` is not a power"));
    let mut rec = played(&v);
    rec.phases[2].processed.as_mut().unwrap().results[0].power = "Gaul".into();
    assert!(
        refusal(&v, &rec).starts_with("phase Winter 1901, Adjustment: results: `BUILD A mar`: `Gaul` is not a power")
    );
}

#[test]
fn a_record_with_an_impossible_position_is_refused() {
    let v = variant("standard");
    let mut rec = played(&v);
    rec.phases[1].start.units.get_mut("Italy").unwrap().push("A wes".into());
    assert_eq!(
        refusal(&v, &rec),
        "phase Autumn 1901, Movement: start: position JSON, units of Italy: `A wes`: an army cannot stand in Western \
         Mediterranean (sea)"
    );
}

/// Names from the record quoted in an error are cut to 60 characters.
#[test]
fn long_names_are_cut_in_errors() {
    let v = variant("standard");
    let long = "x".repeat(10_000);
    let cut = format!("{}…", "x".repeat(60));
    let edits: [&dyn Fn(&mut GameRecord); 4] = [
        &|rec| rec.phases[0].submissions[0].power = long.clone(),
        &|rec| rec.phases[0].phase = long.clone(),
        &|rec| rec.result = Some(GameResult::Solo(long.clone())),
        &|rec| rec.phases[0].processed.as_mut().unwrap().results[0].power = long.clone(),
    ];
    for edit in edits {
        let mut rec = played(&v);
        edit(&mut rec);
        let e = refusal(&v, &rec);
        assert!(
            e.len() < 400 && e.contains(&cut),
            "{} characters: {}",
            e.len(),
            e.chars().take(300).collect::<String>()
        );
    }
    let mut rec = played(&v);
    rec.phases[0].processed.as_mut().unwrap().results[0].power = "Nobody".into();
    rec.phases[0].processed.as_mut().unwrap().results[0].order = long.clone();
    let e = refusal(&v, &rec);
    assert!(e.len() < 400 && e.contains(&cut), "{} characters", e.len());
}
