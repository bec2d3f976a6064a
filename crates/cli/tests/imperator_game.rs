//! Issue 13: a whole Imperator game through the command line, from Spring
//! 235 to its end in Winter 237: Danube designates his AGC (I1); the Emperor
//! builds with his +4 in his homes (I3); after Winter 236 the frontier
//! garrisons roll their dice from the game's seed (I4) and two are overrun;
//! as Spring 237 opens a B unit appears in every empty frontier province; in
//! Spring 237 the judge moves them, two sack the centres they enter, and the
//! Praetorian Guard destroys one by attacking it (I5, I6); Syria declares
//! himself a Rival, fixes a unit, and his PG(R) destroys a Persian army by
//! attacking it (I7); in Autumn 237 Danube alone dislodges the Emperor's
//! guard: the Emperor is out and Danube is Emperor, his AGC a PG, with the
//! Emperor's units and centres (I8); in Winter 237 a die destroys Rhine's
//! AGC and Rhine's holdings go to Danube, the Emperor now (I1, I8), who
//! then wins, 5 units ahead of anyone (I2). `game show` shows the dice, the
//! B units, the Emperor, the Rival and his fixed unit; the record replays
//! identically, dice included.

use polemarch_engine::game;

mod common;
use common::play::{phase_name, record, submit_script, Script};
use common::{new_game, ok, tempdir, variant};

const SCRIPT: Script = &[
    // I1: Danube's AGC is his army in Pannonia, not Dacia's (whose die is
    // a 2 in Winter 236).
    ("Spring 235, Movement", &[("Emperor", &["PG rom - etr", "F nea - sty"]), ("Danube", &["DESIGNATE A pan"])]),
    ("Autumn 235, Movement", &[("Emperor", &["PG etr - cis"])]),
    // I3: the Emperor's 3 homes and Rome's 3, with his +4 for Rome: 10
    // supply for 4 units; in 235 only in his starting provinces.
    ("Winter 235, Adjustment", &[("Emperor", &["BUILD A rom", "BUILD F nea"])]),
    ("Spring 236, Movement", &[("Emperor", &["PG cis - ven"])]),
    // I6: the guard attacks the B unit that appeared in Noricum. I7: Syria
    // declares himself a Rival, fixes his army in Palmyra (a quarter of his
    // 3 units, rounded up), and his PG(R) attacks the Persians in Seleukia.
    (
        "Spring 237, Movement",
        &[
            ("Emperor", &["PG ven - nor"]),
            ("Syria", &["RIVAL Syria", "FIX A pmy", "AGC ant - sel"]),
            ("Danube", &["A moe - dal"]),
        ],
    ),
    // I8: Danube alone (his AGC and his army's support) dislodges the guard.
    ("Autumn 237, Movement", &[("Danube", &["AGC pan - ven", "A dal S AGC pan - ven"])]),
];

