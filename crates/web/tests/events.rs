//! The live pages' event streams: each reader gets what he may see and
//! nothing else (a private message reaches its powers' streams alone); a
//! stream reopened with Last-Event-ID gets what it missed; and two server
//! processes on one database deliver each other's events.

use crate::common;

use axum::body::{Body, BodyDataStream};
use axum::http::{Request, StatusCode};
use axum::Router;
use common::{server, Db, TestServer};
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::time::Duration;
use tower::ServiceExt;

/// An open event stream, read as a browser's EventSource reads it.
struct Stream {
    body: BodyDataStream,
    buf: String,
    /// The own id (`event` in its data) of the last event read.
    event: i64,
    /// The stream's id of the last event read.
    mark: i64,
}

/// One event: (kind, id, data without its own id).
type Got = (String, i64, Value);

impl Stream {
    async fn open(router: &Router, uri: &str, token: Option<&str>, last: Option<i64>) -> Stream {
        let mut req = Request::builder().uri(uri);
        if let Some(t) = token {
            req = req.header("authorization", format!("Bearer {t}"));
        }
        if let Some(id) = last {
            req = req.header("last-event-id", id.to_string());
        }
        let resp = router.clone().oneshot(req.body(Body::empty()).unwrap()).await.unwrap();
        assert_eq!(resp.status(), StatusCode::OK);
        assert_eq!(resp.headers()["content-type"], "text/event-stream");
        Stream { body: resp.into_body().into_data_stream(), buf: String::new(), event: 0, mark: 0 }
    }

    /// The next event, if one comes within `wait`.
    async fn next(&mut self, wait: Duration) -> Option<Got> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            if let Some(end) = self.buf.find("\n\n") {
                let block: String = self.buf.drain(..end + 2).collect();
                let (mut kind, mut id, mut data) = (String::new(), 0, String::new());
                for line in block.lines() {
                    if let Some(v) = line.strip_prefix("event:") {
                        kind = v.trim().to_string();
                    } else if let Some(v) = line.strip_prefix("id:") {
                        id = v.trim().parse().unwrap();
                    } else if let Some(v) = line.strip_prefix("data:") {
                        data += v.strip_prefix(' ').unwrap_or(v);
                    }
                }
                if kind.is_empty() {
                    continue; // a keep-alive comment
                }
                let mut data: Value = serde_json::from_str(&data).unwrap();
                self.event = data
                    .as_object_mut()
                    .unwrap()
                    .remove("event")
                    .and_then(|e| e.as_i64())
                    .expect("each event's data has its own id");
                assert!(id >= self.mark, "the stream's ids never go down: {id} after {}", self.mark);
                self.mark = id;
                return Some((kind, id, data));
            }
            let chunk = tokio::time::timeout_at(deadline, self.body.next()).await.ok()??.unwrap();
            self.buf += std::str::from_utf8(&chunk).unwrap();
        }
    }

    /// The next event of this kind (others skipped), within `wait`.
    async fn next_of(&mut self, kind: &str, wait: Duration) -> Option<Got> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let got = self.next(left).await?;
            if got.0 == kind {
                return Some(got);
            }
        }
    }
}

const WAIT: Duration = Duration::from_secs(5);

async fn send(s: &TestServer, id: i64, token: &str, from: &str, to: &str, body: &str) -> Value {
    let (status, m) =
        s.post(&format!("/api/games/{id}/press"), token, json!({"from": from, "to": [to], "body": body})).await;
    assert_eq!(status, StatusCode::OK, "{m}");
    m
}

/// A public game with France, England and Germany played: (id, gm,
/// france, england, germany).
async fn game(s: &TestServer) -> (i64, String, String, String, String) {
    let (_, gm) = s.user("gm").await;
    let (_, g) = s
        .post("/api/games", &gm, json!({"name": "live", "variant": "standard", "deadline_secs": 3600, "public": true}))
        .await;
    let id = g["id"].as_i64().unwrap();
    let france = s.player(id, &gm, &["France"]).await;
    let england = s.player(id, &gm, &["England"]).await;
    let germany = s.player(id, &gm, &["Germany"]).await;
    (id, gm, france, england, germany)
}

