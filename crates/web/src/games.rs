//! Games as stored: the row (status, deadline, version) with the engine's
//! game record, the members who joined by the invite code, and the seats
//! (which user plays which power). Reading and the game master's set-up;
//! orders and processing are in judge.rs.

use crate::db::now;
use crate::error::{Error, Result};
use crate::variants::Variants;
use polemarch_engine::game::{self, GameRecord};
use polemarch_engine::Variant;
use rand::Rng;
use sqlx::{AnyPool, Row};
use std::sync::Arc;

/// A game's row, its record read.
#[derive(Debug, Clone)]
pub struct Game {
    pub id: i64,
    pub name: String,
    pub variant: String,
    pub gm_id: i64,
    pub invite_code: String,
    pub seed: String,
    pub public: bool,
    /// `active`, `paused` or `over`.
    pub status: String,
    pub deadline_secs: i64,
    pub deadline_at: Option<i64>,
    pub paused_left: Option<i64>,
    /// The index of the current phase in the record.
    pub phase_index: i64,
    /// Bumped by every change of the row: the compare-and-set of every
    /// write (no submission lost, every phase processed once).
    pub version: i64,
    /// The record, shared with the cache of parsed records. Its open
    /// phase's submissions are kept apart (`judge::open_submissions`),
    /// but for those of a database written by an older judge.
    pub record: Arc<GameRecord>,
    /// Press mode, anonymity, press kept private after the end (press/).
    pub press: crate::press::Rules,
}

#[derive(Debug, Clone, serde::Serialize)]
pub struct Seat {
    pub power: String,
    pub user_id: Option<i64>,
    pub user: Option<String>,
    /// The bot that plays the power when it has no orders.
    pub bot: Option<String>,
    pub ready: bool,
}

const HEAD: &str = "id, name, variant, gm_id, invite_code, seed, is_public, status, deadline_secs, deadline_at, paused_left, phase_index, version, press, anonymous, press_private";

pub async fn load(db: &AnyPool, id: i64) -> Result<Game> {
    let row = sqlx::query(&format!("SELECT {HEAD}, record FROM games WHERE id = $1")).bind(id).fetch_optional(db).await?;
    let row = row.ok_or_else(|| Error::not_found(format!("there is no game {id}")))?;
    let text: String = row.try_get(16)?;
    let record: GameRecord = serde_json::from_str(&text).map_err(|e| Error::internal(format!("game {id}: its record does not read: {e}")))?;
    from_row(&row, Arc::new(record))
}

/// [`load`], the record parsed only when the row's version is not the one
/// this process parsed last (every change of the record bumps it).
pub async fn load_cached(app: &crate::Shared, id: i64) -> Result<Game> {
    let row = sqlx::query(&format!("SELECT {HEAD} FROM games WHERE id = $1")).bind(id).fetch_optional(&app.db).await?;
    let row = row.ok_or_else(|| Error::not_found(format!("there is no game {id}")))?;
    if let Some(record) = app.cached_record(id, row.try_get(12)?) {
        return from_row(&row, record);
    }
    let g = load(&app.db, id).await?;
    app.cache_record(id, g.version, g.record.clone());
    Ok(g)
}

fn from_row(row: &sqlx::any::AnyRow, record: Arc<GameRecord>) -> Result<Game> {
    Ok(Game {
        id: row.try_get(0)?,
        name: row.try_get(1)?,
        variant: row.try_get(2)?,
        gm_id: row.try_get(3)?,
        invite_code: row.try_get(4)?,
        seed: row.try_get(5)?,
        public: row.try_get::<i64, _>(6)? != 0,
        status: row.try_get(7)?,
        deadline_secs: row.try_get(8)?,
        deadline_at: row.try_get(9)?,
        paused_left: row.try_get(10)?,
        phase_index: row.try_get(11)?,
        version: row.try_get(12)?,
        record,
        press: crate::press::Rules::from_row(row.try_get(13)?, row.try_get(14)?, row.try_get(15)?)?,
    })
}

