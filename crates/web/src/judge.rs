//! Orders, readiness and processing. Each power's orders for the open
//! phase are a row of their own (`open_orders`): a submission replaces its
//! power's row in one small upsert, made only while the game's row is still
//! at the version the submission was judged against (read and, on
//! PostgreSQL, share-locked in the same statement), so that it lands in the
//! phase, seat and game state it was checked for, and two submissions at
//! once (other powers, or the same one twice) never undo each other. Every
//! change of the game's row itself (processing, the game master's changes)
//! is a compare-and-set on its `version`, in one transaction with what goes
//! with it ([`compare_and_set`]). Two processors at once (a deadline and the
//! last ready, or two server processes): one moves the game to its next
//! phase, the other finds the phase gone and does nothing (each phase is
//! processed exactly once). A submission that lands while a phase is being
//! adjudicated makes the processing start again with it: processing reads
//! the rows' revisions again after its compare-and-set, and from then on no
//! submission for that version can land.

use crate::accounts::User;
use crate::db::now;
use crate::error::{Error, Result};
use crate::games::{self, Game, Status};
use crate::App;
use polemarch_engine::game::record::Submission;
use polemarch_engine::game::{self, record, GameRecord, PhaseRecord, SubmittedOrder};
use polemarch_engine::variant::{PhaseKind, PowerId};
use polemarch_engine::Variant;
use sqlx::AnyPool;
use std::sync::Arc;

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
    Ok(authorise_seat(db, game, v, power, user).await?.0)
}

/// [`authorise_power`], and whether the power is ready for the game's
/// current phase.
async fn authorise_seat(db: &AnyPool, game: &Game, v: &Variant, power: &str, user: &User) -> Result<(String, bool)> {
    let name = v.power(games::power_of(v, power)?).name.clone();
    let row: Option<(Option<i64>, i64)> =
        sqlx::query_as("SELECT user_id, ready_phase FROM seats WHERE game_id = $1 AND power = $2")
            .bind(game.id)
            .bind(&name)
            .fetch_optional(db)
            .await?;
    let (holder, ready) = row.unwrap_or((None, -1));
    if holder == Some(user.id) {
        Ok((name, ready == game.phase_index))
    } else {
        Err(Error::forbidden(format!("you do not play {name} in this game")))
    }
}

/// The phase a request was written for must still be the current one (a
/// form or client shows one phase; its orders, readiness and checks are for
/// that phase, never for the next).
fn must_be_phase(game: &Game, phase_index: i64) -> Result<()> {
    if game.phase_index == phase_index {
        Ok(())
    } else {
        Err(Error::conflict(format!(
            "the phase has been processed (this was for {}; the game is at {} now): look at the game again",
            phase_name(game, phase_index),
            phase_name(game, game.phase_index)
        )))
    }
}

/// A phase as the History lists it: its number from 1, and its name
/// (`phase 2 (Autumn 1901, Movement)`).
pub fn phase_name(game: &Game, index: i64) -> String {
    match usize::try_from(index).ok().and_then(|i| game.record.phases.get(i)) {
        Some(p) => format!("phase {} ({})", index + 1, p.phase),
        None => format!("phase {}", index + 1),
    }
}

fn must_be_open(game: &Game) -> Result<()> {
    if let Some(result) = &game.record.result {
        return Err(Error::conflict(format!("the game is over ({})", game::result_text(result))));
    }
    match game.status {
        Status::Active if game.deadline_at.is_some_and(|d| d <= now()) => Err(Error::conflict(
            "the deadline has passed: the phase is being processed (look at the game again in a moment)",
        )),
        Status::Active => Ok(()),
        Status::Paused => Err(Error::conflict("the game is paused: orders wait until the game master resumes it")),
        Status::Over => Err(Error::conflict("the game is over")),
        Status::Forming => {
            Err(Error::conflict("the game has not started: it waits in the lobby until the game master starts it"))
        }
    }
}

