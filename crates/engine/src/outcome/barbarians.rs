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

/// What came of the Barbarians and Persians (Imperator I4-I6):
/// `Reason::Barbarian`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum BarbarianReason {
    /// I4: a frontier garrison's die after a Winter (1 or 2: destroyed, a
    /// B unit in its place).
    FrontierDie { roll: u8 },
    /// I4: a B unit appeared in an empty frontier province.
    Invaded,
    /// I5: a B unit moved into a centre and sacked it.
    CentreSacked,
    /// I6: the Praetorian Guard's attack destroyed the B unit; the guard
    /// stays.
    BarbarianDestroyed,
}

impl BarbarianReason {
    pub(super) fn text(self) -> String {
        match self {
            BarbarianReason::FrontierDie { roll } if roll <= 2 => format!(
                "frontier die {roll}: the garrison is destroyed, a Barbarian or Persian army takes its place (I4)"
            ),
            BarbarianReason::FrontierDie { roll } => format!("frontier die {roll}: the garrison holds (I4)"),
            BarbarianReason::Invaded => {
                "a Barbarian or Persian army appears in the empty frontier province (I4)".into()
            }
            BarbarianReason::CentreSacked => "moved in and sacked the centre: worth nothing until rebuilt (I5)".into(),
            BarbarianReason::BarbarianDestroyed => {
                "the Praetorian Guard's attack destroyed the Barbarian or Persian unit; the guard stays (I6)".into()
            }
        }
    }
}
