//! The legal-orders endpoint agrees with the judge (issue 26, item 1): for
//! positions of every variant reached by random play, every order it lists
//! is accepted by the judge, and every order the bots' candidate generator
//! finds legal is listed. Then the endpoint and the pending-orders map over
//! HTTP, for the power's player only.

use crate::common;

use axum::http::StatusCode;
use common::{server, Db};
use polemarch_bots::adjust::{adjustment, placement_sites};
use polemarch_bots::selfplay::play_game;
use polemarch_bots::{bot_named, Board, Bot};
use polemarch_engine::game::record::{PhaseRecord, Status};
use polemarch_engine::game::{self, GameRecord};
use polemarch_engine::variant::{embedded_ids, embedded_variant, PhaseKind};
use polemarch_engine::{Position, Variant};
use polemarch_web::legal_view::{legal_orders, LegalOrders};
use serde_json::json;

fn texts(l: &LegalOrders) -> Vec<String> {
    l.units.iter().flat_map(|u| u.orders.iter()).chain(&l.builds).map(|o| o.text.clone()).collect()
}

/// Indices of phases of `rec` to look at: the first of each kind, and
/// every fifth.
fn sample(v: &Variant, rec: &GameRecord) -> Vec<usize> {
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for i in 0..rec.phases.len() {
        let pos = game::position_at(v, rec, i).unwrap();
        let kind = (v.calendar.kind(pos.phase), v.rules.own_phase(v, &pos));
        if !seen.contains(&kind) || i % 5 == 0 {
            seen.push(kind);
            out.push(i);
        }
    }
    out
}

/// Every listed order of every power with something to order in `pos` is
/// accepted by the judge, alone; every order the bots find legal is listed.
fn check_position(id: &str, v: &Variant, rec: &GameRecord, i: usize, pos: &Position) -> usize {
    let board = Board::new(v, pos);
    let mut checked = 0;
    for p in game::powers_to_order(v, pos) {
        let listed = legal_orders(v, pos, p);
        let list = texts(&listed);
        let from_bots: Vec<String> = if v.rules.own_phase(v, pos) {
            placement_sites(&board, p).iter().flatten().map(|o| o.display(v).to_string()).collect()
        } else {
            match board.kind {
                PhaseKind::Movement | PhaseKind::Retreat => {
                    board.mine(p).iter().flat_map(|&k| &board.legal[k]).map(|o| o.display(v).to_string()).collect()
                }
                PhaseKind::Adjustment => {
                    let a = adjustment(&board, p);
                    a.builds.iter().chain(&a.removes).chain(&a.converts).map(|o| o.display(v).to_string()).collect()
                }
            }
        };
        let where_ = format!("{id}, {}, {}", v.calendar.display(pos.phase), v.power(p).name);
        for o in &from_bots {
            assert!(list.contains(o), "{where_}: the bots find `{o}` legal; the endpoint does not list it: {list:?}");
        }
        if v.rules.own_phase(v, pos) {
            // A placement is judged whole when submitted: its options are
            // compared with the bots' above, not submitted one by one.
            continue;
        }
        for text in &list {
            let mut phase = PhaseRecord { processed: None, submissions: Vec::new(), ..rec.phases[i].clone() };
            let said =
                game::submit_at(v, pos, &mut phase, p, "test", "2026-01-01T00:00:00Z", std::slice::from_ref(text))
                    .unwrap();
            assert!(
                said.iter().all(|s| s.status != Status::Rejected),
                "{where_}: the endpoint lists `{text}`; the judge rejects it: {said:?}"
            );
            checked += 1;
        }
        if listed.may_waive {
            assert!(listed.kind == "adjustment" && !listed.builds.is_empty(), "{where_}");
        }
    }
    checked
}

#[test]
fn every_listed_order_is_accepted_and_every_legal_candidate_is_listed_in_every_variant() {
    let bot = bot_named("random").unwrap();
    let mut total = 0;
    for id in embedded_ids() {
        let v = embedded_variant(id).unwrap().unwrap();
        let bots: Vec<&dyn Bot> = v.powers.iter().map(|_| bot.as_ref()).collect();
        for seed in [11, 12] {
            let (rec, _) = play_game(&v, id, &bots, 0, seed, 2, "2026-01-01T00:00:00Z")
                .unwrap_or_else(|e| panic!("{id}: {}", e.message));
            for i in sample(&v, &rec) {
                let pos = game::position_at(&v, &rec, i).unwrap();
                total += check_position(id, &v, &rec, i, &pos);
            }
        }
    }
    assert!(total > 1000, "only {total} orders were checked");
    eprintln!("{total} listed orders accepted by the judge");
}

