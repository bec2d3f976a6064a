//! Live pages: server-sent events. Each change a page shows (a message, a
//! phase processed, a power ready, the game paused, resumed or extended, a
//! seat given) is written as a row of `events` in the transaction of the
//! change. Every server process pumps the new rows into its hub (`hub.rs`):
//! woken in-process after a commit, and on PostgreSQL by LISTEN/NOTIFY from
//! any process (a poll each second besides). A page's stream
//! (`stream.rs`) takes from the hub what its reader may see (the secrecy
//! rule) and, on reconnecting, first what it missed after its last event
//! id, from the table.

pub mod hub;
pub mod page;
pub mod stream;

use crate::error::Result;
use serde::Serialize;
use sqlx::{AnyPool, Row};

/// The PostgreSQL channel every process listens on.
pub const CHANNEL: &str = "polemarch_events";

/// One event as stored.
#[derive(Debug, Clone)]
pub struct Event {
    pub id: i64,
    pub game_id: i64,
    /// `message`, `phase`, `ready`, `status` or `seats`.
    pub kind: String,
    /// Who it is for: a conversation's key (`*`: all).
    pub audience: String,
    /// Its payload, JSON.
    pub data: String,
}

impl Event {
    /// Its data as a stream sends it: with its own id, `event` (a reader
    /// that reconnects may get again an event it had: this tells it).
    pub fn data_with_id(&self) -> String {
        match self.data.strip_prefix('{') {
            Some(rest) if rest.trim_start().starts_with('}') => format!("{{\"event\":{}}}", self.id),
            Some(rest) => format!("{{\"event\":{},{rest}", self.id),
            None => self.data.clone(),
        }
    }
}

/// Writes an event on `conn` (the change's transaction), told to every
/// process once it commits.
pub async fn record(
    conn: &mut sqlx::AnyConnection,
    game_id: i64,
    kind: &str,
    audience: &str,
    data: &impl Serialize,
) -> Result<()> {
    let data = serde_json::to_string(data).map_err(|e| crate::error::Error::internal(e.to_string()))?;
    const INSERT: &str = "INSERT INTO events (game_id, kind, audience, data, at) VALUES ($1, $2, $3, $4, $5)";
    // On PostgreSQL the listeners are told in the same statement (one
    // round trip, not two); they hear it when the transaction commits.
    let notifying;
    let sql = if conn.backend_name() == "PostgreSQL" {
        notifying = format!("WITH e AS ({INSERT} RETURNING id) SELECT pg_notify('{CHANNEL}', '') FROM e");
        &notifying
    } else {
        INSERT
    };
    sqlx::query(sql)
        .bind(game_id)
        .bind(kind)
        .bind(audience)
        .bind(data)
        .bind(crate::press::store::now_ms())
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Up to `limit` events after id `after` (of one game, if given), in order.
pub async fn since(db: &AnyPool, game_id: Option<i64>, after: i64, limit: i64) -> Result<Vec<Event>> {
    let rows = sqlx::query(
        "SELECT id, game_id, kind, audience, data FROM events \
         WHERE id > $1 AND ($2 = 0 OR game_id = $2) ORDER BY id LIMIT $3",
    )
    .bind(after)
    .bind(game_id.unwrap_or(0))
    .bind(limit)
    .fetch_all(db)
    .await?;
    rows.iter().map(from_row).collect()
}

/// The events of these ids that exist (committed since they were missed).
pub async fn these(db: &AnyPool, ids: &[i64]) -> Result<Vec<Event>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
    let rows =
        sqlx::query(&format!("SELECT id, game_id, kind, audience, data FROM events WHERE id IN ({list}) ORDER BY id"))
            .fetch_all(db)
            .await?;
    rows.iter().map(from_row).collect()
}

fn from_row(r: &sqlx::any::AnyRow) -> Result<Event> {
    Ok(Event {
        id: r.try_get(0)?,
        game_id: r.try_get(1)?,
        kind: r.try_get(2)?,
        audience: r.try_get(3)?,
        data: r.try_get(4)?,
    })
}

/// The last event's id (0: none yet), and the ids below it, among the
/// last thousand, that are not there (perhaps not committed yet).
pub async fn latest(db: &AnyPool) -> Result<(i64, Vec<i64>)> {
    let row = sqlx::query("SELECT COALESCE(MAX(id), 0) FROM events").fetch_one(db).await?;
    let last: i64 = row.try_get(0)?;
    let from = (last - 1000).max(0);
    let rows = sqlx::query("SELECT id FROM events WHERE id > $1 ORDER BY id").bind(from).fetch_all(db).await?;
    let there =
        rows.iter().map(|r| r.try_get(0)).collect::<std::result::Result<std::collections::HashSet<i64>, _>>()?;
    Ok((last, (from + 1..last).filter(|id| !there.contains(id)).collect()))
}

/// Drops the events older than a week (a page away that long reloads).
pub async fn forget_old(db: &AnyPool) -> Result<()> {
    sqlx::query("DELETE FROM events WHERE at < $1")
        .bind(crate::press::store::now_ms() - 7 * 86_400_000)
        .execute(db)
        .await?;
    Ok(())
}
