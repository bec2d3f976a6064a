//! The `[rules]` table of variant.toml, read once at load into the list of
//! mechanics the variant plays (docs/variant-format.md lists the options).

use super::{AnyMechanic, Edition, Rules, UnknownEdition, OPTIONS};
use crate::variant::{PowerId, Problem, ProvinceId};
use std::fmt;

/// How the value of one option is read into its mechanic (each mechanic's
/// `read`): the mechanic it adds, if any, or what is wrong.
pub(super) type Reader = fn(&toml::Value, &Names) -> Result<Option<AnyMechanic>, OptionError>;

/// What is wrong with the value of one option, by kind; the loader prints
/// it beside the option's key (`variant.toml, rules.delphi: unknown
/// province `xyz``).
#[derive(Debug, Clone, PartialEq)]
pub enum OptionError {
    /// The value is not of the form the option takes: what it takes, and
    /// the value found (`expected true or false, found 1`).
    Expected { expected: String, found: toml::Value },
    /// The value names something the variant does not have (`unknown
    /// power `Prussia``).
    Unknown { what: &'static str, name: String },
    /// A power and a province of which one at least is unknown (`deposed`).
    UnknownPowerOrProvince { power: String, province: String },
    /// One power named for two roles that must be two powers (the judge's
    /// Barbarians and Persians).
    OnePowerTwice(&'static str),
    /// No edition has that name.
    Edition(UnknownEdition),
}

impl OptionError {
    /// The value is not of the form the option takes.
    pub(super) fn expected(expected: impl Into<String>, found: &toml::Value) -> OptionError {
        OptionError::Expected { expected: expected.into(), found: found.clone() }
    }
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Expected { expected, found } => write!(f, "expected {expected}, found {found}"),
            OptionError::Unknown { what, name } => write!(f, "unknown {what} `{name}`"),
            OptionError::UnknownPowerOrProvince { power, province } => {
                write!(f, "unknown power `{power}` or province `{province}`")
            }
            OptionError::OnePowerTwice(roles) => f.write_str(roles),
            OptionError::Edition(e) => e.fmt(f),
        }
    }
}

crate::error::text_errors!(OptionError);

/// What an option's value may name.
pub struct Names<'a> {
    pub province: &'a dyn Fn(&str) -> Option<ProvinceId>,
    pub power: &'a dyn Fn(&str) -> Option<PowerId>,
}

/// Reads the table; `province` finds a province by name, `power` a power
/// (None: unknown).
pub fn from_table(
    table: &toml::Table,
    province: &dyn Fn(&str) -> Option<ProvinceId>,
    power: &dyn Fn(&str) -> Option<PowerId>,
    problems: &mut Vec<Problem>,
) -> Rules {
    let names = Names { province, power };
    let mut rules = Rules::default();
    let mut edition = Edition::default();
    for (key, value) in table {
        let problem = |what: String| Problem::new("variant.toml", &format!("rules.{key}"), what);
        if key == "edition" {
            match value.as_str().map(Edition::named) {
                Some(Ok(e)) => edition = e,
                Some(Err(e)) => problems.push(problem(e.to_string())),
                None => problems.push(problem(OptionError::expected("the name of an edition", value).to_string())),
            }
            continue;
        }
        let Some((_, read)) = OPTIONS.iter().find(|(name, _)| name == key) else {
            problems.push(problem("unknown rule option".into()));
            continue;
        };
        match read(value, &names) {
            Ok(m) => rules.mechanics.extend(m),
            Err(what) => problems.push(problem(what.to_string())),
        }
    }
    // One order for every variant: the hooks call the mechanics in the
    // order of their rank, whatever the order of the table.
    rules.mechanics.sort_by_key(AnyMechanic::rank);
    for what in rules.requirements() {
        problems.push(Problem::new("variant.toml", "rules", what.into()));
    }
    rules.edition = edition;
    rules
}

