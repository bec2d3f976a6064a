//! Issue 13 (first part): an Imperator game through the command line, from
//! Spring 235 to Autumn 237: the Emperor builds with his +4 in his homes
//! (I3); after Winter 236 the frontier garrisons roll their dice from the
//! game's seed (I4) and two are overrun; as Spring 237 opens a B unit
//! appears in every empty frontier province; in Spring 237 the judge moves
//! them, two sack the centres they enter, two stand each other off, and the
//! Praetorian Guard destroys one by attacking it (I5, I6). `game show`
//! shows the dice and the B units; the record replays identically, dice
//! included.

use polemarch_engine::game;

mod common;
use common::play::{phase_name, record, submit_script, Script};
use common::{new_game, ok, tempdir, variant};

const SCRIPT: Script = &[
    ("Spring 235, Movement", &[("Emperor", &["PG rom - etr", "F nea - sty"])]),
    ("Autumn 235, Movement", &[("Emperor", &["PG etr - cis"])]),
    // I3: the Emperor's 3 homes and Rome's 3, with his +4 for Rome: 10
    // supply for 4 units; in 235 only in his starting provinces.
    ("Winter 235, Adjustment", &[("Emperor", &["BUILD A rom", "BUILD F nea"])]),
    // I6: the guard attacks the B unit that appeared in Raetia.
    ("Spring 237, Movement", &[("Emperor", &["PG cis - rae"])]),
];

#[test]
fn an_imperator_game_through_the_dice_and_the_first_invasions() {
    let v = variant("imperator");
    let dir = tempdir("imperator");
    let (file, created) = new_game(&dir, "imperator", 3);
    assert!(created.contains("Spring 235, Movement (1 of 1), Imperator"), "{created}");
    let mut shows = Vec::new();
    loop {
        let rec = record(&file);
        let pos = game::current(&v, &rec).unwrap();
        let name = phase_name(&v, &pos);
        if name == "Autumn 237, Movement" {
            break;
        }
        assert!(shows.len() < 20, "too many phases before Autumn 237: {name}");
        submit_script(&file, SCRIPT, &name);
        ok(&["game", "process", &file]);
        shows.push((name, ok(&["game", "show", &file])));
    }
    let played: Vec<&str> = shows.iter().map(|(n, _)| n.as_str()).collect();
    // Winter 236 is played for its dice though no one need build.
    assert!(played.contains(&"Winter 236, Adjustment"), "{played:?}");
    let shown = |name: &str| shows.iter().find(|(n, _)| n == name).map(|(_, s)| s.clone()).unwrap_or_else(|| panic!("no phase {name}"));
    let rec = record(&file);
    let results = |phase: &str| {
        let i = rec.phases.iter().position(|p| p.phase == phase).unwrap_or_else(|| panic!("{phase} was played"));
        ok(&["game", "show", &file, "--phase", &(i + 1).to_string()])
    };
    // I3: both builds in the Emperor's homes stand.
    let winter235 = results("Winter 235, Adjustment");
    assert!(winter235.contains("BUILD A rom") && winter235.contains("BUILD F nea"), "{winter235}");
    assert!(!winter235.contains("ILLEGAL"), "{winter235}");
    // I4: each garrison's die is a result of Winter 236 (seed 3: Upper
    // Germany and Dacia roll 2); the dice are shown until the next Winter.
    let winter236 = results("Winter 236, Adjustment");
    assert!(winter236.contains("A ugr H") && winter236.contains("frontier die 2: the garrison is destroyed"), "{winter236}");
    assert!(winter236.contains("frontier die 6: the garrison holds"), "{winter236}");
    assert!(winter236.contains("Barbarians B rae H") && winter236.contains("Persians   B pon H"), "{winter236}");
    let spring237 = shown("Winter 236, Adjustment");
    assert!(spring237.contains("  frontier-die ugr: 2\n") && spring237.contains("  frontier-die dac: 2\n"), "{spring237}");
    assert!(spring237.contains("Barbarians    0 centres,  7 units"), "{spring237}");
    assert!(spring237.contains("Persians      0 centres,  2 units: B pon, B sel"), "{spring237}");
    assert!(
        !spring237.contains("Units without orders:\n  Barbarians") && !spring237.contains("To order: Africa, Danube, Emperor, Rhine, Syria, Barbarians"),
        "{spring237}"
    );
    // I5, I6: the judge's moves in Spring 237; two centres sacked.
    let moved = results("Spring 237, Movement");
    for line in ["PG cis - rae", "B ugr - bel", "B dac - scy", "B pto - mar", "B pon - gal"] {
        assert!(moved.contains(line), "{line}: {moved}");
    }
    assert!(moved.contains("sacked the centre"), "{moved}");
    assert!(moved.contains("the Praetorian Guard's attack destroyed"), "{moved}");
    let autumn = shown("Spring 237, Movement");
    assert!(autumn.contains("  destroyed bel\n") && autumn.contains("  destroyed scy\n"), "{autumn}");
    let pos = game::current(&v, &rec).unwrap();
    let rae = v.province_ids().find(|&p| v.province(p).abbr == "rae").unwrap();
    assert!(pos.force_in(&v, rae).is_some_and(|f| v.power(f.power).name == "Barbarians"), "a new B unit in Raetia, which stayed empty");
    // The record replays identically, dice included.
    let replayed = ok(&["replay", &file]);
    assert!(replayed.trim_end().ends_with("1 passed, 0 failed"), "{replayed}");
}
