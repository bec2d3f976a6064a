//! The clickable map in Chromium (issue 26): a Spring of standard ordered by
//! clicks alone (moves, a support, a hold taken back by Undo), each click a
//! line in the orders box and each line drawn on the map as pending; typing
//! in the box drawn too; a convoy with its fleet, a retreat and builds by
//! clicks, in positions set for the test; a player of two powers orders
//! for each on the map; at a phone's 390x844, no page scrolls sideways, the
//! map fills the width, zooms (buttons, a pinch) and pans (a drag); a game
//! of City State, an order
//! typed and drawn. With `POLEMARCH_SCREENSHOTS` set it
//! saves the guide's screenshots into docs/images/ (docs/web.md).

use super::chrome::Browser;
use super::common::TestServer;
use super::site::{join, serve, sign_up};
use polemarch_engine::game::record::PhaseRecord;
use polemarch_engine::{Position, Variant};
use serde_json::{json, Value};

/// Makes the game's one phase `phase` starting at `position` (JSON), as if
/// it had been played to there.
async fn set_position(s: &TestServer, id: i64, phase: &str, position: &str) {
    let g = polemarch_web::games::load(&s.app.db, id).await.unwrap();
    let v: std::sync::Arc<Variant> = polemarch_web::games::variant_of(&s.app.variants, &g).unwrap();
    let mut rec = (*g.record).clone();
    let start = Position::from_json(&v, position).unwrap().to_json(&v);
    rec.phases = vec![PhaseRecord { phase: phase.to_string(), start, submissions: Vec::new(), processed: None }];
    sqlx::query("UPDATE games SET record = $1, version = version + 1, phase_index = 0 WHERE id = $2")
        .bind(serde_json::to_string(&rec).unwrap())
        .bind(id)
        .execute(&s.app.writer)
        .await
        .unwrap();
    sqlx::query("DELETE FROM open_orders WHERE game_id = $1").bind(id).execute(&s.app.writer).await.unwrap();
}

/// Opens the game and waits for the clickable map of a `kind` phase.
async fn open(b: &Browser, game: &str, kind: &str) {
    b.goto(game).await;
    b.until(
        &format!("the clickable map of a {kind} phase"),
        &format!(
            "const t = document.querySelector('.map-tools'); return t !== null && t.dataset.kind === '{kind}' && \
             document.querySelector('.map-holder svg') !== null"
        ),
    )
    .await;
}

/// Clicks the map where `province` shows (a point of its region that no
/// other region covers: what a person's tap there hits).
async fn click(b: &Browser, province: &str) {
    let script = format!(
        "const want = {};
         const regions = [...document.querySelectorAll('.map-holder [data-province]')].filter(e => e.dataset.province \
             === want);
         for (const r of regions) {{
           r.scrollIntoView({{block: 'center', inline: 'center'}});
           const box = r.getBoundingClientRect();
           for (let i = 1; i < 12; i++) for (let j = 1; j < 12; j++) {{
             const x = box.left + box.width * i / 12, y = box.top + box.height * j / 12;
             const hit = document.elementFromPoint(x, y);
             const region = hit && hit.closest('[data-province]');
             if (region && region.dataset.province === want) {{
               hit.dispatchEvent(new MouseEvent('click', {{bubbles: true, clientX: x, clientY: y}}));
               return true;
             }}
           }}
         }}
         return false;",
        Value::from(province)
    );
    assert_eq!(b.js(&script).await, Value::Bool(true), "no point of {province} on the map to click");
}

async fn mode(b: &Browser, name: &str) {
    b.find(&format!(".map-tools button[data-mode={name}]")).await.click().await.unwrap();
}

async fn box_lines(b: &Browser) -> Vec<String> {
    let v = b.js("return document.querySelector('form[data-legal] textarea').value").await;
    v.as_str().unwrap().lines().map(str::to_string).filter(|l| !l.trim().is_empty()).collect()
}

/// Waits until the (first) box holds `lines` and the map draws a pending
/// order for each unit of `units` and no other.
async fn expect(b: &Browser, lines: &[&str], units: &[&str]) {
    expect_in(b, "form[data-legal]", lines, units).await;
}