/// The power's orders for phase `phase_index`, which must be the current
/// one: its submission replaces its earlier one whole (the text is the
/// power's orders; an empty text withdraws them). `ready` marks the power
/// ready (or not) in the same write; when every power is ready the phase is
/// processed at once.
pub async fn submit(
    app: &App,
    game_id: i64,
    user: &User,
    power: &str,
    phase_index: i64,
    text: &str,
    ready: Option<bool>,
) -> Result<Submitted> {
    if text.len() > 20_000 {
        return Err(Error::bad("the orders are longer than 20,000 characters"));
    }
    crate::security::text::lines("orders", text)?;
    let lines: Vec<String> = text.lines().map(String::from).collect();
    let db = &app.db;
    for _ in 0..ATTEMPTS {
        let g = games::load_cached(app, game_id).await?;
        let v = games::variant_of(&app.variants, &g)?;
        let (name, ready_now) = authorise_seat(db, &g, &v, power, user).await?;
        must_be_open(&g)?;
        must_be_phase(&g, phase_index)?;
        let p = games::power_of(&v, &name)?;
        let (submission, in_force) = judge_alone(v, &g, p, &user.name, lines.clone()).await?;
        let keep = Kept {
            game_id: g.id,
            phase_index: g.phase_index,
            version: g.version,
            power: name.clone(),
            user_id: user.id,
            whole: serde_json::to_string(&submission).map_err(|e| Error::internal(e.to_string()))?,
            verdicts: serde_json::to_string(&submission.orders).map_err(|e| Error::internal(e.to_string()))?,
        };
        // Without a new mark, the one read with the seat (processing
        // looks at every mark again).
        let was_ready = ready.unwrap_or(ready_now);
        let written = if ready.is_none() && !app.sqlite {
            keep_in_one_statement(app, keep).await?
        } else {
            keep_with_mark(app, keep, ready).await?
        };
        if !written {
            continue;
        }
        // Only a ready mark writes an event for the pump to read (on
        // PostgreSQL each wake costs a query).
        if ready.is_some() {
            app.hub.wake();
        }
        let processed =
            if was_ready { process_and_follow(app, g.id, g.phase_index, Cause::Ready).await? } else { None };
        let phase = g.record.phases.last().expect("a current phase").phase.clone();
        return Ok(Submitted {
            power: name,
            phase,
            phase_index: g.phase_index,
            orders: submission.orders,
            in_force,
            ready: was_ready,
            processed,
        });
    }
    Err(busy())
}

/// A submission to keep: the power's open orders (`whole`, the
/// submission's JSON) and the log row of what was said (`verdicts`).
struct Kept {
    game_id: i64,
    phase_index: i64,
    /// The game's version read with its phase and seats.
    version: i64,
    power: String,
    user_id: i64,
    whole: String,
    verdicts: String,
}

/// The upsert of a power's open orders, only while the game's row is the
/// one read: its phase, its seats (every change of a seat bumps the
/// version) and its status. $1 power, $2 submission, $3 game, $4 version.
fn upsert_open_orders(app: &App) -> String {
    format!(
        "INSERT INTO open_orders (game_id, phase_index, power, revision, submission) \
         SELECT id, phase_index, $1, 1, $2 FROM games WHERE id = $3 AND version = $4{} \
         ON CONFLICT (game_id, phase_index, power) \
         DO UPDATE SET revision = open_orders.revision + 1, submission = excluded.submission",
        app.share_lock()
    )
}

/// PostgreSQL, orders alone: kept and logged by one statement, which is a
/// transaction of its own: one round trip to the server where BEGIN, two
/// INSERTs and COMMIT were four (each one more wait for the server and a
/// wake of this process). False: the game changed since it was read.
async fn keep_in_one_statement(app: &App, k: Kept) -> Result<bool> {
    let keep_and_log = format!(
        "WITH kept AS ({} RETURNING game_id, phase_index) \
         INSERT INTO submissions (game_id, phase_index, power, user_id, at, verdicts) \
         SELECT game_id, phase_index, $1, $5, $6, $7 FROM kept",
        upsert_open_orders(app)
    );
    let logged = sqlx::query(&keep_and_log)
        .bind(k.power)
        .bind(k.whole)
        .bind(k.game_id)
        .bind(k.version)
        .bind(k.user_id)
        .bind(now())
        .bind(k.verdicts)
        .execute(&app.writer)
        .await?
        .rows_affected();
    Ok(logged > 0)
}