/// A mechanic's requirement of the others: met, or the problem.
pub(super) fn needs(met: bool, problem: &'static str) -> Result<(), &'static str> {
    if met {
        Ok(())
    } else {
        Err(problem)
    }
}

/// A switch: `true` adds `mechanic`, `false` nothing.
pub(super) fn flag<M>(value: &toml::Value, mechanic: M) -> Result<Option<M>, OptionError> {
    match value.as_bool() {
        Some(on) => Ok(on.then_some(mechanic)),
        None => Err(OptionError::expected("true or false", value)),
    }
}

/// One of `options`, by position.
pub(super) fn choice(value: &toml::Value, options: &[&str]) -> Result<usize, OptionError> {
    value
        .as_str()
        .and_then(|s| options.iter().position(|o| *o == s))
        .ok_or_else(|| OptionError::expected(format!("one of {}", options.join(", ")), value))
}

/// A number from 0 to 99.
pub(super) fn small(value: &toml::Value, what: &str) -> Result<u8, OptionError> {
    match value.as_integer() {
        Some(n @ 0..=99) => Ok(n as u8),
        _ => Err(OptionError::expected(format!("{what} (0 to 99)"), value)),
    }
}

/// A year, with what it is the year of.
pub(super) fn year(value: &toml::Value, what: &str) -> Result<i32, OptionError> {
    value.as_integer().and_then(|y| i32::try_from(y).ok()).ok_or_else(|| OptionError::expected(what, value))
}

/// A power named by the value.
pub(super) fn one_power(value: &toml::Value, names: &Names) -> Result<PowerId, OptionError> {
    let name = value.as_str().ok_or_else(|| OptionError::expected("a power", value))?;
    (names.power)(name).ok_or_else(|| unknown("power", name))
}

/// A name the variant does not have.
pub(super) fn unknown(what: &'static str, name: &str) -> OptionError {
    OptionError::Unknown { what, name: name.to_string() }
}

/// The strings of a list value.
pub(super) fn strings(value: &toml::Value) -> Option<Vec<&str>> {
    value.as_array().and_then(|a| a.iter().map(|v| v.as_str()).collect())
}

/// Every name of a list, each found by `find`, or the first unknown one.
pub(super) fn all_named<T>(
    value: &toml::Value,
    what: &'static str,
    find: &dyn Fn(&str) -> Option<T>,
) -> Result<Vec<T>, OptionError> {
    let names = strings(value).ok_or_else(|| OptionError::expected(format!("a list of {what}s"), value))?;
    names.into_iter().map(|name| find(name).ok_or_else(|| unknown(what, name))).collect()
}

#[cfg(test)]
mod tests {
    use super::{from_table, OPTIONS};

    /// Each option is in the table once, and docs/variant-format.md lists
    /// it.
    #[test]
    fn every_option_once_and_documented() {
        let doc = include_str!("../../../../docs/variant-format.md");
        for (i, (name, _)) in OPTIONS.iter().enumerate() {
            assert!(OPTIONS[..i].iter().all(|(other, _)| other != name), "{name} twice");
            assert!(doc.contains(&format!("`{name}`")), "docs/variant-format.md does not list `{name}`");
        }
    }

    /// An option read as `true` switches on its own mechanic, and only it
    /// (the old reader matched the flags twice and fell back to
    /// Liberation); read as `false`, nothing; a flag refuses a number.
    #[test]
    fn each_flag_adds_its_own_mechanic() {
        let (no_province, no_power) = (|_: &str| None, |_: &str| None);
        let mut flags = 0;
        for (name, _) in OPTIONS {
            let table: toml::Table = toml::from_str(&format!("{name} = true")).unwrap();
            let mut problems = Vec::new();
            let rules = from_table(&table, &no_province, &no_power, &mut problems);
            if format!("{problems:?}").contains("expected true or false") || rules.mechanics.is_empty() {
                continue; // not a flag: its value is not a boolean
            }
            flags += 1;
            assert_eq!(rules.mechanics.len(), 1, "{name}");
            assert_eq!(rules.mechanics[0].option(), *name);
            let table: toml::Table = toml::from_str(&format!("{name} = false")).unwrap();
            assert!(from_table(&table, &no_province, &no_power, &mut problems).mechanics.is_empty(), "{name}");
            let table: toml::Table = toml::from_str(&format!("{name} = 1")).unwrap();
            let mut problems = Vec::new();
            from_table(&table, &no_province, &no_power, &mut problems);
            assert!(format!("{problems:?}").contains("expected true or false, found 1"), "{name}: {problems:?}");
        }
        assert_eq!(flags, 23, "the flags of docs/variant-format.md");
    }

    #[test]
    fn an_unknown_option_is_a_problem() {
        let (no_province, no_power) = (|_: &str| None, |_: &str| None);
        let table: toml::Table = toml::from_str("liberations = true").unwrap();
        let mut problems = Vec::new();
        assert!(from_table(&table, &no_province, &no_power, &mut problems).mechanics.is_empty());
        assert_eq!(problems.len(), 1);
        assert!(format!("{:?}", problems[0]).contains("unknown rule option"), "{problems:?}");
    }
}