async fn the_endpoint_and_the_pending_map_are_the_players_own(db: Db) {
    let s = server(db).await;
    let (id, gm) = s.game().await;
    let france = s.player(id, &gm, &["France"]).await;
    let (status, legal) = s.get(&format!("/api/games/{id}/legal/France"), &france).await;
    assert_eq!(status, StatusCode::OK, "{legal}");
    assert_eq!((legal["kind"].as_str(), legal["phase_index"].as_i64()), (Some("movement"), Some(0)));
    let units = legal["units"].as_array().unwrap();
    assert_eq!(units.len(), 3, "{legal}");
    let par = units.iter().find(|u| u["unit"] == "A par").expect("A par");
    assert_eq!(par["province"], "par");
    let orders = par["orders"].as_array().unwrap();
    assert!(orders.iter().any(|o| o["text"] == "A par - bur" && o["kind"] == "move" && o["to"] == "bur"), "{par}");
    assert!(orders.iter().any(|o| o["kind"] == "support" && o["of"] == "mar"), "A par may support A mar: {par}");
    let bre = units.iter().find(|u| u["unit"] == "F bre").expect("F bre");
    assert!(bre["orders"].as_array().unwrap().iter().all(|o| o["to"] != "par"), "a fleet never moves inland: {bre}");
    // Another player, or the game master, may not see France's.
    let germany = s.player(id, &gm, &["Germany"]).await;
    assert_eq!(s.get(&format!("/api/games/{id}/legal/France"), &germany).await.0, StatusCode::FORBIDDEN);
    assert_eq!(s.get(&format!("/api/games/{id}/legal/France"), &gm).await.0, StatusCode::FORBIDDEN);
    // The pending map draws what the box would put in force, nothing kept.
    let (status, svg) = s
        .post(
            &format!("/api/games/{id}/draft/France"),
            &france,
            json!({"phase_index": 0, "orders": "A par - bur\nF bre - mao"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let svg = svg.as_str().unwrap();
    assert!(svg.starts_with("<svg"), "{}", &svg[..100]);
    assert!(
        svg.contains("<g class=\"order given\" data-unit=\"par\">")
            && svg.contains("<g class=\"order given\" data-unit=\"bre\">"),
        "both pending"
    );
    assert!(!svg.contains("data-unit=\"mar\""), "A mar has no order");
    assert_eq!(
        s.post(&format!("/api/games/{id}/draft/France"), &germany, json!({"phase_index": 0, "orders": ""})).await.0,
        StatusCode::FORBIDDEN
    );
    let (_, mine) = s.get(&format!("/api/games/{id}/orders/France"), &france).await;
    assert_eq!(mine["text"], "", "a draft keeps nothing: {mine}");
}

/// A placement (Hoplite Wars' first phase) is judged whole, so a part of
/// one is refused; the map draws each placement clicked so far anyway, as
/// pending, and none the placement rules refuse.
async fn a_partial_placement_is_drawn_as_clicked(db: Db) {
    let s = server(db).await;
    let (_, gm) = s.user("gm").await;
    let (status, made) =
        s.post("/api/games", &gm, json!({"name": "Placement", "variant": "hoplite_wars", "deadline_secs": 3600})).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let id = made["id"].as_i64().unwrap();
    let (_, game) = s.get(&format!("/api/games/{id}"), &gm).await;
    let power = game["seats"][0]["power"].as_str().unwrap().to_string();
    let token = s.player(id, &gm, &[&power]).await;
    let (_, legal) = s.get(&format!("/api/games/{id}/legal/{power}"), &token).await;
    assert_eq!(legal["kind"], "placement", "{legal}");
    let first = &legal["builds"][0];
    let (line, at) = (first["text"].as_str().unwrap(), first["to"].as_str().unwrap());
    let (_, checked) =
        s.post(&format!("/api/games/{id}/check/{power}"), &token, json!({"phase_index": 0, "orders": line})).await;
    assert_eq!(checked["orders"][0]["status"], "rejected", "a part of a placement is refused as a whole: {checked}");
    let (status, svg) = s
        .post(
            &format!("/api/games/{id}/draft/{power}"),
            &token,
            json!({"phase_index": 0, "orders": format!("{line}\nA nowhere")}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{svg}");
    let svg = svg.as_str().unwrap();
    let given: Vec<&str> = svg
        .match_indices("<g class=\"order given\" data-unit=\"")
        .map(|(i, m)| svg[i + m.len()..].split('"').next().unwrap())
        .collect();
    assert_eq!(given, [at], "the one placement clicked is drawn, pending");
}

on_both!(the_endpoint_and_the_pending_map_are_the_players_own, a_partial_placement_is_drawn_as_clicked);