/// Keeps and logs the orders, and sets the power's ready mark if `ready`
/// says so (with its event), in one transaction (on SQLite, grouped with
/// the writes beside it). False: the game changed since it was read.
async fn keep_with_mark(app: &App, k: Kept, ready: Option<bool>) -> Result<bool> {
    let upsert = upsert_open_orders(app);
    app.commits
        .write(move |conn| {
            Box::pin(async move {
                let written = sqlx::query(&upsert)
                    .bind(&k.power)
                    .bind(k.whole)
                    .bind(k.game_id)
                    .bind(k.version)
                    .execute(&mut *conn)
                    .await?
                    .rows_affected();
                if written == 0 {
                    return Ok(false);
                }
                sqlx::query(
                    "INSERT INTO submissions (game_id, phase_index, power, user_id, at, verdicts) \
                     VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(k.game_id)
                .bind(k.phase_index)
                .bind(&k.power)
                .bind(k.user_id)
                .bind(now())
                .bind(k.verdicts)
                .execute(&mut *conn)
                .await?;
                if let Some(r) = ready {
                    sqlx::query("UPDATE seats SET ready_phase = $1 WHERE game_id = $2 AND power = $3")
                        .bind(if r { k.phase_index } else { -1 })
                        .bind(k.game_id)
                        .bind(&k.power)
                        .execute(&mut *conn)
                        .await?;
                    let data = serde_json::json!({"power": k.power, "ready": r});
                    crate::events::record(conn, k.game_id, "ready", "*", &data).await?;
                }
                Ok(true)
            })
        })
        .await
}

/// The engine's verdicts on a power's lines as its new submission, and the
/// power's orders in force after it, judged against its own orders alone:
/// the other powers' secret submissions are not there (so that no verdict
/// can tell anything of them). The engine adjudicates each line: a usual
/// submission takes it tens of microseconds, judged here at once; a longer
/// one goes to a blocking thread, so that it never holds up the requests
/// that share this one's thread (a hand-off there and back is two thread
/// wakes, which on a busy machine cost more than the judging).
async fn judge_alone(
    v: Arc<Variant>,
    g: &Game,
    p: PowerId,
    by: &str,
    lines: Vec<String>,
) -> Result<(Submission, Vec<String>)> {
    let (rec, by) = (g.record.clone(), by.to_string());
    let long = lines.len() > AT_ONCE_LINES;
    let judge = move || {
        let pos = game::current(&v, &rec)?;
        let mut phase = open_phase(&rec, Vec::new());
        let at = record::now();
        let mine = if lines.iter().all(|l| polemarch_engine::order::before_comment(l).trim().is_empty()) {
            Submission { power: v.power(p).name.clone(), by, at, orders: Vec::new() }
        } else {
            game::submit_at(&v, &pos, &mut phase, p, &by, &at, &lines)?;
            phase.submissions.pop().expect("the submission just made")
        };
        phase.submissions = vec![mine];
        let in_force = game::orders_in_force_at(&v, &pos, &phase, p)?;
        Ok((phase.submissions.pop().expect("the submission"), in_force))
    };
    if !long {
        return judge();
    }
    tokio::task::spawn_blocking(judge).await.map_err(|e| Error::internal(format!("judging task: {e}")))?
}

/// A submission of at most this many lines is judged on the request's own
/// thread; a longer one (up to the 20,000 characters allowed) on a
/// blocking thread.
const AT_ONCE_LINES: usize = 40;

/// The record's open phase with these submissions.
pub fn open_phase(rec: &GameRecord, submissions: Vec<Submission>) -> PhaseRecord {
    let last = rec.phases.last().expect("a current phase");
    PhaseRecord { phase: last.phase.clone(), start: last.start.clone(), submissions, processed: None }
}

/// A power's row of `open_orders`: (power, revision, submission).
type OpenRow = (String, i64, Submission);

/// A row of `open_orders` as stored.
#[derive(sqlx::FromRow)]
struct OpenOrders {
    power: String,
    revision: i64,
    submission: String,
}

/// The rows of `open_orders` for the game's open phase (of one power, if
/// given), by power.
async fn open_rows(db: &AnyPool, g: &Game, power: Option<&str>) -> Result<Vec<OpenRow>> {
    let rows: Vec<OpenOrders> = sqlx::query_as(
        "SELECT power, revision, submission FROM open_orders WHERE game_id = $1 AND phase_index = $2 AND ($3 = '' OR \
         power = $3) ORDER BY power",
    )
    .bind(g.id)
    .bind(g.phase_index)
    .bind(power.unwrap_or(""))
    .fetch_all(db)
    .await?;
    rows.into_iter()
        .map(|r| {
            let submission = serde_json::from_str(&r.submission)
                .map_err(|e| Error::internal(format!("game {}: a submission does not read: {e}", g.id)))?;
            Ok((r.power, r.revision, submission))
        })
        .collect()
}

/// The rows' (power, revision), as processing compares them.
fn revisions(rows: &[OpenRow]) -> Vec<(String, i64)> {
    rows.iter().map(|(p, r, _)| (p.clone(), *r)).collect()
}

/// The open phase's submissions (of one power, if given), as the orders in
/// force and processing read them: each power's row of `open_orders` (an
/// empty one: withdrawn), or else, for a power without one, what the
/// record holds for it (a database written by an older judge kept them
/// there).
pub async fn open_submissions(db: &AnyPool, g: &Game, power: Option<&str>) -> Result<Vec<Submission>> {
    Ok(merged(g, &open_rows(db, g, power).await?, power))
}

fn merged(g: &Game, rows: &[OpenRow], power: Option<&str>) -> Vec<Submission> {
    let last = g.record.phases.last().expect("a current phase");
    let older = last
        .submissions
        .iter()
        .filter(|s| power.is_none_or(|p| s.power == p) && !rows.iter().any(|(p, _, _)| *p == s.power));
    older.cloned().chain(rows.iter().map(|(_, _, s)| s.clone()).filter(|s| !s.orders.is_empty())).collect()
}

/// What a submission of `text` for phase `phase_index` would say of each
/// line, without keeping it (for checking orders as they are typed):
/// judged without any other power's orders.
pub async fn check(app: &App, game_id: i64, user: &User, power: &str, phase_index: i64, text: &str) -> Result<Checked> {
    if text.len() > 20_000 {
        return Err(Error::bad("the orders are longer than 20,000 characters"));
    }
    let g = games::load_cached(app, game_id).await?;
    let v = games::variant_of(&app.variants, &g)?;
    let name = authorise_power(&app.db, &g, &v, power, user).await?;
    must_be_open(&g)?;
    must_be_phase(&g, phase_index)?;
    let lines: Vec<String> = text.lines().map(String::from).collect();
    let (submission, in_force) = judge_alone(v.clone(), &g, games::power_of(&v, &name)?, &user.name, lines).await?;
    Ok(Checked { orders: submission.orders, in_force })
}

/// What a check says: each line's verdict, and the orders in force after.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Checked {
    pub orders: Vec<SubmittedOrder>,
    pub in_force: Vec<String>,
}

