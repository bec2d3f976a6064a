//! The pages: plain HTML forms that work without JavaScript, a little CSS,
//! built from maud templates (which escape every value by default) on one
//! layout (`layout.rs`). Every form carries its CSRF token; every POST
//! answers with a redirect to a page (or the page again with the error).
//! Every error, the framework's included, is a page with the same header
//! (`errors.rs`).

mod account;
mod board;
mod errors;
mod game;
mod gm;
mod home;
mod layout;
mod lobby;
mod phase;
mod profile;

use crate::auth::Viewer;
use crate::error::Error;
use crate::App;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;

pub use errors::{error_pages, no_page};
pub(crate) use layout::{csrf_field, page};

pub fn routes() -> Router<App> {
    Router::new()
        .route("/", get(home::home))
        .route("/style.css", get(|| asset("text/css", include_str!("../style.css"))))
        .route("/check.js", get(|| asset("text/javascript", include_str!("../check.js"))))
        .route("/map.js", get(|| asset("text/javascript", include_str!("../map.js"))))
        .route(
            "/favicon.ico",
            get(|| async { ([(CONTENT_TYPE, "image/x-icon")], crate::favicon::ico()).into_response() }),
        )
        .route("/signup", get(account::sign_up_page).post(account::sign_up))
        .route("/signin", get(account::sign_in_page).post(account::sign_in))
        .route("/signout", post(account::sign_out))
        .route("/games", post(home::create))
        .route("/join", post(home::join))
        .route("/games/{id}", get(game::game_page))
        .route("/games/{id}/orders/{power}", post(game::submit))
        .route("/games/{id}/gm", post(gm::gm))
        .route("/games/{id}/vote/{power}", post(game::vote))
        .route("/users/{name}", get(profile::profile_page))
        .route("/lobby", get(lobby::lobby_page))
        .route("/games/{id}/take", post(lobby::take))
        .route("/me/password", post(profile::change_password))
        .route("/me/delete", post(profile::delete_account))
        .route("/games/{id}/phases/{n}", get(phase::phase_page))
        .route("/games/{id}/phases/{n}/map.svg", get(phase::map))
}

/// A file of the site's own (style sheet, script).
async fn asset(content_type: &'static str, body: &'static str) -> Response {
    ([(CONTENT_TYPE, content_type)], body).into_response()
}

/// An error answered as a page: `errors::error_pages` draws it, with the
/// header of whoever asked.
pub struct PageError(pub Error);

impl From<Error> for PageError {
    fn from(e: Error) -> Self {
        PageError(e)
    }
}

impl IntoResponse for PageError {
    fn into_response(self) -> Response {
        let mut resp = (self.0.status, self.0.message.clone()).into_response();
        resp.extensions_mut().insert(self.0);
        resp
    }
}

pub type PageResult = Result<Response, PageError>;

/// A name as one segment of a path (percent-encoded but for letters and
/// digits).
pub(crate) fn path_segment(s: &str) -> String {
    s.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

pub(crate) fn signed(viewer: &Viewer) -> Result<&crate::accounts::Session, PageError> {
    viewer.session.as_ref().ok_or(PageError(Error::unauthorized()))
}

/// A moment, in UTC, and how long from now.
fn when(secs: i64) -> String {
    let left = secs - crate::db::now();
    let text = polemarch_engine::game::record::utc_text(secs);
    if left > 0 {
        format!("{text} (in {})", duration(left))
    } else {
        format!("{text} (passed)")
    }
}

pub(crate) fn duration(secs: i64) -> String {
    match secs {
        s if s >= 86_400 => format!("{}d {}h", s / 86_400, s % 86_400 / 3600),
        s if s >= 3600 => format!("{}h {}m", s / 3600, s % 3600 / 60),
        s if s >= 60 => format!("{}m", s / 60),
        s => format!("{s}s"),
    }
}
