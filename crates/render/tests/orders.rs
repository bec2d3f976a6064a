//! Every kind of order drawn on standard Diplomacy: moves, supports to hold
//! and to move, a convoy, holds, an illegal order, a dislodgement and its
//! retreat, and builds (docs/rendering.md, "What is drawn").

use polemarch_engine::order::parse_order_line;
use polemarch_engine::variant::embedded_variant;
use polemarch_engine::{adjudicate, Position, Variant};
use polemarch_render::DrawnOrder;

/// Adjudicates `lines` on `pos`: the orders drawn with their results, and
/// the next position.
fn play(v: &Variant, pos: &Position, lines: &[&str]) -> (Vec<DrawnOrder>, Position) {
    let orders: Vec<_> = lines.iter().map(|l| parse_order_line(v, l).unwrap_or_else(|e| panic!("{l}: {e}"))).collect();
    let outcome = adjudicate(v, pos, &orders);
    (
        outcome
            .results
            .iter()
            .map(|r| DrawnOrder { order: r.order.clone().into_owned(), verdict: Some(r.verdict()) })
            .collect(),
        outcome.next,
    )
}

/// The `<g class="order ...">` group of the order of the unit at `abbr`.
fn group<'a>(svg: &'a str, abbr: &str) -> &'a str {
    let key = format!("data-unit=\"{abbr}\">");
    let start = svg.find(&key).unwrap_or_else(|| panic!("no order drawn for {abbr}"));
    let end = svg[start..].find("</g>").unwrap() + start;
    &svg[start..end]
}

fn class_of<'a>(svg: &'a str, abbr: &str) -> &'a str {
    let key = format!("data-unit=\"{abbr}\">");
    let at = svg.find(&key).unwrap();
    let open = svg[..at].rfind("<g class=\"order ").unwrap();
    svg[open + "<g class=\"order ".len()..at].trim().trim_end_matches('"')
}

#[test]
fn moves_supports_convoys_holds_and_illegal_orders() {
    let v = embedded_variant("standard").unwrap().unwrap();
    let start = Position::start(&v);
    let (_, autumn) = play(
        &v,
        &start,
        &["England: F lon - nth", "England: A lvp - yor", "Germany: A mun - bur", "France: A par - pic"],
    );
    let lines = [
        "England: F nth C A yor - nwy",
        "England: A yor - nwy via convoy",
        "Germany: A ber S A bur",
        "France: A mar - bur",
        "France: A pic S A mar - bur",
        "Italy: A ven - mun",
    ];
    let (drawn, next) = play(&v, &autumn, &lines);
    let svg = polemarch_render::svg(&v, &autumn, &drawn, None);
    assert_eq!(class_of(&svg, "yor"), "succeeded");
    assert!(group(&svg, "yor").contains("<polygon") || group(&svg, "yor").contains("<path"), "an arrowhead");
    assert!(group(&svg, "nth").contains("stroke-dasharray"), "a convoy's dash-dotted line");
    assert!(
        group(&svg, "ber").contains("<path d=\"M") && group(&svg, "ber").contains("<circle"),
        "a support's curve and ring"
    );
    assert_eq!(class_of(&svg, "mar"), "succeeded");
    assert_eq!(class_of(&svg, "ven"), "illegal");
    assert!(group(&svg, "ven").contains(&format!("stroke=\"{}\"", "#8c8c8c")), "an illegal order is grey");
    // Units without orders hold: a ring each.
    assert_eq!(class_of(&svg, "edi"), "succeeded");
    assert!(group(&svg, "edi").contains("<circle"));
    // Burgundy's German army is dislodged: drawn aside in the next position.
    assert_eq!(next.dislodged.len(), 1);
    let after = polemarch_render::svg(&v, &next, &[], None);
    assert_eq!(after.matches("class=\"force dislodged\"").count(), 1);
    // Its retreat, drawn from where the dislodged army stands.
    let (retreat, _) = play(&v, &next, &["Germany: A bur - ruh"]);
    let svg = polemarch_render::svg(&v, &next, &retreat, None);
    assert_eq!(class_of(&svg, "bur"), "succeeded");
}

#[test]
fn a_failed_order_is_dashed_with_a_red_cross() {
    let v = embedded_variant("standard").unwrap().unwrap();
    let (drawn, next) = play(&v, &Position::start(&v), &["Austria: A vie - gal", "Russia: A war - gal"]);
    let svg = polemarch_render::svg(&v, &Position::start(&v), &drawn, None);
    for unit in ["vie", "war"] {
        assert_eq!(class_of(&svg, unit), "failed");
        assert!(group(&svg, unit).contains("stroke-dasharray") && group(&svg, unit).contains("#d01c1c"), "{unit}");
    }
    // The standoff in Galicia is marked on the next position.
    assert!(next.contested.iter().any(|&p| v.province(p).abbr == "gal"));
    let after = polemarch_render::svg(&v, &next, &[], None);
    assert_eq!(after.matches("class=\"standoff\"").count(), 1);
}