/// Marks the power ready (or not) for phase `phase_index`, which must be
/// the current one; when every power is ready the phase is processed at
/// once. The name of the phase processed, if one was.
pub async fn set_ready(
    app: &App,
    game_id: i64,
    user: &User,
    power: &str,
    phase_index: i64,
    ready: bool,
) -> Result<Option<String>> {
    let db = &app.db;
    let g = games::load(db, game_id).await?;
    let v = games::variant_of(&app.variants, &g)?;
    let name = authorise_power(db, &g, &v, power, user).await?;
    must_be_open(&g)?;
    must_be_phase(&g, phase_index)?;
    let mark = if ready { g.phase_index } else { -1 };
    // Only while the phase read is still the current one.
    let done = sqlx::query(
        "UPDATE seats SET ready_phase = $1 WHERE game_id = $2 AND power = $3 \
         AND EXISTS (SELECT 1 FROM games WHERE id = $2 AND phase_index = $4 AND status = 'active')",
    )
    .bind(mark)
    .bind(g.id)
    .bind(&name)
    .bind(g.phase_index)
    .execute(&app.writer)
    .await?
    .rows_affected();
    if done == 0 {
        return Err(Error::conflict("the phase has just been processed (or the game paused): look at the game again"));
    }
    crate::events::record(
        &mut *app.writer.acquire().await?,
        g.id,
        "ready",
        "*",
        &serde_json::json!({"power": name, "ready": ready}),
    )
    .await?;
    app.hub.wake();
    if ready {
        process_and_follow(app, g.id, g.phase_index, Cause::Ready).await
    } else {
        Ok(None)
    }
}

