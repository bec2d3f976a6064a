//! Mail against a real SMTP server: Python's aiosmtpd (a sink that keeps
//! every mail it receives in a maildir) started on a loopback port. The
//! confirmation link, reminders only to the powers that owe orders, none to
//! who did not opt in or confirm, results, press digests (at most one a
//! quarter of an hour), the game's end with its result, no player's name in
//! an anonymous game, the unsubscribe link without signing in, the links'
//! tokens kept hashed (also those an older judge kept as they were), and
//! the outbox surviving a mail server that is down and a restart.

use crate::common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::{server, server_with, Db, TestServer};
use http_body_util::BodyExt;
use polemarch_web::mail::{Security, Settings};
use serde_json::json;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tower::ServiceExt;

/// The SMTP sink: its port and maildir; killed when dropped.
struct Sink {
    child: Child,
    port: u16,
    dir: PathBuf,
}

impl Drop for Sink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A received mail: envelope recipient, subject, headers and decoded body.
#[derive(Debug, Clone)]
struct Got {
    to: String,
    subject: String,
    headers: String,
    body: String,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

impl Sink {
    /// Started: the tests that call this run only where aiosmtpd was found
    /// when they were built, or in CI (`on_both_with_smtp!`), and fail here
    /// if it is missing.
    fn start(test: &str) -> Sink {
        let present = Command::new("python3")
            .args(["-c", "import aiosmtpd"])
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        assert!(present, "{test}: Python's aiosmtpd is missing (.ci/run installs it with pip)");
        let dir = std::env::temp_dir().join(common::unique("polemarch-mail-"));
        std::fs::create_dir_all(&dir).unwrap();
        let port = free_port();
        let child = Command::new("python3")
            .args([
                "-m",
                "aiosmtpd",
                "-n",
                "-l",
                &format!("127.0.0.1:{port}"),
                "-c",
                "aiosmtpd.handlers.Mailbox",
                dir.join("box").to_str().unwrap(),
            ])
            .stdout(Stdio::null())
            .spawn()
            .expect("python3 runs");
        for _ in 0..100 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return Sink { child, port, dir };
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("the SMTP sink did not start on port {port}");
    }

    /// Every mail received so far.
    fn mails(&self) -> Vec<Got> {
        let Ok(files) = std::fs::read_dir(self.dir.join("box/new")) else { return Vec::new() };
        let mut out: Vec<(std::time::SystemTime, Got)> = Vec::new();
        for f in files.flatten() {
            let text = std::fs::read_to_string(f.path()).unwrap().replace("\r\n", "\n");
            let (headers, body) = text.split_once("\n\n").unwrap();
            let header = |name: &str| {
                headers.lines().find_map(|l| l.strip_prefix(&format!("{name}: "))).unwrap_or("").to_string()
            };
            let body = if header("Content-Transfer-Encoding") == "quoted-printable" {
                unquote(body)
            } else {
                body.to_string()
            };
            let got = Got { to: header("X-RcptTo"), subject: header("Subject"), headers: headers.to_string(), body };
            out.push((f.metadata().unwrap().modified().unwrap(), got));
        }
        out.sort_by_key(|m| m.0);
        out.into_iter().map(|m| m.1).collect()
    }