pub async fn seats(db: &AnyPool, game: &Game) -> Result<Vec<Seat>> {
    let rows = sqlx::query(
        "SELECT s.power, s.user_id, u.name, s.ready_phase FROM seats s LEFT JOIN users u ON u.id = s.user_id WHERE s.game_id = $1 ORDER BY s.power",
    )
    .bind(game.id)
    .fetch_all(db)
    .await?;
    let mut out = Vec::new();
    for r in rows {
        let power: String = r.try_get(0)?;
        let ready: i64 = r.try_get(3)?;
        out.push(Seat { bot: game.record.bots.get(&power).cloned(), power, user_id: r.try_get(1)?, user: r.try_get(2)?, ready: ready == game.phase_index });
    }
    Ok(out)
}

pub async fn is_member(db: &AnyPool, game_id: i64, user_id: i64) -> Result<bool> {
    let row = sqlx::query("SELECT 1 FROM members WHERE game_id = $1 AND user_id = $2").bind(game_id).bind(user_id).fetch_optional(db).await?;
    Ok(row.is_some())
}

/// May this user look at the game (its public pages, processed phases)?
pub async fn may_view(db: &AnyPool, game: &Game, user_id: Option<i64>) -> Result<()> {
    if game.public {
        return Ok(());
    }
    match user_id {
        None => Err(Error::unauthorized()),
        Some(u) if u == game.gm_id || is_member(db, game.id, u).await? => Ok(()),
        Some(_) => Err(Error::forbidden("you are not in this game: join it with its invite code")),
    }
}

pub fn must_be_gm(game: &Game, user_id: i64) -> Result<()> {
    if game.gm_id == user_id {
        Ok(())
    } else {
        Err(Error::forbidden("only the game master may do this"))
    }
}

/// Summary of a user's games: (id, name, variant, phase, status).
pub async fn list_for(db: &AnyPool, user_id: i64) -> Result<Vec<(i64, String, String, i64, String)>> {
    let rows = sqlx::query(
        "SELECT g.id, g.name, g.variant, g.phase_index, g.status FROM games g WHERE g.gm_id = $1 OR g.is_public = 1 \
         OR EXISTS (SELECT 1 FROM members m WHERE m.game_id = g.id AND m.user_id = $1) ORDER BY g.id DESC LIMIT 200",
    )
    .bind(user_id)
    .fetch_all(db)
    .await?;
    rows.iter().map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?, r.try_get(3)?, r.try_get(4)?))).collect()
}

pub async fn public_games(db: &AnyPool) -> Result<Vec<(i64, String, String, i64, String)>> {
    let rows = sqlx::query("SELECT id, name, variant, phase_index, status FROM games WHERE is_public = 1 ORDER BY id DESC LIMIT 50").fetch_all(db).await?;
    rows.iter().map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?, r.try_get(3)?, r.try_get(4)?))).collect()
}

pub struct NewGame {
    pub name: String,
    pub variant: String,
    pub deadline_secs: i64,
    pub seed: Option<u64>,
    pub public: bool,
    pub press: crate::press::Rules,
}

fn invite_code() -> String {
    // No 0/O, 1/I/L: codes are read aloud and typed.
    const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    let mut rng = rand::rngs::OsRng;
    (0..10).map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char).collect()
}

