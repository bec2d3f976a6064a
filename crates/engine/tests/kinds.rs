//! Unit kinds come from the kind table, and a variant has only the rows its
//! mechanics bring: a garrison component in a variant without garrisons
//! cannot move and stays with its force (as before the table: the move is
//! illegal, "a garrison cannot move"), where Hoplite Wars leaves its
//! garrisons behind (H12, tests/cases/hoplite_wars/h12_mixed_moves.txt).

use polemarch_engine::cases::{parse_cases, run_case};
use polemarch_engine::variant::embedded_variant;
use std::rc::Rc;

fn run(text: &str) {
    let cases = parse_cases(text);
    assert!(!cases.is_empty());
    for case in &cases {
        let report = run_case(case, &mut |id| {
            embedded_variant(id).expect("a built-in variant").map(Rc::new).map_err(|p| format!("{p:?}"))
        });
        assert!(report.passed, "{} {}: {:?}", report.id, report.title, report.problems);
    }
}

#[test]
fn without_garrisons_a_garrison_component_cannot_move() {
    run("VARIANT_ALL multiplicity
CASE K.1 A/G may not move where the variant has no garrisons
PRESTATE_SETPHASE Spring 1902, Movement
PRESTATE
  France: A/G par
ORDERS
  France: A/G par - bur
POSTSTATE_SAME
POSTSTATE_RESULTS
  ILLEGAL: France: A/G par - bur
END
");
}
