//! Error pages: every answer of a page's address that is an error (one of
//! ours, or the framework's own: an address that does not parse, a route
//! that does not exist) becomes a page on the shared layout, with the
//! header of whoever asked and a message a person can act on. The API's
//! errors stay JSON.

use super::layout::layout;
use crate::auth::Viewer;
use crate::error::Error;
use crate::App;
use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{Html, IntoResponse, Response};
use maud::html;
use std::net::SocketAddr;

/// The middleware: an error of a page's address, drawn as a page.
pub async fn error_pages(State(app): State<App>, req: Request, next: Next) -> Response {
    if req.uri().path().starts_with("/api/") {
        return next.run(req).await;
    }
    let (path, method) = (req.uri().path().to_string(), req.method().clone());
    let headers = req.headers().clone();
    let peer = req.extensions().get::<ConnectInfo<SocketAddr>>().cloned();
    let resp = next.run(req).await;
    let status = resp.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return resp;
    }
    let error = match resp.extensions().get::<Error>() {
        Some(e) => e.clone(),
        None if is_html(&resp) => return resp,
        None => {
            let (parts, body) = resp.into_parts();
            let said = axum::body::to_bytes(body, 64 * 1024)
                .await
                .map(|b| String::from_utf8_lossy(&b).trim().to_string())
                .unwrap_or_default();
            let e = framework(status, &method, &path, &said);
            return draw(&app, e, headers, peer, Response::from_parts(parts, axum::body::Body::empty())).await;
        }
    };
    draw(&app, error, headers, peer, resp).await
}

/// The page of `error`, with the header of the asker (read from the
/// request's `headers`), and the headers of the refusal `resp` it stands
/// for (`Allow`, `Retry-After`, the security headers).
async fn draw(
    app: &App,
    error: Error,
    headers: axum::http::HeaderMap,
    peer: Option<ConnectInfo<SocketAddr>>,
    resp: Response,
) -> Response {
    let mut parts = Request::new(()).into_parts().0;
    parts.headers = headers;
    if let Some(peer) = peer {
        parts.extensions.insert(peer);
    }
    let viewer = match Viewer::from_request_parts(&mut parts, app).await {
        Ok(v) => v,
        Err(_) => Viewer { session: None, ip: String::new(), csrf_cookie: None },
    };
    let mut page = (error.status, Html(error_page(&error, &viewer).into_string())).into_response();
    for (name, value) in resp.headers() {
        if name != CONTENT_TYPE && name != axum::http::header::CONTENT_LENGTH {
            page.headers_mut().insert(name.clone(), value.clone());
        }
    }
    page
}

fn is_html(resp: &Response) -> bool {
    resp.headers().get(CONTENT_TYPE).and_then(|t| t.to_str().ok()).is_some_and(|t| t.starts_with("text/html"))
}

/// The framework's own refusals, said for a person: an address that is not
/// one of the site's (a path that does not parse, as `/games/abc`, or no
/// route at all), or a form that is not one of the site's.
fn framework(status: StatusCode, method: &Method, path: &str, said: &str) -> Error {
    if status == StatusCode::NOT_FOUND || (*method == Method::GET && status == StatusCode::BAD_REQUEST) {
        return no_page(path);
    }
    if status == StatusCode::METHOD_NOT_ALLOWED {
        return Error::new(
            status,
            format!("{path} is not a form to send ({method}): open it from the site's own pages"),
        );
    }
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        return Error::new(status, format!("the form is too large (at most {} bytes)", crate::security::BODY_LIMIT));
    }
    if status == StatusCode::UNPROCESSABLE_ENTITY || status == StatusCode::UNSUPPORTED_MEDIA_TYPE {
        return Error::new(
            status,
            format!("the form sent to {path} is not one of this site's ({said}): reload the page and try again"),
        );
    }
    Error::new(
        status,
        if said.is_empty() { status.canonical_reason().unwrap_or("refused").to_lowercase() } else { said.to_string() },
    )
}

/// An address that is none of the site's pages.
pub fn no_page(path: &str) -> Error {
    Error::not_found(format!(
        "there is no page at {path}: the games are at /games/ and their number, as the home page lists them"
    ))
}

fn error_page(e: &Error, viewer: &Viewer) -> maud::Markup {
    let title = e.status.canonical_reason().unwrap_or("Error");
    let body = html! {
        h1 { (e.status.as_u16()) " " (title) }
        p.error { (e.message) }
        p { a href="/" { "Home" } }
    };
    layout(title, viewer, body)
}
