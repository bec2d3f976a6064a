//! Profiling aid: adjudicates one benchmark scenario many times, for
//! `perf record target/release/examples/profile_ours [opening|midgame|retreat|adjustment] [N]`
//! (N defaults to two million).

use polemarch_bench::{ours, scenarios};

fn main() {
    let name = std::env::args().nth(1).unwrap_or("opening".into());
    let n: u32 = std::env::args().nth(2).and_then(|a| a.parse().ok()).unwrap_or(2_000_000);
    let s = scenarios::all().into_iter().find(|s| s.name == name).expect("a scenario: opening, midgame, retreat or adjustment");
    let p = ours::prepare(s);
    let t = std::time::Instant::now();
    for _ in 0..n {
        std::hint::black_box(ours::adjudicate_ours(std::hint::black_box(&p)));
    }
    eprintln!("{:?}/iter", t.elapsed() / n);
}
