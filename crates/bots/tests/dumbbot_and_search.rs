//! DumbBot and the search bot play every built-in variant through the game
//! loop, and the judge rejects none of their orders; a run with them is the
//! same with one thread and with two.

use polemarch_bots::run::{run, RunConfig};
use polemarch_bots::selfplay::{play_game, GameSummary};
use polemarch_bots::{bot_named, Bot};
use polemarch_engine::game::GameRecord;
use polemarch_engine::variant::{embedded_ids, embedded_variant};

/// `games` games of `years` years of variant `id`, every power played by
/// `bot`: none panics, none has an order rejected, every one ends.
fn play(id: &str, bot: &str, games: usize, years: u32) {
    let v = embedded_variant(id).expect("built in").expect("valid");
    let bot = bot_named(bot).unwrap();
    let bots: Vec<&dyn Bot> = v.powers.iter().map(|_| bot.as_ref()).collect();
    for game in 0..games {
        let (rec, summary) = play_game(&v, id, &bots, game, 100 + game as u64, years, "2026-01-01T00:00:00Z")
            .unwrap_or_else(|e| panic!("{id}: {}", e.message));
        assert!(
            summary.rejected.is_empty(),
            "{id}, {}: the judge rejected {} orders: {:#?}",
            bot.name(),
            summary.rejected.len(),
            summary.rejected
        );
        assert!(rec.result.is_some());
    }
}

#[test]
fn dumbbot_orders_are_legal_in_every_variant() {
    for id in embedded_ids() {
        play(id, "dumbbot", 2, 4);
    }
}

#[test]
fn search_orders_are_legal_in_every_variant() {
    for id in embedded_ids() {
        play(id, "search", 1, 2);
    }
}

/// The figure: twenty whole games of every variant for each bot.
/// Minutes of work in a release build, so run by hand:
/// `cargo test --release -p polemarch-bots --test dumbbot_and_search -- --ignored`.
#[test]
#[ignore = "heavy: twenty 20-year games of every variant for each bot; run with --release --ignored"]
fn twenty_games_of_every_variant() {
    for id in embedded_ids() {
        play(id, "dumbbot", 20, 20);
        play(id, "search", 20, 20);
    }
}

fn config(jobs: usize) -> RunConfig {
    RunConfig {
        games: 3,
        seed: 5,
        years: 2,
        jobs,
        bots: vec!["search".into(), "dumbbot".into()],
        rotate: true,
        keep_going: false,
        at: "now".into(),
    }
}

#[test]
fn the_same_games_with_one_thread_and_two() {
    let v = embedded_variant("standard").unwrap().unwrap();
    let ok = |_: usize, _: &GameRecord, _: Option<&GameSummary>| Ok(());
    let one = run(&v, "standard", &config(1), &ok, &mut |_| {}).unwrap();
    let two = run(&v, "standard", &config(2), &ok, &mut |_| {}).unwrap();
    assert_eq!(one.summaries, two.summaries);
    assert_eq!(one.summaries[0].bots[..2], ["search", "dumbbot"]);
    // The seeds differ from game to game, and so do the games.
    assert_ne!(one.summaries[0].centres_by_year, one.summaries[2].centres_by_year);
}
