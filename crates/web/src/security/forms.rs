//! A form body must be UTF-8 once its `%XX` escapes are decoded: the
//! framework would decode invalid bytes as U+FFFD and go on, keeping a
//! text the client never wrote; it is refused instead (400, as plain text
//! that `rejections` makes a page or a JSON error).

use axum::extract::Request;
use axum::http::header::CONTENT_TYPE;
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

pub async fn utf8_only(req: Request, next: Next) -> Response {
    let form = req
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|t| t.to_str().ok())
        .is_some_and(|t| t.trim_start().starts_with("application/x-www-form-urlencoded"));
    if !form {
        return next.run(req).await;
    }
    let (parts, body) = req.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, super::BODY_LIMIT).await else {
        return (StatusCode::PAYLOAD_TOO_LARGE, "the form is too large").into_response();
    };
    if std::str::from_utf8(&decoded(&bytes)).is_err() {
        return (StatusCode::BAD_REQUEST, "the form is not UTF-8 text once decoded: send it from the page as it is")
            .into_response();
    }
    next.run(Request::from_parts(parts, axum::body::Body::from(bytes))).await
}

/// The body with its `%XX` escapes and `+` decoded (`&` and `=` stay: they
/// are ASCII and cannot make UTF-8 invalid).
fn decoded(body: &[u8]) -> Vec<u8> {
    let hex = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
    let mut out = Vec::with_capacity(body.len());
    let mut i = 0;
    while i < body.len() {
        match (body[i], body.get(i + 1).and_then(|&b| hex(b)), body.get(i + 2).and_then(|&b| hex(b))) {
            (b'%', Some(h), Some(l)) => {
                out.push(h << 4 | l);
                i += 3;
            }
            (b'+', ..) => {
                out.push(b' ');
                i += 1;
            }
            (b, ..) => {
                out.push(b);
                i += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::decoded;

    #[test]
    fn escapes_are_decoded() {
        assert_eq!(decoded(b"name=a%C3%A9+b&x=%zz%4"), "name=aé b&x=%zz%4".as_bytes());
        assert!(std::str::from_utf8(&decoded(b"name=%FF")).is_err());
    }
}
