//! Checks a built variant for what its files cannot say by their shape:
//! one-sided borders, borders across the wrong terrain, centres and units in
//! the wrong places, walls and boxes where they cannot be, provinces that
//! cannot be reached.

use super::load::Problem;
use super::{LocId, Moves, Province, Terrain, Variant};
use crate::state::json::{cannot_stand, off_the_coast};
use crate::state::Component;
use std::collections::BTreeMap;

pub(super) fn check(v: &Variant, problems: &mut Vec<Problem>) {
    borders(v, problems);
    centres(v, problems);
    units(v, problems);
    spaces(v, problems);
    reachable(v, problems);
    calendar(v, problems);
}

/// The first year must be in the calendar's own era and a sane range
/// (`FIRST_YEARS`), so that year arithmetic can never run off `i32`.
fn calendar(v: &Variant, problems: &mut Vec<Problem>) {
    let year = v.calendar.first.year;
    if !super::calendar::FIRST_YEARS.contains(&year) {
        let (lo, hi) = (super::calendar::FIRST_YEARS.start(), super::calendar::FIRST_YEARS.end());
        let era = if v.calendar.era == super::calendar::Era::Bc { " BC" } else { "" };
        problems.push(Problem::new(
            "variant.toml",
            "calendar.first",
            format!("the first year must be {lo}{era} to {hi}{era}"),
        ));
    }
}

/// A border to or from a place behind the walls: the loader makes the one
/// with its centre, and `spaces` reports any other.
fn walls_border(v: &Variant, a: usize, b: usize) -> bool {
    v.provinces[a].walls_of.is_some() || v.provinces[b].walls_of.is_some()
}

fn borders(v: &Variant, problems: &mut Vec<Problem>) {
    let n = v.provinces.len();
    for a in 0..n {
        let pa = &v.provinces[a];
        for b in 0..n {
            if !v.army_borders.get(a, b) || walls_border(v, a, b) {
                continue;
            }
            let pb = &v.provinces[b];
            if a == b {
                problems.push(Problem::at("map.toml", &pa.abbr, "army", "a province cannot border itself".into()));
            } else if !v.army_borders.get(b, a) {
                problems.push(Problem::at(
                    "map.toml",
                    &pa.abbr,
                    "army",
                    format!("border to `{}` is not listed from `{}`", pb.abbr, pb.abbr),
                ));
            }
            for (p, other) in [(pa, pb), (pb, pa)] {
                if !p.terrain.holds_armies() || p.terrain == Terrain::Islands {
                    let why = if p.terrain == Terrain::Islands { " (armies reach islands only by convoy)" } else { "" };
                    problems.push(Problem::at(
                        "map.toml",
                        &other.abbr,
                        "army",
                        format!("army border into {} province `{}`{why}", p.terrain.name(), p.abbr),
                    ));
                }
            }
        }
    }
    for a in 0..v.locs.len() {
        for b in 0..v.locs.len() {
            if !v.fleet_borders.get(a, b) || walls_border(v, v.locs[a].province.index(), v.locs[b].province.index()) {
                continue;
            }
            let (pa, pb) = (v.province(v.locs[a].province), v.province(v.locs[b].province));
            let (la, lb) = (v.loc_abbr(LocId::new(a)), v.loc_abbr(LocId::new(b)));
            if v.locs[a].province == v.locs[b].province {
                problems.push(Problem::at("map.toml", &pa.abbr, "fleet", "a province cannot border itself".into()));
            } else if !v.fleet_borders.get(b, a) {
                problems.push(Problem::at(
                    "map.toml",
                    &pa.abbr,
                    "fleet",
                    format!("border from `{la}` to `{lb}` is not listed from `{lb}`"),
                ));
            }
            if !pb.terrain.holds_fleets() {
                problems.push(Problem::at(
                    "map.toml",
                    &pa.abbr,
                    "fleet",
                    format!("fleet border into {} province `{}`", pb.terrain.name(), pb.abbr),
                ));
            }
            if !pb.coasts.is_empty() && v.locs[b].coast.is_none() {
                problems.push(Problem::at(
                    "map.toml",
                    &pa.abbr,
                    "fleet",
                    format!("`{}` has coasts: name one (`{}/..`)", pb.abbr, pb.abbr),
                ));
            }
        }
    }
}

fn centres(v: &Variant, problems: &mut Vec<Problem>) {
    for power in &v.powers {
        for &h in &power.homes {
            if !v.is_centre(h) {
                problems.push(Problem::new(
                    "variant.toml",
                    &format!("power `{}`.homes", power.name),
                    format!("`{}` is not a supply centre", v.province(h).abbr),
                ));
            }
        }
    }
    for (p, owner) in v.start_owners.iter().enumerate() {
        if let Some(o) = owner {
            if v.provinces[p].centre == 0 {
                problems.push(Problem::new(
                    "variant.toml",
                    &format!("power `{}`.owns", v.power(*o).name),
                    format!("`{}` is not a supply centre", v.provinces[p].abbr),
                ));
            }
        }
    }
    for p in &v.provinces {
        if p.centre > 0 && !p.terrain.holds_armies() {
            problems.push(Problem::at(
                "map.toml",
                &p.abbr,
                "centre",
                format!("a {} province cannot be a centre", p.terrain.name()),
            ));
        }
    }
}

