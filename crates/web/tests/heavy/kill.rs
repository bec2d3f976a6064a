//! The server killed in the middle of processing a phase (inside the
//! transaction that writes the next phase): on restart the game is as it
//! was before (the phase not processed, the orders all there), the
//! restarted server processes it exactly once, and a deadline that passed
//! while the server was down is processed too.

use crate::common::{server, Db, TestServer};
use serde_json::json;
use sqlx::Row;
use std::time::{Duration, Instant};

async fn count_phases(s: &TestServer, id: i64) -> i64 {
    sqlx::query("SELECT COUNT(*) FROM phases WHERE game_id = $1")
        .bind(id)
        .fetch_one(&s.app.db)
        .await
        .unwrap()
        .try_get(0)
        .unwrap()
}

/// A game with France and England played, France's order in: (id, France's token).
async fn game(s: &TestServer) -> (i64, String) {
    let (id, gm) = s.game().await;
    let france = s.player(id, &gm, &["France"]).await;
    s.player(id, &gm, &["England"]).await;
    let (status, body) = s
        .post(&format!("/api/games/{id}/orders/France"), &france, json!({"phase_index": 0, "orders": "A par - bur"}))
        .await;
    assert_eq!(status, 200, "{body}");
    (id, france)
}

async fn set_deadline(s: &TestServer, id: i64, at: i64) {
    sqlx::query("UPDATE games SET deadline_at = $1 WHERE id = $2").bind(at).bind(id).execute(&s.app.db).await.unwrap();
}

pub async fn run(db: Db) {
    let s = server(db).await;
    let (a, france_a) = game(&s).await;
    let (b, france_b) = game(&s).await;
    let before = polemarch_web::games::load(&s.app.db, a).await.unwrap();
    // Game a's deadline has passed: the child's scheduler starts processing
    // it and pauses inside the transaction (with SQLite, holding the write
    // lock, so b's deadline is set now); game b's passes while it is down
    // (the paused scheduler does not reach it before).
    set_deadline(&s, a, polemarch_web::db::now() - 1).await;
    let b_due = polemarch_web::db::now() + 5;
    set_deadline(&s, b, b_due).await;
    let child = crate::child::start(&s, Some(Duration::from_secs(120))).await;
    let wanted = format!("pausing in the middle of processing game {a} phase 0");
    loop {
        let line =
            child.said.recv_timeout(Duration::from_secs(30)).expect("the child starts processing game a within 30 s");
        if line.contains(&wanted) {
            break;
        }
    }
    drop(child); // SIGKILL
    let after = polemarch_web::games::load(&s.app.db, a).await.unwrap();
    assert_eq!(
        (after.phase_index, after.version, after.record.phases.len()),
        (0, before.version, 1),
        "the half-processed phase left no trace"
    );
    assert_eq!(count_phases(&s, a).await, 0);
    let (_, mine) = s.get(&format!("/api/games/{a}/orders/France"), &france_a).await;
    assert_eq!(mine["in_force"], json!(["A par - bur"]), "no order was lost");
    assert_eq!(polemarch_web::games::load(&s.app.db, b).await.unwrap().phase_index, 0, "b's deadline had not passed");
    while polemarch_web::db::now() <= b_due {
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // Restarted: both deadlines have passed; each phase is processed once.
    let child = crate::child::start(&s, None).await;
    let start = Instant::now();
    while polemarch_web::games::load(&s.app.db, a).await.unwrap().phase_index == 0
        || polemarch_web::games::load(&s.app.db, b).await.unwrap().phase_index == 0
    {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the restarted server processes the passed deadlines within 30 s"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    drop(child);
    for (id, token) in [(a, &france_a), (b, &france_b)] {
        let g = polemarch_web::games::load(&s.app.db, id).await.unwrap();
        assert_eq!((g.phase_index, g.record.phases.len()), (1, 2), "game {id}: processed exactly once");
        assert_eq!(count_phases(&s, id).await, 1, "game {id}");
        let (_, phase) = s.get(&format!("/api/games/{id}/phases/0"), token).await;
        assert_eq!(phase["orders"]["France"], json!(["A par - bur"]), "{phase}");
    }
    eprintln!(
        "kill test: killed in the middle of processing, nothing written; restarted, both passed deadlines \
         processed once"
    );
}
