//! The `[rules]` table of variant.toml, read once at load into the list of
//! mechanics the variant plays (docs/variant-format.md lists the options).

use super::placement::Placement;
use super::{Edition, Mechanic, Rules};
use crate::variant::{PowerId, Problem, ProvinceId};

/// How the value of one option is read.
enum Read {
    /// `true` adds this mechanic, `false` nothing.
    Flag(Mechanic),
    /// The rule edition (not a mechanic).
    Edition,
    /// A value of its own: the mechanic it adds, if any, or what is wrong.
    Value(fn(&toml::Value, &Names) -> Result<Option<Mechanic>, String>),
}

/// What an option's value may name.
struct Names<'a> {
    province: &'a dyn Fn(&str) -> Option<ProvinceId>,
    power: &'a dyn Fn(&str) -> Option<PowerId>,
}

/// Every option of `[rules]`, once (docs/variant-format.md lists them).
const OPTIONS: &[(&str, Read)] = &[
    ("edition", Read::Edition),
    ("multiplicity", Read::Flag(Mechanic::Multiplicity)),
    ("placement", Read::Value(placement)),
    ("garrisons", Read::Flag(Mechanic::Garrisons)),
    ("build_sites", Read::Value(build_sites)),
    ("optional_homes", Read::Flag(Mechanic::OptionalHomes)),
    ("town_control", Read::Value(town_control)),
    ("colonies", Read::Value(colonies)),
    ("delphi", Read::Value(delphi)),
    ("claims", Read::Flag(Mechanic::Claims)),
    ("conversion", Read::Flag(Mechanic::Conversion)),
    ("liberation", Read::Flag(Mechanic::Liberation)),
    ("roman_powers", Read::Value(roman_powers)),
    ("garrison_required", Read::Flag(Mechanic::GarrisonRequired)),
    ("destroy", Read::Flag(Mechanic::Destroy)),
    ("rebuild", Read::Flag(Mechanic::Rebuild)),
    ("loans", Read::Flag(Mechanic::Loans)),
    ("fleet_builds_per_winter", Read::Value(fleet_builds_per_winter)),
    ("double_armies", Read::Flag(Mechanic::DoubleArmies)),
    ("emperor", Read::Value(emperor)),
    ("sieges", Read::Flag(Mechanic::Sieges)),
    ("double_centres", Read::Flag(Mechanic::DoubleCentres)),
    ("ports", Read::Flag(Mechanic::Ports)),
    ("emperor_supply", Read::Flag(Mechanic::ImperialSupply)),
    ("double_army_rebuilds", Read::Value(double_army_rebuilds)),
    ("emperor_elimination", Read::Value(emperor_elimination)),
    ("personal_units", Read::Value(personal_units)),
    ("outlaws", Read::Flag(Mechanic::Outlaws)),
    ("senate", Read::Value(senate)),
    ("personal_elimination", Read::Flag(Mechanic::PersonalElimination)),
    ("deposed", Read::Value(deposed)),
    ("supported_entry", Read::Flag(Mechanic::SupportedEntry)),
    ("barbarians", Read::Value(barbarians)),
    ("frontier", Read::Value(frontier)),
    ("praetorian_guard", Read::Flag(Mechanic::PraetorianGuard)),
    ("imperial_title", Read::Value(imperial_title)),
    ("sassanid", Read::Flag(Mechanic::Sassanid)),
    ("first_year_home_builds", Read::Flag(Mechanic::FirstYearHomeBuilds)),
    ("rivals", Read::Flag(Mechanic::Rivals)),
    ("succession", Read::Flag(Mechanic::Succession)),
];

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
        let Some((_, read)) = OPTIONS.iter().find(|(name, _)| name == key) else {
            problems.push(problem("unknown rule option".into()));
            continue;
        };
        let read = match read {
            Read::Flag(m) => match value.as_bool() {
                Some(on) => Ok(on.then(|| m.clone())),
                None => Err(format!("expected true or false, found {value}")),
            },
            Read::Edition => match value.as_str().map(Edition::named) {
                Some(Ok(e)) => {
                    edition = e;
                    Ok(None)
                }
                Some(Err(e)) => Err(e),
                None => Err(format!("expected the name of an edition, found {value}")),
            },
            Read::Value(read) => read(value, &names),
        };
        match read {
            Ok(m) => rules.mechanics.extend(m),
            Err(what) => problems.push(problem(what)),
        }
    }
    // The Emperor's rules (City State C13-C15) need to know who he is.
    let imperial = |m: &Mechanic| matches!(m, Mechanic::ImperialSupply | Mechanic::DoubleArmyRebuilds(_) | Mechanic::EmperorElimination(_));
    let has_emperor = rules.mechanics.iter().any(|m| matches!(m, Mechanic::ImperialSpaces(_)));
    if !has_emperor && rules.mechanics.iter().any(imperial) {
        problems.push(Problem::new("variant.toml", "rules", "emperor_supply, double_army_rebuilds and emperor_elimination need `emperor`".into()));
    }
    // Imperator I4-I6: the frontier and the guard act on B units, and a B
    // unit sacks a centre as D5 destroys it.
    let has = |f: fn(&Mechanic) -> bool| rules.mechanics.iter().any(f);
    let invaders = has(|m| matches!(m, Mechanic::Barbarians(_)));
    if !invaders && has(|m| matches!(m, Mechanic::Frontier(_) | Mechanic::PraetorianGuard)) {
        problems.push(Problem::new("variant.toml", "rules", "frontier and praetorian_guard need `barbarians`".into()));
    }
    if invaders && !has(|m| matches!(m, Mechanic::Destroy)) {
        problems.push(Problem::new("variant.toml", "rules", "barbarians needs `destroy` (I5: a B unit sacks the centres it enters)".into()));
    }
    // The Triumvirate's offices and outlaws (T3-T7) need its Triumvirs,
    // the players with a personal unit.
    if !has(|m| matches!(m, Mechanic::PersonalUnits(_))) && has(|m| matches!(m, Mechanic::Senate(_) | Mechanic::PersonalElimination | Mechanic::Outlaws)) {
        problems.push(Problem::new("variant.toml", "rules", "senate, outlaws and personal_elimination need `personal_units`".into()));
    }
    // Imperator I7, I8: Rivals and the succession are the Emperor's title's;
    // Rivals are Commanders (personal units) under the Outlaw penalties, and
    // the Emperor falls with his PG.
    let title = has(|m| matches!(m, Mechanic::ImperialTitle(_)));
    let rival_needs = title && has(|m| matches!(m, Mechanic::Outlaws)) && has(|m| matches!(m, Mechanic::PersonalUnits(_)));
    if has(|m| matches!(m, Mechanic::Rivals)) && !rival_needs {
        problems.push(Problem::new("variant.toml", "rules", "rivals needs `imperial_title`, `outlaws` and `personal_units`".into()));
    }
    if has(|m| matches!(m, Mechanic::Succession)) && !(title && has(|m| matches!(m, Mechanic::PraetorianGuard))) {
        problems.push(Problem::new("variant.toml", "rules", "succession needs `imperial_title` and `praetorian_guard`".into()));
    }
    // One order for every variant: the hooks call the mechanics in the
    // order of their declaration, whatever the order of the table.
    rules.mechanics.sort_by_key(Mechanic::rank);
    rules.edition = edition;
    rules
}

