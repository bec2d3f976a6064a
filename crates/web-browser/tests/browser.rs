//! The end-to-end browser test (docs/web.md, "Tests"): in Debian's headless
//! Chromium, driven through WebDriver (chromedriver, fantoccini), a game
//! master and two players sign up through the pages; the game master
//! creates a game and gives its invite code; the players join with it; the
//! game master seats them (and bots for the other powers); each player
//! types orders into the page and sees each line's verdict as he types and
//! after submitting, then marks himself ready; the phase is processed; and
//! each player sees the results with their reasons and the map, checked to
//! be a real SVG picture the browser draws. On SQLite, and on the
//! PostgreSQL of `DATABASE_URL`. Each is ignored (counted so, never
//! passed) unless what it needs was there when it was built (build.rs:
//! Chromium and its driver; DATABASE_URL), or `CI` was set: then it runs,
//! and fails without them. Run by .ci/run: `cargo test -p polemarch-web-browser -- --test-threads 2`.

#[path = "browser/chrome.rs"]
mod chrome;
#[path = "../../web/tests/common/mod.rs"]
mod common;
#[path = "browser/map.rs"]
mod map;
#[path = "browser/site.rs"]
mod site;
// The press and live pages' tests (press.rs): a module of this binary, so
// that the web judge and the WebDriver client are linked once.
mod press;

