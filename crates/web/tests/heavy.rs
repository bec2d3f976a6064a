//! The web judge's heavier tests, left out of the plain `cargo test`
//! (`#[ignore]`) and run by .ci/run in release:
//! `cargo test --release -p polemarch-web --test heavy -- --ignored --nocapture --test-threads 1`.
//! Each runs a real server in a child process (this test binary run again
//! as `child_server`) on loopback, on SQLite and on PostgreSQL
//! (DATABASE_URL; failing without it):
//! - the load test: 1,000 players in 100 games submitting concurrently,
//!   p50/p99 latency and lost submissions;
//! - the press load test: 1,000 players with event streams open, sending
//!   private messages: p50/p99 from send to arrival, lost and misdelivered;
//! - the kill test: the server killed in the middle of processing a phase,
//!   the game consistent on restart and its deadlines kept;
//! - the connections test: one address holding more connections than the
//!   descriptor limit allows, others still answered; slow and idle
//!   connections closed at the header timeout;
//! - the flood test: 1,000 failed sign-ins, the server's memory under
//!   200 MB.

#[path = "heavy/accounts.rs"]
mod accounts;
#[path = "heavy/child.rs"]
mod child;
#[path = "heavy/client.rs"]
mod client;
mod common;
#[path = "heavy/connections.rs"]
mod connections;
#[path = "heavy/flood.rs"]
mod flood;
#[path = "heavy/kill.rs"]
mod kill;
#[path = "heavy/load.rs"]
mod load;
#[path = "heavy/press_load.rs"]
mod press_load;
#[path = "heavy/steal.rs"]
mod steal;

use common::Db;

/// Not a test: the entry point of the child server the other tests start
/// (it does nothing unless they start it). On a runtime of as many threads
/// as cores, as `polemarch serve` runs.
#[tokio::test(flavor = "multi_thread")]
#[ignore = "not a test: the child server the heavy tests start"]
async fn child_server() {
    child::run_if_asked().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy: a real server under load; run by .ci/run with --release --ignored"]
async fn load_sqlite() {
    load::run(Db::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy: a real server under load; run by .ci/run with --release --ignored"]
async fn load_postgres() {
    load::run(Db::postgres("load_postgres")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy: a real server under load; run by .ci/run with --release --ignored"]
async fn load_press_sqlite() {
    press_load::run(Db::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy: a real server under load; run by .ci/run with --release --ignored"]
async fn load_press_postgres() {
    press_load::run(Db::postgres("load_press_postgres")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy: a real server under load; run by .ci/run with --release --ignored"]
async fn kill_sqlite() {
    kill::run(Db::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy: a real server under load; run by .ci/run with --release --ignored"]
async fn kill_postgres() {
    kill::run(Db::postgres("kill_postgres")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy: a real server under load; run by .ci/run with --release --ignored"]
async fn connections_sqlite() {
    connections::run(Db::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy: a real server under load; run by .ci/run with --release --ignored"]
async fn connections_postgres() {
    connections::run(Db::postgres("connections_postgres")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy: a real server under load; run by .ci/run with --release --ignored"]
async fn flood_sqlite() {
    flood::run(Db::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy: a real server under load; run by .ci/run with --release --ignored"]
async fn flood_postgres() {
    flood::run(Db::postgres("flood_postgres")).await;
}