/// Is every power with something to order ready? A power nobody plays
/// whose bot stands in counts as ready; one with neither waits for the
/// deadline.
pub async fn all_ready(db: &AnyPool, g: &Game, v: &Variant) -> Result<bool> {
    let pos = game::current(v, &g.record)?;
    let seats = games::seats(db, g).await?;
    let ready =
        |name: &str| seats.iter().any(|s| s.power == name && (s.ready || (s.user_id.is_none() && s.bot.is_some())));
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
        let g = games::load_cached(app, game_id).await?;
        if g.phase_index != phase_index || g.status != Status::Active || g.record.result.is_some() {
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
        let rows = open_rows(db, &g, None).await?;
        let mut record = (*g.record).clone();
        record.phases.last_mut().expect("a current phase").submissions = merged(&g, &rows, None);
        let sent: Vec<String> =
            record.phases.last().expect("a current phase").submissions.iter().map(|s| s.power.clone()).collect();
        let seats = games::seats(db, &g).await?;
        let judged = v.clone();
        let (rec, phase) = tokio::task::spawn_blocking(move || adjudicate(&judged, record))
            .await
            .map_err(|e| Error::internal(format!("processing task: {e}")))??;
        let over = rec.result.is_some();
        let next = RowWrite {
            status: if over { Status::Over } else { Status::Active },
            deadline_at: if over { None } else { Some(now() + g.deadline_secs) },
            paused_left: g.paused_left,
            phase_index: rec.phases.len() as i64 - 1,
            record: Some(to_json(&rec)?),
        };
        let mut tx = app.writer.begin().await?;
        if !compare_and_set(&mut tx, &g, next).await? {
            tx.rollback().await?;
            continue;
        }
        // From here no submission for the version read can land; one that
        // landed while the phase was adjudicated: again, with it.
        let now_revisions: Vec<(String, i64)> = sqlx::query_as(
            "SELECT power, revision FROM open_orders WHERE game_id = $1 AND phase_index = $2 ORDER BY power",
        )
        .bind(g.id)
        .bind(g.phase_index)
        .fetch_all(&mut *tx)
        .await?;
        if now_revisions != revisions(&rows) {
            tx.rollback().await?;
            continue;
        }
        // The phase's orders are in the record now.
        sqlx::query("DELETE FROM open_orders WHERE game_id = $1 AND phase_index = $2")
            .bind(g.id)
            .bind(g.phase_index)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO phases (game_id, phase_index, phase, processed_at, cause) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(g.id)
        .bind(g.phase_index)
        .bind(&phase)
        .bind(now())
        .bind(cause.word())
        .execute(&mut *tx)
        .await?;
        crate::press::notices::processed(&mut tx, &g, &v, &seats, &sent, &rec, cause).await?;
        let told = serde_json::json!({"processed": phase, "phase_index": rec.phases.len() - 1, "over": over});
        crate::events::record(&mut tx, g.id, "phase", "*", &told).await?;
        if let Some(pause) = app.pause_in_processing {
            eprintln!(
                "polemarch serve: pausing in the middle of processing game {} phase {} (a test's hook)",
                g.id, g.phase_index
            );
            tokio::time::sleep(pause).await;
        }
        tx.commit().await?;
        app.hub.wake();
        return Ok(Some(phase));
    }
    Err(busy())
}

