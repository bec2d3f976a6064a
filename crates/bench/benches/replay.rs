//! `cargo bench -p polemarch-bench --bench replay [-- --quick]`
//!
//! Replays the 300 Droidippy games of ../shared/reference/games/droidippy_sample
//! (godip text, under the `droidippy` edition, as `polemarch replay` does):
//! reading each record, adjudicating every phase and comparing it with the
//! record, phase by phase as it is read (`replay_text`). Prints the median
//! time of one pass over all the games and the phases replayed per second,
//! on one core. The files are read from disk
//! once, before timing; the variant is loaded once, as `replay` does.

use polemarch_bench::sample;
use polemarch_bench::timing::{format_duration, measure, Budget};
use polemarch_engine::replay::{detect, replay_text_with, Replayer};
use polemarch_engine::rules::Edition;
use polemarch_engine::variant::embedded_variant;

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let Some(texts) = sample::droidippy_games() else {
        println!();
        println!(
            "SKIPPED replay benchmark: {} not found (it is kept beside the checkout, in ../shared)",
            sample::droidippy_dir().display()
        );
        return;
    };
    let mut v = embedded_variant("standard").expect("built in").expect("valid");
    v.rules.edition = Edition::DROIDIPPY;

    // One pass: every game read and replayed; the phases replayed.
    // What the replay works in, kept from game to game and pass to pass,
    // as `polemarch replay` keeps it from file to file.
    let mut replayer = Replayer::default();
    let mut pass = |texts: &Vec<String>| -> usize {
        let mut phases = 0;
        for text in texts {
            let found = detect(text).expect("godip text");
            let report =
                replay_text_with(&mut replayer, &v, found.format, text, Edition::DROIDIPPY).expect("a readable game");
            assert!(report.first_difference.is_none(), "{:?}", report.first_difference);
            phases += report.phases;
        }
        phases
    };
    let phases = pass(&texts);
    let budget = if quick { Budget::QUICK } else { Budget { batches: 10, ..Budget::FULL } };
    let m = measure(budget, &texts, pass);
    let per_second = phases as f64 / m.median.as_secs_f64();
    println!();
    println!("replay of {} Droidippy games ({phases} phases), median of {} passes", texts.len(), m.iterations);
    println!("{:<28} {:>12} {:>20}", "", "one pass", "phases per second");
    println!("{:<28} {:>12} {:>20.0}", "polemarch (droidippy)", format_duration(m.median), per_second);
}
