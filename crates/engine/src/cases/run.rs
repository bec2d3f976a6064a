//! Runs one case: builds the position before the phase, adjudicates the
//! orders, and compares what came out with what the case expects.

use super::board::{forces, meaning, order_line, owners, result_line, CaseError, Result};
use super::parse::{Case, Line};
use crate::adjudicate::{adjudicate, retreat_options, Verdict};
use crate::order::Action;
use crate::rules::{read_position_state, state_key, write_position_state};
use crate::state::json::force_text;
use crate::state::{Dislodged, Force, Position};
use crate::variant::{PhaseKind, PowerId, ProvinceId, Variant};
use std::collections::BTreeMap;

#[derive(Clone, Debug)]
pub struct CaseReport {
    pub id: String,
    pub title: String,
    pub line: usize,
    pub passed: bool,
    /// What differed, or why the case could not be run.
    pub problems: Vec<String>,
}

/// Runs a case. `variant_of` finds a variant by id.
pub fn run_case(
    case: &Case,
    variant_of: &mut dyn FnMut(&str) -> std::result::Result<std::rc::Rc<Variant>, String>,
) -> CaseReport {
    let problems = match case.error.clone() {
        Some(e) => vec![e],
        None => match variant_of(&case.variant) {
            Ok(v) => check(case, &v).unwrap_or_else(|e| vec![e.to_string()]),
            Err(e) => vec![format!("line {}: variant `{}`: {e}", case.line, case.variant)],
        },
    };
    CaseReport {
        id: case.id.clone(),
        title: case.title.clone(),
        line: case.line,
        passed: problems.is_empty(),
        problems,
    }
}

/// The position before the phase, as the case describes it.
pub fn prestate(case: &Case, v: &Variant) -> Result<Position> {
    // Without PRESTATE_SETPHASE, the case is set in the variant's first phase.
    let phase = match &case.phase {
        Some(line) => v.calendar.parse_phase(&line.text).map_err(|e| CaseError::line(line.number, e.to_string()))?,
        None => v.calendar.first,
    };
    let mut pos = Position::empty(v, phase);
    pos.forces = forces(v, &case.prestate)?;
    pos.owners = match &case.prestate_owners {
        Some(lines) => owners(v, lines)?,
        None => v.start_owners.clone(),
    };
    let lines: Vec<(String, String)> = case.prestate_state.iter().map(|line| state_key(v, &line.text)).collect();
    read_position_state(v, lines.iter().map(|(k, v)| (k.as_str(), v.as_str())), &mut pos)
        .map_err(CaseError::Prestate)?;
    v.rules.check_position(v, &pos).map_err(CaseError::Prestate)?;
    let dislodged = forces(v, &case.prestate_dislodged)?;
    pos.dislodged = dislodged
        .into_iter()
        .map(|force| Dislodged { force, attacker_from: None, by_convoy: false, also_from: Vec::new() })
        .collect();
    apply_prestate_results(case, v, &mut pos)?;
    pos.normalize();
    Ok(pos)
}

