//! A web judge for a test: its own SQLite database in a fresh temporary
//! folder, or its own fresh database on the PostgreSQL server that
//! `DATABASE_URL` names (either removed when the test ends). Requests
//! go to the router in process, as a client's would over HTTP.

#![allow(dead_code)]

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use polemarch_web::{App, Config, Shared};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use tower::ServiceExt;

pub struct TestServer {
    pub app: App,
    pub router: Router,
    pub config: Config,
    dir: PathBuf,
    /// On PostgreSQL: the server's URL and this test's database, dropped
    /// at the end.
    pg: Option<(String, String)>,
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if std::env::var_os("POLEMARCH_KEEP_TEST_DIRS").is_none() {
            let _ = std::fs::remove_dir_all(&self.dir);
            if let Some((url, name)) = self.pg.take() {
                drop_postgres(url, name);
            }
        }
    }
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A name no other test (nor run, on a shared PostgreSQL) uses.
pub fn unique(prefix: &str) -> String {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
    format!("{prefix}{}x{}x{}", std::process::id() % 100_000, COUNTER.fetch_add(1, Ordering::SeqCst), nanos % 100_000)
}

/// The database a test runs on: SQLite in a fresh temporary folder, or a
/// fresh database of its own on the PostgreSQL server of `DATABASE_URL`
/// (dropped when the test ends).
#[derive(Debug, Clone)]
pub enum Db {
    Sqlite,
    Postgres(String),
}

impl Db {
    /// The PostgreSQL server of `DATABASE_URL`. The PostgreSQL variants
    /// run only when the tests were built with `DATABASE_URL` (or `CI`) set
    /// (the cfg `polemarch_postgres`, build.rs), and are ignored otherwise:
    /// one that runs without it fails.
    pub fn postgres(test: &str) -> Db {
        match std::env::var("DATABASE_URL").ok().filter(|u| !u.is_empty()) {
            Some(url) if url.starts_with("postgres") => Db::Postgres(url),
            Some(url) => panic!("DATABASE_URL is not a postgres:// URL: {url}"),
            None => panic!(
                "{test}: DATABASE_URL is not set: the PostgreSQL variants need one (`eval \"$(.ci/postgres.sh \
                 start)\"` starts one; without it at build time they are ignored)"
            ),
        }
    }
}

/// Runs each named test (an `async fn(Db)`) twice: `<name>::sqlite` and
/// `<name>::postgres`; the latter is ignored, with its reason, unless the
/// tests were built with `DATABASE_URL` set (see `Db::postgres`).
#[macro_export]
macro_rules! on_both {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            async fn sqlite() {
                super::$name($crate::common::Db::Sqlite).await
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            #[cfg_attr(not(polemarch_postgres), ignore = "needs DATABASE_URL: a PostgreSQL server")]
            async fn postgres() {
                super::$name($crate::common::Db::postgres(concat!(module_path!(), "::postgres"))).await
            }
        }
    )*};
}

/// [`on_both!`] for tests that need a real SMTP sink (Python's aiosmtpd):
/// both variants are ignored, with their reason, where the tests were
/// built without it (see build.rs); in CI they run.
#[macro_export]
macro_rules! on_both_with_smtp {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            #[cfg_attr(not(polemarch_smtp), ignore = "needs Python's aiosmtpd (pip install aiosmtpd): an SMTP sink")]
            async fn sqlite() {
                super::$name($crate::common::Db::Sqlite).await
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            #[cfg_attr(any(not(polemarch_postgres), not(polemarch_smtp)), ignore = "needs DATABASE_URL and Python's \
                                                                                    aiosmtpd")]
            async fn postgres() {
                super::$name($crate::common::Db::postgres(concat!(module_path!(), "::postgres"))).await
            }
        }
    )*};
}

/// A fresh database on the PostgreSQL server of `url`: its URL.
pub async fn fresh_postgres(url: &str, name: &str) -> String {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(url).await.expect("the PostgreSQL server of DATABASE_URL answers");
    sqlx::query(&format!("CREATE DATABASE {name}")).execute(&mut conn).await.expect("a test database is made");
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (url, String::new()),
    };
    let server = &base[..base.rfind('/').filter(|&i| i > base.find("://").unwrap_or(0) + 2).unwrap_or(base.len())];
    format!("{server}/{name}{query}")
}

/// Drops a test's PostgreSQL database (from `Drop`, so on a thread and
/// runtime of its own).
fn drop_postgres(url: String, name: String) {
    let _ = std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(async {
            use sqlx::Connection;
            if let Ok(mut conn) = sqlx::AnyConnection::connect(&url).await {
                let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&mut conn).await;
            }
        })
    })
    .join();
}

