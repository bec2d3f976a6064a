//! Issue 12: a whole Diadochi V game through the command line, from Spring
//! 240 BC: Macedonia destroys Athens; Rome's third fleet build is refused;
//! Rome lends Egypt the supply that keeps an Egyptian unit through the
//! Winter of 239 BC, then ends the loan; Egypt rebuilds Jerusalem over two
//! seasons; Syria, played by a plain conqueror, goes on to 25
//! self-supporting units (D2). The record replays identically.

use polemarch_engine::game::{self, GameResult};
use polemarch_engine::variant::ProvinceId;
use std::collections::HashSet;

mod common;
use common::play::{phase_name, record, submit_conqueror, submit_script, Script};
use common::{new_game, ok, orders_file, polemarch, stdout, tempdir, variant};

/// The scripted orders of the first three years, by phase and power.
const SCRIPT: Script = &[
    (
        "Spring 240 BC, Movement",
        &[
            ("Macedonia", &["A lar - ath"]),
            ("Rome", &["A rav - ben", "F nea - syr", "F rom - nty"]),
            ("Egypt", &["A pto - alx", "F alx - sin", "F cyr - lib"]),
        ],
    ),
    // D5: Macedonia destroys the neutral Athens it stands in. Egypt takes
    // Jerusalem by the coast of Sinai, which lies between it and Alexandria
    // (issue 30).
    (
        "Autumn 240 BC, Movement",
        &[
            ("Macedonia", &["A ath DESTROY"]),
            ("Rome", &["A ben H", "F syr H"]),
            ("Egypt", &["F sin - jer", "A alx - mar"]),
        ],
    ),
    // Rome's builds are submitted below (D4: a third fleet refused).
    ("Winter 240 BC, Adjustment", &[("Egypt", &["BUILD F alx", "BUILD A pto"])]),
    // D5: Egypt destroys its Jerusalem; D7: Rome lends it Syracuse.
    ("Spring 239 BC, Movement", &[("Egypt", &["F jer DESTROY"]), ("Rome", &["LOAN syr TO Egypt"])]),
    ("Autumn 239 BC, Movement", &[("Egypt", &["F jer H"])]),
    // D6: two REBUILD orders in a row; D7: the loan ends in the Spring.
    ("Spring 238 BC, Movement", &[("Egypt", &["F jer REBUILD"]), ("Rome", &["END LOAN syr"])]),
    ("Autumn 238 BC, Movement", &[("Egypt", &["F jer REBUILD"])]),
];

