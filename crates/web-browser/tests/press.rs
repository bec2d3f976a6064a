//! Press and live pages in headless Chromium (docs/web.md, "Tests"): three
//! players; a private message from France reaches England's open
//! conversation page without a reload, Germany's open press page never
//! shows it; a public message reaches Germany's; a phase processed shows on
//! an open game page by itself, and its orders box, swapped in, is checked
//! as typed; live pages left close their streams and one brought back by
//! Back is loaded again; a gunboat game shows no press form and no names. On SQLite and on the PostgreSQL of `DATABASE_URL` (as browser.rs).

use crate::{chrome, common, site};

use axum::http::StatusCode;
use chrome::{Browser, Driver};
use common::{server_with, Db, TestServer};
use serde_json::{json, Value};
use site::{join, serve, sign_up};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(not(polemarch_chromium), ignore = "needs Debian's chromium and chromium-driver")]
async fn press_in_chromium_sqlite() {
    chrome::must_be_installed("press_in_chromium_sqlite");
    press(Db::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(all(polemarch_chromium, polemarch_postgres)),
    ignore = "needs Debian's chromium and chromium-driver, and DATABASE_URL: a PostgreSQL server"
)]
async fn press_in_chromium_postgres() {
    chrome::must_be_installed("press_in_chromium_postgres");
    press(Db::postgres("press_in_chromium_postgres")).await;
}

