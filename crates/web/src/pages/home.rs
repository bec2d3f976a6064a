//! The home page: the games one may look at, and (signed in) the forms to
//! join a game by its invite code and to create one.

use super::layout::{csrf_field, page};
use super::{signed, PageResult};
use crate::auth::{check_csrf, Viewer};
use crate::error::Error;
use crate::games::{self, GameSummary, NewGame};
use crate::App;
use axum::extract::State;
use axum::response::{IntoResponse, Redirect};
use axum::Form;
use maud::{html, Markup, PreEscaped};
use serde::Deserialize;

fn game_list(list: &[GameSummary], due: &std::collections::HashSet<i64>) -> Markup {
    html! {
        @if list.is_empty() {
            p { "None yet." }
        } @else {
            ul.games {
                @for g in list {
                    li {
                        a href={ "/games/" (g.id) } { (g.name) } " — " (g.variant) " · phase " (g.phase_index + 1) " · " (g.status)
                        @if due.contains(&g.id) { " · " strong.due { "your orders are due" } }
                    }
                }
            }
        }
    }
}

pub async fn home(State(app): State<App>, viewer: Viewer) -> PageResult {
    let body = match &viewer.session {
        None => html! {
            h1 { "The polemarch web judge" }
            p { "Play any variant polemarch knows, from invitation to victory. " a href="/signup" { "Sign up" } " or " a href="/signin" { "sign in" } " to create or join a game." }
            h2 { "Games to look at" }
            (game_list(&games::public_games(&app.db).await?, &Default::default()))
        },
        Some(s) => html! {
            h1 { "The polemarch web judge" }
            h2 { "Your games" }
            (game_list(&games::list_for(&app.db, s.user.id).await?, &crate::views::orders_due(&app, s.user.id).await?))
            (PreEscaped(crate::events::page::live("/api/events", &["ul.games"], &[])))
            section.forms {
                form method="post" action="/join" {
                    h2 { "Join a game" }
                    (csrf_field(&viewer))
                    label { "Invite code " input name="code" required maxlength="20"; }
                    button { "Join" }
                }
                form method="post" action="/games" {
                    h2 { "New game" }
                    (csrf_field(&viewer))
                    label { "Name " input name="name" required maxlength="80"; }
                    label { "Variant " select name="variant" { @for (id, name) in app.variants.list() { option value=(id) { (name) } } } }
                    label { "Deadline per phase (hours) " input name="hours" type="number" min="0.02" step="any" value="24"; }
                    label { "Seed (blank: random) " input name="seed" inputmode="numeric"; }
                    label { input type="checkbox" name="public" value="1"; " Anyone may watch" }
                    (PreEscaped(crate::press::pages::create_fields()))
                    button { "Create" }
                }
            }
        },
    };
    Ok(page("Home", &viewer, body))
}

#[derive(Deserialize)]
pub struct CreateForm {
    csrf: String,
    name: String,
    variant: String,
    hours: String,
    #[serde(default)]
    seed: String,
    #[serde(default)]
    public: Option<String>,
    #[serde(default)]
    press: String,
    #[serde(default)]
    anonymous: Option<String>,
    #[serde(default)]
    press_private: Option<String>,
}

pub async fn create(State(app): State<App>, viewer: Viewer, Form(f): Form<CreateForm>) -> PageResult {
    check_csrf(&viewer, &f.csrf)?;
    let s = signed(&viewer)?;
    app.limits.new_game(s.user.id)?;
    let hours: f64 = f.hours.trim().parse().map_err(|_| Error::bad(format!("the deadline `{}` is not a number of hours", f.hours)))?;
    let seed = match f.seed.trim() {
        "" => None,
        t => Some(t.parse().map_err(|_| Error::bad(format!("the seed `{t}` is not a whole number from 0 to {}", u64::MAX)))?),
    };
    let press = crate::press::Rules::new(&f.press, f.anonymous.is_some(), f.press_private.is_some())?;
    let new = NewGame { name: f.name, variant: f.variant, deadline_secs: (hours * 3600.0).round() as i64, seed, public: f.public.is_some(), press };
    let id = games::create(&app.writer, &app.variants, s.user.id, new).await?;
    Ok(Redirect::to(&format!("/games/{id}")).into_response())
}

#[derive(Deserialize)]
pub struct JoinForm {
    csrf: String,
    code: String,
}

pub async fn join(State(app): State<App>, viewer: Viewer, Form(f): Form<JoinForm>) -> PageResult {
    check_csrf(&viewer, &f.csrf)?;
    let s = signed(&viewer)?;
    app.limits.join(s.user.id)?;
    let id = games::join(&app.writer, s.user.id, &f.code).await?;
    Ok(Redirect::to(&format!("/games/{id}")).into_response())
}
