//! Orders, readiness and processing: every write to a game's row is a
//! compare-and-set on its `version`, in one transaction with what goes with
//! it. Two submissions at once: one writes, the other reads the new record
//! and writes after it (none is lost). Two processors at once (a deadline
//! and the last ready, or two server processes): one moves the game to its
//! next phase, the other finds the phase gone and does nothing (each phase
//! is processed exactly once). A submission that lands while a phase is
//! being processed makes the processing start again with it.

use crate::accounts::User;
use crate::db::now;
use crate::error::{Error, Result};
use crate::games::{self, Game};
use crate::App;
use polemarch_engine::game::{self, record, GameRecord, SubmittedOrder};
use polemarch_engine::variant::PhaseKind;
use polemarch_engine::Variant;
use sqlx::{AnyPool, Row};

/// How often a write is tried again when another changed the game first.
const ATTEMPTS: usize = 50;

fn busy() -> Error {
    Error::conflict("the game is busy (too many changes at once): try again")
}

/// What a submission came to.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Submitted {
    pub power: String,
    pub phase: String,
    pub phase_index: i64,
    /// Each line: accepted, replaced or rejected with the reason, as
    /// `polemarch game orders` says it.
    pub orders: Vec<SubmittedOrder>,
    /// The orders in force for the power after it.
    pub in_force: Vec<String>,
    pub ready: bool,
    /// The phase processed because this submission made every power ready.
    pub processed: Option<String>,
}

/// Why a phase is processed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cause {
    Deadline,
    Ready,
    GameMaster,
}

impl Cause {
    fn word(self) -> &'static str {
        match self {
            Cause::Deadline => "deadline",
            Cause::Ready => "ready",
            Cause::GameMaster => "game master",
        }
    }
}

/// The power's name in the variant, if `user` plays it in `game`
/// (403 otherwise: nobody orders, or reads the orders of, another's power).
pub async fn authorise_power(db: &AnyPool, game: &Game, v: &Variant, power: &str, user: &User) -> Result<String> {
    let name = v.power(games::power_of(v, power)?).name.clone();
    let row = sqlx::query("SELECT user_id FROM seats WHERE game_id = $1 AND power = $2").bind(game.id).bind(&name).fetch_optional(db).await?;
    let holder: Option<i64> = match row {
        Some(r) => r.try_get(0)?,
        None => None,
    };
    if holder == Some(user.id) {
        Ok(name)
    } else {
        Err(Error::forbidden(format!("you do not play {name} in this game")))
    }
}

fn must_be_open(game: &Game) -> Result<()> {
    if let Some(result) = &game.record.result {
        return Err(Error::conflict(format!("the game is over ({})", game::result_text(result))));
    }
    match game.status.as_str() {
        "active" => Ok(()),
        "paused" => Err(Error::conflict("the game is paused: orders wait until the game master resumes it")),
        other => Err(Error::conflict(format!("the game is {other}"))),
    }
}

