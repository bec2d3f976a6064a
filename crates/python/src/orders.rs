//! Orders given through `Game.set_orders`: read in MILA's notation (or
//! polemarch's), checked to name a unit of the power giving them, then
//! submitted to the game manager, which judges each one (`submit_at`).

use crate::errors::OrderError;
use crate::game::{err, Game};
use polemarch_engine::game::record::now;
use polemarch_engine::game::record::Submission;
use polemarch_engine::game::{orders_in_force_at, submit_at, Status, SubmittedOrder};
use polemarch_engine::order::{parse_order, Action, Order};
use polemarch_engine::replay::{mila_order, read_mila_order};
use polemarch_engine::variant::{PhaseKind, PowerId};
use polemarch_render::DrawnOrder;
use pyo3::PyResult;

/// Submits `lines` for `power`; the orders the judge rejects come back
/// with the reason.
pub fn set(game: &mut Game, power: PowerId, lines: &[String]) -> PyResult<Vec<(String, String)>> {
    let v = &game.v;
    let kind = v.calendar.kind(game.pos.phase);
    let mut given = Vec::with_capacity(lines.len());
    let mut judge = Vec::with_capacity(lines.len());
    let mut parsed = Vec::with_capacity(lines.len());
    for text in lines.iter().map(|l| l.trim()).filter(|l| !l.is_empty()) {
        let name = game.power_key(power);
        let order = read_mila_order(v, power, text, kind).map_err(|e| OrderError::new_err(format!("{name}: {e}")))?;
        check_unit(game, power, &order, text)?;
        given.push(text.to_string());
        judge.push(order.display(v).to_string());
        parsed.push(order);
    }
    if listed(game, power, &parsed) {
        record_listed(game, power, given, judge, &parsed);
        return Ok(Vec::new());
    }
    let phase = game.rec.phases.last_mut().expect("a current phase");
    let said = submit_at(v, &game.pos, phase, power, "python", &now(), &judge).map_err(err)?;
    Ok(given.into_iter().zip(said).filter(|(_, s)| s.status == Status::Rejected).map(|(text, s)| (text, s.reason.unwrap_or_default())).collect())
}

/// Are these orders all among the legal orders listed for this phase (a
/// movement or a retreat, where an order's legality depends on the
/// position alone), each for its own unit, none in a box?
fn listed(game: &Game, power: PowerId, orders: &[Order]) -> bool {
    let v = &game.v;
    let Some(possible) = &game.possible else { return false };
    if v.calendar.kind(game.pos.phase) == PhaseKind::Adjustment {
        return false;
    }
    let mut seen = Vec::with_capacity(orders.len());
    orders.iter().all(|o| {
        let Some(u) = &o.unit else { return false };
        let p = v.province_of(u.loc);
        let text = mila_order(v, &game.pos, o);
        let once = !seen.contains(&p);
        seen.push(p);
        once && !v.is_box(p) && possible.orders[p.index()].iter().any(|(_, q, listed)| *q == power && *listed == text)
    })
}

/// Records orders the adjudicator has already called legal (`listed`)
/// without judging them again: accepted, or replacing an earlier order of
/// the same unit.
fn record_listed(game: &mut Game, power: PowerId, given: Vec<String>, judge: Vec<String>, orders: &[Order]) {
    let v = &game.v;
    let name = v.power(power).name.clone();
    let phase = game.rec.phases.last_mut().expect("a current phase");
    let earlier: Vec<_> = phase
        .submissions
        .iter()
        .filter(|s| s.power == name)
        .flat_map(|s| s.orders.iter().filter(|o| o.status != Status::Rejected).filter_map(|o| o.order.as_deref()))
        .filter_map(|t| parse_order(v, t, Some(power)).ok())
        .filter_map(|o| o.unit.map(|u| v.province_of(u.loc)))
        .collect();
    let said = given
        .into_iter()
        .zip(judge)
        .zip(orders)
        .map(|((text, order), o)| {
            let again = o.unit.as_ref().is_some_and(|u| earlier.contains(&v.province_of(u.loc)));
            SubmittedOrder { text, status: if again { Status::Replaced } else { Status::Accepted }, order: Some(order), reason: None }
        })
        .collect();
    phase.submissions.push(Submission { power: name, by: "python".into(), at: now(), orders: said });
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
    let mine = |f: &polemarch_engine::Force| f.power == power || f.components.iter().any(|c| c.power == power) || v.same_player(f.power, power);
    let forces: Vec<&polemarch_engine::Force> = match v.calendar.kind(game.pos.phase) {
        PhaseKind::Retreat => game.pos.dislodged.iter().map(|d| &d.force).filter(|f| v.province_of(f.loc) == p).collect(),
        _ => game.pos.forces_in(v, p).collect(),
    };
    let name = game.power_key(power);
    let place = v.province(p).abbr.to_uppercase();
    match forces.iter().find(|f| mine(f)) {
        Some(_) => Ok(()),
        None if forces.is_empty() => Err(OrderError::new_err(format!("{name}: `{text}`: there is no unit in {place} to order"))),
        None => Err(OrderError::new_err(format!("{name}: `{text}`: the unit in {place} is {}'s, not {name}'s", game.power_key(forces[0].power)))),
    }
}

/// `power`'s orders in force this phase, in MILA's notation.
pub fn in_force(game: &Game, power: PowerId) -> Result<Vec<String>, String> {
    Ok(parsed(game, power)?.iter().map(|o| mila_order(&game.v, &game.pos, o)).collect())
}

fn parsed(game: &Game, power: PowerId) -> Result<Vec<Order>, String> {
    let phase = game.rec.phases.last().expect("a current phase");
    let texts = orders_in_force_at(&game.v, &game.pos, phase, power)?;
    texts.iter().map(|t| parse_order(&game.v, t, Some(power)).map_err(|e| format!("order `{t}`: {e}"))).collect()
}

/// Every power's orders in force, to draw.
pub fn drawn(game: &Game) -> Result<Vec<DrawnOrder>, String> {
    let mut out = Vec::new();
    for p in game.v.power_ids() {
        out.extend(parsed(game, p)?.into_iter().map(|order| DrawnOrder { order, verdict: None }));
    }
    Ok(out)
}
