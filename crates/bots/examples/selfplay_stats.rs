//! The statistics `polemarch selfplay` prints (the same run and tables),
//! from a build of the bots alone, for measuring on a busy machine without
//! building the whole command line; and the time a bot takes a phase.
//!
//! ```sh
//! cargo run --release -p polemarch-bots --example selfplay_stats -- \
//!     standard 140 search,dumbbot,dumbbot,dumbbot,dumbbot,dumbbot,dumbbot 1 20
//! cargo run --release -p polemarch-bots --example selfplay_stats -- time standard search 3
//! ```
//! Arguments: variant (a built-in id, or a variant folder: a map screened
//! before it is made), games, bots (by seat, rotated), seed, years[, jobs
//! [, a folder for the games' records, as `polemarch selfplay --out` writes
//! them in its `games`]].
//! `time`: variant, bot, games: every power played by the bot, and the
//! time of each power's orders in each movement (mean, 99th percentile,
//! slowest), and of a whole movement (the board and every power's orders),
//! on one thread, in time on the processor (Linux), so that other work on
//! the machine does not count.

use polemarch_bots::legal::Board;
use polemarch_bots::run::{check_bots, run, RunConfig};
use polemarch_bots::stats::Stats;
use polemarch_bots::{bot_named, Rng};
use polemarch_engine::game;
use polemarch_engine::variant::{embedded_variant, load_dir, PhaseKind};
use polemarch_engine::Variant;
use std::time::Instant;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("time") {
        return time(&args[1], &args[2], args[3].parse().map_err(|e| format!("games: {e}"))?);
    }
    let [variant, games, bots, seed, years] = &args[..5] else {
        return Err("variant games bots seed years [jobs]".into());
    };
    let v = variant_named(variant)?;
    let cfg = RunConfig {
        games: games.parse().map_err(|e| format!("games: {e}"))?,
        seed: seed.parse().map_err(|e| format!("seed: {e}"))?,
        years: years.parse().map_err(|e| format!("years: {e}"))?,
        jobs: args.get(5).map_or(Ok(2), |j| j.parse()).map_err(|e| format!("jobs: {e}"))?,
        bots: check_bots(bots)?,
        rotate: true,
        keep_going: false,
        at: "now".into(),
    };
    let started = Instant::now();
    let records = args.get(6).map(std::path::PathBuf::from);
    if let Some(dir) = &records {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let write = |index: usize, rec: &game::GameRecord, _: Option<&_>| -> Result<(), String> {
        let Some(dir) = &records else { return Ok(()) };
        let path = dir.join(format!("game-{:04}.json", index + 1));
        let text = serde_json::to_string_pretty(rec).map_err(|e| format!("{}: {e}", path.display()))? + "\n";
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
    };
    let played = run(&v, &v.id, &cfg, &write, &mut |_| {})?;
    print!("{}", Stats::new(&v, &played.summaries, cfg.years).markdown());
    eprintln!("{} games in {:.1} s", cfg.games, started.elapsed().as_secs_f64());
    Ok(())
}

/// A built-in variant by id, or the variant in a folder.
fn variant_named(name: &str) -> Result<Variant, String> {
    let path = std::path::Path::new(name);
    if path.is_dir() {
        return load_dir(path).map_err(|e| format!("{e:?}"));
    }
    embedded_variant(name).ok_or("unknown variant")?.map_err(|e| format!("{e:?}"))
}

/// This thread's time on a processor so far, in milliseconds (Linux's
/// scheduler statistics): what a phase costs, whatever else the machine
/// runs meanwhile.
fn on_cpu() -> f64 {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").expect("Linux's /proc/thread-self/schedstat");
    text.split_whitespace().next().and_then(|ns| ns.parse::<f64>().ok()).expect("nanoseconds on the processor") / 1e6
}

/// Times `bot`'s movement orders for every power over `games` games.
fn time(variant: &str, bot: &str, games: u64) -> Result<(), String> {
    let v = embedded_variant(variant).ok_or("unknown variant")?.map_err(|e| format!("{e:?}"))?;
    let bot = bot_named(bot)?;
    let mut times: Vec<f64> = Vec::new();
    let mut phases: Vec<f64> = Vec::new();
    for g in 0..games {
        let mut rec = game::new_game(&v, variant, g);
        let mut rng = Rng::new(g);
        while rec.result.is_none() && rec.phases.len() < 60 {
            let pos = game::current(&v, &rec)?;
            let phase_started = on_cpu();
            let board = Board::new(&v, &pos);
            for p in game::powers_to_order(&v, &pos) {
                let started = on_cpu();
                let orders = bot.orders(&board, p, &mut rng);
                if board.kind == PhaseKind::Movement {
                    times.push(on_cpu() - started);
                }
                let lines: Vec<String> = orders.iter().map(|o| o.display(&v).to_string()).collect();
                if !lines.is_empty() {
                    game::submit(&v, &mut rec, p, "bot", "now", &lines)?;
                }
            }
            if board.kind == PhaseKind::Movement {
                phases.push(on_cpu() - phase_started);
            }
            game::process(&v, &mut rec)?;
        }
    }
    times.sort_by(f64::total_cmp);
    phases.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
    let p99 = times[(times.len() * 99 / 100).min(times.len() - 1)];
    println!(
        "{variant}, {}: {} movement orders, mean {mean:.1} ms, 99th percentile {p99:.1} ms, slowest {:.1} ms",
        bot.name(),
        times.len(),
        times.last().unwrap_or(&0.0)
    );
    let phase_mean = phases.iter().sum::<f64>() / phases.len().max(1) as f64;
    println!(
        "  a whole movement (the board and every power's orders): mean {phase_mean:.1} ms, slowest {:.1} ms",
        phases.last().unwrap_or(&0.0)
    );
    Ok(())
}
