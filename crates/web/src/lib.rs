//! polemarch-web: the web judge (docs/web.md). An axum server with
//! server-rendered pages (plain forms) and a JSON API (docs/api.md), games
//! kept in SQLite or PostgreSQL (the engine's game record per game), and a
//! scheduler that processes phases when their deadline passes.

pub mod accounts;
mod api;
pub mod auth;
pub mod board_view;
pub mod checkpoints;
pub mod db;
pub mod demo;
pub mod draws;
pub mod error;
pub mod events;
mod favicon;
pub mod forwarded;
pub mod games;
pub mod group_commit;
pub mod judge;
pub mod legal_view;
pub mod limits;
pub mod lobby;
pub mod mail;
mod map_api;
mod pages;
pub mod press;
pub mod profiles;
pub mod secrecy;
pub mod security;
pub mod variants;
pub mod views;

use axum::Router;
use sqlx::AnyPool;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

/// How `polemarch serve` runs.
#[derive(Debug, Clone)]
pub struct Config {
    pub addr: SocketAddr,
    /// The folder of the SQLite database (when `database_url` is None).
    pub data: PathBuf,
    /// A `postgres://` (or `sqlite:`) URL; default: SQLite in `data`.
    pub database_url: Option<String>,
    /// Mark cookies Secure (behind HTTPS).
    pub secure_cookies: bool,
    /// Create the demo game when the database has no game.
    pub demo: bool,
    pub limits: limits::Settings,
    /// How often the scheduler looks for deadlines passed.
    pub poll: std::time::Duration,
    /// For the kill test only: processing waits this long inside its
    /// transaction, after writing the next phase and before committing, so
    /// that a test can kill the process in the middle of it.
    pub pause_in_processing: Option<std::time::Duration>,
    /// SMTP settings (None: no mail).
    pub mail: Option<mail::Settings>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            data: PathBuf::from("polemarch-data"),
            database_url: None,
            secure_cookies: false,
            demo: true,
            limits: limits::Settings::default(),
            poll: std::time::Duration::from_secs(2),
            pause_in_processing: None,
            mail: None,
        }
    }
}

/// What every request shares.
pub struct Shared {
    pub db: AnyPool,
    pub variants: variants::Variants,
    pub limits: limits::Limits,
    pub secure_cookies: bool,
    /// Where writes go. With SQLite, which has one writer at a time, a
    /// pool of one connection: this process's writes take turns on it, in
    /// order, and never wait behind the readers for a connection (nor in
    /// SQLite's busy handler, which sleeps). With PostgreSQL, `db` itself.
    pub writer: AnyPool,
    /// The busiest writes, committed in groups on `writer`.
    pub commits: group_commit::GroupCommit,
    /// The database is SQLite.
    pub(crate) sqlite: bool,
    /// One queue per game: this process's changes to a game take turns
    /// (read, judge, write) instead of racing and trying again; the
    /// compare-and-set still guards against other processes.
    game_turns: std::sync::Mutex<std::collections::HashMap<i64, Arc<tokio::sync::Mutex<()>>>>,
    /// Each game's record as parsed, for one version of its row
    /// (`games::load_cached`): a request that finds the row at that
    /// version reads only the row's small columns.
    records: std::sync::Mutex<std::collections::HashMap<i64, (i64, Arc<polemarch_engine::game::GameRecord>)>>,
    /// Games whose processing by the scheduler failed: until when it leaves
    /// each alone, and how many times in a row it failed.
    resting: std::sync::Mutex<std::collections::HashMap<i64, (std::time::Instant, u32)>>,
    /// See `Config::pause_in_processing`.
    pub pause_in_processing: Option<std::time::Duration>,
    /// The live pages' events of this process (events/).
    pub hub: Arc<events::hub::Hub>,
    /// SMTP settings (None: mail is off).
    pub mail: Option<Arc<mail::Settings>>,
}

pub type App = Arc<Shared>;

