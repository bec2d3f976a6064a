//! Safety: the API refuses a POST that is not JSON (a cross-site form sends
//! the session cookie but cannot send JSON), argon2 runs at most one a core
//! at once, per-name sign-in limits count failures only, failing games do
//! not hold up the scheduler, names are unique whatever their case, the
//! demo's game master's name is reserved, `X-Forwarded-For` counts for
//! the rate limits only when trusted, sessions are kept by their token's
//! hash (open ones surviving the migration on PostgreSQL), SQLite's
//! checkpoints run in the background (and truncate a log grown long), and
//! an in-memory SQLite database is refused.

use crate::common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::{server, server_with, unique, Db};
use polemarch_web::{accounts, auth, judge};
use serde_json::json;
use tower::ServiceExt;

async fn an_api_post_that_is_not_json_is_refused_even_with_the_cookie(db: Db) {
    let s = server(db).await;
    let (id, gm) = s.game().await;
    let forms = [
        (format!("/api/games/{id}/pause"), Some("application/x-www-form-urlencoded"), "x=1"),
        (format!("/api/games/{id}/pause"), Some("text/plain"), "{}"),
        (format!("/api/games/{id}/pause"), None, ""),
        ("/api/signout".to_string(), Some("application/x-www-form-urlencoded"), ""),
    ];
    for (uri, content_type, body) in forms {
        let mut req = Request::builder().method("POST").uri(&uri).header("cookie", format!("pm_session={gm}"));
        if let Some(t) = content_type {
            req = req.header("content-type", t);
        }
        let resp = s.router.clone().oneshot(req.body(Body::from(body)).unwrap()).await.unwrap();
        assert_eq!(resp.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE, "{uri} {content_type:?}");
    }
    let (_, g) = s.get(&format!("/api/games/{id}"), &gm).await;
    assert_eq!(g["status"], "active", "the game was not paused");
    // The same with a JSON body does it (the session was not ended).
    assert_eq!(s.post(&format!("/api/games/{id}/pause"), &gm, json!({})).await.0, StatusCode::OK);
}

async fn argon2_runs_at_most_one_a_core_at_once(db: Db) {
    let s = server(db).await;
    let mut tasks = Vec::new();
    for _ in 0..4 * accounts::hashing_permits() {
        let app = s.app.clone();
        tasks.push(tokio::spawn(async move { accounts::sign_up(&app.db, &unique("h"), "correct horse").await }));
    }
    for t in tasks {
        t.await.unwrap().unwrap();
    }
    let peak = accounts::hashing_peak();
    assert!((1..=accounts::hashing_permits()).contains(&peak), "{peak} at once");
}

async fn failed_sign_ins_elsewhere_lock_no_owner_out(db: Db) {
    let s = server_with(db, |c| c.limits.sign_in_per_minute = 3).await;
    let name = unique("ann");
    auth::enter(&s.app, "10.0.0.1", &name, "correct horse", true).await.unwrap();
    // Signing in well, from several addresses, more often than the limit.
    for i in 0..5 {
        auth::enter(&s.app, &format!("10.0.1.{i}"), &name, "correct horse", false).await.unwrap();
    }
    // Failing as often as the limit, from other addresses, does not lock
    // the owner out (tests/hardening.rs has the per-address limits).
    for i in 0..3 {
        let e = auth::enter(&s.app, &format!("10.0.2.{i}"), &name, "wrong horse", false).await.unwrap_err();
        assert_eq!(e.status, StatusCode::UNAUTHORIZED);
    }
    auth::enter(&s.app, "10.0.3.1", &name, "correct horse", false).await.unwrap();
    // One address is stopped by its own limit.
    let other = unique("bob");
    for _ in 0..3 {
        auth::enter(&s.app, "10.0.4.1", &other, "wrong horse", false).await.unwrap_err();
    }
    let e = auth::enter(&s.app, "10.0.4.1", &unique("cy"), "wrong horse", false).await.unwrap_err();
    assert_eq!(e.status, StatusCode::TOO_MANY_REQUESTS, "{}", e.message);
}

