//! Replaying a recorded game: every phase but the last is adjudicated from
//! its recorded start with its recorded orders, and the outcome is compared
//! with the recorded start of the next phase (units, dislodged units, centre
//! owners) and with each order's recorded result. The replay always goes on
//! from the recorded start, so one difference does not hide the next.
//!
//! Rule choices the other judge made differently from rules/standard.md are
//! noted, not failed: which units a power in civil disorder loses. Phases a
//! record leaves out because it thought them empty are adjudicated with no
//! orders (and noted); a next phase other than the calendar's is noted.

use super::diff::{order_key, order_provinces, position_differences};
use super::RecordedGame;
use crate::adjudicate::{adjudicate, adjustment_due, balances, retreat_options, OrderResult, Reason, Verdict};
use crate::state::json::force_text;
use crate::state::{Force, Position};
use crate::variant::{PhaseKind, PowerId, Variant};

#[derive(Clone, Debug, PartialEq)]
pub struct ReplayReport {
    /// None when the replay agrees with the record throughout.
    pub first_difference: Option<String>,
    pub notes: Vec<String>,
    /// Phases in the record.
    pub phases: usize,
}

pub fn replay(v: &Variant, game: &RecordedGame) -> ReplayReport {
    let mut notes = Vec::new();
    let first_difference = run(v, game, &mut notes).err();
    ReplayReport { first_difference, notes, phases: game.phases.len() }
}

fn run(v: &Variant, game: &RecordedGame, notes: &mut Vec<String>) -> Result<(), String> {
    let first = game.phases.first().ok_or("the record has no phases")?;
    let mut pos = first.start.clone();
    for pair in game.phases.windows(2) {
        let (phase, recorded) = (&pair[0], &pair[1]);
        let name = format!("{} ({})", phase.label, v.calendar.display(pos.phase));
        let outcome = adjudicate(v, &pos, &phase.orders);
        if let Some(results) = &phase.results {
            for (j, said) in results.iter().enumerate() {
                let (Some(said), Some(ours)) = (said, outcome.results.get(j)) else { continue };
                if said.success != (ours.verdict == Verdict::Success) {
                    return Err(format!(
                        "{name}: order {}: expected (record) {} ({}); actual (polemarch) {} ({})",
                        order_key(v, &pos, &phase.orders[j]),
                        if said.success { "success" } else { "failure" },
                        said.said,
                        ours.verdict.word().to_lowercase(),
                        ours.reason.describe(v)
                    ));
                }
            }
        }
        let next = catch_up(v, &name, outcome.next.clone(), recorded.start.phase, &recorded.label, notes);
        let diff = position_differences(v, &without_hopeless(v, &recorded.start), &without_hopeless(v, &next));
        if !diff.is_empty() {
            let choice =
                (next.phase == outcome.next.phase && v.calendar.kind(pos.phase) == PhaseKind::Adjustment && diff.what.iter().all(|w| w.starts_with("units:")))
                    .then(|| civil_disorder_choice(v, &pos, &outcome.results, &recorded.start, &next))
                    .flatten();
            match choice {
                Some(note) => notes.push(format!("{name}: {note}; the replay goes on from the record's position")),
                None => {
                    let involved: Vec<String> = phase
                        .orders
                        .iter()
                        .filter(|o| order_provinces(v, o).iter().any(|p| diff.provinces.contains(p)))
                        .map(|o| order_key(v, &pos, o))
                        .collect();
                    return Err(format!(
                        "{name} -> {}: {}; orders involved: {}",
                        recorded.label,
                        diff.what.join("; "),
                        if involved.is_empty() { "none".into() } else { involved.join(", ") }
                    ));
                }
            }
        }
        pos = merged(&recorded.start, &next);
    }
    Ok(())
}

/// Brings polemarch's next position to the record's next phase when the
/// record left out phases it thought empty (adjudicating them with no
/// orders), and notes any disagreement about which phase comes next.
fn catch_up(v: &Variant, name: &str, next: Position, wanted: crate::variant::Phase, label: &str, notes: &mut Vec<String>) -> Position {
    if next.phase == wanted {
        return next;
    }
    let mut probe = next.clone();
    let mut skipped = Vec::new();
    let mut chosen = false;
    while probe.phase != wanted && v.calendar.kind(probe.phase) != PhaseKind::Movement && skipped.len() < v.calendar.steps.len() {
        chosen |= has_choice(v, &probe);
        skipped.push(v.calendar.display(probe.phase).to_string());
        probe = adjudicate(v, &probe, &[]).next;
    }
    if probe.phase == wanted {
        if chosen {
            notes.push(format!("{name}: the record has no {} phase after it; polemarch adjudicated it with no orders", skipped.join(", ")));
        }
        return probe;
    }
    notes.push(format!("{name}: the record goes on to {label}, polemarch's calendar to {}", v.calendar.display(next.phase)));
    next
}

/// Does a retreat or adjustment phase leave anyone a choice? Not when every
/// dislodged unit has nowhere to go, nor when builds are due only to powers
/// that have nowhere to build (the adjudicator's rules decide both).
/// Records leave such phases out.
fn has_choice(v: &Variant, pos: &Position) -> bool {
    match v.calendar.kind(pos.phase) {
        PhaseKind::Movement => true,
        PhaseKind::Retreat => pos.dislodged.iter().any(|d| !retreat_options(v, pos, d).is_empty()),
        PhaseKind::Adjustment => balances(v, pos)
            .into_iter()
            .enumerate()
            .any(|(p, b)| b < 0 || (adjustment_due(v, pos, b, PowerId::new(p)) && crate::game::can_build(v, pos, PowerId::new(p)))),
    }
}

