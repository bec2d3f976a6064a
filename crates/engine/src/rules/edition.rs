//! Rule editions: the DATC chapter-4 choices on which judges differ, as
//! named values. `2023` is the DATC v3.0 preference (rules/standard.md);
//! `droidippy`, `mila` and `webdiplomacy` are the choices of the judges
//! whose records polemarch replays, as their records and public code show
//! (docs/conformance.md has the table and the evidence).

/// DATC 4.D.8: whose units go first when a power orders too few removals:
/// the farthest from the centres the rule counts from. Ties go to fleets
/// before armies, then as `DisorderTies` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CivilDisorder {
    /// 2023 rulebook: from the nearest centre the power owns, every unit
    /// counting moves over land and sea alike.
    NearestOwnedCentre,
    /// Droidippy (as its records show): from the nearest home centre, owned
    /// or not, every unit counting moves over land and sea alike.
    NearestHomeCentre,
    /// MILA: from the nearest home centre, owned or not, armies counting
    /// moves over land and sea, fleets only moves a fleet can make; a fleet
    /// that cannot get there at all goes first.
    NearestHomeCentreFleetsBySea,
}

/// DATC 4.D.8, the last tie-break between units as far and of one kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DisorderTies {
    /// By the province's name, in alphabetical order.
    ProvinceName,
    /// By the location's abbreviation (`bot`, `fin`, `stp/nc`) in byte
    /// order: godip's province ids (`phase/phase.go`, `SortedUnits`), so
    /// Droidippy removed F Gulf of Bothnia before F Finland.
    ProvinceId,
}

/// A named set of choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edition {
    pub name: &'static str,
    /// DATC 4.A.3 (6.G.8): an army ordered `via convoy` to a province it
    /// borders, with no convoy route of fleets ordered to carry it, moves
    /// over land (the DATC v2 preference) instead of staying.
    pub convoy_falls_back_to_land: bool,
    /// DATC 4.A.3 (6.G.1-6.G.4): an army ordered to a province it borders,
    /// without `via convoy`, goes by convoy when a fleet of its own power is
    /// ordered to convoy it there (2023); otherwise only `via convoy` (or a
    /// province it does not border) makes a move a convoyed one
    /// (webDiplomacy).
    pub own_fleet_convoys: bool,
    /// DATC 4.B.4: a coast written in a support to a move must match the
    /// move's coast (2023); otherwise the support's coast is not read.
    pub support_coast_must_match: bool,
    /// DATC 4.D.8.
    pub civil_disorder: CivilDisorder,
    /// DATC 4.D.8, the last tie-break.
    pub disorder_ties: DisorderTies,
}

impl Edition {
    /// The DATC v3.0 preferences, the 2023 rulebook: the default.
    pub const Y2023: Edition = Edition {
        name: "2023",
        convoy_falls_back_to_land: false,
        own_fleet_convoys: true,
        support_coast_must_match: true,
        civil_disorder: CivilDisorder::NearestOwnedCentre,
        disorder_ties: DisorderTies::ProvinceName,
    };
    /// Droidippy (godip, about 2012): DATC v2.4 choices, and godip's
    /// tie-break by province id.
    pub const DROIDIPPY: Edition = Edition {
        name: "droidippy",
        convoy_falls_back_to_land: true,
        own_fleet_convoys: true,
        support_coast_must_match: true,
        civil_disorder: CivilDisorder::NearestHomeCentre,
        disorder_ties: DisorderTies::ProvinceId,
    };
    /// MILA's `diplomacy` engine (the AI research judge): DATC v2.4 choices.
    pub const MILA: Edition = Edition {
        name: "mila",
        convoy_falls_back_to_land: true,
        own_fleet_convoys: true,
        support_coast_must_match: false,
        civil_disorder: CivilDisorder::NearestHomeCentreFleetsBySea,
        disorder_ties: DisorderTies::ProvinceName,
    };
    /// webDiplomacy (the judge of the games Cicero played, published in
    /// MILA's format): MILA's choices, except that an army goes by convoy
    /// only when its order says `VIA` or its destination is not adjacent
    /// (rules/standard.md, "Other judges' editions").
    pub const WEBDIPLOMACY: Edition = Edition { name: "webdiplomacy", own_fleet_convoys: false, ..Edition::MILA };

