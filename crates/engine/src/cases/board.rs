//! Reading the body lines of a case against a variant: `<Power>: <force>
//! <location>`, `<Power>: <order>`, `SUCCESS: <Power>: <order>`.

use super::parse::Line;
use crate::adjudicate::Verdict;
use crate::order::find_power_lenient;
use crate::order::{parse_order, Action, Order};
use crate::rules::StateError;
use crate::state::{parse_composition, Component, Force, Kind};
use crate::variant::{LocId, PowerId, ProvinceId, Terrain, Variant};
use std::fmt;

pub type Result<T> = std::result::Result<T, CaseError>;

/// Why a case cannot be run, by kind; it prints the text the case runner
/// has always printed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CaseError {
    /// A line of the case that does not read against its variant, or
    /// that puts a unit where none can be: the line's number and why.
    Line { number: usize, why: String },
    /// The PRESTATE_STATE lines do not read, or do not fit the position.
    Prestate(StateError),
}

impl CaseError {
    /// What is wrong with line `number`.
    pub fn line(number: usize, why: impl Into<String>) -> CaseError {
        CaseError::Line { number, why: why.into() }
    }
}

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaseError::Line { number, why } => write!(f, "line {number}: {why}"),
            CaseError::Prestate(e) => write!(f, "PRESTATE_STATE: {e}"),
        }
    }
}

crate::error::text_errors!(CaseError);

/// Splits `<Power>: rest` (or `<Power> rest`, as old files write) into the
/// power and the rest. Power names are matched leniently (`Germnay`).
pub fn power_line<'a>(v: &Variant, line: &'a Line) -> Result<(PowerId, &'a str)> {
    let text = line.text.as_str();
    let (name, rest) = match text.split_once(':') {
        Some((name, rest)) => (name.trim(), rest.trim()),
        None => text.split_once(char::is_whitespace).map(|(a, b)| (a, b.trim())).unwrap_or((text, "")),
    };
    let power = find_power_lenient(v, name)
        .ok_or_else(|| CaseError::line(line.number, format!("`{name}` is not a power of {}", v.id)))?;
    Ok((power, rest))
}

/// A force line: `England: F lon`, `France: 2A/F mar`, `Italy: f nap`.
pub fn force_line(v: &Variant, line: &Line) -> Result<(PowerId, Vec<Component>, LocId)> {
    let (power, rest) = power_line(v, line)?;
    let (comp, place) = rest.split_once(char::is_whitespace).ok_or_else(|| {
        CaseError::line(line.number, format!("expected `<Power>: <force> <location>`, found `{}`", line.text))
    })?;
    let components = parse_composition(comp, power).map_err(|e| CaseError::line(line.number, e.to_string()))?;
    let loc = v
        .find_loc(place.trim())
        .ok_or_else(|| CaseError::line(line.number, format!("unknown location `{}`", place.trim())))?;
    if let Some(centre) = v.province(v.province_of(loc)).walls_of {
        let centre = &v.province(centre).abbr;
        return Err(CaseError::line(
            line.number,
            format!(
                "`{}`: a unit behind the walls is state, not a unit line: write `siege {centre} <power> <kind> \
             <phases>` under PRESTATE_STATE or POSTSTATE_STATE",
                line.text.trim()
            ),
        ));
    }
    Ok((power, components.into_vec(), loc))
}

/// Reads force lines; lines naming one location build one force, which
/// may mix only one player's powers. In a box (C10) each component is a
/// force of its own: `Emperor: 3DA ger` is three forces, as are three lines
/// `Emperor: DA ger`.
///
/// No force stands in an impassable province (Switzerland; Nikjon's
/// mountains, which are not spaces, N2): a line putting one there is an
/// error naming it. (Other misplaced units are left to the adjudicator,
/// which some cases test on purpose: a garrison where the variant has
/// none, crates/engine/tests/kinds.rs.)
pub fn forces(v: &Variant, lines: &[Line]) -> Result<Vec<Force>> {
    let mut forces: Vec<Force> = Vec::new();
    // The line each force was first named on, for the error.
    let mut first: Vec<&Line> = Vec::new();
    for line in lines {
        let (power, components, loc) = force_line(v, line)?;
        let p = v.province_of(loc);
        if v.is_box(p) {
            for c in components {
                forces.push(Force { loc, power: c.power, components: std::iter::once(c).collect() });
                first.push(line);
            }
            continue;
        }
        let force = Force { loc, power, components: components.into_iter().collect() };
        match forces.iter_mut().find(|f| v.province_of(f.loc) == p) {
            Some(f) if v.same_player(f.power, power) => f.join(v, force),
            Some(_) => {
                return Err(CaseError::line(
                    line.number,
                    format!("`{}`: another player's force already stands there", line.text.trim()),
                ))
            }
            None => {
                forces.push(force);
                first.push(line);
            }
        }
    }
    for (force, line) in forces.iter().zip(&first) {
        let province = v.province(v.province_of(force.loc));
        if province.terrain == Terrain::Impassable {
            return Err(CaseError::line(
                line.number,
                format!("`{}`: no unit stands in {} (impassable): it is no space", line.text.trim(), province.name),
            ));
        }
    }
    Ok(forces)
}

