//! Ending a game by agreement (issue 26, item 4): a draw vote of every
//! survivor ends the game drawn, a concession of every other survivor ends
//! it with that power's win, the game master may declare a draw; the result
//! is the record's; votes are secret unless the game shows them.

use crate::common;

use axum::http::StatusCode;
use common::{server, Db};
use serde_json::{json, Value};

const POWERS: [&str; 7] = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"];

async fn game_with(s: &common::TestServer, shown: bool) -> (i64, String) {
    let (_, gm) = s.user("gm").await;
    let (status, made) = s
        .post(
            "/api/games",
            &gm,
            json!({"name": "D", "variant": "standard", "deadline_secs": 3600, "draw_votes_shown": shown}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    (made["id"].as_i64().unwrap(), gm)
}

fn vote_of(game: &Value, power: &str) -> Value {
    game["seats"].as_array().unwrap().iter().find(|s| s["power"] == power).unwrap()["vote"].clone()
}

/// The MILA download's last two phases and the note of its last state.
async fn mila_end(s: &common::TestServer, id: i64, token: &str) -> [String; 3] {
    let (status, saved) = s.get(&format!("/api/games/{id}/mila"), token).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let phases = saved["phases"].as_array().unwrap();
    let name = |p: &Value| p["name"].as_str().unwrap().to_string();
    let last = phases.last().unwrap();
    [name(&phases[phases.len() - 2]), name(last), last["state"]["note"].as_str().unwrap_or("no note").to_string()]
}

async fn a_draw_vote_of_every_survivor_ends_the_game(db: Db) {
    let s = server(db).await;
    let (id, gm) = game_with(&s, false).await;
    let all = s.player(id, &gm, &POWERS).await;
    for p in &POWERS[..6] {
        let (status, body) = s.post(&format!("/api/games/{id}/vote/{p}"), &all, json!({"vote": "draw"})).await;
        assert_eq!((status, &body["result"]), (StatusCode::OK, &Value::Null), "{body}");
    }
    // Secret votes: the game master sees none; the voter sees their own.
    assert_eq!(vote_of(&s.get(&format!("/api/games/{id}"), &gm).await.1, "France"), Value::Null);
    assert_eq!(vote_of(&s.get(&format!("/api/games/{id}"), &all).await.1, "France"), "draw");
    // A vote withdrawn, then given again: the last survivor's ends it.
    s.post(&format!("/api/games/{id}/vote/Austria"), &all, json!({"vote": null})).await;
    let (_, body) = s.post(&format!("/api/games/{id}/vote/Turkey"), &all, json!({"vote": "draw"})).await;
    assert_eq!(body["result"], Value::Null, "Austria withdrew: {body}");
    let (_, body) = s.post(&format!("/api/games/{id}/vote/Austria"), &all, json!({"vote": "draw"})).await;
    assert_eq!(body["result"], "drawn between Austria, England, France, Germany, Italy, Russia, Turkey", "{body}");
    let (_, game) = s.get(&format!("/api/games/{id}"), &gm).await;
    assert_eq!(game["status"], "over");
    let (_, record) = s.get(&format!("/api/games/{id}/record"), &gm).await;
    assert_eq!(record["result"], json!({"draw": POWERS}), "the record keeps the result: {}", record["result"]);
    assert_eq!(
        mila_end(&s, id, &gm).await,
        ["S1901M", "COMPLETED", "Victory by: AUS, ENG, FRA, GER, ITA, RUS, TUR"],
        "the MILA download, as MILA writes a draw"
    );
    // The judge says so in the public press.
    let (_, press) = s.get(&format!("/api/games/{id}/press/all"), &all).await;
    let said = press["messages"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["body"].as_str().is_some_and(|b| b.contains("The game is over: drawn between Austria")));
    assert!(said, "{press}");
    let (status, _) = s
        .post(&format!("/api/games/{id}/orders/France"), &all, json!({"phase_index": 0, "orders": "A par - bur"}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "no orders once drawn");
}

async fn a_concession_of_every_other_survivor_ends_the_game(db: Db) {
    let s = server(db).await;
    let (id, gm) = game_with(&s, true).await;
    let others: Vec<&str> = POWERS.iter().copied().filter(|p| *p != "France").collect();
    let many = s.player(id, &gm, &others).await;
    let france = s.player(id, &gm, &["France"]).await;
    let (status, body) =
        s.post(&format!("/api/games/{id}/vote/France"), &france, json!({"vote": "concede", "to": "France"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "no concession to oneself: {body}");
    for p in &others[..5] {
        let (_, body) =
            s.post(&format!("/api/games/{id}/vote/{p}"), &many, json!({"vote": "concede", "to": "france"})).await;
        assert_eq!(body["result"], Value::Null, "{body}");
    }
    // Shown votes: France sees who conceded.
    assert_eq!(vote_of(&s.get(&format!("/api/games/{id}"), &france).await.1, "Austria"), "concede France");
    let (_, body) =
        s.post(&format!("/api/games/{id}/vote/{}", others[5]), &many, json!({"vote": "concede", "to": "France"})).await;
    assert_eq!(body["result"], "France wins", "{body}");
    let (_, record) = s.get(&format!("/api/games/{id}/record"), &gm).await;
    assert_eq!(record["result"], json!({"solo": "France"}));
    assert_eq!(mila_end(&s, id, &gm).await, ["S1901M", "COMPLETED", "Victory by: FRA"]);
}

async fn the_game_master_declares_a_draw(db: Db) {
    let s = server(db).await;
    let (id, gm) = game_with(&s, false).await;
    let player = s.player(id, &gm, &["England"]).await;
    assert_eq!(s.post(&format!("/api/games/{id}/draw"), &player, json!({})).await.0, StatusCode::FORBIDDEN);
    let (status, body) = s.post(&format!("/api/games/{id}/draw"), &gm, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["result"].as_str().unwrap().starts_with("drawn between Austria, England"), "{body}");
    assert_eq!(s.post(&format!("/api/games/{id}/draw"), &gm, json!({})).await.0, StatusCode::CONFLICT, "over already");
    assert_eq!(
        s.post(&format!("/api/games/{id}/vote/England"), &player, json!({"vote": "draw"})).await.0,
        StatusCode::CONFLICT
    );
}

on_both!(
    a_draw_vote_of_every_survivor_ends_the_game,
    a_concession_of_every_other_survivor_ends_the_game,
    the_game_master_declares_a_draw
);
