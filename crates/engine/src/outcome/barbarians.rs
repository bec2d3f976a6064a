//! Why an order is illegal for or against the units the judge plays
//! (Imperator I5, the Barbarians and Persians; the rules are
//! `rules/barbarians.rs`).

/// Imperator I5: `Illegal::Barbarian`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum BarbarianIllegal {
    /// B units are moved by the judge.
    MovedByJudge,
    /// B units receive support to hold only.
    SupportHoldOnly,
    NeverEnter,
    PersiansNeverEnterRome,
}

impl BarbarianIllegal {
    /// The rule the order breaks.
    pub(super) fn rule(self) -> &'static str {
        match self {
            BarbarianIllegal::MovedByJudge => {
                "Barbarian and Persian units are moved by the judge: no player orders them (I5)"
            }
            BarbarianIllegal::SupportHoldOnly => {
                "a Barbarian or Persian unit may be supported to hold, never to \
                 move (I5)"
            }
            BarbarianIllegal::NeverEnter => "Barbarians never enter Alexandria, Antioch or Rome (I5)",
            BarbarianIllegal::PersiansNeverEnterRome => "Persians never enter Rome (I5)",
        }
    }
}
