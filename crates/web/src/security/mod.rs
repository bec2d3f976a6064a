//! The web judge's defences (docs/web.md, "Security"): what wraps every
//! route (the response headers, form bodies in UTF-8, one form for every
//! refusal), and the checks of text and names.

pub mod connections;
pub mod forms;
pub mod hashing;
pub mod headers;
pub mod names;
pub mod rejections;
pub mod text;

use axum::extract::DefaultBodyLimit;
use axum::Router;

/// The largest request body read (JSON or form), in bytes: 413 beyond.
pub const BODY_LIMIT: usize = 2 * 1024 * 1024;

/// The router with every refusal in one form and every response's headers
/// added.
pub fn wrap<S: Clone + Send + Sync + 'static>(router: Router<S>) -> Router<S> {
    router
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn(forms::utf8_only))
        .layer(axum::middleware::from_fn(rejections::one_form))
        .layer(axum::middleware::map_response(headers::add))
}
