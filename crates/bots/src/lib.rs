//! polemarch-bots: players for polemarch, and self-play.
//!
//! A [`Bot`] is handed a [`Board`] (the position, and every force's orders
//! the adjudicator calls legal) and gives one power's orders. Its orders go
//! through the same game loop as people's (`game::submit`, then
//! `game::process`), as judge-notation text. Four bots: `random` (a legal
//! order drawn uniformly for every unit, for fuzzing and as a baseline),
//! `greedy` (a one-move tactician), `dumbbot` (David Norman's DumbBot, the
//! DAIDE bots' baseline) and `search` (one movement ahead with the
//! adjudicator). None knows a variant by name: every order kind comes from
//! the variant's mechanics and the adjudicator's verdicts, so a variant
//! added later is played too.

pub mod adjust;
pub mod candidate;
pub mod candidates;
pub mod dumbbot;
pub mod geometry;
pub mod greedy;
pub mod legal;
pub mod random;
pub mod rng;
pub mod run;
pub mod score;
pub mod search;
pub mod selfplay;
pub mod stakes;
pub mod stand_in;
pub mod stats;

pub use legal::Board;
pub use rng::Rng;

use polemarch_engine::order::Order;
use polemarch_engine::variant::PowerId;

/// A player of one power.
pub trait Bot: Send + Sync {
    /// Its name on the command line (`greedy`).
    fn name(&self) -> &'static str;

    /// `power`'s orders for the phase of `board`. Every order is one the
    /// adjudicator accepts as legal; a power with nothing to order gets none.
    fn orders(&self, board: &Board, power: PowerId, rng: &mut Rng) -> Vec<Order>;
}

/// The bot a game master's stand-in is when none is named: the strongest
/// whose seven powers' orders take under a second a phase (docs/bots.md).
pub const DEFAULT_STAND_IN: &str = "search";

/// The bots there are, by name, the default stand-in first.
pub const NAMES: &[&str] = &["search", "dumbbot", "greedy", "random"];

/// A bot by name, or an error naming the bots there are.
pub fn bot_named(name: &str) -> Result<Box<dyn Bot>, String> {
    match name.trim().to_ascii_lowercase().as_str() {
        "search" => Ok(Box::new(search::Search::default())),
        "dumbbot" => Ok(Box::new(dumbbot::DumbBot)),
        "greedy" => Ok(Box::new(greedy::Greedy)),
        "random" => Ok(Box::new(random::Random)),
        other => Err(format!("unknown bot `{}` (bots: {})", polemarch_engine::order::excerpt(other), NAMES.join(", "))),
    }
}
