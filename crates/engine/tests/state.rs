//! Typed variant state at its edges: the position JSON's `state` object and
//! case files name keys that the variant's rule modules read and write
//! (docs/position-json.md); anything else is an error naming the key.

use polemarch_engine::rules::{read_state, write_state};
use polemarch_engine::state::Delphi;
use polemarch_engine::variant::embedded_variant;
use polemarch_engine::Variant;

fn variant(id: &str) -> Variant {
    embedded_variant(id).expect("a built-in variant").expect("it loads")
}

#[test]
fn hoplite_wars_state_reads_and_writes_back_the_same_text() {
    let v = variant("hoplite_wars");
    let text = [("claim chi", "Athens"), ("colony chi", "Achea"), ("delphi", "sacked-by Sparta"), ("delphi-builds sparta", "2"), ("seed", "42")];
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
    let e = read_state(&standard, [("colony chi", "Athens")]).unwrap_err();
    assert_eq!(e, "unknown state key `colony chi` (variant standard keeps: seed)");
}

#[test]
fn a_key_with_a_word_too_many_or_too_few_is_an_error() {
    let v = variant("hoplite_wars");
    assert_eq!(read_state(&v, [("colony chi junk", "Athens")]).unwrap_err(), "state key `colony chi junk`: expected `colony <name>`");
    assert_eq!(read_state(&v, [("colony", "Athens")]).unwrap_err(), "state key `colony`: expected `colony <name>`");
    assert_eq!(read_state(&v, [("delphi x", "intact")]).unwrap_err(), "state key `delphi x`: expected `delphi`");
}

#[test]
fn a_value_that_does_not_read_is_an_error() {
    let v = variant("hoplite_wars");
    assert_eq!(read_state(&v, [("seed", "soon")]).unwrap_err(), "state `seed`: `soon`: expected a whole number");
    assert_eq!(read_state(&v, [("delphi", "burnt")]).unwrap_err(), "state `delphi`: `burnt`: expected `intact` or `sacked-by <power>`");
    assert!(read_state(&v, [("colony xyz", "Athens")]).unwrap_err().contains("unknown province `xyz`"));
}
