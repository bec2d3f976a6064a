//! Orders given through `Game.set_orders`: read in MILA's notation (or
//! polemarch's), checked to name a unit of the power giving them, then
//! submitted to the game manager, which judges each one (`submit_at`, with
//! the open phase's submissions so far). Orders listed by
//! `get_all_possible_orders` are found by their text and kept without
//! being read or judged again; in an adjustment, where a build's legality
//! depends on the others, they are judged (`submit_read`) but not read
//! again. Either way the orders in force are kept as
//! values (`Game::in_force`), as the record would give them, and the
//! submission is written into the record when it is read (`unwritten`).

use crate::errors::OrderError;
use crate::game::{err, Game};
use crate::possible::{Listed, Possible};
use crate::unwritten::{self, open_phase, Step};
use polemarch_engine::game::record::{now, now_secs};
use polemarch_engine::game::{orders_in_force, place, submit_at, submit_read, Status, SubmittedOrder};
use polemarch_engine::order::{Action, Order};
use polemarch_engine::replay::{mila_order, read_mila_order};
use polemarch_engine::variant::{PhaseKind, PowerId};
use polemarch_render::DrawnOrder;
use pyo3::prelude::*;
use pyo3::types::PyString;

/// Submits the orders `given` for `power`; the orders the judge rejects
/// come back with the reason.
pub fn set(game: &mut Game, power: PowerId, given: &[Bound<'_, PyString>]) -> PyResult<Vec<(String, String)>> {
    if let Some(possible) = game.possible.clone() {
        match listed(game, &possible, power, given)? {
            Some(found) if game.v.calendar.kind(game.pos.phase) == PhaseKind::Adjustment => {
                return Ok(judge_listed(game, &possible, power, found));
            }
            Some(found) if one_each(game, &found) => {
                record_listed(game, &possible, power, found);
                return Ok(Vec::new());
            }
            _ => {}
        }
    }
    let lines: Vec<String> = given.iter().map(|s| s.extract()).collect::<PyResult<_>>()?;
    let texts: Vec<&str> = lines.iter().map(|l| l.trim()).filter(|l| !l.is_empty()).collect();
    let v = &game.v;
    let kind = v.calendar.kind(game.pos.phase);
    let mut judge = Vec::with_capacity(texts.len());
    for &text in &texts {
        let name = game.power_key(power);
        let order = read_mila_order(v, power, text, kind).map_err(|e| OrderError::new_err(format!("{name}: {e}")))?;
        check_unit(game, power, &order, text)?;
        judge.push(order.display(v).to_string());
    }
    let mut open = open_phase(v, &game.rec, &game.unwritten);
    let said = submit_at(v, &game.pos, &mut open, power, "python", &now(), &judge).map_err(err)?;
    game.in_force = Some(orders_in_force(v, &game.pos, &open).map_err(err)?);
    game.unwritten.push(Step::Judged(open.submissions.pop().expect("submit_at records the submission")));
    Ok(rejected(&texts, said))
}

/// The texts the judge rejected, with the reason.
fn rejected(texts: &[&str], said: Vec<SubmittedOrder>) -> Vec<(String, String)> {
    texts
        .iter()
        .zip(said)
        .filter(|(_, s)| s.status == Status::Rejected)
        .map(|(text, s)| (text.to_string(), s.reason.unwrap_or_default()))
        .collect()
}

/// The listed orders given (each found as the very string listed, or by
/// its text trimmed; empty lines left out), when each is one listed for
/// this phase for `power` and the orders in force are kept as values.
fn listed<'a>(
    game: &Game,
    possible: &'a Possible,
    power: PowerId,
    given: &[Bound<'_, PyString>],
) -> PyResult<Option<Vec<&'a Listed>>> {
    if game.in_force.is_none() {
        return Ok(None);
    }
    let mut found = Vec::with_capacity(given.len());
    let mut from = 0;
    for s in given {
        if let Some(l) = possible.find_given(power, s, &mut from) {
            found.push(l);
            continue;
        }
        let line = s.to_cow()?;
        match line.trim() {
            "" => {}
            text => match possible.find(&game.v, power, text) {
                Some(l) => found.push(l),
                None => return Ok(None),
            },
        }
    }
    Ok(Some(found))
}

/// In a movement or a retreat, where an order's legality depends on the
/// position alone: is each order for a unit of its own, none in a box?
/// (Each listed order of a movement or a retreat names its unit, which
/// stands where it is listed: `Listed::loc`.)
fn one_each(game: &Game, found: &[&Listed]) -> bool {
    let v = &game.v;
    let mut seen = Vec::with_capacity(found.len());
    for listed in found {
        let p = v.province_of(listed.loc);
        if seen.contains(&p) || v.is_box(p) {
            return false;
        }
        seen.push(p);
    }
    true
}