    pub const ALL: [Edition; 4] = [Edition::Y2023, Edition::DROIDIPPY, Edition::MILA, Edition::WEBDIPLOMACY];

    /// The edition of this name, or the error that lists them.
    pub fn named(name: &str) -> Result<Edition, UnknownEdition> {
        Edition::ALL
            .into_iter()
            .find(|e| e.name == name)
            .ok_or_else(|| UnknownEdition { name: crate::order::excerpt(name).to_string() })
    }
}

/// A name that is no edition. It prints ``unknown edition `1971`
/// (editions: 2000, 2023, ...)``.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownEdition {
    /// The name as written, shortened if long.
    pub name: String,
}

impl std::fmt::Display for UnknownEdition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = Edition::ALL.iter().map(|e| e.name).collect();
        write!(f, "unknown edition `{}` (editions: {})", self.name, names.join(", "))
    }
}

crate::error::text_errors!(UnknownEdition);

/// One of the choices an edition makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Choice {
    ConvoyFallback,
    SupportCoast,
    CivilDisorder,
}

impl Choice {
    pub const ALL: [Choice; 3] = [Choice::ConvoyFallback, Choice::SupportCoast, Choice::CivilDisorder];

    /// The DATC issue and what the choice is about.
    pub fn describe(self) -> &'static str {
        match self {
            Choice::ConvoyFallback => {
                "DATC 4.A.3: a `via convoy` move with no convoy falls back to land (or stays); a move to a neighbour \
                 goes by convoy when its own fleet convoys it (or only with `via convoy`)"
            }
            Choice::SupportCoast => "DATC 4.B.4: the coast written in a support to a move",
            Choice::CivilDisorder => "DATC 4.D.8: which units civil disorder removes",
        }
    }
}

impl Edition {
    /// Do the two editions choose differently on `choice`?
    pub fn differs(&self, other: &Edition, choice: Choice) -> bool {
        *self != self.with(other, choice)
    }

    /// This edition with `other`'s answer to `choice`.
    pub fn with(&self, other: &Edition, choice: Choice) -> Edition {
        let mut e = *self;
        match choice {
            Choice::ConvoyFallback => {
                e.convoy_falls_back_to_land = other.convoy_falls_back_to_land;
                e.own_fleet_convoys = other.own_fleet_convoys;
            }
            Choice::SupportCoast => e.support_coast_must_match = other.support_coast_must_match,
            Choice::CivilDisorder => {
                e.civil_disorder = other.civil_disorder;
                e.disorder_ties = other.disorder_ties;
            }
        }
        e
    }
}

impl Default for Edition {
    fn default() -> Edition {
        Edition::Y2023
    }
}

#[cfg(test)]
mod tests {
    use super::{Choice, Edition};

    #[test]
    fn editions_by_name() {
        assert_eq!(Edition::named("2023"), Ok(Edition::Y2023));
        assert_eq!(Edition::named("mila").unwrap().name, "mila");
        let err = Edition::named("1971").unwrap_err().to_string();
        assert!(err.contains("unknown edition `1971`") && err.contains("2023, droidippy, mila, webdiplomacy"), "{err}");
    }

    #[test]
    fn one_choice_switched() {
        let (new, old) = (Edition::Y2023, Edition::MILA);
        assert!(Choice::ALL.iter().all(|&c| new.differs(&old, c)));
        let e = new.with(&old, Choice::ConvoyFallback);
        assert!(e.convoy_falls_back_to_land && e.support_coast_must_match);
        assert!(!Edition::DROIDIPPY.differs(&Edition::Y2023, Choice::SupportCoast));
        assert!(Edition::WEBDIPLOMACY.differs(&Edition::MILA, Choice::ConvoyFallback));
        assert!(!Edition::WEBDIPLOMACY.differs(&Edition::MILA, Choice::CivilDisorder));
        assert!(!e.differs(&old, Choice::ConvoyFallback) && e.differs(&old, Choice::CivilDisorder));
    }
}
