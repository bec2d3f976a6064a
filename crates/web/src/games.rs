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
use sqlx::AnyPool;
use std::sync::Arc;

/// Where a game stands: open for orders, paused by its game master, or over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// In the lobby, waiting for its players: no deadline runs until the
    /// game master starts it.
    Forming,
    Active,
    Paused,
    Over,
}

impl Status {
    /// The word kept in the `status` column and said by the API.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Forming => "forming",
            Status::Active => "active",
            Status::Paused => "paused",
            Status::Over => "over",
        }
    }
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A `status` column that holds none of the words a judge writes.
#[derive(Debug)]
pub struct UnknownStatus(String);

impl std::fmt::Display for UnknownStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown game status `{}` (expected forming, active, paused or over)", self.0)
    }
}

impl std::error::Error for UnknownStatus {}

impl TryFrom<String> for Status {
    type Error = UnknownStatus;
    fn try_from(s: String) -> std::result::Result<Self, UnknownStatus> {
        match s.as_str() {
            "forming" => Ok(Status::Forming),
            "active" => Ok(Status::Active),
            "paused" => Ok(Status::Paused),
            "over" => Ok(Status::Over),
            _ => Err(UnknownStatus(s)),
        }
    }
}

impl sqlx::Type<sqlx::Any> for Status {
    fn type_info() -> sqlx::any::AnyTypeInfo {
        <String as sqlx::Type<sqlx::Any>>::type_info()
    }
    fn compatible(ty: &sqlx::any::AnyTypeInfo) -> bool {
        <String as sqlx::Type<sqlx::Any>>::compatible(ty)
    }
}

impl<'r> sqlx::Decode<'r, sqlx::Any> for Status {
    fn decode(value: sqlx::any::AnyValueRef<'r>) -> std::result::Result<Self, sqlx::error::BoxDynError> {
        Ok(Status::try_from(<String as sqlx::Decode<sqlx::Any>>::decode(value)?)?)
    }
}

/// A game's row as stored, but its record.
#[derive(Debug, sqlx::FromRow)]
struct GameRow {
    id: i64,
    name: String,
    variant: String,
    gm_id: i64,
    invite_code: String,
    seed: String,
    is_public: i64,
    status: Status,
    deadline_secs: i64,
    deadline_at: Option<i64>,
    paused_left: Option<i64>,
    phase_index: i64,
    version: i64,
    press: String,
    anonymous: i64,
    press_private: i64,
    votes_shown: i64,
}

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
    pub status: Status,
    pub deadline_secs: i64,
    pub deadline_at: Option<i64>,
    pub paused_left: Option<i64>,
    /// The index of the current phase in the record.
    pub phase_index: i64,
    /// Bumped by every change of the row: the compare-and-set of every
    /// write (no submission lost, every phase processed once).
    pub version: i64,
    /// Everyone sees who voted for a draw or conceded (else only their own).
    pub votes_shown: bool,
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
    /// Its standing vote: `draw` or `concede <Power>` (shown to others only
    /// in a game whose votes are shown: `views` blanks it otherwise).
    pub vote: Option<String>,
}

const HEAD: &str =
    "id, name, variant, gm_id, invite_code, seed, is_public, status, deadline_secs, deadline_at, paused_left, \
     phase_index, version, press, anonymous, press_private, votes_shown";

/// A game's row with its record, as JSON.
#[derive(sqlx::FromRow)]
struct GameRowWithRecord {
    #[sqlx(flatten)]
    row: GameRow,
    record: String,
}

pub async fn load(db: &AnyPool, id: i64) -> Result<Game> {
    let found = sqlx::query_as::<_, GameRowWithRecord>(&format!("SELECT {HEAD}, record FROM games WHERE id = $1"))
        .bind(id)
        .fetch_optional(db)
        .await?;
    let found = found.ok_or_else(|| Error::not_found(format!("there is no game {id}")))?;
    let record: GameRecord = serde_json::from_str(&found.record)
        .map_err(|e| Error::internal(format!("game {id}: its record does not read: {e}")))?;
    from_row(found.row, Arc::new(record))
}

/// [`load`], the record parsed only when the row's version is not the one
/// this process parsed last (every change of the record bumps it).
pub async fn load_cached(app: &crate::Shared, id: i64) -> Result<Game> {
    let row = sqlx::query_as::<_, GameRow>(&format!("SELECT {HEAD} FROM games WHERE id = $1"))
        .bind(id)
        .fetch_optional(&app.db)
        .await?;
    let row = row.ok_or_else(|| Error::not_found(format!("there is no game {id}")))?;
    if let Some(record) = app.cached_record(id, row.version) {
        return from_row(row, record);
    }
    let g = load(&app.db, id).await?;
    app.cache_record(id, g.version, g.record.clone());
    Ok(g)
}

