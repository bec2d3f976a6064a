//! The judge notation: every order form of the case files (docs/case-files.md,
//! docs/orders.md) reads, prints back in the canonical form, and a bad order
//! says where and what was expected.

use polemarch_engine::order::{parse_order, parse_order_line};
use polemarch_engine::variant::{embedded_variant, PowerId};
use polemarch_engine::Variant;

fn standard() -> Variant {
    embedded_variant("standard").unwrap().unwrap()
}

/// Reads `text` as England's order and prints it back.
fn canonical(v: &Variant, text: &str) -> String {
    let order = parse_order(v, text, Some(PowerId(1))).unwrap_or_else(|e| panic!("`{text}`: {e}"));
    order.display(v).to_string()
}

#[test]
fn every_form_of_cases_md_reads() {
    let v = standard();
    for (text, printed) in [
        ("A par H", "A par H"),
        ("A par HOLD", "A par H"),
        ("A par", "A par H"),
        ("A par - bur", "A par - bur"),
        ("A par -> bur", "A par - bur"),
        ("A par to bur", "A par - bur"),
        ("a PAR - Burgundy", "A par - bur"),
        ("A lon - bel via convoy", "A lon - bel via convoy"),
        ("F nth C A lon - bel", "F nth C A lon - bel"),
        ("F nth convoys A lon - bel", "F nth C A lon - bel"),
        ("A mun S A par - bur", "A mun S A par - bur"),
        ("A mun supports A par - bur", "A mun S A par - bur"),
        ("A mun S F kie", "A mun S F kie"),
        ("F stp/sc - bot", "F stp/sc - bot"),
        ("F stp(sc) - bot", "F stp/sc - bot"),
        ("F St. Petersburg (south coast) - Gulf of Bothnia", "F stp/sc - bot"),
        ("F Mid-Atlantic Ocean - Spain(nc)", "F mao - spa/nc"),
        ("F nth-pic", "F nth - pic"),
        ("A ber R kie", "A ber R kie"),
        ("A ber D", "A ber D"),
        ("BUILD A par", "BUILD A par"),
        ("A par B", "BUILD A par"),
        ("Build army Paris", "BUILD A par"),
        ("BUILD F stp/nc", "BUILD F stp/nc"),
        ("REMOVE F nth", "REMOVE F nth"),
        ("F nth D", "F nth D"),
        ("WAIVE", "WAIVE"),
    ] {
        assert_eq!(canonical(&v, text), printed, "`{text}`");
    }
}

#[test]
fn a_name_is_not_glued_to_the_next_word() {
    // `mars` is an alias of Marseilles and `prus` of Prussia: `mar S` is not.
    let v = standard();
    assert_eq!(canonical(&v, "F mar S F gas - spa/nc"), "F mar S F gas - spa/nc");
    assert_eq!(canonical(&v, "A pru S A lvn - pru"), "A pru S A lvn - pru");
}

#[test]
fn a_bad_order_says_where_and_what_was_expected() {
    let v = standard();
    let e = parse_order(&v, "A par - xyz", Some(PowerId(2))).unwrap_err();
    assert_eq!(e.to_string(), "column 9: expected a province (abbreviation or name), found `xyz`");
    let e = parse_order(&v, "A par - ", Some(PowerId(2))).unwrap_err();
    assert_eq!(e.to_string(), "column 8: expected a province (abbreviation or name), found the end of the order");
    let e = parse_order(&v, "A par X bur", Some(PowerId(2))).unwrap_err();
    assert_eq!(e.column, 7);
    let e = parse_order(&v, "A par - bur extra", Some(PowerId(2))).unwrap_err();
    assert_eq!(e.to_string(), "column 13: expected the end of the order, found `extra`");
    let e = parse_order_line(&v, "Frnace: A par - bur").unwrap_err();
    assert!(e.to_string().starts_with("column 1: expected a power (Austria, England, France"), "{e}");
    let e = parse_order_line(&v, "France: A par - xyz").unwrap_err();
    assert_eq!(e.column, 17);
}

#[test]
fn multiplicity_orders_are_refused_by_name() {
    let v = standard();
    let e = parse_order(&v, "A mar MERGE bur", Some(PowerId(2))).unwrap_err();
    assert!(e.to_string().contains("MERGE and SPLIT belong to Multiplicity"), "{e}");
}

#[test]
fn ancient_mediterranean_takes_other_judges_spellings() {
    // rules/ancient_mediterranean.md AM9: THB/THE, SIN/SII, TYN/TYS.
    let v = embedded_variant("ancient_mediterranean").unwrap().unwrap();
    for (a, b) in
        [("thb", "the"), ("sin", "sii"), ("tys", "tyn"), ("Thebes", "the"), ("GoP", "gop"), ("Gulf of Pelusium", "gop")]
    {
        assert_eq!(v.find_loc(a).map(|l| v.loc_abbr(l)), Some(b.to_string()), "`{a}`");
    }
    let egypt = v.find_power("Egypt");
    let order = parse_order(&v, "F THB - SIN", egypt).unwrap();
    assert_eq!(order.display(&v).to_string(), "F the - sii");
}

/// Dashes and arrows a phone or a word processor types, and a full stop,
/// `;` or `,` at the end, read as the plain notation (issue 11, item 12).
#[test]
fn notation_from_phones_and_word_processors_reads() {
    let v = standard();
    for (text, printed) in [
        ("A par – bur", "A par - bur"),
        ("A par — bur", "A par - bur"),
        ("A par → bur", "A par - bur"),
        ("A par−bur", "A par - bur"),
        ("A par - bur;", "A par - bur"),
        ("A par - bur,", "A par - bur"),
        ("A par - bur. ", "A par - bur"),
        ("F bre holds.", "F bre H"),
        ("A mun S A par – bur.", "A mun S A par - bur"),
        ("F nth C A lon — bel;", "F nth C A lon - bel"),
        ("F Mid–Atlantic Ocean → Spain(nc)", "F mao - spa/nc"),
    ] {
        assert_eq!(canonical(&v, text), printed, "`{text}`");
    }
    // Columns are still the order's own, counted in bytes before the dash.
    let e = parse_order(&v, "A par – xyz;", Some(PowerId(2))).unwrap_err();
    assert_eq!(e.to_string(), "column 11: expected a province (abbreviation or name), found `xyz`");
}

/// An unknown province after the unit's kind is pointed at, not the kind.
#[test]
fn an_unknown_province_after_the_kind_is_pointed_at() {
    let v = standard();
    let e = parse_order(&v, "A zzz - bur", Some(PowerId(2))).unwrap_err();
    assert_eq!(e.to_string(), "column 3: expected a province (abbreviation or name), found `zzz - bur`");
    let e = parse_order(&v, "A par S F zzz", Some(PowerId(2))).unwrap_err();
    assert_eq!(e.column, 11);
    let e = parse_order(&v, "BUILD A zzz", Some(PowerId(2))).unwrap_err();
    assert_eq!(e.column, 9);
    let e = parse_order_line(&v, "France: A zzz - bur").unwrap_err();
    assert_eq!(e.column, 11);
}
