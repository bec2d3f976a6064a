//! Imperator's victory (seeds/003_510582f0400fa4f9.txt, Imperator rule 2:
//! "either being the first player to own 25 fully self-supporting units on
//! the board, or being the true EMPEROR and having a 5-unit advantage over
//! the nearest competitor. There are no Joint Victories in this game";
//! ruling I2), after a Winter adjustment; and the Emperor's +4 with Rome
//! (rule 5, I3), which is his own supply.
//!
//! Tested here, not in tests/cases/imperator/: the case format describes
//! one phase and has no key for a game's result.

use polemarch_engine::rules::{own_supplies, read_state, self_supporting_units, winners};
use polemarch_engine::state::{Force, Kind, Position};
use polemarch_engine::variant::{embedded_variant, PowerId};
use polemarch_engine::Variant;

fn im() -> Variant {
    embedded_variant("imperator").expect("embedded").unwrap_or_else(|p| panic!("{p:?}"))
}

fn power(v: &Variant, name: &str) -> PowerId {
    v.find_power(name).unwrap()
}

/// An empty board with no owners, in Winter 240.
fn empty(v: &Variant) -> Position {
    let mut pos = Position::start(v);
    pos.forces.clear();
    pos.owners.iter_mut().for_each(|o| *o = None);
    pos.phase = v.calendar.parse_phase("Winter 240, Adjustment").unwrap();
    pos
}

fn own(v: &Variant, pos: &mut Position, who: PowerId, centres: &[&str]) {
    for c in centres {
        pos.owners[v.province_of(v.find_loc(c).unwrap()).index()] = Some(who);
    }
}

fn place(v: &Variant, pos: &mut Position, who: PowerId, kind: Kind, at: &[&str]) {
    for a in at {
        pos.forces.push(Force::single(who, kind, v.find_loc(a).unwrap()));
    }
    pos.normalize();
}

const SIX: [&str; 6] = ["etr", "cis", "ven", "ben", "dal", "ill"];

/// I2: the Emperor with 7 units against Rhine's 2 (5 ahead) wins after a
/// Winter adjustment, not before; with Rhine at 3 he does not. The end of
/// the game, as `game show` tells it, says his real lead, not the 5 the
/// rule needs: 7 against no one, 5 against Rhine's 2.
#[test]
fn the_emperor_five_units_ahead_wins() {
    use polemarch_engine::game::{victory_text, GameResult};
    let v = im();
    let (emperor, rhine) = (power(&v, "Emperor"), power(&v, "Rhine"));
    let mut pos = empty(&v);
    own(&v, &mut pos, emperor, &["rom"]);
    place(&v, &mut pos, emperor, Kind::PRAETORIAN_GUARD, &["rom"]);
    place(&v, &mut pos, emperor, Kind::ARMY, &SIX);
    let won = GameResult::Solo("Emperor".into());
    assert_eq!(victory_text(&v, &won, &pos), "Emperor wins as the Emperor, 7 units ahead of every other player (I2)");
    place(&v, &mut pos, rhine, Kind::ARMY, &["lgr", "ugr"]);
    assert_eq!(victory_text(&v, &won, &pos), "Emperor wins as the Emperor, 5 units ahead of every other player (I2)");
    assert_eq!(winners(&v, &pos, true), [emperor]);
    assert!(winners(&v, &pos, false).is_empty());
    place(&v, &mut pos, rhine, Kind::ARMY, &["bel"]);
    assert!(winners(&v, &pos, true).is_empty(), "only 4 ahead");
}

/// I5: B units are no competitor's: ten Barbarians do not stop the Emperor.
#[test]
fn barbarians_are_no_competitor() {
    let v = im();
    let (emperor, barbarians) = (power(&v, "Emperor"), power(&v, "Barbarians"));
    let mut pos = empty(&v);
    place(&v, &mut pos, emperor, Kind::ARMY, &["rom", "etr", "cis", "ven", "ben"]);
    place(
        &v,
        &mut pos,
        barbarians,
        Kind::BARBARIAN,
        &["lgr", "ugr", "rae", "nor", "pan", "dac", "moe", "mau", "num", "lep"],
    );
    assert_eq!(winners(&v, &pos, true), [emperor]);
}