/// An order line: `England: F lon - nth`.
pub fn order_line(v: &Variant, line: &Line) -> Result<Order> {
    let (power, rest) = power_line(v, line)?;
    parse_order(v, rest, Some(power)).map_err(|e| CaseError::line(line.number, format!("`{}`: {e}", rest)))
}

/// A result line: `SUCCESS: England: F lon - nth`.
pub fn result_line(v: &Variant, line: &Line) -> Result<(Verdict, Order)> {
    let (word, rest) = line
        .text
        .split_once(':')
        .ok_or_else(|| CaseError::line(line.number, "expected `SUCCESS|FAILURE|ILLEGAL: <Power>: <order>`"))?;
    let verdict = match word.trim().to_ascii_uppercase().as_str() {
        "SUCCESS" => Verdict::Success,
        "FAILURE" => Verdict::Failure,
        "ILLEGAL" => Verdict::Illegal,
        other => return Err(CaseError::line(line.number, format!("`{other}` is not SUCCESS, FAILURE or ILLEGAL"))),
    };
    let order = order_line(v, &Line { number: line.number, text: rest.trim().to_string() })?;
    Ok((verdict, order))
}

/// Owner lines: `Russia: mos` (a unit letter before the province, as jDip
/// writes, is ignored).
pub fn owners(v: &Variant, lines: &[Line]) -> Result<Vec<Option<PowerId>>> {
    let mut owners = vec![None; v.province_count()];
    for line in lines {
        let (power, rest) = power_line(v, line)?;
        let place = match rest.split_once(char::is_whitespace) {
            Some((letter, place)) if letter.len() == 1 && v.find_loc(rest).is_none() => place.trim(),
            _ => rest,
        };
        let loc =
            v.find_loc(place).ok_or_else(|| CaseError::line(line.number, format!("unknown province `{place}`")))?;
        let p = v.province_of(loc);
        if !v.is_centre(p) {
            return Err(CaseError::line(line.number, format!("`{place}` is not a supply centre")));
        }
        owners[p.index()] = Some(power);
    }
    Ok(owners)
}

/// What an order names besides its unit, for [`meaning`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Named {
    Nothing,
    Province(ProvinceId),
    /// The power a WAIVE is for.
    Power(PowerId),
    /// The kind a CONVERT makes.
    Kind(Kind),
}

/// What an order means, for matching results "by unit and meaning": the
/// unit's province, the kind of order, and the two things it names.
pub fn meaning(v: &Variant, order: &Order) -> (Option<ProvinceId>, u8, Named, Named) {
    let unit = order.unit.as_ref().map(|u| v.province_of(u.loc));
    let p = |l: LocId| Named::Province(v.province_of(l));
    let none = Named::Nothing;
    match &order.action {
        Action::Hold => (unit, 0, none, none),
        Action::Move { to, .. } | Action::Retreat { to } => (unit, 1, p(*to), none),
        Action::SupportHold { unit: u } => (unit, 2, p(u.loc), none),
        Action::SupportMove { unit: u, to } => (unit, 3, p(u.loc), p(*to)),
        Action::Convoy { unit: u, to } => (unit, 4, p(u.loc), p(*to)),
        Action::Disband | Action::Remove => (unit, 5, none, none),
        Action::Build => (unit, 6, none, none),
        Action::Waive => (None, 7, order.power.map_or(none, Named::Power), none),
        Action::Merge { to, .. } => (unit, 8, p(*to), none),
        Action::SupportMerge { to, .. } => (unit, 9, p(*to), none),
        Action::Split { .. } => (unit, 10, none, none),
        Action::Sack => (unit, 11, none, none),
        Action::Convert { to } => (unit, 12, Named::Kind(*to), none),
        Action::Destroy => (unit, 13, none, none),
        Action::Rebuild => (unit, 14, none, none),
        Action::Loan { centre, to } => (None, 15, Named::Province(*centre), Named::Power(*to)),
        Action::EndLoan { centre } => (None, 16, Named::Province(*centre), none),
        Action::Designate { unit: u } => (None, 17, p(u.loc), none),
        Action::Elect { power } => (None, 18, Named::Power(*power), none),
        Action::Outlaw { power } => (None, 19, Named::Power(*power), none),
        Action::Fix { unit: u } => (None, 20, p(u.loc), none),
        Action::Rival { power } => (None, 21, Named::Power(*power), none),
    }
}
