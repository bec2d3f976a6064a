//! `--edition` on `adjudicate`, `cases` and `game new` (docs/conformance.md,
//! "Rule editions"): the DATC chapter-4 choices of another judge, chosen on
//! the command line or kept in a game record.

mod common;

use common::*;

/// DATC 6.G.8 from the start: an army ordered `via convoy` to a neighbour
/// with no fleet at sea stays under 2023 and takes the land route under
/// `droidippy` and `mila` (DATC 4.A.3).
#[test]
fn adjudicate_takes_the_edition() {
    let dir = tempdir("edition-adjudicate");
    let orders = dir.join("orders.txt");
    std::fs::write(&orders, "England: A lvp - yor via convoy\n").unwrap();
    let orders = orders.to_str().unwrap();
    let by_2023 = ok(&["adjudicate", "--orders", orders]);
    assert!(by_2023.contains("A lvp - yor via convoy       no convoy route  [failed]"), "{by_2023}");
    for edition in ["droidippy", "mila"] {
        let text = ok(&["adjudicate", "--edition", edition, "--orders", orders]);
        assert!(text.contains("A lvp - yor via convoy       moved"), "{edition}: {text}");
    }
    assert_eq!(ok(&["adjudicate", "--edition", "2023", "--orders", orders]), by_2023);
}

#[test]
fn an_unknown_edition_is_a_clear_error() {
    for args in
        [&["adjudicate", "--edition", "1971", "--orders", "-"][..], &["cases", "--edition", "1971", "tests/cases"], &["replay", "--edition", "1971", "x.txt"]]
    {
        let out = polemarch(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains("unknown edition `1971` (editions: 2023, droidippy, mila)"), "{args:?}: {}", stderr(&out));
    }
}

/// The edition case files pass under their own edition and fail under
/// another: each case is a choice on which the editions differ.
#[test]
fn cases_run_under_the_edition_given() {
    let droidippy = root().join("crates/engine/tests/editions/droidippy.txt");
    let file = droidippy.to_str().unwrap();
    assert!(ok(&["cases", "--edition", "droidippy", file]).ends_with("6 passed, 0 failed\n"));
    let out = polemarch(&["cases", "--edition", "2023", file]);
    assert!(!out.status.success());
    assert!(stdout(&out).ends_with("2 passed, 4 failed\n"), "{}", stdout(&out));
}

/// `game new --edition` keeps the edition in the record, and every later
/// command plays by it.
#[test]
fn a_game_keeps_its_edition() {
    let dir = tempdir("edition-game");
    let file = dir.join("game.json");
    let file = file.to_str().unwrap();
    ok(&["game", "new", "standard", file, "--seed", "1", "--edition", "droidippy"]);
    let record: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    assert_eq!(record["edition"], "droidippy");
    submit(file, "England", "A lvp - yor via convoy\n");
    let processed = ok(&["game", "process", file]);
    assert!(processed.contains("A lvp - yor via convoy") && processed.contains("moved"), "{processed}");
    // The same game under the variant's own edition (2023): no record key.
    let (plain, _) = new_game(&tempdir("edition-game-2023"), "standard", 1);
    let record: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&plain).unwrap()).unwrap();
    assert!(record.get("edition").is_none());
    submit(&plain, "England", "A lvp - yor via convoy\n");
    assert!(ok(&["game", "process", &plain]).contains("no convoy route"));
}
