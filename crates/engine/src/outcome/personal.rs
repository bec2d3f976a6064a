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