/// Ends the game with `result` (a draw agreed or declared, a concession)
/// if its row is still at the version `g` was read at: the record keeps the
/// result, the game is over. False when another changed it first.
pub async fn finish(app: &App, g: &Game, result: record::GameResult) -> Result<bool> {
    let mut rec = (*g.record).clone();
    rec.result = Some(result);
    let mut tx = app.writer.begin().await?;
    let next = RowWrite {
        status: Status::Over,
        deadline_at: None,
        paused_left: None,
        phase_index: g.phase_index,
        record: Some(to_json(&rec)?),
    };
    if !compare_and_set(&mut tx, g, next).await? {
        tx.rollback().await?;
        return Ok(false);
    }
    sqlx::query("DELETE FROM open_orders WHERE game_id = $1").bind(g.id).execute(&mut *tx).await?;
    // Told to all: a notice in the public press, and the game's open pages.
    let text =
        format!("The game is over: {}.", polemarch_engine::game::result_text(rec.result.as_ref().expect("set above")));
    crate::press::notices::changed(&mut tx, g, &text).await?;
    crate::events::record(
        &mut tx,
        g.id,
        "status",
        "*",
        &serde_json::json!({"status": Status::Over, "deadline_at": null, "paused_left": null}),
    )
    .await?;
    tx.commit().await?;
    app.hub.wake();
    Ok(true)
}

/// A game's row as a write leaves it (its version one more).
struct RowWrite {
    status: Status,
    deadline_at: Option<i64>,
    paused_left: Option<i64>,
    phase_index: i64,
    /// The record as JSON (None: as it is).
    record: Option<String>,
}

/// Writes the game's row in `tx` if it is still at the version `g` was
/// read at, and bumps the version: false when another changed it first
/// (the caller rolls back, reads it again and starts over). On PostgreSQL
/// the row stays locked until `tx` ends: no submission for the version read
/// lands after this.
async fn compare_and_set(tx: &mut sqlx::Transaction<'_, sqlx::Any>, g: &Game, w: RowWrite) -> Result<bool> {
    let written = sqlx::query(
        "UPDATE games SET status = $1, deadline_at = $2, paused_left = $3, phase_index = $4, record = COALESCE($5, \
         record), version = version + 1 \
         WHERE id = $6 AND version = $7",
    )
    .bind(w.status.as_str())
    .bind(w.deadline_at)
    .bind(w.paused_left)
    .bind(w.phase_index)
    .bind(w.record)
    .bind(g.id)
    .bind(g.version)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(written == 1)
}

/// How many phases one processing may go on to (each needing nobody's
/// orders but bots'), so that a game of bots alone does not run to its end
/// at once.
const FOLLOW: usize = 20;

/// Processes phase `phase_index` as [`process`] does, then goes on while
/// every power of the new phase is ready (bots alone, or nobody, have
/// something to order): such a phase would otherwise wait for its deadline.
/// The name of the first phase processed, if one was.
pub async fn process_and_follow(app: &App, game_id: i64, phase_index: i64, cause: Cause) -> Result<Option<String>> {
    let first = process(app, game_id, phase_index, cause).await?;
    if first.is_some() {
        for _ in 0..FOLLOW {
            let g = games::load_cached(app, game_id).await?;
            if g.status != Status::Active || g.record.result.is_some() {
                break;
            }
            if process(app, game_id, g.phase_index, Cause::Ready).await?.is_none() {
                break;
            }
        }
    }
    Ok(first)
}

