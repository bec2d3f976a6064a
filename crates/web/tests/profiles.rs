//! Profiles (issue 26, item 6): a player's games and reliability (a missed
//! phase counted), a new password, and deleting an account, which frees
//! its seats.

use crate::common;

use axum::http::StatusCode;
use common::{server, Db};
use serde_json::json;

async fn a_profile_counts_a_missed_phase(db: Db) {
    let s = server(db).await;
    let (id, gm) = s.game().await;
    let france = s.player(id, &gm, &["France"]).await;
    let (_, me) = s.get("/api/me", &france).await;
    let name = me["name"].as_str().unwrap().to_string();
    // Spring: France sends nothing (missed); Autumn: France orders.
    assert_eq!(s.post(&format!("/api/games/{id}/process"), &gm, json!({"phase_index": 0})).await.0, StatusCode::OK);
    let (status, _) = s
        .post(&format!("/api/games/{id}/orders/France"), &france, json!({"phase_index": 1, "orders": "A par - bur"}))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(s.post(&format!("/api/games/{id}/process"), &gm, json!({"phase_index": 1})).await.0, StatusCode::OK);
    let (status, p) = s.get(&format!("/api/users/{name}"), &gm).await;
    assert_eq!(status, StatusCode::OK, "{p}");
    assert_eq!(
        (p["phases_seated"].as_u64(), p["phases_in_time"].as_u64(), p["phases_missed"].as_u64()),
        (Some(2), Some(1), Some(1)),
        "{p}"
    );
    assert_eq!(p["current"][0]["powers"], json!(["France"]));
    let (status, page) = s.call("GET", &format!("/users/{name}"), None, None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        page.as_str().unwrap().contains("<b>1 of 2</b> phases") && page.as_str().unwrap().contains("<b>1</b> missed"),
        "{page}"
    );
    // A private game is listed only to those who may see it.
    let (_, stranger) = s.user("x").await;
    let (_, seen) = s.get(&format!("/api/users/{name}"), &stranger).await;
    assert_eq!(seen["current"], json!([]), "{seen}");
    assert_eq!(seen["phases_missed"], 1, "the counts are public");
    assert_eq!(s.call("GET", "/api/users/nobody-at-all", None, None).await.0, StatusCode::NOT_FOUND);
}

async fn a_password_changes_and_a_deleted_account_frees_its_seats(db: Db) {
    let s = server(db).await;
    let (id, gm) = s.game().await;
    let france = s.player(id, &gm, &["France"]).await;
    let name = s.get("/api/me", &france).await.1["name"].as_str().unwrap().to_string();
    let (status, _) =
        s.post("/api/me/password", &france, json!({"current": "wrong horse", "new": "battery staple"})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        s.post("/api/me/password", &france, json!({"current": "correct horse", "new": "battery staple"})).await.0,
        StatusCode::OK
    );
    let signin =
        |password: &'static str| s.call("POST", "/api/signin", None, Some(json!({"name": name, "password": password})));
    assert_eq!(signin("correct horse").await.0, StatusCode::UNAUTHORIZED);
    assert_eq!(signin("battery staple").await.0, StatusCode::OK);
    s.post(&format!("/api/games/{id}/orders/France"), &france, json!({"phase_index": 0, "orders": "A par - bur"}))
        .await;
    let (status, body) = s.post("/api/me/delete", &france, json!({"password": "battery staple"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["games_with_seats_freed"], json!([id]));
    let (_, game) = s.get(&format!("/api/games/{id}"), &gm).await;
    let seat = game["seats"].as_array().unwrap().iter().find(|s| s["power"] == "France").unwrap().clone();
    assert_eq!(seat["user"], serde_json::Value::Null, "France is free: {seat}");
    // The game is told, in its public press, without the player's name.
    let (_, press) = s.get(&format!("/api/games/{id}/press/all"), &gm).await;
    let notices: Vec<&str> = press["messages"].as_array().unwrap().iter().filter_map(|m| m["body"].as_str()).collect();
    assert!(notices.iter().any(|b| b.starts_with("France no longer has a player")), "{press}");
    assert!(!press.to_string().contains(&name), "{press}");
    assert_eq!(signin("battery staple").await.0, StatusCode::UNAUTHORIZED, "the account is gone");
    assert_eq!(s.get("/api/me", &france).await.0, StatusCode::UNAUTHORIZED, "its sessions ended");
    // Its orders went with the seat: the next holder starts with none.
    let next = s.player(id, &gm, &["France"]).await;
    assert_eq!(s.get(&format!("/api/games/{id}/orders/France"), &next).await.1["text"], "");
}

on_both!(a_profile_counts_a_missed_phase, a_password_changes_and_a_deleted_account_frees_its_seats);