/// One of `options`, by position.
fn choice(value: &toml::Value, options: &[&str]) -> Result<usize, String> {
    value.as_str().and_then(|s| options.iter().position(|o| *o == s)).ok_or_else(|| format!("expected one of {}, found {value}", options.join(", ")))
}

fn placement(value: &toml::Value, _: &Names) -> Result<Option<Mechanic>, String> {
    Ok(match choice(value, &["none", "units", "costed"])? {
        1 => Some(Mechanic::Placement(Placement::Units)),
        2 => Some(Mechanic::Placement(Placement::Costed)),
        _ => None,
    })
}

fn build_sites(value: &toml::Value, _: &Names) -> Result<Option<Mechanic>, String> {
    Ok((choice(value, &["home_centres", "owned_centres"])? == 1).then_some(Mechanic::OwnedCentreBuilds))
}

fn town_control(value: &toml::Value, _: &Names) -> Result<Option<Mechanic>, String> {
    Ok((choice(value, &["as_cities", "every_move"])? == 1).then_some(Mechanic::TownsEveryMove))
}

/// A number from 0 to 99.
fn small(value: &toml::Value, what: &str) -> Result<u8, String> {
    match value.as_integer() {
        Some(n @ 0..=99) => Ok(n as u8),
        _ => Err(format!("expected {what} (0 to 99), found {value}")),
    }
}