pub async fn server(db: Db) -> TestServer {
    server_with(db, |_| {}).await
}

pub async fn server_with(db: Db, change: impl FnOnce(&mut Config)) -> TestServer {
    server_prepared(db, change, |_| async {}).await
}

/// A judge on a database that `prepare` made first, given its URL (as an
/// older judge left it, say).
pub async fn server_prepared<F: std::future::Future<Output = ()>>(
    db: Db,
    change: impl FnOnce(&mut Config),
    prepare: impl FnOnce(String) -> F,
) -> TestServer {
    let dir = std::env::temp_dir().join(format!("polemarch-test-web-{}", unique("")));
    let (database_url, pg) = match &db {
        Db::Sqlite => (None, None),
        Db::Postgres(url) => {
            let name = unique("polemarch_test_");
            (Some(fresh_postgres(url, &name).await), Some((url.clone(), name)))
        }
    };
    let mut config = Config { data: dir.clone(), database_url, demo: false, ..Default::default() };
    config.limits.sign_in_per_minute = 10_000;
    config.limits.submissions_per_minute = 10_000;
    change(&mut config);
    prepare(config.database_url.clone().unwrap_or_else(|| polemarch_web::db::sqlite_url(&dir).unwrap())).await;
    let app = Shared::open(&config).await.expect("the test database opens");
    let router = polemarch_web::router(app.clone());
    TestServer { app, router, config, dir, pg }
}

impl TestServer {
    /// A second server on the same database, as a second process would be.
    pub async fn another(&self) -> App {
        Shared::open(&self.config).await.expect("the second server opens")
    }

    pub async fn call(&self, method: &str, uri: &str, token: Option<&str>, body: Option<Value>) -> (StatusCode, Value) {
        let mut req = Request::builder().method(method).uri(uri);
        if let Some(t) = token {
            req = req.header("authorization", format!("Bearer {t}"));
        }
        let req = match body {
            Some(b) => req.header("content-type", "application/json").body(Body::from(b.to_string())),
            None => req.body(Body::empty()),
        }
        .unwrap();
        let resp = self.router.clone().oneshot(req).await.unwrap();
        let status = resp.status();
        let bytes = resp.into_body().collect().await.unwrap().to_bytes();
        let value = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
        (status, value)
    }

    pub async fn get(&self, uri: &str, token: &str) -> (StatusCode, Value) {
        self.call("GET", uri, Some(token), None).await
    }

    pub async fn post(&self, uri: &str, token: &str, body: Value) -> (StatusCode, Value) {
        self.call("POST", uri, Some(token), Some(body)).await
    }

    /// Signs a new user up: (name, token).
    pub async fn user(&self, prefix: &str) -> (String, String) {
        let name = unique(prefix);
        let (status, body) =
            self.call("POST", "/api/signup", None, Some(json!({"name": name, "password": "correct horse"}))).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        (name, body["token"].as_str().unwrap().to_string())
    }

    /// A game of standard made by a new game master: (game id, gm token).
    pub async fn game(&self) -> (i64, String) {
        let (_, gm) = self.user("gm").await;
        let (status, body) = self
            .post("/api/games", &gm, json!({"name": "test", "variant": "standard", "deadline_secs": 3600, "seed": 7}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        (body["id"].as_i64().unwrap(), gm)
    }

    /// A new user who joins the game and is given `powers`: their token.
    pub async fn player(&self, id: i64, gm: &str, powers: &[&str]) -> String {
        let (name, token) = self.user("p").await;
        let (_, game) = self.get(&format!("/api/games/{id}"), gm).await;
        let code = game["invite_code"].as_str().unwrap();
        let (status, body) = self.post("/api/join", &token, json!({"code": code})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        for p in powers {
            let (status, body) =
                self.post(&format!("/api/games/{id}/seats"), gm, json!({"power": p, "user": name})).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        token
    }

    /// Bots stand in for these powers (nobody plays them).
    pub async fn bots(&self, id: i64, gm: &str, powers: &[&str]) {
        for p in powers {
            let (status, body) =
                self.post(&format!("/api/games/{id}/seats"), gm, json!({"power": p, "bot": "greedy"})).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    }

    pub async fn phase_index(&self, id: i64, token: &str) -> i64 {
        self.get(&format!("/api/games/{id}"), token).await.1["phase_index"].as_i64().unwrap()
    }
}
