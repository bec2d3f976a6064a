//! `polemarch replay` and `polemarch game export`, run as a user runs them:
//! other judges' games replay clean, and a game exported to MILA replays and
//! reads back as the same game.

use polemarch_engine::replay::{import, import_mila, import_own, order_key, RecordedGame};
use polemarch_engine::Variant;
mod common;

use common::*;

/// The five Droidippy games (godip text) and the MILA game replay clean;
/// the one civil disorder Droidippy settled by its older rule is a note.
#[test]
fn reference_games_replay_clean() {
    let Some(games) = shared("reference/games") else { return };
    let mut files: Vec<String> = std::fs::read_dir(games.join("godip_droidippy"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with("game_"))
        .map(|p| p.display().to_string())
        .collect();
    files.sort();
    files.push(games.join("mila/1.json").display().to_string());
    let args: Vec<&str> = std::iter::once("replay").chain(files.iter().map(|s| s.as_str())).collect();
    let text = ok(&args);
    assert_eq!(text.lines().filter(|l| l.starts_with("OK ")).count(), 6, "{text}");
    assert!(text.contains("mila/1.json (57 phases)"), "{text}");
    assert!(text.contains("civil disorder"), "{text}");
    assert_eq!(text.lines().last(), Some("6 passed, 0 failed"), "{text}");
}

/// A record whose next position is not what the orders give fails, with the
/// phase, what differs and the orders involved; the exit status says so.
#[test]
fn a_difference_is_reported_with_phase_orders_expected_and_actual() {
    let dir = tempdir("difference");
    let file = dir.join("game.txt");
    std::fs::write(
        &file,
        "PHASE 1901 Spring Movement\nPOSITIONS\nFrance: army par\nFrance: supply par\nGermany: army mun\nORDERS\npar move bur\nmun hold\n\
         PHASE 1901 Fall Movement\nPOSITIONS\nFrance: army par\nFrance: supply par\nGermany: army mun\n",
    )
    .unwrap();
    let out = polemarch(&["replay", file.to_str().unwrap()]);
    let text = stdout(&out);
    assert!(!out.status.success(), "{text}");
    assert!(
        text.contains("1901 Spring Movement (Spring 1901, Movement) -> 1901 Fall Movement: units: expected (record) France: A par; actual (polemarch) France: A bur; orders involved: France: A par - bur"),
        "{text}"
    );
    assert_eq!(text.lines().last(), Some("0 passed, 1 failed"), "{text}");
}

#[test]
fn an_unknown_export_format_is_a_clear_error() {
    let (game, _) = new_game(&tempdir("format"), "standard", 1);
    let out = polemarch(&["game", "export", &game, "--format", "xml"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("unknown export format `xml`"), "{}", stderr(&out));
}

/// Same phases, positions (units, dislodged units, owners), orders and
/// recorded results.
fn assert_same_game(v: &Variant, a: &RecordedGame, b: &RecordedGame) {
    assert_eq!(a.phases.len(), b.phases.len());
    for (pa, pb) in a.phases.iter().zip(&b.phases) {
        let name = v.calendar.display(pa.start.phase).to_string();
        assert_eq!(pa.start.phase, pb.start.phase, "{name}");
        assert_eq!(pa.start.forces, pb.start.forces, "{name}");
        let dislodged = |p: &polemarch_engine::replay::RecordedPhase| p.start.dislodged.iter().map(|d| d.force.clone()).collect::<Vec<_>>();
        assert_eq!(dislodged(pa), dislodged(pb), "{name}");
        assert_eq!(pa.start.owners, pb.start.owners, "{name}");
        let keys = |p: &polemarch_engine::replay::RecordedPhase| {
            let mut k: Vec<String> = p.orders.iter().map(|o| order_key(v, &p.start, o)).collect();
            k.sort();
            k
        };
        assert_eq!(keys(pa), keys(pb), "{name}");
        // Each order's result, where both records give one (MILA keys
        // results by unit, so a waive has none).
        let verdicts = |p: &polemarch_engine::replay::RecordedPhase| {
            let mut k: Vec<(String, Option<bool>)> = p
                .orders
                .iter()
                .enumerate()
                .map(|(i, o)| (order_key(v, &p.start, o), p.results.as_ref().and_then(|r| r[i].as_ref()).map(|r| r.success)))
                .collect();
            k.sort();
            k
        };
        for (ra, rb) in verdicts(pa).into_iter().zip(verdicts(pb)) {
            assert_eq!(ra.0, rb.0, "{name}");
            assert!(ra.1 == rb.1 || ra.0.ends_with("WAIVE") && rb.1.is_none(), "{name}: {ra:?} {rb:?}");
        }
    }
}

/// A game with a dislodgement, a retreat and a winter with builds (and a
/// waived build) exports to MILA; the export replays clean and reads back as
/// the same game.
#[test]
fn export_to_mila_round_trips() {
    let dir = tempdir("export");
    let (game, _) = new_game(&dir, "standard", 1);
    submit(&game, "France", "A par - pic\nA mar - bur\nF bre - mao\n");
    submit(&game, "Germany", "A mun - ruh\nA ber - mun\nF kie - hol\n");
    submit(&game, "England", "F lon - nth\nF edi - nwg\nA lvp - yor\n");
    submit(&game, "Russia", "A war - gal\n");
    submit(&game, "Austria", "A vie - gal\n");
    ok(&["game", "process", &game]);
    submit(&game, "Germany", "A ruh - bur\nA mun S ruh - bur\nF hol H\n");
    submit(&game, "France", "A bur H\nA pic - bel\nF mao - por\n");
    submit(&game, "England", "F nth C A yor - nwy\nA yor - nwy via convoy\nF nwg S F nth\n");
    assert!(ok(&["game", "process", &game]).contains("France: A bur (attacked from ruh)"));
    submit(&game, "France", "A bur R gas\n");
    ok(&["game", "process", &game]);
    submit(&game, "France", "BUILD A par\nWAIVE\n");
    submit(&game, "Germany", "BUILD A ber\n");
    submit(&game, "England", "BUILD F lon\n");
    assert!(ok(&["game", "process", &game]).contains("Spring 1902, Movement"));

    let mila = dir.join("game.mila.json");
    ok(&["game", "export", &game, "--format", "mila", "--output", mila.to_str().unwrap()]);
    let text = ok(&["replay", &game, mila.to_str().unwrap()]);
    assert!(text.contains("game.mila.json (5 phases)"), "{text}");
    assert_eq!(text.lines().last(), Some("2 passed, 0 failed"), "{text}");

    // Standard output by default, the same text.
    let exported = ok(&["game", "export", &game, "--format", "mila"]);
    assert_eq!(exported, std::fs::read_to_string(&mila).unwrap());

    let v = variant("standard");
    let record_text = std::fs::read_to_string(&game).unwrap();
    let record = serde_json::from_str(&record_text).unwrap();
    let original = import_own(&v, &record).unwrap();
    let exported = import_mila(&v, &std::fs::read_to_string(&mila).unwrap()).unwrap();
    assert_same_game(&v, &original, &exported);
    let (format, variant) = polemarch_engine::replay::detect(&record_text).unwrap();
    assert_eq!(variant.as_deref(), Some("standard"));
    assert_same_game(&v, &original, &import(&v, format, &record_text).unwrap());
}
