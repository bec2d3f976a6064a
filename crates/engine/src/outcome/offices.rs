//! Why an ELECT or OUTLAW is illegal (Triumvirate T3, T5a, T5b; the rules
//! are `rules/offices.rs`). Without offices in the variant these are
//! `Illegal::NoOffices`.

/// Triumvirate T3, T5a, T5b: `Illegal::Office`.
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
        }
    }
}
