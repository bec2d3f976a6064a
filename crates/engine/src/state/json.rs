//! The position as JSON (docs/position-json.md): units by power in order
//! notation, dislodged forces with their attacker's origin, standoffs,
//! centre owners and variant state.

use super::{parse_composition, write_composition, Component, Dislodged, Force, Position};
use crate::adjudicate::retreat_options;
use crate::order::excerpt;
use crate::rules::StateError;
use crate::variant::{LocId, PhaseError, PowerId, Terrain, UnknownPower, Variant};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// What is wrong with a position's JSON, by kind. It prints the text the
/// judge has always printed, which names the part of the position at
/// fault (`position JSON, units of France: ...`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// Not JSON of the position's shape: where, and what the reader says.
    Json { line: usize, column: usize, message: String },
    /// The phase's name does not read.
    Phase(PhaseError),
    /// A power the variant does not have.
    UnknownPower(UnknownPower),
    /// A province the variant does not have, in one of the position's
    /// lists (`dislodged of Austria`, `contested`).
    UnknownProvince { list: String, name: String },
    /// An entry of one of the lists that does not read, or that cannot be
    /// so (a unit where it cannot stand, a centre owned twice): the list
    /// and why.
    Entry { list: String, why: String },
    /// The state's keys or values.
    State(StateError),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Json { line, column, message } => {
                write!(f, "position JSON, line {line} column {column}: {message}")
            }
            PositionError::Phase(e) => write!(f, "position JSON, phase: {e}"),
            PositionError::UnknownPower(e) => write!(f, "position JSON: {e}"),
            PositionError::UnknownProvince { list, name } => {
                write!(f, "position JSON, {list}: unknown province `{name}`")
            }
            PositionError::Entry { list, why } => write!(f, "position JSON, {list}: {why}"),
            PositionError::State(e) => write!(f, "position JSON, {e}"),
        }
    }
}

crate::error::text_errors!(PositionError);

/// An entry of `list` that does not read or cannot be.
fn entry(list: impl Into<String>, why: impl Into<String>) -> PositionError {
    PositionError::Entry { list: list.into(), why: why.into() }
}

/// A province of `list` the variant does not have.
fn unknown_province(list: impl Into<String>, name: &str) -> PositionError {
    PositionError::UnknownProvince { list: list.into(), name: excerpt(name).into_owned() }
}

#[derive(Serialize, Deserialize, Debug, Default, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PositionJson {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    pub phase: String,
    #[serde(default)]
    pub units: BTreeMap<String, Vec<String>>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub dislodged: BTreeMap<String, Vec<DislodgedJson>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub contested: Vec<String>,
    /// Centres by owner; when absent, the variant's starting owners.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owners: Option<BTreeMap<String, Vec<String>>>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub state: BTreeMap<String, String>,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DislodgedJson {
    pub unit: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacker_from: Option<String>,
    #[serde(default)]
    pub by_convoy: bool,
    /// Other origins of a merge group that dislodged it (Multiplicity).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also_from: Vec<String>,
    /// Where it may retreat (written out; ignored when read).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub retreats: Vec<String>,
}

fn power(v: &Variant, name: &str) -> Result<PowerId, PositionError> {
    v.power_named(name).map_err(PositionError::UnknownPower)
}

/// What is wrong with a unit's text; each reader words its own message.
pub(crate) enum BadUnit {
    /// It is not `<composition> <location>`.
    Shape,
    /// Its composition or its location cannot be read: why.
    Part(String),
}

/// Reads `F lon`, `2A/F stp/nc` (MILA's `A BUD` too) as a force of `power`.
pub(crate) fn read_unit(v: &Variant, power: PowerId, text: &str) -> Result<Force, BadUnit> {
    let (comp, place) = text.trim().split_once(char::is_whitespace).ok_or(BadUnit::Shape)?;
    let components = parse_composition(comp, power).map_err(|e| BadUnit::Part(e.to_string()))?;
    let loc = v
        .find_loc(place.trim())
        .ok_or_else(|| BadUnit::Part(format!("unknown location `{}`", excerpt(place.trim()))))?;
    Ok(Force { loc, power, components })
}

fn unit(v: &Variant, power: PowerId, text: &str) -> Result<Force, String> {
    read_unit(v, power, text).map_err(|e| match e {
        BadUnit::Shape => format!("`{}`: expected a unit like `A par` or `2A/F mar`", excerpt(text)),
        BadUnit::Part(why) => format!("`{}`: {why}", excerpt(text)),
    })
}