/// `expect` for the box of the form `form`.
async fn expect_in(b: &Browser, form: &str, lines: &[&str], units: &[&str]) {
    let mut want: Vec<&str> = units.to_vec();
    want.sort();
    b.until(
        &format!("the box of {form} to hold {lines:?}"),
        &format!(
            "return document.querySelector({}).value.split('\\n').filter(l => l.trim()).join('|') === {}",
            Value::from(format!("{form} textarea")),
            Value::from(lines.join("|"))
        ),
    )
    .await;
    b.until(
        &format!("the map to draw the pending orders of {want:?}"),
        &format!(
            "return JSON.stringify([...document.querySelectorAll('.map-holder g.order.given')].map(g => \
             g.dataset.unit).sort()) === {}",
            Value::from(serde_json::to_string(&want).unwrap())
        ),
    )
    .await;
}

async fn screenshot(b: &Browser, name: &str) {
    if std::env::var_os("POLEMARCH_SCREENSHOTS").is_none() {
        return;
    }
    let png = b.c().screenshot().await.unwrap();
    let path = format!("{}/../../docs/images/{name}.png", env!("CARGO_MANIFEST_DIR"));
    std::fs::create_dir_all(std::path::Path::new(&path).parent().unwrap()).unwrap();
    std::fs::write(&path, png).unwrap();
}

/// No page scrolls sideways at the browser's width.
async fn fits(b: &Browser, url: &str) {
    b.goto(url).await;
    let wide = b.js("return [document.documentElement.scrollWidth, window.innerWidth]").await;
    assert!(wide[0].as_u64() <= wide[1].as_u64(), "{url} scrolls sideways at {}px: {} wide", wide[1], wide[0]);
}