#[test]
fn an_imperator_game_through_the_dice_the_invasions_a_rival_and_the_succession() {
    let v = variant("imperator");
    let dir = tempdir("imperator");
    let (file, created) = new_game(&dir, "imperator", 3);
    assert!(created.contains("Spring 235, Movement (1 of 1), Imperator"), "{created}");
    let mut shows = Vec::new();
    while record(&file).result.is_none() {
        let rec = record(&file);
        let pos = game::current(&v, &rec).unwrap();
        let name = phase_name(&v, &pos);
        assert!(shows.len() < 20, "too many phases: the game should be over after Winter 237, is at {name}");
        submit_script(&file, SCRIPT, &name);
        ok(&["game", "process", &file]);
        shows.push((name, ok(&["game", "show", &file])));
    }
    let played: Vec<&str> = shows.iter().map(|(n, _)| n.as_str()).collect();
    // Winter 236 is played for its dice though no one need build.
    assert!(played.contains(&"Winter 236, Adjustment"), "{played:?}");
    let shown = |name: &str| {
        shows.iter().find(|(n, _)| n == name).map(|(_, s)| s.clone()).unwrap_or_else(|| panic!("no phase {name}"))
    };
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
    assert!(
        winter236.contains("A ugr H") && winter236.contains("frontier die 2: the garrison is destroyed"),
        "{winter236}"
    );
    assert!(winter236.contains("frontier die 6: the garrison holds"), "{winter236}");
    assert!(winter236.contains("Barbarians B rae H") && winter236.contains("Persians   B pon H"), "{winter236}");
    let spring237 = shown("Winter 236, Adjustment");
    assert!(
        spring237.contains("  frontier-die ugr: 2\n") && spring237.contains("  frontier-die dac: 2\n"),
        "{spring237}"
    );
    assert!(spring237.contains("Barbarians   0 centres, supply 0,    7 units"), "{spring237}");
    assert!(spring237.contains("Persians     0 centres, supply 0,    2 units: B pon, B sel"), "{spring237}");
    assert!(
        !spring237.contains("Units without orders:\n  Barbarians")
            && !spring237.contains("To order: Africa, Danube, Emperor, Rhine, Syria, Barbarians"),
        "{spring237}"
    );
    // I5, I6: the judge's moves in Spring 237; two centres sacked.
    let moved = results("Spring 237, Movement");
    for line in ["PG ven - nor", "B ugr - bel", "B dac - scy", "B pto - mar", "B pon - gal"] {
        assert!(moved.contains(line), "{line}: {moved}");
    }
    assert!(moved.contains("sacked the centre"), "{moved}");
    assert!(moved.contains("the Praetorian Guard's attack destroyed"), "{moved}");
    let autumn = shown("Spring 237, Movement");
    assert!(autumn.contains("  destroyed bel\n") && autumn.contains("  destroyed scy\n"), "{autumn}");
    // A new B unit in Noricum, which the guard's attack emptied.
    assert!(autumn.contains(" B nor,"), "{autumn}");
    // I7: Syria's declaration, his fixed unit, his PG(R)'s attack.
    for line in ["Syria      RIVAL Syria                  SUCCESS", "Syria      FIX A pmy                    SUCCESS"] {
        assert!(moved.contains(line), "{line}: {moved}");
    }
    assert!(
        moved.contains("Syria      AGC ant - sel                SUCCESS (the Praetorian Guard's attack destroyed"),
        "{moved}"
    );
    for line in [
        "  rival syria\n",
        "  outlaw syria: Syria\n",
        "  fixed pmy\n",
        "  personal danube: pan\n",
        "  Emperor: Emperor, PG ven\n",
        "  Rival: Syria, PG(R) ant\n",
    ] {
        assert!(autumn.contains(line), "{line}: {autumn}");
    }
    // I8: the guard dislodged by Danube alone; the Emperor out, Danube the
    // Emperor with his units and centres, his AGC a PG.
    let fall = results("Autumn 237, Movement");
    assert!(
        fall.contains("Emperor    PG ven H                     FAILURE (dislodged by the attack from pan)"),
        "{fall}"
    );
    assert!(fall.contains("the Emperor's guard is lost: the Emperor is out, Danube is Emperor (I8)"), "{fall}");
    // A takeover is printed as one, the unit alone (no order of its
    // player), citing the variant's own rule.
    for unit in ["F sty", "A rav", "A rom", "F nea", "A bru", "A ven"] {
        assert!(fall.contains(&format!("Emperor    {unit:<28} SUCCESS (taken over by Danube (I8))")), "{unit}: {fall}");
    }
    assert!(!fall.contains(" D  ") && !fall.contains("(T4, T7)"), "{fall}");
    let after = shown("Autumn 237, Movement");
    for line in [
        "  eliminated: Emperor\n",
        "  emperor: Danube\n",
        "  Emperor: Danube, PG ven\n",
        "Danube       7 centres, supply 12,   7 units: F sty, PG ven,",
    ] {
        assert!(after.contains(line), "{line}: {after}");
    }
    // Who is out is said once.
    assert!(!after.contains("  eliminated emperor"), "{after}");
    assert!(!after.contains("personal danube"), "{after}");
    // I1, I8: Rhine's AGC lost to a die in Winter 237: his army is the
    // Emperor's, Danube's.
    let winter237 = results("Winter 237, Adjustment");
    assert!(winter237.contains("Rhine      AGC bri H                    FAILURE (frontier die 2"), "{winter237}");
    assert!(
        winter237.contains("Rhine      A lgr                        SUCCESS (taken over by Danube (I1))"),
        "{winter237}"
    );
    // I2: the new Emperor, 8 units to anyone's 3, wins.
    let end = ok(&["game", "show", &file]);
    assert!(
        end.contains("The game is over: Danube wins as the Emperor, 5 units ahead of every other player (I2)."),
        "{end}"
    );
    assert!(
        end.contains("  eliminated: Emperor, Rhine\n") && end.contains("Danube      10 centres, supply 15,   8 units"),
        "{end}"
    );
    // The record replays identically, dice included.
    let replayed = ok(&["replay", &file]);
    assert!(replayed.trim_end().ends_with("1 passed, 0 failed"), "{replayed}");
}