/// I2: the lead counts for the Emperor the state names (`emperor Rhine`),
/// not for the variant's own Emperor.
#[test]
fn the_lead_is_the_title_holders() {
    let v = im();
    let (emperor, rhine) = (power(&v, "Emperor"), power(&v, "Rhine"));
    let mut pos = empty(&v);
    place(&v, &mut pos, emperor, Kind::ARMY, &SIX);
    assert_eq!(winners(&v, &pos, true), [emperor]);
    pos.state = read_state(&v, [("emperor", "Rhine")]).unwrap();
    assert!(winners(&v, &pos, true).is_empty());
    place(
        &v,
        &mut pos,
        rhine,
        Kind::ARMY,
        &["lgr", "ugr", "bel", "ece", "wce", "lug", "mas", "aqu", "tar", "cel", "sag"],
    );
    assert_eq!(winners(&v, &pos, true), [rhine]);
}

/// I3: Rome's 3 and the +4 are the Emperor's own supply: with Rome and 15
/// single centres he supports 22 of his units himself; with Rome lost, 15.
#[test]
fn the_emperors_four_count_for_self_supporting_units() {
    let v = im();
    let (emperor, africa) = (power(&v, "Emperor"), power(&v, "Africa"));
    let mut pos = empty(&v);
    let centres = [
        "rom", "nea", "bru", "rav", "ben", "syr", "sar", "mas", "lug", "ece", "bel", "sag", "nca", "gad", "car", "had",
    ];
    own(&v, &mut pos, emperor, &centres);
    // Rome 3, 15 singles, +4: 22 centres' worth, in halves.
    assert_eq!(own_supplies(&v, &pos)[emperor.index()], 44);
    let armies = [
        "nea", "bru", "rav", "ben", "syr", "sar", "mas", "lug", "ece", "bel", "sag", "nca", "gad", "car", "had", "etr",
        "cis", "ven", "dal", "ill", "epi",
    ];
    place(&v, &mut pos, emperor, Kind::PRAETORIAN_GUARD, &["rom"]);
    place(&v, &mut pos, emperor, Kind::ARMY, &armies);
    assert_eq!(self_supporting_units(&v, &pos, emperor), 22);
    // Rome lost: 15 singles and nothing more.
    own(&v, &mut pos, africa, &["rom"]);
    assert_eq!(own_supplies(&v, &pos)[emperor.index()], 30);
    assert_eq!(self_supporting_units(&v, &pos, emperor), 15);
}

/// I2: 25 fully self-supporting units win; no joint victory: two players
/// reaching it at once play on.
#[test]
fn twenty_five_units_win_and_a_tie_plays_on() {
    let v = im();
    let (syria, africa) = (power(&v, "Syria"), power(&v, "Africa"));
    let mut pos = empty(&v);
    // Syria: Antioch 2 and 23 singles = 25 supply, 25 armies.
    let centres = [
        "ant", "cap", "pmy", "sel", "pon", "tyr", "sid", "jer", "cyp", "bos", "per", "eph", "nca", "gad", "sag", "mas",
        "lug", "ece", "bel", "lgr", "ugr", "bri", "dac", "moe",
    ];
    own(&v, &mut pos, syria, &centres);
    let armies = [
        "ant", "cap", "pmy", "sel", "pon", "tyr", "sid", "jer", "cyp", "bos", "per", "eph", "nca", "gad", "sag", "mas",
        "lug", "ece", "bel", "lgr", "ugr", "bri", "dac", "moe", "gal",
    ];
    place(&v, &mut pos, syria, Kind::ARMY, &armies);
    assert_eq!(self_supporting_units(&v, &pos, syria), 25);
    assert_eq!(winners(&v, &pos, true), [syria]);
    // Africa the same at once: a tie, no victory.
    let africa_centres = [
        "alx", "lep", "num", "car", "had", "cyr", "pto", "cre", "spa", "kor", "ath", "pel", "lar", "epi", "ill", "scy",
        "pan", "syr", "sar", "nea", "bru", "rav", "ben", "rom",
    ];
    own(&v, &mut pos, africa, &africa_centres);
    let africa_armies: Vec<&str> = africa_centres.iter().copied().chain(["mar"]).collect();
    place(&v, &mut pos, africa, Kind::ARMY, &africa_armies);
    assert!(self_supporting_units(&v, &pos, africa) >= 25);
    assert!(winners(&v, &pos, true).is_empty(), "no joint victory");
}
