//! `polemarch selfplay`: games bot against bot, with statistics. The
//! statistics go to standard output (the same for the same seed, whatever
//! `--jobs`), and to `stats.md` and `stats.json` in the output folder, each
//! game's record to `games/`; progress and timings go to standard error.

use crate::{record_file, variants};
use polemarch_bots::run::{check_bots, run, RunConfig};
use polemarch_bots::stats::Stats;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The longest year limit: a game of 20 years writes about 1 MB of record.
const MAX_YEARS: u32 = 200;
/// The most games in a run: each has its slot in memory until the run
/// ends, and a million greedy games is already days of play.
const MAX_GAMES: usize = 1_000_000;

pub struct Options {
    pub variant: String,
    pub games: usize,
    pub bots: String,
    pub seed: u64,
    pub jobs: usize,
    pub years: u32,
    pub rotate: bool,
    pub out: Option<PathBuf>,
    pub no_records: bool,
    pub keep_going: bool,
    pub force: bool,
    pub edition: Option<String>,
}

pub fn run_command(o: Options) -> Result<ExitCode, String> {
    if o.games == 0 || o.games > MAX_GAMES {
        return Err(format!("--games: expected 1 to {MAX_GAMES} games"));
    }
    if o.years == 0 || o.years > MAX_YEARS {
        return Err(format!(
            "--years: expected 1 to {MAX_YEARS} years (a longer game's record could pass the 16 MiB a record may be)"
        ));
    }
    let v = variants::load_as(&o.variant, None, o.edition.as_deref())?;
    let bots = check_bots(&o.bots)?;
    let out = match &o.out {
        Some(out) => out.clone(),
        None => fresh_folder(&format!("selfplay-{}-seed{}", id_for_folder(&o.variant), o.seed), o.force),
    };
    prepare(&out, o.force)?;
    let games_dir = out.join("games");
    if !o.no_records {
        std::fs::create_dir_all(&games_dir).map_err(|e| format!("{}: {e}", games_dir.display()))?;
    }
    let cfg = RunConfig {
        games: o.games,
        seed: o.seed,
        years: o.years,
        jobs: o.jobs.max(1),
        bots,
        rotate: o.rotate,
        keep_going: o.keep_going,
        at: record_file::now(),
    };
    // A game the judge could not go on with keeps its record (to the
    // phase that failed) even with --no-records.
    let write = |index: usize,
                 rec: &polemarch_engine::game::GameRecord,
                 done: Option<&polemarch_bots::selfplay::GameSummary>|
     -> Result<(), String> {
        if o.no_records && done.is_some() {
            return Ok(());
        }
        std::fs::create_dir_all(&games_dir).map_err(|e| format!("{}: {e}", games_dir.display()))?;
        let path = games_dir.join(format!("game-{:04}{}.json", index + 1, if done.is_some() { "" } else { "-failed" }));
        let text = serde_json::to_string_pretty(rec).map_err(|e| format!("{}: {e}", path.display()))? + "\n";
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        if done.is_none() {
            eprintln!("\nThe record of failed game {} is in {}", index + 1, path.display());
        }
        Ok(())
    };
    let terminal = std::io::stderr().is_terminal();
    let started = std::time::Instant::now();
    let mut bar = |done: usize| {
        if terminal {
            let width = 30;
            let filled = done * width / o.games;
            eprint!("\r[{}{}] {done}/{} games", "#".repeat(filled), "-".repeat(width - filled), o.games);
            let _ = std::io::stderr().flush();
        }
    };
    let played = run(&v, &o.variant, &cfg, &write, &mut bar)?;
    if terminal {
        eprintln!();
    }
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "{} games in {secs:.1} s ({:.1} games a second, {} threads)",
        o.games,
        o.games as f64 / secs.max(1e-9),
        cfg.jobs
    );
    let mut stats = Stats::new(&v, &played.summaries, o.years);
    stats.failed = played.failures;
    if !stats.games_ok() {
        eprintln!(
            "{} games the judge could not go on with (their records are in {})",
            stats.failed.len(),
            games_dir.display()
        );
    }
    let markdown = stats.markdown();
    print!("{markdown}");
    let json = serde_json::to_string_pretty(&stats.json()).map_err(|e| e.to_string())? + "\n";
    for (name, text) in [("stats.md", &markdown), ("stats.json", &json)] {
        let path = out.join(name);
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if o.no_records {
        eprintln!("Statistics in {}", out.display());
    } else {
        eprintln!("Statistics in {}, the games' records in {}", out.display(), games_dir.display());
    }
    Ok(if stats.rejected.is_empty() && stats.games_ok() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// A variant named by a folder gives its last part.
fn id_for_folder(variant: &str) -> String {
    Path::new(variant).file_name().map_or_else(|| "variant".into(), |n| n.to_string_lossy().into_owned())
}

/// The default output folder: `base`, or where an earlier run's results
/// are there (and not `force`), `base-2`, `base-3`, ...: running the same
/// command twice keeps both runs.
fn fresh_folder(base: &str, force: bool) -> PathBuf {
    let taken = |p: &Path| p.join("stats.json").exists() && !force;
    std::iter::once(PathBuf::from(base))
        .chain((2..).map(|n| PathBuf::from(format!("{base}-{n}"))))
        .find(|p| !taken(p))
        .expect("an endless list of names has a free one")
}

/// The output folder: made if missing; one that already holds a run's
/// statistics is refused unless `force`.
fn prepare(out: &Path, force: bool) -> Result<(), String> {
    if out.exists() && !out.is_dir() {
        return Err(format!(
            "{}: is a file; --out names a folder (for stats.md, stats.json and games/)",
            out.display()
        ));
    }
    if out.join("stats.json").exists() && !force {
        return Err(format!(
            "{}: holds the results of an earlier run (give --force to replace them, or another --out)",
            out.display()
        ));
    }
    if force && out.join("games").is_dir() {
        // Records of an earlier, longer run would be mistaken for this one's.
        for entry in std::fs::read_dir(out.join("games")).map_err(|e| format!("{}: {e}", out.display()))?.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with("game-") && name.ends_with(".json") {
                std::fs::remove_file(entry.path()).map_err(|e| format!("{}: {e}", entry.path().display()))?;
            }
        }
    }
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))
}
