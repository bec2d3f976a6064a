//! The `[rules]` table: named, typed options of a variant, each switching on
//! a rule module of the engine (docs/variant-format.md lists them).

use super::load::Problem;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CivilDisorder {
    /// DATC 4.D.8, 2023 rulebook: distance to the nearest owned centre.
    Rules2023,
}

/// How the first phase places the starting units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// The starting units are on the board at the start.
    None,
    /// Each starting unit is placed as an army or a fleet (Multiplicity M13).
    Units,
    /// Each power places units costing what its home centres are worth
    /// (Hoplite Wars H15).
    Costed,
}

/// Where a power may build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildSites {
    HomeCentres,
    /// Any City or Town it owns (Hoplite Wars H7).
    OwnedCentres,
}

/// When centres worth half (Towns) change hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TownControl {
    /// As every centre: after the seasons the calendar names.
    AsCities,
    /// After every movement season (Hoplite Wars H6).
    EveryMove,
}

#[derive(Clone, Debug)]
pub struct Rules {
    pub civil_disorder: CivilDisorder,
    /// Multiplicity II: forces of several components, MERGE and SPLIT.
    pub multiplicity: bool,
    pub placement: Placement,
    /// Garrisons: immobile units costing half a centre (Hoplite Wars H11).
    pub garrisons: bool,
    pub build_sites: BuildSites,
    pub town_control: TownControl,
    /// Towns dealt at random to the Majors after the first Autumn (H9).
    pub colonies: Vec<String>,
    /// The province that can be sacked (H18).
    pub delphi: Option<String>,
    /// `CLAIM <power>` on a capturing order (H3).
    pub claims: bool,
    /// `CONVERT A xxx F` in Winter (H17).
    pub conversion: bool,
    /// A Minor's home City retaken by its player returns to it (H10).
    pub liberation: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            civil_disorder: CivilDisorder::Rules2023,
            multiplicity: false,
            placement: Placement::None,
            garrisons: false,
            build_sites: BuildSites::HomeCentres,
            town_control: TownControl::AsCities,
            colonies: Vec::new(),
            delphi: None,
            claims: false,
            conversion: false,
            liberation: false,
        }
    }
}

impl Rules {
    pub fn from_table(table: &toml::Table, problems: &mut Vec<Problem>) -> Rules {
        let mut rules = Rules::default();
        for (key, value) in table {
            let mut choice = |options: &[&str]| -> Option<usize> {
                let found = value.as_str().and_then(|s| options.iter().position(|o| *o == s));
                if found.is_none() {
                    problems.push(Problem::new("variant.toml", &format!("rules.{key}"), format!("expected one of {}, found {value}", options.join(", "))));
                }
                found
            };
            match key.as_str() {
                "civil_disorder" => {
                    choice(&["2023"]);
                }
                "placement" => {
                    if let Some(i) = choice(&["none", "units", "costed"]) {
                        rules.placement = [Placement::None, Placement::Units, Placement::Costed][i];
                    }
                }
                "build_sites" => {
                    if let Some(i) = choice(&["home_centres", "owned_centres"]) {
                        rules.build_sites = [BuildSites::HomeCentres, BuildSites::OwnedCentres][i];
                    }
                }
                "town_control" => {
                    if let Some(i) = choice(&["as_cities", "every_move"]) {
                        rules.town_control = [TownControl::AsCities, TownControl::EveryMove][i];
                    }
                }
                "multiplicity" => rules.multiplicity = flag(key, value, problems),
                "garrisons" => rules.garrisons = flag(key, value, problems),
                "claims" => rules.claims = flag(key, value, problems),
                "conversion" => rules.conversion = flag(key, value, problems),
                "liberation" => rules.liberation = flag(key, value, problems),
                "delphi" => match value.as_str() {
                    Some(p) => rules.delphi = Some(p.to_string()),
                    None => problems.push(Problem::new("variant.toml", "rules.delphi", format!("expected a province, found {value}"))),
                },
                "colonies" => match value.as_array().and_then(|a| a.iter().map(|v| v.as_str().map(String::from)).collect::<Option<Vec<_>>>()) {
                    Some(list) => rules.colonies = list,
                    None => problems.push(Problem::new("variant.toml", "rules.colonies", format!("expected a list of provinces, found {value}"))),
                },
                _ => problems.push(Problem::new("variant.toml", &format!("rules.{key}"), "unknown rule option".into())),
            }
        }
        rules
    }
}

fn flag(key: &str, value: &toml::Value, problems: &mut Vec<Problem>) -> bool {
    value.as_bool().unwrap_or_else(|| {
        problems.push(Problem::new("variant.toml", &format!("rules.{key}"), format!("expected true or false, found {value}")));
        false
    })
}
