//! One game bot against bot, through the game loop people use: a new game
//! record, each power's orders submitted as judge-notation text
//! (`game::submit`, which checks every line), each phase processed
//! (`game::process`), until a power wins, several win jointly, or the year
//! limit ends the game in a draw between the survivors (`game::draw`).

use crate::legal::Board;
use crate::rng::Rng;
use crate::Bot;
use polemarch_engine::game::{self, GameRecord, GameResult, Status};
use polemarch_engine::rules::victory_centres;
use polemarch_engine::variant::{Era, Phase, PhaseKind};
use polemarch_engine::{Position, Variant};

/// How one game went, for the statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSummary {
    pub index: usize,
    pub seed: u64,
    /// The bot of each power, in the variant's order of powers.
    pub bots: Vec<&'static str>,
    pub result: GameResult,
    /// True when the year limit ended the game (a draw).
    pub by_year_limit: bool,
    /// Game years played (the year of a placement before the first
    /// movement not counted).
    pub years: u32,
    pub phases: usize,
    /// Centres of each power (victory centres, a Town half) at the end of
    /// each year played.
    pub centres_by_year: Vec<Vec<f64>>,
    /// Powers out of the game at its end.
    pub eliminated: Vec<bool>,
    /// Orders the judge rejected (a bot's fault): `phase: Power: line -- why`.
    pub rejected: Vec<String>,
}

/// Game years from the first movement's year to `phase`'s year (0 in the
/// first year; -1 in a placement before it).
pub fn years_since_start(v: &Variant, phase: Phase) -> i64 {
    let first = v.calendar.first;
    let start =
        if v.calendar.kind(first) == PhaseKind::Adjustment { v.calendar.next(first).year } else { first.year } as i64;
    match v.calendar.era {
        Era::Ad => phase.year as i64 - start,
        Era::Bc => start - phase.year as i64,
    }
}

fn centres(v: &Variant, pos: &Position) -> Vec<f64> {
    victory_centres(v, pos).into_iter().map(|h| h as f64 / 2.0).collect()
}

/// A game the judge could not go on with (a bug the bots found): what it
/// said, and the record up to there.
#[derive(Debug)]
pub struct GameError {
    pub message: String,
    pub record: Box<GameRecord>,
}

/// Plays game `index` of `variant_id` with `bots[p]` for power `p`, seeded
/// `seed`, until a result or `years` game years; submissions are stamped
/// `at`. Returns the record and its summary, or the judge's error.
pub fn play_game(
    v: &Variant,
    variant_id: &str,
    bots: &[&dyn Bot],
    index: usize,
    seed: u64,
    years: u32,
    at: &str,
) -> Result<(GameRecord, GameSummary), GameError> {
    let mut rec = game::new_game(v, variant_id, seed);
    match play_on(v, &mut rec, bots, index, seed, years, at) {
        Ok(summary) => Ok((rec, summary)),
        Err(e) => Err(GameError { message: format!("game {}: {e}", index + 1), record: Box::new(rec) }),
    }
}

fn play_on(
    v: &Variant,
    rec: &mut GameRecord,
    bots: &[&dyn Bot],
    index: usize,
    seed: u64,
    years: u32,
    at: &str,
) -> Result<GameSummary, String> {
    assert_eq!(bots.len(), v.powers.len(), "one bot a power");
    let mut rng = Rng::new(seed);
    let mut rejected = Vec::new();
    let mut centres_by_year: Vec<Vec<f64>> = Vec::new();
    let mut pos = game::current(v, rec)?;
    let mut phases = 0;
    loop {
        let played = years_since_start(v, pos.phase).max(0) as usize;
        while centres_by_year.len() < played {
            centres_by_year.push(centres(v, &pos));
        }
        if played >= years as usize {
            game::draw(v, rec)?;
            break;
        }
        let board = Board::new(v, &pos);
        // The orders in force, kept from one power's submission to the next
        // and adjudicated as they stand (not read again from the record).
        let mut in_force = game::orders_in_force(v, &pos, rec.phases.last().expect("a current phase"))?;
        for p in game::powers_to_order(v, &pos) {
            let orders = bots[p.index()].orders(&board, p, &mut rng);
            if orders.is_empty() {
                continue;
            }
            let lines: Vec<String> = orders.iter().map(|o| o.display(v).to_string()).collect();
            let by = format!("bot {}", bots[p.index()].name());
            // (`game::submit` with the position at hand, not read again
            // from the record for every power.)
            let phase = rec.phases.last_mut().expect("a current phase");
            let said = game::submit_kept(v, &pos, phase, &mut in_force, p, &by, at, &lines)?;
            for s in said.iter().filter(|s| s.status == Status::Rejected) {
                let phase = v.calendar.display(pos.phase);
                rejected.push(format!(
                    "{phase}: {}: {} -- {}",
                    v.power(p).name,
                    s.text,
                    s.reason.as_deref().unwrap_or("")
                ));
            }
        }
        let outcome = game::process_orders(v, rec, &pos, &in_force)?;
        phases += 1;
        pos = outcome.next;
        if rec.result.is_some() {
            break;
        }
    }
    let completed = years_since_start(v, pos.phase).max(0) as usize;
    // A year the game ended in before its end counts as played.
    let by_year_limit = matches!(rec.result, Some(GameResult::Draw(_)));
    let played = if by_year_limit || pos.phase.step == 0 { completed.max(1) } else { completed + 1 };
    let last = centres(v, &pos);
    while centres_by_year.len() < played {
        centres_by_year.push(last.clone());
    }
    let survivors = game::survivors(v, &pos);
    let summary = GameSummary {
        index,
        seed,
        bots: bots.iter().map(|b| b.name()).collect(),
        result: rec.result.clone().expect("the game ended"),
        by_year_limit,
        years: centres_by_year.len() as u32,
        phases,
        centres_by_year,
        // The Barbarians and Persians (Imperator I5) are the judge's, never out.
        eliminated: v.power_ids().map(|p| !survivors.contains(&p) && !v.rules.played_by_judge(p)).collect(),
        rejected,
    };
    Ok(summary)
}
