//! Why an ELECT or OUTLAW is illegal (Triumvirate T3, T5a, T5b; the rules
//! are `rules/offices.rs`), and what came of the offices and the Senate.
//! Without offices in the variant these are `Illegal::NoOffices`.

use crate::variant::{PowerId, Variant};

/// Triumvirate T3, T5a, T5b, T7: `Illegal::Office`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum OfficeIllegal {
    OnlySenateElects,
    ElectInSpring,
    AlreadyElected,
    NotATriumvir,
    SenateGone,
    /// "at any time after 55W": from Spring 54 BC.
    OutlawTooEarly,
    NotYourDecree,
    AlreadyOutlaw,
    /// T7: a third of the Senate's units, no more.
    SenateDisbandsTooMany,
}

impl OfficeIllegal {
    /// The rule the order breaks.
    pub(super) fn rule(self) -> &'static str {
        match self {
            OfficeIllegal::OnlySenateElects => "only the Senate, while it exists, elects a Sole Consul (T5a)",
            OfficeIllegal::ElectInSpring => "the Sole Consul is elected in a Spring movement phase (T5a)",
            OfficeIllegal::AlreadyElected => "there is one Sole Consul a year (T5a)",
            OfficeIllegal::NotATriumvir => "only a Triumvir still in the game can be elected or outlawed (T5)",
            OfficeIllegal::SenateGone => "the Senate is eliminated (T7)",
            OfficeIllegal::OutlawTooEarly => {
                "Outlaws are decreed only after Winter 55 BC, from Spring 54 BC on (T5b: \"at \
                 any time after 55W\")"
            }
            OfficeIllegal::NotYourDecree => {
                "only the Senate (the Dictator once the Senate is gone) decrees an Outlaw; a \
                 Triumvir may declare only himself one (T3, T5b)"
            }
            OfficeIllegal::AlreadyOutlaw => "the Triumvir is an Outlaw already (T6: outlawry is irrevocable)",
            OfficeIllegal::SenateDisbandsTooMany => {
                "the Senate disbands a third of its units (rounded up), no more (T7)"
            }
        }
    }
}

/// What came of the offices and the Senate (T5a, T7): `Reason::Office`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum OfficeReason {
    /// T5a: Sole Consul.
    Elected,
    /// T7: disbanded, the Senate's third.
    SenateDisbanded,
    /// T7: disbanded at random from the game's seed (`draw`, from 1).
    DisbandedAtRandom { draw: u32 },
    /// T7: a Senate unit now the Dictator's.
    SenateToDictator { dictator: PowerId },
}

impl OfficeReason {
    pub(super) fn text(self, v: &Variant) -> String {
        match self {
            OfficeReason::Elected => "Sole Consul for this year: +3 supply this Winter (T5a)".into(),
            OfficeReason::SenateDisbanded => "disbanded: the Senate's third (T7)".into(),
            OfficeReason::DisbandedAtRandom { draw } => {
                format!("disbanded at random from the game's seed (draw {draw}): the Senate's third (T7)")
            }
            OfficeReason::SenateToDictator { dictator } => {
                format!("now the Dictator's, {} (T7)", v.power(dictator).name)
            }
        }
    }
}
