//! The game manager: a game from its first phase to its end, kept in a
//! `GameRecord`. Everything here works on values; reading and writing the
//! record's file is the caller's business (the CLI writes it atomically).

mod check;
mod error;
mod orders;
pub mod record;

pub use check::check_game;
pub use error::GameError;
pub use orders::{
    orders_in_force, orders_in_force_at, orders_in_force_of, place, submit, submit_at, submit_kept, submit_read,
    units_without_orders,
};

pub use record::{GameRecord, GameResult, PhaseRecord, Processed, ResultRecord, Status, SubmittedOrder};

use crate::adjudicate::{adjudicate, balances, Outcome, Verdict};
use crate::order::{Action, Order};
use crate::state::{Component, Components, Position};
use crate::variant::{LocId, PhaseKind, PowerId, Variant};

/// A new game of `variant` (named `name` in the record), at its first phase.
pub fn new_game(v: &Variant, name: &str, seed: u64) -> GameRecord {
    let mut start = Position::start(v);
    if v.rules.draws() {
        // The engine draws from the position alone: it carries the seed.
        start.state.seed = Some(seed);
    }
    GameRecord {
        format: record::FORMAT.into(),
        variant: name.into(),
        edition: None,
        seed,
        result: None,
        bots: Default::default(),
        phases: vec![phase_record(v, &start)],
        messages: Vec::new(),
    }
}

fn phase_record(v: &Variant, start: &Position) -> PhaseRecord {
    opened(v, start, start.to_json(v))
}

/// The record of a phase opening at `start`, whose JSON is `json`.
fn opened(v: &Variant, start: &Position, json: crate::state::json::PositionJson) -> PhaseRecord {
    PhaseRecord {
        phase: v.calendar.display(start.phase).to_string(),
        start: json,
        submissions: Vec::new(),
        processed: None,
    }
}

/// Checks that a record read from a file is one this version understands
/// (`check_game` checks it against its variant).
pub fn check_record(rec: &GameRecord) -> Result<(), GameError> {
    if rec.format != record::FORMAT {
        let why = format!("not a polemarch game record (format `{}`, expected `{}`)", rec.format, record::FORMAT);
        return Err(GameError::Record(why));
    }
    match rec.phases.last() {
        None => Err(GameError::Record("the record has no phases".into())),
        Some(p) if p.processed.is_some() => {
            Err(GameError::Record("the record's last phase is processed but no phase follows it".into()))
        }
        Some(_) => Ok(()),
    }
}

/// The position at the start of phase `index` of the record.
pub fn position_at(v: &Variant, rec: &GameRecord, index: usize) -> Result<Position, GameError> {
    let p = rec.phases.get(index).ok_or(GameError::NoPhase(index + 1))?;
    Position::from_position_json(v, &p.start).map_err(|e| GameError::Record(format!("phase {}: {e}", p.phase)))
}

/// The current position: the start of the last phase.
pub fn current(v: &Variant, rec: &GameRecord) -> Result<Position, GameError> {
    position_at(v, rec, rec.phases.len() - 1)
}

/// The powers that have something to order in this position.
pub fn powers_to_order(v: &Variant, pos: &Position) -> Vec<PowerId> {
    v.power_ids()
        .filter(|&p| match v.calendar.kind(pos.phase) {
            // I5: the judge orders the Barbarians' and Persians' units.
            _ if v.rules.played_by_judge(p) => false,
            PhaseKind::Movement => pos.forces.iter().any(|f| f.power == p),
            PhaseKind::Retreat => pos.dislodged.iter().any(|d| d.force.power == p),
            PhaseKind::Adjustment => crate::adjudicate::adjustment_due(v, pos, balances(v, pos)[p.index()], p),
        })
        .collect()
}

/// Would `power` building `component` at `loc` be legal now? The
/// adjudicator answers, by its own rules: builds due, build sites, owner,
/// occupation, coasts.
pub fn build_allowed(v: &Variant, pos: &Position, power: PowerId, component: Component, loc: LocId) -> bool {
    let mut components = Components::new();
    components.push(component);
    let order = Order::new(power, components, loc, Action::Build);
    adjudicate(v, pos, std::slice::from_ref(&order)).results.first().is_some_and(|r| r.verdict() == Verdict::Success)
}

