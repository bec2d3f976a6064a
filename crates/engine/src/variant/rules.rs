//! The `[rules]` table: named, typed options of a variant.

use super::load::Problem;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CivilDisorder {
    /// DATC 4.D.8, 2023 rulebook: distance to the nearest owned centre.
    Rules2023,
}

#[derive(Clone, Debug)]
pub struct Rules {
    pub civil_disorder: CivilDisorder,
    /// Multiplicity II: forces of several components, MERGE and SPLIT.
    pub multiplicity: bool,
    /// The first phase is a placement: each starting unit is placed as an
    /// army or a fleet (Multiplicity M13).
    pub placement: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules { civil_disorder: CivilDisorder::Rules2023, multiplicity: false, placement: false }
    }
}

impl Rules {
    pub fn from_table(table: &toml::Table, problems: &mut Vec<Problem>) -> Rules {
        let mut rules = Rules::default();
        for (key, value) in table {
            match key.as_str() {
                "civil_disorder" => match value.as_str() {
                    Some("2023") => rules.civil_disorder = CivilDisorder::Rules2023,
                    _ => problems.push(Problem::new("variant.toml", "rules.civil_disorder", format!("expected \"2023\", found {value}"))),
                },
                "multiplicity" => rules.multiplicity = flag(key, value, problems),
                "placement" => rules.placement = flag(key, value, problems),
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