/// The power's orders for the current phase: its submission replaces its
/// earlier one whole (the text is the power's orders; an empty text
/// withdraws them). `ready` marks the power ready (or not) in the same
/// write; when every power is ready the phase is processed at once.
pub async fn submit(app: &App, game_id: i64, user: &User, power: &str, text: &str, ready: Option<bool>) -> Result<Submitted> {
    if text.len() > 20_000 {
        return Err(Error::bad("the orders are longer than 20,000 characters"));
    }
    let lines: Vec<String> = text.lines().map(String::from).collect();
    let db = &app.db;
    for _ in 0..ATTEMPTS {
        let game_turn = app.game_turn(game_id).await;
        let g = games::load(db, game_id).await?;
        let v = games::variant_of(&app.variants, &g)?;
        let name = authorise_power(db, &g, &v, power, user).await?;
        must_be_open(&g)?;
        let p = games::power_of(&v, &name)?;
        let mut rec = g.record.clone();
        rec.phases.last_mut().expect("a current phase").submissions.retain(|s| s.power != name);
        let said = if lines.iter().all(|l| polemarch_engine::order::before_comment(l).trim().is_empty()) {
            Vec::new()
        } else {
            game::submit(&v, &mut rec, p, &user.name, &record::now(), &lines).map_err(Error::bad)?
        };
        let in_force = game::orders_in_force_of(&v, &rec, p).map_err(Error::internal)?;
        let turn = app.write_turn().await;
        let mut tx = db.begin().await?;
        let written = sqlx::query("UPDATE games SET record = $1, version = version + 1 WHERE id = $2 AND version = $3")
            .bind(to_json(&rec)?)
            .bind(g.id)
            .bind(g.version)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if written == 0 {
            tx.rollback().await?;
            continue;
        }
        sqlx::query("INSERT INTO submissions (game_id, phase_index, power, user_id, at, verdicts) VALUES ($1, $2, $3, $4, $5, $6)")
            .bind(g.id)
            .bind(g.phase_index)
            .bind(&name)
            .bind(user.id)
            .bind(now())
            .bind(serde_json::to_string(&said).map_err(|e| Error::internal(e.to_string()))?)
            .execute(&mut *tx)
            .await?;
        let was_ready = if let Some(r) = ready {
            let mark = if r { g.phase_index } else { -1 };
            sqlx::query("UPDATE seats SET ready_phase = $1 WHERE game_id = $2 AND power = $3").bind(mark).bind(g.id).bind(&name).execute(&mut *tx).await?;
            r
        } else {
            seat_ready(&mut tx, &g, &name).await?
        };
        tx.commit().await?;
        drop((turn, game_turn));
        let processed = if was_ready { process(app, g.id, g.phase_index, Cause::Ready).await? } else { None };
        let phase = g.record.phases.last().expect("a current phase").phase.clone();
        return Ok(Submitted { power: name, phase, phase_index: g.phase_index, orders: said, in_force, ready: was_ready, processed });
    }
    Err(busy())
}

/// What a submission of `text` would say of each line, without keeping it
/// (for checking orders as they are typed).
pub async fn check(app: &App, game_id: i64, user: &User, power: &str, text: &str) -> Result<Vec<SubmittedOrder>> {
    if text.len() > 20_000 {
        return Err(Error::bad("the orders are longer than 20,000 characters"));
    }
    let g = games::load(&app.db, game_id).await?;
    let v = games::variant_of(&app.variants, &g)?;
    let name = authorise_power(&app.db, &g, &v, power, user).await?;
    must_be_open(&g)?;
    let mut rec = g.record;
    rec.phases.last_mut().expect("a current phase").submissions.retain(|s| s.power != name);
    let lines: Vec<String> = text.lines().map(String::from).collect();
    game::submit(&v, &mut rec, games::power_of(&v, &name)?, &user.name, &record::now(), &lines).map_err(Error::bad)
}

async fn seat_ready(tx: &mut sqlx::Transaction<'_, sqlx::Any>, g: &Game, power: &str) -> Result<bool> {
    let row = sqlx::query("SELECT ready_phase FROM seats WHERE game_id = $1 AND power = $2").bind(g.id).bind(power).fetch_one(&mut **tx).await?;
    Ok(row.try_get::<i64, _>(0)? == g.phase_index)
}

/// Marks the power ready (or not) for the current phase; when every power
/// is ready the phase is processed at once. The name of the phase
/// processed, if one was.
pub async fn set_ready(app: &App, game_id: i64, user: &User, power: &str, ready: bool) -> Result<Option<String>> {
    let db = &app.db;
    let g = games::load(db, game_id).await?;
    let v = games::variant_of(&app.variants, &g)?;
    let name = authorise_power(db, &g, &v, power, user).await?;
    must_be_open(&g)?;
    let mark = if ready { g.phase_index } else { -1 };
    // Only while the phase read is still the current one.
    let turn = app.write_turn().await;
    let done = sqlx::query(
        "UPDATE seats SET ready_phase = $1 WHERE game_id = $2 AND power = $3 \
         AND EXISTS (SELECT 1 FROM games WHERE id = $2 AND phase_index = $4 AND status = 'active')",
    )
    .bind(mark)
    .bind(g.id)
    .bind(&name)
    .bind(g.phase_index)
    .execute(db)
    .await?
    .rows_affected();
    drop(turn);
    if done == 0 {
        return Err(Error::conflict("the phase has just been processed (or the game paused): look at the game again"));
    }
    if ready {
        process(app, g.id, g.phase_index, Cause::Ready).await
    } else {
        Ok(None)
    }
}

