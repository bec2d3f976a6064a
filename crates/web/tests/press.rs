//! Press: private, group and public messages between powers, by the API
//! and the pages; the press modes; anonymity; publication when the game
//! ends; the limits. Every channel is tried with a member of the
//! conversation, a member of another, the game master and a signed-out
//! visitor, in a normal and an anonymous game (every channel at once:
//! `every_channel_keeps_private_press_and_anonymous_names`; events.rs and
//! mail.rs try the streams and the mail further).

use crate::common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::{server, server_with, Db, TestServer};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

/// A game of standard with France, England and Germany played: (id, gm,
/// france, england, germany).
async fn three(s: &TestServer, extra: Value) -> (i64, String, String, String, String) {
    let (_, gm) = s.user("gm").await;
    let mut body = json!({"name": "press", "variant": "standard", "deadline_secs": 3600, "seed": 7});
    body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    let (status, game) = s.post("/api/games", &gm, body).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    let id = game["id"].as_i64().unwrap();
    let france = s.player(id, &gm, &["France"]).await;
    let england = s.player(id, &gm, &["England"]).await;
    let germany = s.player(id, &gm, &["Germany"]).await;
    (id, gm, france, england, germany)
}

async fn send(s: &TestServer, id: i64, token: &str, from: &str, to: &[&str], body: &str) -> (StatusCode, Value) {
    s.post(&format!("/api/games/{id}/press"), token, json!({"from": from, "to": to, "body": body})).await
}

/// The conversations a user's list shows: (title, messages, unread).
async fn listed(s: &TestServer, id: i64, token: Option<&str>) -> Vec<(String, u64, u64)> {
    let (status, body) = s.call("GET", &format!("/api/games/{id}/press"), token, None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["conversations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (c["title"].as_str().unwrap().to_string(), c["messages"].as_u64().unwrap(), c["unread"].as_u64().unwrap())
        })
        .collect()
}