impl Shared {
    /// Connects to the database (migrating it) and builds the shared state.
    pub async fn open(config: &Config) -> Result<App, String> {
        let url = match &config.database_url {
            Some(url) => url.clone(),
            None => db::sqlite_url(&config.data)?,
        };
        let sqlite = url.starts_with("sqlite:");
        if sqlite && (url.contains(":memory:") || url.contains("mode=memory")) {
            return Err(format!(
                "cannot serve the in-memory SQLite database {url}: the server reads and writes on connections of their \
                 own, and each would have a database of its own (give a file, or leave DATABASE_URL unset)"
            ));
        }
        let pool = db::connect(&url, 16).await?;
        security::names::fill_in(&pool)
            .await
            .map_err(|e| format!("cannot fill in the names' skeletons: {}", e.message))?;
        mail::addresses::hash_links_in_clear(&pool)
            .await
            .map_err(|e| format!("cannot hash the mail links kept in clear: {}", e.message))?;
        let writer = if sqlite { db::pool(&url, 1).await? } else { pool.clone() };
        let (last, missing) = events::latest(&pool).await.map_err(|e| e.message)?;
        let hub = Arc::new(events::hub::Hub::new(last, &missing));
        let app = Arc::new(Shared {
            db: pool,
            commits: group_commit::GroupCommit::start(writer.clone(), sqlite),
            writer,
            sqlite,
            variants: Default::default(),
            limits: limits::Limits::new(config.limits.clone()),
            secure_cookies: config.secure_cookies,
            game_turns: Default::default(),
            records: Default::default(),
            resting: Default::default(),
            pause_in_processing: config.pause_in_processing,
            hub: hub.clone(),
            mail: config.mail.clone().map(Arc::new),
        });
        if let Some(settings) = &app.mail {
            tokio::spawn(mail::compose::run(Arc::downgrade(&app), settings.clone()));
        }
        tokio::spawn(events::hub::pump(app.db.clone(), Arc::downgrade(&hub)));
        if !sqlite {
            tokio::spawn(events::hub::listen(url.clone(), Arc::downgrade(&hub)));
        }
        if sqlite {
            let state = Arc::downgrade(&app);
            tokio::spawn(checkpoints::run(url, app.writer.clone(), move || state.strong_count() > 0));
        }
        Ok(app)
    }

    /// Held while this process changes game `id`.
    pub async fn game_turn(&self, id: i64) -> tokio::sync::OwnedMutexGuard<()> {
        let queue = {
            let mut turns = self.game_turns.lock().unwrap_or_else(|e| e.into_inner());
            if turns.len() > 10_000 {
                turns.retain(|_, m| Arc::strong_count(m) > 1);
            }
            turns.entry(id).or_default().clone()
        };
        queue.lock_owned().await
    }

    /// The games the scheduler leaves alone for now (their processing
    /// failed lately).
    pub fn scheduler_resting(&self) -> std::collections::HashSet<i64> {
        let now = std::time::Instant::now();
        let resting = self.resting.lock().unwrap_or_else(|e| e.into_inner());
        resting.iter().filter(|(_, (until, _))| *until > now).map(|(id, _)| *id).collect()
    }

    /// The scheduler failed to process game `id`: how long it leaves it
    /// alone (2 s, doubled with each failure in a row, at most an hour).
    pub fn scheduler_failed(&self, id: i64) -> std::time::Duration {
        let mut resting = self.resting.lock().unwrap_or_else(|e| e.into_inner());
        let failures = resting.get(&id).map_or(0, |r| r.1) + 1;
        let wait = std::time::Duration::from_secs((1u64 << failures.min(12)).min(3600));
        resting.insert(id, (std::time::Instant::now() + wait, failures));
        wait
    }

    pub fn scheduler_succeeded(&self, id: i64) {
        self.resting.lock().unwrap_or_else(|e| e.into_inner()).remove(&id);
    }

    /// The record of game `id` at row version `version`, if parsed lately.
    pub fn cached_record(&self, id: i64, version: i64) -> Option<Arc<polemarch_engine::game::GameRecord>> {
        let records = self.records.lock().unwrap_or_else(|e| e.into_inner());
        records.get(&id).filter(|(v, _)| *v == version).map(|(_, r)| r.clone())
    }