/// A game made by the game master (through the API).
async fn game(s: &TestServer, gm: &str, press: &str) -> i64 {
    let (status, g) = s
        .post(
            "/api/games",
            gm,
            json!({"name": "Press game", "variant": "standard", "deadline_secs": 3600, "press": press}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{g}");
    g["id"].as_i64().unwrap()
}

async fn seat(s: &TestServer, gm: &str, id: i64, power: &str, name: &str) {
    let (status, body) = s.post(&format!("/api/games/{id}/seats"), gm, json!({"power": power, "user": name})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

async fn invite_code(s: &TestServer, gm: &str, id: i64) -> String {
    s.get(&format!("/api/games/{id}"), gm).await.1["invite_code"].as_str().unwrap().to_string()
}

/// Marks the page: the mark is gone if the page is loaded again.
async fn mark(b: &Browser) {
    b.js("window.__polemarch_same_page = true; return true").await;
}

async fn still_marked(b: &Browser) -> bool {
    b.js("return window.__polemarch_same_page === true").await == Value::Bool(true)
}

async fn press(db: Db) {
    let started = std::time::Instant::now();
    let s = server_with(db, |c| c.limits = Default::default()).await;
    let site = serve(&s).await;
    let (_, gm) = s.user("gm").await;
    let id = game(&s, &gm, "full").await;
    let code = invite_code(&s, &gm, id).await;
    let driver = Driver::start();
    let (france, england, germany) = (driver.browser().await, driver.browser().await, driver.browser().await);
    let mut names = Vec::new();
    for (b, power) in [(&france, "France"), (&england, "England"), (&germany, "Germany")] {
        let name = sign_up(b, &site, "p").await;
        join(b, &site, &code).await;
        seat(&s, &gm, id, power, &name).await;
        names.push(name);
    }

    // England reads its conversation with France; Germany, its press page.
    england.goto(&format!("{site}/games/{id}/press/England+France")).await;
    germany.goto(&format!("{site}/games/{id}/press")).await;
    mark(&england).await;
    mark(&germany).await;
    let public_before = germany.js("return document.querySelector('ul.conversations li').innerText").await;

    // France writes to England through the form.
    france.goto(&format!("{site}/games/{id}/press")).await;
    france.find("form.press input[name=to][value=England]").await.click().await.unwrap();
    france.type_into("form.press textarea[name=body]", "Belgium for Holland?").await;
    france.click_and_load("form.press button").await;
    assert!(france.url().await.ends_with(&format!("/games/{id}/press/England+France")));

    england
        .until(
            "France's message on England's open page",
            "return [...document.querySelectorAll('ol.messages li.message')].some(li => li.innerText.includes('Belgium \
             for Holland?'))",
        )
        .await;
    assert!(still_marked(&england).await, "England's page was not loaded again");
    assert!(england.text("ol.messages li.message strong").await == "France");

    // A public message: Germany's page shows it counted, never the private one.
    france.goto(&format!("{site}/games/{id}/press/all")).await;
    france.type_into("form.press textarea[name=body]", "Peace for all").await;
    france.click_and_load("form.press button").await;
    germany
        .until(
            "the public message counted on Germany's open press page",
            &format!("return document.querySelector('ul.conversations li').innerText !== {}", public_before),
        )
        .await;
    assert!(still_marked(&germany).await, "Germany's page was not loaded again");
    let seen = germany.js("return document.body.innerText").await;
    assert!(
        !seen.as_str().unwrap().contains("Belgium") && !seen.as_str().unwrap().contains("England, France"),
        "{seen}"
    );
    germany.goto(&format!("{site}/games/{id}/press/all")).await;
    assert!(germany.text("ol.messages").await.contains("Peace for all"));

    // A phase processed appears on England's open game page by itself.
    england.goto(&format!("{site}/games/{id}")).await;
    mark(&england).await;
    let (status, body) = s.post(&format!("/api/games/{id}/process"), &gm, json!({"phase_index": 0})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    england
        .until(
            "the next phase on England's open game page",
            "return document.querySelector('p.summary').innerText.includes('Autumn 1901')",
        )
        .await;
    assert!(still_marked(&england).await, "England's game page was not loaded again");
    // Its orders box, swapped in, is checked as typed (check.js listens on
    // the document, not on the box it found at load).
    england.type_into("section.orders textarea[data-check]", "F lon - nth").await;
    england
        .until(
            "the verdict of an order typed into the orders box swapped in",
            "return [...document.querySelectorAll('section.orders ul.verdicts.live li')].some(li => li.className === \
             'accepted' && li.innerText.includes('F lon - nth'))",
        )
        .await;
    // The clickable map started again on the map swapped in, its tools once.
    assert_eq!(england.js("return document.querySelectorAll('.map-tools').length").await, json!(1));

    // Pages left and come back to: each left page's stream is closed (a
    // browser opens six connections to a site: with the streams of the
    // pages it keeps for "back" still open, the seventh page waited a
    // minute), and a page brought back is loaded again, up to date.
    for n in 0..7 {
        let page = if n % 2 == 0 { format!("{site}/games/{id}") } else { format!("{site}/games/{id}/press") };
        france.goto(&page).await;
        assert!(france.find("#live").await.attr("data-events").await.unwrap().is_some(), "{page} is live");
    }
    mark(&france).await;
    france.goto(&format!("{site}/games/{id}/press")).await;
    france.js("history.back(); return true").await;
    france
        .until(
            "the game page, brought back, loaded again",
            "return window.__polemarch_same_page === undefined && document.readyState === 'complete' && \
             document.querySelector('p.summary') !== null",
        )
        .await;

    // A gunboat game: no press form, and no player's name.
    let gunboat = game(&s, &gm, "none").await;
    let gunboat_code = invite_code(&s, &gm, gunboat).await;
    for (b, power, name) in [(&france, "France", &names[0]), (&england, "England", &names[1])] {
        join(b, &site, &gunboat_code).await;
        seat(&s, &gm, gunboat, power, name).await;
    }
    france.goto(&format!("{site}/games/{gunboat}")).await;
    let page = france.js("return document.body.innerHTML").await;
    assert!(page.as_str().unwrap().contains("no press (gunboat)"), "the header says the mode");
    assert!(!page.as_str().unwrap().contains(&names[1]), "England's player is not named on France's page");
    france.goto(&format!("{site}/games/{gunboat}/press")).await;
    let page = france.js("return document.body.innerHTML").await;
    assert!(!page.as_str().unwrap().contains("<textarea"), "no press form: {page}");
    for b in [france, england, germany] {
        b.close().await;
    }
    eprintln!("the press browser test took {:.1} s", started.elapsed().as_secs_f64());
}