/// Is every power with something to order ready? A power nobody plays
/// whose bot stands in counts as ready; one with neither waits for the
/// deadline.
pub async fn all_ready(db: &AnyPool, g: &Game, v: &Variant) -> Result<bool> {
    let pos = game::current(v, &g.record).map_err(Error::internal)?;
    let seats = games::seats(db, g).await?;
    let ready = |name: &str| seats.iter().any(|s| s.power == name && (s.ready || (s.user_id.is_none() && s.bot.is_some())));
    Ok(game::powers_to_order(v, &pos).into_iter().all(|p| ready(&v.power(p).name)))
}

/// Processes phase `phase_index` of the game if it is still the current
/// one and `cause` holds (its deadline passed, every power is ready, or
/// the game master says so): bots stand in for the powers that have them
/// and sent nothing, missing orders are handled by the rules, and the next
/// phase opens with a new deadline. The name of the phase processed, or
/// None when there was nothing to do (another did it first).
pub async fn process(app: &App, game_id: i64, phase_index: i64, cause: Cause) -> Result<Option<String>> {
    let db = &app.db;
    for _ in 0..ATTEMPTS {
        let _game_turn = app.game_turn(game_id).await;
        let g = games::load(db, game_id).await?;
        if g.phase_index != phase_index || g.status != "active" || g.record.result.is_some() {
            return Ok(None);
        }
        let v = games::variant_of(&app.variants, &g)?;
        let due = match cause {
            Cause::Deadline => g.deadline_at.is_some_and(|d| d <= now()),
            Cause::Ready => all_ready(db, &g, &v).await?,
            Cause::GameMaster => true,
        };
        if !due {
            return Ok(None);
        }
        let record = g.record.clone();
        let (rec, phase) =
            tokio::task::spawn_blocking(move || adjudicate(&v, record)).await.map_err(|e| Error::internal(format!("processing task: {e}")))??;
        let over = rec.result.is_some();
        let next_index = rec.phases.len() as i64 - 1;
        let turn = app.write_turn().await;
        let mut tx = db.begin().await?;
        let written =
            sqlx::query("UPDATE games SET record = $1, version = version + 1, phase_index = $2, status = $3, deadline_at = $4 WHERE id = $5 AND version = $6")
                .bind(to_json(&rec)?)
                .bind(next_index)
                .bind(if over { "over" } else { "active" })
                .bind(if over { None } else { Some(now() + g.deadline_secs) })
                .bind(g.id)
                .bind(g.version)
                .execute(&mut *tx)
                .await?
                .rows_affected();
        if written == 0 {
            tx.rollback().await?;
            continue;
        }
        sqlx::query("INSERT INTO phases (game_id, phase_index, phase, processed_at, cause) VALUES ($1, $2, $3, $4, $5)")
            .bind(g.id)
            .bind(g.phase_index)
            .bind(&phase)
            .bind(now())
            .bind(cause.word())
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        drop(turn);
        return Ok(Some(phase));
    }
    Err(busy())
}

/// The engine's part of processing: stand-ins, adjudication, next phase.
fn adjudicate(v: &Variant, mut rec: GameRecord) -> Result<(GameRecord, String)> {
    let phase = rec.phases.last().expect("a current phase").phase.clone();
    let bots = polemarch_bots::stand_in::stand_ins(v, &rec, None).map_err(Error::internal)?;
    polemarch_bots::stand_in::submit_for(v, &mut rec, &bots, &record::now()).map_err(Error::internal)?;
    game::process(v, &mut rec).map_err(Error::internal)?;
    Ok((rec, phase))
}

fn to_json(rec: &GameRecord) -> Result<String> {
    serde_json::to_string(rec).map_err(|e| Error::internal(format!("record: {e}")))
}

/// The game master's changes to a game's row, each a compare-and-set.
pub enum Change {
    Pause,
    Resume,
    /// Seconds more for the current phase (or, paused, for what is left).
    Extend(i64),
    /// The bot that plays a power when it has no orders (None: no bot).
    Bot(String, Option<String>),
}

