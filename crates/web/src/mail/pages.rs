//! Mail's pages and API: the account's address (confirmed by a link), the
//! choices per game, and the unsubscribe link (no sign-in needed).

use super::addresses::{self, Choices};
use crate::auth::{check_csrf, Signed, Viewer};
use crate::error::Result;
use crate::pages::{csrf_field, page, signed, PageResult};
use crate::App;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Redirect};
use axum::routing::{get, post};
use axum::{Form, Json, Router};
use maud::html;
use serde::Deserialize;
use serde_json::{json, Value};

pub fn routes() -> Router<App> {
    Router::new()
        .route("/mail", get(mail_page).post(address_form))
        .route("/mail/confirm/{token}", get(confirm))
        .route("/mail/unsubscribe/{token}", get(unsubscribe_page).post(unsubscribe))
        .route("/games/{id}/mail", post(choices_form))
}

pub fn api_routes() -> Router<App> {
    Router::new()
        .route("/mail", get(api_address).post(api_set_address))
        .route("/games/{id}/mail", get(api_choices).post(api_choose))
}

async fn mail_page(State(app): State<App>, viewer: Viewer) -> PageResult {
    let s = signed(&viewer)?;
    let address = addresses::address_of(&app, s.user.id).await?;
    let body = html! {
        h1 { "Mail" }
        @if app.mail.is_none() {
            p { "Mail is off on this server (it has no SMTP settings)." }
        } @else {
            @match &address {
                Some(a) if a.confirmed => p {
                    "Mail goes to " strong { (a.address) } ". Choose what you want of each game on its page."
                },
                Some(a) => p {
                    "A link to confirm " strong { (a.address) } " was mailed to it: open it to get mail there."
                },
                None => p {
                    "No mail is sent to you. Give an address to choose, game by game, phase results, deadline \
                     reminders and press digests."
                },
            }
            form method="post" action="/mail" class="narrow" {
                (csrf_field(&viewer))
                label { "Address " input name="address" type="email" required maxlength="254" autocomplete="email"; }
                button { "Send the confirmation link" }
            }
        }
    };
    Ok(page("Mail", &viewer, body))
}

#[derive(Deserialize)]
struct AddressForm {
    csrf: String,
    address: String,
}

async fn address_form(State(app): State<App>, viewer: Viewer, Form(f): Form<AddressForm>) -> PageResult {
    check_csrf(&viewer, &f.csrf)?;
    let s = signed(&viewer)?;
    addresses::set_address(&app, &s.user, &f.address).await?;
    Ok(Redirect::to("/mail").into_response())
}

async fn confirm(State(app): State<App>, viewer: Viewer, Path(token): Path<String>) -> PageResult {
    let name = addresses::confirm(&app, &token).await?;
    let body = html! {
        h1 { "Address confirmed" }
        p { "Mail for " (name) " goes there now. Choose what you want of each game on its page." }
    };
    Ok(page("Address confirmed", &viewer, body))
}

async fn unsubscribe_page(viewer: Viewer, Path(token): Path<String>) -> PageResult {
    let body = html! {
        h1 { "Stop all mail" }
        form method="post" action={ "/mail/unsubscribe/" (token) } {
            p { "No more mail of any game will be sent to this address." }
            button { "Stop all mail" }
        }
    };
    Ok(page("Stop all mail", &viewer, body))
}

async fn unsubscribe(State(app): State<App>, viewer: Viewer, Path(token): Path<String>) -> PageResult {
    let name = addresses::unsubscribe(&app, &token).await?;
    let body = html! {
        h1 { "No more mail" }
        p { "No mail will be sent for " (name) " any more (give an address again on the Mail page to get some)." }
    };
    Ok(page("No more mail", &viewer, body))
}

#[derive(Deserialize)]
struct ChoicesForm {
    csrf: String,
    #[serde(default)]
    results: Option<String>,
    #[serde(default)]
    reminders: Option<String>,
    #[serde(default)]
    press: Option<String>,
}

async fn choices_form(
    State(app): State<App>,
    viewer: Viewer,
    Path(id): Path<i64>,
    Form(f): Form<ChoicesForm>,
) -> PageResult {
    check_csrf(&viewer, &f.csrf)?;
    let s = signed(&viewer)?;
    let c = Choices { results: f.results.is_some(), reminders: f.reminders.is_some(), press: f.press.is_some() };
    addresses::choose(&app, &s.user, id, c).await?;
    Ok(Redirect::to(&format!("/games/{id}")).into_response())
}

/// The game page's mail choices (or where to give an address).
pub async fn game_form(app: &App, viewer: &Viewer, game_id: i64) -> Result<String> {
    let Some(session) = &viewer.session else { return Ok(String::new()) };
    if app.mail.is_none() {
        return Ok(String::new());
    }
    let confirmed = addresses::address_of(app, session.user.id).await?.is_some_and(|a| a.confirmed);
    let c = addresses::choices(app, session.user.id, game_id).await?;
    Ok(html! {
        @if confirmed {
            form method="post" action={ "/games/" (game_id) "/mail" } class="mail" {
                h2 { "Mail" }
                (csrf_field(viewer))
                label { input type="checkbox" name="results" value="1" checked[c.results]; " Each phase's results" }
                label {
                    input type="checkbox" name="reminders" value="1" checked[c.reminders];
                    " Reminders 24 hours and 1 hour before a deadline, when my orders are missing or not ready"
                }
                label {
                    input type="checkbox" name="press" value="1" checked[c.press];
                    " New press (at most one mail a quarter of an hour)"
                }
                button { "Save" }
            }
        } @else {
            p { a href="/mail" { "Get this game's news by mail" } }
        }
    }
    .into_string())
}

async fn api_address(State(app): State<App>, Signed(s): Signed) -> Result<Json<Value>> {
    Ok(Json(json!({"mail": app.mail.is_some(), "address": addresses::address_of(&app, s.user.id).await?})))
}

#[derive(Deserialize)]
struct SetAddress {
    address: String,
}

async fn api_set_address(State(app): State<App>, Signed(s): Signed, Json(a): Json<SetAddress>) -> Result<Json<Value>> {
    addresses::set_address(&app, &s.user, &a.address).await?;
    Ok(Json(json!({"address": a.address.trim(), "confirmed": false})))
}

async fn api_choices(State(app): State<App>, Signed(s): Signed, Path(id): Path<i64>) -> Result<Json<Choices>> {
    Ok(Json(addresses::choices(&app, s.user.id, id).await?))
}

async fn api_choose(
    State(app): State<App>,
    Signed(s): Signed,
    Path(id): Path<i64>,
    Json(c): Json<Choices>,
) -> Result<Json<Choices>> {
    addresses::choose(&app, &s.user, id, c).await?;
    Ok(Json(c))
}
