//! `polemarch adjudicate --position` refuses a position that cannot be
//! (issue 11, item 4) instead of adjudicating it silently wrong.

mod common;

use common::*;

#[test]
fn a_force_with_a_fleet_inland_is_not_adjudicated() {
    let dir = tempdir("inland");
    let pos = dir.join("pos.json");
    std::fs::write(&pos, r#"{"phase": "Spring 1901, Movement", "units": {"France": ["2A/F bur"]}}"#).unwrap();
    let orders = dir.join("orders.txt");
    std::fs::write(&orders, "France: 2A/F bur H\n").unwrap();
    let out = polemarch(&[
        "adjudicate",
        "--variant",
        "multiplicity",
        "--position",
        pos.to_str().unwrap(),
        "--orders",
        orders.to_str().unwrap(),
    ]);
    assert!(!out.status.success(), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("position JSON, units of France: `2A/F bur`: a fleet cannot stand in Burgundy (land)"),
        "{}",
        stderr(&out)
    );
}
