//! Many games at once: the same summaries with one thread or two, and a
//! game that fails stops the run, or with `keep_going` is listed and the
//! run goes on.

use polemarch_bots::run::{run, RunConfig};
use polemarch_engine::variant::embedded_variant;

fn config(jobs: usize, keep_going: bool) -> RunConfig {
    RunConfig {
        games: 4,
        seed: 11,
        years: 2,
        jobs,
        bots: vec!["greedy".into(), "random".into()],
        rotate: true,
        keep_going,
        at: "now".into(),
    }
}

#[test]
fn the_same_games_with_any_number_of_threads() {
    let v = embedded_variant("standard").unwrap().unwrap();
    let ok =
        |_: usize, _: &polemarch_engine::game::GameRecord, _: Option<&polemarch_bots::selfplay::GameSummary>| Ok(());
    let one = run(&v, "standard", &config(1, false), &ok, &mut |_| {}).unwrap();
    let two = run(&v, "standard", &config(2, false), &ok, &mut |_| {}).unwrap();
    assert_eq!(one.summaries, two.summaries);
    assert_eq!(one.summaries.iter().map(|s| s.index).collect::<Vec<_>>(), [0, 1, 2, 3]);
    // Seats by turns (greedy, random, greedy, ...), moved one seat on in
    // each game.
    assert_eq!(one.summaries[0].bots, ["greedy", "random", "greedy", "random", "greedy", "random", "greedy"]);
    assert_eq!(one.summaries[1].bots, ["greedy", "greedy", "random", "greedy", "random", "greedy", "random"]);
}

#[test]
fn a_failed_game_stops_the_run_unless_it_keeps_going() {
    let v = embedded_variant("standard").unwrap().unwrap();
    let fail_second =
        |i: usize, _: &polemarch_engine::game::GameRecord, _: Option<&polemarch_bots::selfplay::GameSummary>| {
            if i == 1 {
                Err("game 2: cannot write".to_string())
            } else {
                Ok(())
            }
        };
    let stopped = run(&v, "standard", &config(1, false), &fail_second, &mut |_| {});
    assert_eq!(stopped.err().as_deref(), Some("game 2: cannot write"));
    let went_on = run(&v, "standard", &config(2, true), &fail_second, &mut |_| {}).unwrap();
    assert_eq!(went_on.failures, ["game 2: cannot write"]);
    assert_eq!(went_on.summaries.iter().map(|s| s.index).collect::<Vec<_>>(), [0, 2, 3]);
}

/// Runs `run` on another thread, so that a hang fails the test instead of
/// stopping it.
fn within_a_minute(
    keep_going: bool,
    on_game: fn(usize) -> Result<(), String>,
) -> Result<polemarch_bots::run::Played, String> {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let v = embedded_variant("standard").unwrap().unwrap();
        let cfg = RunConfig { games: 3, jobs: 1, keep_going, ..config(1, keep_going) };
        let call = |i: usize,
                    _: &polemarch_engine::game::GameRecord,
                    _: Option<&polemarch_bots::selfplay::GameSummary>| on_game(i);
        let _ = send.send(run(&v, "standard", &cfg, &call, &mut |_| {}));
    });
    receive.recv_timeout(std::time::Duration::from_secs(60)).expect("the run ended within a minute")
}

fn panic_on_first(i: usize) -> Result<(), String> {
    if i == 0 {
        panic!("a test's panic");
    }
    Ok(())
}

#[test]
fn a_panicking_game_stops_the_run_with_an_error_instead_of_hanging() {
    let stopped = within_a_minute(false, panic_on_first);
    assert_eq!(stopped.err().as_deref(), Some("game 1: the judge panicked: a test's panic"));
}

#[test]
fn a_panicking_game_is_listed_when_the_run_keeps_going() {
    let went_on = within_a_minute(true, panic_on_first).unwrap();
    assert_eq!(went_on.failures, ["game 1: the judge panicked: a test's panic"]);
    assert_eq!(went_on.summaries.iter().map(|s| s.index).collect::<Vec<_>>(), [1, 2]);
}
