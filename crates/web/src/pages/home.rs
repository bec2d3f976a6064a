//! The home page: the games one may look at, and (signed in) the forms to
//! join a game by its invite code and to create one.

use super::layout::{csrf_field, page};
use super::{signed, PageResult};
use crate::auth::{check_csrf, Viewer};
use crate::error::Error;
use crate::games::{self, GameSummary, NewGame};
use crate::App;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect};
use axum::Form;
use maud::{html, Markup, PreEscaped};
use serde::Deserialize;

fn game_list(list: &[GameSummary]) -> Markup {
    html! {
        @if list.is_empty() {
            p { "None yet." }
        } @else {
            ul.games {
                @for g in list {
                    li {
                        a href={ "/games/" (g.id) } { (g.name) }
                        " — " (g.variant) " · phase " (g.phase_index + 1) " · " (g.status)
                        @if g.orders_due { " · " strong.due { "your orders are due" } }
                    }
                }
            }
        }
    }
}

pub async fn home(State(app): State<App>, viewer: Viewer) -> PageResult {
    Ok(page("Home", &viewer, home_body(&app, &viewer, None).await?))
}

/// The home page; with a refused new game's form as it was sent, and why.
async fn home_body(app: &App, viewer: &Viewer, refused: Option<(&CreateForm, &str)>) -> Result<Markup, Error> {
    let form = refused.map(|r| r.0);
    let field =
        |f: fn(&CreateForm) -> &str, default: &'static str| form.map_or(default.to_string(), |c| f(c).to_string());
    let body = match &viewer.session {
        None => html! {
            h1 { "The polemarch web judge" }
            p {
                "Play any variant polemarch knows, from invitation to victory. "
                a href="/signup" { "Sign up" } " or " a href="/signin" { "sign in" } " to create or join a game."
            }
            p { a href="/lobby" { "The lobby" } ": public games waiting for players." }
            h2 { "Games to look at" }
            (game_list(&games::public_games(&app.db).await?))
        },
        Some(s) => html! {
            h1 { "The polemarch web judge" }
            h2 { "Your games" }
            (game_list(&crate::lobby::mark_due(app, &s.user, games::list_for(&app.db, s.user.id).await?).await?))
            (PreEscaped(crate::events::page::live("/api/events", &["ul.games"], &[])))
            p { a href="/lobby" { "The lobby" } ": public games waiting for players." }
            section.forms {
                form method="post" action="/join" {
                    h2 { "Join a game" }
                    (csrf_field(viewer))
                    label { "Invite code " input name="code" required maxlength="20"; }
                    button { "Join" }
                }
                form #new-game method="post" action="/games" {
                    h2 { "New game" }
                    @if let Some((_, error)) = refused { p.error role="alert" { (error) } }
                    (csrf_field(viewer))
                    label { "Name " input name="name" required maxlength="80" value=(field(|c| &c.name, "")); }
                    label { "Variant " select name="variant" {
                        @for (id, name) in app.variants.list() {
                            option value=(id) selected[form.is_some_and(|c| c.variant == id)] { (name) }
                        }
                    } }
                    label { "Deadline per phase (hours, at most 720: 30 days) "
                        input name="hours" type="number" min="0.02" max="720" step="any"
                            value=(field(|c| &c.hours, "24"));
                    }
                    label {
                        "Seed (blank: random) "
                        input name="seed" inputmode="numeric" value=(field(|c| &c.seed, ""));
                    }
                    label {
                        input type="checkbox" name="public" value="1" checked[form.is_some_and(|c| c.public.is_some())];
                        " Anyone may watch"
                    }
                    (PreEscaped(crate::press::pages::create_fields()))
                    label {
                        input type="checkbox" name="votes_shown" value="1"
                            checked[form.is_some_and(|c| c.votes_shown.is_some())];
                        " Draw votes and concessions shown to all (else secret)"
                    }
                    label {
                        input type="checkbox" name="lobby" value="1" checked[form.is_some_and(|c| c.lobby.is_some())];
                        " Open it in the lobby (players take seats there; you start it when they are full)"
                    }
                    button { "Create" }
                }
            }
        },
    };
    Ok(body)
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
    #[serde(default)]
    votes_shown: Option<String>,
    #[serde(default)]
    lobby: Option<String>,
}

/// Creates the game, or shows the form again as it was sent, with why.
pub async fn create(State(app): State<App>, viewer: Viewer, Form(f): Form<CreateForm>) -> PageResult {
    check_csrf(&viewer, &f.csrf)?;
    let s = signed(&viewer)?;
    app.limits.new_game(s.user.id)?;
    match new_game(&f) {
        Ok(new) => match games::create(&app.writer, &app.variants, s.user.id, new).await {
            Ok(id) => Ok(Redirect::to(&format!("/games/{id}")).into_response()),
            Err(e) if e.status == StatusCode::BAD_REQUEST => refused(&app, &viewer, &f, e).await,
            Err(e) => Err(e.into()),
        },
        Err(e) => refused(&app, &viewer, &f, e).await,
    }
}

async fn refused(app: &App, viewer: &Viewer, f: &CreateForm, e: Error) -> PageResult {
    let body = home_body(app, viewer, Some((f, &e.message))).await?;
    Ok((e.status, page("New game", viewer, body)).into_response())
}

/// The form's game, or what is wrong with it.
fn new_game(f: &CreateForm) -> Result<NewGame, Error> {
    let hours: f64 = f
        .hours
        .trim()
        .parse()
        .map_err(|_| Error::bad(format!("the deadline `{}` is not a number of hours", f.hours)))?;
    if !hours.is_finite() {
        return Err(Error::bad(format!("the deadline `{}` is not a number of hours", f.hours)));
    }
    let seed = match f.seed.trim() {
        "" => None,
        t => Some(
            t.parse()
                .map_err(|_| Error::bad(format!("the seed `{t}` is not a whole number from 0 to {}", u64::MAX)))?,
        ),
    };
    let deadline_secs = (hours * 3600.0).round().clamp(i64::MIN as f64, i64::MAX as f64) as i64;
    Ok(NewGame {
        name: f.name.clone(),
        variant: f.variant.clone(),
        deadline_secs,
        seed,
        public: f.public.is_some(),
        press: crate::press::Rules::new(&f.press, f.anonymous.is_some(), f.press_private.is_some())?,
        votes_shown: f.votes_shown.is_some(),
        lobby: f.lobby.is_some(),
    })
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
