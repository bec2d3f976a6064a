//! What every browser test starts with: the judge served on a loopback
//! port as `polemarch serve` serves it, and players signed up through its
//! pages.

use super::chrome::Browser;
use super::common::{unique, TestServer};
use std::net::SocketAddr;

/// A real server on a loopback port (the sign-in and submission limits as
/// the test server was made with), its scheduler running: its address.
pub async fn serve(s: &TestServer) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = polemarch_web::router(s.app.clone()).into_make_service_with_connect_info::<SocketAddr>();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    tokio::spawn(polemarch_web::judge::scheduler(s.app.clone(), s.config.poll));
    format!("http://{addr}")
}

/// Signs a new account up through the sign-up page: its name.
pub async fn sign_up(b: &Browser, site: &str, prefix: &str) -> String {
    let name = unique(prefix);
    b.goto(&format!("{site}/signup")).await;
    b.type_into("input[name=name]", &name).await;
    b.type_into("input[name=password]", "correct horse battery").await;
    b.click_and_load("form[action='/signup'] button").await;
    assert_eq!(b.url().await, format!("{site}/"), "signed up, the browser is sent home");
    assert!(b.text("header nav").await.contains(&name), "the page names who is signed in");
    name
}

/// Joins a game by its invite code from the home page of `site`.
pub async fn join(b: &Browser, site: &str, code: &str) {
    if !b.url().await.ends_with(&format!("{site}/")) {
        b.goto(&format!("{site}/")).await;
    }
    b.type_into("form[action='/join'] input[name=code]", code).await;
    b.click_and_load("form[action='/join'] button").await;
}