async fn private_press_reaches_its_powers_alone(db: Db) {
    let s = server(db).await;
    let (id, gm, france, england, germany) = three(&s, json!({})).await;
    let (status, m) = send(&s, id, &france, "France", &["England"], "Channel is yours if Belgium is mine").await;
    assert_eq!(status, StatusCode::OK, "{m}");
    assert_eq!(m["from"], "France");
    assert_eq!(m["to"], json!(["England", "France"]));
    assert_eq!(m["phase"], "Spring 1901, Movement");
    // England sees it, unread, in its list and in the conversation.
    assert!(listed(&s, id, Some(&england)).await.contains(&("England, France".into(), 1, 1)));
    let (status, conv) = s.get(&format!("/api/games/{id}/press/england+FRANCE"), &england).await;
    assert_eq!(status, StatusCode::OK, "{conv}");
    assert_eq!(conv["messages"][0]["body"], "Channel is yours if Belgium is mine");
    assert!(listed(&s, id, Some(&england)).await.contains(&("England, France".into(), 1, 0)), "read once opened");
    // The sender's own message is not unread to him.
    assert!(listed(&s, id, Some(&france)).await.contains(&("England, France".into(), 1, 0)));
    // Germany, the game master and a visitor: not in the list, refused.
    for (who, token) in [("Germany", Some(germany.as_str())), ("the game master", Some(gm.as_str()))] {
        assert_eq!(listed(&s, id, token).await.len(), 1, "{who} sees only the public conversation");
        let (status, body) = s.call("GET", &format!("/api/games/{id}/press/England+France"), token, None).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{who}: {body}");
        assert!(!body.to_string().contains("Belgium"), "{who}: {body}");
    }
    let (status, _) = s.call("GET", &format!("/api/games/{id}/press/England+France"), None, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // The records and exports of those who may not see it leave it out.
    for token in [&germany, &gm] {
        for what in ["record", "mila"] {
            let (_, body) = s.get(&format!("/api/games/{id}/{what}"), token).await;
            assert!(!body.to_string().contains("Belgium"), "{what}: {body}");
        }
    }
    let (_, mila) = s.get(&format!("/api/games/{id}/mila"), &england).await;
    let sent = mila["messages"].as_array().unwrap().iter().find(|m| m["sender"] == "FRANCE").expect("France's message");
    assert_eq!(
        (sent["sender"].as_str(), sent["recipient"].as_str(), sent["phase"].as_str()),
        (Some("FRANCE"), Some("ENGLAND"), Some("S1901M")),
        "{mila}"
    );
}

/// An open event stream of the router, read as raw text.
async fn stream(s: &TestServer, uri: &str, token: Option<&str>) -> axum::body::BodyDataStream {
    let mut req = Request::builder().uri(uri);
    if let Some(t) = token {
        req = req.header("authorization", format!("Bearer {t}"));
    }
    let resp = s.router.clone().oneshot(req.body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(resp.status(), StatusCode::OK, "{uri}");
    resp.into_body().into_data_stream()
}

/// What a stream carries until `until` comes (None: it did not within 5 s).
async fn read_until(stream: &mut axum::body::BodyDataStream, until: &str) -> Option<String> {
    use futures_util::StreamExt;
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(5);
    let mut text = String::new();
    while !text.contains(until) {
        let chunk = tokio::time::timeout_at(deadline, stream.next()).await.ok()??.ok()?;
        text += &String::from_utf8_lossy(&chunk);
    }
    Some(text)
}

/// Every channel, in a normal and an anonymous public game, to each kind
/// of reader: a private message from France to England reaches England
/// alone (not Germany, in another conversation with France; not a signed-in
/// outsider; not the game master; not a signed-out visitor), and in the
/// anonymous game no one but the game master (and each player himself)
/// reads a player's name: the API, the pages, the record, the MILA export,
/// the history and the event stream. (Mail: mail.rs.)
async fn every_channel_keeps_private_press_and_anonymous_names(db: Db) {
    let s = server(db).await;
    let (_, outsider) = s.user("out").await;
    for anonymous in [false, true] {
        let (id, gm, france, england, germany) = three(&s, json!({"public": true, "anonymous": anonymous})).await;
        let name = |token: String| {
            let s = &s;
            async move { s.get("/api/me", &token).await.1["name"].as_str().unwrap().to_string() }
        };
        let (france_name, england_name) = (name(france.clone()).await, name(england.clone()).await);
        send(&s, id, &germany, "Germany", &["France"], "another conversation").await;
        let events = format!("/api/games/{id}/events");
        let readers = [
            ("England", Some(england.as_str())),
            ("Germany", Some(germany.as_str())),
            ("an outsider", Some(outsider.as_str())),
            ("the game master", Some(gm.as_str())),
            ("a visitor", None),
        ];
        let mut streams = Vec::new();
        for (_, token) in readers {
            streams.push(stream(&s, &events, token).await);
        }
        let (status, m) = send(&s, id, &france, "France", &["England"], "the secret plan").await;
        assert_eq!(status, StatusCode::OK, "{m}");
        s.post(&format!("/api/games/{id}/process"), &gm, json!({"phase_index": 0})).await;
        send(&s, id, &france, "France", &["all"], "the last word").await;
        let channels = [
            format!("/api/games/{id}"),
            format!("/api/games/{id}/press"),
            format!("/api/games/{id}/press/England+France"),
            format!("/api/games/{id}/press/all"),
            format!("/api/games/{id}/record"),
            format!("/api/games/{id}/mila"),
            format!("/api/games/{id}/phases/0"),
            format!("/games/{id}"),
            format!("/games/{id}/press"),
            format!("/games/{id}/press/England+France"),
            format!("/games/{id}/press/all"),
            format!("/games/{id}/phases/0"),
            "/api/games".to_string(),
            "/".to_string(),
        ];
        for ((who, token), mut stream) in readers.into_iter().zip(streams) {
            let mut seen = Vec::new();
            for uri in &channels {
                let (status, body) = s.call("GET", uri, token, None).await;
                seen.push((uri.clone(), status, body.to_string()));
            }
            let live =
                read_until(&mut stream, "the last word").await.unwrap_or_else(|| panic!("{who}'s stream is live"));
            seen.push((events.clone(), StatusCode::OK, live));
            let member = who == "England";
            assert_eq!(
                seen.iter().any(|(_, _, b)| b.contains("the secret plan")),
                member,
                "{who} reads the private message? {seen:?}"
            );
            for (uri, status, body) in &seen {
                let own = match who {
                    "England" => &england_name,
                    _ => "",
                };
                for n in [&france_name, &england_name] {
                    if anonymous && who != "the game master" && n.as_str() != own {
                        assert!(!body.contains(n.as_str()), "{who} reads a player's name in {uri} ({status}): {body}");
                    }
                }
            }
        }
    }
}

async fn group_and_public_press(db: Db) {
    let s = server(db).await;
    let (id, gm, france, england, germany) = three(&s, json!({})).await;
    let italy = s.player(id, &gm, &["Italy"]).await;
    let (status, m) = send(&s, id, &france, "France", &["England", "Germany"], "Triple entente?").await;
    assert_eq!(status, StatusCode::OK, "{m}");
    for token in [&england, &germany] {
        assert!(listed(&s, id, Some(token)).await.contains(&("England, France, Germany".into(), 1, 1)));
    }
    assert_eq!(s.get(&format!("/api/games/{id}/press/England+France+Germany"), &italy).await.0, StatusCode::FORBIDDEN);
    // A private conversation is another one.
    assert_eq!(s.get(&format!("/api/games/{id}/press/England+France"), &england).await.1["messages"], json!([]));
    let (status, m) = send(&s, id, &italy, "Italy", &["all"], "Peace in our time").await;
    assert_eq!(status, StatusCode::OK, "{m}");
    assert_eq!(m["public"], true);
    for token in [&france, &england, &germany, &gm] {
        let (_, all) = s.get(&format!("/api/games/{id}/press/all"), token).await;
        assert_eq!(all["messages"].as_array().unwrap().last().unwrap()["body"], "Peace in our time", "{all}");
    }
    // Nobody writes as a power he does not play, nor the game master as none.
    assert_eq!(send(&s, id, &italy, "France", &["all"], "I am France").await.0, StatusCode::FORBIDDEN);
    assert_eq!(send(&s, id, &gm, "Austria", &["all"], "hello").await.0, StatusCode::FORBIDDEN);
    assert_eq!(send(&s, id, &france, "France", &["Atlantis"], "hello").await.0, StatusCode::BAD_REQUEST);
    assert_eq!(send(&s, id, &france, "France", &["France"], "hello").await.0, StatusCode::BAD_REQUEST);
}

async fn a_public_game_shows_its_public_press_to_a_visitor(db: Db) {
    let s = server(db).await;
    let (id, _, france, _, _) = three(&s, json!({"public": true})).await;
    send(&s, id, &france, "France", &["all"], "Hello world").await;
    send(&s, id, &france, "France", &["England"], "Secret").await;
    let (status, body) = s.call("GET", &format!("/api/games/{id}/press/all"), None, None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let bodies: Vec<&Value> =
        body["messages"].as_array().unwrap().iter().filter(|m| !m["from"].is_null()).map(|m| &m["body"]).collect();
    assert_eq!(bodies, vec!["Hello world"]);
    let list = listed(&s, id, None).await;
    assert_eq!(list.len(), 1, "{list:?}");
    assert_eq!(list[0].0, "All the powers (public)");
    let (_, record) = s.call("GET", &format!("/api/games/{id}/record"), None, None).await;
    assert!(record.to_string().contains("Hello world") && !record.to_string().contains("Secret"), "{record}");
}

async fn press_modes_refuse_what_they_forbid(db: Db) {
    let s = server(db).await;
    let (id, _, france, _, _) = three(&s, json!({"press": "public"})).await;
    let (status, body) = send(&s, id, &france, "France", &["England"], "psst").await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(body["error"].as_str().unwrap().contains("public press only"), "{body}");
    assert_eq!(send(&s, id, &france, "France", &["all"], "hello all").await.0, StatusCode::OK);
    let (id, gm, france, _, _) = three(&s, json!({"press": "none"})).await;
    for to in [&["England"][..], &["all"][..]] {
        let (status, body) = send(&s, id, &france, "France", to, "psst").await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert!(body["error"].as_str().unwrap().contains("no press"), "{body}");
    }
    // Gunboat is anonymous too; the game says its mode.
    let (_, g) = s.get(&format!("/api/games/{id}"), &france).await;
    assert_eq!(g["press"], json!({"mode": "none", "anonymous": true, "private": false}), "{g}");
    let (_, page) = s.get(&format!("/games/{id}"), &gm).await;
    assert!(page.as_str().unwrap().contains("no press (gunboat)"));
    let (status, body) = s
        .post("/api/games", &gm, json!({"name": "x", "variant": "standard", "deadline_secs": 3600, "press": "loud"}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}

/// Rulebook press: messages in movement phases, none in a retreat or an
/// adjustment phase (the clear error), and again in the next movement
/// phase. The game is played to them: Germany dislodges France's army in
/// Burgundy in the autumn, and builds for Denmark in the winter.
async fn rulebook_press_is_closed_during_retreats_and_adjustments(db: Db) {
    let s = server(db).await;
    let (id, gm, france, _, germany) = three(&s, json!({"press": "rulebook"})).await;
    let play = |orders: Vec<(&'static str, &'static str, &'static str)>| {
        let (s, gm, france, germany) = (&s, &gm, &france, &germany);
        async move {
            let index = s.phase_index(id, gm).await;
            for (power, token, text) in orders {
                let token = if token == "france" { france } else { germany };
                let (status, body) = s
                    .post(
                        &format!("/api/games/{id}/orders/{power}"),
                        token,
                        json!({"phase_index": index, "orders": text}),
                    )
                    .await;
                assert_eq!(status, StatusCode::OK, "{body}");
            }
            let (status, body) = s.post(&format!("/api/games/{id}/process"), gm, json!({"phase_index": index})).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            s.get(&format!("/api/games/{id}"), gm).await.1["phase"].as_str().unwrap().to_string()
        }
    };
    let allowed = |phase: String| {
        let (s, france) = (&s, &france);
        async move {
            for to in [&["Germany"][..], &["all"][..]] {
                let (status, body) = send(s, id, france, "France", to, "a word").await;
                assert_eq!(status, StatusCode::OK, "{phase}: {body}");
            }
        }
    };
    let refused = |phase: String| {
        let (s, france, germany) = (&s, &france, &germany);
        async move {
            for (token, from, to) in [(france, "France", &["Germany"][..]), (germany, "Germany", &["all"][..])] {
                let (status, body) = send(s, id, token, from, to, "a word").await;
                assert_eq!(status, StatusCode::CONFLICT, "{phase}: {body}");
                assert!(
                    body["error"].as_str().unwrap().contains("no press during retreats and adjustments"),
                    "{phase}: {body}"
                );
            }
        }
    };
    allowed("Spring 1901".into()).await;
    let phase = play(vec![
        ("France", "france", "A par - bur"),
        ("Germany", "germany", "A mun - ruh\nA ber - mun\nF kie - den"),
    ])
    .await;
    assert!(phase.starts_with("Fall 1901") || phase.starts_with("Autumn 1901"), "{phase}");
    allowed(phase).await;
    let phase = play(vec![("Germany", "germany", "A ruh - bur\nA mun S A ruh - bur\nF den H")]).await;
    assert!(phase.ends_with("Retreat"), "France's army is dislodged: {phase}");
    refused(phase).await;
    let phase = play(vec![]).await;
    assert!(phase.ends_with("Adjustment"), "Germany builds: {phase}");
    refused(phase).await;
    let phase = play(vec![]).await;
    assert!(phase.starts_with("Spring 1902"), "{phase}");
    allowed(phase).await;
}

async fn an_anonymous_game_hides_names_until_it_ends(db: Db) {
    let s = server(db).await;
    let (id, gm, france, england, _) = three(&s, json!({"anonymous": true})).await;
    let names: Vec<String> = {
        let (_, g) = s.get(&format!("/api/games/{id}"), &gm).await;
        g["seats"].as_array().unwrap().iter().filter_map(|s| s["user"].as_str().map(String::from)).collect()
    };
    assert_eq!(names.len(), 3, "the game master sees who plays: {names:?}");
    let france_name = s.get("/api/me", &france).await.1["name"].as_str().unwrap().to_string();
    s.post(&format!("/api/games/{id}/orders/France"), &france, json!({"phase_index": 0, "orders": "A par - bur"}))
        .await;
    s.post(&format!("/api/games/{id}/process"), &gm, json!({"phase_index": 0})).await;
    let (_, g) = s.get(&format!("/api/games/{id}"), &england).await;
    let shown: Vec<&Value> = g["seats"].as_array().unwrap().iter().map(|s| &s["user"]).collect();
    let england_name = s.get("/api/me", &england).await.1["name"].as_str().unwrap().to_string();
    for n in &names {
        let text = g.to_string();
        assert_eq!(text.contains(n.as_str()), *n == england_name, "{n} in {text}");
    }
    assert!(shown.contains(&&json!("(anonymous)")), "{g}");
    for what in ["record", "mila"] {
        let (_, body) = s.get(&format!("/api/games/{id}/{what}"), &england).await;
        assert!(!body.to_string().contains(&france_name), "{what}: {body}");
    }
    let (_, page) = s.get(&format!("/games/{id}"), &england).await;
    assert!(!page.as_str().unwrap().contains(&france_name));
    // Nor does France's player's profile list the game to another player;
    // to himself it does.
    let (_, profile) = s.get(&format!("/api/users/{france_name}"), &england).await;
    assert_eq!((&profile["current"], &profile["finished"]), (&json!([]), &json!([])), "{profile}");
    let (_, own) = s.get(&format!("/api/users/{france_name}"), &france).await;
    assert_eq!(own["current"][0]["id"], id, "{own}");
    // Once over, the names are shown.
    sqlx::query("UPDATE games SET status = 'over', version = version + 1 WHERE id = $1")
        .bind(id)
        .execute(&s.app.db)
        .await
        .unwrap();
    let (_, g) = s.get(&format!("/api/games/{id}"), &england).await;
    assert!(g.to_string().contains(&france_name), "{g}");
    let (_, profile) = s.get(&format!("/api/users/{france_name}"), &england).await;
    assert_eq!(profile["finished"][0]["id"], id, "{profile}");
}

async fn press_is_published_when_the_game_ends_unless_kept_private(db: Db) {
    let s = server(db).await;
    for private in [false, true] {
        let (id, gm, france, _, germany) = three(&s, json!({"press_private": private})).await;
        send(&s, id, &france, "France", &["England"], "Our secret plan").await;
        sqlx::query("UPDATE games SET status = 'over', version = version + 1 WHERE id = $1")
            .bind(id)
            .execute(&s.app.db)
            .await
            .unwrap();
        for token in [&germany, &gm] {
            let (status, conv) = s.get(&format!("/api/games/{id}/press/England+France"), token).await;
            let (_, mila) = s.get(&format!("/api/games/{id}/mila"), token).await;
            let (_, record) = s.get(&format!("/api/games/{id}/record"), token).await;
            if private {
                assert_eq!(status, StatusCode::FORBIDDEN, "{conv}");
                assert!(!mila.to_string().contains("secret plan") && !record.to_string().contains("secret plan"));
            } else {
                assert_eq!(conv["messages"][0]["body"], "Our secret plan", "{conv}");
                let by_france = |list: &Value, key: &str| {
                    list["messages"].as_array().unwrap().iter().any(|m| m[key] == "Our secret plan")
                };
                assert!(by_france(&mila, "message") && by_france(&record, "body"), "{mila} {record}");
            }
        }
        // The press is closed.
        assert_eq!(send(&s, id, &france, "France", &["all"], "gg").await.0, StatusCode::CONFLICT);
    }
}

async fn messages_are_limited(db: Db) {
    let s = server_with(db, |c| c.limits.press_per_minute = 5).await;
    let (id, _, france, england, _) = three(&s, json!({})).await;
    let long = "é".repeat(4001);
    let (status, body) = send(&s, id, &france, "France", &["England"], &long).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["error"].as_str().unwrap().contains("at most 4000"), "{body}");
    assert_eq!(send(&s, id, &france, "France", &["England"], "   ").await.0, StatusCode::BAD_REQUEST);
    assert_eq!(
        send(&s, id, &france, "France", &["England"], &long[..8000]).await.0,
        StatusCode::OK,
        "4,000 characters pass"
    );
    for _ in 0..4 {
        assert_eq!(send(&s, id, &france, "France", &["England"], "again").await.0, StatusCode::OK);
    }
    let (status, body) = send(&s, id, &france, "France", &["England"], "once more").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    // One user's rate is not another's.
    assert_eq!(send(&s, id, &england, "England", &["France"], "fine").await.0, StatusCode::OK);
}

/// A page (GET, or POST of a form) with the session cookie of `token`.
async fn page(
    s: &TestServer,
    token: &str,
    uri: &str,
    form: Option<&[(&str, &str)]>,
) -> (StatusCode, String, Option<String>) {
    let req = Request::builder()
        .method(if form.is_some() { "POST" } else { "GET" })
        .uri(uri)
        .header("cookie", format!("pm_session={token}"));
    let req = match form {
        Some(f) => {
            let body = f.iter().map(|(k, v)| format!("{k}={}", encode(v))).collect::<Vec<_>>().join("&");
            req.header("content-type", "application/x-www-form-urlencoded").body(Body::from(body))
        }
        None => req.body(Body::empty()),
    }
    .unwrap();
    let resp = s.router.clone().oneshot(req).await.unwrap();
    let status = resp.status();
    let location = resp.headers().get("location").map(|l| l.to_str().unwrap().to_string());
    let body = String::from_utf8(resp.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap();
    (status, body, location)
}

fn csrf(body: &str) -> String {
    let at = body.find("name=\"csrf\" value=\"").expect("a form with a CSRF token") + "name=\"csrf\" value=\"".len();
    body[at..].split('"').next().unwrap().to_string()
}

fn encode(s: &str) -> String {
    s.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

async fn the_press_pages_send_and_escape(db: Db) {
    let s = server(db).await;
    let (id, gm, france, england, germany) = three(&s, json!({})).await;
    let (status, list, _) = page(&s, &france, &format!("/games/{id}/press"), None).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    assert!(list.contains("New message") && list.contains("value=\"England\""), "{list}");
    let token = csrf(&list);
    let form =
        [("csrf", token.as_str()), ("from", "France"), ("to", "England"), ("body", "<script>alert(1)</script> & more")];
    let (status, body, location) = page(&s, &france, &format!("/games/{id}/press"), Some(&form)).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
    assert_eq!(location.as_deref(), Some(format!("/games/{id}/press/England+France").as_str()));
    let (_, game, _) = page(&s, &england, &format!("/games/{id}"), None).await;
    assert!(
        game.contains(&format!("<a href=\"/games/{id}/press\">Press</a>")) && game.contains(" unread</strong>"),
        "{game}"
    );
    let (_, list, _) = page(&s, &england, &format!("/games/{id}/press"), None).await;
    assert!(list.contains("England, France</a> — 1 message · <strong>1 unread</strong>"), "{list}");
    let (status, conv, _) = page(&s, &england, &format!("/games/{id}/press/England+France"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        conv.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; more") && !conv.contains("<script>alert"),
        "{conv}"
    );
    for token in [&germany, &gm] {
        let (status, body, _) = page(&s, token, &format!("/games/{id}/press/England+France"), None).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert!(!body.contains("alert"));
        assert!(!page(&s, token, &format!("/games/{id}/press"), None).await.1.contains("England, France"));
    }
    // Without the form's token, nothing is sent.
    let form = [("csrf", "forged"), ("from", "France"), ("to", "all"), ("body", "forged")];
    assert_eq!(page(&s, &france, &format!("/games/{id}/press"), Some(&form)).await.0, StatusCode::FORBIDDEN);
    // A gunboat game has no press form.
    let (id, _, france, _, _) = three(&s, json!({"press": "none"})).await;
    let (_, list, _) = page(&s, &france, &format!("/games/{id}/press"), None).await;
    assert!(!list.contains("<textarea") && list.contains("no press"), "{list}");
}

on_both!(
    private_press_reaches_its_powers_alone,
    every_channel_keeps_private_press_and_anonymous_names,
    group_and_public_press,
    a_public_game_shows_its_public_press_to_a_visitor,
    press_modes_refuse_what_they_forbid,
    rulebook_press_is_closed_during_retreats_and_adjustments,
    an_anonymous_game_hides_names_until_it_ends,
    press_is_published_when_the_game_ends_unless_kept_private,
    messages_are_limited,
    the_press_pages_send_and_escape,
);
