//! Many self-played games, in parallel over games: each game's seed comes
//! from the run's seed and the game's number alone, and the summaries come
//! back in game order, so a run is the same whatever the number of threads.

use crate::rng::Rng;
use crate::selfplay::{play_game, GameSummary};
use crate::{bot_named, Bot};
use polemarch_engine::game::GameRecord;
use polemarch_engine::Variant;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// Called as each game ends: its number, its record, its summary (none
/// for a game the judge could not go on with).
pub type OnGame<'a> = dyn Fn(usize, &GameRecord, Option<&GameSummary>) -> Result<(), String> + Sync + 'a;

pub struct RunConfig {
    pub games: usize,
    pub seed: u64,
    /// Game years before a game ends in a draw between the survivors.
    pub years: u32,
    /// Threads (at least 1).
    pub jobs: usize,
    /// Bots by seat: power `p` gets `bots[p % bots.len()]`.
    pub bots: Vec<String>,
    /// Game `i` moves every bot `i` seats on, so that each power is played
    /// by each bot in turn.
    pub rotate: bool,
    /// A game the judge cannot go on with is listed and the run goes on
    /// (for fuzzing); otherwise the run stops at the first.
    pub keep_going: bool,
    /// The time stamped on every submission.
    pub at: String,
}

/// The bots' names as written, checked, one a power (before any rotation).
pub fn check_bots(names: &str) -> Result<Vec<String>, String> {
    let names: Vec<String> = names.split(',').map(|n| n.trim().to_ascii_lowercase()).collect();
    for n in &names {
        bot_named(n)?;
    }
    Ok(names)
}

/// The bot of each power in game `index`.
pub fn seats(cfg: &RunConfig, powers: usize, index: usize) -> Vec<usize> {
    let shift = if cfg.rotate { index % powers } else { 0 };
    (0..powers).map(|p| ((p + powers - shift) % powers) % cfg.bots.len()).collect()
}

/// What a run played: the games that ended, in game order, and the
/// judge's errors in those it could not go on with (`keep_going`).
pub struct Played {
    pub summaries: Vec<GameSummary>,
    pub failures: Vec<String>,
}

/// Plays `cfg.games` games of `v`; `on_game` is called with each record
/// and summary as its game ends (from the thread that played it; with no
/// summary for a game the judge could not go on with, whose record stops
/// there), `progress` from the calling thread with the count of games
/// finished.
pub fn run(
    v: &Variant,
    variant_id: &str,
    cfg: &RunConfig,
    on_game: &OnGame,
    progress: &mut dyn FnMut(usize),
) -> Result<Played, String> {
    let bots: Vec<Box<dyn Bot>> = cfg.bots.iter().map(|n| bot_named(n)).collect::<Result<_, _>>()?;
    if bots.is_empty() {
        return Err("no bots named".into());
    }
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let results: Mutex<Vec<Option<Result<GameSummary, String>>>> = Mutex::new((0..cfg.games).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..cfg.jobs.max(1).min(cfg.games.max(1)) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= cfg.games || failed.load(Ordering::Relaxed) {
                    break;
                }
                let seat_bots: Vec<&dyn Bot> =
                    seats(cfg, v.powers.len(), i).into_iter().map(|b| bots[b].as_ref()).collect();
                let seed = Rng::game_seed(cfg.seed, i as u64);
                // A panic (a bug in the judge, a bot or `on_game`) fails
                // this game alone: otherwise it would never be counted
                // done and the loop below would wait for it forever.
                let game = || match play_game(v, variant_id, &seat_bots, i, seed, cfg.years, &cfg.at) {
                    Ok((rec, summary)) => on_game(i, &rec, Some(&summary)).map(|()| summary),
                    Err(e) => Err(match on_game(i, &e.record, None) {
                        Ok(()) => e.message,
                        Err(also) => format!("{}; {also}", e.message),
                    }),
                };
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(game)).unwrap_or_else(|panic| {
                    Err(format!("game {}: the judge panicked: {}", i + 1, panic_message(panic.as_ref())))
                });
                if result.is_err() && !cfg.keep_going {
                    failed.store(true, Ordering::Relaxed);
                }
                results.lock().unwrap_or_else(|poisoned| poisoned.into_inner())[i] = Some(result);
                done.fetch_add(1, Ordering::Relaxed);
            });
        }
        loop {
            let finished = done.load(Ordering::Relaxed);
            progress(finished);
            // After a failure the scope still waits for the games under way.
            if finished >= cfg.games || failed.load(Ordering::Relaxed) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
    });
    let results = results.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
    let mut out = Played { summaries: Vec::with_capacity(cfg.games), failures: Vec::new() };
    for r in results {
        match r {
            Some(Ok(s)) => out.summaries.push(s),
            Some(Err(e)) if cfg.keep_going => out.failures.push(e),
            Some(Err(e)) => return Err(e),
            None => {}
        }
    }
    let played = out.summaries.len() + out.failures.len();
    if played < cfg.games {
        return Err(format!("only {played} of {} games were played", cfg.games));
    }
    Ok(out)
}

/// What a panic said, when it said it with a string.
fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    match (panic.downcast_ref::<&str>(), panic.downcast_ref::<String>()) {
        (Some(s), _) => s.to_string(),
        (_, Some(s)) => s.clone(),
        _ => "(no message)".into(),
    }
}
