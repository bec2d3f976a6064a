//! The web judge under attack (issue 27): the headers of every response,
//! one form for every refusal, bad text and look-alike names refused,
//! sign-in limits that never lock the owner out, no enumeration through
//! the seat API, floods limited, and a start-up that two processes may do
//! at once. The connection and memory limits are in the heavy tests.

use crate::common;

use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode};
use common::{server, server_with, unique, Db, TestServer};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

/// What came back: status, headers, body as text.
struct Answer {
    status: StatusCode,
    headers: HeaderMap,
    body: String,
}

impl Answer {
    fn header(&self, name: &str) -> &str {
        self.headers.get(name).map_or("", |h| h.to_str().unwrap())
    }

    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {} {}", self.status, self.body))
    }
}

/// One request as a client sends it: `headers` as given, `body` as bytes.
async fn send(s: &TestServer, method: &str, uri: &str, headers: &[(&str, &str)], body: impl Into<Vec<u8>>) -> Answer {
    let mut req = Request::builder().method(method).uri(uri);
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let resp = s.router.clone().oneshot(req.body(Body::from(body.into())).unwrap()).await.unwrap();
    let (status, headers) = (resp.status(), resp.headers().clone());
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    Answer { status, headers, body: String::from_utf8_lossy(&bytes).into_owned() }
}

const JSON: (&str, &str) = ("content-type", "application/json");
const FORM: (&str, &str) = ("content-type", "application/x-www-form-urlencoded");

// ---- security headers ------------------------------------------------

async fn every_response_carries_the_security_headers(db: Db) {
    let s = server(db).await;
    let (id, gm) = s.game().await;
    let france = s.player(id, &gm, &["France"]).await;
    let bearer = format!("Bearer {france}");
    let cookie = format!("pm_session={france}");
    let answers = [
        send(&s, "GET", "/", &[], "").await,
        send(&s, "GET", "/signin", &[], "").await,
        send(&s, "GET", &format!("/games/{id}"), &[("cookie", &cookie)], "").await,
        send(&s, "GET", &format!("/games/{id}/phases/0/map.svg"), &[("cookie", &cookie)], "").await,
        send(&s, "GET", "/style.css", &[], "").await,
        send(&s, "GET", "/check.js", &[], "").await,
        send(&s, "GET", "/no/such/page", &[], "").await,
        send(&s, "GET", "/api/variants", &[], "").await,
        send(&s, "GET", "/api/me", &[], "").await,
        send(&s, "POST", "/api/games", &[("authorization", &bearer), JSON], "{").await,
        send(&s, "POST", "/signin", &[FORM], "name=x").await,
    ];
    for a in &answers {
        let csp = a.header("content-security-policy");
        assert!(
            csp.contains("frame-ancestors 'none'") && csp.contains("script-src 'self'"),
            "{} CSP: {csp:?}",
            a.status
        );
        assert!(!csp.contains("unsafe-inline"), "{csp}");
        assert_eq!(a.header("x-content-type-options"), "nosniff", "{}", a.status);
        assert_eq!(a.header("referrer-policy"), "same-origin", "{}", a.status);
        assert_eq!(a.header("x-frame-options"), "DENY", "{}", a.status);
    }
    // The game page a player sees (with its live checks) runs no inline
    // script and no `javascript:` link; its script is a file served as one.
    let page = &answers[2].body;
    assert!(page.contains("<script src=\"/check.js\""), "{page}");
    assert_eq!(page.matches("<script").count(), page.matches("<script src=").count(), "{page}");
    assert!(!page.contains("javascript:") && !page.contains(" onclick=") && !page.contains(" style="), "{page}");
    assert!(answers[5].header("content-type").starts_with("text/javascript"));
    assert!(!send(&s, "GET", "/nope", &[], "").await.body.contains("javascript:"));
}

// ---- one form for every refusal ---------------------------------------

