//! Who is asking: the session from the `pm_session` cookie (pages) or an
//! `Authorization: Bearer` token (API clients), the client's address for
//! rate limits, and the CSRF checks of forms.

use crate::accounts::{self, Session};
use crate::error::{Error, Result};
use crate::forwarded;
use crate::App;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::header::{AUTHORIZATION, COOKIE};
use axum::http::request::Parts;
use std::net::SocketAddr;

pub const SESSION_COOKIE: &str = "pm_session";
/// Before signing in, forms carry a token also set in this cookie
/// (double submit).
pub const CSRF_COOKIE: &str = "pm_csrf";

/// The request's session, if any, and address (see `forwarded`).
pub struct Viewer {
    pub session: Option<Session>,
    pub ip: String,
    /// The value of the anonymous CSRF cookie, if sent.
    pub csrf_cookie: Option<String>,
}

/// A request that must be signed in (401 otherwise).
pub struct Signed(pub Session);

pub fn cookie(parts: &Parts, name: &str) -> Option<String> {
    parts
        .headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|h| h.to_str().ok())
        .flat_map(|h| h.split(';'))
        .filter_map(|c| c.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.to_string())
}

impl FromRequestParts<App> for Viewer {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, app: &App) -> Result<Self> {
        let bearer = parts
            .headers
            .get(AUTHORIZATION)
            .and_then(|h| h.to_str().ok())
            .and_then(|h| h.strip_prefix("Bearer "))
            .map(|t| t.trim().to_string());
        let token = bearer.or_else(|| cookie(parts, SESSION_COOKIE));
        let session = match token.filter(|t| t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit())) {
            Some(t) => accounts::session(&app.db, &t).await?,
            None => None,
        };
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
        let ip = forwarded::client_ip(&parts.headers, peer, app.limits.settings.trust_forwarded_for);
        Ok(Viewer { session, ip, csrf_cookie: cookie(parts, CSRF_COOKIE) })
    }
}

impl FromRequestParts<App> for Signed {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, app: &App) -> Result<Self> {
        let viewer = Viewer::from_request_parts(parts, app).await?;
        viewer.session.map(Signed).ok_or_else(Error::unauthorized)
    }
}

/// Signs up (`new`) or in from address `ip`, within the rate limits: the
/// new session.
pub async fn enter(app: &App, ip: &str, name: &str, password: &str, new: bool) -> Result<Session> {
    let name = name.trim();
    let user = if new {
        app.limits.sign_in(ip, None)?;
        accounts::sign_up(&app.writer, name, password).await?
    } else {
        app.limits.sign_in(ip, Some(name))?;
        accounts::sign_in(&app.db, name, password).await.inspect_err(|e| {
            if e.status == axum::http::StatusCode::UNAUTHORIZED {
                app.limits.sign_in_failed(ip, name)
            }
        })?
    };
    accounts::new_session(&app.writer, &user).await
}

/// The `Set-Cookie` value of a session (or, with an empty token, one that
/// ends it).
pub fn session_cookie(token: &str, secure: bool) -> String {
    let age = if token.is_empty() { 0 } else { accounts::SESSION_DAYS * 86_400 };
    format!(
        "{SESSION_COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={age}{}",
        if secure { "; Secure" } else { "" }
    )
}

pub fn csrf_cookie(token: &str, secure: bool) -> String {
    format!(
        "{CSRF_COOKIE}={token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=7200{}",
        if secure { "; Secure" } else { "" }
    )
}

/// A form's token must be its session's (signed in) or the anonymous
/// cookie's (signing in or up).
pub fn check_csrf(viewer: &Viewer, sent: &str) -> Result<()> {
    let expected = match &viewer.session {
        Some(s) => Some(s.csrf.as_str()),
        None => viewer.csrf_cookie.as_deref(),
    };
    match expected {
        Some(e) if !sent.is_empty() && constant_eq(e.as_bytes(), sent.as_bytes()) => Ok(()),
        _ => Err(Error::forbidden(
            "the form is out of date (its security token does not match): reload the page and try again",
        )),
    }
}

fn constant_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