/// Adjustment orders found among those listed: judged one after the other
/// with the orders in force (a build's legality depends on the others), as
/// `submit_at` judges the lines, without reading them again.
fn judge_listed(game: &mut Game, possible: &Possible, power: PowerId, found: Vec<&Listed>) -> Vec<(String, String)> {
    let v = &game.v;
    let given =
        found.iter().map(|l| as_read(possible.order(v, &game.pos, l))).map(|o| (o.display(v).to_string(), o)).collect();
    let mut open = unwritten::phase_with(Vec::new());
    let in_force = game.in_force.as_mut().expect("listed checked it");
    let said = submit_read(v, &game.pos, &mut open, in_force, power, "python", &now(), given);
    game.unwritten.push(Step::Judged(open.submissions.pop().expect("submit_read records the submission")));
    let texts: Vec<&str> = found.iter().map(|l| l.said.text.as_str()).collect();
    rejected(&texts, said)
}

/// A listed adjustment order as its MILA text reads back
/// (`read_mila_order`): a removal is written `F BER D`, which reads as a
/// disband (the judge takes it for a removal in an adjustment).
fn as_read(mut order: Order) -> Order {
    if order.action == Action::Remove {
        order.action = Action::Disband;
    }
    order
}

/// Records orders the adjudicator has already called legal (`listed`)
/// without judging them again: accepted, or replacing an earlier order of
/// the same unit (written into the record when it is read).
fn record_listed(game: &mut Game, possible: &Possible, power: PowerId, found: Vec<&Listed>) {
    let v = &game.v;
    let in_force = game.in_force.as_mut().expect("listed checked it");
    let orders: Vec<Order> = found.iter().map(|l| possible.order(v, &game.pos, l)).collect();
    // A power's first orders of the phase replace none (one each, `one_each`).
    let statuses = if in_force.iter().all(|o| o.power != Some(power)) {
        in_force.extend_from_slice(&orders);
        vec![Status::Accepted; orders.len()]
    } else {
        let placed = |o: &Order| place(v, &game.pos, in_force, o.clone());
        orders.iter().map(placed).map(|r| if r { Status::Replaced } else { Status::Accepted }).collect()
    };
    let texts = found.iter().map(|l| l.said.shared().clone()).collect();
    game.unwritten.push(Step::Listed { power, texts, orders, statuses, at: now_secs() });
}

/// An order must name a unit of the power that gives it (a unit on the
/// board; a dislodged one in a retreat); a build names a place, not a unit.
fn check_unit(game: &Game, power: PowerId, order: &Order, text: &str) -> PyResult<()> {
    let v = &game.v;
    let Some(unit) = &order.unit else { return Ok(()) };
    if order.action == Action::Build {
        return Ok(());
    }
    let p = v.province_of(unit.loc);
    let mine = |f: &polemarch_engine::Force| {
        f.power == power || f.components.iter().any(|c| c.power == power) || v.same_player(f.power, power)
    };
    let forces: Vec<&polemarch_engine::Force> = match v.calendar.kind(game.pos.phase) {
        PhaseKind::Retreat => {
            game.pos.dislodged.iter().map(|d| &d.force).filter(|f| v.province_of(f.loc) == p).collect()
        }
        _ => game.pos.forces_in(v, p).collect(),
    };
    let name = game.power_key(power);
    let place = v.province(p).abbr.to_uppercase();
    match forces.iter().find(|f| mine(f)) {
        Some(_) => Ok(()),
        None if forces.is_empty() => {
            Err(OrderError::new_err(format!("{name}: `{text}`: there is no unit in {place} to order")))
        }
        None => Err(OrderError::new_err(format!(
            "{name}: `{text}`: the unit in {place} is {}'s, not {name}'s",
            game.power_key(forces[0].power)
        ))),
    }
}

/// `power`'s orders in force this phase, in MILA's notation.
pub fn in_force(game: &Game, power: PowerId) -> Result<Vec<String>, String> {
    Ok(parsed(game)?.iter().filter(|o| o.power == Some(power)).map(|o| mila_order(&game.v, &game.pos, o)).collect())
}

/// Every order in force this phase: as kept, or read from the record.
pub fn parsed(game: &Game) -> Result<Vec<Order>, String> {
    match &game.in_force {
        Some(orders) => Ok(orders.clone()),
        None => Ok(orders_in_force(&game.v, &game.pos, game.rec.phases.last().expect("a current phase"))?),
    }
}

/// Every power's orders in force, to draw.
pub fn drawn(game: &Game) -> Result<Vec<DrawnOrder>, String> {
    let orders = parsed(game)?;
    let by_power = game.v.power_ids().flat_map(|p| orders.iter().filter(move |o| o.power == Some(p)));
    Ok(by_power.map(|order| DrawnOrder { order: order.clone(), verdict: None }).collect())
}