use chrome::{Browser, Driver};
use common::{server_with, Db};
use serde_json::Value;
use site::{join, serve, sign_up};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(not(polemarch_chromium), ignore = "needs Debian's chromium and chromium-driver")]
async fn a_game_in_chromium_sqlite() {
    chrome::must_be_installed("a_game_in_chromium_sqlite");
    play(Db::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(all(polemarch_chromium, polemarch_postgres)),
    ignore = "needs Debian's chromium and chromium-driver, and DATABASE_URL: a PostgreSQL server"
)]
async fn a_game_in_chromium_postgres() {
    chrome::must_be_installed("a_game_in_chromium_postgres");
    play(Db::postgres("a_game_in_chromium_postgres")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(not(polemarch_chromium), ignore = "needs Debian's chromium and chromium-driver")]
async fn orders_by_clicking_the_map_sqlite() {
    chrome::must_be_installed("orders_by_clicking_the_map_sqlite");
    let s = server_with(Db::Sqlite, |c| c.limits = Default::default()).await;
    let driver = Driver::start();
    let b = driver.browser().await;
    map::play_by_clicks(&s, &b).await;
    b.close().await;
}

/// The game master's form `action` on the game page: chooses each
/// `(menu, label)` and submits it.
async fn gm_form(b: &Browser, action: &str, choices: &[(&str, &str)]) {
    let form = format!("section.gm form:has(input[name=action][value={action}])");
    for (menu, label) in choices {
        b.choose(&format!("{form} select[name={menu}]"), label).await;
    }
    b.click_and_load(&format!("{form} button")).await;
}

/// The verdicts shown in the list `css`: (status, text) per line.
async fn verdicts(b: &Browser, css: &str) -> Vec<(String, String)> {
    let script = format!(
        "return [...document.querySelectorAll({})].map(li => [li.className, \
         li.innerText.slice(li.querySelector('b').innerText.length).trim()])",
        Value::from(format!("{css} li"))
    );
    let Value::Array(lines) = b.js(&script).await else { panic!("no list of verdicts") };
    lines.iter().map(|l| (l[0].as_str().unwrap().to_string(), l[1].as_str().unwrap().to_string())).collect()
}

/// A player's turn: types `orders` (one a line) into the orders box of
/// `power`, waits for every line's verdict under the box, checks them
/// against `expected` (status, start of the text), then submits them and
/// finds the same verdicts on the page that follows.
async fn order(b: &Browser, power: &str, orders: &[&str], expected: &[(&str, &str)]) {
    let form = format!("form[action$='/orders/{power}']");
    assert!(b.text("section.orders h2").await.starts_with(&format!("Orders of {power} for Spring 1901")));
    // The page runs under its Content-Security-Policy: an inline script
    // put into it does not run (the live verdicts below come from the
    // script file, /check.js, which does).
    let inline = b
        .js("const s = document.createElement('script'); s.textContent = 'window.inlineRan = true'; \
             document.body.append(s); return window.inlineRan === true")
        .await;
    assert_eq!(inline, Value::Bool(false), "an inline script ran: the page has no Content-Security-Policy");
    b.type_into(&format!("{form} textarea"), &orders.join("\n")).await;
    let live = format!("{form} ul.verdicts.live");
    b.until(
        &format!("the live verdicts of {} lines", orders.len()),
        &format!("return document.querySelectorAll({}).length === {}", Value::from(format!("{live} li")), orders.len()),
    )
    .await;
    let check = |seen: Vec<(String, String)>, when: &str| {
        assert_eq!(seen.len(), expected.len(), "{when}: {seen:?}");
        for ((status, text), (want_status, want_text)) in seen.iter().zip(expected) {
            assert!(
                status == want_status && text.starts_with(want_text),
                "{when}: `{text}` is {status}, expected {want_status} `{want_text}...`: {seen:?}"
            );
        }
    };
    let typed = verdicts(b, &live).await;
    check(typed.clone(), "as typed");
    b.click_and_load(&format!("{form} button")).await;
    check(verdicts(b, "section.orders ul.verdicts:not(.live)").await, "submitted");
    for (status, text) in &typed {
        if status == "rejected" {
            assert!(text.contains(" — "), "a rejected line gives its reason: {text}");
        }
    }
}

/// A player ticks Ready for `power` and submits the form again.
async fn ready(b: &Browser, power: &str) {
    let form = format!("form[action$='/orders/{power}']");
    b.find(&format!("{form} input[name=ready]")).await.click().await.unwrap();
    b.click_and_load(&format!("{form} button")).await;
}

/// A player, once the phase is processed: the game is at its next phase;
/// the first phase's page shows every order's result with its reason, and
/// its map, which the browser has drawn and which is a real SVG picture.
async fn sees_the_results(b: &Browser, game: &str, mine: &str, theirs: &str) {
    b.goto(game).await;
    assert!(
        b.text("p.summary").await.contains("Autumn 1901, Movement"),
        "the game is at its next phase: {}",
        b.text("p.summary").await
    );
    b.find("ol.phases li[value='1'] a").await.click().await.unwrap();
    b.until(
        "the first phase's page",
        "return location.pathname.endsWith('/phases/0') && document.readyState === 'complete'",
    )
    .await;
    let Value::Array(rows) = b
        .js("return [...document.querySelectorAll('table.results tr')].slice(1).map(tr => \
             [...tr.cells].map(td => td.innerText))")
        .await
    else {
        panic!("no results table")
    };
    let row = |order: &str| {
        rows.iter()
            .find(|r| r[1] == order)
            .unwrap_or_else(|| panic!("no result for `{order}` in {rows:?}"))
            .as_array()
            .unwrap()
            .clone()
    };
    assert_eq!(rows.len(), 22, "the results of all seven powers' 22 units: {rows:?}");
    for order in [mine, theirs] {
        let r = row(order);
        assert_eq!(r[2], "FAILURE", "the two armies bounce in Burgundy: {r:?}");
        assert!(r[3].as_str().unwrap().len() > 5, "a failed move gives its reason: {r:?}");
    }
    assert_eq!(row("F bre - mao")[2], "SUCCESS");
    // The map: the browser loaded and drew the picture...
    b.until(
        "the map to load",
        "const img = document.querySelector('figure.map img'); return img !== null && img.complete",
    )
    .await;
    let size = b
        .js("const img = document.querySelector('figure.map img'); return [img.naturalWidth, img.naturalHeight]")
        .await;
    assert!(size[0].as_u64().unwrap() > 100 && size[1].as_u64().unwrap() > 100, "the browser drew the map: {size}");
    // ...served as SVG, which parses as an SVG document.
    let served = b
        .c()
        .execute_async(
            "const done = arguments[arguments.length - 1];
             fetch(document.querySelector('figure.map img').src).then(async r => {
                 const text = await r.text();
                 const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
                 done([r.status, r.headers.get('content-type'), doc.documentElement.nodeName, \
                     doc.getElementsByTagName('parsererror').length, text.length]);
             }).catch(e => done([0, String(e)]));",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(served[0], 200, "{served}");
    assert_eq!(served[1], "image/svg+xml", "{served}");
    assert_eq!(served[2], "svg", "the picture is an SVG document: {served}");
    assert_eq!(served[3], 0, "the SVG parses without error: {served}");
    assert!(served[4].as_u64().unwrap() > 10_000, "a whole map, not a stub: {served}");
}

async fn play(db: Db) {
    let started = std::time::Instant::now();
    let s = server_with(db, |c| c.limits = Default::default()).await;
    let site = serve(&s).await;
    let driver = Driver::start();
    let (gm, france, germany) = (driver.browser().await, driver.browser().await, driver.browser().await);

    // The game master signs up and creates a game of standard.
    sign_up(&gm, &site, "gm").await;
    gm.type_into("form[action='/games'] input[name=name]", "Browser game").await;
    gm.find("form[action='/games'] select[name=variant]").await.select_by_value("standard").await.unwrap();
    gm.find("form[action='/games'] input[name=hours]").await.clear().await.unwrap();
    gm.type_into("form[action='/games'] input[name=hours]", "1").await;
    gm.type_into("form[action='/games'] input[name=seed]", "1901").await;
    gm.click_and_load("form[action='/games'] button").await;
    let game = gm.url().await;
    assert!(game.starts_with(&format!("{site}/games/")), "the new game's page: {game}");
    assert!(gm.text("p.summary").await.contains("seed 1901"));
    let code = gm.text("code.code").await;

    // The players sign up and join by the code.
    let mut names = Vec::new();
    for player in [&france, &germany] {
        names.push(sign_up(player, &site, "player").await);
        join(player, &site, &code).await;
        assert_eq!(player.url().await, game, "joined, the player is on the game's page");
    }

    // The game master seats them, and bots in the other five powers.
    gm.goto(&game).await;
    gm_form(&gm, "seat", &[("power", "France"), ("user", &names[0])]).await;
    gm_form(&gm, "seat", &[("power", "Germany"), ("user", &names[1])]).await;
    for power in ["England", "Italy", "Austria", "Russia", "Turkey"] {
        gm_form(&gm, "bot", &[("power", power), ("bot", "greedy")]).await;
    }
    let seats = gm.text("table.seats").await;
    assert!(seats.contains(&names[0]) && seats.contains(&names[1]), "{seats}");

    // Each player orders: verdicts as typed and once submitted, then ready:
    // the phase waits for the last.
    france.goto(&game).await;
    order(
        &france,
        "France",
        &["A par - bur", "F bre H", "F bre - mao", "A mar - mun"],
        &[
            ("accepted", "A par - bur"),
            ("dropped", "F bre H"),
            ("accepted", "F bre - mao"),
            ("rejected", "A mar - mun"),
        ],
    )
    .await;
    ready(&france, "France").await;
    let shown = france
        .js("return [...document.querySelectorAll('table.seats tr')].find(tr => tr.cells[0].innerText \
             === 'France').cells[3].innerText")
        .await;
    assert_eq!(shown, "ready", "France is shown ready");
    let in_force = france
        .js("return [...document.querySelectorAll('section.orders p')].map(p => p.innerText).find(t \
             => t.startsWith('In force'))")
        .await;
    assert_eq!(
        in_force, "In force: A par - bur, F bre - mao",
        "the later order for the fleet replaced the earlier; the rejected one is not in force"
    );
    germany.goto(&game).await;
    let before = germany.js("return document.body.innerHTML").await;
    assert!(!before.as_str().unwrap().contains("bre - mao"), "Germany's page shows nothing of France's orders");
    assert!(germany.text("p.summary").await.contains("Spring 1901"), "one power ready: the phase waits");
    order(
        &germany,
        "Germany",
        &["A mun - bur", "F kie - den", "A ber - kie"],
        &[("accepted", "A mun - bur"), ("accepted", "F kie - den"), ("accepted", "A ber - kie")],
    )
    .await;
    ready(&germany, "Germany").await;

    // Every power ready: processed; both players see the results and map.
    sees_the_results(&france, &game, "A par - bur", "A mun - bur").await;
    sees_the_results(&germany, &game, "A mun - bur", "A par - bur").await;
    for b in [gm, france, germany] {
        b.close().await;
    }
    eprintln!("the browser test played its game in {:.1} s", started.elapsed().as_secs_f64());
}