    /// Waits until a mail to `to` whose subject contains `about` is here.
    async fn wait_for(&self, to: &str, about: &str) -> Got {
        for _ in 0..100 {
            if let Some(m) = self.mails().into_iter().find(|m| m.to == to && m.subject.contains(about)) {
                return m;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("no mail to {to} about `{about}`: {:#?}", self.mails());
    }

    fn count(&self, to: &str, about: &str) -> usize {
        self.mails().iter().filter(|m| m.to == to && m.subject.contains(about)).count()
    }
}

/// Quoted-printable decoded.
fn unquote(s: &str) -> String {
    let s = s.replace("=\n", "");
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'=' && i + 2 < b.len() {
            if let Ok(v) = u8::from_str_radix(&s[i + 1..i + 3], 16) {
                out.push(v);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn settings(port: u16) -> Settings {
    Settings {
        host: "127.0.0.1".into(),
        port,
        security: Security::None,
        user: None,
        password: None,
        from: "polemarch <judge@example.org>".into(),
        public_url: "http://judge.test".into(),
        every: Duration::from_millis(100),
    }
}

/// The link in a mail that starts so.
fn link(mail: &Got, prefix: &str) -> String {
    let at = mail.body.find(prefix).unwrap_or_else(|| panic!("no {prefix} link in {mail:?}"));
    mail.body[at..].split_whitespace().next().unwrap().trim_start_matches("http://judge.test").to_string()
}

async fn open(s: &TestServer, method: &str, path: &str) -> (StatusCode, String) {
    let resp = s
        .router
        .clone()
        .oneshot(Request::builder().method(method).uri(path).body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = resp.status();
    (status, String::from_utf8(resp.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap())
}

/// The database holds the link's token hashed, never as it is.
async fn kept_hashed_only(s: &TestServer, token: &str) {
    use sqlx::Row;
    assert!(token.len() >= 40, "a link's token: {token}");
    for table in ["mail_addresses", "mail_links", "mail_choices", "outbox", "mail_links_in_clear"] {
        for row in sqlx::query(&format!("SELECT * FROM {table}")).fetch_all(&s.app.db).await.unwrap() {
            for i in 0..row.len() {
                if let Ok(Some(v)) = row.try_get::<Option<String>, _>(i) {
                    assert!(!v.contains(token), "{table} holds a link's token as it is: {v}");
                }
            }
        }
    }
    let hashed: i64 = sqlx::query("SELECT COUNT(*) FROM mail_links WHERE token_sha256 = $1")
        .bind(polemarch_web::accounts::token_hash(token))
        .fetch_one(&s.app.db)
        .await
        .unwrap()
        .try_get(0)
        .unwrap();
    assert_eq!(hashed, 1, "the link's hash is kept");
}

/// A database an older judge left (migration 10), with the links' tokens
/// kept as they are: opened by this judge, it keeps only their hashes, and
/// the links already mailed still work; the addresses keep their state.
async fn links_mailed_by_an_older_judge_still_work(db: Db) {
    let (confirm, unsubscribe, other_unsubscribe) = ("c".repeat(43), "u".repeat(43), "v".repeat(43));
    let (c, u, v) = (confirm.clone(), unsubscribe.clone(), other_unsubscribe.clone());
    let s = common::server_prepared(
        db,
        |_| {},
        |url| async move {
            polemarch_web::db::migrate_up_to(&url, 10).await.unwrap();
            let pool = polemarch_web::db::pool(&url, 1).await.unwrap();
            let rows =
                [("Ann", "ann@example.org", 0, c.as_str(), u.as_str()), ("Bob", "bob@example.org", 1, "b", v.as_str())];
            for (name, address, confirmed, confirm_token, unsubscribe_token) in rows {
                sqlx::query("INSERT INTO users (name, password_hash, created_at) VALUES ($1, '!', 0)")
                    .bind(name)
                    .execute(&pool)
                    .await
                    .unwrap();
                sqlx::query(
                    "INSERT INTO mail_addresses (user_id, address, confirmed, confirm_token, unsubscribe_token) \
                     SELECT id, $1, $2, $3, $4 FROM users WHERE name = $5",
                )
                .bind(address)
                .bind(confirmed)
                .bind(confirm_token)
                .bind(unsubscribe_token)
                .bind(name)
                .execute(&pool)
                .await
                .unwrap();
            }
            // Ann's confirmation, not sent yet.
            sqlx::query(
                "INSERT INTO outbox (recipient, subject, body, unsubscribe, next_try) VALUES ('ann@example.org', \
                 'Confirm your address for the polemarch judge', $1, $2, 0)",
            )
            .bind(format!("To get its mail here, open:\nhttp://judge.test/mail/confirm/{c}\n"))
            .bind(&u)
            .execute(&pool)
            .await
            .unwrap();
            pool.close().await;
        },
    )
    .await;
    for token in [&confirm, &unsubscribe, &other_unsubscribe] {
        kept_hashed_only(&s, token).await;
    }
    let (_, body): (i64, String) =
        sqlx::query_as("SELECT user_id, body FROM outbox").fetch_one(&s.app.db).await.unwrap();
    assert!(
        body.contains("http://judge.test/mail/confirm/{confirm}"),
        "the waiting confirmation gets its link when sent: {body}"
    );
    let (status, page) = open(&s, "GET", &format!("/mail/confirm/{confirm}")).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let confirmed: Vec<(String, i64)> =
        sqlx::query_as("SELECT address, confirmed FROM mail_addresses ORDER BY address")
            .fetch_all(&s.app.db)
            .await
            .unwrap();
    assert_eq!(confirmed, vec![("ann@example.org".to_string(), 1), ("bob@example.org".to_string(), 1)]);
    assert_eq!(open(&s, "POST", &format!("/mail/unsubscribe/{other_unsubscribe}")).await.0, StatusCode::OK);
    let left: Vec<(String,)> = sqlx::query_as("SELECT address FROM mail_addresses").fetch_all(&s.app.db).await.unwrap();
    assert_eq!(left, vec![("ann@example.org".to_string(),)], "Bob's address is forgotten, Ann's kept");
    assert_eq!(open(&s, "POST", &format!("/mail/unsubscribe/{unsubscribe}")).await.0, StatusCode::OK);
    assert_eq!(open(&s, "GET", &format!("/mail/confirm/{}", "x".repeat(43))).await.0, StatusCode::NOT_FOUND);
}

/// A deleted account gets no more mail: its address, choices and the mail
/// waiting for it are forgotten.
async fn a_deleted_account_is_mailed_no_more(db: Db) {
    use sqlx::Row;
    // (No mail is sent meanwhile: the outbox is looked at once an hour.)
    let s = server_with(db, |c| c.mail = Some(Settings { every: Duration::from_secs(3600), ..settings(free_port()) }))
        .await;
    let (_, token) = s.user("ann").await;
    let (status, body) = s.post("/api/mail", &token, json!({"address": "ann@example.org"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let count = |table: &'static str| {
        let db = s.app.db.clone();
        async move {
            sqlx::query(&format!("SELECT COUNT(*) FROM {table}"))
                .fetch_one(&db)
                .await
                .unwrap()
                .try_get::<i64, _>(0)
                .unwrap()
        }
    };
    assert_eq!((count("mail_addresses").await, count("outbox").await), (1, 1));
    let (status, body) = s.post("/api/me/delete", &token, json!({"password": "correct horse"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!((count("mail_addresses").await, count("outbox").await, count("mail_links").await), (0, 0, 0));
}

async fn mail_is_off_without_settings(db: Db) {
    let s = server(db).await;
    let (_, token) = s.user("ann").await;
    let (status, body) = s.post("/api/mail", &token, json!({"address": "ann@example.org"})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(body["error"].as_str().unwrap().contains("mail is off"), "{body}");
    assert_eq!(s.get("/api/mail", &token).await.1["mail"], false);
}

async fn mail_reaches_who_asked_for_it_and_no_one_else(db: Db) {
    let sink = Sink::start("mail_reaches_who_asked_for_it_and_no_one_else");
    let s = server_with(db, |c| c.mail = Some(settings(sink.port))).await;
    let (_, gm) = s.user("gm").await;
    let (_, g) = s
        .post(
            "/api/games",
            &gm,
            json!({"name": "by mail", "variant": "standard", "deadline_secs": 7200, "anonymous": true}),
        )
        .await;
    let id = g["id"].as_i64().unwrap();
    let france = s.player(id, &gm, &["France"]).await;
    let england = s.player(id, &gm, &["England"]).await;
    let germany = s.player(id, &gm, &["Germany"]).await;
    let mut names = Vec::new();
    for token in [&france, &england, &germany] {
        names.push(s.get("/api/me", token).await.1["name"].as_str().unwrap().to_string());
    }
    let (f, e, g) = ("france@example.org", "england@example.org", "germany@example.org");
    for (token, address) in [(&france, f), (&england, e), (&germany, g)] {
        let (status, body) = s.post("/api/mail", token, json!({"address": address})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    assert_eq!(s.post("/api/mail", &france, json!({"address": "not an address"})).await.0, StatusCode::BAD_REQUEST);
    // France and England confirm by the link, without signing in; Germany does not.
    let mut tokens = Vec::new();
    for address in [f, e] {
        let confirm = sink.wait_for(address, "Confirm your address").await;
        let path = link(&confirm, "http://judge.test/mail/confirm/");
        let (status, page) = open(&s, "GET", &path).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        tokens.push(path.rsplit('/').next().unwrap().to_string());
    }
    sink.wait_for(g, "Confirm").await;
    let (status, body) = s
        .post(&format!("/api/games/{id}/mail"), &germany, json!({"results": true, "reminders": true, "press": true}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        s.post(&format!("/api/games/{id}/mail"), &france, json!({"results": true, "reminders": true, "press": true}))
            .await
            .0,
        StatusCode::OK
    );
    assert_eq!(
        s.post(&format!("/api/games/{id}/mail"), &england, json!({"results": true, "reminders": true})).await.0,
        StatusCode::OK
    );
    // England is ready; France owes orders. An hour is left.
    s.post(
        &format!("/api/games/{id}/orders/England"),
        &england,
        json!({"phase_index": 0, "orders": "F lon - nth", "ready": true}),
    )
    .await;
    sqlx::query("UPDATE games SET deadline_at = $1 WHERE id = $2")
        .bind(polemarch_web::db::now() + 1800)
        .bind(id)
        .execute(&s.app.db)
        .await
        .unwrap();
    let reminder = sink.wait_for(f, "orders due").await;
    let due = ["30m", "29m"].iter().any(|left| {
        reminder.body.contains(&format!("the orders of France for Spring 1901, Movement are due in {left}, "))
    });
    assert!(due, "{reminder:?}");
    assert!(reminder.headers.contains("List-Unsubscribe: <http://judge.test/mail/unsubscribe/"), "{reminder:?}");
    // Press: France gets one digest of England's messages; England chose none.
    for text in ["Shall we?", "Answer soon"] {
        s.post(&format!("/api/games/{id}/press"), &england, json!({"from": "England", "to": ["France"], "body": text}))
            .await;
    }
    let digest = sink.wait_for(f, "new message").await;
    assert!(digest.body.contains("England to England, France (Spring 1901, Movement):\nShall we?"), "{digest:?}");
    s.post(&format!("/api/games/{id}/press"), &england, json!({"from": "England", "to": ["France"], "body": "Hello?"}))
        .await;
    s.post(&format!("/api/games/{id}/press"), &france, json!({"from": "France", "to": ["England"], "body": "Later"}))
        .await;
    s.post(&format!("/api/games/{id}/process"), &gm, json!({"phase_index": 0})).await;
    for address in [f, e] {
        let results = sink.wait_for(address, "Spring 1901, Movement processed").await;
        assert!(results.body.contains("http://judge.test/games/"), "{results:?}");
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(sink.count(f, "new message"), 1, "at most one digest a quarter of an hour");
    assert_eq!(sink.count(e, "orders due"), 0, "England was ready");
    assert_eq!(sink.count(e, "new message"), 0, "England chose no press");
    assert_eq!(
        sink.mails().iter().filter(|m| m.to == g).count(),
        1,
        "Germany, unconfirmed, got the confirmation alone"
    );
    // No mail but one's own confirmation names a player: the game is anonymous.
    for m in sink.mails().iter().filter(|m| !m.subject.contains("Confirm")) {
        for n in &names {
            assert!(!m.body.contains(n.as_str()) && !m.subject.contains(n.as_str()), "{n} in {m:?}");
        }
    }
    // France stops all mail by the link, without signing in.
    let stop = link(&digest, "http://judge.test/mail/unsubscribe/");
    // The links' tokens are only in the mails: the database has their hash.
    tokens.push(stop.rsplit('/').next().unwrap().to_string());
    for token in &tokens {
        kept_hashed_only(&s, token).await;
    }
    let (status, page) = open(&s, "GET", &stop).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("Stop all mail"));
    let (status, page) = open(&s, "POST", &stop).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let before = sink.mails().iter().filter(|m| m.to == f).count();
    s.post(&format!("/api/games/{id}/process"), &gm, json!({"phase_index": 1})).await;
    sink.wait_for(e, "Autumn 1901, Movement processed").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(sink.mails().iter().filter(|m| m.to == f).count(), before, "nothing more to France");
    assert_eq!(open(&s, "POST", &stop).await.0, StatusCode::NOT_FOUND);
    // The game ends (a draw the game master declares): England, who chose
    // results, is told its result, the powers named and no player.
    let (status, body) = s.post(&format!("/api/games/{id}/draw"), &gm, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let over = sink.wait_for(e, "the game is over").await;
    assert!(
        over.body.contains("The game is over: drawn between Austria, England, France, Germany, Italy, Russia, Turkey."),
        "{over:?}"
    );
    for n in &names {
        assert!(!over.body.contains(n.as_str()), "{n} in {over:?}");
    }
}

async fn the_outbox_outlives_a_mail_server_down_and_a_restart(db: Db) {
    let sink = Sink::start("the_outbox_outlives_a_mail_server_down_and_a_restart");
    // Nothing listens on this port: the mail server is down. The first
    // process is the test server's database with mail on.
    let down = free_port();
    let s = server(db).await;
    let (_, ann) = s.user("ann").await;
    let mut config = s.config.clone();
    config.mail = Some(settings(down));
    let first = polemarch_web::Shared::open(&config).await.unwrap();
    let req = Request::builder()
        .method("POST")
        .uri("/api/mail")
        .header("authorization", format!("Bearer {ann}"))
        .header("content-type", "application/json")
        .body(Body::from(json!({"address": "ann@example.org"}).to_string()))
        .unwrap();
    let started = std::time::Instant::now();
    let resp = polemarch_web::router(first.clone()).oneshot(req).await.unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    assert!(started.elapsed() < Duration::from_secs(1), "a request does not wait for the mail server");
    use sqlx::Row;
    let mut tried = (0i64, 0i64);
    for _ in 0..100 {
        let row = sqlx::query("SELECT attempts, next_try FROM outbox").fetch_one(&s.app.db).await.unwrap();
        tried = (row.try_get(0).unwrap(), row.try_get(1).unwrap());
        if tried.0 > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(tried.0, 1, "one attempt failed");
    assert!(tried.1 >= polemarch_web::db::now() + 5, "and the next waits ({tried:?})");
    assert_eq!(polemarch_web::mail::outbox::backoff(0), 10);
    assert_eq!(polemarch_web::mail::outbox::backoff(3), 80);
    assert_eq!(polemarch_web::mail::outbox::backoff(20), 3600);
    // The first process stops; another starts with the mail server up
    // (the wait is cut short).
    drop(first);
    tokio::time::sleep(Duration::from_millis(500)).await;
    config.mail = Some(settings(sink.port));
    let restarted = polemarch_web::Shared::open(&config).await.unwrap();
    sqlx::query("UPDATE outbox SET next_try = $1")
        .bind(polemarch_web::db::now())
        .execute(&restarted.writer)
        .await
        .unwrap();
    sink.wait_for("ann@example.org", "Confirm").await;
}

on_both!(mail_is_off_without_settings, links_mailed_by_an_older_judge_still_work, a_deleted_account_is_mailed_no_more);
on_both_with_smtp!(mail_reaches_who_asked_for_it_and_no_one_else, the_outbox_outlives_a_mail_server_down_and_a_restart);