/// May `power` build anything at all now: is one build, of any kind, at
/// any place of a centre it owns, legal?
pub fn can_build(v: &Variant, pos: &Position, power: PowerId) -> bool {
    let kinds = &v.kinds;
    let owned = v.province_ids().filter(|&p| pos.owners[p.index()] == Some(power));
    // A province's own location, then its coasts.
    let mut places =
        owned.flat_map(|p| std::iter::once(LocId::of_province(p)).chain(v.province(p).coasts.iter().copied()));
    places.any(|loc| {
        kinds.iter().any(|&kind| {
            [false, true].into_iter().any(|free| build_allowed(v, pos, power, Component { kind, power, free }, loc))
        })
    })
}

/// Powers with something to order that have submitted nothing yet.
pub fn missing_orders(v: &Variant, rec: &GameRecord, pos: &Position) -> Vec<PowerId> {
    let phase = rec.phases.last().expect("a current phase");
    powers_to_order(v, pos)
        .into_iter()
        .filter(|&p| !phase.submissions.iter().any(|s| s.power == v.power(p).name))
        .collect()
}

/// Adjudicates the current phase with the orders in force (missing orders
/// are handled by the rules: units hold, retreats disband, removals by civil
/// disorder, builds waived), records the results, opens the next phase, and
/// ends the game when a power has won.
pub fn process(v: &Variant, rec: &mut GameRecord) -> Result<Outcome<'static>, GameError> {
    if let Some(result) = &rec.result {
        return Err(GameError::Over(result_text(result)));
    }
    let pos = current(v, rec)?;
    let orders = orders_in_force(v, &pos, rec.phases.last().unwrap())?;
    process_orders(v, rec, &pos, &orders)
}

/// [`process`] for a caller that keeps the current position and the
/// orders in force as values (the Python package): `pos` must be the
/// start of the record's last phase and `orders` the orders in force
/// there, as `process` would read them from the record.
pub fn process_orders(
    v: &Variant,
    rec: &mut GameRecord,
    pos: &Position,
    orders: &[Order],
) -> Result<Outcome<'static>, GameError> {
    if let Some(result) = &rec.result {
        return Err(GameError::Over(result_text(result)));
    }
    let outcome = adjudicate(v, pos, orders);
    let mut by_power = std::collections::BTreeMap::<String, Vec<String>>::new();
    for o in orders {
        let power = o.power.map(|p| v.power(p).name.clone()).unwrap_or_default();
        by_power.entry(power).or_default().push(o.display(v).to_string());
    }
    let results = outcome
        .results
        .iter()
        .map(|r| ResultRecord {
            power: r.order.power.map(|p| v.power(p).name.clone()).unwrap_or_default(),
            order: r.order_text(v),
            result: r.verdict().word().into(),
            reason: r.reason.describe(v),
        })
        .collect();
    let end = outcome.next.to_json(v);
    let next = opened(v, &outcome.next, end.clone());
    let current = rec.phases.last_mut().unwrap();
    current.processed = Some(Processed { orders: by_power, results, end });
    rec.phases.push(next);
    rec.result = result_after(v, pos, &outcome.next);
    Ok(outcome.into_owned())
}

/// The game's result when a phase played from `before` led to `next`: the
/// winners the judge finds in `next`, or None while the game goes on.
pub fn result_after(v: &Variant, before: &Position, next: &Position) -> Option<GameResult> {
    let after_adjustment = winter_passed(v, before, next);
    let mut winners: Vec<String> =
        crate::rules::winners(v, next, after_adjustment).into_iter().map(|p| v.power(p).name.clone()).collect();
    match winners.len() {
        0 => None,
        1 => Some(GameResult::Solo(winners.remove(0))),
        _ => Some(GameResult::Joint(winners)),
    }
}

/// Did the last phase processed end the game, the judge finding a winner
/// in the position it led to (and not an agreement: a draw, a concession,
/// declared while the last phase was open)? Then the record's last phase
/// is the position the game ended in, never played.
pub fn won_by_play(v: &Variant, rec: &GameRecord) -> bool {
    let n = rec.phases.len();
    let said = match &rec.result {
        Some(GameResult::Solo(p)) => vec![p.clone()],
        Some(GameResult::Joint(ps)) => ps.clone(),
        Some(GameResult::Draw(_)) | None => return false,
    };
    if n < 2 || !rec.phases[n - 1].submissions.is_empty() {
        return false;
    }
    let (Ok(before), Ok(after)) = (position_at(v, rec, n - 2), current(v, rec)) else { return false };
    let mut found: Vec<String> = crate::rules::winners(v, &after, winter_passed(v, &before, &after))
        .into_iter()
        .map(|p| v.power(p).name.clone())
        .collect();
    let mut said = said;
    found.sort();
    said.sort();
    found == said
}

