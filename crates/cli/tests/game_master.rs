//! What a game master reads between submissions: the units still without
//! an order, and what is in force after each submission.

mod common;
use common::{new_game, ok, submit, tempdir};

/// Issue 11, item 11: with Italy ordering only `A ven H`, `game show` lists
/// Italy's other units as still without orders, beside every unit of the
/// powers that have ordered nothing.
#[test]
fn show_lists_each_unit_still_without_an_order() {
    let dir = tempdir("show-unordered");
    let (file, _) = new_game(&dir, "standard", 1);
    submit(&file, "Italy", "A ven H");
    let shown = ok(&["game", "show", &file]);
    assert!(shown.contains("Orders missing from: Austria, England, France, Germany, Russia, Turkey\n"), "{shown}");
    assert!(shown.contains("Units without orders:\n"), "{shown}");
    let italy = shown.lines().find(|l| l.trim_start().starts_with("Italy ")).unwrap_or_else(|| panic!("no Italy line: {shown}"));
    let listed = shown.split("Units without orders:\n").nth(1).unwrap();
    let italy_unordered = listed.lines().find(|l| l.trim_start().starts_with("Italy ")).unwrap_or_else(|| panic!("Italy not listed: {shown}"));
    assert!(italy_unordered.contains("A rom") && italy_unordered.contains("F nap") && !italy_unordered.contains("ven"), "{italy_unordered} ({italy})");
    assert!(listed.lines().any(|l| l.trim_start().starts_with("France ") && l.contains("A par") && l.contains("F bre") && l.contains("A mar")), "{shown}");
    // Italy orders the rest: it is no longer listed.
    submit(&file, "Italy", "A rom H\nF nap H");
    let shown = ok(&["game", "show", &file]);
    let listed = shown.split("Units without orders:\n").nth(1).unwrap();
    assert!(!listed.lines().any(|l| l.trim_start().starts_with("Italy ")), "{shown}");
}
