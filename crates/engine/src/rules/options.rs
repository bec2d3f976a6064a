//! The `[rules]` table of variant.toml, read once at load into the list of
//! mechanics the variant plays (docs/variant-format.md lists the options).

use super::placement::Placement;
use super::{Edition, Mechanic, Rules};
use crate::variant::{PowerId, Problem, ProvinceId};

/// Reads the table; `province` finds a province by name, `power` a power
/// (None: unknown).
pub fn from_table(
    table: &toml::Table,
    province: &dyn Fn(&str) -> Option<ProvinceId>,
    power: &dyn Fn(&str) -> Option<PowerId>,
    problems: &mut Vec<Problem>,
) -> Rules {
    let mut rules = Rules::default();
    let mut edition = Edition::default();
    let mut add = |m: Mechanic| rules.mechanics.push(m);
    for (key, value) in table {
        let mut problem = |what: String| problems.push(Problem::new("variant.toml", &format!("rules.{key}"), what));
        let mut choice = |options: &[&str]| -> Option<usize> {
            let found = value.as_str().and_then(|s| options.iter().position(|o| *o == s));
            if found.is_none() {
                problem(format!("expected one of {}, found {value}", options.join(", ")));
            }
            found
        };
        match key.as_str() {
            "edition" => match value.as_str().map(Edition::named) {
                Some(Ok(e)) => edition = e,
                Some(Err(e)) => problem(e),
                None => problem(format!("expected the name of an edition, found {value}")),
            },
            "placement" => match choice(&["none", "units", "costed"]) {
                Some(1) => add(Mechanic::Placement(Placement::Units)),
                Some(2) => add(Mechanic::Placement(Placement::Costed)),
                _ => {}
            },
            "build_sites" => {
                if choice(&["home_centres", "owned_centres"]) == Some(1) {
                    add(Mechanic::OwnedCentreBuilds);
                }
            }
            "town_control" => {
                if choice(&["as_cities", "every_move"]) == Some(1) {
                    add(Mechanic::TownsEveryMove);
                }
            }
            "multiplicity"
            | "garrisons"
            | "claims"
            | "conversion"
            | "liberation"
            | "garrison_required"
            | "destroy"
            | "rebuild"
            | "loans"
            | "optional_homes"
            | "double_armies"
            | "sieges"
            | "sassanid"
            | "praetorian_guard"
            | "first_year_home_builds"
            | "outlaws"
            | "personal_elimination"
            | "rivals"
            | "succession"
            | "supported_entry" => match value.as_bool() {
                Some(false) => {}
                Some(true) => add(match key.as_str() {
                    "multiplicity" => Mechanic::Multiplicity,
                    "garrisons" => Mechanic::Garrisons,
                    "claims" => Mechanic::Claims,
                    "conversion" => Mechanic::Conversion,
                    "garrison_required" => Mechanic::GarrisonRequired,
                    "destroy" => Mechanic::Destroy,
                    "rebuild" => Mechanic::Rebuild,
                    "loans" => Mechanic::Loans,
                    "optional_homes" => Mechanic::OptionalHomes,
                    "double_armies" => Mechanic::DoubleArmies,
                    "sieges" => Mechanic::Sieges,
                    "sassanid" => Mechanic::Sassanid,
                    "praetorian_guard" => Mechanic::PraetorianGuard,
                    "first_year_home_builds" => Mechanic::FirstYearHomeBuilds,
                    "outlaws" => Mechanic::Outlaws,
                    "personal_elimination" => Mechanic::PersonalElimination,
                    "rivals" => Mechanic::Rivals,
                    "succession" => Mechanic::Succession,
                    "supported_entry" => Mechanic::SupportedEntry,
                    _ => Mechanic::Liberation,
                }),
                None => problem(format!("expected true or false, found {value}")),
            },
            "double_centres" | "ports" | "emperor_supply" => match value.as_bool() {
                Some(false) => {}
                Some(true) => add(match key.as_str() {
                    "double_centres" => Mechanic::DoubleCentres,
                    "ports" => Mechanic::Ports,
                    _ => Mechanic::ImperialSupply,
                }),
                None => problem(format!("expected true or false, found {value}")),
            },
            "double_army_rebuilds" => match value.as_integer() {
                Some(n @ 0..=99) => add(Mechanic::DoubleArmyRebuilds(n as u8)),
                _ => problem(format!("expected the most double armies there may be (0 to 99), found {value}")),
            },
            "emperor_elimination" => match value.as_integer().and_then(|y| i32::try_from(y).ok()) {
                Some(year) => add(Mechanic::EmperorElimination(year)),
                None => problem(format!("expected the year from whose Spring the Emperor may be eliminated, found {value}")),
            },
            "frontier" => match value.as_integer().and_then(|y| i32::try_from(y).ok()) {
                Some(year) => add(Mechanic::Frontier(year)),
                None => problem(format!("expected the year of the first Winter of frontier dice, found {value}")),
            },
            "imperial_title" => match value.as_str().map(|name| (name, power(name))) {
                Some((_, Some(p))) => add(Mechanic::ImperialTitle(p)),
                Some((name, None)) => problem(format!("unknown power `{name}`")),
                None => problem(format!("expected a power, found {value}")),
            },
            "barbarians" => match value.as_array().and_then(|a| a.iter().map(|v| v.as_str()).collect::<Option<Vec<_>>>()).as_deref() {
                Some([b, p]) => match (power(b), power(p)) {
                    (Some(barbarians), Some(persians)) if barbarians != persians => {
                        add(Mechanic::Barbarians(super::barbarians::Invaders { barbarians, persians }))
                    }
                    (Some(_), Some(_)) => problem("the Barbarians and the Persians are two powers".into()),
                    (None, _) => problem(format!("unknown power `{b}`")),
                    (_, None) => problem(format!("unknown power `{p}`")),
                },
                _ => problem(format!("expected the two powers the judge plays, [\"Barbarians\", \"Persians\"], found {value}")),
            },
            "personal_units" => match value.as_table() {
                Some(t) => {
                    let kind = t.get("kind").and_then(|k| k.as_str()).and_then(crate::state::Kind::from_code);
                    let flag = |name: &str| t.get(name).and_then(|b| b.as_bool()).unwrap_or(false);
                    let known = t.keys().all(|k| ["kind", "rebuilds_centres", "support_two_away"].contains(&k.as_str()));
                    match kind {
                        Some(kind) if known => add(Mechanic::PersonalUnits(super::personal::Personal {
                            kind,
                            rebuilds: flag("rebuilds_centres"),
                            far_support: flag("support_two_away"),
                        })),
                        _ => problem(format!("expected {{ kind = \"<letter>\", rebuilds_centres = <bool>, support_two_away = <bool> }}, found {value}")),
                    }
                }
                None => problem(format!("expected a table {{ kind = \"T\", ... }}, found {value}")),
            },
            "senate" => match value.as_str().map(|name| (name, power(name))) {
                Some((_, Some(p))) => add(Mechanic::Senate(p)),
                Some((name, None)) => problem(format!("unknown power `{name}`")),
                None => problem(format!("expected a power, found {value}")),
            },
            "deposed" => {
                let pair = value.as_table().and_then(|t| Some((t.get("power")?.as_str()?, t.get("without")?.as_str()?)));
                match pair.map(|(pw, c)| (pw, c, power(pw), province(c))) {
                    Some((_, _, Some(pw), Some(c))) => add(Mechanic::Deposed(pw, c)),
                    Some((pw, c, _, _)) => problem(format!("unknown power `{pw}` or province `{c}`")),
                    None => problem(format!("expected {{ power = \"<power>\", without = \"<centre>\" }}, found {value}")),
                }
            }
            "fleet_builds_per_winter" => match value.as_integer() {
                Some(n @ 0..=99) => add(Mechanic::FleetBuildCap(n as u8)),
                _ => problem(format!("expected a number of fleets (0 to 99), found {value}")),
            },
            "roman_powers" => match value.as_array().and_then(|a| a.iter().map(|v| v.as_str()).collect::<Option<Vec<_>>>()) {
                Some(names) => {
                    let mut romans = Vec::new();
                    for name in names {
                        match power(name) {
                            Some(p) => romans.push(p),
                            None => problem(format!("unknown power `{name}`")),
                        }
                    }
                    add(Mechanic::RomanCentres(romans));
                }
                None => problem(format!("expected a list of powers, found {value}")),
            },
            "emperor" => match value.as_str().map(|name| (name, power(name))) {
                Some((_, Some(p))) => add(Mechanic::ImperialSpaces(p)),
                Some((name, None)) => problem(format!("unknown power `{name}`")),
                None => problem(format!("expected a power, found {value}")),
            },
            "delphi" => match value.as_str() {
                Some(name) => match province(name) {
                    Some(p) => add(Mechanic::Delphi(p)),
                    None => problem(format!("unknown province `{name}`")),
                },
                None => problem(format!("expected a province, found {value}")),
            },
            "colonies" => match value.as_array().and_then(|a| a.iter().map(|v| v.as_str()).collect::<Option<Vec<_>>>()) {
                Some(names) => {
                    let mut colonies = Vec::new();
                    for name in names {
                        match province(name) {
                            Some(p) => colonies.push(p),
                            None => problem(format!("unknown province `{name}`")),
                        }
                    }
                    if !colonies.is_empty() {
                        add(Mechanic::Colonies(colonies));
                    }
                }
                None => problem(format!("expected a list of provinces, found {value}")),
            },
            _ => problem("unknown rule option".into()),
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
