//! Victory as a function of the position: centres, or self-supporting units
//! (Vedder D2: "the first power with 25 self-supporting units on the board
//! after a Winter adjustment ... Two or more at once: a joint victory"; I2:
//! "No joint victory: a tie plays on"), on the standard board with its
//! `[victory]` table rewritten.

use polemarch_engine::rules::{self_supporting_units, supply, winners};
use polemarch_engine::state::Position;
use polemarch_engine::variant::{check::summary, load_texts, Goal, PowerId};
use polemarch_engine::Variant;

const VARIANT: &str = include_str!("../../../variants/standard/variant.toml");
const MAP: &str = include_str!("../../../variants/standard/map.toml");

/// The standard variant with `victory` as its `[victory]` table.
fn standard_with(victory: &str) -> Variant {
    assert!(
        VARIANT.contains("[victory]\ncentres = 18\n"),
        "the standard variant has the [victory] table this test rewrites"
    );
    let text = VARIANT.replace("[victory]\ncentres = 18\n", &format!("[victory]\n{victory}\n"));
    load_texts(&text, MAP).unwrap_or_else(|p| panic!("{p:?}"))
}

fn names(v: &Variant, powers: &[PowerId]) -> Vec<String> {
    powers.iter().map(|&p| v.power(p).name.clone()).collect()
}

#[test]
fn centres_as_before() {
    let v = standard_with("centres = 18");
    assert_eq!(v.victory.goal, Goal::Centres(36));
    let mut pos = Position::start(&v);
    assert!(winners(&v, &pos, false).is_empty());
    // France owns 18 centres: a solo, at any time.
    let france = v.find_power("France").unwrap();
    for o in pos.owners.iter_mut().filter(|o| o.is_some()).take(18) {
        *o = Some(france);
    }
    assert_eq!(supply(&v, &pos, france), 36);
    assert_eq!(names(&v, &winners(&v, &pos, false)), ["France"]);
}

#[test]
fn self_supporting_units_after_a_winter_only() {
    // At the start Russia has four units on four centres, the others three.
    let v = standard_with("units = 4");
    let pos = Position::start(&v);
    let russia = v.find_power("Russia").unwrap();
    assert_eq!(self_supporting_units(&v, &pos, russia), 4);
    assert!(winners(&v, &pos, false).is_empty(), "judged after a Winter adjustment only");
    assert_eq!(names(&v, &winners(&v, &pos, true)), ["Russia"]);
}

#[test]
fn units_beyond_own_supply_do_not_count() {
    let v = standard_with("units = 4");
    let mut pos = Position::start(&v);
    // Russia loses Warsaw: four units, three centres.
    let waw = v.province_of(v.find_loc("war").unwrap());
    pos.owners[waw.index()] = None;
    assert_eq!(self_supporting_units(&v, &pos, v.find_power("Russia").unwrap()), 3);
    assert!(winners(&v, &pos, true).is_empty());
}

#[test]
fn a_tie_is_a_joint_victory_only_where_the_variant_says() {
    let joint = standard_with("units = 3\njoint = true");
    let pos = Position::start(&joint);
    assert_eq!(winners(&joint, &pos, true).len(), 7, "all seven powers have three self-supporting units");
    assert!(summary(&joint).contains("victory: 3 self-supporting units, joint victory"), "{}", summary(&joint));
    let plays_on = standard_with("units = 3");
    assert!(winners(&plays_on, &Position::start(&plays_on), true).is_empty(), "I2: a tie plays on");
}

#[test]
fn a_victory_table_needs_one_goal() {
    let text = VARIANT.replace("[victory]\ncentres = 18\n", "[victory]\ncentres = 18\nunits = 25\n");
    let problems = load_texts(&text, MAP).expect_err("two goals");
    assert!(problems.iter().any(|p| p.to_string().contains("expected one goal")), "{problems:?}");
}

/// D2: "after a Winter adjustment". A Winter in which nobody adjusts is
/// skipped by the calendar, and the goal is judged all the same; an initial
/// placement is no Winter adjustment.
#[test]
fn a_skipped_winter_still_counts() {
    use polemarch_engine::game::{new_game, process, GameResult};
    let v = standard_with("units = 4");
    let mut rec = new_game(&v, "units", 1);
    process(&v, &mut rec).unwrap(); // Spring 1901: every unit holds.
    assert_eq!(rec.result, None, "not after a movement");
    process(&v, &mut rec).unwrap(); // Autumn 1901; Winter 1901 has nothing to adjust.
    assert_eq!(rec.phases.last().unwrap().phase, "Spring 1902, Movement", "the Winter was skipped");
    assert_eq!(rec.result, Some(GameResult::Solo("Russia".into())), "Russia: four units on its four centres");
}
