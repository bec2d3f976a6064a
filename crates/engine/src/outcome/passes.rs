//! Why an order is illegal at the Passes (City State C11; the rules are
//! `rules/passes.rs`).

/// City State C11: `Illegal::Pass`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum PassIllegal {
    /// Only the Emperor's units enter the Passes and Germany.
    ImperialOnly,
    /// A unit in a Pass may only move.
    MustLeavePass,
}

impl PassIllegal {
    /// The rule the order breaks.
    pub(super) fn rule(self) -> &'static str {
        match self {
            PassIllegal::ImperialOnly => "only Imperial units may enter the Passes and Germany",
            PassIllegal::MustLeavePass => {
                "a unit that starts a movement phase in a Pass must move, to its exit or back to Germany (C11): it \
                 goes back to Germany at the end of the phase"
            }
        }
    }
}
