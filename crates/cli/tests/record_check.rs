//! Every command that opens a game record checks it against its variant
//! first (issue 11, item 5): a record edited by hand into a game the judge
//! could not have played is refused, with the phase that is wrong.

mod common;

use common::*;

/// A new standard game, then its record edited by `edit` as JSON.
fn edited(name: &str, edit: impl Fn(&mut serde_json::Value)) -> (TempDir, String) {
    let dir = tempdir(name);
    let (file, _) = new_game(&dir, "standard", 1);
    ok(&["game", "process", &file]);
    let mut rec: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    edit(&mut rec);
    std::fs::write(&file, serde_json::to_string_pretty(&rec).unwrap()).unwrap();
    (dir, file)
}

fn refused_everywhere(file: &str, error: &str) {
    for args in [&["game", "show", file][..], &["game", "process", file], &["game", "export", file, "--format", "mila"]]
    {
        let out = polemarch(args);
        assert!(!out.status.success(), "{args:?} accepted the record:\n{}", stdout(&out));
        assert!(stderr(&out).contains(error), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn a_last_phase_edited_back_to_winter_1901_is_refused() {
    let (_dir, file) = edited("winter", |rec| rec["phases"][1]["start"]["phase"] = "Winter 1901, Adjustment".into());
    refused_everywhere(
        &file,
        "game.json: phase Autumn 1901, Movement: its start position is at Winter 1901, Adjustment",
    );
}

#[test]
fn units_removed_by_hand_from_an_earlier_phase_are_refused() {
    let (_dir, file) = edited("removed", |rec| {
        let units = rec["phases"][1]["start"]["units"]["England"].as_array_mut().unwrap();
        units.retain(|u| u != "F lon");
    });
    refused_everywhere(
        &file,
        "game.json: phase Autumn 1901, Movement: its start is not where Spring 1901, Movement ended (units differ)",
    );
}

#[test]
fn a_draw_with_nobody_is_refused() {
    let (_dir, file) = edited("nobody", |rec| rec["result"] = serde_json::json!({"draw": ["Nobody"]}));
    refused_everywhere(&file, "game.json: result: `Nobody` is not a power of standard");
}