#[test]
fn a_diadochi_v_game_to_twenty_five_self_supporting_units() {
    let v = variant("diadochi_v");
    let dir = tempdir("diadochi");
    let (file, created) = new_game(&dir, "diadochi_v", 240);
    assert!(created.contains("Spring 240 BC, Movement (1 of 1), Diadochi V"), "{created}");
    let syria = v.find_power("Syria").unwrap();
    let mut shows = Vec::new();
    let mut phases = 0;
    loop {
        let rec = record(&file);
        if rec.result.is_some() {
            break;
        }
        let pos = game::current(&v, &rec).unwrap();
        let name = phase_name(&v, &pos);
        assert!(phases < 400, "no victory by {name}");
        submit_script(&file, SCRIPT, &name);
        if name == "Winter 240 BC, Adjustment" {
            // D4: Rome (8 supply, 4 units) builds two fleets; the third fleet
            // build is refused with its reason; the army build stands.
            let builds = "BUILD F rom\nBUILD F nea\nBUILD F rav\nBUILD A rav";
            let out = polemarch(&["game", "orders", &file, "Rome", &orders_file(&file, "Rome", builds)]);
            let said = stdout(&out);
            assert!(
                said.contains("rejected  BUILD F rav  -- illegal: no power builds more than 2 fleets in one Winter"),
                "{said}"
            );
            assert!(
                said.contains("In force for Rome") && said.contains("BUILD F rom, BUILD F nea, BUILD A rav"),
                "{said}"
            );
        }
        // Syria conquers: at first only unowned centres, then everything.
        let early = pos.phase.year >= 238;
        let targets: HashSet<ProvinceId> = v
            .province_ids()
            .filter(|&p| {
                v.is_centre(p) && pos.owners[p.index()] != Some(syria) && (!early || pos.owners[p.index()].is_none())
            })
            .filter(|&p| !early || v.province(p).abbr != "jer")
            .collect();
        submit_conqueror(&file, &v, &pos, syria, &targets);
        ok(&["game", "process", &file]);
        phases += 1;
        let after = game::current(&v, &record(&file)).unwrap();
        shows.push((name, phase_name(&v, &after), ok(&["game", "show", &file])));
    }
    let shown = |after: &str| {
        shows
            .iter()
            .find(|(name, _, _)| name == after)
            .map(|(_, _, s)| s.clone())
            .unwrap_or_else(|| panic!("no phase {after}"))
    };
    // D5: Athens destroyed, shown; Macedonia owns it.
    let s = shown("Autumn 240 BC, Movement");
    assert!(s.contains("  destroyed ath\n"), "{s}");
    // D7: the loan, shown, and Egypt's supply as own + loaned + bonus, the
    // layout of every variant; its centres counted one each beside its
    // supply (Alexandria is one centre, worth 2).
    let s = shown("Spring 239 BC, Movement");
    assert!(s.contains("  loan syr rome egypt\n"), "{s}");
    assert!(s.contains("  destroyed jer\n"), "{s}");
    assert!(s.contains("Supply (own + loaned + bonus):"), "{s}");
    assert!(s.contains("  Egypt      4 + 1 + 0 = 5\n"), "{s}");
    let rec = record(&file);
    let spring239 = rec.phases.iter().position(|p| p.phase == "Spring 239 BC, Movement").unwrap();
    let pos = game::position_at(&v, &rec, spring239).unwrap();
    let egypt = v.find_power("Egypt").unwrap();
    let owned = pos.owners.iter().filter(|o| **o == Some(egypt)).count();
    assert!(s.contains(&format!("  Egypt      {owned:>3} centres, supply 5, ")), "{owned} centres: {s}");
    // The loan keeps Egypt's fifth unit through the Winter of 239 BC: at
    // the start of that Winter Egypt has 5 units and 4 supply of its own, 5
    // with the loan; after it, still 5 units.
    let rec = record(&file);
    let winter239 =
        rec.phases.iter().position(|p| p.phase == "Winter 239 BC, Adjustment").expect("Winter 239 BC was played");
    let winter = game::position_at(&v, &rec, winter239).unwrap();
    let egypt = v.find_power("Egypt").unwrap();
    assert_eq!(winter.forces.iter().filter(|f| f.power == egypt).count(), 5, "Egypt had five units in the Winter");
    assert_eq!(
        polemarch_engine::rules::own_supplies(&v, &winter)[egypt.index()],
        8,
        "4 own supply: a removal without the loan"
    );
    assert_eq!(polemarch_engine::rules::supplies(&v, &winter)[egypt.index()], 10, "5 supply with the loan");
    let spring238 =
        rec.phases.iter().position(|p| p.phase == "Spring 238 BC, Movement").expect("Spring 238 BC was played");
    let start = game::position_at(&v, &rec, spring238).unwrap();
    assert_eq!(
        start.forces.iter().filter(|f| f.power == egypt).count(),
        5,
        "Egypt kept its five units through the Winter"
    );
    assert_eq!(
        polemarch_engine::rules::own_supplies(&v, &start)[egypt.index()],
        8,
        "4 own supply: Jerusalem is destroyed"
    );
    // D6: the first REBUILD is shown under way, the second rebuilds; D7: the
    // ended loan is shown ending, and is gone after the Winter of 238 BC.
    let s = shown("Spring 238 BC, Movement");
    assert!(s.contains("  rebuild jer: Egypt 1\n"), "{s}");
    assert!(s.contains("  loan syr rome egypt: ending\n"), "{s}");
    let s = shown("Autumn 238 BC, Movement");
    assert!(!s.contains("destroyed jer") && !s.contains("rebuild jer"), "{s}");
    let s = shown("Winter 238 BC, Adjustment");
    assert!(!s.contains("loan syr"), "{s}");
    // D2: Syria wins with 25 self-supporting units.
    let finished = record(&file);
    assert_eq!(finished.result, Some(GameResult::Solo("Syria".into())), "{}", shows.last().unwrap().2);
    let last = game::current(&v, &finished).unwrap();
    assert!(polemarch_engine::rules::self_supporting_units(&v, &last, syria) >= 25);
    let over = ok(&["game", "show", &file]);
    assert!(over.contains("The game is over: Syria wins with 25 self-supporting units."), "{over}");
    // The record replays identically.
    let replayed = ok(&["replay", &file]);
    assert!(replayed.trim_end().ends_with("1 passed, 0 failed"), "{replayed}");
}
