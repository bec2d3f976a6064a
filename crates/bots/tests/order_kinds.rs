//! The random bot plays every order kind each variant has (a few games,
//! fixed seeds): the kinds each variant adds show up in its records, as the
//! judge accepted them. The greedy bot merges and splits, builds garrisons
//! and sacks Delphi, and convoys.

use polemarch_bots::selfplay::play_game;
use polemarch_bots::{bot_named, Bot};
use polemarch_engine::game::Status;
use polemarch_engine::variant::embedded_variant;

/// Every accepted order of `games` games of `id` by `bot`, as the judge wrote it.
fn accepted(id: &str, bot: &str, games: usize) -> Vec<String> {
    let v = embedded_variant(id).expect("built in").expect("valid");
    let bot = bot_named(bot).unwrap();
    let bots: Vec<&dyn Bot> = v.powers.iter().map(|_| bot.as_ref()).collect();
    let mut out = Vec::new();
    for i in 0..games {
        let (rec, summary) =
            play_game(&v, id, &bots, i, 100 + i as u64, 10, "now").unwrap_or_else(|e| panic!("{id}: {}", e.message));
        assert!(summary.rejected.is_empty(), "{id}: {:?}", summary.rejected);
        for s in rec.phases.iter().flat_map(|p| &p.submissions) {
            out.extend(s.orders.iter().filter(|o| o.status != Status::Rejected).filter_map(|o| o.order.clone()));
        }
    }
    out
}

fn assert_kinds(id: &str, games: usize, kinds: &[&str]) {
    assert_played(id, "random", games, kinds);
}

fn assert_played(id: &str, bot: &str, games: usize, kinds: &[&str]) {
    let orders = accepted(id, bot, games);
    for kind in kinds {
        assert!(
            orders.iter().any(|o| o.contains(kind)),
            "{id}, {bot}: no order with `{kind}` in {} orders",
            orders.len()
        );
    }
}

#[test]
fn standard_orders() {
    assert_kinds(
        "standard",
        4,
        &[" H", " - ", " S ", " C ", "via convoy", " R ", "BUILD A", "BUILD F", "REMOVE", "WAIVE"],
    );
}

#[test]
fn multiplicity_orders() {
    assert_kinds("multiplicity", 4, &[" MERGE ", " S MERGE ", " SPLIT ", "BUILD"]);
}

/// A sack needs a unit in Delphi, which random units reach in some games.
#[test]
fn hoplite_wars_orders() {
    assert_kinds("hoplite_wars", 12, &[" MERGE ", " SPLIT ", "SACK", "CONVERT", "BUILD G", " CLAIM "]);
}

#[test]
fn diadochi_v_orders() {
    assert_kinds("diadochi_v", 4, &["DESTROY", "REBUILD", "LOAN ", "END LOAN"]);
}

#[test]
fn city_state_orders() {
    assert_kinds("city_state", 4, &["DA ger - ", "((", " R "]);
}

#[test]
fn greedy_merges_splits_garrisons_sacks_and_convoys() {
    assert_played("multiplicity", "greedy", 4, &[" MERGE ", " SPLIT "]);
    assert_played("hoplite_wars", "greedy", 6, &[" MERGE ", "BUILD G", "SACK"]);
    assert_played("standard", "greedy", 4, &[" C ", "via convoy", " S "]);
}
