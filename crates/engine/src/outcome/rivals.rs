//! Why a RIVAL declaration is illegal (Imperator I7; the rules are
//! `rules/rivals.rs`). Without Rivals in the variant it is `Illegal::NoRivals`.

/// Imperator I7: `Illegal::Rival`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum RivalIllegal {
    /// "at any time after 235W": from Spring 236.
    TooEarly,
    NotACommander,
    NotYours,
    EmperorWithoutRome,
    Already,
}

impl RivalIllegal {
    /// The rule the order breaks.
    pub(super) fn rule(self) -> &'static str {
        match self {
            RivalIllegal::TooEarly => {
                "Rivals are declared only after Winter 235, from Spring 236 (I7: \"at any time \
                 after 235W\")"
            }
            RivalIllegal::NotACommander => "only a Commander still in the game, not the Emperor, can be a Rival (I7)",
            RivalIllegal::NotYours => {
                "only the Emperor declares a Commander a Rival; a Commander may declare only \
                 himself one (I7)"
            }
            RivalIllegal::EmperorWithoutRome => "the Emperor declares Rivals only while he holds Rome (I7)",
            RivalIllegal::Already => "the Commander is a Rival already (I7)",
        }
    }
}

/// I7: a Commander declared a Rival: `Reason::Rival`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum RivalReason {
    DeclaredRival,
}

impl RivalReason {
    pub(super) fn text(self) -> &'static str {
        match self {
            RivalReason::DeclaredRival => {
                "Rival to the Throne: the Outlaw penalties, a quarter of his units fixed, at most 2 builds a year; \
                 his AGC is a PG(R) (I7)"
            }
        }
    }
}
