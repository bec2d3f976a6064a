//! One form for every refusal, the framework's own too: a request that the
//! extractors refuse before any handler runs (malformed JSON 400, a missing
//! field 422, a bad path id 400, a body over the limit 413, a form without
//! its token 422, an unknown address 404, a wrong method 405) is answered
//! `{"error": "..."}` under `/api`, as docs/api.md promises; elsewhere
//! `pages::error_pages`, outside these defences, makes every refusal a page.

use crate::error::Error;
use axum::extract::Request;
use axum::http::header::{CONTENT_LENGTH, CONTENT_TYPE};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// Rewrites a refusal of the API that is not JSON (the framework's plain
/// text, or an empty body) into a JSON error.
pub async fn one_form(req: Request, next: Next) -> Response {
    let api = req.uri().path() == "/api" || req.uri().path().starts_with("/api/");
    if !api {
        return next.run(req).await;
    }
    let response = next.run(req).await;
    let kind = response.headers().get(CONTENT_TYPE).and_then(|t| t.to_str().ok()).unwrap_or("");
    let ours = kind.starts_with("application/json") || kind.starts_with("text/html");
    if !(response.status().is_client_error() || response.status().is_server_error()) || ours {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let said = axum::body::to_bytes(body, 64 * 1024)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_string())
        .unwrap_or_default();
    let rewritten = Error::new(parts.status, explain(parts.status, &said)).into_response();
    // The refusal's own headers (`Allow`, `Retry-After`) stay; its body's go.
    parts.headers.remove(CONTENT_TYPE);
    parts.headers.remove(CONTENT_LENGTH);
    let (new_parts, body) = rewritten.into_parts();
    parts.headers.extend(new_parts.headers);
    Response::from_parts(parts, body)
}

/// What to tell the client: the framework's words, with what to do.
fn explain(status: StatusCode, said: &str) -> String {
    match status {
        StatusCode::NOT_FOUND => "there is no such address in the API (docs/api.md lists them)".into(),
        StatusCode::METHOD_NOT_ALLOWED => "this address does not take this method (see the `Allow` header)".into(),
        StatusCode::PAYLOAD_TOO_LARGE => {
            format!("the request's body is too large (at most {} bytes): {said}", crate::security::BODY_LIMIT)
        }
        _ if said.is_empty() => status.canonical_reason().unwrap_or("refused").to_lowercase(),
        _ => said.to_string(),
    }
}
