//! A browser's part in the page tests: a cookie jar, forms sent as a
//! browser sends them, and what the tests read of a page.

#![allow(dead_code)]

use crate::common::{unique, TestServer};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use tower::ServiceExt;

/// A browser's cookie jar, one cookie at a time.
pub struct Browser<'a> {
    pub s: &'a TestServer,
    pub cookies: Vec<(String, String)>,
}

pub struct Page {
    pub status: StatusCode,
    pub location: Option<String>,
    pub body: String,
}

impl Browser<'_> {
    pub async fn send(&mut self, method: &str, uri: &str, form: Option<&[(&str, &str)]>) -> Page {
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

    pub async fn get(&mut self, uri: &str) -> Page {
        self.send("GET", uri, None).await
    }

    pub async fn post(&mut self, uri: &str, form: &[(&str, &str)]) -> Page {
        self.send("POST", uri, Some(form)).await
    }
}

pub fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            b' ' => "+".into(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The CSRF token in a page's forms.
pub fn csrf(page: &Page) -> String {
    let at =
        page.body.find("name=\"csrf\" value=\"").expect("a form with a CSRF token") + "name=\"csrf\" value=\"".len();
    page.body[at..].split('"').next().unwrap().to_string()
}

/// The phase a page's forms are for.
pub fn phase_index(page: &Page) -> String {
    let at = page.body.find("name=\"phase_index\" value=\"").expect("a form for a phase")
        + "name=\"phase_index\" value=\"".len();
    page.body[at..].split('"').next().unwrap().to_string()
}

pub async fn signed_up(s: &TestServer) -> (Browser<'_>, String) {
    let mut b = Browser { s, cookies: Vec::new() };
    let form = b.get("/signup").await;
    let name = unique("web");
    let done = b.post("/signup", &[("csrf", &csrf(&form)), ("name", &name), ("password", "correct horse")]).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
    (b, name)
}