/// The game master's "process now" of phase `phase_index`, which must still
/// be the current one (a second click does not process the next phase):
/// the name of the phase processed.
pub async fn process_now(app: &App, game_id: i64, user: &User, phase_index: i64) -> Result<String> {
    let g = games::load(&app.db, game_id).await?;
    games::must_be_gm(&g, user.id)?;
    if let Some(phase) = process_and_follow(app, game_id, phase_index, Cause::GameMaster).await? {
        return Ok(phase);
    }
    let g = games::load(&app.db, game_id).await?;
    if g.phase_index != phase_index {
        Err(Error::conflict(format!(
            "{} has been processed already: the game is at {} now",
            phase_name(&g, phase_index),
            phase_name(&g, g.phase_index)
        )))
    } else {
        Err(Error::conflict(format!(
            "{} cannot be processed now: the game is {}",
            phase_name(&g, phase_index),
            g.status
        )))
    }
}

/// The engine's part of processing: stand-ins, adjudication, next phase.
fn adjudicate(v: &Variant, mut rec: GameRecord) -> Result<(GameRecord, String)> {
    let phase = rec.phases.last().expect("a current phase").phase.clone();
    let bots = polemarch_bots::stand_in::stand_ins(v, &rec, None).map_err(Error::internal)?;
    polemarch_bots::stand_in::submit_for(v, &mut rec, &bots, &record::now()).map_err(Error::internal)?;
    game::process(v, &mut rec)?;
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
    /// Gives a power to a user (None: to nobody). When the seat changes
    /// hands, the power's submission for the current phase and its ready
    /// mark are dropped in the same write: the new holder never sees the
    /// old one's secret orders (nor does the game master by taking the
    /// power), and starts the phase with none.
    Seat(String, Option<i64>),
}