    /// Keeps the record of game `id` at row version `version` (at most a
    /// few thousand games: beyond, the cache starts again).
    pub fn cache_record(&self, id: i64, version: i64, record: Arc<polemarch_engine::game::GameRecord>) {
        let mut records = self.records.lock().unwrap_or_else(|e| e.into_inner());
        if records.len() >= 4096 && !records.contains_key(&id) {
            records.clear();
        }
        records.insert(id, (version, record));
    }

    /// What a statement that reads a game's row adds to hold it until its
    /// transaction ends, so that no change of the row (a phase processed,
    /// a seat given) commits between that read and the transaction's
    /// other writes: PostgreSQL's `FOR SHARE`; nothing with SQLite, whose
    /// writes take turns whole.
    pub fn share_lock(&self) -> &'static str {
        if self.sqlite {
            ""
        } else {
            " FOR SHARE"
        }
    }
}

/// Every route: the pages and the API.
pub fn router(app: App) -> Router {
    // Outermost, the error pages: a refusal of a page's address (the
    // judge's, the framework's, or the defences' own) becomes a page with
    // the asker's header; under `/api` `security::rejections` makes it JSON.
    let routes = Router::new()
        .merge(pages::routes())
        .merge(press::pages::routes())
        .merge(events::page::routes())
        .merge(mail::pages::routes())
        .nest("/api", api::routes());
    security::wrap(routes.fallback(not_found))
        .layer(axum::middleware::from_fn_with_state(app.clone(), pages::error_pages))
        .with_state(app)
}

/// An address that is no route: JSON under `/api/`, else a page (drawn by
/// `pages::error_pages`).
async fn not_found(uri: axum::http::Uri) -> axum::response::Response {
    use axum::response::IntoResponse;
    if uri.path().starts_with("/api/") {
        error::Error::not_found(format!("there is nothing at {}", uri.path())).into_response()
    } else {
        pages::PageError(pages::no_page(uri.path())).into_response()
    }
}

/// Runs the server until Ctrl-C: the demo game first (when asked and the
/// database has no game), then the scheduler and the listener.
pub async fn serve(config: Config) -> Result<(), String> {
    let app = Shared::open(&config).await?;
    if config.demo {
        if let Some(id) = demo::ensure(&app).await.map_err(|e| e.message)? {
            eprintln!("polemarch serve: made the demo game (game {id}: standard, a few phases played by bots)");
        }
    }
    tokio::spawn(judge::scheduler(app.clone(), config.poll));
    match &config.mail {
        Some(m) => eprintln!("polemarch serve: mail through {}:{} from {}", m.host, m.port, m.from),
        None => eprintln!("polemarch serve: mail is off (no SMTP settings: --smtp-host or POLEMARCH_SMTP_HOST)"),
    }
    let listener = listen(config.addr).map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
    let storage = match &config.database_url {
        Some(_) => "PostgreSQL (DATABASE_URL)".to_string(),
        None => format!("SQLite in {}", config.data.display()),
    };
    eprintln!("polemarch serve: http://{} ({storage}); Ctrl-C stops it", config.addr);
    let limits = &config.limits;
    // Behind a trusted proxy every client comes from the proxy's address.
    let per_address = if limits.trust_forwarded_for { usize::MAX } else { limits.connections_per_address };
    let caps = security::connections::Caps::new(limits.header_timeout, per_address);
    security::connections::serve(listener, router(app), caps, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await;
    Ok(())
}

/// Connections waiting to be accepted, at most (the kernel caps it at
/// `net.core.somaxconn`): room for every player's browser coming back at
/// once, say after a restart. With too short a queue the kernel drops the
/// overflow, and the clients try again only a second later.
const BACKLOG: u32 = 4096;

/// The listening socket on `addr`.
fn listen(addr: SocketAddr) -> std::io::Result<tokio::net::TcpListener> {
    let socket = if addr.is_ipv4() { tokio::net::TcpSocket::new_v4()? } else { tokio::net::TcpSocket::new_v6()? };
    // As tokio's own bind: a restarted server takes its port back at once
    // (not on Windows, where the option lets another process take it).
    #[cfg(not(windows))]
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(BACKLOG)
}

/// `serve` on a runtime of its own, for the command line.
pub fn serve_blocking(config: Config) -> Result<(), String> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?
        .block_on(serve(config))
}
