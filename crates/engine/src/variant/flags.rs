//! The per-game flags of a shared map (the Vedder map's `flags.<game>`),
//! read for the variant's `map_game`: a province the game closes becomes
//! impassable (its borders are dropped, it is no centre), the other flags
//! go on the province, and `optional_home:<power>` makes an extra build site
//! of that power (docs/variant-format.md).

use super::file::{ProvinceFile, VariantFile};
use super::load::Problem;
use super::names::normalize;
use super::names::NameMap;
use super::{Power, PowerId, Province, ProvinceFlags, Terrain};

/// The flags every game of a shared map may set.
pub const KNOWN: &[&str] = &[
    "impassable",
    "garrison_required",
    "not_destroyable",
    "parthian",
    "sassanid",
    "frontier",
    "barbarian_cannot_sack",
    "optional_home:<power>",
    "port",
    "double_home",
    "southern_edge",
    "imperial",
    "pass",
];

/// Reads the flags of `vf.map_game` onto the provinces and powers; returns
/// which provinces the game closes.
pub fn read(
    vf: &VariantFile,
    pfs: &[ProvinceFile],
    provinces: &mut [Province],
    powers: &mut [Power],
    power_names: &NameMap<PowerId>,
    problems: &mut Vec<Problem>,
) -> Vec<bool> {
    let mut closed = vec![false; provinces.len()];
    let game = vf.map_game.as_deref();
    for (i, pf) in pfs.iter().enumerate() {
        for (g, flags) in &pf.flags {
            for flag in flags {
                let key = format!("flags.{g}");
                let own = Some(g.as_str()) == game;
                let mut set = |f: &mut ProvinceFlags| -> bool {
                    match flag.as_str() {
                        "impassable" => closed[i] |= own,
                        "garrison_required" => f.garrison_required = true,
                        "not_destroyable" => f.not_destroyable = true,
                        "parthian" => f.parthian = true,
                        "sassanid" => f.sassanid = true,
                        "frontier" => f.frontier = true,
                        "barbarian_cannot_sack" => f.barbarian_cannot_sack = true,
                        "port" => f.port = true,
                        "double_home" => f.double_home = true,
                        "southern_edge" => f.southern_edge = true,
                        "imperial" => f.imperial = true,
                        "pass" => f.pass = true,
                        other => return other.starts_with("optional_home:"),
                    }
                    true
                };
                // Every game's flags are checked; only the variant's own apply.
                let mut scratch = ProvinceFlags::default();
                let known = if own { set(&mut provinces[i].flags) } else { set(&mut scratch) };
                if !known {
                    problems.push(Problem::at(
                        "map.toml",
                        &pf.abbr,
                        &key,
                        format!("unknown flag `{flag}` (flags: {})", KNOWN.join(", ")),
                    ));
                }
                if !own {
                    continue;
                }
                if let Some(name) = flag.strip_prefix("optional_home:") {
                    match power_names.get(&normalize(name)) {
                        Some(p) => powers[p.index()].optional_homes.push(super::ProvinceId::new(i)),
                        None => problems.push(Problem::at(
                            "map.toml",
                            &pf.abbr,
                            &key,
                            format!("`{flag}`: the variant has no power `{name}`"),
                        )),
                    }
                }
            }
        }
        if !closed[i] {
            continue;
        }
        // A closed province is no part of the game: impassable, no centre.
        let game = game.unwrap_or_default();
        if powers.iter().any(|p| p.homes.contains(&super::ProvinceId::new(i))) {
            problems.push(Problem::at(
                "map.toml",
                &pf.abbr,
                &format!("flags.{game}"),
                "a home centre cannot be impassable".into(),
            ));
        }
        let p = &mut provinces[i];
        p.terrain = Terrain::Impassable;
        p.centre = 0;
        p.roman_centre = 0;
    }
    closed
}
