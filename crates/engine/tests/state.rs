//! Typed variant state at its edges: the position JSON's `state` object and
//! case files name keys that the variant's rule modules read and write
//! (docs/position-json.md); anything else is an error naming the key.

use polemarch_engine::rules::{read_state, write_state, StateError};
use polemarch_engine::state::Delphi;
use polemarch_engine::variant::embedded_variant;
use polemarch_engine::Variant;

fn variant(id: &str) -> Variant {
    embedded_variant(id).expect("a built-in variant").expect("it loads")
}

#[test]
fn hoplite_wars_state_reads_and_writes_back_the_same_text() {
    let v = variant("hoplite_wars");
    let text = [
        ("claim chi", "Athens"),
        ("colony chi", "Achea"),
        ("delphi", "sacked-by Sparta"),
        ("delphi-builds sparta", "2"),
        ("seed", "42"),
    ];
    let state = read_state(&v, text.iter().copied()).unwrap();
    assert_eq!(state.delphi, Some(Delphi::SackedBy(v.find_power("Sparta").unwrap())));
    assert_eq!(state.seed, Some(42));
    let written: Vec<(String, String)> = write_state(&v, &state).into_iter().collect();
    let expected: Vec<(String, String)> = text.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    assert_eq!(written, expected);
}

#[test]
fn a_key_the_variant_does_not_keep_is_an_error_naming_it() {
    let standard = variant("standard");
    let e = read_state(&standard, [("colony chi", "Athens")]).unwrap_err().to_string();
    assert_eq!(e, "unknown state key `colony chi` (variant standard keeps: seed)");
}

/// The errors by kind, for callers that choose by kind: an unknown key, a
/// key of the wrong shape, a value that does not read, and one the rules
/// rule out, each with its key.
#[test]
fn a_state_error_says_its_kind() {
    let v = variant("diadochi_v");
    let e = |key: &str, value: &str| read_state(&v, [(key, value)]).unwrap_err();
    assert!(matches!(e("colony chi", "Athens"), StateError::UnknownKey { key, .. } if key == "colony chi"));
    assert!(matches!(e("loan kor", ""), StateError::KeyShape { key, .. } if key == "loan kor"));
    let StateError::At { key, error } = e("seed", "soon") else { panic!("a key's error") };
    assert_eq!((key.as_str(), *error), ("seed", StateError::value("soon", "expected a whole number")));
    let StateError::At { key, error } = e("destroyed rom", "") else { panic!("a key's error") };
    assert_eq!(key, "destroyed rom");
    assert!(matches!(*error, StateError::RuledOut(_)), "{error:?}");
    let hoplite = variant("hoplite_wars");
    let colony = read_state(&hoplite, [("colony xyz", "Athens")]).unwrap_err();
    let StateError::At { error, .. } = colony else { panic!("a key's error") };
    assert_eq!(*error, StateError::UnknownProvince("xyz".into()));
}

#[test]
fn a_key_with_a_word_too_many_or_too_few_is_an_error() {
    let v = variant("hoplite_wars");
    assert_eq!(
        read_state(&v, [("colony chi junk", "Athens")]).unwrap_err().to_string(),
        "state key `colony chi junk`: expected `colony <name>`"
    );
    assert_eq!(
        read_state(&v, [("colony", "Athens")]).unwrap_err().to_string(),
        "state key `colony`: expected `colony <name>`"
    );
    assert_eq!(
        read_state(&v, [("delphi x", "intact")]).unwrap_err().to_string(),
        "state key `delphi x`: expected `delphi`"
    );
}

#[test]
fn a_value_that_does_not_read_is_an_error() {
    let v = variant("hoplite_wars");
    assert_eq!(
        read_state(&v, [("seed", "soon")]).unwrap_err().to_string(),
        "state `seed`: `soon`: expected a whole number"
    );
    assert_eq!(
        read_state(&v, [("delphi", "burnt")]).unwrap_err().to_string(),
        "state `delphi`: `burnt`: expected `intact` or `sacked-by <power>`"
    );
    assert!(read_state(&v, [("colony xyz", "Athens")]).unwrap_err().to_string().contains("unknown province `xyz`"));
}

