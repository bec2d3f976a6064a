//! What a game master reads between submissions: the units still without
//! an order, and what is in force after each submission.

mod common;
use common::{new_game, ok, orders_file, polemarch, stdout, submit, tempdir};

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
    let italy = shown
        .lines()
        .find(|l| l.trim_start().starts_with("Italy "))
        .unwrap_or_else(|| panic!("no Italy line: {shown}"));
    let listed = shown.split("Units without orders:\n").nth(1).unwrap();
    let italy_unordered = listed
        .lines()
        .find(|l| l.trim_start().starts_with("Italy "))
        .unwrap_or_else(|| panic!("Italy not listed: {shown}"));
    assert!(
        italy_unordered.contains("A rom") && italy_unordered.contains("F nap") && !italy_unordered.contains("ven"),
        "{italy_unordered} ({italy})"
    );
    assert!(
        listed.lines().any(|l| l.trim_start().starts_with("France ")
            && l.contains("A par")
            && l.contains("F bre")
            && l.contains("A mar")),
        "{shown}"
    );
    // Italy orders the rest: it is no longer listed.
    submit(&file, "Italy", "A rom H\nF nap H");
    let shown = ok(&["game", "show", &file]);
    let listed = shown.split("Units without orders:\n").nth(1).unwrap();
    assert!(!listed.lines().any(|l| l.trim_start().starts_with("Italy ")), "{shown}");
}

/// Issue 11, item 10: in the Hoplite Wars placement a submission replaces
/// the power's earlier one whole, as in every adjustment phase, so it is
/// checked whole when it is submitted: one that does not cost what the home
/// centres are worth is refused (the earlier one stays in force), and the
/// answer says what is in force.
#[test]
fn a_placement_submission_is_checked_whole_and_says_what_is_in_force() {
    let dir = tempdir("placement-resubmit");
    let (file, _) = new_game(&dir, "hoplite_wars", 451);
    let run = |text: &str| {
        let out = polemarch(&["game", "orders", &file, "Athens", &orders_file(&file, "Athens", text)]);
        (stdout(&out), out.status.code())
    };
    // Part of a placement (2 of Athens' 3 centres) is refused.
    let (said, code) = run("BUILD 2F ath");
    assert!(
        said.contains(
            "rejected  BUILD 2F ath  -- illegal: this placement costs 2 centres, the home centres are worth \
             3: a placement costs exactly"
        ),
        "{said}"
    );
    assert!(said.contains("no placement is in force yet"), "{said}");
    assert!(
        said.contains(
            "In force for Athens (in this phase a submission with anything accepted replaces the earlier \
             one whole): nothing"
        ),
        "{said}"
    );
    assert_eq!(code, Some(1));
    let (said, code) = run("BUILD 2F ath\nBUILD A mar");
    assert!(said.contains("accepted  BUILD 2F ath") && said.contains("accepted  BUILD A mar"), "{said}");
    assert!(said.contains("whole): BUILD 2F ath, BUILD A mar\n"), "{said}");
    assert_eq!(code, Some(0));
    // The second submission: alone it is short, so it is refused
    // and the first stays in force, as the answer says.
    let (said, _) = run("BUILD A mar");
    assert!(
        said.contains(
            "rejected  BUILD A mar  -- illegal: this placement costs 1 centre, the home centres are worth 3: \
             a placement costs exactly"
        ),
        "{said}"
    );
    assert!(said.contains("the earlier placement stays in force"), "{said}");
    assert!(said.contains("whole): BUILD 2F ath, BUILD A mar\n"), "{said}");
    // Too much, line by line: the line past the amount is refused.
    let (said, _) = run("BUILD 2F ath\nBUILD A mar\nBUILD G tho");
    assert!(
        said.contains(
            "rejected  BUILD G tho  -- illegal: this placement costs 3.5 centres, the home centres are worth 3: "
        ),
        "{said}"
    );
    // A complete second placement replaces the first whole.
    let (said, _) = run("BUILD 3A ath");
    assert!(said.contains("accepted  BUILD 3A ath") && said.contains("whole): BUILD 3A ath\n"), "{said}");
    let placed = ok(&["game", "process", &file]);
    assert!(placed.lines().any(|l| l.contains("BUILD 3A ath") && l.ends_with("built")), "{placed}");
    assert!(!placed.contains("2F ath") && !placed.contains("A mar "), "{placed}");
}
