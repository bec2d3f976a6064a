//! Profiling aid: adjudicates one benchmark scenario many times with one
//! adjudication context, for
//! `perf record target/release/examples/profile_ours [opening|midgame|retreat|adjustment] [N] [into]`
//! (N defaults to two million). With `into`, each adjudication writes into
//! the same result and position buffers (`Adjudicator::adjudicate_into`);
//! otherwise each returns a new outcome (`Adjudicator::adjudicate`).

use polemarch_bench::{ours, scenarios};
use polemarch_engine::adjudicate::{recycle, Adjudicator};
use polemarch_engine::Position;

fn main() {
    let name = std::env::args().nth(1).unwrap_or("opening".into());
    let n: u32 = std::env::args().nth(2).and_then(|a| a.parse().ok()).unwrap_or(2_000_000);
    let into = std::env::args().nth(3).is_some_and(|a| a == "into");
    let s = scenarios::all()
        .into_iter()
        .find(|s| s.name == name)
        .expect("a scenario: opening, midgame, retreat or adjustment");
    let p = ours::prepare(s);
    let mut judge = Adjudicator::new(&p.variant);
    let (mut results, mut next) = (Vec::new(), Position::blank());
    let t = std::time::Instant::now();
    for _ in 0..n {
        if into {
            let mut r = recycle(std::mem::take(&mut results));
            ours::adjudicate_ours_into(&mut judge, std::hint::black_box(&p), &mut r, &mut next);
            std::hint::black_box(&r);
            results = recycle(r);
        } else {
            std::hint::black_box(ours::adjudicate_ours(&mut judge, std::hint::black_box(&p)));
        }
    }
    eprintln!("{:?}/iter", t.elapsed() / n);
}
