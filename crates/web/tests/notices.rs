//! The judge's notices: public messages from the game itself when a phase
//! is processed (with the powers that missed their orders, stood in by a
//! bot or are in civil disorder), when the game is paused, resumed or
//! extended, and when a seat changes hands; never naming a player.

use crate::common;

use axum::http::StatusCode;
use common::{server, Db};
use serde_json::{json, Value};

/// The judge's notices of the game, in order, as `token` reads them.
async fn notices(s: &common::TestServer, id: i64, token: &str) -> Vec<String> {
    let (status, all) = s.get(&format!("/api/games/{id}/press/all"), token).await;
    assert_eq!(status, StatusCode::OK, "{all}");
    all["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["from"].is_null())
        .map(|m| m["body"].as_str().unwrap().to_string())
        .collect()
}

async fn the_judge_tells_of_processing_and_of_the_game_masters_changes(db: Db) {
    let s = server(db).await;
    let (id, gm) = s.game().await;
    let france = s.player(id, &gm, &["France"]).await;
    let england = s.player(id, &gm, &["England"]).await;
    s.bots(id, &gm, &["Italy"]).await;
    assert_eq!(notices(&s, id, &france).await, vec!["France has a new player.", "England has a new player."]);
    for path in ["pause", "resume"] {
        assert_eq!(s.post(&format!("/api/games/{id}/{path}"), &gm, json!({})).await.0, StatusCode::OK);
    }
    assert_eq!(s.post(&format!("/api/games/{id}/extend"), &gm, json!({"seconds": 7200})).await.0, StatusCode::OK);
    s.post(&format!("/api/games/{id}/orders/England"), &england, json!({"phase_index": 0, "orders": "F lon - nth"}))
        .await;
    let (status, body) = s.post(&format!("/api/games/{id}/process"), &gm, json!({"phase_index": 0})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let told = notices(&s, id, &france).await;
    let after_seats = &told[2..];
    assert_eq!(after_seats[0], "The game master paused the game.");
    assert!(
        after_seats[1].starts_with("The game master resumed the game: ")
            && after_seats[1].ends_with(" to the deadline."),
        "{told:?}"
    );
    assert_eq!(after_seats[2], "The game master extended the deadline by 2h 0m.");
    let processing = &after_seats[3..];
    assert!(
        processing.contains(
            &"France missed its orders for Spring 1901, Movement: its units held (or the rules decided for it)."
                .to_string()
        ),
        "{told:?}"
    );
    assert!(
        processing.contains(
            &"Italy sent no orders for Spring 1901, Movement: its stand-in bot (greedy) ordered for it.".to_string()
        ),
        "{told:?}"
    );
    assert!(
        processing.contains(
            &"Germany is in civil disorder (no player and no stand-in): its units held in Spring 1901, Movement."
                .to_string()
        ),
        "{told:?}"
    );
    assert!(!processing.iter().any(|t| t.starts_with("England")), "England sent orders: {told:?}");
    assert_eq!(
        processing.last().unwrap(),
        "Spring 1901, Movement was processed (by the game master). Now: Autumn 1901, Movement.",
        "{told:?}"
    );
    // Dated in the phase they tell of.
    let (_, all) = s.get(&format!("/api/games/{id}/press/all"), &england).await;
    assert_eq!(all["messages"].as_array().unwrap().last().unwrap()["phase"], "Spring 1901, Movement");
    // A seat given up.
    s.post(&format!("/api/games/{id}/seats"), &gm, json!({"power": "France", "user": null})).await;
    assert_eq!(notices(&s, id, &england).await.last().unwrap(), "France has no player now.");
}

async fn notices_name_no_player(db: Db) {
    let s = server(db).await;
    let (_, gm) = s.user("gm").await;
    let (_, game) = s
        .post(
            "/api/games",
            &gm,
            json!({"name": "anon", "variant": "standard", "deadline_secs": 3600, "anonymous": true}),
        )
        .await;
    let id = game["id"].as_i64().unwrap();
    let france = s.player(id, &gm, &["France"]).await;
    let name = s.get("/api/me", &france).await.1["name"].as_str().unwrap().to_string();
    s.post(&format!("/api/games/{id}/process"), &gm, json!({"phase_index": 0})).await;
    let (_, all) = s.get(&format!("/api/games/{id}/press/all"), &france).await;
    let list: &Vec<Value> = all["messages"].as_array().unwrap();
    assert!(list.len() > 2, "{all}");
    assert!(!all.to_string().contains(&name), "{all}");
}

on_both!(the_judge_tells_of_processing_and_of_the_game_masters_changes, notices_name_no_player);
