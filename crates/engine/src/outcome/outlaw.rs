//! Why an Outlaw's order is illegal (Triumvirate T6; the rules are
//! `rules/outlaw.rs`).

/// Triumvirate T6: `Illegal::Outlaw`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum OutlawIllegal {
    FixNotDue,
    FixedUnit,
    Builds,
}

impl OutlawIllegal {
    /// The rule the order breaks.
    pub(super) fn rule(self) -> &'static str {
        match self {
            OutlawIllegal::FixNotDue => {
                "an Outlaw names a quarter of his own units, rounded up, in the phase of the \
                 decree, and no more (T6)"
            }
            OutlawIllegal::FixedUnit => {
                "an Outlaw's fixed unit may not move: it holds or supports another of his fixed \
                 units (T6)"
            }
            OutlawIllegal::Builds => "an Outlaw builds at most 2 units a year, at most 1 of them a fleet (T6)",
        }
    }
}

/// An Outlaw and his fixed units (T6): `Reason::Outlaw`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum OutlawReason {
    Outlawed,
    Fixed,
}

impl OutlawReason {
    pub(super) fn text(self) -> &'static str {
        match self {
            OutlawReason::Outlawed => "Outlaw: a quarter of his units fixed, at most 2 builds a year (T6)",
            OutlawReason::Fixed => "fixed: this unit may not move (T6)",
        }
    }
}
