//! The rough edges players hit (issue 26, item 7), one test each: error
//! pages with the signed-in header, a stale submission named as the History
//! names phases and its orders kept, a replaced order not shown as the one
//! dropped, the create form kept on a bad value, bad addresses answered by
//! a page, the name kept after a wrong password, no orders form in a paused
//! game, no seat for a power the judge plays, a favicon, and the data
//! folder of `serve` ignored by git.

use crate::common;
use crate::jar;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::{server, Db};
use http_body_util::BodyExt;
use jar::{csrf, phase_index, signed_up, Browser};
use serde_json::json;
use tower::ServiceExt;

/// The header of a page names the signed-in user (and offers to sign out).
fn signed_in_header(body: &str, name: &str) -> bool {
    let header = body.split("</header>").next().unwrap_or("");
    header.contains(name) && header.contains("Sign out") && !header.contains("Sign in")
}

async fn an_error_page_shows_who_is_signed_in(db: Db) {
    let s = server(db).await;
    let (mut b, name) = signed_up(&s).await;
    let missing = b.get("/games/999999").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(signed_in_header(&missing.body, &name), "a 404 page has the signed-in header: {}", missing.body);
    // A 409: the same phase processed twice.
    let home = b.get("/").await;
    let made =
        b.post("/games", &[("csrf", &csrf(&home)), ("name", "G"), ("variant", "standard"), ("hours", "1")]).await;
    let game = made.location.unwrap();
    let page = b.get(&game).await;
    let process = [("csrf", csrf(&page)), ("action", "process".into()), ("phase_index", phase_index(&page))];
    let process: Vec<(&str, &str)> = process.iter().map(|(k, v)| (*k, v.as_str())).collect();
    assert_eq!(b.post(&format!("{game}/gm"), &process).await.status, StatusCode::SEE_OTHER);
    let again = b.post(&format!("{game}/gm"), &process).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert!(signed_in_header(&again.body, &name), "a 409 page has the signed-in header: {}", again.body);
}

async fn a_stale_submission_names_phases_as_the_history_and_keeps_the_orders(db: Db) {
    let s = server(db).await;
    let (mut gm, _) = signed_up(&s).await;
    let home = gm.get("/").await;
    let game = gm
        .post("/games", &[("csrf", &csrf(&home)), ("name", "G"), ("variant", "standard"), ("hours", "1")])
        .await
        .location
        .unwrap();
    let page = gm.get(&game).await;
    let code = page.body.split("<code class=\"code\">").nth(1).unwrap().split('<').next().unwrap().to_string();
    let (mut player, name) = signed_up(&s).await;
    let home = player.get("/").await;
    player.post("/join", &[("csrf", &csrf(&home)), ("code", &code)]).await;
    gm.post(&format!("{game}/gm"), &[("csrf", &csrf(&page)), ("action", "seat"), ("power", "France"), ("user", &name)])
        .await;
    let seen = player.get(&game).await;
    let process = [("csrf", csrf(&page)), ("action", "process".into()), ("phase_index", phase_index(&page))];
    let process: Vec<(&str, &str)> = process.iter().map(|(k, v)| (*k, v.as_str())).collect();
    gm.post(&format!("{game}/gm"), &process).await;
    let stale = player
        .post(
            &format!("{game}/orders/France"),
            &[("csrf", &csrf(&seen)), ("phase_index", &phase_index(&seen)), ("orders", "A par - bur")],
        )
        .await;
    assert_eq!(stale.status, StatusCode::CONFLICT, "{}", stale.body);
    // The History numbers phases from 1: Spring 1901 is 1, Autumn 1901 is 2.
    assert!(
        stale.body.contains("<li value=\"1\"><a href=\"/games/") && stale.body.contains("Spring 1901"),
        "{}",
        stale.body
    );
    assert!(
        stale.body.contains("phase 1 (Spring 1901, Movement)")
            && stale.body.contains("phase 2 (Autumn 1901, Movement)"),
        "{}",
        stale.body
    );
    assert!(stale.body.contains(">A par - bur</textarea>"), "the typed orders are in the box again: {}", stale.body);
}

