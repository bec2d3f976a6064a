//! Why an order is illegal when the Emperor has fallen, and what came of
//! the Emperor's title (Imperator I8; the rules are `rules/succession.rs`).

use crate::variant::{PowerId, Variant};

/// Imperator I8: `Illegal::Succession`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum SuccessionIllegal {
    /// The power is out of the game: it orders and declares nothing.
    OutOfTheGame,
    /// The Praetorian Guard is not removed in an adjustment.
    GuardRemoval,
}

impl SuccessionIllegal {
    /// The rule the order breaks.
    pub(super) fn rule(self) -> &'static str {
        match self {
            SuccessionIllegal::OutOfTheGame => {
                "the power is out of the game: it orders and declares nothing (I8: the fallen Emperor's units wait \
                 for his successor)"
            }
            SuccessionIllegal::GuardRemoval => {
                "the Praetorian Guard is not removed in an adjustment: remove another unit (I8: the Emperor falls \
                 with it)"
            }
        }
    }
}

/// The Emperor's fall and the title's taking: `Reason::Succession`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum SuccessionReason {
    /// I8: the Emperor's guard dislodged or destroyed: he is out, and the
    /// title goes to `heir`, or waits for whoever takes Rome.
    EmperorFalls { heir: Option<PowerId> },
    /// I8: a vacant title taken with Rome.
    TitleTaken { emperor: PowerId },
}

impl SuccessionReason {
    pub(super) fn text(self, v: &Variant) -> String {
        match self {
            SuccessionReason::EmperorFalls { heir: Some(h) } => {
                format!("the Emperor's guard is lost: the Emperor is out, {} is Emperor (I8)", v.power(h).name)
            }
            SuccessionReason::EmperorFalls { heir: None } => {
                "the Emperor's guard is lost: the Emperor is out, the title waits for whoever takes Rome (I8)".into()
            }
            SuccessionReason::TitleTaken { emperor } => format!(
                "{} holds Rome: Emperor, with the fallen Emperor's units and centres (I8)",
                v.power(emperor).name
            ),
        }
    }
}
