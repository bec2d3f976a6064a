//! Profiling aid: the replay benchmark's pass (every game of
//! ../shared/reference/games/droidippy_sample read from its godip text and
//! replayed under the `droidippy` edition), N times, for
//! `valgrind --tool=callgrind target/release/examples/profile_replay [N]
//! [whole]` (N defaults to one). Each record is read and replayed phase by
//! phase (`replay_text_with`, one `Replayer` for all, as the benchmark and
//! `polemarch replay` do), or
//! with `whole` read whole first and then replayed (`import`, `replay`).
//! The files are read and the variant loaded before the passes:
//! `profile_replay 1` less `profile_replay 0` is one pass.

use polemarch_bench::sample;
use polemarch_engine::replay::{detect, import, replay, replay_text_with, Replayer};
use polemarch_engine::rules::Edition;
use polemarch_engine::variant::embedded_variant;

fn main() {
    let n: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1);
    let whole = std::env::args().nth(2).is_some_and(|a| a == "whole");
    let texts = sample::droidippy_games().expect("the Droidippy sample, beside the checkout in ../shared");
    let mut v = embedded_variant("standard").expect("built in").expect("valid");
    v.rules.edition = Edition::DROIDIPPY;
    let t = std::time::Instant::now();
    let mut phases = 0;
    let mut replayer = Replayer::default();
    for _ in 0..n {
        for text in &texts {
            let found = detect(text).expect("godip text");
            let text = std::hint::black_box(text);
            let report = if whole {
                replay(&v, &import(&v, found.format, text).expect("a readable game"), Edition::DROIDIPPY)
            } else {
                replay_text_with(&mut replayer, &v, found.format, text, Edition::DROIDIPPY).expect("a readable game")
            };
            assert!(report.first_difference.is_none(), "{:?}", report.first_difference);
            phases += report.phases;
        }
    }
    eprintln!("{phases} phases in {:?}", t.elapsed());
}
