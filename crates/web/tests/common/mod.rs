//! A web judge for a test: its own SQLite database in a fresh temporary
//! folder (removed when the test ends), or the PostgreSQL database that
//! `DATABASE_URL` names (shared: every test's names are its own). Requests
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
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if std::env::var_os("POLEMARCH_KEEP_TEST_DIRS").is_none() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A name no other test (nor run, on a shared PostgreSQL) uses.
pub fn unique(prefix: &str) -> String {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
    format!("{prefix}{}x{}x{}", std::process::id() % 100_000, COUNTER.fetch_add(1, Ordering::SeqCst), nanos % 100_000)
}

/// Which database the tests use, said once.
fn database_url() -> Option<String> {
    let url = std::env::var("DATABASE_URL").ok().filter(|u| !u.is_empty());
    static SAID: std::sync::Once = std::sync::Once::new();
    SAID.call_once(|| match &url {
        Some(_) => eprintln!("web tests: on the PostgreSQL database of DATABASE_URL"),
        None => eprintln!("web tests: on SQLite in temporary folders (set DATABASE_URL=postgres://... to run them on PostgreSQL)"),
    });
    url
}

pub async fn server() -> TestServer {
    server_with(|_| {}).await
}

pub async fn server_with(change: impl FnOnce(&mut Config)) -> TestServer {
    let dir = std::env::temp_dir().join(format!("polemarch-test-web-{}", unique("")));
    let mut config = Config { data: dir.clone(), database_url: database_url(), demo: false, ..Default::default() };
    config.limits.sign_in_per_minute = 10_000;
    config.limits.submissions_per_minute = 10_000;
    change(&mut config);
    let app = Shared::open(&config).await.expect("the test database opens");
    let router = polemarch_web::router(app.clone());
    TestServer { app, router, config, dir }
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
        let value = serde_json::from_slice(&bytes).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
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
        let (status, body) = self.call("POST", "/api/signup", None, Some(json!({"name": name, "password": "correct horse"}))).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        (name, body["token"].as_str().unwrap().to_string())
    }

    /// A game of standard made by a new game master: (game id, gm token).
    pub async fn game(&self) -> (i64, String) {
        let (_, gm) = self.user("gm").await;
        let (status, body) = self.post("/api/games", &gm, json!({"name": "test", "variant": "standard", "deadline_secs": 3600, "seed": 7})).await;
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
            let (status, body) = self.post(&format!("/api/games/{id}/seats"), gm, json!({"power": p, "user": name})).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        token
    }

    /// Bots stand in for these powers (nobody plays them).
    pub async fn bots(&self, id: i64, gm: &str, powers: &[&str]) {
        for p in powers {
            let (status, body) = self.post(&format!("/api/games/{id}/seats"), gm, json!({"power": p, "bot": "greedy"})).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    }

    pub async fn phase_index(&self, id: i64, token: &str) -> i64 {
        self.get(&format!("/api/games/{id}"), token).await.1["phase_index"].as_i64().unwrap()
    }
}