/// Issue 12 review: Diadochi V state that contradicts the rules (D5-D7) is
/// refused, naming the key and what is wrong.
#[test]
fn diadochi_v_state_that_breaks_the_rules_is_refused() {
    let v = variant("diadochi_v");
    let e = |entries: &[(&str, &str)]| read_state(&v, entries.iter().copied()).unwrap_err().to_string();
    assert_eq!(e(&[("destroyed rom", "")]), "state `destroyed rom`: Rome cannot be destroyed (D5)");
    assert_eq!(
        e(&[("loan kor macedonia macedonia", "")]),
        "state `loan kor macedonia macedonia`: Macedonia lends to itself"
    );
    assert_eq!(e(&[("loan aeg macedonia egypt", "")]), "state `loan aeg macedonia egypt`: Aegean Sea is not a centre");
    assert_eq!(e(&[("loan aet macedonia egypt", "")]), "state `loan aet macedonia egypt`: Aetolia is not a centre");
    assert_eq!(
        e(&[("loan kor", "Macedonia Egypt")]),
        "state key `loan kor`: expected `loan <centre> <lender> <borrower>`"
    );
    assert_eq!(
        e(&[("loan kor macedonia egypt", "soon")]),
        "state `loan kor macedonia egypt`: `soon`: expected nothing or `ending` after `loan <centre> <lender> \
         <borrower>`"
    );
    // D7 chains: the links of a centre make one chain, and the links after
    // an ending one are ending.
    let broken = "state `loan kor`: the links do not make one chain (each link's lender is the borrower of the link \
                  before, no power twice)";
    assert_eq!(e(&[("loan kor macedonia egypt", ""), ("loan kor syria rome", "")]), broken);
    assert_eq!(e(&[("loan kor macedonia egypt", ""), ("loan kor egypt macedonia", "")]), broken);
    assert_eq!(
        e(&[("loan kor macedonia egypt", "ending"), ("loan kor egypt syria", "")]),
        "state `loan kor`: the links after an ending link are ending too"
    );
    assert_eq!(
        e(&[("rebuild ath", "Macedonia 1")]),
        "state `rebuild ath`: Athens is not destroyed (no `destroyed ath`)"
    );
    assert_eq!(
        e(&[("destroyed ath", ""), ("rebuild ath", "Macedonia 0")]),
        "state `rebuild ath`: `0` phases: a rebuild under way has done 1 to 1 of its 2 phases"
    );
    assert_eq!(
        e(&[("destroyed ath", ""), ("rebuild ath", "Macedonia 2")]),
        "state `rebuild ath`: `2` phases: a rebuild under way has done 1 to 1 of its 2 phases"
    );
    // Consistent state still reads, in either order of the keys.
    assert!(read_state(&v, [("rebuild ath", "Macedonia 1"), ("destroyed ath", "")]).is_ok());
    assert!(read_state(&v, [("loan kor macedonia egypt", "")]).is_ok());
    // A chain read in any order of its keys is kept in chain order.
    let chain = read_state(&v, [("loan kor egypt syria", ""), ("loan kor macedonia egypt", "")]).unwrap();
    let written: Vec<String> = polemarch_engine::rules::shown_state(&v, &chain).into_iter().map(|(k, _)| k).collect();
    assert_eq!(written, ["loan kor macedonia egypt", "loan kor egypt syria"]);
}

/// Issue 12 review: in a position, where the owners are known, a lent
/// centre must have an owner, and (D7 chains) its chain starts with a loan
/// from its owner.
#[test]
fn diadochi_v_position_lending_an_unowned_centre_is_refused() {
    let v = variant("diadochi_v");
    let json = |owners: &str| {
        format!(
            concat!(
                r#"{{"phase": "Spring 239 BC, Movement", "owners": {{{owners}}}, "#,
                r#""state": {{"loan kor macedonia egypt": ""}}}}"#
            ),
            owners = owners
        )
    };
    let e = polemarch_engine::Position::from_json(&v, &json(r#""Egypt": ["alx"]"#)).unwrap_err().to_string();
    assert_eq!(e, "position JSON, state `loan kor`: Korinth is owned by nobody, so nobody lends it");
    assert!(polemarch_engine::Position::from_json(&v, &json(r#""Egypt": ["alx"], "Macedonia": ["kor"]"#)).is_ok());
    let e = polemarch_engine::Position::from_json(&v, &json(r#""Egypt": ["alx"], "Rome": ["kor"]"#))
        .unwrap_err()
        .to_string();
    assert_eq!(e, "position JSON, state `loan kor`: Korinth is Rome's, so its chain starts with a loan from Rome");
}

/// Triumvirate's state keys name Triumvirs (the players with a personal
/// unit, T2): the Dictator, the Consul, an eliminated player, an Outlaw;
/// an heir or a decreer of outlawry is a Triumvir or the Senate. Any other
/// power is an error naming the key's line.
#[test]
fn triumvirate_state_naming_a_power_that_is_no_triumvir_is_refused() {
    let v = variant("triumvirate");
    let e = |key: &str, value: &str| read_state(&v, [(key, value)]).unwrap_err().to_string();
    assert!(e("dictator", "Egypt").contains("`dictator Egypt`: Egypt is no Triumvir (a player with a personal unit)"));
    assert!(e("consul", "Senate").contains("`consul Senate`: Senate is no Triumvir"));
    assert!(e("eliminated egypt", "").contains("`eliminated egypt`: Egypt is no Triumvir"));
    assert!(e("outlaw egypt", "Senate").contains("`outlaw egypt Senate`: Egypt is no Triumvir"));
    assert!(e("outlaw caesar", "Egypt")
        .contains("`outlaw caesar Egypt`: Egypt is neither a Triumvir (a player with a personal unit) nor the Senate"));
    assert!(e("heir caesar", "Egypt").contains("`heir caesar Egypt`: Egypt is neither a Triumvir"));
    assert!(e("heir senate", "Caesar").contains("`heir senate Caesar`: Senate is no Triumvir"));
    let good = [
        ("dictator", "Caesar"),
        ("consul", "pompey"),
        ("eliminated crassus", ""),
        ("outlaw caesar", "Senate"),
        ("outlaw pompey", "Pompey"),
        ("heir caesar", "Senate"),
        ("heir pompey", "none"),
    ];
    assert!(read_state(&v, good).is_ok());
}