fn fleet_builds_per_winter(value: &toml::Value, _: &Names) -> Result<Option<Mechanic>, String> {
    Ok(Some(Mechanic::FleetBuildCap(small(value, "a number of fleets")?)))
}

fn double_army_rebuilds(value: &toml::Value, _: &Names) -> Result<Option<Mechanic>, String> {
    Ok(Some(Mechanic::DoubleArmyRebuilds(small(value, "the most double armies there may be")?)))
}

/// A year, with what it is the year of.
fn year(value: &toml::Value, what: &str) -> Result<i32, String> {
    value.as_integer().and_then(|y| i32::try_from(y).ok()).ok_or_else(|| format!("expected {what}, found {value}"))
}

fn emperor_elimination(value: &toml::Value, _: &Names) -> Result<Option<Mechanic>, String> {
    Ok(Some(Mechanic::EmperorElimination(year(value, "the year from whose Spring the Emperor may be eliminated")?)))
}

fn frontier(value: &toml::Value, _: &Names) -> Result<Option<Mechanic>, String> {
    Ok(Some(Mechanic::Frontier(year(value, "the year of the first Winter of frontier dice")?)))
}

/// A power named by the value.
fn one_power(value: &toml::Value, names: &Names) -> Result<PowerId, String> {
    let name = value.as_str().ok_or_else(|| format!("expected a power, found {value}"))?;
    (names.power)(name).ok_or_else(|| format!("unknown power `{name}`"))
}

fn imperial_title(value: &toml::Value, names: &Names) -> Result<Option<Mechanic>, String> {
    Ok(Some(Mechanic::ImperialTitle(one_power(value, names)?)))
}

fn senate(value: &toml::Value, names: &Names) -> Result<Option<Mechanic>, String> {
    Ok(Some(Mechanic::Senate(one_power(value, names)?)))
}

fn emperor(value: &toml::Value, names: &Names) -> Result<Option<Mechanic>, String> {
    Ok(Some(Mechanic::ImperialSpaces(one_power(value, names)?)))
}

/// The strings of a list value.
fn strings(value: &toml::Value) -> Option<Vec<&str>> {
    value.as_array().and_then(|a| a.iter().map(|v| v.as_str()).collect())
}

fn barbarians(value: &toml::Value, names: &Names) -> Result<Option<Mechanic>, String> {
    let Some([b, p]) = strings(value).as_deref().map(|s| <[&str; 2]>::try_from(s).ok()).flatten() else {
        return Err(format!("expected the two powers the judge plays, [\"Barbarians\", \"Persians\"], found {value}"));
    };
    match ((names.power)(b), (names.power)(p)) {
        (Some(barbarians), Some(persians)) if barbarians != persians => Ok(Some(Mechanic::Barbarians(super::barbarians::Invaders { barbarians, persians }))),
        (Some(_), Some(_)) => Err("the Barbarians and the Persians are two powers".into()),
        (None, _) => Err(format!("unknown power `{b}`")),
        (_, None) => Err(format!("unknown power `{p}`")),
    }
}

