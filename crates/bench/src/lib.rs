//! Benchmark support for polemarch: the scenarios (positions and orders in
//! polemarch's judge notation), a small timing harness, and the peer judge
//! (the `diplomacy` crate) the timings are compared with.
//!
//! Run with `cargo bench -p polemarch-bench` (`-- --quick` for a short run,
//! `-- midgame` to run only the scenarios whose name contains `midgame`).

pub mod ours;
pub mod peer;
pub mod sample;
pub mod scenarios;
pub mod timing;
