//! The pages as a browser uses them: forms with their CSRF tokens, the
//! session cookie, redirects, and the game page showing a player's verdicts
//! and no one else's orders.

use crate::common;
use crate::jar;

use axum::http::StatusCode;
use common::{server, unique, Db};
use jar::{csrf, phase_index, signed_up, Browser};

async fn forms_without_their_token_change_nothing(db: Db) {
    let s = server(db).await;
    let mut b = Browser { s: &s, cookies: Vec::new() };
    b.get("/signup").await;
    let name = unique("web");
    let page = b.post("/signup", &[("csrf", "forged"), ("name", &name), ("password", "correct horse")]).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(page.body.contains("security token"), "{}", page.body);
    assert_eq!(
        s.call("POST", "/api/signin", None, Some(serde_json::json!({"name": name, "password": "correct horse"})))
            .await
            .0,
        StatusCode::UNAUTHORIZED
    );
    // Signed in, a form needs the session's own token.
    let (mut b, _) = signed_up(&s).await;
    let page = b.post("/games", &[("csrf", ""), ("name", "x"), ("variant", "standard"), ("hours", "24")]).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(!b.get("/").await.body.contains("<a href=\"/games/"), "no game was made");
}

async fn a_game_played_through_the_pages(db: Db) {
    let s = server(db).await;
    let (mut gm, _) = signed_up(&s).await;
    let home = gm.get("/").await;
    let made = gm
        .post(
            "/games",
            &[("csrf", &csrf(&home)), ("name", "Pages"), ("variant", "standard"), ("hours", "1"), ("seed", "12")],
        )
        .await;
    let game_url = made.location.expect("a redirect to the new game");
    let page = gm.get(&game_url).await;
    assert!(page.body.contains("seed 12"), "{}", page.body);
    let code = page.body.split("<code class=\"code\">").nth(1).unwrap().split('<').next().unwrap().to_string();
    let (mut player, name) = signed_up(&s).await;
    let home = player.get("/").await;
    let joined = player.post("/join", &[("csrf", &csrf(&home)), ("code", &code)]).await;
    assert_eq!(joined.location.as_deref(), Some(game_url.as_str()));
    let assigned = gm
        .post(
            &format!("{game_url}/gm"),
            &[("csrf", &csrf(&page)), ("action", "seat"), ("power", "France"), ("user", &name)],
        )
        .await;
    assert_eq!(assigned.status, StatusCode::SEE_OTHER, "{}", assigned.body);
    let page = player.get(&game_url).await;
    assert!(page.body.contains("Orders of France"), "{}", page.body);
    let sent = player
        .post(
            &format!("{game_url}/orders/France"),
            &[("csrf", &csrf(&page)), ("phase_index", &phase_index(&page)), ("orders", "A par - bur\nA mar - mun")],
        )
        .await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.body);
    let page = player.get(&game_url).await;
    assert!(page.body.contains("<b>accepted</b> A par - bur"), "{}", page.body);
    assert!(page.body.contains("<b>rejected</b> A mar - mun"), "{}", page.body);
    // The game master sees the seats, not France's orders.
    let page = gm.get(&game_url).await;
    assert!(page.body.contains(&name) && !page.body.contains("par - bur"), "{}", page.body);
    // Processed by the game master: the results and the map are there.
    let process = [("csrf", csrf(&page)), ("action", "process".into()), ("phase_index", phase_index(&page))];
    let process: Vec<(&str, &str)> = process.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let processed = gm.post(&format!("{game_url}/gm"), &process).await;
    assert_eq!(processed.status, StatusCode::SEE_OTHER);
    // A second click of the same button does not process the next phase.
    let again = gm.post(&format!("{game_url}/gm"), &process).await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.body);
    assert!(again.body.contains("processed already"), "{}", again.body);
    assert!(
        gm.get(&game_url).await.body.contains("<li value=\"2\"><a href=\"/games/"),
        "the game is at its second phase"
    );
    assert!(!gm.get(&game_url).await.body.contains("<li value=\"3\">"), "and not further");
    let phase = player.get(&format!("{game_url}/phases/0")).await;
    assert!(phase.body.contains("A par - bur") && phase.body.contains("SUCCESS"), "{}", phase.body);
    let map = player.get(&format!("{game_url}/phases/0/map.svg")).await;
    assert_eq!(map.status, StatusCode::OK);
    assert!(map.body.starts_with("<svg") || map.body.starts_with("<?xml"), "{}", &map.body[..100.min(map.body.len())]);
    // Signed out, the private game is closed.
    let page = player.get(&game_url).await;
    player.post("/signout", &[("csrf", &csrf(&page))]).await;
    assert_eq!(player.get(&game_url).await.status, StatusCode::UNAUTHORIZED);
}

on_both!(forms_without_their_token_change_nothing, a_game_played_through_the_pages,);
