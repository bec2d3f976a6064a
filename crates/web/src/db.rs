//! The database: SQLite in a data folder by default, PostgreSQL when a
//! `postgres://` URL is given; both through sqlx's `Any` driver, with one
//! SQL text for both (placeholders `$1`, which SQLite reads too) and one
//! migration set per backend (they differ only in their key columns).

use crate::error::Error;
use sqlx::any::{install_default_drivers, AnyPoolOptions};
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::{AnyPool, Connection, Executor};
use std::borrow::Cow;
use std::path::Path;

/// The migrations of each backend, in order: (version, description, SQL).
const SQLITE: &[(i64, &str, &str)] = &[
    (1, "init", include_str!("../migrations/sqlite/0001_init.sql")),
    (2, "names any case", include_str!("../migrations/sqlite/0002_names_any_case.sql")),
    (3, "sessions hashed", include_str!("../migrations/sqlite/0003_sessions_hashed.sql")),
    (4, "open orders", include_str!("../migrations/sqlite/0004_open_orders.sql")),
    (5, "name skeletons", include_str!("../migrations/sqlite/0005_name_skeletons.sql")),
    (6, "press", include_str!("../migrations/sqlite/0006_press.sql")),
    (7, "events", include_str!("../migrations/sqlite/0007_events.sql")),
    (8, "draw votes", include_str!("../migrations/sqlite/0008_draw_votes.sql")),
    (9, "lobby", include_str!("../migrations/sqlite/0009_lobby.sql")),
    (10, "mail", include_str!("../migrations/sqlite/0010_mail.sql")),
    (11, "mail links hashed", include_str!("../migrations/sqlite/0011_mail_links_hashed.sql")),
];
const POSTGRES: &[(i64, &str, &str)] = &[
    (1, "init", include_str!("../migrations/postgres/0001_init.sql")),
    (2, "names any case", include_str!("../migrations/postgres/0002_names_any_case.sql")),
    (3, "sessions hashed", include_str!("../migrations/postgres/0003_sessions_hashed.sql")),
    (4, "open orders", include_str!("../migrations/postgres/0004_open_orders.sql")),
    (5, "name skeletons", include_str!("../migrations/postgres/0005_name_skeletons.sql")),
    (6, "press", include_str!("../migrations/postgres/0006_press.sql")),
    (7, "events", include_str!("../migrations/postgres/0007_events.sql")),
    (8, "draw votes", include_str!("../migrations/postgres/0008_draw_votes.sql")),
    (9, "lobby", include_str!("../migrations/postgres/0009_lobby.sql")),
    (10, "mail", include_str!("../migrations/postgres/0010_mail.sql")),
    (11, "mail links hashed", include_str!("../migrations/postgres/0011_mail_links_hashed.sql")),
];

/// Seconds since 1970, the clock every deadline and session is kept in.
pub fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

/// The URL of the SQLite file in `data` (the folder is made if missing).
pub fn sqlite_url(data: &Path) -> Result<String, String> {
    std::fs::create_dir_all(data).map_err(|e| format!("cannot make the data folder {}: {e}", data.display()))?;
    Ok(format!("sqlite://{}?mode=rwc", data.join("polemarch.db").display()))
}

/// Connects and brings the schema up to date.
pub async fn connect(url: &str, max_connections: u32) -> Result<AnyPool, String> {
    let pool = pool(url, max_connections).await?;
    migrator(url.starts_with("sqlite:"))
        .run(&pool)
        .await
        .map_err(|e| format!("cannot bring the database up to date: {e}"))?;
    Ok(pool)
}

/// A PostgreSQL connection idle longer than this is pinged before use.
const STALE_AFTER: std::time::Duration = std::time::Duration::from_secs(5);

/// A pool of up to `max_connections` on the database, as it is.
pub async fn pool(url: &str, max_connections: u32) -> Result<AnyPool, String> {
    install_default_drivers();
    let sqlite = url.starts_with("sqlite:");
    let options = AnyPoolOptions::new().max_connections(max_connections).test_before_acquire(false);
    // A connection that was in use a moment ago is alive: a ping before
    // every use would be one more round trip to PostgreSQL for each query
    // (four of a submission's eleven). One idle for a while may have been
    // closed by the server (a restart, a timeout): pinged before use, and
    // replaced if dead. A connection to a file does not go stale.
    let options = if sqlite {
        options
    } else {
        options.before_acquire(|conn, meta| {
            Box::pin(async move {
                if meta.idle_for > STALE_AFTER {
                    conn.ping().await?;
                }
                Ok(true)
            })
        })
    };
    options
        .after_connect(move |conn, _| {
            Box::pin(async move {
                if sqlite {
                    // Readers do not wait for the writer; a writer waits
                    // for another's turn to end (another process's: this
                    // one's take turns on `Shared::writer`) up to 10 s
                    // instead of failing at once.
                    conn.execute("PRAGMA journal_mode = WAL").await?;
                    conn.execute("PRAGMA busy_timeout = 10000").await?;
                    // Every commit is on the disk before the player is
                    // told it is kept: a power cut loses no acknowledged
                    // submission (NORMAL would sync only at checkpoints).
                    conn.execute("PRAGMA synchronous = FULL").await?;
                    // No connection checkpoints as it commits: the
                    // `checkpoints` task does, in the background.
                    conn.execute("PRAGMA wal_autocheckpoint = 0").await?;
                }
                Ok(())
            })
        })
        .connect(url)
        .await
        .map_err(|e| format!("cannot open the database {}: {e}", redact(url)))
}

/// Brings the database up to migration `version` only, as an older judge
/// left it (for the tests of the migrations after it).
pub async fn migrate_up_to(url: &str, version: i64) -> Result<(), String> {
    let pool = pool(url, 1).await?;
    let mut m = migrator(url.starts_with("sqlite:"));
    m.migrations.to_mut().retain(|m| m.version <= version);
    m.run(&pool).await.map_err(|e| format!("cannot bring the database up to migration {version}: {e}"))?;
    pool.close().await;
    Ok(())
}

fn migrator(sqlite: bool) -> Migrator {
    let set = if sqlite { SQLITE } else { POSTGRES };
    let migrations: Vec<Migration> = set
        .iter()
        .map(|&(version, description, sql)| {
            Migration::new(version, Cow::Borrowed(description), MigrationType::Simple, Cow::Borrowed(sql), false)
        })
        .collect();
    Migrator { migrations: Cow::Owned(migrations), ignore_missing: false, locking: true, no_tx: false }
}

/// The URL without its password, for messages.
fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => format!("{}://…{}", &url[..s], &url[at..]),
        _ => url.to_string(),
    }
}

impl From<sqlx::Error> for Error {
    fn from(e: sqlx::Error) -> Self {
        Error::internal(format!("database: {e}"))
    }
}
