//! Why the designation of a personal unit is illegal (Triumvirate T2; the
//! rules are `rules/personal.rs`).

/// Triumvirate T2: `Illegal::Personal`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum PersonalIllegal {
    FirstPhaseOnly,
    NoPersonalUnit,
    ArmyOnly,
    Already,
}

impl PersonalIllegal {
    /// The rule the order breaks.
    pub(super) fn rule(self) -> &'static str {
        match self {
            PersonalIllegal::FirstPhaseOnly => "a personal unit is designated only in the first phase of the game (T2)",
            PersonalIllegal::NoPersonalUnit => "only a player with a personal unit designates one (T2: the Triumvirs)",
            PersonalIllegal::ArmyOnly => "the personal unit is one of the player's own armies on the board (T2)",
            PersonalIllegal::Already => "the personal unit has been designated already (T2)",
        }
    }
}

/// What a personal unit did (T2, I6): `Reason::Personal`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum PersonalReason {
    /// T2: designated.
    Designated,
    /// It moved into a destroyed centre and rebuilt it (T2, I6).
    RebuiltInPassing,
}

impl PersonalReason {
    pub(super) fn text(self) -> &'static str {
        match self {
            PersonalReason::Designated => "personal unit designated (T2)",
            PersonalReason::RebuiltInPassing => {
                "moved; the personal unit rebuilt the destroyed centre by entering it (T2, Imperator I6)"
            }
        }
    }
}
