//! What came of the Emperor's title (Imperator I8; the rules are
//! `rules/succession.rs`).

use crate::variant::{PowerId, Variant};

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