fn from_row(row: GameRow, record: Arc<GameRecord>) -> Result<Game> {
    Ok(Game {
        id: row.id,
        name: row.name,
        variant: row.variant,
        gm_id: row.gm_id,
        invite_code: row.invite_code,
        seed: row.seed,
        public: row.is_public != 0,
        status: row.status,
        deadline_secs: row.deadline_secs,
        deadline_at: row.deadline_at,
        paused_left: row.paused_left,
        phase_index: row.phase_index,
        version: row.version,
        votes_shown: row.votes_shown != 0,
        record,
        press: crate::press::Rules::from_row(row.press, row.anonymous, row.press_private)?,
    })
}

/// A row of the seats of a game, its player's name joined.
#[derive(sqlx::FromRow)]
struct SeatRow {
    power: String,
    user_id: Option<i64>,
    user_name: Option<String>,
    ready_phase: i64,
    vote: Option<String>,
}

pub async fn seats(db: &AnyPool, game: &Game) -> Result<Vec<Seat>> {
    let rows = sqlx::query_as::<_, SeatRow>(
        "SELECT s.power, s.user_id, u.name AS user_name, s.ready_phase, s.vote FROM seats s LEFT JOIN users u ON u.id \
         = s.user_id WHERE s.game_id = $1 ORDER BY s.power",
    )
    .bind(game.id)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| Seat {
            bot: game.record.bots.get(&r.power).cloned(),
            power: r.power,
            user_id: r.user_id,
            user: r.user_name,
            ready: r.ready_phase == game.phase_index,
            vote: r.vote,
        })
        .collect())
}