/// The position without dislodged units that have nowhere to retreat: they
/// are disbanded, whether at once (as godip and MILA do) or in the retreat
/// phase (as polemarch does).
fn without_hopeless(v: &Variant, pos: &Position) -> Position {
    let mut p = pos.clone();
    p.dislodged.retain(|d| !retreat_options(v, pos, d).is_empty());
    p
}

/// The record's position, with what polemarch knows and the record does
/// not say: where each dislodged unit's attacker came from, and standoffs.
fn merged(recorded: &Position, ours: &Position) -> Position {
    let mut m = recorded.clone();
    for d in &mut m.dislodged {
        if let Some(o) = ours.dislodged.iter().find(|o| o.force == d.force) {
            d.attacker_from = o.attacker_from;
            d.by_convoy = o.by_convoy;
        }
    }
    if m.phase == ours.phase && m.contested.is_empty() {
        m.contested = ours.contested.clone();
    }
    m
}

fn units_of(pos: &Position, p: PowerId) -> Vec<&Force> {
    pos.forces.iter().filter(|f| f.power == p).collect()
}

/// When the only difference after an adjustment is which units were removed
/// for powers that ordered too few removals, that is the record's judge's
/// civil-disorder rule: the note says what each side removed.
fn civil_disorder_choice(v: &Variant, start: &Position, results: &[OrderResult], recorded: &Position, ours: &Position) -> Option<String> {
    let balance = balances(v, start);
    let mut said = Vec::new();
    for p in v.power_ids() {
        let (rec_units, our_units) = (units_of(recorded, p), units_of(ours, p));
        let same = rec_units.len() == our_units.len() && rec_units.iter().all(|f| our_units.contains(f));
        if same {
            continue;
        }
        let start_units = units_of(start, p);
        let in_disorder = results.iter().any(|r| r.reason == Reason::CivilDisorder && r.order.power == Some(p));
        if !in_disorder || balance[p.index()] >= 0 || !rec_units.iter().all(|f| start_units.contains(f)) {
            return None;
        }
        let removed = |after: &[&Force]| start_units.iter().filter(|f| !after.contains(f)).map(|f| force_text(v, f)).collect::<Vec<_>>();
        let (by_record, by_us) = (removed(&rec_units), removed(&our_units));
        if by_record.len() != by_us.len() {
            return None;
        }
        let due = (-balance[p.index()] + 1) / 2;
        let ordered = results.iter().filter(|r| r.reason == Reason::Removed && r.order.power == Some(p)).count();
        said.push(format!(
            "{} ordered {ordered} of {due} removal(s) (civil disorder): the record removed {}, polemarch's rule (standard.md, DATC 4.D.8, 2023) removes {}",
            v.power(p).name,
            by_record.join(", "),
            by_us.join(", ")
        ));
    }
    (!said.is_empty()).then(|| said.join("; "))
}

#[cfg(test)]
mod tests {
    use super::has_choice;
    use crate::state::{Force, Kind, Position};
    use crate::variant::{embedded_variant, LocId, Variant};

    fn variant(id: &str) -> Variant {
        embedded_variant(id).expect("built in").expect("valid")
    }

    fn at(v: &Variant, phase: &str) -> Position {
        let mut pos = Position::start(v);
        pos.phase = v.calendar.parse_phase(phase).unwrap();
        pos
    }

    #[test]
    fn standard_adjustment_choices() {
        let v = variant("standard");
        let place = |name: &str| v.province_of(v.find_loc(name).unwrap());
        let france = v.find_power("France").unwrap();
        // Nothing due to anyone.
        let winter = at(&v, "Winter 1901, Adjustment");
        assert!(!has_choice(&v, &winter));
        // A build due, but every home centre is occupied.
        let mut pos = winter.clone();
        pos.owners[place("bel").index()] = Some(france);
        assert!(!has_choice(&v, &pos));
        // The same with Paris free.
        let par = pos.forces.iter().position(|f| v.province_of(f.loc) == place("par")).unwrap();
        pos.forces[par].loc = v.find_loc("pic").unwrap();
        assert!(has_choice(&v, &pos));
        // A removal due.
        let mut pos = winter.clone();
        pos.owners[place("mar").index()] = None;
        assert!(has_choice(&v, &pos));
    }

    /// Hoplite Wars builds in any owned centre (H7), garrisons cost half a
    /// centre and a build may join the power's own force: a power whose home
    /// centres are all occupied still has builds to choose.
    #[test]
    fn builds_by_the_variant_rules() {
        let v = variant("hoplite_wars");
        let athens = v.find_power("Athens").unwrap();
        let mut pos = at(&v, "Winter 450 BC, Adjustment");
        pos.forces.clear();
        pos.owners.iter_mut().for_each(|o| *o = None);
        for &h in &v.power(athens).homes {
            pos.owners[h.index()] = Some(athens);
            pos.forces.push(Force::single(athens, Kind::ARMY, LocId::of_province(h)));
        }
        assert!(!has_choice(&v, &pos), "balanced: nothing to build or remove");
        let town = v
            .province_ids()
            .find(|&p| v.is_centre(p) && v.home_of(p).is_none() && v.province(p).terrain.holds_armies() && !v.rules.colonies().contains(&p))
            .unwrap();
        pos.owners[town.index()] = Some(athens);
        assert!(has_choice(&v, &pos));
    }
}
