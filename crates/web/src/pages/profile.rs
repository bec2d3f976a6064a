//! A player's profile page: games, results, reliability; on one's own, the
//! forms to change one's password and to delete one's account.

use super::layout::{csrf_field, page};
use super::{path_segment, signed, PageResult};
use crate::auth::{check_csrf, session_cookie, Viewer};
use crate::profiles::{self, ProfileGame};
use crate::App;
use axum::extract::{Path, State};
use axum::http::header::SET_COOKIE;
use axum::response::{IntoResponse, Redirect};
use axum::Form;
use maud::{html, Markup};
use serde::Deserialize;

fn games(list: &[ProfileGame]) -> Markup {
    html! {
        @if list.is_empty() { p { "None." } } @else {
            ul.games {
                @for g in list {
                    li { a href={ "/games/" (g.id) } { (g.name) } " — " (g.variant) " · " (g.powers.join(", "))
                        @if let Some(r) = &g.result { " · " (r) } @else { " · " (g.status) }
                    }
                }
            }
        }
    }
}

pub async fn profile_page(State(app): State<App>, viewer: Viewer, Path(name): Path<String>) -> PageResult {
    let asker = viewer.session.as_ref().map(|s| &s.user);
    let p = profiles::profile(&app, &name, asker).await?;
    let own = asker.is_some_and(|u| u.name == p.name);
    let body = html! {
        h1 { (p.name) }
        p.reliability {
            @if p.phases_seated == 0 { "No phase played yet." } @else {
                "Reliability: orders sent in " b { (p.phases_in_time) " of " (p.phases_seated) }
                " phases with something to order ("
                (p.phases_in_time * 100 / p.phases_seated) "%); " b { (p.phases_missed) } " missed."
            }
        }
        h2 { "Current games" } (games(&p.current))
        h2 { "Finished games" } (games(&p.finished))
        @if own {
            section.forms {
                form.narrow method="post" action="/me/password" {
                    h2 { "Change your password" }
                    (csrf_field(&viewer))
                    label {
                        "Current password "
                        input name="current" type="password" required autocomplete="current-password";
                    }
                    label {
                        "New password "
                        input name="new" type="password" required minlength="8" autocomplete="new-password";
                    }
                    button { "Change" }
                }
                form.narrow method="post" action="/me/delete" {
                    h2 { "Delete your account" }
                    p {
                        "Your seats in games still running are freed and their game masters told; finished games \
                         keep their history under the name (deleted)."
                    }
                    (csrf_field(&viewer))
                    label {
                        "Password "
                        input name="password" type="password" required autocomplete="current-password";
                    }
                    label { input type="checkbox" name="sure" value="1" required; " I am sure" }
                    button { "Delete my account" }
                }
            }
        }
    };
    Ok(page(&p.name, &viewer, body))
}

/// A profile's address.
pub fn href(name: &str) -> String {
    format!("/users/{}", path_segment(name))
}

#[derive(Deserialize)]
pub struct PasswordForm {
    csrf: String,
    current: String,
    new: String,
}

pub async fn change_password(State(app): State<App>, viewer: Viewer, Form(f): Form<PasswordForm>) -> PageResult {
    check_csrf(&viewer, &f.csrf)?;
    let s = signed(&viewer)?;
    profiles::change_password(&app, &s.user, &f.current, &f.new).await?;
    Ok(Redirect::to(&href(&s.user.name)).into_response())
}

#[derive(Deserialize)]
pub struct DeleteForm {
    csrf: String,
    password: String,
    #[serde(default)]
    sure: Option<String>,
}

pub async fn delete_account(State(app): State<App>, viewer: Viewer, Form(f): Form<DeleteForm>) -> PageResult {
    check_csrf(&viewer, &f.csrf)?;
    let s = signed(&viewer)?;
    if f.sure.is_none() {
        return Err(crate::error::Error::bad("tick “I am sure” to delete your account").into());
    }
    profiles::delete_account(&app, &s.user, &f.password).await?;
    Ok(([(SET_COOKIE, session_cookie("", app.secure_cookies))], Redirect::to("/")).into_response())
}
