//! The headers every response carries: a Content-Security-Policy that lets
//! the pages run only the server's own script files (no inline script, no
//! `javascript:` link, no inline style) and forbids framing them (so that
//! no other site can put the game master's "Process the phase now" under a
//! visitor's click), `X-Content-Type-Options: nosniff`, and a
//! `Referrer-Policy` that keeps the judge's addresses (game ids) from other
//! sites. A 503 (busy) says when to come back (`Retry-After`).

use axum::http::header::{
    CONTENT_SECURITY_POLICY, REFERRER_POLICY, RETRY_AFTER, X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use axum::http::{HeaderValue, StatusCode};
use axum::response::Response;

/// The policy: everything from the judge itself, maps as `data:` images
/// too; nothing framed, no plugins, forms posted only to the judge.
pub const CSP: &str =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri \
     'none'; form-action 'self'; frame-ancestors 'none'";

/// Adds the headers to a response.
pub async fn add(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(REFERRER_POLICY, HeaderValue::from_static("same-origin"));
    // For browsers older than `frame-ancestors`.
    headers.insert(X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    // Busy (the hashing threads, security::hashing): when to come back.
    if response.status() == StatusCode::SERVICE_UNAVAILABLE && !response.headers().contains_key(RETRY_AFTER) {
        response.headers_mut().insert(RETRY_AFTER, HeaderValue::from_static("5"));
    }
    response
}

#[cfg(test)]
mod tests {
    use axum::http::StatusCode;
    use axum::response::IntoResponse;

    #[tokio::test]
    async fn a_busy_answer_says_when_to_come_back() {
        let busy = super::add((StatusCode::SERVICE_UNAVAILABLE, "busy").into_response()).await;
        assert_eq!(busy.headers()["retry-after"], "5");
        let fine = super::add("fine".into_response()).await;
        assert!(!fine.headers().contains_key("retry-after"));
        assert_eq!(fine.headers()["x-frame-options"], "DENY");
    }
}