async fn a_replaced_order_is_not_shown_as_the_one_dropped(db: Db) {
    let s = server(db).await;
    let (id, gm) = s.game().await;
    let player = s.player(id, &gm, &["France"]).await;
    let (status, _) = s
        .post(
            &format!("/api/games/{id}/orders/France"),
            &player,
            json!({"phase_index": 0, "orders": "F bre H\nF bre - mao"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let resp = s.router.clone().oneshot(
        Request::get(format!("/games/{id}"))
            .header("cookie", format!("pm_session={player}"))
            .body(Body::empty())
            .unwrap(),
    );
    let body = String::from_utf8(resp.await.unwrap().into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap();
    assert!(!body.contains("<b>replaced</b>"), "{body}");
    assert!(body.contains("<b>accepted</b> F bre - mao — replaces the earlier order for this unit"), "{body}");
    assert!(body.contains("<b>dropped</b> F bre H — replaced by a later line"), "{body}");
}

async fn the_create_form_keeps_its_fields_and_says_what_is_wrong(db: Db) {
    let s = server(db).await;
    let (mut b, _) = signed_up(&s).await;
    let home = b.get("/").await;
    assert!(
        home.body.contains("name=\"hours\"") && home.body.contains("max=\"720\""),
        "the deadline has a maximum: {}",
        home.body
    );
    let bad_seed = b
        .post(
            "/games",
            &[
                ("csrf", &csrf(&home)),
                ("name", "Keep me"),
                ("variant", "hoplite_wars"),
                ("hours", "3"),
                ("seed", "abc"),
            ],
        )
        .await;
    assert_eq!(bad_seed.status, StatusCode::BAD_REQUEST);
    assert!(bad_seed.body.contains("the seed `abc`"), "{}", bad_seed.body);
    assert!(
        bad_seed.body.contains("value=\"Keep me\"")
            && bad_seed.body.contains("value=\"abc\"")
            && bad_seed.body.contains("value=\"3\""),
        "{}",
        bad_seed.body
    );
    assert!(
        bad_seed.body.contains("<option value=\"hoplite_wars\" selected>"),
        "the variant chosen stays chosen: {}",
        bad_seed.body
    );
    let long = b
        .post("/games", &[("csrf", &csrf(&home)), ("name", "Keep me"), ("variant", "standard"), ("hours", "1000")])
        .await;
    assert_eq!(long.status, StatusCode::BAD_REQUEST);
    assert!(long.body.contains("30 days") && long.body.contains("value=\"1000\""), "{}", long.body);
}

async fn bad_addresses_answer_a_page(db: Db) {
    let s = server(db).await;
    let mut b = Browser { s: &s, cookies: Vec::new() };
    for path in ["/games/abc", "/games/1/phases/x", "/nowhere"] {
        let page = b.get(path).await;
        assert_eq!(page.status, StatusCode::NOT_FOUND, "{path}");
        assert!(
            page.body.contains("<header>") && page.body.contains(&format!("there is no page at {path}")),
            "{path}: {}",
            page.body
        );
        assert!(!page.body.contains("Invalid URL") && !page.body.contains("Cannot parse"), "{path}: {}", page.body);
    }
    let (status, body) = s.call("GET", "/api/nowhere", None, None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body["error"].as_str().unwrap().contains("/api/nowhere"), "the API answers JSON: {body}");
}

async fn a_wrong_password_keeps_the_name(db: Db) {
    let s = server(db).await;
    let (_, name) = s.user("kept").await;
    let mut b = Browser { s: &s, cookies: Vec::new() };
    let form = b.get("/signin").await;
    let wrong = b.post("/signin", &[("csrf", &csrf(&form)), ("name", &name), ("password", "wrong horse")]).await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert!(wrong.body.contains(&format!("name=\"name\" value=\"{name}\"")), "{}", wrong.body);
}

async fn a_paused_game_offers_no_orders_form(db: Db) {
    let s = server(db).await;
    let (id, gm) = s.game().await;
    let player = s.player(id, &gm, &["France"]).await;
    assert_eq!(s.post(&format!("/api/games/{id}/pause"), &gm, json!({})).await.0, StatusCode::OK);
    let resp = s.router.clone().oneshot(
        Request::get(format!("/games/{id}"))
            .header("cookie", format!("pm_session={player}"))
            .body(Body::empty())
            .unwrap(),
    );
    let body = String::from_utf8(resp.await.unwrap().into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap();
    assert!(body.contains("Orders of France"), "{body}");
    assert!(!body.contains("<textarea"), "no orders form while paused: {body}");
    assert!(body.contains("The game is paused: orders wait until the game master resumes it"), "{body}");
}

async fn a_power_the_judge_plays_is_never_seatable(db: Db) {
    let s = server(db).await;
    let (_, gm) = s.user("gm").await;
    let (status, made) =
        s.post("/api/games", &gm, json!({"name": "I", "variant": "imperator", "deadline_secs": 3600})).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let id = made["id"].as_i64().unwrap();
    let (_, game) = s.get(&format!("/api/games/{id}"), &gm).await;
    let seats: Vec<&str> = game["seats"].as_array().unwrap().iter().map(|s| s["power"].as_str().unwrap()).collect();
    assert!(!seats.contains(&"Barbarians") && !seats.contains(&"Persians") && seats.contains(&"Emperor"), "{seats:?}");
    let (status, body) =
        s.post(&format!("/api/games/{id}/seats"), &gm, json!({"power": "Barbarians", "user": null})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["error"].as_str().unwrap().contains("the judge plays the Barbarians"), "{body}");
}

async fn the_site_has_a_favicon(db: Db) {
    let s = server(db).await;
    let resp = s.router.clone().oneshot(Request::get("/favicon.ico").body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    assert_eq!(resp.headers()["content-type"], "image/x-icon");
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    assert_eq!(&bytes[..4], &[0, 0, 1, 0], "an icon file's header");
    assert!(bytes.len() > 100);
}

#[test]
fn the_data_folder_of_serve_is_ignored_by_git() {
    let ignore = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../.gitignore")).unwrap();
    let default = polemarch_web::Config::default().data;
    let folder = default.to_str().unwrap().trim_matches('/');
    assert!(
        ignore.lines().map(|l| l.trim().trim_matches('/')).any(|l| l == folder),
        "`{folder}` is not in .gitignore:\n{ignore}"
    );
}

on_both!(
    an_error_page_shows_who_is_signed_in,
    a_stale_submission_names_phases_as_the_history_and_keeps_the_orders,
    a_replaced_order_is_not_shown_as_the_one_dropped,
    the_create_form_keeps_its_fields_and_says_what_is_wrong,
    bad_addresses_answer_a_page,
    a_wrong_password_keeps_the_name,
    a_paused_game_offers_no_orders_form,
    a_power_the_judge_plays_is_never_seatable,
    the_site_has_a_favicon,
);
