//! The reason given with a result names what decided it. Case files check
//! verdicts only; these check the words a player reads.

use polemarch_engine::cases::{order_line, parse_cases, prestate};
use polemarch_engine::variant::embedded_variant;
use polemarch_engine::{adjudicate, Order};

/// Adjudicates the one case in `text` and gives each order as printed with
/// the reason for its result.
fn reasons(text: &str) -> Vec<(String, String)> {
    let case = parse_cases(text).pop().expect("one case");
    let v = embedded_variant(&case.variant).unwrap().unwrap();
    let pos = prestate(&case, &v).unwrap();
    let orders: Vec<Order> = case.orders.iter().map(|l| order_line(&v, l).unwrap()).collect();
    let outcome = adjudicate(&v, &pos, &orders);
    outcome.results.iter().map(|r| (r.order.display(&v).to_string(), r.reason.describe(&v))).collect()
}

fn reason_of(results: &[(String, String)], order: &str) -> String {
    results.iter().find(|(o, _)| o == order).unwrap_or_else(|| panic!("no result for {order}: {results:?}")).1.clone()
}

/// The attack from Bohemia cannot cut a support directed against Bohemia
/// (DATC 6.D.15 rule, M5); Venice's attack is the one that cuts.
#[test]
fn a_cut_support_names_the_attack_that_cut_it() {
    let results = reasons(
        "CASE R1
VARIANT standard
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
    Austria: A tyr
    Austria: A vie
    Russia: A boh
    Italy: A ven
ORDERS
    Austria: A tyr S A vie - boh
    Austria: A vie - boh
    Russia: A boh - tyr
    Italy: A ven - tyr
END",
    );
    assert_eq!(reason_of(&results, "A tyr S A vie - boh"), "support cut by the attack from ven");
}

/// M9: 2A bur beats the part moving out of Paris head to head (2 against
/// 1), but that part is back, and with the army that stayed Paris holds 2:
/// the bounce is 2 against 2, not against the defence alone.
#[test]
fn a_bounce_off_a_split_force_counts_what_is_back() {
    let results = reasons(
        "CASE R2
VARIANT multiplicity
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
    France: 2A par
    Germany: 2A bur
ORDERS
    France: 2A par SPLIT A bur
    Germany: 2A bur - par
END",
    );
    assert_eq!(reason_of(&results, "2A bur - par"), "bounced: 2 against 2 from par");
}

/// A move into an empty province that nothing else enters succeeds, and
/// one stopped by a stronger attack names where that came from.
#[test]
fn a_bounce_names_the_stronger_attack() {
    let results = reasons(
        "CASE R3
VARIANT standard
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
    France: A par
    Germany: A mun
    Germany: A ruh
ORDERS
    France: A par - bur
    Germany: A mun - bur
    Germany: A ruh S A mun - bur
END",
    );
    assert_eq!(reason_of(&results, "A par - bur"), "bounced: 1 against 2 from mun");
    assert_eq!(reason_of(&results, "A mun - bur"), "moved");
}

/// A fleet ordered to move via convoy where it cannot go by itself is told
/// that only armies are convoyed, not that the destination is not adjacent
/// (issue 11, item 12); a fleet's move via convoy it can make stays legal.
#[test]
fn a_fleet_via_convoy_is_told_only_an_army_is_convoyed() {
    let results = reasons(
        "CASE R4
VARIANT standard
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
    France: F bre
    England: F lon
ORDERS
    France: A bre - lon via convoy
    England: F lon - eng via convoy
END",
    );
    assert!(results.iter().any(|(_, r)| r == "illegal: only an army can be convoyed"), "{results:?}");
    assert!(results.iter().any(|(o, r)| o.contains("lon - eng") && r == "moved"), "{results:?}");
}

/// A support given says what it adds: its strength (issue 11, item 13).
#[test]
fn a_support_given_says_the_strength_it_adds() {
    let results = reasons(
        "CASE R5
VARIANT standard
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
    France: A par
    France: A mar
ORDERS
    France: A par - bur
    France: A mar S A par - bur
END",
    );
    assert_eq!(reason_of(&results, "A mar S A par - bur"), "support given (+1 strength)");
}

/// City State: an attack from behind the walls is named as the judge
/// writes the walls everywhere else, `((lod))`, not by the walls' internal
/// province name.
#[test]
fn an_attack_from_behind_the_walls_names_the_walls_as_printed() {
    let results = reasons(
        "CASE R6
VARIANT city_state
PRESTATE_SETPHASE Spring 1302, Movement
PRESTATE
    Mantua: A lod
    Mantua: A cre
PRESTATE_STATE
    siege lod Milan A 0
    da-rebuilt 1302
ORDERS
    Mantua: A lod S A cre
    Mantua: A cre H
    Milan: A ((lod)) - lod
END",
    );
    assert_eq!(reason_of(&results, "A lod S A cre"), "support cut by the attack from ((lod))");
}
