//! Profiling aid, the peer's side of the benchmark: the `diplomacy`
//! crate adjudicates one benchmark scenario N times, for callgrind's
//! instruction counts beside `profile_ours`
//! (`valgrind --tool=callgrind target/release/examples/profile_peer opening 2001`).

use polemarch_bench::{peer, scenarios};

fn main() {
    let name = std::env::args().nth(1).unwrap_or("opening".into());
    let n: u32 = std::env::args().nth(2).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let s = scenarios::all()
        .into_iter()
        .find(|s| s.name == name)
        .expect("a scenario: opening, midgame, retreat or adjustment");
    let p = peer::prepare(s);
    for _ in 0..n {
        std::hint::black_box(peer::adjudicate_peer(std::hint::black_box(&p)));
    }
}