async fn every_refusal_is_json_on_the_api_and_a_page_elsewhere(db: Db) {
    let s = server(db).await;
    let (id, gm) = s.game().await;
    let bearer = format!("Bearer {gm}");
    let auth = ("authorization", bearer.as_str());
    let big = format!("{{\"name\": \"{}\"}}", "x".repeat(3 << 20));
    let api = [
        (send(&s, "POST", "/api/games", &[auth, JSON], "{\"name\": ").await, StatusCode::BAD_REQUEST),
        (send(&s, "POST", "/api/games", &[auth, JSON], "{\"name\": \"x\"}").await, StatusCode::UNPROCESSABLE_ENTITY),
        (send(&s, "GET", "/api/games/abc", &[auth], "").await, StatusCode::BAD_REQUEST),
        (send(&s, "POST", "/api/games", &[auth, JSON], big).await, StatusCode::PAYLOAD_TOO_LARGE),
        (send(&s, "POST", "/api/games", &[auth], "{}").await, StatusCode::UNSUPPORTED_MEDIA_TYPE),
        (send(&s, "GET", "/api/no/such/thing", &[auth], "").await, StatusCode::NOT_FOUND),
        (send(&s, "DELETE", "/api/variants", &[auth], "").await, StatusCode::METHOD_NOT_ALLOWED),
    ];
    for (a, status) in &api {
        assert_eq!(a.status, *status, "{}", a.body);
        assert!(
            a.header("content-type").starts_with("application/json"),
            "{status}: {:?} {}",
            a.header("content-type"),
            a.body
        );
        let error = a.json()["error"].as_str().unwrap_or_else(|| panic!("{}", a.body)).to_string();
        assert!(!error.is_empty());
    }
    assert!(api[1].0.json()["error"].as_str().unwrap().contains("missing field `variant`"), "{}", api[1].0.body);
    assert!(!api[6].0.header("allow").is_empty(), "405 keeps its Allow header");
    // `application/json ; charset=utf-8` is JSON, as the server's own check
    // says: taken, not refused later with 415.
    let (_, token) = s.user("ann").await;
    let spaced = send(
        &s,
        "POST",
        "/api/join",
        &[("authorization", &format!("Bearer {token}")), ("content-type", "application/json ; charset=utf-8")],
        json!({"code": "NOSUCHCODE"}).to_string(),
    )
    .await;
    assert_eq!(spaced.status, StatusCode::BAD_REQUEST, "{}", spaced.body);
    assert_eq!(spaced.json()["error"], "no game has this invite code");
    // On the pages: a page, with its status.
    let cookie = format!("pm_session={gm}");
    let pages = [
        // A page's address that does not parse is no page (issue 26): 404.
        (send(&s, "GET", "/games/abc", &[], "").await, StatusCode::NOT_FOUND),
        (
            send(&s, "POST", &format!("/games/{id}/gm"), &[("cookie", &cookie), FORM], "action=pause").await,
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            send(&s, "POST", "/join", &[("cookie", &cookie), FORM], format!("csrf=x&code={}", "x".repeat(3 << 20)))
                .await,
            StatusCode::PAYLOAD_TOO_LARGE,
        ),
        (send(&s, "POST", "/join", &[("cookie", &cookie), JSON], "{}").await, StatusCode::UNSUPPORTED_MEDIA_TYPE),
        (send(&s, "GET", "/no/such/page", &[], "").await, StatusCode::NOT_FOUND),
    ];
    for (a, status) in &pages {
        assert_eq!(a.status, *status, "{}", a.body);
        assert!(
            a.header("content-type").starts_with("text/html"),
            "{status}: {:?} {}",
            a.header("content-type"),
            a.body
        );
        assert!(a.body.starts_with("<!DOCTYPE html>") && a.body.contains("class=\"error\""), "{}", a.body);
    }
    assert!(
        pages[1].0.body.contains("missing field `csrf`") && pages[1].0.body.contains("reload the page"),
        "{}",
        pages[1].0.body
    );
    // The game is as it was: the refused form paused nothing.
    assert_eq!(s.get(&format!("/api/games/{id}"), &gm).await.1["status"], "active");
}

// ---- bad text ------------------------------------------------------------