pub async fn play_by_clicks(s: &TestServer, b: &Browser) {
    let site = serve(s).await;
    let (_, gm) = s.user("gm").await;
    let (_, made) = s
        .post("/api/games", &gm, json!({"name": "Clicks", "variant": "standard", "deadline_secs": 3600, "seed": 5}))
        .await;
    let id = made["id"].as_i64().unwrap();
    let code = made["invite_code"].as_str().unwrap().to_string();
    let name = sign_up(b, &site, "clicker").await;
    join(b, &site, &code).await;
    s.post(&format!("/api/games/{id}/seats"), &gm, json!({"power": "France", "user": name})).await;
    let game = format!("{site}/games/{id}");

    // Spring 1901 by clicks: a move, a support, a move, a hold taken back.
    open(b, &game, "movement").await;
    click(b, "par").await;
    click(b, "bur").await;
    expect(b, &["A par - bur"], &["par"]).await;
    mode(b, "support").await;
    click(b, "mar").await;
    click(b, "par").await;
    click(b, "bur").await;
    expect(b, &["A par - bur", "A mar S A par - bur"], &["mar", "par"]).await;
    mode(b, "move").await;
    click(b, "bre").await;
    click(b, "mao").await;
    expect(b, &["A par - bur", "A mar S A par - bur", "F bre - mao"], &["bre", "mar", "par"]).await;
    click(b, "bre").await;
    click(b, "bre").await;
    expect(b, &["A par - bur", "A mar S A par - bur", "F bre H"], &["bre", "mar", "par"]).await;
    screenshot(b, "map-ordering").await;
    b.find(".map-tools button.undo").await.click().await.unwrap();
    expect(b, &["A par - bur", "A mar S A par - bur", "F bre - mao"], &["bre", "mar", "par"]).await;
    // The other way: a line typed is drawn too.
    b.find("form[data-legal] textarea").await.send_keys("\nA mar - spa").await.unwrap();
    expect(b, &["A par - bur", "A mar S A par - bur", "F bre - mao", "A mar - spa"], &["bre", "mar", "par"]).await;
    b.find(".map-tools button.undo").await.click().await.unwrap();
    b.click_and_load("form[data-legal] button[type=submit], form[data-legal] > button").await;
    let said = b
        .js("return [...document.querySelectorAll('section.orders ul.verdicts:not(.live) li')].map(li => li.className)")
        .await;
    assert_eq!(said, json!(["accepted", "accepted", "accepted"]), "the clicked orders are the judge's own");

    // A convoy with its fleet.
    set_position(
        s,
        id,
        "Autumn 1901, Movement",
        r#"{"phase": "Autumn 1901, Movement", "units": {"France": ["F mao", "A bre"]}}"#,
    )
    .await;
    open(b, &game, "movement").await;
    mode(b, "convoy").await;
    click(b, "mao").await;
    click(b, "bre").await;
    click(b, "por").await;
    mode(b, "move").await;
    click(b, "bre").await;
    click(b, "por").await;
    expect(b, &["F mao C A bre - por", "A bre - por via convoy"], &["bre", "mao"]).await;

    // A retreat.
    set_position(
        s,
        id,
        "Autumn 1901, Retreat",
        r#"{"phase": "Autumn 1901, Retreat", "units": {"Germany": ["A bur"], "France": ["A par"]},
            "dislodged": {"France": [{"unit": "A bur", "attacker_from": "mun"}]}}"#,
    )
    .await;
    open(b, &game, "retreat").await;
    click(b, "bur").await;
    click(b, "gas").await;
    expect(b, &["A bur R gas"], &["bur"]).await;

    // Builds: an army where only an army may stand, a fleet chosen where
    // either may.
    set_position(
        s,
        id,
        "Winter 1901, Adjustment",
        concat!(
            r#"{"phase": "Winter 1901, Adjustment", "units": {"France": ["A bur"]}, "#,
            r#""owners": {"France": ["par", "bre", "mar", "spa"]}}"#
        ),
    )
    .await;
    open(b, &game, "adjustment").await;
    click(b, "par").await;
    b.until("the build at par", "return document.querySelector('form[data-legal] textarea').value.trim().length > 0")
        .await;
    click(b, "bre").await;
    let fleet = b.find(".map-choices button:nth-child(2)").await;
    let choices = b.js("return [...document.querySelectorAll('.map-choices button')].map(b => b.textContent)").await;
    assert_eq!(choices.as_array().unwrap().len(), 2, "an army or a fleet at bre: {choices}");
    let fleet_text = fleet.text().await.unwrap();
    fleet.click().await.unwrap();
    let lines = box_lines(b).await;
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].contains("par") && lines[1] == fleet_text && fleet_text.contains('F'), "{lines:?}");
    screenshot(b, "map-builds").await;

    // A player holding two powers (France, and Germany taken over) orders
    // for each on the map, chosen above it; each box keeps its own.
    s.post(&format!("/api/games/{id}/seats"), &gm, json!({"power": "Germany", "user": name})).await;
    set_position(
        s,
        id,
        "Spring 1902, Movement",
        r#"{"phase": "Spring 1902, Movement", "units": {"France": ["A par", "F bre", "A mar"], "Germany": ["A mun"]}}"#,
    )
    .await;
    open(b, &game, "movement").await;
    click(b, "par").await;
    click(b, "pic").await;
    expect(b, &["A par - pic"], &["par"]).await;
    b.js(
        "[...document.querySelectorAll('.map-powers button')].find(b => b.textContent === 'Germany').click(); return \
         true",
    )
    .await;
    b.until(
        "Germany's turn on the map",
        "return document.querySelector('.map-powers button[aria-pressed=true]').textContent === 'Germany'",
    )
    .await;
    click(b, "mun").await;
    click(b, "boh").await;
    expect_in(b, "form[data-power=Germany]", &["A mun - boh"], &["mun"]).await;
    assert_eq!(box_lines(b).await, ["A par - pic"], "France's box is France's own");

    // A phone: nothing scrolls sideways; the map fills the width, zooms by
    // its buttons and a pinch, and pans by a drag.
    b.c().set_window_size(390, 844).await.unwrap();
    fits(b, &game).await;
    open(b, &game, "movement").await;
    // (The page's width less the test browser's scroll bar, which a
    // phone's does not take.)
    let width = b
        .js("return [document.querySelector('.map-holder').getBoundingClientRect().width, \
             document.documentElement.clientWidth]")
        .await;
    assert!(
        width[0].as_f64().unwrap() >= width[1].as_f64().unwrap() - 1.0 && width[0].as_f64().unwrap() >= 360.0,
        "the map fills the phone's width: {width}"
    );
    let svg_width = "return document.querySelector('.map-holder svg').getBoundingClientRect().width";
    let before = b.js(svg_width).await;
    b.find(".map-tools button.zoom-in").await.click().await.unwrap();
    let after = b.js(svg_width).await;
    assert!(after.as_f64().unwrap() > 1.4 * before.as_f64().unwrap(), "the map zooms: {before} -> {after}");
    // A finger drags the map left and up: it pans by as much, and the tap
    // that ends the drag picks nothing.
    let panned = b
        .js("const h = document.querySelector('.map-holder'), r = h.getBoundingClientRect(), say = \
             document.querySelector('.map-say');
             const [x, y] = [r.left + r.width / 2, r.top + r.height / 2], before = [h.scrollLeft, h.scrollTop, \
                 say.textContent];
             const at = (type, id, dx, dy) => h.dispatchEvent(new PointerEvent(type, {bubbles: true, pointerId: id, \
                 pointerType: 'touch', isPrimary: id === 1, clientX: x + dx, clientY: y + dy}));
             at('pointerdown', 1, 0, 0); at('pointermove', 1, -30, -20); at('pointermove', 1, -60, -40); \
                 at('pointerup', 1, -60, -40);
             const hit = document.elementFromPoint(x - 60, y - 40);
             hit.dispatchEvent(new MouseEvent('click', {bubbles: true, clientX: x - 60, clientY: y - 40}));
             return [h.scrollLeft - before[0], h.scrollTop - before[1], hit.closest('[data-province]') !== null, \
                 say.textContent === before[2]];")
        .await;
    assert!(
        (panned[0].as_f64().unwrap() - 60.0).abs() <= 1.0 && (panned[1].as_f64().unwrap() - 40.0).abs() <= 1.0,
        "a drag pans the map by as much: {panned}"
    );
    assert_eq!(
        (&panned[2], &panned[3]),
        (&json!(true), &json!(true)),
        "the drag ended on a province, and picked nothing: {panned}"
    );
    // Two fingers move apart: the map zooms by as much; the page still
    // does not scroll sideways.
    let pinched = b
        .js("const h = document.querySelector('.map-holder'), r = h.getBoundingClientRect(), svg = () => \
             h.querySelector('svg').getBoundingClientRect().width;
             const [x, y] = [r.left + r.width / 2, r.top + r.height / 2], before = svg();
             const at = (type, id, dx) => h.dispatchEvent(new PointerEvent(type, {bubbles: true, pointerId: id, \
                 pointerType: 'touch', isPrimary: id === 1, clientX: x + dx, clientY: y}));
             at('pointerdown', 1, -40); at('pointerdown', 2, 40); at('pointermove', 1, -60); at('pointermove', 2, 60); \
                 at('pointerup', 1, -60); at('pointerup', 2, 60);
             return [svg() / before, document.documentElement.scrollWidth, window.innerWidth];")
        .await;
    assert!(
        (pinched[0].as_f64().unwrap() - 1.5).abs() < 0.05,
        "fingers 80 px apart, then 120: the map zooms 1.5 times ({pinched})"
    );
    assert!(
        pinched[1].as_u64() <= pinched[2].as_u64(),
        "zoomed, the map scrolls inside its frame, not the page: {pinched}"
    );
    fits(b, &game).await;
    open(b, &game, "movement").await;
    b.js("document.querySelector('.map-powers').scrollIntoView(); return true").await;
    screenshot(b, "phone").await;
    fits(b, &format!("{game}/phases/0")).await;
    fits(b, &format!("{site}/")).await;
    fits(b, &format!("{site}/lobby")).await;
    fits(b, &format!("{site}/users/{name}")).await;
    b.goto(&game).await;
    b.js("document.getElementById('board').scrollIntoView(); return true").await;
    screenshot(b, "board-as-text").await;
    b.c().set_window_size(1280, 1024).await.unwrap();

    // A game of City State, orders typed: drawn as the renderer draws them.
    let (_, made) = s
        .post(
            "/api/games",
            &gm,
            json!({"name": "City states", "variant": "city_state", "deadline_secs": 3600, "seed": 3}),
        )
        .await;
    let hid = made["id"].as_i64().unwrap();
    let code = made["invite_code"].as_str().unwrap().to_string();
    join(b, &site, &code).await;
    let (_, game) = s.get(&format!("/api/games/{hid}"), &gm).await;
    let power = game["seats"][0]["power"].as_str().unwrap().to_string();
    s.post(&format!("/api/games/{hid}/seats"), &gm, json!({"power": power, "user": name})).await;
    let city_state = format!("{site}/games/{hid}");
    b.goto(&city_state).await;
    open(b, &city_state, "movement").await;
    let legal = b
        .c()
        .execute_async(
            "const done = arguments[arguments.length - 1]; \
             fetch(document.querySelector('form[data-legal]').dataset.legal).then(r => r.json()).then(done);",
            vec![],
        )
        .await
        .unwrap();
    let unit = &legal["units"][0];
    let order = unit["orders"].as_array().unwrap().iter().find(|o| o["kind"] == "move").unwrap_or(&unit["orders"][0])
        ["text"]
        .as_str()
        .unwrap()
        .to_string();
    let province = unit["province"].as_str().unwrap().to_string();
    b.find("form[data-legal] textarea").await.send_keys(&order).await.unwrap();
    expect(b, &[&order], &[&province]).await;
}
