//! Both bots play every built-in variant for a few years through the game
//! loop, and the judge rejects none of their orders.

use polemarch_bots::selfplay::play_game;
use polemarch_bots::{bot_named, Bot};
use polemarch_engine::variant::{embedded_ids, embedded_variant};

fn play(id: &str, bot: &str, years: u32, seed: u64) {
    let v = embedded_variant(id).expect("built in").expect("valid");
    let bot = bot_named(bot).unwrap();
    let bots: Vec<&dyn Bot> = v.powers.iter().map(|_| bot.as_ref()).collect();
    let (rec, summary) = play_game(&v, id, &bots, 0, seed, years, "2026-01-01T00:00:00Z")
        .unwrap_or_else(|e| panic!("{id}: {}", e.message));
    assert!(
        summary.rejected.is_empty(),
        "{id}, {}: the judge rejected {} orders: {:#?}",
        bot.name(),
        summary.rejected.len(),
        summary.rejected
    );
    assert!(rec.result.is_some());
    assert!(summary.phases > 0);
}

#[test]
fn random_orders_are_legal_in_every_variant() {
    for id in embedded_ids() {
        for seed in 1..=2 {
            play(id, "random", 4, seed);
        }
    }
}

#[test]
fn greedy_orders_are_legal_in_every_variant() {
    for id in embedded_ids() {
        play(id, "greedy", 4, 3);
    }
}