async fn a_private_message_reaches_the_streams_of_its_powers_alone(db: Db) {
    let s = server(db).await;
    let (id, gm, france, england, germany) = game(&s).await;
    let uri = format!("/api/games/{id}/events");
    let mut to_england = Stream::open(&s.router, &uri, Some(&england), None).await;
    let mut others = Vec::new();
    for token in [Some(germany.as_str()), Some(gm.as_str()), None] {
        others.push(Stream::open(&s.router, &uri, token, None).await);
    }
    let private = send(&s, id, &france, "France", "England", "Belgium for Holland?").await;
    let public = send(&s, id, &france, "France", "all", "Nothing to see here").await;
    let (_, event_id, got) = to_england.next_of("message", WAIT).await.expect("England gets the private message");
    assert_eq!(got, private);
    assert!(event_id > 0);
    assert_eq!(to_england.next_of("message", WAIT).await.unwrap().2, public);
    for stream in &mut others {
        // The first message event the others get is the public one.
        let (_, _, got) = stream.next_of("message", WAIT).await.expect("the public message");
        assert_eq!(got, public, "a stream got the private message");
    }
    // A power ready, then the phase processed: every stream is told.
    s.post(&format!("/api/games/{id}/ready/England"), &england, json!({"phase_index": 0, "ready": true})).await;
    assert_eq!(others[2].next_of("ready", WAIT).await.unwrap().2, json!({"power": "England", "ready": true}));
    s.post(&format!("/api/games/{id}/process"), &gm, json!({"phase_index": 0})).await;
    let (_, _, phase) = others[2].next_of("phase", WAIT).await.expect("the visitor sees the phase processed");
    assert_eq!(phase, json!({"processed": "Spring 1901, Movement", "phase_index": 1, "over": false}));
    s.post(&format!("/api/games/{id}/pause"), &gm, json!({})).await;
    assert_eq!(to_england.next_of("status", WAIT).await.unwrap().2["status"], "paused");
    // A private game's stream is its members'.
    let (_, gm2) = s.user("gm").await;
    let (_, g) =
        s.post("/api/games", &gm2, json!({"name": "closed", "variant": "standard", "deadline_secs": 3600})).await;
    let closed = g["id"].as_i64().unwrap();
    let (status, _) = s.call("GET", &format!("/api/games/{closed}/events"), None, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        s.call("GET", &format!("/api/games/{closed}/events"), Some(&germany), None).await.0,
        StatusCode::FORBIDDEN
    );
}

async fn a_stream_reopened_gets_what_it_missed(db: Db) {
    let s = server(db).await;
    let (id, _, france, england, germany) = game(&s).await;
    let uri = format!("/api/games/{id}/events");
    let first = send(&s, id, &france, "France", "England", "one").await;
    let second = send(&s, id, &france, "France", "England", "two").await;
    send(&s, id, &france, "France", "Germany", "not for England").await;
    let mut all = Stream::open(&s.router, &uri, Some(&england), Some(0)).await;
    let mut mine = Vec::new();
    while let Some((_, event_id, m)) = all.next_of("message", Duration::from_millis(500)).await {
        if !m["from"].is_null() {
            mine.push((event_id, m, all.event));
        }
    }
    assert_eq!(
        mine.iter().map(|m| &m.1).collect::<Vec<_>>(),
        vec![&first, &second],
        "England's private messages, and no other"
    );
    assert!(mine[0].2 < mine[1].2, "each event has its own id, increasing");
    // Reconnecting from the first's id: what comes after it (a reader may
    // get again what it had, known by its own id).
    let mut again = Stream::open(&s.router, &uri, Some(&england), Some(mine[0].0)).await;
    let next = loop {
        let (_, _, m) = again.next_of("message", WAIT).await.expect("the second message");
        if again.event > mine[0].2 {
            break m;
        }
    };
    assert_eq!(next, second);
    // Germany, reconnecting from the start, never gets England's.
    let mut germany = Stream::open(&s.router, &uri, Some(&germany), Some(0)).await;
    while let Some((_, _, m)) = germany.next_of("message", Duration::from_millis(500)).await {
        assert!(m["body"] != "one" && m["body"] != "two", "{m}");
    }
}

async fn two_server_processes_deliver_each_others_events(db: Db) {
    let s = server(db).await;
    let (id, _, france, england, _) = game(&s).await;
    let other = polemarch_web::router(s.another().await);
    let mut stream = Stream::open(&other, &format!("/api/games/{id}/events"), Some(&england), None).await;
    let sent = send(&s, id, &france, "France", "England", "across processes").await;
    let (_, _, got) = stream
        .next_of("message", WAIT)
        .await
        .expect("the message sent through the first process arrives on the second");
    assert_eq!(got, sent);
    // And the list's stream of the other process hears the ready mark.
    let mut list = Stream::open(&other, "/api/events", Some(&england), None).await;
    s.post(&format!("/api/games/{id}/ready/England"), &england, json!({"phase_index": 0, "ready": true})).await;
    assert_eq!(list.next_of("ready", WAIT).await.unwrap().2["power"], "England");
}

