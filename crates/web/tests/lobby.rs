//! The lobby (issue 26, item 5): a public game waits for its players; each
//! takes a free power or any seat; the game master starts it once every
//! seat is taken, and the players who took any seat are dealt the powers
//! left; their home list marks the games whose orders are due. The lobby
//! says each game's press mode and whether it is anonymous.

use crate::common;
use crate::jar;

use axum::http::StatusCode;
use common::{server, Db};
use serde_json::{json, Value};

async fn the_lobby_deals_the_powers_left(db: Db) {
    let s = server(db).await;
    let (_, gm) = s.user("gm").await;
    let (status, made) = s
        .post("/api/games", &gm, json!({"name": "Open", "variant": "standard", "deadline_secs": 7200, "lobby": true}))
        .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let id = made["id"].as_i64().unwrap();
    let listed = |lobby: &Value| lobby.as_array().unwrap().iter().find(|g| g["id"] == id).cloned();
    let (_, lobby) = s.call("GET", "/api/lobby", None, None).await;
    assert_eq!(listed(&lobby).expect("in the lobby")["seats_left"], 7, "{lobby}");
    // Nothing is ordered, and no deadline runs, before the start.
    let (_, game) = s.get(&format!("/api/games/{id}"), &gm).await;
    assert_eq!((game["status"].as_str(), &game["deadline_at"]), (Some("forming"), &Value::Null));
    let mut players = Vec::new();
    for (i, power) in ["France", "England", "any", "any", "any", "any", "any"].iter().enumerate() {
        let (name, token) = s.user("p").await;
        let (status, body) = s.post(&format!("/api/games/{id}/take"), &token, json!({"power": power})).await;
        assert_eq!(status, StatusCode::OK, "{power}: {body}");
        assert_eq!(body["seats_left"], 6 - i, "{body}");
        if i == 1 {
            let (status, _) = s.post(&format!("/api/games/{id}/start"), &gm, json!({})).await;
            assert_eq!(status, StatusCode::CONFLICT, "seats are free: no start yet");
            let (status, _) = s.post(&format!("/api/games/{id}/take"), &token, json!({"power": "Italy"})).await;
            assert_eq!(status, StatusCode::CONFLICT, "one seat a player");
            let (_, other) = s.user("late").await;
            assert_eq!(
                s.post(&format!("/api/games/{id}/take"), &other, json!({"power": "France"})).await.0,
                StatusCode::CONFLICT,
                "France is taken"
            );
        }
        players.push((name, token));
    }
    let (_, extra) = s.user("extra").await;
    assert_eq!(
        s.post(&format!("/api/games/{id}/take"), &extra, json!({"power": "any"})).await.0,
        StatusCode::CONFLICT,
        "every seat is taken"
    );
    let (status, body) = s.post(&format!("/api/games/{id}/start"), &gm, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["dealt"], 5);
    let (_, game) = s.get(&format!("/api/games/{id}"), &gm).await;
    assert_eq!(game["status"], "active");
    assert!(game["deadline_at"].as_i64().is_some());
    let holders: Vec<&str> = game["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["user"].as_str().expect("every power has its player"))
        .collect();
    let mut names: Vec<&str> = players.iter().map(|(n, _)| n.as_str()).collect();
    let mut seated = holders.clone();
    names.sort();
    seated.sort();
    assert_eq!(seated, names, "each player holds exactly one power");
    let france = game["seats"].as_array().unwrap().iter().find(|s| s["power"] == "France").unwrap();
    assert_eq!(france["user"], players[0].0, "the power chosen is kept");
    let (_, lobby) = s.call("GET", "/api/lobby", None, None).await;
    assert!(listed(&lobby).is_none(), "a started game leaves the lobby");
    // The players' lists mark the game: orders due, until they send them.
    let token = &players[0].1;
    let (_, mine) = s.get("/api/games", token).await;
    assert_eq!(mine.as_array().unwrap().iter().find(|g| g["id"] == id).unwrap()["orders_due"], true, "{mine}");
    s.post(&format!("/api/games/{id}/orders/France"), token, json!({"phase_index": 0, "orders": "A par - bur"})).await;
    let (_, mine) = s.get("/api/games", token).await;
    assert_eq!(mine.as_array().unwrap().iter().find(|g| g["id"] == id).unwrap()["orders_due"], false);
}

/// Each waiting game's press, in the API's list and on the page.
async fn the_lobby_shows_the_press(db: Db) {
    let s = server(db).await;
    let (_, gm) = s.user("gm").await;
    let mut ids = Vec::new();
    for (press, anonymous) in [("none", false), ("public", true), ("full", false)] {
        let new = json!({
            "name": format!("Lobby {press}"),
            "variant": "standard",
            "deadline_secs": 7200,
            "lobby": true,
            "press": press,
            "anonymous": anonymous
        });
        let (status, made) = s.post("/api/games", &gm, new).await;
        assert_eq!(status, StatusCode::OK, "{made}");
        ids.push(made["id"].as_i64().unwrap());
    }
    let (_, lobby) = s.call("GET", "/api/lobby", None, None).await;
    let shown: Vec<(Value, Value)> = ids
        .iter()
        .map(|id| {
            lobby
                .as_array()
                .unwrap()
                .iter()
                .find(|g| g["id"] == *id)
                .map(|g| (g["press"].clone(), g["anonymous"].clone()))
                .unwrap()
        })
        .collect();
    // A gunboat game is anonymous whatever was asked.
    assert_eq!(
        shown,
        [(json!("none"), json!(true)), (json!("public"), json!(true)), (json!("full"), json!(false))],
        "{lobby}"
    );
    let page = jar::Browser { s: &s, cookies: Vec::new() }.get("/lobby").await.body;
    let row = |name: &str| {
        page.split("<tr>").find(|r| r.contains(name)).unwrap_or_else(|| panic!("no row of {name}: {page}")).to_string()
    };
    assert!(row("Lobby none").contains("no press (gunboat)"), "{}", row("Lobby none"));
    assert!(
        row("Lobby public").contains("public press only") && row("Lobby public").contains("anonymous"),
        "{}",
        row("Lobby public")
    );
    assert!(
        row("Lobby full").contains("full press") && !row("Lobby full").contains("anonymous"),
        "{}",
        row("Lobby full")
    );
}

on_both!(the_lobby_deals_the_powers_left, the_lobby_shows_the_press);
