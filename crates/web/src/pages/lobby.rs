//! The lobby's page: public games waiting for players, each with the form
//! to take a free power or "any" seat.

use super::layout::{csrf_field, page};
use super::{duration, signed, PageResult};
use crate::auth::{check_csrf, Viewer};
use crate::App;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Redirect};
use axum::Form;
use maud::html;
use serde::Deserialize;

pub async fn lobby_page(State(app): State<App>, viewer: Viewer) -> PageResult {
    let games = crate::lobby::list(&app).await?;
    let body = html! {
        h1 { "The lobby" }
        p {
            "Public games waiting for their players. Take a power, or any seat: the powers left are dealt at random \
             when the game master starts the game, once every seat is taken."
        }
        @if games.is_empty() { p { "No game is waiting now." } }
        table.lobby {
            tr {
                th { "Game" } th { "Variant" } th { "Deadline" } th { "Press" } th { "Seats left" } th { "Take a seat" }
            }
            @for g in &games {
                tr {
                    td { a href={ "/games/" (g.id) } { (g.name) } }
                    td { (g.variant_name) }
                    td { (duration(g.deadline_secs)) " a phase" }
                    td { (g.press.describe()) @if g.anonymous { ", anonymous" } }
                    td { (g.seats_left) }
                    td {
                        @if viewer.session.is_none() { a href="/signin" { "Sign in" } " to take a seat." }
                        @else if g.seats_left > 0 {
                            form.inline method="post" action={ "/games/" (g.id) "/take" } {
                                (csrf_field(&viewer))
                                label {
                                    "Power "
                                    select name="power" {
                                        option value="any" { "any (dealt at random)" }
                                        @for p in &g.free_powers { option { (p) } }
                                    }
                                }
                                " " button { "Take it" }
                            }
                        } @else { "full: waiting for the game master to start it" }
                    }
                }
            }
        }
    };
    Ok(page("The lobby", &viewer, body))
}

#[derive(Deserialize)]
pub struct TakeForm {
    csrf: String,
    power: String,
}

pub async fn take(State(app): State<App>, viewer: Viewer, Path(id): Path<i64>, Form(f): Form<TakeForm>) -> PageResult {
    check_csrf(&viewer, &f.csrf)?;
    let s = signed(&viewer)?;
    crate::lobby::take(&app, id, &s.user, &f.power).await?;
    Ok(Redirect::to(&format!("/games/{id}")).into_response())
}