pub async fn is_member(db: &AnyPool, game_id: i64, user_id: i64) -> Result<bool> {
    let row = sqlx::query("SELECT 1 FROM members WHERE game_id = $1 AND user_id = $2")
        .bind(game_id)
        .bind(user_id)
        .fetch_optional(db)
        .await?;
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

/// A line of a list of games.
#[derive(Debug, Clone, sqlx::FromRow, serde::Serialize)]
pub struct GameSummary {
    pub id: i64,
    pub name: String,
    pub variant: String,
    pub phase_index: i64,
    pub status: Status,
    /// The asker has orders due in it (`lobby::orders_due`).
    #[sqlx(skip)]
    pub orders_due: bool,
}

/// The games a user may look at: theirs, and the public ones.
pub async fn list_for(db: &AnyPool, user_id: i64) -> Result<Vec<GameSummary>> {
    Ok(sqlx::query_as(
        "SELECT g.id, g.name, g.variant, g.phase_index, g.status FROM games g WHERE g.gm_id = $1 OR g.is_public = 1 \
         OR EXISTS (SELECT 1 FROM members m WHERE m.game_id = g.id AND m.user_id = $1) ORDER BY g.id DESC LIMIT 200",
    )
    .bind(user_id)
    .fetch_all(db)
    .await?)
}

/// The public games to look at, newest first: at most 50, and at most
/// [`PUBLIC_PER_MASTER`] of one game master's, so that nobody's games fill
/// the list.
pub async fn public_games(db: &AnyPool) -> Result<Vec<GameSummary>> {
    Ok(sqlx::query_as(&format!(
        "SELECT id, name, variant, phase_index, status FROM (SELECT id, name, variant, phase_index, status, \
         ROW_NUMBER() OVER (PARTITION BY gm_id ORDER BY id DESC) AS nth FROM games WHERE is_public = 1) AS g \
         WHERE nth <= {PUBLIC_PER_MASTER} ORDER BY id DESC LIMIT 50"
    ))
    .fetch_all(db)
    .await?)
}

/// A game master's public games on the home page, at most.
pub const PUBLIC_PER_MASTER: usize = 3;

pub struct NewGame {
    pub name: String,
    pub variant: String,
    pub deadline_secs: i64,
    pub seed: Option<u64>,
    pub public: bool,
    pub press: crate::press::Rules,
    /// Draw votes and concessions are shown to all (else secret).
    pub votes_shown: bool,
    /// Opens in the lobby (public, waiting for players; the game master
    /// starts it) instead of at once.
    pub lobby: bool,
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
    crate::security::text::name("a game's name", name)?;
    if !(60..=30 * 86_400).contains(&new.deadline_secs) {
        return Err(Error::bad("a phase's deadline is 60 seconds to 30 days (720 hours)"));
    }
    let v = variants.get(&new.variant)?;
    let seed = new.seed.unwrap_or_else(|| rand::rngs::OsRng.gen());
    let record = game::new_game(&v, &new.variant, seed);
    let text = serde_json::to_string(&record).map_err(|e| Error::internal(e.to_string()))?;
    let mut tx = db.begin().await?;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO games (name, variant, gm_id, invite_code, seed, is_public, status, deadline_secs, deadline_at, \
         phase_index, version, record, created_at, \
         press, anonymous, press_private, votes_shown) VALUES ($1, $2, $3, $4, $5, $6, $15, $7, $8, 0, 0, $9, $10, \
         $11, $12, $13, $14) RETURNING id",
    )
    .bind(name)
    .bind(&new.variant)
    .bind(gm_id)
    .bind(invite_code())
    .bind(seed.to_string())
    .bind(i64::from(new.public || new.lobby))
    .bind(new.deadline_secs)
    .bind((!new.lobby).then(|| now() + new.deadline_secs))
    .bind(text)
    .bind(now())
    .bind(new.press.mode.word())
    .bind(i64::from(new.press.anonymous))
    .bind(i64::from(new.press.private))
    .bind(i64::from(new.votes_shown))
    .bind(if new.lobby { Status::Forming } else { Status::Active }.as_str())
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query("INSERT INTO members (game_id, user_id) VALUES ($1, $2)")
        .bind(id)
        .bind(gm_id)
        .execute(&mut *tx)
        .await?;
    for p in v.power_ids().filter(|&p| !v.rules.played_by_judge(p)) {
        sqlx::query("INSERT INTO seats (game_id, power) VALUES ($1, $2)")
            .bind(id)
            .bind(&v.power(p).name)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(id)
}

/// Joins the game whose invite code this is; its id.
pub async fn join(db: &AnyPool, user_id: i64, code: &str) -> Result<i64> {
    let code = code.trim().to_ascii_uppercase();
    crate::security::text::name("an invite code", &code)?;
    let id: Option<i64> =
        sqlx::query_scalar("SELECT id FROM games WHERE invite_code = $1").bind(&code).fetch_optional(db).await?;
    let id = id.ok_or_else(|| Error::bad("no game has this invite code"))?;
    sqlx::query("INSERT INTO members (game_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
        .bind(id)
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(id)
}

/// The power named so in the game's variant (any case).
pub fn power_of(v: &Variant, name: &str) -> Result<polemarch_engine::variant::PowerId> {
    Ok(v.power_named(name)?)
}

/// The name of a power a player may be seated on: never one the judge
/// plays (Imperator's Barbarians and Persians).
pub fn seatable(v: &Variant, name: &str) -> Result<String> {
    let p = power_of(v, name)?;
    let power = &v.power(p).name;
    if v.rules.played_by_judge(p) {
        return Err(Error::bad(format!("the judge plays the {power}: nobody may be seated on them, nor a bot")));
    }
    Ok(power.clone())
}

/// The user the game master gives a power to: a member of the game, by
/// name (None: nobody). The seat changes with `judge::Change::Seat`.
pub async fn seat_holder(db: &AnyPool, game: &Game, user: Option<&str>) -> Result<Option<i64>> {
    match user.map(str::trim).filter(|u| !u.is_empty()) {
        None => Ok(None),
        Some(u) => {
            // One answer for a name nobody has and for one who has not
            // joined: the game master learns nothing of other accounts.
            crate::security::text::name("a name", u)?;
            match crate::accounts::user_named(db, u).await.ok() {
                Some(user) if is_member(db, game.id, user.id).await? => Ok(Some(user.id)),
                _ => Err(Error::bad(format!(
                    "no member of this game is named `{u}` (give them the invite code {})",
                    game.invite_code
                ))),
            }
        }
    }
}

/// The powers this user plays in the game.
pub async fn powers_of(db: &AnyPool, game_id: i64, user_id: i64) -> Result<Vec<String>> {
    Ok(sqlx::query_scalar("SELECT power FROM seats WHERE game_id = $1 AND user_id = $2 ORDER BY power")
        .bind(game_id)
        .bind(user_id)
        .fetch_all(db)
        .await?)
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
