//! `polemarch selfplay standard --games 100 --bots greedy` as the command
//! plays it (seed 1, 20 years, each game's record written out as pretty
//! JSON, here into memory and dropped), on one thread by default, for
//! comparing two builds: prints the games a second on standard error.
//!
//! `target/release/examples/selfplay [games] [jobs]`

use polemarch_bots::run::{run, RunConfig};
use polemarch_engine::variant::embedded_variant;

fn main() {
    let games: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    let jobs: usize = std::env::args().nth(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let v = embedded_variant("standard").expect("built in").expect("valid");
    let cfg = RunConfig {
        games,
        seed: 1,
        years: 20,
        jobs,
        bots: vec!["greedy".into()],
        rotate: false,
        keep_going: false,
        at: "2026-11-28T00:00:00Z".into(),
    };
    // The records' bytes, and a hash of them (FNV-1a, each record's in
    // turn: the same with one thread, or for the same records in the same
    // order), to compare two builds' games.
    let written = std::sync::Mutex::new((0usize, 0xcbf2_9ce4_8422_2325u64));
    let on_game = |_: usize,
                   rec: &polemarch_engine::game::GameRecord,
                   _: Option<&polemarch_bots::selfplay::GameSummary>|
     -> Result<(), String> {
        let text = serde_json::to_string_pretty(rec).map_err(|e| e.to_string())?;
        let mut w = written.lock().unwrap();
        w.0 += text.len();
        for b in text.bytes() {
            w.1 = (w.1 ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
        Ok(())
    };
    let t = std::time::Instant::now();
    let played = run(&v, "standard", &cfg, &on_game, &mut |_| {}).expect("the games play");
    let took = t.elapsed();
    let phases: usize = played.summaries.iter().map(|s| s.phases).sum();
    let (bytes, hash) = written.into_inner().unwrap();
    eprintln!(
        "{games} games, {phases} phases, {bytes} bytes of records (hash {hash:016x}), {:.2} s: {:.2} games a second",
        took.as_secs_f64(),
        games as f64 / took.as_secs_f64()
    );
}
