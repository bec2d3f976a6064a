//! Triumvirate's victory (seeds/003_510582f0400fa4f9.txt, Triumvirate rule
//! 2, "the first player to have 25 fully self-supporting units on the
//! board. A tie results in a JOINT VICTORY"; rulings T10, D2): units
//! supported by the player's own centres after a Winter adjustment. The
//! Winter bonuses (the Dictator's and the Sole Consul's 3, T3, T5) pay for
//! units but are no centres: they do not make units "fully"
//! self-supporting.
//!
//! T10 is tested here, not in tests/cases/triumvirate/: the case format
//! describes one phase and has no key for a game's result.

use polemarch_engine::rules::{read_state, self_supporting_units, supplies, winners};
use polemarch_engine::variant::embedded_variant;
use polemarch_engine::Variant;

mod vedder_board;
use vedder_board::{board, ARMIES_25 as ARMIES, CENTRES_25 as CENTRES};

fn tr() -> Variant {
    embedded_variant("triumvirate").expect("embedded").unwrap_or_else(|p| panic!("{p:?}"))
}

/// T10: 25 units paid by the player's own centres win after a Winter.
#[test]
fn twenty_five_fully_self_supporting_units_win() {
    let v = tr();
    let egypt = v.find_power("Egypt").unwrap();
    let pos = board(&v, egypt, &CENTRES, &ARMIES);
    assert_eq!(self_supporting_units(&v, &pos, egypt), 25);
    assert_eq!(winners(&v, &pos, true), [egypt]);
    assert!(winners(&v, &pos, false).is_empty());
}

/// T3, T10: Pompey, Dictator (an army in Rome: the +3 is paid only at a
/// Winter that finds him there), with 22 centres' worth and 25 units: the
/// +3 pays for all 25 in the Winter, but only 22 are fully
/// self-supporting: no victory.
#[test]
fn the_dictators_bonus_does_not_win() {
    let v = tr();
    let pompey = v.find_power("Pompey").unwrap();
    let mut armies = ARMIES;
    armies[24] = "rom";
    let mut pos = board(&v, pompey, &CENTRES[2..], &armies);
    pos.state = read_state(&v, [("dictator", "Pompey")]).unwrap();
    // Alexandria is gone with the first two: 22 single centres.
    assert_eq!(supplies(&v, &pos)[pompey.index()], 2 * 25);
    assert_eq!(self_supporting_units(&v, &pos, pompey), 22);
    assert!(winners(&v, &pos, true).is_empty());
}