fn personal_units(value: &toml::Value, _: &Names) -> Result<Option<Mechanic>, String> {
    let t = value.as_table().ok_or_else(|| format!("expected a table {{ kind = \"T\", ... }}, found {value}"))?;
    let kind = t.get("kind").and_then(|k| k.as_str()).and_then(crate::state::Kind::from_code);
    let flag = |name: &str| t.get(name).and_then(|b| b.as_bool()).unwrap_or(false);
    let known = t.keys().all(|k| ["kind", "rebuilds_centres", "support_two_away"].contains(&k.as_str()));
    match kind {
        Some(kind) if known => {
            Ok(Some(Mechanic::PersonalUnits(super::personal::Personal { kind, rebuilds: flag("rebuilds_centres"), far_support: flag("support_two_away") })))
        }
        _ => Err(format!("expected {{ kind = \"<letter>\", rebuilds_centres = <bool>, support_two_away = <bool> }}, found {value}")),
    }
}

fn deposed(value: &toml::Value, names: &Names) -> Result<Option<Mechanic>, String> {
    let pair = value.as_table().and_then(|t| Some((t.get("power")?.as_str()?, t.get("without")?.as_str()?)));
    match pair.map(|(pw, c)| (pw, c, (names.power)(pw), (names.province)(c))) {
        Some((_, _, Some(pw), Some(c))) => Ok(Some(Mechanic::Deposed(pw, c))),
        Some((pw, c, _, _)) => Err(format!("unknown power `{pw}` or province `{c}`")),
        None => Err(format!("expected {{ power = \"<power>\", without = \"<centre>\" }}, found {value}")),
    }
}

/// Every name of a list, each found by `find`, or the first unknown one.
fn all_named<T>(value: &toml::Value, what: &str, find: &dyn Fn(&str) -> Option<T>) -> Result<Vec<T>, String> {
    let names = strings(value).ok_or_else(|| format!("expected a list of {what}s, found {value}"))?;
    names.into_iter().map(|name| find(name).ok_or_else(|| format!("unknown {what} `{name}`"))).collect()
}

fn roman_powers(value: &toml::Value, names: &Names) -> Result<Option<Mechanic>, String> {
    Ok(Some(Mechanic::RomanCentres(all_named(value, "power", names.power)?)))
}

fn colonies(value: &toml::Value, names: &Names) -> Result<Option<Mechanic>, String> {
    let colonies = all_named(value, "province", names.province)?;
    Ok((!colonies.is_empty()).then_some(Mechanic::Colonies(colonies)))
}

fn delphi(value: &toml::Value, names: &Names) -> Result<Option<Mechanic>, String> {
    let name = value.as_str().ok_or_else(|| format!("expected a province, found {value}"))?;
    (names.province)(name).map(|p| Some(Mechanic::Delphi(p))).ok_or_else(|| format!("unknown province `{name}`"))
}

#[cfg(test)]
mod tests {
    use super::{from_table, Read, OPTIONS};

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

    /// A flag switches on its own mechanic, and only it (the old reader
    /// matched the flags twice and fell back to Liberation).
    #[test]
    fn each_flag_adds_its_own_mechanic() {
        let (no_province, no_power) = (|_: &str| None, |_: &str| None);
        for (name, read) in OPTIONS {
            let Read::Flag(m) = read else { continue };
            let table: toml::Table = toml::from_str(&format!("{name} = true")).unwrap();
            let mut problems = Vec::new();
            let rules = from_table(&table, &no_province, &no_power, &mut problems);
            assert_eq!(rules.mechanics, [m.clone()], "{name}");
            let table: toml::Table = toml::from_str(&format!("{name} = false")).unwrap();
            assert!(from_table(&table, &no_province, &no_power, &mut problems).mechanics.is_empty(), "{name}");
            let table: toml::Table = toml::from_str(&format!("{name} = 1")).unwrap();
            let mut problems = Vec::new();
            from_table(&table, &no_province, &no_power, &mut problems);
            assert!(format!("{problems:?}").contains("expected true or false, found 1"), "{name}: {problems:?}");
        }
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
