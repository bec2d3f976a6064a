//! Why an order is illegal at a centre's walls (City State C5, C6, C8), and
//! what came of a siege (C8, C9); the rules are `rules/sieges.rs`.

/// Why an order is illegal at the walls: `Illegal::Siege`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum SiegeIllegal {
    /// C5: behind the walls only by a retreat from the centre.
    ByRetreatOnly,
    /// C5: a fleet behind the walls only at a port.
    FleetOnlyAtPort,
    /// C6: a unit behind the walls stands or attacks its province.
    HoldOrAttack,
    /// C6: no support for a unit behind the walls.
    Unsupported,
    /// C8: `R` raises a siege only where the walls hold a unit.
    NoSiege,
}

impl SiegeIllegal {
    /// The rule the order breaks.
    pub(super) fn rule(self) -> &'static str {
        match self {
            SiegeIllegal::ByRetreatOnly => {
                "a unit goes behind the walls only by retreating there when dislodged from the centre"
            }
            SiegeIllegal::FleetOnlyAtPort => "a fleet may be behind the walls only in a port",
            SiegeIllegal::HoldOrAttack => {
                "a unit behind the walls may only stand or attack its own province, never support or convoy (City \
                 State C6)"
            }
            SiegeIllegal::Unsupported => {
                "a unit behind the walls may not be supported, holding or attacking (City State C6)"
            }
            SiegeIllegal::NoSiege => {
                "`R` in a movement phase raises a siege: only of a province whose walls hold a unit, by a unit \
                 outside them (City State C8)"
            }
        }
    }
}

/// What came of an order or a unit at the walls: `Reason::Siege`. (The
/// arms keep the names they had in `Reason`'s flat list: the reason's code.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
#[allow(clippy::enum_variant_names)]
pub enum SiegeReason {
    /// C8: the attack succeeded and the raiser stayed.
    SiegeRaised,
    /// C9: disbanded after two movement phases behind the walls.
    SiegeLost,
}

impl SiegeReason {
    pub(super) fn text(self) -> &'static str {
        match self {
            SiegeReason::SiegeRaised => "siege raised: the attack succeeded, the raiser stays (C8)",
            SiegeReason::SiegeLost => "disbanded after two movement phases behind the walls (C9)",
        }
    }
}
