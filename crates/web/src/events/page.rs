//! What a page carries to be live: its stream's address and the parts the
//! script (live.js, a file of its own: no inline script) swaps in again
//! when something changes.

use crate::App;
use axum::http::header::CONTENT_TYPE;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use maud::html;

pub fn routes() -> Router<App> {
    Router::new().route("/live.js", get(script))
}

async fn script() -> impl IntoResponse {
    ([(CONTENT_TYPE, "text/javascript")], include_str!("../live.js"))
}

/// The page's stream (`events`), the parts (CSS selectors) to read again
/// at any change, and those to read again when a phase is processed.
pub fn live(events: &str, parts: &[&str], phase_parts: &[&str]) -> String {
    html! {
        div id="live" hidden data-events=(events) data-parts=(parts.join(","))
            data-phase-parts=(phase_parts.join(",")) {}
        script src="/live.js" defer {}
    }
    .into_string()
}

/// The game page's: its summary, seats, press link, and with a phase its
/// map, history and forms.
pub fn game(id: i64) -> String {
    live(
        &format!("/api/games/{id}/events"),
        &["p.summary", "table.seats", "p.press-link"],
        &["figure.map", "ol.phases", "section.orders", "section.gm", "h1"],
    )
}
