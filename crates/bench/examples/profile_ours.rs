//! Profiling aid: adjudicates one benchmark scenario two million times, for
//! `perf record target/release/examples/profile_ours [opening|midgame|retreat|adjustment]`.
use polemarch_bench::{ours, scenarios};
fn main() {
    let name = std::env::args().nth(1).unwrap_or("opening".into());
    let s = scenarios::all().into_iter().find(|s| s.name == name).unwrap();
    let p = ours::prepare(s);
    let t = std::time::Instant::now();
    for _ in 0..2_000_000 {
        std::hint::black_box(ours::adjudicate_ours(std::hint::black_box(&p)));
    }
    eprintln!("{:?}/iter", t.elapsed() / 2_000_000);
}
