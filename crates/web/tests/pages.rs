//! The pages as a browser uses them: forms with their CSRF tokens, the
//! session cookie, redirects, and the game page showing a player's verdicts
//! and no one else's orders.

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::{server, unique, TestServer};
use http_body_util::BodyExt;
use tower::ServiceExt;

/// A browser's cookie jar, one cookie at a time.
struct Browser<'a> {
    s: &'a TestServer,
    cookies: Vec<(String, String)>,
}

struct Page {
    status: StatusCode,
    location: Option<String>,
    body: String,
}

impl Browser<'_> {
    async fn send(&mut self, method: &str, uri: &str, form: Option<&[(&str, &str)]>) -> Page {
        let mut req = Request::builder().method(method).uri(uri);
        let jar: Vec<String> = self.cookies.iter().map(|(k, v)| format!("{k}={v}")).collect();
        if !jar.is_empty() {
            req = req.header("cookie", jar.join("; "));
        }
        let req = match form {
            Some(fields) => {
                let body: Vec<String> = fields.iter().map(|(k, v)| format!("{k}={}", encode(v))).collect();
                req.header("content-type", "application/x-www-form-urlencoded").body(Body::from(body.join("&")))
            }
            None => req.body(Body::empty()),
        }
        .unwrap();
        let resp = self.s.router.clone().oneshot(req).await.unwrap();
        for set in resp.headers().get_all("set-cookie") {
            let set = set.to_str().unwrap();
            assert!(set.contains("HttpOnly") && set.contains("SameSite="), "{set}");
            let (k, v) = set.split(';').next().unwrap().split_once('=').unwrap();
            self.cookies.retain(|(name, _)| name != k);
            if !v.is_empty() {
                self.cookies.push((k.to_string(), v.to_string()));
            }
        }
        let status = resp.status();
        let location = resp.headers().get("location").map(|l| l.to_str().unwrap().to_string());
        let body = String::from_utf8(resp.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap();
        Page { status, location, body }
    }

    async fn get(&mut self, uri: &str) -> Page {
        self.send("GET", uri, None).await
    }

    async fn post(&mut self, uri: &str, form: &[(&str, &str)]) -> Page {
        self.send("POST", uri, Some(form)).await
    }
}

fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            b' ' => "+".into(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The CSRF token in a page's forms.
fn csrf(page: &Page) -> String {
    let at = page.body.find("name=csrf value=\"").expect("a form with a CSRF token") + "name=csrf value=\"".len();
    page.body[at..].split('"').next().unwrap().to_string()
}

async fn signed_up(s: &TestServer) -> (Browser<'_>, String) {
    let mut b = Browser { s, cookies: Vec::new() };
    let form = b.get("/signup").await;
    let name = unique("web");
    let done = b.post("/signup", &[("csrf", &csrf(&form)), ("name", &name), ("password", "correct horse")]).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
    (b, name)
}

#[tokio::test]
async fn forms_without_their_token_change_nothing() {
    let s = server().await;
    let mut b = Browser { s: &s, cookies: Vec::new() };
    b.get("/signup").await;
    let name = unique("web");
    let page = b.post("/signup", &[("csrf", "forged"), ("name", &name), ("password", "correct horse")]).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(page.body.contains("security token"), "{}", page.body);
    assert_eq!(s.call("POST", "/api/signin", None, Some(serde_json::json!({"name": name, "password": "correct horse"}))).await.0, StatusCode::UNAUTHORIZED);
    // Signed in, a form needs the session's own token.
    let (mut b, _) = signed_up(&s).await;
    let page = b.post("/games", &[("csrf", ""), ("name", "x"), ("variant", "standard"), ("hours", "24")]).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(!b.get("/").await.body.contains("<a href=/games/"), "no game was made");
}

#[tokio::test]
async fn a_game_played_through_the_pages() {
    let s = server().await;
    let (mut gm, _) = signed_up(&s).await;
    let home = gm.get("/").await;
    let made = gm.post("/games", &[("csrf", &csrf(&home)), ("name", "Pages"), ("variant", "standard"), ("hours", "1"), ("seed", "12")]).await;
    let game_url = made.location.expect("a redirect to the new game");
    let page = gm.get(&game_url).await;
    assert!(page.body.contains("seed 12"), "{}", page.body);
    let code = page.body.split("<code class=code>").nth(1).unwrap().split('<').next().unwrap().to_string();
    let (mut player, name) = signed_up(&s).await;
    let home = player.get("/").await;
    let joined = player.post("/join", &[("csrf", &csrf(&home)), ("code", &code)]).await;
    assert_eq!(joined.location.as_deref(), Some(game_url.as_str()));
    let assigned = gm.post(&format!("{game_url}/gm"), &[("csrf", &csrf(&page)), ("action", "seat"), ("power", "France"), ("user", &name)]).await;
    assert_eq!(assigned.status, StatusCode::SEE_OTHER, "{}", assigned.body);
    let page = player.get(&game_url).await;
    assert!(page.body.contains("Orders of France"), "{}", page.body);
    let sent = player.post(&format!("{game_url}/orders/France"), &[("csrf", &csrf(&page)), ("orders", "A par - bur\nA mar - mun")]).await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.body);
    let page = player.get(&game_url).await;
    assert!(page.body.contains("<b>accepted</b> A par - bur"), "{}", page.body);
    assert!(page.body.contains("<b>rejected</b> A mar - mun"), "{}", page.body);
    // The game master sees the seats, not France's orders.
    let page = gm.get(&game_url).await;
    assert!(page.body.contains(&name) && !page.body.contains("par - bur"), "{}", page.body);
    // Processed by the game master: the results and the map are there.
    let processed = gm.post(&format!("{game_url}/gm"), &[("csrf", &csrf(&page)), ("action", "process")]).await;
    assert_eq!(processed.status, StatusCode::SEE_OTHER);
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
