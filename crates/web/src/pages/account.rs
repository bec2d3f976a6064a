//! Signing up, in and out.

use super::layout::{csrf_field, page};
use super::PageResult;
use crate::accounts;
use crate::auth::{check_csrf, csrf_cookie, enter, session_cookie, Viewer};
use crate::App;
use axum::extract::State;
use axum::http::header::SET_COOKIE;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::Form;
use maud::{html, Markup};
use serde::Deserialize;

/// Signing up (`new`) or in.
fn credentials_form(new: bool, viewer: &Viewer, name: &str, error: Option<&str>) -> Markup {
    let (action, title) = if new { ("/signup", "Sign up") } else { ("/signin", "Sign in") };
    html! {
        h1 { (title) }
        @if let Some(e) = error { p.error { (e) } }
        form.narrow method="post" action=(action) {
            (csrf_field(viewer))
            label { "Name " input name="name" value=(name) required maxlength="32" autocomplete="username"; }
            label {
                "Password "
                input name="password" type="password" required minlength="8"
                    autocomplete=(if new { "new-password" } else { "current-password" });
            }
            button { (title) }
        }
    }
}

/// A form page before signing in: sets the anonymous CSRF cookie.
fn anonymous_form(
    app: &App,
    mut viewer: Viewer,
    new: bool,
    name: &str,
    error: Option<&str>,
    status: StatusCode,
) -> Response {
    let token = viewer.csrf_cookie.clone().unwrap_or_else(accounts::random_token);
    viewer.csrf_cookie = Some(token.clone());
    let body = credentials_form(new, &viewer, name, error);
    (
        status,
        [(SET_COOKIE, csrf_cookie(&token, app.secure_cookies))],
        page(if new { "Sign up" } else { "Sign in" }, &viewer, body),
    )
        .into_response()
}

pub async fn sign_up_page(State(app): State<App>, viewer: Viewer) -> Response {
    anonymous_form(&app, viewer, true, "", None, StatusCode::OK)
}

pub async fn sign_in_page(State(app): State<App>, viewer: Viewer) -> Response {
    anonymous_form(&app, viewer, false, "", None, StatusCode::OK)
}

#[derive(Deserialize)]
pub struct CredentialsForm {
    csrf: String,
    name: String,
    password: String,
}

pub async fn sign_up(State(app): State<App>, viewer: Viewer, Form(f): Form<CredentialsForm>) -> PageResult {
    credentials(app, viewer, f, true).await
}

pub async fn sign_in(State(app): State<App>, viewer: Viewer, Form(f): Form<CredentialsForm>) -> PageResult {
    credentials(app, viewer, f, false).await
}

/// Signs up (`new`) or in, then home; or the form again with the error.
async fn credentials(app: App, viewer: Viewer, f: CredentialsForm, new: bool) -> PageResult {
    check_csrf(&viewer, &f.csrf)?;
    match enter(&app, &viewer.ip, &f.name, &f.password, new).await {
        Ok(s) => Ok(([(SET_COOKIE, session_cookie(&s.token, app.secure_cookies))], Redirect::to("/")).into_response()),
        // The name stays typed; the password is asked again.
        Err(e) => Ok(anonymous_form(&app, viewer, new, &f.name, Some(&e.message), e.status)),
    }
}

#[derive(Deserialize)]
pub struct CsrfOnly {
    csrf: String,
}

pub async fn sign_out(State(app): State<App>, viewer: Viewer, Form(f): Form<CsrfOnly>) -> PageResult {
    check_csrf(&viewer, &f.csrf)?;
    if let Some(s) = &viewer.session {
        accounts::end_session(&app.writer, &s.token).await?;
    }
    Ok(([(SET_COOKIE, session_cookie("", app.secure_cookies))], Redirect::to("/")).into_response())
}