/// Did a Winter adjustment end between `before` and `after` (the one
/// processed, or one skipped because nobody had anything to adjust)? An
/// initial placement is not one.
fn winter_passed(v: &Variant, before: &Position, after: &Position) -> bool {
    let adjusting = |phase| v.calendar.kind(phase) == PhaseKind::Adjustment;
    if adjusting(before.phase) && !v.rules.own_phase(v, before) {
        return true;
    }
    // `next_phase` skips at most one round of the calendar.
    let skipped = std::iter::successors(Some(v.calendar.next(before.phase)), |&p| Some(v.calendar.next(p)));
    skipped.take(v.calendar.steps.len()).take_while(|&p| p != after.phase).any(adjusting)
}

/// Powers still in the game: they own a centre or have a unit, and no
/// mechanic put them out (City State C15: the Emperor).
pub fn survivors(v: &Variant, pos: &Position) -> Vec<PowerId> {
    v.power_ids()
        .filter(|&p| !v.rules.eliminated(&pos.state, p) && !v.rules.played_by_judge(p))
        .filter(|&p| {
            pos.supply_halves(v, p) > 0
                || pos.forces.iter().any(|f| f.power == p)
                || pos.dislodged.iter().any(|d| d.force.power == p)
        })
        .collect()
}

/// Goes back one phase: the last processed phase is open again, with the
/// orders that were submitted for it, and the game is not over.
pub fn undo(rec: &mut GameRecord) -> Result<String, GameError> {
    if rec.phases.len() < 2 {
        return Err(GameError::FirstPhase);
    }
    rec.phases.pop();
    let last = rec.phases.last_mut().unwrap();
    last.processed = None;
    rec.result = None;
    Ok(last.phase.clone())
}

/// The surviving powers agree to a draw.
pub fn draw(v: &Variant, rec: &mut GameRecord) -> Result<Vec<String>, GameError> {
    if let Some(result) = &rec.result {
        return Err(GameError::Over(result_text(result)));
    }
    let pos = current(v, rec)?;
    let powers: Vec<String> = survivors(v, &pos).into_iter().map(|p| v.power(p).name.clone()).collect();
    rec.result = Some(GameResult::Draw(powers.clone()));
    Ok(powers)
}

/// `result_text`, saying what was reached where the goal is not centres:
/// `Syria wins with 25 self-supporting units` (Vedder D2), or `Danube wins
/// as the Emperor, 5 units ahead of every other player` (I2). `last`: the
/// game's last position, where it was won.
pub fn victory_text(v: &Variant, result: &GameResult, last: &Position) -> String {
    let text = result_text(result);
    let reached =
        |n: u32, name: &String| v.power_named(name).is_ok_and(|p| crate::rules::self_supporting_units(v, last, p) >= n);
    match (v.victory.goal, result) {
        // I2: a win by a mechanic's own rule, where the goal was not reached.
        (crate::variant::Goal::SelfSupportingUnits(n), GameResult::Solo(w))
            if !reached(n, w) && v.rules.victor(v, last).is_some() =>
        {
            format!("{text} {}", v.rules.victor_text(v, last).unwrap_or_else(|| "by the variant's rules".into()))
        }
        (crate::variant::Goal::SelfSupportingUnits(n), GameResult::Solo(_) | GameResult::Joint(_)) => {
            format!("{text} with {n} self-supporting units")
        }
        _ => text,
    }
}

/// The end of a recorded game in words (`victory_text` on its last
/// position), if it is over.
pub fn end_text(v: &Variant, rec: &GameRecord) -> Option<String> {
    let result = rec.result.as_ref()?;
    Some(match current(v, rec) {
        Ok(last) => victory_text(v, result, &last),
        Err(_) => result_text(result),
    })
}

pub fn result_text(result: &GameResult) -> String {
    match result {
        GameResult::Solo(p) => format!("{p} wins"),
        GameResult::Draw(ps) => format!("drawn between {}", ps.join(", ")),
        GameResult::Joint(ps) => format!("a joint victory of {}", ps.join(", ")),
    }
}
