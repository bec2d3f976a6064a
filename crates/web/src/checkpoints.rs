//! SQLite's checkpoints, off the requests' path. In WAL mode a commit
//! appends pages to the log; a checkpoint copies them into the database
//! file and syncs it; and the log starts over at a write that finds it all
//! copied and no reader in it. Connections do not checkpoint as they commit
//! (`wal_autocheckpoint = 0`, see `db::pool`): under a steady stream of
//! readers the log cannot start over, and every commit would then copy
//! pages and sync the file while every writer waited. Instead, every
//! second, a passive checkpoint (it waits for nobody, and nobody waits for
//! it) runs on a connection of its own. Writes that commit meanwhile leave
//! the log partly uncopied, so that under a steady stream of writes too it
//! may go on growing: past `LOG_LIMIT` pages, one checkpoint runs on the
//! writer itself, so that no write comes between, waits for the readers to
//! leave the log, and truncates it.

use sqlx::{AnyPool, Row};
use std::time::Duration;

/// How often the passive checkpoint runs.
const EVERY: Duration = Duration::from_secs(1);

/// The log's length, in pages (of 4 KiB: about 40 MB), past which it is
/// checkpointed on the writer and truncated.
pub const LOG_LIMIT: i64 = 10_000;

/// Checkpoints the SQLite database of `url` every second while `alive`
/// says so (the server's state exists); `writer` is the server's writing
/// connection. A failure is told once, and tried again every second.
pub async fn run(url: String, writer: AnyPool, alive: impl Fn() -> bool) {
    let mut own = None;
    let mut failing = false;
    while alive() {
        tokio::time::sleep(EVERY).await;
        match once(&url, &writer, &mut own).await {
            Ok(()) => failing = false,
            Err(e) if !failing => {
                eprintln!("polemarch serve: a checkpoint failed (tried again every second): {e}");
                failing = true;
            }
            Err(_) => {}
        }
    }
}

/// One round: the passive checkpoint on `own` (opened if need be), then,
/// if the log is longer than `LOG_LIMIT`, the truncating one on `writer`.
async fn once(url: &str, writer: &AnyPool, own: &mut Option<AnyPool>) -> Result<(), String> {
    if own.is_none() {
        *own = Some(crate::db::pool(url, 1).await?);
    }
    let conn = own.as_ref().expect("opened above");
    // (busy, pages in the log, pages copied)
    let row = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)").fetch_one(conn).await.map_err(|e| e.to_string())?;
    let log: i64 = row.try_get(1).map_err(|e| e.to_string())?;
    if log > LOG_LIMIT {
        sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)").execute(writer).await.map_err(|e| e.to_string())?;
    }
    Ok(())
}
