//! Every request that acts on a phase says which (`phase_index`) and acts
//! on it only while it is the current one: a second "process now" does not
//! process the next phase, and orders, readiness and checks written for a
//! processed phase are refused, not applied to the next. Orders after the
//! deadline are refused (the scheduler processes the phase), and a phase
//! where only bots (or nobody) have something to order does not wait for
//! its deadline.

use crate::common;

use axum::http::StatusCode;
use common::{server, Db};
use polemarch_web::judge;
use serde_json::{json, Value};

const ALL: [&str; 7] = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"];

fn error(body: &Value) -> &str {
    body["error"].as_str().unwrap_or_default()
}

async fn process_now_processes_the_phase_it_was_asked_for_once(db: Db) {
    let s = server(db).await;
    let (id, gm) = s.game().await;
    s.player(id, &gm, &["France"]).await;
    let url = format!("/api/games/{id}/process");
    let (status, body) = s.post(&url, &gm, json!({"phase_index": 0})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["processed"], "Spring 1901, Movement");
    // The same request again (a double click): phase 0 is gone.
    let (status, body) = s.post(&url, &gm, json!({"phase_index": 0})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(error(&body).contains("processed already"), "{body}");
    assert_eq!(s.phase_index(id, &gm).await, 1);
    // Without saying which phase, nothing is processed.
    assert_eq!(s.post(&url, &gm, json!({})).await.0, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(s.phase_index(id, &gm).await, 1);
}

async fn orders_ready_and_checks_for_a_processed_phase_are_refused(db: Db) {
    let s = server(db).await;
    let (id, gm) = s.game().await;
    let france = s.player(id, &gm, &["France"]).await;
    assert_eq!(s.post(&format!("/api/games/{id}/process"), &gm, json!({"phase_index": 0})).await.0, StatusCode::OK);
    // France's page still showed phase 0 when these were sent.
    let stale = [
        ("orders", json!({"phase_index": 0, "orders": "A par - bur", "ready": true})),
        ("ready", json!({"phase_index": 0, "ready": true})),
        ("check", json!({"phase_index": 0, "orders": "A par - bur"})),
    ];
    for (what, body) in stale {
        let (status, answer) = s.post(&format!("/api/games/{id}/{what}/France"), &france, body).await;
        assert_eq!(status, StatusCode::CONFLICT, "{what}: {answer}");
        assert!(error(&answer).contains("has been processed"), "{what}: {answer}");
    }
    // Nothing of them is in the new phase: no orders, not ready.
    let (_, mine) = s.get(&format!("/api/games/{id}/orders/France"), &france).await;
    assert_eq!(mine["in_force"], json!([]), "{mine}");
    assert_eq!(mine["ready"], false, "{mine}");
    // Written for the current phase, they are taken.
    let (status, body) = s
        .post(&format!("/api/games/{id}/orders/France"), &france, json!({"phase_index": 1, "orders": "A par - bur"}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["in_force"], json!(["A par - bur"]));
}

async fn orders_after_the_deadline_are_refused_and_the_scheduler_processes_the_phase(db: Db) {
    let s = server(db).await;
    let (id, gm) = s.game().await;
    let france = s.player(id, &gm, &["France"]).await;
    let passed = polemarch_web::db::now() - 1;
    sqlx::query("UPDATE games SET deadline_at = $1 WHERE id = $2")
        .bind(passed)
        .bind(id)
        .execute(&s.app.db)
        .await
        .unwrap();
    let late = [
        ("orders", json!({"phase_index": 0, "orders": "A par - bur"})),
        ("ready", json!({"phase_index": 0, "ready": true})),
        ("check", json!({"phase_index": 0, "orders": "A par - bur"})),
    ];
    for (what, body) in late {
        let (status, answer) = s.post(&format!("/api/games/{id}/{what}/France"), &france, body).await;
        assert_eq!(status, StatusCode::CONFLICT, "{what}: {answer}");
        assert!(error(&answer).contains("deadline has passed"), "{what}: {answer}");
    }
    assert_eq!(judge::process_due(&s.app).await.unwrap(), 1);
    let (_, phase) = s.get(&format!("/api/games/{id}/phases/0"), &france).await;
    assert!(phase["orders"].get("France").is_none(), "the late orders do not count: {phase}");
}

async fn a_phase_only_bots_have_to_order_does_not_wait_for_its_deadline(db: Db) {
    let s = server(db).await;
    // Bots play every power: after the game master's processing, each
    // next phase is ready at once and follows (up to a bound).
    let (id, gm) = s.game().await;
    s.bots(id, &gm, &ALL).await;
    assert_eq!(s.post(&format!("/api/games/{id}/process"), &gm, json!({"phase_index": 0})).await.0, StatusCode::OK);
    let (_, g) = s.get(&format!("/api/games/{id}"), &gm).await;
    let at = g["phase_index"].as_i64().unwrap();
    assert!(at > 1, "the bots' next phases were processed too: {g}");
    assert!(at <= 21, "at most 20 more at once: {g}");
    // With a player who has something to order, it stops there.
    let (id, gm) = s.game().await;
    let france = s.player(id, &gm, &["France"]).await;
    s.bots(id, &gm, &["Austria", "England", "Germany", "Italy", "Russia", "Turkey"]).await;
    let (status, body) =
        s.post(&format!("/api/games/{id}/ready/France"), &france, json!({"phase_index": 0, "ready": true})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["processed"], "Spring 1901, Movement");
    let (_, g) = s.get(&format!("/api/games/{id}"), &gm).await;
    assert!(g["to_order"].as_array().unwrap().contains(&json!("France")), "{g}");
    assert_eq!(g["seats"].as_array().unwrap().iter().find(|s| s["power"] == "France").unwrap()["ready"], false, "{g}");
}

on_both!(
    process_now_processes_the_phase_it_was_asked_for_once,
    orders_ready_and_checks_for_a_processed_phase_are_refused,
    orders_after_the_deadline_are_refused_and_the_scheduler_processes_the_phase,
    a_phase_only_bots_have_to_order_does_not_wait_for_its_deadline,
);