/// The movement results before a retreat phase tell where each dislodged
/// force's attacker came from, and which empty provinces saw a standoff
/// (two or more failed moves into them).
fn apply_prestate_results(case: &Case, v: &Variant, pos: &mut Position) -> Result<()> {
    let mut failed_into: BTreeMap<ProvinceId, usize> = BTreeMap::new();
    for line in &case.prestate_results {
        let (verdict, order) = result_line(v, line)?;
        let (unit, to, convoy) = match (&order.unit, &order.action) {
            (Some(u), Action::Move { to, via_convoy }) => (u, to, via_convoy),
            (Some(u), Action::Merge { to, .. }) => (u, to, &false),
            // A movement's `R` raised a siege (City State C8): it attacked.
            // Only where the variant has sieges: elsewhere the line is not
            // a movement's, and the case format reads moves only.
            (Some(u), Action::Retreat { to }) if v.rules.raises_sieges() => (u, to, &false),
            _ => continue,
        };
        let mut origins = vec![v.province_of(unit.loc)];
        if let Action::Merge { with, .. } = &order.action {
            origins.extend(with.iter().map(|u| v.province_of(u.loc)));
        }
        let dest = v.province_of(*to);
        match verdict {
            Verdict::Success => {
                // C8: the unit a raise dislodged does not retreat behind the
                // walls the besieged unit leaves.
                if let (Action::Retreat { .. }, Some(walls)) = (&order.action, v.province(dest).walls) {
                    pos.dislodged
                        .iter_mut()
                        .filter(|d| v.province_of(d.force.loc) == dest)
                        .for_each(|d| d.also_from.push(walls));
                }
                for from in origins {
                    let by_convoy = *convoy || !v.any_borders.get(from.index(), dest.index());
                    for d in pos.dislodged.iter_mut().filter(|d| v.province_of(d.force.loc) == dest) {
                        // The first attacker named is the attacker; members of
                        // a merge group from elsewhere that came by land close
                        // their origins too (M11).
                        match d.attacker_from {
                            None => {
                                d.attacker_from = Some(from);
                                d.by_convoy = by_convoy;
                            }
                            Some(first) if first != from && !by_convoy => d.also_from.push(from),
                            Some(_) => {}
                        }
                    }
                }
            }
            Verdict::Failure => *failed_into.entry(dest).or_default() += 1,
            Verdict::Illegal => {}
        }
    }
    for (dest, count) in failed_into {
        if count >= 2 && pos.force_in(v, dest).is_none() {
            pos.contested.push(dest);
        }
    }
    Ok(())
}

fn check(case: &Case, v: &Variant) -> Result<Vec<String>> {
    let pos = prestate(case, v)?;
    let orders = case.orders.iter().map(|l| order_line(v, l)).collect::<Result<Vec<_>>>()?;
    let outcome = adjudicate(v, &pos, &orders);
    let next = &outcome.next;
    let mut problems = Vec::new();
    let kind = v.calendar.kind(pos.phase);
    let (expected_units, expected_dislodged) = if case.poststate_same {
        (pos.forces.clone(), Some(Vec::new()))
    } else {
        let units = case.poststate.as_ref().map(|l| forces(v, l)).transpose()?;
        let dislodged = match &case.poststate_dislodged {
            Some(l) => Some(forces(v, l)?),
            None => units.as_ref().map(|_| Vec::new()),
        };
        (units.unwrap_or_else(|| next.forces.clone()), dislodged)
    };
    // Units behind the walls are state (`siege mil ...`), compared by
    // POSTSTATE_STATE, not by POSTSTATE.
    let on_board = |forces: &[Force]| -> Vec<Force> {
        forces.iter().filter(|f| v.province(v.province_of(f.loc)).walls_of.is_none()).cloned().collect()
    };
    compare_forces(v, "POSTSTATE", &on_board(&expected_units), &on_board(&next.forces), &mut problems);
    if let Some(expected) = expected_dislodged {
        // Old jDip files leave out a dislodged force that has nowhere to
        // retreat (they count it destroyed at once): it may be left out.
        let listed =
            |d: &&Dislodged| !retreat_options(v, next, d).is_empty() || expected.iter().any(|e| e.loc == d.force.loc);
        let actual: Vec<Force> = if kind == PhaseKind::Movement {
            next.dislodged.iter().filter(listed).map(|d| d.force.clone()).collect()
        } else {
            Vec::new()
        };
        compare_forces(v, "POSTSTATE_DISLODGED", &expected, &actual, &mut problems);
    }
    if let Some(lines) = &case.poststate_owners {
        let expected = owners(v, lines)?;
        for p in 0..v.province_count() {
            if expected[p] != next.owners[p] {
                let name = |o: Option<PowerId>| o.map(|o| v.power(o).name.clone()).unwrap_or_else(|| "nobody".into());
                problems.push(format!(
                    "POSTSTATE_SUPPLYCENTER_OWNERS: {} expected owned by {}, is owned by {}",
                    v.provinces[p].abbr,
                    name(expected[p]),
                    name(next.owners[p])
                ));
            }
        }
    }
    let state = write_position_state(v, next);
    for line in case.poststate_state.iter().flatten() {
        let (key, value) = state_key(v, &line.text);
        // `(unset)` also expects no key that starts with it (`loan ben
        // (unset)`: no link of Beneventum's chain).
        let prefix = format!("{key} ");
        let set = state.iter().find(|(k, _)| **k == key || (value == "(unset)" && k.starts_with(&prefix)));
        let actual = set.map_or("(unset)".to_string(), |(k, v)| if *k == key { v.clone() } else { format!("{k} {v}") });
        if !actual.trim().eq_ignore_ascii_case(&value) {
            problems.push(format!("POSTSTATE_STATE: line {}: `{key}` expected `{value}`, is `{actual}`", line.number));
        }
    }
    let mut taken = Vec::new();
    for line in case.poststate_results.iter().flatten() {
        compare_result(v, line, &outcome.results, &mut taken, &mut problems)?;
    }
    Ok(problems)
}

