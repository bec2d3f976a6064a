//! The web judge's JSON API against a real database (SQLite in a temporary
//! folder; PostgreSQL when DATABASE_URL names one): accounts, games, orders
//! with their verdicts, secrecy, processing on all-ready and on deadline,
//! and the two races: two processors at once, submissions at once.

use crate::common;

use axum::http::StatusCode;
use common::{server, server_with, unique, Db};
use polemarch_engine::game;
use polemarch_engine::variant::embedded_variant;
use polemarch_web::judge::{self, Cause};
use serde_json::{json, Value};

const OTHERS_THAN_FRANCE_AND_ENGLAND: [&str; 5] = ["Austria", "Germany", "Italy", "Russia", "Turkey"];

async fn sign_up_sign_in_and_sessions(db: Db) {
    let s = server(db).await;
    let name = unique("ann");
    let creds = json!({"name": name, "password": "correct horse"});
    let (status, body) = s.call("POST", "/api/signup", None, Some(creds.clone())).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let token = body["token"].as_str().unwrap().to_string();
    assert_eq!(s.get("/api/me", &token).await.1["name"], name);
    // The same name again; a short password; a wrong password.
    assert_eq!(s.call("POST", "/api/signup", None, Some(creds.clone())).await.0, StatusCode::CONFLICT);
    let (status, body) =
        s.call("POST", "/api/signup", None, Some(json!({"name": unique("bob"), "password": "short"}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"].as_str().unwrap().contains("8 to 200"), "{body}");
    let (status, _) = s.call("POST", "/api/signin", None, Some(json!({"name": name, "password": "wrong horse"}))).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, body) = s.call("POST", "/api/signin", None, Some(creds)).await;
    assert_eq!(status, StatusCode::OK);
    let second = body["token"].as_str().unwrap().to_string();
    assert_ne!(second, token);
    // No token, a made-up token, a signed-out token: not signed in.
    assert_eq!(s.call("GET", "/api/me", None, None).await.0, StatusCode::UNAUTHORIZED);
    assert_eq!(s.get("/api/me", &"ab".repeat(32)).await.0, StatusCode::UNAUTHORIZED);
    assert_eq!(s.post("/api/signout", &second, json!({})).await.0, StatusCode::OK);
    assert_eq!(s.get("/api/me", &second).await.0, StatusCode::UNAUTHORIZED);
    assert_eq!(s.get("/api/me", &token).await.0, StatusCode::OK);
    // An expired session is refused, then forgotten.
    sqlx::query("UPDATE sessions SET expires_at = $1 WHERE token_sha256 = $2")
        .bind(polemarch_web::db::now() - 1)
        .bind(polemarch_web::accounts::token_hash(&token))
        .execute(&s.app.db)
        .await
        .unwrap();
    assert_eq!(s.get("/api/me", &token).await.0, StatusCode::UNAUTHORIZED);
    assert!(polemarch_web::accounts::forget_expired(&s.app.db).await.unwrap() >= 1);
}

async fn sign_in_is_rate_limited(db: Db) {
    let s = server_with(db, |c| c.limits.sign_in_per_minute = 3).await;
    let wrong = json!({"name": unique("eve"), "password": "guess guess"});
    for _ in 0..3 {
        assert_eq!(s.call("POST", "/api/signin", None, Some(wrong.clone())).await.0, StatusCode::UNAUTHORIZED);
    }
    let (status, body) = s.call("POST", "/api/signin", None, Some(wrong)).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
}

async fn create_join_and_submit_with_line_verdicts(db: Db) {
    let s = server(db).await;
    let (id, gm) = s.game().await;
    let (_, game) = s.get(&format!("/api/games/{id}"), &gm).await;
    assert_eq!(game["seed"], "7");
    assert_eq!(game["phase"], "Spring 1901, Movement");
    assert_eq!(game["invite_code"].as_str().unwrap().len(), 10);
    let france = s.player(id, &gm, &["France"]).await;
    let lines = "A par - bur\nF bre - mao\nA mar - xyz\nA par - pic\nF lon - nth";
    let (status, body) =
        s.post(&format!("/api/games/{id}/orders/France"), &france, json!({"phase_index": 0, "orders": lines})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // The verdicts are the engine's own, as `polemarch game orders` gives them.
    let v = embedded_variant("standard").unwrap().unwrap();
    let mut rec = game::new_game(&v, "standard", 7);
    let lines: Vec<String> = lines.lines().map(String::from).collect();
    let expected = game::submit(&v, &mut rec, v.find_power("France").unwrap(), "x", "now", &lines).unwrap();
    let got = body["orders"].as_array().unwrap();
    assert_eq!(got.len(), expected.len());
    for (g, e) in got.iter().zip(&expected) {
        assert_eq!(g["status"], serde_json::to_value(e.status).unwrap(), "{g}");
        assert_eq!(g["reason"].as_str(), e.reason.as_deref(), "{g}");
    }
    let statuses: Vec<&str> = got.iter().map(|o| o["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, ["accepted", "accepted", "rejected", "replaced", "rejected"]);
    assert_eq!(body["in_force"], json!(["A par - pic", "F bre - mao"]));
    // Checking keeps nothing: the same verdicts, and the orders in force
    // stay as they were.
    let (status, checked) = s
        .post(
            &format!("/api/games/{id}/check/France"),
            &france,
            json!({"phase_index": 0, "orders": "A mar - spa\nA mar - mun"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{checked}");
    let statuses: Vec<&str> =
        checked["orders"].as_array().unwrap().iter().map(|o| o["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, ["accepted", "rejected"]);
    assert_eq!(
        s.get(&format!("/api/games/{id}/orders/France"), &france).await.1["in_force"],
        json!(["A par - pic", "F bre - mao"])
    );
    // A new submission replaces the power's orders whole.
    let (_, body) = s
        .post(&format!("/api/games/{id}/orders/France"), &france, json!({"phase_index": 0, "orders": "A mar - spa"}))
        .await;
    assert_eq!(body["in_force"], json!(["A mar - spa"]));
    let (_, mine) = s.get(&format!("/api/games/{id}/orders/France"), &france).await;
    assert_eq!(mine["text"], "A mar - spa");
}

async fn nobody_sees_or_orders_another_power(db: Db) {
    let s = server(db).await;
    let (id, gm) = s.game().await;
    let france = s.player(id, &gm, &["France"]).await;
    let england = s.player(id, &gm, &["England"]).await;
    let (_, outsider) = s.user("out").await;
    s.post(&format!("/api/games/{id}/orders/France"), &france, json!({"phase_index": 0, "orders": "A par - bur"}))
        .await;
    assert_eq!(s.get(&format!("/api/games/{id}/orders/France"), &england).await.0, StatusCode::FORBIDDEN);
    assert_eq!(s.get(&format!("/api/games/{id}/orders/France"), &gm).await.0, StatusCode::FORBIDDEN);
    let (status, _) = s
        .post(&format!("/api/games/{id}/orders/France"), &england, json!({"phase_index": 0, "orders": "A par H"}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        s.post(&format!("/api/games/{id}/ready/France"), &england, json!({"phase_index": 0, "ready": true})).await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        s.post(&format!("/api/games/{id}/check/France"), &england, json!({"phase_index": 0, "orders": "A par H"}))
            .await
            .0,
        StatusCode::FORBIDDEN
    );
    // An outsider sees nothing of a private game; a player cannot act as
    // its game master.
    assert_eq!(s.get(&format!("/api/games/{id}"), &outsider).await.0, StatusCode::FORBIDDEN);
    assert_eq!(s.get(&format!("/api/games/{id}/record"), &outsider).await.0, StatusCode::FORBIDDEN);
    assert_eq!(s.post(&format!("/api/games/{id}/pause"), &england, json!({})).await.0, StatusCode::FORBIDDEN);
    assert_eq!(
        s.post(&format!("/api/games/{id}/process"), &england, json!({"phase_index": 0})).await.0,
        StatusCode::FORBIDDEN
    );
    // The record as players download it holds no order of the open phase.
    let (status, record) = s.get(&format!("/api/games/{id}/record"), &england).await;
    assert_eq!(status, StatusCode::OK);
    assert!(!record.to_string().contains("par - bur"), "{record}");
    assert!(record["phases"][0].get("submissions").is_none());
    // France's own orders are still there.
    assert_eq!(s.get(&format!("/api/games/{id}/orders/France"), &france).await.1["in_force"], json!(["A par - bur"]));
}

async fn bad_input_is_a_clear_error_that_changes_nothing(db: Db) {
    let s = server(db).await;
    let (id, gm) = s.game().await;
    let france = s.player(id, &gm, &["France"]).await;
    let before = s.get(&format!("/api/games/{id}"), &gm).await.1;
    let (status, body) = s.post(&format!("/api/games/{id}/extend"), &gm, json!({"seconds": -5})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"].as_str().unwrap().contains("extension"), "{body}");
    assert_eq!(
        s.post(&format!("/api/games/{id}/orders/Atlantis"), &france, json!({"phase_index": 0, "orders": "A par H"}))
            .await
            .0,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        s.post("/api/games", &gm, json!({"name": "x", "variant": "nowhere", "deadline_secs": 3600})).await.0,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(s.post("/api/join", &france, json!({"code": "NOSUCHCODE"})).await.0, StatusCode::BAD_REQUEST);
    // Orders to a paused game wait.
    assert_eq!(s.post(&format!("/api/games/{id}/pause"), &gm, json!({})).await.0, StatusCode::OK);
    let (status, body) = s
        .post(&format!("/api/games/{id}/orders/France"), &france, json!({"phase_index": 0, "orders": "A par - bur"}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(body["error"].as_str().unwrap().contains("paused"), "{body}");
    assert_eq!(s.post(&format!("/api/games/{id}/resume"), &gm, json!({})).await.0, StatusCode::OK);
    let after = s.get(&format!("/api/games/{id}"), &gm).await.1;
    assert_eq!(before["phase_index"], after["phase_index"]);
    assert_eq!(s.get(&format!("/api/games/{id}/orders/France"), &france).await.1["in_force"], json!([]));
}

/// France's and England's players, bots for the rest.
async fn two_player_game(s: &common::TestServer) -> (i64, String, String, String) {
    let (id, gm) = s.game().await;
    let france = s.player(id, &gm, &["France"]).await;
    let england = s.player(id, &gm, &["England"]).await;
    s.bots(id, &gm, &OTHERS_THAN_FRANCE_AND_ENGLAND).await;
    (id, gm, france, england)
}

async fn the_phase_is_processed_when_every_power_is_ready(db: Db) {
    let s = server(db).await;
    let (id, gm, france, england) = two_player_game(&s).await;
    let (_, body) = s
        .post(
            &format!("/api/games/{id}/orders/France"),
            &france,
            json!({"phase_index": 0, "orders": "A par - bur", "ready": true}),
        )
        .await;
    assert_eq!(body["processed"], Value::Null, "England is not ready yet");
    assert_eq!(s.phase_index(id, &gm).await, 0);
    let (_, body) = s
        .post(&format!("/api/games/{id}/orders/England"), &england, json!({"phase_index": 0, "orders": "F lon - nth"}))
        .await;
    assert_eq!(body["processed"], Value::Null);
    let (status, body) =
        s.post(&format!("/api/games/{id}/ready/England"), &england, json!({"phase_index": 0, "ready": true})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["processed"], "Spring 1901, Movement");
    assert_eq!(s.phase_index(id, &gm).await, 1);
    let (_, phase) = s.get(&format!("/api/games/{id}/phases/0"), &france).await;
    assert_eq!(phase["orders"]["France"], json!(["A par - bur"]));
    assert_eq!(phase["orders"]["England"], json!(["F lon - nth"]));
    // The bots stood in for the others.
    assert!(phase["orders"]["Russia"].as_array().is_some_and(|o| !o.is_empty()), "{phase}");
    let result = phase["results"].as_array().unwrap().iter().find(|r| r["order"] == "A par - bur").unwrap().clone();
    assert!(result["reason"].is_string());
    // Now the orders of the processed phase are in the record.
    let (_, record) = s.get(&format!("/api/games/{id}/record"), &england).await;
    assert!(record.to_string().contains("A par - bur"));
    let (status, mila) = s.get(&format!("/api/games/{id}/mila"), &england).await;
    assert_eq!(status, StatusCode::OK, "{mila}");
    // Readiness is per phase: nobody is ready in the new one.
    let (_, g) = s.get(&format!("/api/games/{id}"), &gm).await;
    assert!(g["seats"].as_array().unwrap().iter().all(|s| s["ready"] == false), "{g}");
}

async fn the_phase_is_processed_when_its_deadline_passes(db: Db) {
    let s = server(db).await;
    let (id, gm, france, _england) = two_player_game(&s).await;
    s.post(&format!("/api/games/{id}/orders/France"), &france, json!({"phase_index": 0, "orders": "A par - bur"}))
        .await;
    assert_eq!(judge::process_due(&s.app).await.unwrap(), 0, "the deadline is an hour away");
    sqlx::query("UPDATE games SET deadline_at = $1 WHERE id = $2")
        .bind(polemarch_web::db::now() - 1)
        .bind(id)
        .execute(&s.app.db)
        .await
        .unwrap();
    // A server started afresh on the database finds the passed deadline.
    let restarted = s.another().await;
    assert_eq!(judge::process_due(&restarted).await.unwrap(), 1);
    assert_eq!(judge::process_due(&s.app).await.unwrap(), 0, "the next phase has a new deadline");
    let (_, g) = s.get(&format!("/api/games/{id}"), &gm).await;
    assert_eq!(g["phase_index"], 1);
    assert!(g["deadline_at"].as_i64().unwrap() > polemarch_web::db::now() + 3000);
    // England sent nothing: its units held.
    let (_, phase) = s.get(&format!("/api/games/{id}/phases/0"), &france).await;
    assert_eq!(phase["orders"]["France"], json!(["A par - bur"]));
    assert!(phase["orders"].get("England").is_none(), "{phase}");
    // A paused game's deadline does not pass.
    s.post(&format!("/api/games/{id}/pause"), &gm, json!({})).await;
    sqlx::query("UPDATE games SET deadline_at = $1 WHERE id = $2")
        .bind(polemarch_web::db::now() - 1)
        .bind(id)
        .execute(&s.app.db)
        .await
        .unwrap();
    assert_eq!(judge::process_due(&s.app).await.unwrap(), 0);
}

async fn two_processors_at_once_process_a_phase_exactly_once(db: Db) {
    let s = server(db).await;
    let second = s.another().await;
    for _ in 0..5 {
        let (id, _gm, france, _england) = two_player_game(&s).await;
        s.post(&format!("/api/games/{id}/orders/France"), &france, json!({"phase_index": 0, "orders": "A par - bur"}))
            .await;
        sqlx::query("UPDATE games SET deadline_at = $1 WHERE id = $2")
            .bind(polemarch_web::db::now() - 1)
            .bind(id)
            .execute(&s.app.db)
            .await
            .unwrap();
        // A deadline in one server, the game master's "process now" in
        // another, and a third by deadline, all at once.
        let (a, b, c) = (s.app.clone(), second.clone(), s.app.clone());
        let tasks = [
            tokio::spawn(async move { judge::process(&a, id, 0, Cause::Deadline).await }),
            tokio::spawn(async move { judge::process(&b, id, 0, Cause::GameMaster).await }),
            tokio::spawn(async move { judge::process(&c, id, 0, Cause::Deadline).await }),
        ];
        let mut done = 0;
        for t in tasks {
            if t.await.unwrap().unwrap().is_some() {
                done += 1;
            }
        }
        assert_eq!(done, 1, "exactly one processor processes the phase");
        let g = polemarch_web::games::load(&s.app.db, id).await.unwrap();
        assert_eq!(g.phase_index, 1);
        assert_eq!(g.record.phases.len(), 2);
        use sqlx::Row;
        let rows: i64 = sqlx::query("SELECT COUNT(*) FROM phases WHERE game_id = $1")
            .bind(id)
            .fetch_one(&s.app.db)
            .await
            .unwrap()
            .try_get(0)
            .unwrap();
        assert_eq!(rows, 1);
    }
}

async fn submissions_at_once_are_none_lost(db: Db) {
    let s = server(db).await;
    let second = s.another().await;
    let (id, gm) = s.game().await;
    let orders = [
        ("Austria", "A vie - gal"),
        ("England", "F lon - nth"),
        ("France", "A par - bur"),
        ("Germany", "A ber - kie"),
        ("Italy", "A ven - pie"),
        ("Russia", "A mos - ukr"),
        ("Turkey", "A con - bul"),
    ];
    let mut players = Vec::new();
    for (power, _) in orders {
        let token = s.player(id, &gm, &[power]).await;
        players.push((polemarch_web::accounts::session(&s.app.db, &token).await.unwrap().unwrap().user, token));
    }
    // Every player submits at once, half through each of two servers;
    // then each changes their order at once again.
    for round in 0..2 {
        let mut tasks = Vec::new();
        for (i, ((power, order), (user, _))) in orders.iter().zip(&players).enumerate() {
            let app = if i % 2 == 0 { s.app.clone() } else { second.clone() };
            let (user, power) = (user.clone(), power.to_string());
            let text = if round == 0 { format!("{} H", &order[..5]) } else { order.to_string() };
            tasks.push(tokio::spawn(async move { judge::submit(&app, id, &user, &power, 0, &text, None).await }));
        }
        for t in tasks {
            t.await.unwrap().expect("every submission is taken");
        }
    }
    let (_, gm_view) = s.get(&format!("/api/games/{id}"), &gm).await;
    assert_eq!(gm_view["phase_index"], 0);
    for ((power, order), (_, token)) in orders.iter().zip(&players) {
        let (_, mine) = s.get(&format!("/api/games/{id}/orders/{power}"), token).await;
        assert_eq!(mine["in_force"], json!([order]), "{power}");
    }
    // Processed, every one of them counts.
    assert!(judge::process(&s.app, id, 0, Cause::GameMaster).await.unwrap().is_some());
    let (_, phase) = s.get(&format!("/api/games/{id}/phases/0"), &players[0].1).await;
    for (power, order) in orders {
        assert_eq!(phase["orders"][power], json!([order]), "{phase}");
    }
}

/// Each power's orders for the open phase are a row of their own until the
/// phase is processed; a database written by an older judge kept them in
/// the record instead: those still count (unless the power submits again),
/// and processing moves both into the record.
async fn open_orders_and_those_an_older_judge_kept_in_the_record_count(db: Db) {
    use polemarch_engine::game::record::Submission;
    use polemarch_engine::game::{Status, SubmittedOrder};
    use sqlx::Row;
    let s = server(db).await;
    let (id, gm) = s.game().await;
    let england = s.player(id, &gm, &["England"]).await;
    let france = s.player(id, &gm, &["France"]).await;
    let kept = |text: &str| SubmittedOrder {
        text: text.into(),
        status: Status::Accepted,
        order: Some(text.into()),
        reason: None,
    };
    let mut g = polemarch_web::games::load(&s.app.db, id).await.unwrap();
    let open = &mut std::sync::Arc::make_mut(&mut g.record).phases[0].submissions;
    open.push(Submission {
        power: "England".into(),
        by: "england".into(),
        at: "now".into(),
        orders: vec![kept("F lon - nth")],
    });
    open.push(Submission {
        power: "France".into(),
        by: "france".into(),
        at: "now".into(),
        orders: vec![kept("A par - pic")],
    });
    let text = serde_json::to_string(&g.record).unwrap();
    sqlx::query("UPDATE games SET record = $1, version = version + 1 WHERE id = $2")
        .bind(text)
        .bind(id)
        .execute(&s.app.db)
        .await
        .unwrap();
    assert_eq!(s.get(&format!("/api/games/{id}/orders/England"), &england).await.1["in_force"], json!(["F lon - nth"]));
    // France's new submission replaces the kept one whole.
    let (status, body) = s
        .post(&format!("/api/games/{id}/orders/France"), &france, json!({"phase_index": 0, "orders": "A par - bur"}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["in_force"], json!(["A par - bur"]), "{body}");
    let open_rows = |id: i64| {
        let db = s.app.db.clone();
        async move {
            sqlx::query("SELECT COUNT(*) FROM open_orders WHERE game_id = $1")
                .bind(id)
                .fetch_one(&db)
                .await
                .unwrap()
                .try_get::<i64, _>(0)
                .unwrap()
        }
    };
    assert_eq!(open_rows(id).await, 1);
    assert!(judge::process(&s.app, id, 0, Cause::GameMaster).await.unwrap().is_some());
    let (_, phase) = s.get(&format!("/api/games/{id}/phases/0"), &france).await;
    assert_eq!(phase["orders"]["England"], json!(["F lon - nth"]), "{phase}");
    assert_eq!(phase["orders"]["France"], json!(["A par - bur"]), "{phase}");
    assert_eq!(open_rows(id).await, 0, "the processed phase's orders are in the record now");
    // The next phase starts with none.
    assert_eq!(s.get(&format!("/api/games/{id}/orders/France"), &france).await.1["in_force"], json!([]));
}

async fn one_player_may_hold_several_powers(db: Db) {
    let s = server(db).await;
    let (id, gm) = s.game().await;
    let both = s.player(id, &gm, &["France", "Italy"]).await;
    let (_, g) = s.get(&format!("/api/games/{id}"), &both).await;
    assert_eq!(g["my_powers"], json!(["France", "Italy"]));
    assert_eq!(g["invite_code"], Value::Null, "only the game master sees the invite code");
    assert_eq!(
        s.post(&format!("/api/games/{id}/orders/Italy"), &both, json!({"phase_index": 0, "orders": "A ven H"})).await.0,
        StatusCode::OK
    );
    // The game master replaces Italy's player: the old one loses it.
    let other = s.player(id, &gm, &["Italy"]).await;
    assert_eq!(
        s.post(&format!("/api/games/{id}/orders/Italy"), &both, json!({"phase_index": 0, "orders": "A ven H"})).await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        s.post(&format!("/api/games/{id}/orders/Italy"), &other, json!({"phase_index": 0, "orders": "A ven H"}))
            .await
            .0,
        StatusCode::OK
    );
}

on_both!(
    sign_up_sign_in_and_sessions,
    sign_in_is_rate_limited,
    create_join_and_submit_with_line_verdicts,
    nobody_sees_or_orders_another_power,
    bad_input_is_a_clear_error_that_changes_nothing,
    the_phase_is_processed_when_every_power_is_ready,
    the_phase_is_processed_when_its_deadline_passes,
    two_processors_at_once_process_a_phase_exactly_once,
    submissions_at_once_are_none_lost,
    open_orders_and_those_an_older_judge_kept_in_the_record_count,
    one_player_may_hold_several_powers,
);