fn units(v: &Variant, problems: &mut Vec<Problem>) {
    let mut seen = BTreeMap::new();
    for &(power, kind, loc) in &v.start_units {
        let p = v.province(v.province_of(loc));
        let key = format!("power `{}`.units", v.power(power).name);
        let unit = format!("{} {}", kind.letter(), v.loc_abbr(loc));
        // Where any position may hold it (a kind the variant has, terrain,
        // coasts); and a starting army stands on its province, not a coast.
        let component = Component { kind, power, free: false };
        let on_coast = kind.row().moves != Moves::Fleet && v.loc(loc).coast.is_some();
        let wrong =
            cannot_stand(v, &[component], loc).or_else(|| on_coast.then(|| off_the_coast(v, &[component], loc)));
        if let Some(why) = wrong {
            problems.push(Problem::new("variant.toml", &key, format!("`{unit}`: {why}")));
        }
        if seen.insert(v.province_of(loc), unit.clone()).is_some() && !p.is_box {
            problems.push(Problem::new("variant.toml", &key, format!("`{unit}`: two starting units in `{}`", p.abbr)));
        }
    }
}

/// Walls only on a centre and never on a box; a box where forces may
/// stand; a place behind the walls bordered by its province alone.
fn spaces(v: &Variant, problems: &mut Vec<Problem>) {
    for p in v.provinces.iter().filter(|p| p.walls.is_some()) {
        if p.centre == 0 {
            problems.push(Problem::at("map.toml", &p.abbr, "walls", "only a supply centre has walls".into()));
        }
        if p.is_box {
            problems.push(Problem::at("map.toml", &p.abbr, "walls", "a box has no walls".into()));
        }
    }
    for p in v.provinces.iter().filter(|p| p.is_box && p.terrain == Terrain::Impassable) {
        problems.push(Problem::at("map.toml", &p.abbr, "box", "an impassable province holds no forces".into()));
    }
    for (w, place) in v.provinces.iter().enumerate() {
        let Some(centre) = place.walls_of else { continue };
        let centre = &v.province(centre).abbr;
        for other in v
            .provinces
            .iter()
            .enumerate()
            .filter(|&(b, _)| v.any_borders.get(b, w))
            .map(|(_, p)| p)
            .filter(|p| &p.abbr != centre)
        {
            problems.push(Problem::at(
                "map.toml",
                &other.abbr,
                "army/fleet",
                format!("`{}` is behind the walls of `{centre}`: only `{centre}` borders it", place.abbr),
            ));
        }
    }
}

fn reachable(v: &Variant, problems: &mut Vec<Problem>) {
    let n = v.provinces.len();
    let Some(start) = (0..n).find(|&p| v.provinces[p].terrain != Terrain::Impassable) else { return };
    let mut seen = vec![false; n];
    let mut stack = vec![start];
    seen[start] = true;
    while let Some(a) = stack.pop() {
        for b in 0..n {
            if !seen[b] && v.any_borders.get(a, b) {
                seen[b] = true;
                stack.push(b);
            }
        }
    }
    for (p, prov) in v.provinces.iter().enumerate() {
        if !seen[p] && prov.terrain != Terrain::Impassable {
            problems.push(Problem::at(
                "map.toml",
                &prov.abbr,
                "army/fleet",
                format!("cannot be reached from `{}`", v.provinces[start].abbr),
            ));
        }
    }
}

