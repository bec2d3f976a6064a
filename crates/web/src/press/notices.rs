//! The judge's notices: public messages from the game itself, written in
//! the transaction of the change they tell of (so one is posted exactly
//! when its change commits): a phase processed, a power that missed its
//! orders or is in civil disorder, the game over, paused, resumed, its
//! deadline extended, a seat that changed hands. They never name a
//! player (so they say nothing in an anonymous game either).

use super::send::notice;
use crate::error::Result;
use crate::games::{Game, Seat};
use crate::judge::Cause;
use polemarch_engine::game::{self, GameRecord};
use polemarch_engine::Variant;

type Tx<'a, 'b> = &'a mut sqlx::Transaction<'b, sqlx::Any>;

/// What processing the game's current phase tells: the phase processed
/// and why, each power that owed orders and sent none (standing in: its
/// bot; with neither a player nor a bot: civil disorder), and the result
/// if the game ended. `sent`: the powers with a submission; `after`: the
/// record processed.
pub async fn processed(
    tx: Tx<'_, '_>,
    g: &Game,
    v: &Variant,
    seats: &[Seat],
    sent: &[String],
    after: &GameRecord,
    cause: Cause,
) -> Result<()> {
    let phase = g.record.phases.last().map(|p| p.phase.clone()).unwrap_or_default();
    let pos = game::current(v, &g.record)?;
    for p in game::powers_to_order(v, &pos) {
        let name = &v.power(p).name;
        if sent.contains(name) {
            continue;
        }
        let seat = seats.iter().find(|s| &s.power == name);
        let text = match (seat.and_then(|s| s.user_id), g.record.bots.get(name)) {
            (_, Some(bot)) => format!("{name} sent no orders for {phase}: its stand-in bot ({bot}) ordered for it."),
            (Some(_), None) => {
                format!("{name} missed its orders for {phase}: its units held (or the rules decided for it).")
            }
            (None, None) => {
                format!("{name} is in civil disorder (no player and no stand-in): its units held in {phase}.")
            }
        };
        notice(tx, g, g.phase_index, &phase, &text).await?;
    }
    let why = match cause {
        Cause::Deadline => "its deadline passed",
        Cause::Ready => "every power was ready",
        Cause::GameMaster => "by the game master",
    };
    let next = after.phases.last().map(|p| p.phase.as_str()).unwrap_or("");
    let text = match game::end_text(v, after) {
        Some(end) => format!("{phase} was processed ({why}). The game is over: {end}."),
        None => format!("{phase} was processed ({why}). Now: {next}."),
    };
    notice(tx, g, g.phase_index, &phase, &text).await?;
    Ok(())
}

/// A notice of the game master's change to the game, dated in its
/// current phase.
pub async fn changed(tx: Tx<'_, '_>, g: &Game, text: &str) -> Result<()> {
    let phase = g.record.phases.last().map(|p| p.phase.clone()).unwrap_or_default();
    notice(tx, g, g.phase_index, &phase, text).await.map(|_| ())
}
