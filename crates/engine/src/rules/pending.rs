//! City State (issue 14): the positions whose judging needs a rule not yet
//! implemented. The judge refuses them with the rule's name rather than
//! judge them by the standard rules; each test goes when its rule comes in.
//! What is judged already: movement, retreats and Winters with at most one
//! force in Germany and none in a Pass, the Passes and Germany closed to
//! others (C10), the double army (C12), the Messina box (C4, the map's), the
//! sieges (C5-C9, `sieges.rs`), the Winter's double centres, ports, the
//! Emperor's builds and DA rebuilds (C2, C3, C13, C14) and his elimination
//! (C15).

use crate::state::Position;
use crate::variant::Variant;

/// Why this position cannot be judged yet, if it cannot.
pub fn refusal(v: &Variant, pos: &Position) -> Option<String> {
    let not_yet = |what: &str| Some(format!("City State: {what} is not implemented yet (issue 14); the judge does not adjudicate this position"));
    for f in &pos.forces {
        let p = v.province(v.province_of(f.loc));
        if p.flags.pass {
            return not_yet("a unit in a Pass (C11)");
        }
    }
    None
}
