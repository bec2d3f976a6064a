//! Issue 13: a Triumvirate game through the command line, from Spring 55
//! BC: Caesar designates his army in Lugdunensis as his personal unit
//! (T2); the Senate elects Pompey Sole Consul (T5a) and, in Spring 54 BC
//! ("at any time after 55W"), outlaws Crassus, whose fixed unit is chosen
//! for him (T5b, T6); the Senate leaves Rome, and in Autumn 54 BC Caesar's
//! T marches on it and is Dictator at once (T3: the seed's "by occupying
//! the capital", followed over ruling T3's Winter adjustment), ending the
//! Senate and its outlawry: its centres are his at once, and in the retreat
//! phase played right after that movement the Senate disbands a third of
//! its units, one by its order and one drawn from the game's seed, the rest
//! becoming Caesar's (T7). The record replays identically.

use polemarch_engine::game;

mod common;
use common::play::{phase_name, record, submit_script, Script};
use common::{new_game, ok, submit_any, tempdir, variant};

/// The scripted orders, by phase and power.
const SCRIPT: Script = &[
    // T2: Caesar's personal unit is the army of Lugdunensis; T5a: Pompey
    // is Sole Consul for 55 BC.
    (
        "Spring 55 BC, Movement",
        &[
            ("Caesar", &["DESIGNATE A lug", "T lug - cis"]),
            ("Senate", &["ELECT Pompey", "F nea - sty"]),
            ("Pompey", &["A lar - ath", "A pel - thr"]),
        ],
    ),
    ("Autumn 55 BC, Movement", &[("Caesar", &["T cis - etr"]), ("Senate", &["F sty - syr"])]),
    ("Winter 55 BC, Adjustment", &[("Senate", &["BUILD F nea"]), ("Pompey", &["BUILD A lar", "BUILD A pel"])]),
    // T5b: after Winter 55 BC the Senate may outlaw; Crassus names none of
    // his units, so the one farthest from Rome is fixed (T6). The Senate
    // leaves Rome.
    ("Spring 54 BC, Movement", &[("Senate", &["OUTLAW Crassus", "A rom - ben", "F ben - nad"])]),
    // Caesar's T enters Rome: Dictator at once.
    ("Autumn 54 BC, Movement", &[("Caesar", &["T etr - rom"])]),
];

#[test]
fn a_triumvirate_game_through_an_election_an_outlawry_a_dictator_and_the_senates_end() {
    let v = variant("triumvirate");
    let dir = tempdir("triumvirate");
    let (file, created) = new_game(dir.path(), "triumvirate", 55);
    assert!(created.contains("Spring 55 BC, Movement"), "{created}");
    let mut shows = Vec::new();
    let mut phases = Vec::new();
    loop {
        let rec = record(&file);
        let pos = game::current(&v, &rec).unwrap();
        let name = phase_name(&v, &pos);
        if name == "Spring 53 BC, Movement" {
            break;
        }
        assert!(phases.len() < 20, "too many phases: {phases:?}");
        submit_script(&file, SCRIPT, &name);
        if name == "Autumn 54 BC, Retreat" {
            // T7: nothing was dislodged, yet the retreat phase is played:
            // the Senate disbands one unit by order (the rest of its third
            // is drawn from the seed).
            let said = submit_any(&file, "Senate", "A ben D");
            assert!(said.contains("accepted") && said.contains("A ben D"), "{said}");
        }
        ok(&["game", "process", &file]);
        phases.push(name.clone());
        shows.push((name, ok(&["game", "show", &file])));
    }
    let shown = |after: &str| {
        shows
            .iter()
            .find(|(name, _)| name == after)
            .map(|(_, s)| s.clone())
            .unwrap_or_else(|| panic!("no phase {after}"))
    };
    // T2: the personal unit designated, shown.
    let s = shown("Spring 55 BC, Movement");
    assert!(s.contains("personal caesar: cis"), "{s}");
    assert!(s.contains("consul: Pompey"), "{s}");
    // T5a: the Consul's +3 is shown as a bonus (Pompey's 3 centres, 3 more).
    assert!(s.contains("  Pompey     3 + 0 + 3 = 6\n"), "{s}");
    // The Winter of 55 BC is played (the Consul's year ends there).
    assert!(phases.iter().any(|p| p == "Winter 55 BC, Adjustment"), "{phases:?}");
    let s = shown("Winter 55 BC, Adjustment");
    assert!(!s.contains("consul:"), "{s}");
    // T5b, T6: the outlawry and Crassus's fixed unit, after Spring 54 BC.
    let s = shown("Spring 54 BC, Movement");
    assert!(s.contains("outlaw crassus: Senate"), "{s}");
    assert!(s.contains("fixed "), "{s}");
    // T3, T7: Caesar's T in Rome after the Autumn movement makes him
    // Dictator at once and ends the Senate, and its outlawry with it.
    let s = shown("Autumn 54 BC, Movement");
    assert!(s.contains("dictator: Caesar"), "{s}");
    assert!(s.contains("senate-end: Caesar pending"), "{s}");
    assert!(!s.contains("outlaw crassus"), "{s}");
    // T7: the retreat phase was played with nothing dislodged.
    assert!(phases.iter().any(|p| p == "Autumn 54 BC, Retreat"), "{phases:?}");
    let s = shown("Autumn 54 BC, Retreat");
    assert!(s.contains("senate-end: Caesar done"), "{s}");
    // T3: the Dictator's +3 at the Winter that finds him in Rome.
    let s = shown("Winter 54 BC, Adjustment");
    assert!(s.contains("dictator: Caesar"), "{s}");
    assert!(s.contains("Supply (own + loaned + bonus):"), "{s}");
    // After it the Senate has nothing: a third (2 of its 4 units) disbanded,
    // one by its order, one drawn from the seed; the rest are Caesar's.
    let rec = record(&file);
    let pos = game::current(&v, &rec).unwrap();
    let senate = v.find_power("Senate").unwrap();
    let caesar = v.find_power("Caesar").unwrap();
    assert!(pos.forces.iter().all(|f| f.power != senate), "the Senate has no unit left");
    assert!(pos.owners.iter().all(|&o| o != Some(senate)), "the Senate has no centre left");
    assert_eq!(pos.owners[v.province_of(v.find_loc("rom").unwrap()).index()], Some(caesar));
    let retreat =
        rec.phases.iter().find(|p| p.phase == "Autumn 54 BC, Retreat").expect("the retreat phase is in the record");
    let results = serde_json::to_string(&retreat.processed.as_ref().expect("processed").results).unwrap();
    assert!(results.contains("drawn") || results.contains("random"), "the record shows the draw: {results}");
    // The record replays identically.
    let replayed = ok(&["replay", &file]);
    assert!(replayed.trim_end().ends_with("1 passed, 0 failed"), "{replayed}");
}
