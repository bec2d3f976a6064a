//! The one rule of secrecy, for every channel (pages, API, event streams,
//! mail, records, exports): who reads, and whether a thing addressed to an
//! audience, or a player's name, may reach him. Each channel asks here and
//! nowhere else; orders before processing are kept apart by judge.rs (the
//! open phase's submissions are never in what the channels read).

use crate::accounts::User;
use crate::error::Result;
use crate::games::{self, Game, Seat};
use polemarch_engine::game::GameRecord;
use sqlx::AnyPool;

/// Who reads: the powers he plays, and whether he is the game master.
#[derive(Debug, Clone, Default)]
pub struct Reader {
    pub user_id: Option<i64>,
    pub powers: Vec<String>,
    pub game_master: bool,
}

impl Reader {
    /// The reader `user` (None: signed out) of game `g`.
    pub async fn of(db: &AnyPool, g: &Game, user: Option<&User>) -> Result<Reader> {
        Ok(match user {
            None => Reader::default(),
            Some(u) => Reader {
                user_id: Some(u.id),
                powers: games::powers_of(db, g.id, u.id).await?,
                game_master: u.id == g.gm_id,
            },
        })
    }
}

/// Who a thing is for: every power (and whoever may look at the game), or
/// the powers of a conversation.
#[derive(Debug, Clone, Copy)]
pub enum Audience<'a> {
    All,
    Powers(&'a [String]),
}

/// Is the game over (everything kept for its end may be shown)?
pub fn ended(g: &Game) -> bool {
    g.record.result.is_some() || g.status == crate::games::Status::Over
}

/// May `reader`, who may look at game `g`, see what is for `audience`? A
/// conversation's messages reach its powers' players alone, never the game
/// master as such, until the game ends; then all, unless the game keeps
/// its press private.
pub fn may_see(g: &Game, reader: &Reader, audience: Audience) -> bool {
    match audience {
        Audience::All => true,
        Audience::Powers(powers) => reader.powers.iter().any(|p| powers.contains(p)) || (ended(g) && !g.press.private),
    }
}

/// May `reader` see who plays which power? Not in an anonymous game before
/// it ends, but for the game master (who gives the seats).
pub fn sees_names(g: &Game, reader: &Reader) -> bool {
    !g.press.anonymous || ended(g) || reader.game_master
}

/// The seats as `reader` may see them: in an anonymous game, only his own
/// seats keep their player's name.
pub fn seats_for(g: &Game, reader: &Reader, mut seats: Vec<Seat>) -> Vec<Seat> {
    if !sees_names(g, reader) {
        for s in seats.iter_mut().filter(|s| !reader.powers.contains(&s.power)) {
            if s.user_id.is_some() {
                s.user = Some("(anonymous)".into());
            }
            s.user_id = None;
        }
    }
    seats
}

/// The record as `reader` may see it: in an anonymous game, each
/// submission is said to be by its power rather than its player.
pub fn record_for(g: &Game, reader: &Reader, mut record: GameRecord) -> GameRecord {
    if !sees_names(g, reader) {
        for phase in &mut record.phases {
            for s in &mut phase.submissions {
                s.by = s.power.clone();
            }
        }
    }
    record
}
