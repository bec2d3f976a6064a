//! The layout every page shares: the head, the header (who is signed in,
//! or the links to sign in), the main column.

use crate::auth::Viewer;
use axum::response::{Html, IntoResponse, Response};
use maud::{html, Markup, DOCTYPE};

pub fn layout(title: &str, viewer: &Viewer, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " · polemarch" }
                link rel="stylesheet" href="/style.css";
                link rel="icon" href="/favicon.ico";
            }
            body {
                header {
                    a.brand href="/" { "polemarch" }
                    nav {
                        @if let Some(s) = &viewer.session {
                            a.me href=(super::profile::href(&s.user.name)) { (s.user.name) } " "
                            form.inline method="post" action="/signout" { (csrf_field(viewer)) button { "Sign out" } }
                        } @else {
                            a href="/signin" { "Sign in" } " " a href="/signup" { "Sign up" }
                        }
                    }
                }
                main { (body) }
            }
        }
    }
}

/// A page answered with 200.
pub fn page(title: &str, viewer: &Viewer, body: Markup) -> Response {
    Html(layout(title, viewer, body).into_string()).into_response()
}

/// The hidden field of a form's CSRF token: the session's, or before
/// signing in the anonymous cookie's.
pub fn csrf_field(viewer: &Viewer) -> Markup {
    let token = viewer.session.as_ref().map(|s| s.csrf.as_str()).or(viewer.csrf_cookie.as_deref()).unwrap_or_default();
    html! { input type="hidden" name="csrf" value=(token); }
}
