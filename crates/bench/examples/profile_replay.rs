//! Profiling aid: the replay benchmark's pass (every game of
//! ../shared/reference/games/droidippy_sample read from its godip text and
//! replayed under the `droidippy` edition), N times, for
//! `valgrind --tool=callgrind target/release/examples/profile_replay [N]`
//! (N defaults to one). The files are read and the variant loaded before
//! the passes: `profile_replay 1` less `profile_replay 0` is one pass.

use polemarch_engine::replay::{detect, import, replay};
use polemarch_engine::rules::Edition;
use polemarch_engine::variant::embedded_variant;
use std::path::Path;

fn main() {
    let n: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/reference/games/droidippy_sample");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("the Droidippy sample, beside the checkout in ../shared")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("game_")))
        .collect();
    paths.sort();
    let texts: Vec<String> = paths.iter().map(|p| std::fs::read_to_string(p).expect("a game text")).collect();
    let mut v = embedded_variant("standard").expect("built in").expect("valid");
    v.rules.edition = Edition::DROIDIPPY;
    let t = std::time::Instant::now();
    let mut phases = 0;
    for _ in 0..n {
        for text in &texts {
            let found = detect(text).expect("godip text");
            let game = import(&v, found.format, std::hint::black_box(text)).expect("a readable game");
            let report = replay(&v, &game, Edition::DROIDIPPY);
            assert!(report.first_difference.is_none(), "{:?}", report.first_difference);
            phases += report.phases;
        }
    }
    eprintln!("{phases} phases in {:?}", t.elapsed());
}