/// A summary of a valid variant, as `polemarch variant check` prints it.
pub fn summary(v: &Variant) -> String {
    let map_provinces: Vec<&Province> = v.provinces.iter().filter(|p| p.walls_of.is_none()).collect();
    let mut by_terrain = BTreeMap::new();
    for p in &map_provinces {
        *by_terrain.entry(p.terrain).or_insert(0) += 1;
    }
    let terrains: Vec<String> = by_terrain.iter().map(|(t, n)| format!("{n} {}", t.name())).collect();
    let centres = v.provinces.iter().filter(|p| p.centre > 0);
    let halves: u32 = centres.clone().map(|p| p.centre as u32).sum();
    let mut by_value = BTreeMap::new();
    for p in centres.clone() {
        *by_value.entry(p.centre).or_insert(0) += 1;
    }
    let values: Vec<String> = by_value.iter().map(|(h, n)| format!("{n} worth {}", halves_text(*h as u32))).collect();
    let mut out = format!("{} ({}): ok\n", v.name, v.id);
    out += &format!("  provinces: {} ({})\n", map_provinces.len(), terrains.join(", "));
    out += &spaces_summary(v);
    let multi_coast = v.provinces.iter().filter(|p| !p.coasts.is_empty()).count();
    out += &format!(
        "  coasts: {} locations on {multi_coast} multi-coast province{}\n",
        v.locs.len() - v.provinces.len(),
        if multi_coast == 1 { "" } else { "s" }
    );
    let n = v.provinces.len();
    let pairs = (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))).filter(|&(a, b)| v.any_borders.get(a, b)).count();
    out += &format!("  borders: {pairs} bordering pairs\n");
    let homes: usize = v.powers.iter().map(|p| p.homes.len()).sum();
    let count = centres.clone().count();
    out += &format!(
        "  centres: {count} ({}; {homes} home, {} neutral), {} in all\n",
        values.join(", "),
        count - homes,
        halves_text(halves)
    );
    out += &flags_summary(v);
    out += &format!("  powers: {}\n", v.powers.len());
    if v.players.len() < v.powers.len() {
        let players: Vec<String> = v
            .players
            .iter()
            .map(|p| p.powers.iter().map(|&q| v.power(q).name.as_str()).collect::<Vec<_>>().join("+"))
            .collect();
        out += &format!("  players: {} ({})\n", v.players.len(), players.join(", "));
    }
    for p in &v.powers {
        out += &format!(
            "    {:<12} {} homes, {} units\n",
            p.name,
            p.homes.len(),
            v.start_units.iter().filter(|u| v.power(u.0).name == p.name).count()
        );
    }
    let by = if v.victory.by_player { " (a player's powers together)" } else { "" };
    let joint = if v.victory.joint { ", joint victory" } else { "" };
    match v.victory.goal {
        super::Goal::Centres(halves) => out += &format!("  victory: {} centres{by}{joint}\n", halves_text(halves)),
        super::Goal::SelfSupportingUnits(n) => out += &format!("  victory: {n} self-supporting units{by}{joint}\n"),
    }
    let modules: Vec<String> = v.rules.mechanics.iter().map(|m| m.describe(v)).collect();
    if !modules.is_empty() {
        out += &format!("  rules: {}\n", modules.join(", "));
    }
    out
}

/// The boxes and the places behind the walls, when there are any:
/// `  boxes: 1 (ger)`, `  places behind the walls: 2 (mil-walls, rom-walls)`.
fn spaces_summary(v: &Variant) -> String {
    let list = |places: Vec<&Province>| {
        format!("{} ({})", places.len(), places.iter().map(|p| p.abbr.as_str()).collect::<Vec<_>>().join(", "))
    };
    let boxes: Vec<&Province> = v.provinces.iter().filter(|p| p.is_box).collect();
    let walls: Vec<&Province> = v.provinces.iter().filter(|p| p.walls_of.is_some()).collect();
    let mut out = String::new();
    if !boxes.is_empty() {
        out += &format!("  boxes: {}\n", list(boxes));
    }
    if !walls.is_empty() {
        out += &format!("  places behind the walls: {}\n", list(walls));
    }
    out
}

/// A number of centres given in halves, with its noun: 2 -> "1 centre",
/// 3 -> "1.5 centres", 4 -> "2 centres".
pub fn centres_text(h: u32) -> String {
    format!("{} {}", halves_text(h), if h == 2 { "centre" } else { "centres" })
}

/// Writes a count in halves as a number: 4 -> "2", 5 -> "2.5".
pub fn halves_text(h: u32) -> String {
    if h.is_multiple_of(2) {
        format!("{}", h / 2)
    } else {
        format!("{}.5", h / 2)
    }
}

/// The per-game flags of a shared map the variant reads, one line each:
/// `  garrison required: arm bel ill scy`.
fn flags_summary(v: &Variant) -> String {
    let list = |pick: &dyn Fn(&Province) -> bool| -> Vec<&str> {
        let mut names: Vec<&str> = v.provinces.iter().filter(|p| pick(p)).map(|p| p.abbr.as_str()).collect();
        names.sort_unstable();
        names
    };
    let mut out = String::new();
    let mut line = |what: &str, names: Vec<&str>| {
        if !names.is_empty() {
            out += &format!("  {what}: {}\n", names.join(" "));
        }
    };
    line("worth more to Romans", list(&|p| p.roman_centre > 0));
    line("garrison required", list(&|p| p.flags.garrison_required));
    line("not destroyable", list(&|p| p.flags.not_destroyable));
    line("parthian", list(&|p| p.flags.parthian));
    line("sassanid", list(&|p| p.flags.sassanid));
    line("frontier", list(&|p| p.flags.frontier));
    line("ports", list(&|p| p.flags.port));
    line("double centres", list(&|p| p.flags.double_home));
    line("southern edge", list(&|p| p.flags.southern_edge));
    line("imperial only", list(&|p| p.flags.imperial));
    line("passes", list(&|p| p.flags.pass));
    let optional: Vec<String> = v
        .powers
        .iter()
        .flat_map(|pw| pw.optional_homes.iter().map(move |&h| format!("{} ({})", v.province(h).abbr, pw.name)))
        .collect();
    if !optional.is_empty() {
        out += &format!("  optional homes: {}\n", optional.join(", "));
    }
    out
}