/// On PostgreSQL two transactions may commit out of their events' id
/// order: a later event streamed while an earlier one is not committed
/// yet. A reader who reconnects in between, from the id its stream gave,
/// still gets the earlier one once it commits (the id is a mark below
/// which nothing is missing), and can tell the events it had from their
/// own ids. (On SQLite, one writer at a time: the transactions commit in
/// order, and the same reconnection gets both.)
async fn a_reader_reconnecting_misses_no_event_that_committed_late(db: Db) {
    let s = server(db.clone()).await;
    let (id, _, france, england, _) = game(&s).await;
    let uri = format!("/api/games/{id}/events");
    let mut first = Stream::open(&s.router, &uri, Some(&england), None).await;
    let mut stays = Stream::open(&s.router, &uri, Some(&england), None).await;
    // The late transaction takes its event's id first...
    let mut late = Some(s.app.db.begin().await.unwrap());
    let late_data = json!({"status": "paused", "deadline_at": null, "paused_left": 60});
    polemarch_web::events::record(late.as_mut().unwrap(), id, "status", "*", &late_data).await.unwrap();
    if matches!(db, Db::Sqlite) {
        // (one writer: it commits before the message can be written)
        late.take().unwrap().commit().await.unwrap();
        s.app.hub.wake();
    }
    // ...and a message, written after it, commits before it and is streamed.
    let sent = send(&s, id, &france, "France", "England", "after the late one").await;
    let mut had = Vec::new();
    let (mark, message_event) = loop {
        let (kind, mark, data) = first.next(WAIT).await.expect("the message is streamed");
        if kind == "message" {
            assert_eq!(data, sent);
            break (mark, first.event);
        }
        had.push((kind, data));
    };
    drop(first);
    if let Some(late) = late {
        assert!(
            mark < message_event,
            "the stream's id ({mark}) stays below the late event, not at the message's ({message_event})"
        );
        late.commit().await.unwrap();
    }
    // The stream that stayed open gets the late event when it commits.
    assert_eq!(stays.next_of("status", WAIT).await.expect("the late event reaches an open stream").2, late_data);
    // The reader reconnects from the id it had: it gets the late event, and
    // the message again, which it knows by its own id.
    let mut again = Stream::open(&s.router, &uri, Some(&england), Some(mark)).await;
    let mut got: Vec<_> = had.into_iter().map(|(kind, data)| (kind, 0, data)).collect();
    while let Some((kind, _, data)) = again.next(Duration::from_millis(700)).await {
        got.push((kind, again.event, data));
    }
    assert!(
        got.iter().any(|(kind, _, data)| kind == "status" && *data == late_data),
        "the reader gets the late event: {got:?}"
    );
    for (kind, event, data) in &got {
        if kind == "message" {
            assert!(
                *event == message_event && *data == sent,
                "only the message it had comes again, with its own id: {got:?}"
            );
        }
    }
}

on_both!(
    a_private_message_reaches_the_streams_of_its_powers_alone,
    a_stream_reopened_gets_what_it_missed,
    two_server_processes_deliver_each_others_events,
    a_reader_reconnecting_misses_no_event_that_committed_late,
);

async fn the_list_marks_games_whose_orders_are_due(db: Db) {
    let s = server(db).await;
    let (id, _, france, _, _) = game(&s).await;
    let due = |list: Value| list.as_array().unwrap().iter().find(|g| g["id"] == id).unwrap()["orders_due"].clone();
    assert_eq!(due(s.get("/api/games", &france).await.1), true);
    let (_, home) = s.get("/", &france).await;
    assert!(home.as_str().unwrap().contains("your orders are due"), "{home}");
    s.post(&format!("/api/games/{id}/ready/France"), &france, json!({"phase_index": 0, "ready": true})).await;
    assert_eq!(due(s.get("/api/games", &france).await.1), false);
    let (_, home) = s.get("/", &france).await;
    assert!(!home.as_str().unwrap().contains("your orders are due"), "{home}");
}

on_both!(the_list_marks_games_whose_orders_are_due);