async fn control_and_bidi_characters_are_refused_in_every_name(db: Db) {
    let s = server(db).await;
    let (id, gm) = s.game().await;
    let france = s.player(id, &gm, &["France"]).await;
    let code = s.get(&format!("/api/games/{id}"), &gm).await.1["invite_code"].as_str().unwrap().to_string();
    let game = |name: &str| json!({"name": name, "variant": "standard", "deadline_secs": 3600});
    for bad in ["\u{0}", "\u{202E}", "\u{7}", "\u{200B}"] {
        let name = format!("ann{bad}x");
        let tries = [
            s.call("POST", "/api/signup", None, Some(json!({"name": name, "password": "correct horse"}))).await,
            s.call("POST", "/api/signin", None, Some(json!({"name": name, "password": "correct horse"}))).await,
            s.post("/api/games", &gm, game(&format!("Friday{bad}game"))).await,
            s.post("/api/join", &france, json!({"code": format!("{code}{bad}")})).await,
            s.post(&format!("/api/games/{id}/seats"), &gm, json!({"power": "Italy", "user": name})).await,
            s.post(
                &format!("/api/games/{id}/orders/France"),
                &france,
                json!({"phase_index": 0, "orders": format!("A par - bur{bad}")}),
            )
            .await,
        ];
        for (i, (status, body)) in tries.iter().enumerate() {
            assert_eq!(*status, StatusCode::BAD_REQUEST, "try {i} with {bad:?}: {body}");
            assert!(body["error"].as_str().unwrap().contains("control or formatting character U+"), "try {i}: {body}");
        }
    }
    // Line breaks and tabs are orders' own.
    let (status, body) = s
        .post(
            &format!("/api/games/{id}/orders/France"),
            &france,
            json!({"phase_index": 0, "orders": "A par - bur\r\n\tF bre H"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // Nothing was kept: no game but the first, and France's orders as sent last.
    assert_eq!(s.get("/api/games", &gm).await.1.as_array().unwrap().len(), 1);
}

async fn a_form_body_that_is_not_utf8_is_refused(db: Db) {
    let s = server(db).await;
    let page = send(&s, "GET", "/signup", &[], "").await;
    let cookie = page.header("set-cookie").split(';').next().unwrap().to_string();
    let token = cookie.split_once('=').unwrap().1.to_string();
    let name = unique("ann");
    let body = format!("csrf={token}&name={name}%FF%FE&password=correct+horse");
    let a = send(&s, "POST", "/signup", &[("cookie", &cookie), FORM], body).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{}", a.body);
    assert!(a.header("content-type").starts_with("text/html") && a.body.contains("not UTF-8"), "{}", a.body);
    // No account was made, under any spelling.
    let (status, _) = s
        .call(
            "POST",
            "/api/signin",
            None,
            Some(json!({"name": format!("{name}\u{FFFD}\u{FFFD}"), "password": "correct horse"})),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // The same form in good UTF-8 is taken.
    let body = format!("csrf={token}&name={name}%C3%A9&password=correct+horse");
    assert_eq!(send(&s, "POST", "/signup", &[("cookie", &cookie), FORM], body).await.status, StatusCode::SEE_OTHER);
}

// ---- look-alike names ---------------------------------------------------

async fn look_alike_names_are_refused(db: Db) {
    let s = server(db).await;
    let signup =
        |name: String| s.call("POST", "/api/signup", None, Some(json!({"name": name, "password": "correct horse"})));
    // The reserved name, spelt with other letters that look the same.
    for name in ["demo", "DEMO", "ｄｅｍｏ", "dеmo", "𝐝𝐞𝐦𝐨"] {
        let (status, body) = signup(name.to_string()).await;
        assert_eq!(status, StatusCode::CONFLICT, "{name}: {body}");
        assert!(body["error"].as_str().unwrap().contains("reserved"), "{body}");
    }
    // A name taken, and its look-alikes.
    let ann = unique("ann");
    assert_eq!(signup(ann.clone()).await.0, StatusCode::OK);
    let alikes = [
        ann.replacen('a', "\u{430}", 1), // Cyrillic а
        ann.to_uppercase(),
        ann.replacen('n', "\u{ff4e}", 1), // fullwidth ｎ
        ann.replacen('1', "l", 1),
    ];
    for alike in alikes {
        let (status, body) = signup(alike.clone()).await;
        assert_eq!(status, StatusCode::CONFLICT, "{alike}: {body}");
    }
    // A name kept in NFKC: signed up in full-width letters, it is the plain one.
    let wide: String = unique("bob")
        .chars()
        .map(|c| if c.is_ascii_lowercase() { char::from_u32(c as u32 - 'a' as u32 + 0xFF41).unwrap() } else { c })
        .collect();
    let (status, body) = signup(wide.clone()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let plain: String = wide
        .chars()
        .map(|c| {
            if ('\u{FF41}'..='\u{FF5A}').contains(&c) {
                char::from_u32(c as u32 - 0xFF41 + 'a' as u32).unwrap()
            } else {
                c
            }
        })
        .collect();
    assert_eq!(body["user"]["name"], plain.as_str());
    let (status, _) =
        s.call("POST", "/api/signin", None, Some(json!({"name": wide, "password": "correct horse"}))).await;
    assert_eq!(status, StatusCode::OK);
    // Names unlike any other are taken.
    assert_eq!(signup(unique("anna")).await.0, StatusCode::OK);
}

async fn accounts_made_before_get_their_skeletons(db: Db) {
    let s = server(db).await;
    let (ann, _) = s.user("ann").await;
    sqlx::query("UPDATE users SET skeleton = NULL").execute(&s.app.writer).await.unwrap();
    // A second process starting on this database fills them in.
    let _second = s.another().await;
    let (status, body) = s
        .call(
            "POST",
            "/api/signup",
            None,
            Some(json!({"name": ann.replacen('a', "а", 1), "password": "correct horse"})),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
}

// ---- sign-in limits ------------------------------------------------------

/// Signs in to `name` as if from `address` (behind a trusted proxy).
async fn sign_in_from(s: &TestServer, address: &str, name: &str, password: &str) -> StatusCode {
    let body = json!({"name": name, "password": password}).to_string();
    send(s, "POST", "/api/signin", &[JSON, ("x-forwarded-for", address)], body).await.status
}

async fn failed_sign_ins_never_lock_the_owner_out_from_another_address(db: Db) {
    let s = server_with(db, |c| {
        c.limits.sign_in_per_minute = 3;
        c.limits.trust_forwarded_for = true;
    })
    .await;
    let (ann, _) = s.user("ann").await;
    // An attacker fails three times, then is refused, even with the right
    // password: this address is done with this account for a while.
    for _ in 0..3 {
        assert_eq!(sign_in_from(&s, "203.0.113.7", &ann, "wrong horse").await, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(sign_in_from(&s, "203.0.113.7", &ann, "correct horse").await, StatusCode::TOO_MANY_REQUESTS);
    // The owner, elsewhere, signs in.
    assert_eq!(sign_in_from(&s, "198.51.100.20", &ann, "correct horse").await, StatusCode::OK);
    // Failures from many addresses lock nobody out either.
    for i in 0..6 {
        assert_eq!(sign_in_from(&s, &format!("192.0.2.{i}"), &ann, "wrong horse").await, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(sign_in_from(&s, "198.51.100.20", &ann, "correct horse").await, StatusCode::OK);
    // One IPv6 client holds a /64: its addresses count as one.
    for i in 1..=3 {
        assert_eq!(
            sign_in_from(&s, &format!("2001:db8:1:2::{i}"), &ann, "wrong horse").await,
            StatusCode::UNAUTHORIZED
        );
    }
    assert_eq!(sign_in_from(&s, "2001:db8:1:2::99", &ann, "correct horse").await, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(sign_in_from(&s, "2001:db8:1:3::1", &ann, "correct horse").await, StatusCode::OK);
}

// ---- enumeration and floods ------------------------------------------------

async fn the_seat_api_tells_nothing_of_other_accounts(db: Db) {
    let s = server(db).await;
    let (id, gm) = s.game().await;
    let (outsider, _) = s.user("Out").await;
    let path = format!("/api/games/{id}/seats");
    let seat = |user: &str| s.post(&path, &gm, json!({"power": "France", "user": user}));
    let (status, unknown) = seat("nosuchname").await;
    let (status2, not_member) = seat(&outsider.to_lowercase()).await;
    assert_eq!((status, status2), (StatusCode::BAD_REQUEST, StatusCode::BAD_REQUEST));
    // The same words, but for the name as the game master typed it: not
    // the account's real case.
    let typed = unknown["error"].as_str().unwrap().replace("nosuchname", &outsider.to_lowercase());
    assert_eq!(not_member["error"].as_str().unwrap(), typed);
    assert!(!not_member.to_string().contains(&outsider), "{not_member}");
}

async fn seats_joins_and_new_games_are_limited_per_account(db: Db) {
    let s = server_with(db, |c| {
        c.limits.games_per_hour = 3;
        c.limits.joins_per_minute = 3;
        c.limits.seats_per_minute = 3;
    })
    .await;
    let (_, ann) = s.user("ann").await;
    let new = json!({"name": "g", "variant": "standard", "deadline_secs": 3600, "public": true});
    let mut ids = Vec::new();
    for _ in 0..3 {
        let (status, body) = s.post("/api/games", &ann, new.clone()).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        ids.push(body["id"].as_i64().unwrap());
    }
    let (status, body) = s.post("/api/games", &ann, new.clone()).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    // Another account is not held up by ann's.
    let (_, bob) = s.user("bob").await;
    assert_eq!(s.post("/api/games", &bob, new.clone()).await.0, StatusCode::OK);
    for _ in 0..3 {
        assert_eq!(s.post("/api/join", &bob, json!({"code": "NOSUCHCODE"})).await.0, StatusCode::BAD_REQUEST);
    }
    assert_eq!(s.post("/api/join", &bob, json!({"code": "NOSUCHCODE"})).await.0, StatusCode::TOO_MANY_REQUESTS);
    for power in ["France", "Italy", "Russia"] {
        assert_eq!(
            s.post(&format!("/api/games/{}/seats", ids[0]), &ann, json!({"power": power, "bot": "greedy"})).await.0,
            StatusCode::OK
        );
    }
    assert_eq!(
        s.post(&format!("/api/games/{}/seats", ids[0]), &ann, json!({"power": "Turkey", "bot": "greedy"})).await.0,
        StatusCode::TOO_MANY_REQUESTS
    );
}

async fn one_accounts_public_games_cannot_fill_the_home_list(db: Db) {
    let s = server_with(db, |c| c.limits.games_per_hour = 1000).await;
    let (_, first) = s.user("first").await;
    let new = |name: &str| json!({"name": name, "variant": "standard", "deadline_secs": 3600, "public": true});
    assert_eq!(s.post("/api/games", &first, new("the first game")).await.0, StatusCode::OK);
    let (_, flood) = s.user("flood").await;
    for i in 0..60 {
        assert_eq!(s.post("/api/games", &flood, new(&format!("flood {i}"))).await.0, StatusCode::OK);
    }
    let home = send(&s, "GET", "/", &[], "").await.body;
    assert!(home.contains("the first game"), "{home}");
    assert_eq!(home.matches(">flood ").count(), polemarch_web::games::PUBLIC_PER_MASTER, "{home}");
}

on_both!(
    every_response_carries_the_security_headers,
    every_refusal_is_json_on_the_api_and_a_page_elsewhere,
    control_and_bidi_characters_are_refused_in_every_name,
    a_form_body_that_is_not_utf8_is_refused,
    look_alike_names_are_refused,
    accounts_made_before_get_their_skeletons,
    failed_sign_ins_never_lock_the_owner_out_from_another_address,
    the_seat_api_tells_nothing_of_other_accounts,
    seats_joins_and_new_games_are_limited_per_account,
    one_accounts_public_games_cannot_fill_the_home_list,
);

// ---- starting together ------------------------------------------------------

/// Two processes starting at the same moment on one empty PostgreSQL
/// database: both start, and one demo game is made.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(not(polemarch_postgres), ignore = "needs DATABASE_URL: a PostgreSQL server")]
async fn two_processes_start_together_on_one_empty_postgres() {
    let s = server(Db::postgres("two_processes_start_together_on_one_empty_postgres")).await;
    let start = || async {
        let app = polemarch_web::Shared::open(&s.config).await.expect("the server opens");
        polemarch_web::demo::ensure(&app).await
    };
    let (a, b) = tokio::join!(start(), start());
    let (a, b) = (a.expect("the first starts"), b.expect("the second starts"));
    assert_eq!(a.is_some() as u8 + b.is_some() as u8, 1, "one makes the demo: {a:?} {b:?}");
    let (_, games) = s.call("GET", "/", None, None).await;
    assert_eq!(games.as_str().unwrap().matches("Demo: standard").count(), 1);
    // And a third, later, finds it made.
    assert_eq!(start().await.unwrap(), None);
}

// ---- durability ---------------------------------------------------------------

/// SQLite syncs each commit of the writer (`synchronous = FULL`, 2) before
/// the player is answered, so a power cut loses no acknowledged write.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_syncs_every_acknowledged_write() {
    let s = server(Db::Sqlite).await;
    let mut conn = s.app.writer.acquire().await.unwrap();
    let row = sqlx::query("PRAGMA synchronous").fetch_one(&mut *conn).await.unwrap();
    assert_eq!(sqlx::Row::try_get::<i64, _>(&row, 0).unwrap(), 2, "synchronous = FULL");
}
