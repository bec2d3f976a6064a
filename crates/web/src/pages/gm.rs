//! The game master's panel on the game's page, and its one form handler.

use super::layout::csrf_field;
use super::{signed, PageError, PageResult};
use crate::auth::{check_csrf, Viewer};
use crate::error::Error;
use crate::games::{self, Status};
use crate::judge::{self, Change};
use crate::views::GameView;
use crate::App;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Redirect};
use axum::Form;
use maud::{html, Markup};
use serde::Deserialize;

pub fn panel(viewer: &Viewer, view: &GameView) -> Markup {
    let action = |name: &str| html! { (csrf_field(viewer)) input type="hidden" name="action" value=(name); };
    let powers = html! { @for s in &view.seats { option { (s.power) } } };
    let paused = view.status == Status::Paused;
    html! {
        section.gm {
            h2 { "Game master" }
            form method="post" action={ "/games/" (view.id) "/gm" } {
                (action("seat"))
                label { "Power " select name="power" { (powers) } }
                label {
                    "Player "
                    select name="user" { option value="" { "nobody" } @for m in &view.members { option { (m) } } }
                }
                button { "Assign" }
            }
            form method="post" action={ "/games/" (view.id) "/gm" } {
                (action("bot"))
                label { "Power " select name="power" { (powers) } }
                // The default stand-in first: the strongest that keeps a phase under a second.
                label {
                    "Stand-in "
                    select name="bot" {
                        option value="none" { "no bot" }
                        @for b in polemarch_bots::NAMES { option { (b) } }
                    }
                }
                button { "Set bot" }
            }
            form method="post" action={ "/games/" (view.id) "/gm" } {
                (action("extend"))
                label {
                    "Extend the deadline by (hours) "
                    input name="hours" type="number" min="0.02" step="any" value="24";
                }
                button { "Extend" }
            }
            form.inline method="post" action={ "/games/" (view.id) "/gm" } {
                (action(if paused { "resume" } else { "pause" }))
                button { (if paused { "Resume" } else { "Pause" }) }
            }
            @if view.status == Status::Forming {
                form.inline method="post" action={ "/games/" (view.id) "/gm" } {
                    (action("start"))
                    button { "Start the game (every seat taken)" }
                }
            }
            form.inline method="post" action={ "/games/" (view.id) "/gm" } {
                (action("draw"))
                button { "Declare a draw of the survivors" }
            }
            form.inline method="post" action={ "/games/" (view.id) "/gm" } {
                (action("process"))
                input type="hidden" name="phase_index" value=(view.phase_index);
                button { "Process the phase now" }
            }
        }
    }
}

#[derive(Deserialize)]
pub struct GmForm {
    csrf: String,
    action: String,
    #[serde(default)]
    power: String,
    #[serde(default)]
    user: String,
    #[serde(default)]
    bot: String,
    #[serde(default)]
    hours: String,
    /// The phase the page showed (for `process`).
    #[serde(default)]
    phase_index: Option<i64>,
}

pub async fn gm(State(app): State<App>, viewer: Viewer, Path(id): Path<i64>, Form(f): Form<GmForm>) -> PageResult {
    check_csrf(&viewer, &f.csrf)?;
    let s = signed(&viewer)?;
    let g = games::load(&app.db, id).await?;
    games::must_be_gm(&g, s.user.id)?;
    match f.action.as_str() {
        "seat" => {
            app.limits.seat(s.user.id)?;
            let holder = games::seat_holder(&app.db, &g, Some(&f.user)).await?;
            judge::change(&app, id, &s.user, Change::Seat(f.power, holder)).await?
        }
        "bot" => judge::change(&app, id, &s.user, Change::Bot(f.power, Some(f.bot))).await?,
        "pause" => judge::change(&app, id, &s.user, Change::Pause).await?,
        "resume" => judge::change(&app, id, &s.user, Change::Resume).await?,
        "extend" => {
            let hours: f64 =
                f.hours.trim().parse().map_err(|_| Error::bad(format!("`{}` is not a number of hours", f.hours)))?;
            judge::change(&app, id, &s.user, Change::Extend((hours * 3600.0).round() as i64)).await?
        }
        "process" => {
            let phase_index = f
                .phase_index
                .ok_or_else(|| Error::bad("the form does not say which phase to process: reload the page"))?;
            judge::process_now(&app, id, &s.user, phase_index).await?;
        }
        "draw" => {
            crate::draws::declare_draw(&app, id, &s.user).await?;
        }
        "start" => {
            crate::lobby::start(&app, id, &s.user).await?;
        }
        other => return Err(PageError(Error::bad(format!("unknown action `{other}`")))),
    }
    Ok(Redirect::to(&format!("/games/{id}")).into_response())
}