pub async fn change(app: &App, game_id: i64, user: &User, change: Change) -> Result<()> {
    let db = &app.db;
    for _ in 0..ATTEMPTS {
        let _game_turn = app.game_turn(game_id).await;
        let g = games::load_cached(app, game_id).await?;
        games::must_be_gm(&g, user.id)?;
        if g.status == Status::Over || g.record.result.is_some() {
            return Err(Error::conflict("the game is over"));
        }
        let (mut status, mut deadline_at, mut paused_left, mut rec) = (g.status, g.deadline_at, g.paused_left, None);
        let mut seat = None;
        // The judge's notice of the change (none for a stand-in bot).
        let mut told = None;
        match &change {
            Change::Pause if status == Status::Active => {
                paused_left = Some(deadline_at.map_or(g.deadline_secs, |d| (d - now()).max(0)));
                (status, deadline_at) = (Status::Paused, None);
                told = Some("The game master paused the game.".to_string());
            }
            Change::Resume if status == Status::Paused => {
                deadline_at = Some(now() + paused_left.unwrap_or(g.deadline_secs).max(60));
                (status, paused_left) = (Status::Active, None);
                told = Some(format!(
                    "The game master resumed the game: {} to the deadline.",
                    crate::pages::duration(deadline_at.map_or(0, |d| d - now()))
                ));
            }
            Change::Pause | Change::Resume | Change::Extend(_) if status == Status::Forming => {
                return Err(Error::conflict(
                    "the game has not started: it waits in the lobby, with no deadline running",
                ))
            }
            Change::Pause | Change::Resume => return Err(Error::conflict(format!("the game is {} already", g.status))),
            Change::Extend(secs) => {
                if !(1..=30 * 86_400).contains(secs) {
                    return Err(Error::bad("an extension is 1 second to 30 days"));
                }
                if status == Status::Paused {
                    paused_left = Some(paused_left.unwrap_or(0) + secs);
                } else {
                    deadline_at = Some(deadline_at.unwrap_or_else(now) + secs);
                }
                told = Some(format!("The game master extended the deadline by {}.", crate::pages::duration(*secs)));
            }
            Change::Bot(power, bot) => {
                let v = games::variant_of(&app.variants, &g)?;
                let name = games::seatable(&v, power)?;
                let mut r = (*g.record).clone();
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
            Change::Seat(power, user_id) => {
                let v = games::variant_of(&app.variants, &g)?;
                let name = games::seatable(&v, power)?;
                let holder = games::seats(db, &g).await?.into_iter().find(|s| s.power == name).and_then(|s| s.user_id);
                if holder == *user_id {
                    return Ok(());
                }
                // A submission an older judge kept in the record goes too.
                if g.record.phases.last().expect("a current phase").submissions.iter().any(|s| s.power == name) {
                    let mut r = (*g.record).clone();
                    r.phases.last_mut().expect("a current phase").submissions.retain(|s| s.power != name);
                    rec = Some(to_json(&r)?);
                }
                told = Some(if user_id.is_some() {
                    format!("{name} has a new player.")
                } else {
                    format!("{name} has no player now.")
                });
                seat = Some((name, *user_id));
            }
        }
        let mut tx = app.writer.begin().await?;
        let next = RowWrite { status, deadline_at, paused_left, phase_index: g.phase_index, record: rec };
        if !compare_and_set(&mut tx, &g, next).await? {
            tx.rollback().await?;
            continue;
        }
        if let Some((name, user_id)) = seat {
            sqlx::query(
                "UPDATE seats SET user_id = $1, ready_phase = -1, vote = NULL WHERE game_id = $2 AND power = $3",
            )
            .bind(user_id)
            .bind(g.id)
            .bind(&name)
            .execute(&mut *tx)
            .await?;
            sqlx::query("DELETE FROM open_orders WHERE game_id = $1 AND power = $2")
                .bind(g.id)
                .bind(&name)
                .execute(&mut *tx)
                .await?;
        }
        if let Some(text) = &told {
            crate::press::notices::changed(&mut tx, &g, text).await?;
        }
        let kind = if matches!(change, Change::Seat(..) | Change::Bot(..)) { "seats" } else { "status" };
        let state = serde_json::json!({"status": status, "deadline_at": deadline_at, "paused_left": paused_left});
        crate::events::record(&mut tx, g.id, kind, "*", &state).await?;
        tx.commit().await?;
        app.hub.wake();
        return Ok(());
    }
    Err(busy())
}

/// Games processed at most in one round of the scheduler.
const ROUND: usize = 100;

/// One round of the scheduler: processes the active games whose deadline
/// has passed (up to 100, the earliest first); the number processed. A game
/// whose processing failed is left alone for a while (twice as long after
/// each failure, up to an hour) and does not count against the 100, so
/// that failing games do not hold up the others. Safe with several
/// processes: each phase goes to the one whose compare-and-set wins.
pub async fn process_due(app: &App) -> Result<usize> {
    let resting = app.scheduler_resting();
    let rows: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT id, phase_index FROM games WHERE status = 'active' AND deadline_at <= $1 ORDER BY \
         deadline_at, id LIMIT $2",
    )
    .bind(now())
    .bind((ROUND + resting.len()) as i64)
    .fetch_all(&app.db)
    .await?;
    let mut count = 0;
    for (id, phase) in rows {
        if resting.contains(&id) {
            continue;
        }
        match process_and_follow(app, id, phase, Cause::Deadline).await {
            Ok(done) => {
                app.scheduler_succeeded(id);
                count += usize::from(done.is_some());
            }
            Err(e) => {
                let wait = app.scheduler_failed(id);
                eprintln!(
                    "polemarch serve: game {id}: the deadline's processing failed ({}): tried again in {} s",
                    e.message,
                    wait.as_secs()
                );
            }
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
            if let Err(e) = crate::accounts::forget_expired(&app.writer).await {
                eprintln!("polemarch serve: scheduler: {}", e.message);
            }
            if let Err(e) = crate::events::forget_old(&app.writer).await {
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