async fn games_whose_processing_fails_do_not_hold_up_the_others(db: Db) {
    let s = server(db).await;
    let (broken, _) = s.game().await;
    let now = polemarch_web::db::now();
    // A hundred games whose record no longer reads, their deadlines
    // passed long ago.
    for i in 0..100 {
        sqlx::query(
            "INSERT INTO games (name, variant, gm_id, invite_code, seed, is_public, status, deadline_secs, \
             deadline_at, phase_index, version, record, created_at) \
             SELECT name, variant, gm_id, invite_code || $1, seed, is_public, status, deadline_secs, $2, phase_index, \
             version, 'not a record', created_at FROM games WHERE id = $3",
        )
        .bind(format!("B{i}"))
        .bind(now - 1000 + i)
        .bind(broken)
        .execute(&s.app.db)
        .await
        .unwrap();
    }
    let (good, _) = s.game().await;
    sqlx::query("UPDATE games SET deadline_at = $1 WHERE id = $2")
        .bind(now - 1)
        .bind(good)
        .execute(&s.app.db)
        .await
        .unwrap();
    // The first round tries the hundred (and fails); the next leaves them
    // alone for a while and gets to the good game.
    assert_eq!(judge::process_due(&s.app).await.unwrap(), 0);
    assert_eq!(judge::process_due(&s.app).await.unwrap(), 1);
    let g = polemarch_web::games::load(&s.app.db, good).await.unwrap();
    assert_eq!(g.phase_index, 1);
}

async fn names_are_unique_whatever_their_case_and_demo_is_reserved(db: Db) {
    let s = server(db).await;
    let name = unique("Ann");
    let creds = |n: &str| Some(json!({"name": n, "password": "correct horse"}));
    assert_eq!(s.call("POST", "/api/signup", None, creds(&name)).await.0, StatusCode::OK);
    let (status, body) = s.call("POST", "/api/signup", None, creds(&name.to_lowercase())).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    // Signing in in another case finds the account, by its own name.
    let (status, body) = s.call("POST", "/api/signin", None, creds(&name.to_uppercase())).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["user"]["name"], name.as_str());
    for reserved in ["demo", "Demo"] {
        let (status, body) = s.call("POST", "/api/signup", None, creds(reserved)).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert!(body["error"].as_str().unwrap().contains("reserved"), "{body}");
    }
    // The demo makes its game master all the same.
    assert!(polemarch_web::demo::ensure(&s.app).await.unwrap().is_some());
}