fn compare_result(
    v: &Variant,
    line: &Line,
    results: &[crate::adjudicate::OrderResult],
    taken: &mut Vec<usize>,
    problems: &mut Vec<String>,
) -> Result<()> {
    let (verdict, order) = result_line(v, line)?;
    let key = meaning(v, &order);
    let text = order.display(v).to_string();
    // Orders for units in a box (C10) may read alike: each result line takes
    // the first result of that meaning no earlier line took.
    let in_box = key.0.is_some_and(|p| v.is_box(p));
    let found = results.iter().enumerate().find(|(i, r)| meaning(v, &r.order) == key && !(in_box && taken.contains(i)));
    if let Some((i, _)) = found {
        taken.push(i);
    }
    match found.map(|(_, r)| r) {
        None => problems.push(format!("POSTSTATE_RESULTS line {}: no result for `{text}`", line.number)),
        Some(r) if r.verdict() != verdict => problems.push(format!(
            "POSTSTATE_RESULTS line {}: `{text}` expected {}, got {} ({})",
            line.number,
            verdict,
            r.verdict(),
            r.reason.describe(v)
        )),
        Some(_) => {}
    }
    Ok(())
}

/// Compares two multisets of forces (a box holds several alike, C10): each
/// expected force takes one actual force no other took; a fleet written
/// without a coast matches a fleet on any coast of the province.
fn compare_forces(v: &Variant, what: &str, expected: &[Force], actual: &[Force], problems: &mut Vec<String>) {
    let same = |e: &Force, a: &Force| {
        let (mut ec, mut ac) = (e.components.clone(), a.components.clone());
        ec.sort();
        ac.sort();
        let loc_ok = e.loc == a.loc
            || (v.loc(e.loc).coast.is_none()
                && v.province_of(e.loc) == v.province_of(a.loc)
                && !v.province(v.province_of(e.loc)).coasts.is_empty());
        loc_ok && e.power == a.power && ec == ac
    };
    let mut used = vec![false; actual.len()];
    let mut missing: Vec<String> = Vec::new();
    for e in expected {
        // An exact match first, so that a coastless line does not take a
        // force another line names exactly.
        let exact = actual.iter().enumerate().position(|(i, a)| !used[i] && a == e);
        match exact.or_else(|| actual.iter().enumerate().position(|(i, a)| !used[i] && same(e, a))) {
            Some(i) => used[i] = true,
            None => missing.push(force_text(v, e)),
        }
    }
    let extra: Vec<String> = actual.iter().zip(&used).filter(|(_, &u)| !u).map(|(f, _)| force_text(v, f)).collect();
    if !missing.is_empty() || !extra.is_empty() {
        problems.push(format!(
            "{what}: expected but missing [{}]; present but not expected [{}]",
            missing.join(", "),
            extra.join(", ")
        ));
    }
}
