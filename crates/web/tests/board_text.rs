//! The board as text on the game's and each phase's page (issue 26, item
//! 2): each power's units and centres, and whose orders are missing (that
//! they are, never what they are); the map's description points to it.

use crate::common;

use axum::body::Body;
use axum::http::Request;
use common::{server, Db};
use http_body_util::BodyExt;
use serde_json::json;
use tower::ServiceExt;

async fn page(s: &common::TestServer, uri: &str, token: &str) -> String {
    let resp = s
        .router
        .clone()
        .oneshot(Request::get(uri).header("cookie", format!("pm_session={token}")).body(Body::empty()).unwrap());
    String::from_utf8(resp.await.unwrap().into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap()
}

/// The text of the board's section for `power`.
fn power_part(body: &str, power: &str) -> String {
    let board = body.split("<section class=\"board\"").nth(1).expect("a board section");
    board
        .split("<section class=\"power\">")
        .find(|p| p.starts_with(&format!("<h3>{power}")))
        .unwrap_or_else(|| panic!("no {power}: {board}"))
        .to_string()
}

async fn every_game_page_has_the_board_as_text(db: Db) {
    let s = server(db).await;
    let (id, gm) = s.game().await;
    let france = s.player(id, &gm, &["France"]).await;
    let body = page(&s, &format!("/games/{id}"), &france).await;
    assert!(
        body.contains("aria-describedby=\"board\"") && body.contains("id=\"board\""),
        "the map points to the board: {body}"
    );
    let part = power_part(&body, "France");
    assert!(
        part.contains("A par")
            && part.contains("F bre")
            && part.contains("Paris (par)")
            && part.contains("(orders missing)"),
        "{part}"
    );
    let (status, _) = s
        .post(&format!("/api/games/{id}/orders/France"), &france, json!({"phase_index": 0, "orders": "A par - bur"}))
        .await;
    assert!(status.is_success());
    let body = page(&s, &format!("/games/{id}"), &gm).await;
    assert!(!power_part(&body, "France").contains("(orders missing)"), "France has sent orders");
    assert!(power_part(&body, "Germany").contains("(orders missing)"));
    assert!(!body.contains("par - bur"), "whose orders are in, never what they are: {body}");
    // A phase's page has it too, at that phase.
    let (status, _) = s.post(&format!("/api/games/{id}/process"), &gm, json!({"phase_index": 0})).await;
    assert!(status.is_success());
    let phase = page(&s, &format!("/games/{id}/phases/0"), &france).await;
    assert!(power_part(&phase, "France").contains("A par"), "Spring 1901's board: {phase}");
    let now = page(&s, &format!("/games/{id}"), &france).await;
    assert!(power_part(&now, "France").contains("A bur"), "Autumn's board: the army moved");
}

on_both!(every_game_page_has_the_board_as_text);