#[tokio::test]
async fn a_database_with_names_differing_in_case_is_migrated() {
    // Its own SQLite database: the test takes the index away for a while.
    let s = server_with(Db::Sqlite, |c| c.database_url = None).await;
    sqlx::query("DROP INDEX users_name_any_case").execute(&s.app.db).await.unwrap();
    sqlx::query("DELETE FROM _sqlx_migrations WHERE version = 2").execute(&s.app.db).await.unwrap();
    let name = unique("Zed");
    accounts::sign_up(&s.app.db, &name, "correct horse").await.unwrap();
    // Made as an older judge did (no skeleton: migration 5 would refuse it).
    let later = sqlx::query("INSERT INTO users (name, password_hash, created_at) VALUES ($1, 'x', 0) RETURNING id")
        .bind(name.to_lowercase())
        .fetch_one(&s.app.db)
        .await
        .unwrap();
    let later = accounts::User { id: sqlx::Row::try_get(&later, 0).unwrap(), name: name.to_lowercase() };
    // Opened again, the migration renames the later account and adds the index.
    let again = s.another().await;
    let earlier = accounts::user_named(&again.db, &name.to_lowercase()).await.unwrap();
    assert_eq!(earlier.name, name);
    let renamed = accounts::user_named(&again.db, &format!("{}-{}", name.to_lowercase(), later.id)).await.unwrap();
    assert_eq!(renamed.id, later.id);
    assert_eq!(
        accounts::sign_up(&again.db, &name.to_uppercase(), "correct horse").await.unwrap_err().status,
        StatusCode::CONFLICT
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn sqlite_copies_its_log_into_the_database_file_in_the_background() {
    let s = server_with(Db::Sqlite, |c| c.database_url = None).await;
    // No connection checkpoints as it commits (a request would wait for it).
    let auto: i64 = sqlx::query_scalar("PRAGMA wal_autocheckpoint").fetch_one(&s.app.writer).await.unwrap();
    assert_eq!(auto, 0);
    // In WAL mode only a checkpoint writes the database file: new games go
    // to the log, and the file grows when the background checkpoint has
    // copied them there.
    let file = s.config.data.join("polemarch.db");
    let size = || std::fs::metadata(&file).unwrap().len() as i64;
    for _ in 0..10 {
        s.game().await;
    }
    // The database as the readers see it (the log's pages included): the
    // file holds all of it once everything is copied.
    let page: i64 = sqlx::query_scalar("PRAGMA page_size").fetch_one(&s.app.db).await.unwrap();
    let pages: i64 = sqlx::query_scalar("PRAGMA page_count").fetch_one(&s.app.db).await.unwrap();
    let start = std::time::Instant::now();
    while size() < pages * page {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(10),
            "no checkpoint within 10 s: the file is {} bytes of {}",
            size(),
            pages * page
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn sqlite_truncates_a_log_that_a_reader_kept_from_starting_over() {
    let s = server_with(Db::Sqlite, |c| c.database_url = None).await;
    let log = s.config.data.join("polemarch.db-wal");
    let log_size = || std::fs::metadata(&log).map_or(0, |m| m.len() as i64);
    // A reader in a transaction held open: no checkpoint copies past what
    // it reads, and the log cannot start over while it is there.
    let mut reader = s.app.db.begin().await.unwrap();
    let _: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM users").fetch_one(&mut *reader).await.unwrap();
    // Writes past the limit (each row about 100 pages of 4 KiB).
    sqlx::query("CREATE TABLE ballast (b BLOB)").execute(&s.app.writer).await.unwrap();
    for _ in 0..polemarch_web::checkpoints::LOG_LIMIT / 100 + 10 {
        sqlx::query("INSERT INTO ballast VALUES (zeroblob(400000))").execute(&s.app.writer).await.unwrap();
    }
    let long = log_size();
    assert!(long > polemarch_web::checkpoints::LOG_LIMIT * 4096, "the log is {long} bytes");
    // The reader leaves a while later; the checkpoint on the writer, which
    // waited for it, then truncates the log.
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    reader.rollback().await.unwrap();
    let start = std::time::Instant::now();
    while log_size() > 1 << 20 {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(15),
            "the log is still {} bytes (it was {long})",
            log_size()
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn an_in_memory_sqlite_database_is_refused() {
    for url in ["sqlite::memory:", "sqlite://judge.db?mode=memory"] {
        let config = polemarch_web::Config { database_url: Some(url.into()), demo: false, ..Default::default() };
        let e = polemarch_web::Shared::open(&config).await.err().expect("refused");
        assert!(e.contains("in-memory"), "{e}");
    }
}

/// A sign-up through the API from a client that the request's
/// `X-Forwarded-For` says is `from`: its status.
async fn sign_up_from(s: &common::TestServer, from: &str) -> StatusCode {
    let body = json!({"name": unique("xff"), "password": "correct horse"}).to_string();
    let req = Request::builder()
        .method("POST")
        .uri("/api/signup")
        .header("content-type", "application/json")
        .header("x-forwarded-for", from);
    s.router.clone().oneshot(req.body(Body::from(body)).unwrap()).await.unwrap().status()
}

async fn forwarded_addresses_count_only_when_trusted(db: Db) {
    // By default the header is the client's word: every attempt counts
    // against the connecting address, whatever it says.
    let s = server_with(db.clone(), |c| c.limits.sign_in_per_minute = 2).await;
    assert_eq!(sign_up_from(&s, "203.0.113.1").await, StatusCode::OK);
    assert_eq!(sign_up_from(&s, "203.0.113.1").await, StatusCode::OK);
    assert_eq!(sign_up_from(&s, "203.0.113.2").await, StatusCode::TOO_MANY_REQUESTS);
    // Trusted (behind a proxy), each client has its limit: the last
    // address counts, the one the proxy appended.
    let s = server_with(db, |c| {
        c.limits.sign_in_per_minute = 2;
        c.limits.trust_forwarded_for = true;
    })
    .await;
    assert_eq!(sign_up_from(&s, "203.0.113.1").await, StatusCode::OK);
    assert_eq!(sign_up_from(&s, "198.51.100.9, 203.0.113.1").await, StatusCode::OK);
    assert_eq!(sign_up_from(&s, "203.0.113.2, 203.0.113.1").await, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(sign_up_from(&s, "203.0.113.1, 203.0.113.2").await, StatusCode::OK);
}

async fn sessions_are_kept_by_their_tokens_hash(db: Db) {
    let s = server(db).await;
    let (_, token) = s.user("hash").await;
    assert_eq!(s.get("/api/me", &token).await.0, StatusCode::OK);
    let kept: Vec<String> = sqlx::query_scalar("SELECT token_sha256 FROM sessions").fetch_all(&s.app.db).await.unwrap();
    assert_eq!(kept, vec![accounts::token_hash(&token)], "the database keeps the token's hash alone");
    assert!(kept.iter().all(|k| !k.contains(&token)));
    // The hash is SHA-256 (FIPS 180-2's example).
    assert_eq!(accounts::token_hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    // What the database keeps does not sign anyone in.
    assert_eq!(s.get("/api/me", &kept[0]).await.0, StatusCode::UNAUTHORIZED);
    // Signing out deletes it.
    assert_eq!(s.post("/api/signout", &token, json!({})).await.0, StatusCode::OK);
    let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sessions").fetch_one(&s.app.db).await.unwrap();
    assert_eq!(left, 0);
}

async fn sessions_open_before_hashing_go_on_or_end_cleanly(db: Db) {
    let s = server(db.clone()).await;
    let (name, _) = s.user("old").await;
    let user = accounts::user_named(&s.app.db, &name).await.unwrap();
    // The database as migration 2 left it, with a session kept raw.
    sqlx::query("DELETE FROM sessions").execute(&s.app.db).await.unwrap();
    sqlx::query("ALTER TABLE sessions RENAME COLUMN token_sha256 TO token").execute(&s.app.db).await.unwrap();
    sqlx::query("DELETE FROM _sqlx_migrations WHERE version = 3").execute(&s.app.db).await.unwrap();
    let raw = accounts::random_token();
    sqlx::query("INSERT INTO sessions (token, user_id, csrf, expires_at) VALUES ($1, $2, $3, $4)")
        .bind(&raw)
        .bind(user.id)
        .bind("csrf")
        .bind(polemarch_web::db::now() + 3600)
        .execute(&s.app.db)
        .await
        .unwrap();
    // Opened again, migration 3 runs: on PostgreSQL the session is hashed
    // in place and still signs its holder in; on SQLite (no SHA-256 in
    // SQL) it is ended, and its cookie is simply not found.
    let again = s.another().await;
    let found = accounts::session(&again.db, &raw).await.unwrap();
    let kept: Vec<String> = sqlx::query_scalar("SELECT token_sha256 FROM sessions").fetch_all(&again.db).await.unwrap();
    match db {
        Db::Postgres(_) => {
            assert_eq!(found.map(|f| f.user.id), Some(user.id), "the open session goes on");
            assert_eq!(kept, vec![accounts::token_hash(&raw)]);
        }
        Db::Sqlite => {
            assert!(found.is_none(), "the open session is ended");
            assert!(kept.is_empty());
        }
    }
    // Either way, a new session works.
    let s2 = accounts::new_session(&again.db, &user).await.unwrap();
    assert_eq!(accounts::session(&again.db, &s2.token).await.unwrap().map(|f| f.user.id), Some(user.id));
}

on_both!(
    sessions_are_kept_by_their_tokens_hash,
    sessions_open_before_hashing_go_on_or_end_cleanly,
    forwarded_addresses_count_only_when_trusted,
    an_api_post_that_is_not_json_is_refused_even_with_the_cookie,
    argon2_runs_at_most_one_a_core_at_once,
    failed_sign_ins_elsewhere_lock_no_owner_out,
    games_whose_processing_fails_do_not_hold_up_the_others,
    names_are_unique_whatever_their_case_and_demo_is_reserved,
);
