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
    for args in [
        &["adjudicate", "--edition", "1971", "--orders", "-"][..],
        &["cases", "--edition", "1971", "tests/cases"],
        &["replay", "--edition", "1971", "x.txt"],
    ] {
        let out = polemarch(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).contains("unknown edition `1971` (editions: 2023, droidippy, mila, webdiplomacy)"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}

/// The edition case files pass under their own edition and fail under
/// another: each case is a choice on which the editions differ.
#[test]
fn cases_run_under_the_edition_given() {
    let droidippy = root().join("crates/engine/tests/editions/droidippy.txt");
    let file = droidippy.to_str().unwrap();
    assert!(ok(&["cases", "--edition", "droidippy", file]).ends_with("8 passed, 0 failed\n"));
    let out = polemarch(&["cases", "--edition", "2023", file]);
    assert!(!out.status.success());
    assert!(stdout(&out).ends_with("3 passed, 5 failed\n"), "{}", stdout(&out));
    // webDiplomacy's file differs from MILA's in the convoy of a move to a
    // neighbour without `via convoy` (E-4.A.3-d) only.
    let web = root().join("crates/engine/tests/editions/webdiplomacy.txt");
    let web = web.to_str().unwrap();
    assert!(ok(&["cases", "--edition", "webdiplomacy", web]).ends_with("8 passed, 0 failed\n"));
    let out = polemarch(&["cases", "--edition", "mila", web]);
    assert!(
        stdout(&out).ends_with("7 passed, 1 failed\n") && stdout(&out).contains("FAIL E-4.A.3-d"),
        "{}",
        stdout(&out)
    );
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
    let dir_2023 = tempdir("edition-game-2023");
    let (plain, _) = new_game(&dir_2023, "standard", 1);
    let record: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&plain).unwrap()).unwrap();
    assert!(record.get("edition").is_none());
    submit(&plain, "England", "A lvp - yor via convoy\n");
    assert!(ok(&["game", "process", &plain]).contains("no convoy route"));
}

/// The DATC v3.0 cases under the other editions fail exactly where the
/// edition chooses otherwise (docs/conformance.md): 6.G.8 (4.A.3), 6.J.6,
/// 6.J.10 and 6.J.11 (4.D.8), under `mila` 6.B.9 (4.B.4), and under
/// `webdiplomacy` also 6.G.1, 6.G.5, 6.G.6, 6.G.9, 6.G.11 (4.A.3, a move to
/// a neighbour without `via convoy`); no other.
#[test]
fn the_datc_differs_only_where_the_edition_chooses_otherwise() {
    let datc = root().join("tests/cases/standard/datc");
    let datc = datc.to_str().unwrap();
    for (edition, failing) in [
        ("2023", vec![]),
        ("droidippy", vec!["6.G.8", "6.J.6", "6.J.10", "6.J.11"]),
        ("mila", vec!["6.B.9", "6.G.8", "6.J.6", "6.J.10", "6.J.11"]),
        // 4.A.3 as webDiplomacy chooses: the swaps and convoys to a neighbour
        // without `via convoy` go by land.
        (
            "webdiplomacy",
            vec!["6.B.9", "6.G.1", "6.G.5", "6.G.6", "6.G.8", "6.G.9", "6.G.11", "6.J.6", "6.J.10", "6.J.11"],
        ),
    ] {
        let out = polemarch(&["cases", "--edition", edition, datc]);
        let text = stdout(&out);
        let failed: Vec<&str> =
            text.lines().filter_map(|l| l.strip_prefix("FAIL ")).map(|l| l.split(' ').next().unwrap()).collect();
        assert_eq!(failed, failing, "{edition}: {text}");
        assert!(
            text.ends_with(&format!("{} passed, {} failed\n", 169 - failing.len(), failing.len())),
            "{edition}: {text}"
        );
    }
}