/// Why a force of `components` cannot stand at `loc` in this variant, if
/// it cannot: a kind the variant does not have, several units where a force
/// is one, a fleet off the water, a fleet on a two-coast province without
/// its coast, an army or garrison where armies cannot stand, or a force at
/// sea with more armies than fleets (Multiplicity M2: `Force::seaworthy`).
/// An army on a coast is fine only where forces hold several units: a
/// force keeps its coast when its fleet is removed.
pub fn cannot_stand(v: &Variant, components: &[Component], loc: LocId) -> Option<String> {
    if let Some(c) = components.iter().find(|c| !v.has_kind(c.kind)) {
        return Some(format!("{} has no {}s", v.name, c.kind.name()));
    }
    if components.len() > 1 && !v.rules.composite_forces() {
        return Some(format!("{} has one unit to a force (forces of several units are Multiplicity's)", v.name));
    }
    let province = v.province(v.province_of(loc));
    let place = format!("{} ({})", province.name, province.terrain.name());
    let [armies, fleets, garrisons] = super::kinds(components);
    if fleets == 0 && v.loc(loc).coast.is_some() && !v.rules.composite_forces() {
        return Some(off_the_coast(v, components, loc));
    }
    if fleets > 0 && !province.terrain.holds_fleets() {
        return Some(format!("a fleet cannot stand in {place}"));
    }
    if fleets > 0 && !province.coasts.is_empty() && v.loc(loc).coast.is_none() {
        let coasts: Vec<String> = province.coasts.iter().map(|&l| format!("`{}`", v.loc_abbr(l))).collect();
        return Some(format!("a fleet in {} stands on one of its coasts ({})", province.name, coasts.join(", ")));
    }
    if garrisons > 0 && !province.terrain.holds_armies() {
        return Some(format!("a garrison cannot stand in {place}"));
    }
    if armies > 0 && province.terrain == Terrain::Sea {
        if fleets == 0 {
            return Some(format!("an army cannot stand in {place}"));
        }
        if fleets < armies {
            return Some(format!("a force with more armies than fleets cannot stand in {place}"));
        }
    } else if armies > 0 && !province.terrain.holds_armies() {
        return Some(format!("an army cannot stand in {place}"));
    }
    None
}

/// Why a force without a fleet may not stand on a coast of its province:
/// ``an army stands in St Petersburg, not on one of its coasts (`A stp`)``.
pub fn off_the_coast(v: &Variant, components: &[Component], loc: LocId) -> String {
    let province = v.province(v.province_of(loc));
    let unit = if super::kinds(components)[0] > 0 { "an army" } else { "a garrison" };
    format!(
        "{unit} stands in {}, not on one of its coasts (`{} {}`)",
        province.name,
        write_composition(components),
        province.abbr
    )
}

/// A force as positions, reports and records write it: `F lon`,
/// `2A/F stp/nc`.
pub fn unit_text(v: &Variant, components: &[Component], loc: LocId) -> String {
    format!("{} {}", write_composition(components), v.loc_name(loc))
}

/// A force with its power: `England: F nth`.
pub fn force_text(v: &Variant, f: &Force) -> String {
    format!("{}: {}", v.power(f.power).name, unit_text(v, &f.components, f.loc))
}

impl Position {
    /// Reads a position from JSON text (docs/position-json.md).
    pub fn from_json(v: &Variant, text: &str) -> Result<Position, PositionError> {
        let j: PositionJson = serde_json::from_str(text).map_err(|e| PositionError::Json {
            line: e.line(),
            column: e.column(),
            message: e.to_string(),
        })?;
        Position::from_position_json(v, &j)
    }

