//! A game master's stand-in: bots submit the orders of powers that have
//! none in the current phase of a game record (a power whose player missed
//! the deadline, or one nobody plays), through `game::submit` like anyone.

use crate::legal::Board;
use crate::rng::Rng;
use crate::{bot_named, Bot};
use polemarch_engine::game::{self, GameRecord, SubmittedOrder};
use polemarch_engine::variant::PowerId;
use polemarch_engine::Variant;

/// Powers and the bots that play them.
pub type StandIns = Vec<(PowerId, Box<dyn Bot>)>;

/// The bot each power without orders gets: `every` for all of them, else
/// the record's own choice for that power (`bots`), else none.
pub fn stand_ins(v: &Variant, rec: &GameRecord, every: Option<&str>) -> Result<StandIns, String> {
    if rec.result.is_some() {
        return Ok(Vec::new());
    }
    let pos = game::current(v, rec)?;
    let mut out = Vec::new();
    for p in game::missing_orders(v, rec, &pos) {
        let name = every.or_else(|| rec.bots.get(&v.power(p).name).map(String::as_str));
        if let Some(name) = name {
            out.push((p, bot_named(name).map_err(|e| format!("{}: {e}", v.power(p).name))?));
        }
    }
    Ok(out)
}

/// Each bot submits its power's orders for the current phase, as
/// `bot <name>` at `at`. The bots draw from the game's seed and the phase's
/// number, so processing the same phase again gives the same orders.
pub fn submit_for(
    v: &Variant,
    rec: &mut GameRecord,
    bots: &[(PowerId, Box<dyn Bot>)],
    at: &str,
) -> Result<Vec<(PowerId, Vec<SubmittedOrder>)>, String> {
    let pos = game::current(v, rec)?;
    let board = Board::new(v, &pos);
    let mut rng = Rng::new(Rng::game_seed(rec.seed, rec.phases.len() as u64));
    let mut said = Vec::new();
    for (p, bot) in bots {
        let lines: Vec<String> = bot.orders(&board, *p, &mut rng).iter().map(|o| o.display(v).to_string()).collect();
        if lines.is_empty() {
            continue;
        }
        said.push((*p, game::submit(v, rec, *p, &format!("bot {}", bot.name()), at, &lines)?));
    }
    Ok(said)
}
