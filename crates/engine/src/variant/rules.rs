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
}

impl Default for Rules {
    fn default() -> Self {
        Rules { civil_disorder: CivilDisorder::Rules2023 }
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
                _ => problems.push(Problem::new("variant.toml", &format!("rules.{key}"), "unknown rule option".into())),
            }
        }
        rules
    }
}