    /// The position an already parsed `PositionJson` describes (a game
    /// record holds them parsed), checked as `from_json` checks it.
    pub fn from_position_json(v: &Variant, j: &PositionJson) -> Result<Position, PositionError> {
        let phase = v.calendar.parse_phase(&j.phase).map_err(PositionError::Phase)?;
        let mut pos = Position::empty(v, phase);
        // The lines each force was read from, by power: to name them when
        // the force cannot stand where it is.
        let mut lines: Vec<Vec<(&str, &str)>> = Vec::new();
        for (name, units) in &j.units {
            let p = power(v, name)?;
            for u in units {
                let force = unit(v, p, u).map_err(|e| entry(format!("units of {name}"), e))?;
                let province = v.province_of(force.loc);
                match pos.forces.iter_mut().position(|f| v.province_of(f.loc) == province) {
                    // A box holds any number of forces: each unit is one.
                    _ if v.province(province).is_box => {}
                    // One player's powers listed at one place make one force,
                    // the Major's (Hoplite Wars H3).
                    Some(i) if v.same_player(pos.forces[i].power, p) && pos.forces[i].power != p => {
                        pos.forces[i].join(v, force);
                        lines[i].push((name, u));
                        continue;
                    }
                    Some(_) => {
                        let why = format!("`{}`: the province already holds a unit", excerpt(u));
                        return Err(entry(format!("units of {name}"), why));
                    }
                    None => {}
                }
                pos.forces.push(force);
                lines.push(vec![(name, u)]);
            }
        }
        for (f, lines) in pos.forces.iter().zip(&lines) {
            if let Some(why) = cannot_stand(v, &f.components, f.loc) {
                let names: Vec<&str> = lines.iter().map(|l| l.0).collect();
                let units: Vec<String> = lines.iter().map(|l| format!("`{}`", excerpt(l.1))).collect();
                return Err(entry(format!("units of {}", names.join(" and ")), format!("{}: {why}", units.join(", "))));
            }
        }
        for (name, list) in &j.dislodged {
            let p = power(v, name)?;
            for d in list {
                let list = || format!("dislodged of {name}");
                let force = unit(v, p, &d.unit).map_err(|e| entry(list(), e))?;
                if let Some(why) = cannot_stand(v, &force.components, force.loc) {
                    return Err(entry(list(), format!("`{}`: {why}", excerpt(&d.unit))));
                }
                let province =
                    |a: &str| v.find_loc(a).map(|l| v.province_of(l)).ok_or_else(|| unknown_province(list(), a));
                let attacker_from = d.attacker_from.as_deref().map(province).transpose()?;
                let also_from = d.also_from.iter().map(|a| province(a)).collect::<Result<Vec<_>, _>>()?;
                pos.dislodged.push(Dislodged { force, attacker_from, by_convoy: d.by_convoy, also_from });
            }
        }
        for c in &j.contested {
            pos.contested
                .push(v.find_loc(c).map(|l| v.province_of(l)).ok_or_else(|| unknown_province("contested", c))?);
        }
        pos.owners = match &j.owners {
            None => v.start_owners.clone(),
            Some(owners) => {
                let mut list = vec![None; v.province_count()];
                for (name, centres) in owners {
                    let p = power(v, name)?;
                    let of = || format!("owners of {name}");
                    for c in centres {
                        let loc = v.find_loc(c).ok_or_else(|| unknown_province(of(), c))?;
                        if !v.is_centre(v.province_of(loc)) {
                            return Err(entry(of(), format!("`{c}` is not a supply centre")));
                        }
                        match list[v.province_of(loc).index()].replace(p) {
                            Some(other) if other != p => {
                                return Err(entry(of(), format!("`{c}` is owned by {} too", v.power(other).name)));
                            }
                            Some(_) => return Err(entry(of(), format!("`{c}` is listed twice"))),
                            None => {}
                        }
                    }
                }
                list
            }
        };
        crate::rules::read_position_state(v, j.state.iter().map(|(k, v)| (k.as_str(), v.as_str())), &mut pos)
            .map_err(PositionError::State)?;
        v.rules.check_position(v, &pos).map_err(PositionError::State)?;
        pos.normalize();
        Ok(pos)
    }

    pub fn to_json(&self, v: &Variant) -> PositionJson {
        let mut j = PositionJson {
            variant: Some(v.id.clone()),
            phase: v.calendar.display(self.phase).to_string(),
            ..Default::default()
        };
        for f in &self.forces {
            match f.components.first() {
                Some(first) if f.components.iter().all(|c| c.power == first.power) => {
                    j.units.entry(v.power(first.power).name.clone()).or_default().push(unit_text(
                        v,
                        &f.components,
                        f.loc,
                    ));
                }
                // A mixed force is written as each power's part of it.
                _ => {
                    for (power, part) in by_power(f) {
                        j.units.entry(v.power(power).name.clone()).or_default().push(unit_text(
                            v,
                            &part.components,
                            part.loc,
                        ));
                    }
                }
            }
        }
        for d in &self.dislodged {
            let retreats = retreat_options(v, self, d).into_iter().map(|l| v.loc_abbr(l)).collect();
            let attacker_from = d.attacker_from.map(|p| v.province(p).abbr.clone());
            j.dislodged.entry(v.power(d.force.power).name.clone()).or_default().push(DislodgedJson {
                unit: unit_text(v, &d.force.components, d.force.loc),
                attacker_from,
                by_convoy: d.by_convoy,
                also_from: d.also_from.iter().map(|&p| v.province(p).abbr.clone()).collect(),
                retreats,
            });
        }
        j.contested = self.contested.iter().map(|&p| v.province(p).abbr.clone()).collect();
        let mut owners: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (p, o) in self.owners.iter().enumerate() {
            if let Some(o) = o {
                owners.entry(v.power(*o).name.clone()).or_default().push(v.provinces[p].abbr.clone());
            }
        }
        j.owners = Some(owners);
        j.state = crate::rules::write_position_state(v, self);
        j
    }
}

/// The parts of a force by the power of their components (one part for a
/// force of one power).
fn by_power(f: &Force) -> Vec<(PowerId, Force)> {
    let mut parts: Vec<(PowerId, Force)> = Vec::new();
    for c in &f.components {
        match parts.iter_mut().find(|(p, _)| *p == c.power) {
            Some((_, part)) => part.components.push(*c),
            None => {
                let mut components = super::Components::new();
                components.push(*c);
                parts.push((c.power, Force { loc: f.loc, power: c.power, components }));
            }
        }
    }
    parts
}
