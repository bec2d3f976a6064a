//! A power's orders stay its player's: when the game master gives the power
//! to another (himself included), its current orders and ready mark go
//! with the old player; and the verdicts of a check or a submission are
//! judged on the power's own orders alone, never on the others' secret ones.

use crate::common;

use axum::http::StatusCode;
use common::{server, Db};
use serde_json::json;

async fn a_power_given_to_another_comes_without_its_orders(db: Db) {
    let s = server(db).await;
    let (id, gm) = s.game().await;
    let gm_name = s.get("/api/me", &gm).await.1["name"].as_str().unwrap().to_string();
    let france = s.player(id, &gm, &["France"]).await;
    let (status, body) = s
        .post(
            &format!("/api/games/{id}/orders/France"),
            &france,
            json!({"phase_index": 0, "orders": "A par - bur", "ready": true}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // The game master takes France to read its orders: there are none.
    let (status, body) =
        s.post(&format!("/api/games/{id}/seats"), &gm, json!({"power": "France", "user": gm_name})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, seen) = s.get(&format!("/api/games/{id}/orders/France"), &gm).await;
    assert_eq!(status, StatusCode::OK, "{seen}");
    assert_eq!(seen["text"], "", "{seen}");
    assert_eq!(seen["in_force"], json!([]), "{seen}");
    assert_eq!(seen["ready"], false, "{seen}");
    // Given back, France's old player has to order again too.
    s.post(&format!("/api/games/{id}/seats"), &gm, json!({"power": "France", "user": null})).await;
    let (_, g) = s.get(&format!("/api/games/{id}"), &gm).await;
    assert!(g["seats"].as_array().unwrap().iter().all(|s| s["ready"] == false), "{g}");
    // Giving a power to the player who has it already changes nothing.
    let italy = s.player(id, &gm, &["Italy"]).await;
    s.post(&format!("/api/games/{id}/orders/Italy"), &italy, json!({"phase_index": 0, "orders": "A ven H"})).await;
    let name = s.get("/api/me", &italy).await.1["name"].as_str().unwrap().to_string();
    assert_eq!(
        s.post(&format!("/api/games/{id}/seats"), &gm, json!({"power": "Italy", "user": name})).await.0,
        StatusCode::OK
    );
    assert_eq!(s.get(&format!("/api/games/{id}/orders/Italy"), &italy).await.1["in_force"], json!(["A ven H"]));
}

async fn the_seats_of_a_game_that_is_over_stay_as_they_are(db: Db) {
    let s = server(db).await;
    let (id, gm) = s.game().await;
    let gm_name = s.get("/api/me", &gm).await.1["name"].as_str().unwrap().to_string();
    sqlx::query("UPDATE games SET status = 'over' WHERE id = $1").bind(id).execute(&s.app.db).await.unwrap();
    let (status, body) =
        s.post(&format!("/api/games/{id}/seats"), &gm, json!({"power": "France", "user": gm_name})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let (_, g) = s.get(&format!("/api/games/{id}"), &gm).await;
    assert!(g["seats"].as_array().unwrap().iter().all(|s| s["user"].is_null()), "{g}");
}

async fn a_check_is_judged_without_the_other_powers_orders(db: Db) {
    use polemarch_engine::game::record::Submission;
    use polemarch_engine::game::{Status, SubmittedOrder};
    let s = server(db).await;
    let (id, gm) = s.game().await;
    let france = s.player(id, &gm, &["France"]).await;
    // England's secret order, as a record may hold it (one from an older
    // judge that no longer reads): the engine names it when it judges with it.
    let mut g = polemarch_web::games::load(&s.app.db, id).await.unwrap();
    let secret = "F lon - nowhere";
    let order =
        SubmittedOrder { text: secret.into(), status: Status::Accepted, order: Some(secret.into()), reason: None };
    let record = std::sync::Arc::make_mut(&mut g.record);
    record.phases[0].submissions.push(Submission {
        power: "England".into(),
        by: "england".into(),
        at: "now".into(),
        orders: vec![order],
    });
    let text = serde_json::to_string(&g.record).unwrap();
    sqlx::query("UPDATE games SET record = $1, version = version + 1 WHERE id = $2")
        .bind(text)
        .bind(id)
        .execute(&s.app.db)
        .await
        .unwrap();
    let (status, body) = s
        .post(&format!("/api/games/{id}/check/France"), &france, json!({"phase_index": 0, "orders": "A par - bur"}))
        .await;
    assert!(!body.to_string().contains("nowhere"), "England's order shows: {body}");
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["orders"][0]["status"], "accepted", "{body}");
}

on_both!(
    a_power_given_to_another_comes_without_its_orders,
    the_seats_of_a_game_that_is_over_stay_as_they_are,
    a_check_is_judged_without_the_other_powers_orders,
);