/// Creates a game at its first phase; its game master is a member. The
/// first deadline runs from now.
pub async fn create(db: &AnyPool, variants: &Variants, gm_id: i64, new: NewGame) -> Result<i64> {
    let name = new.name.trim();
    if name.is_empty() || name.chars().count() > 80 {
        return Err(Error::bad("a game's name is 1 to 80 characters"));
    }
    if !(60..=30 * 86_400).contains(&new.deadline_secs) {
        return Err(Error::bad("a phase's deadline is 60 seconds to 30 days"));
    }
    let v = variants.get(&new.variant)?;
    let seed = new.seed.unwrap_or_else(|| rand::rngs::OsRng.gen());
    let record = game::new_game(&v, &new.variant, seed);
    let text = serde_json::to_string(&record).map_err(|e| Error::internal(e.to_string()))?;
    let mut tx = db.begin().await?;
    let row = sqlx::query(
        "INSERT INTO games (name, variant, gm_id, invite_code, seed, is_public, status, deadline_secs, deadline_at, phase_index, version, record, created_at, \
         press, anonymous, press_private) VALUES ($1, $2, $3, $4, $5, $6, 'active', $7, $8, 0, 0, $9, $10, $11, $12, $13) RETURNING id",
    )
    .bind(name)
    .bind(&new.variant)
    .bind(gm_id)
    .bind(invite_code())
    .bind(seed.to_string())
    .bind(i64::from(new.public))
    .bind(new.deadline_secs)
    .bind(now() + new.deadline_secs)
    .bind(text)
    .bind(now())
    .bind(new.press.mode.word())
    .bind(i64::from(new.press.anonymous))
    .bind(i64::from(new.press.private))
    .fetch_one(&mut *tx)
    .await?;
    let id: i64 = row.try_get(0)?;
    sqlx::query("INSERT INTO members (game_id, user_id) VALUES ($1, $2)").bind(id).bind(gm_id).execute(&mut *tx).await?;
    for p in v.power_ids() {
        sqlx::query("INSERT INTO seats (game_id, power) VALUES ($1, $2)").bind(id).bind(&v.power(p).name).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(id)
}

/// Joins the game whose invite code this is; its id.
pub async fn join(db: &AnyPool, user_id: i64, code: &str) -> Result<i64> {
    let code = code.trim().to_ascii_uppercase();
    let row = sqlx::query("SELECT id FROM games WHERE invite_code = $1").bind(&code).fetch_optional(db).await?;
    let id: i64 = row.ok_or_else(|| Error::bad("no game has this invite code"))?.try_get(0)?;
    sqlx::query("INSERT INTO members (game_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING").bind(id).bind(user_id).execute(db).await?;
    Ok(id)
}

/// The power named so in the game's variant (any case).
pub fn power_of(v: &Variant, name: &str) -> Result<polemarch_engine::variant::PowerId> {
    v.power_named(name).map_err(Error::bad)
}

/// The user the game master gives a power to: a member of the game, by
/// name (None: nobody). The seat changes with `judge::Change::Seat`.
pub async fn seat_holder(db: &AnyPool, game: &Game, user: Option<&str>) -> Result<Option<i64>> {
    match user.map(str::trim).filter(|u| !u.is_empty()) {
        None => Ok(None),
        Some(u) => {
            let user = crate::accounts::user_named(db, u).await?;
            if !is_member(db, game.id, user.id).await? {
                return Err(Error::bad(format!("{} has not joined this game (give them the invite code {})", user.name, game.invite_code)));
            }
            Ok(Some(user.id))
        }
    }
}

/// The powers this user plays in the game.
pub async fn powers_of(db: &AnyPool, game_id: i64, user_id: i64) -> Result<Vec<String>> {
    let rows = sqlx::query("SELECT power FROM seats WHERE game_id = $1 AND user_id = $2 ORDER BY power").bind(game_id).bind(user_id).fetch_all(db).await?;
    rows.iter().map(|r| Ok(r.try_get(0)?)).collect()
}

/// The record as others may see it: the current phase's submissions are
/// secret until it is processed (a game that is over has none left).
pub fn public_record(game: &Game) -> GameRecord {
    let mut rec = (*game.record).clone();
    if rec.result.is_none() {
        if let Some(last) = rec.phases.last_mut() {
            last.submissions.clear();
        }
    }
    rec
}

/// The variant of a game, shared.
pub fn variant_of(variants: &Variants, game: &Game) -> Result<Arc<Variant>> {
    variants.get(&game.record.variant)
}