pub async fn change(app: &App, game_id: i64, user: &User, change: Change) -> Result<()> {
    let db = &app.db;
    for _ in 0..ATTEMPTS {
        let _game_turn = app.game_turn(game_id).await;
        let g = games::load(db, game_id).await?;
        games::must_be_gm(&g, user.id)?;
        if g.status == "over" || g.record.result.is_some() {
            return Err(Error::conflict("the game is over"));
        }
        let (mut status, mut deadline_at, mut paused_left, mut rec) = (g.status.clone(), g.deadline_at, g.paused_left, None);
        match &change {
            Change::Pause if status == "active" => {
                paused_left = Some(deadline_at.map_or(g.deadline_secs, |d| (d - now()).max(0)));
                (status, deadline_at) = ("paused".into(), None);
            }
            Change::Resume if status == "paused" => {
                deadline_at = Some(now() + paused_left.unwrap_or(g.deadline_secs).max(60));
                (status, paused_left) = ("active".into(), None);
            }
            Change::Pause | Change::Resume => return Err(Error::conflict(format!("the game is {} already", g.status))),
            Change::Extend(secs) => {
                if !(1..=30 * 86_400).contains(secs) {
                    return Err(Error::bad("an extension is 1 second to 30 days"));
                }
                if status == "paused" {
                    paused_left = Some(paused_left.unwrap_or(0) + secs);
                } else {
                    deadline_at = Some(deadline_at.unwrap_or_else(now) + secs);
                }
            }
            Change::Bot(power, bot) => {
                let v = games::variant_of(&app.variants, &g)?;
                let name = v.power(games::power_of(&v, power)?).name.clone();
                let mut r = g.record.clone();
                match bot.as_deref().map(str::trim).filter(|b| !b.is_empty() && *b != "none") {
                    None => {
                        r.bots.remove(&name);
                    }
                    Some(b) => {
                        let bot = polemarch_bots::bot_named(b).map_err(Error::bad)?;
                        r.bots.insert(name, bot.name().to_string());
                    }
                }
                rec = Some(to_json(&r)?);
            }
        }
        let turn = app.write_turn().await;
        let written = sqlx::query(
            "UPDATE games SET status = $1, deadline_at = $2, paused_left = $3, record = COALESCE($4, record), version = version + 1 WHERE id = $5 AND version = $6",
        )
        .bind(status)
        .bind(deadline_at)
        .bind(paused_left)
        .bind(rec)
        .bind(g.id)
        .bind(g.version)
        .execute(db)
        .await?
        .rows_affected();
        drop(turn);
        if written == 1 {
            return Ok(());
        }
    }
    Err(busy())
}

/// One round of the scheduler: processes every active game whose deadline
/// has passed; the number processed. Safe with several processes: each
/// phase goes to the one whose compare-and-set wins.
pub async fn process_due(app: &App) -> Result<usize> {
    let rows = sqlx::query("SELECT id, phase_index FROM games WHERE status = 'active' AND deadline_at <= $1 ORDER BY deadline_at LIMIT 100")
        .bind(now())
        .fetch_all(&app.db)
        .await?;
    let mut count = 0;
    for r in rows {
        let (id, phase): (i64, i64) = (r.try_get(0)?, r.try_get(1)?);
        match process(app, id, phase, Cause::Deadline).await {
            Ok(Some(_)) => count += 1,
            Ok(None) => {}
            Err(e) => eprintln!("polemarch serve: game {id}: the deadline's processing failed: {}", e.message),
        }
    }
    Ok(count)
}

/// The scheduler: deadlines are in the database, so a restarted server
/// picks up where it stopped.
/// Once an hour it also forgets expired sessions.
pub async fn scheduler(app: App, every: std::time::Duration) {
    let mut swept: Option<std::time::Instant> = None;
    loop {
        if let Err(e) = process_due(&app).await {
            eprintln!("polemarch serve: scheduler: {}", e.message);
        }
        if swept.is_none_or(|t| t.elapsed() >= std::time::Duration::from_secs(3600)) {
            if let Err(e) = crate::accounts::forget_expired(&app.db).await {
                eprintln!("polemarch serve: scheduler: {}", e.message);
            }
            swept = Some(std::time::Instant::now());
        }
        tokio::time::sleep(every).await;
    }
}

/// Is the current phase an adjustment (its orders are builds, disbands
/// and waives)? For the page's hint.
pub fn adjusting(v: &Variant, rec: &GameRecord) -> bool {
    game::current(v, rec).is_ok_and(|pos| v.calendar.kind(pos.phase) == PhaseKind::Adjustment)
}
