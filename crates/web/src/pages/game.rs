//! A game's page: its summary, the map, the orders form of each power the
//! viewer plays, the seats, the game master's panel and the history.

use super::layout::{csrf_field, page};
use super::{duration, path_segment, signed, when, PageResult};
use crate::auth::{check_csrf, Viewer};
use crate::error::Error;
use crate::games::{self, Status};
use crate::judge;
use crate::views::{self, GameView, OrdersView};
use crate::App;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::Form;
use maud::{html, Markup, PreEscaped};
use serde::Deserialize;

/// Orders sent from the page that the judge refused as a whole (the phase
/// processed meanwhile, the game paused): shown again in their box, with
/// why, so that nothing typed is lost.
pub struct Refused {
    power: String,
    text: String,
    error: String,
}

pub async fn game_page(State(app): State<App>, viewer: Viewer, Path(id): Path<i64>) -> PageResult {
    Ok(page_of(&app, &viewer, id, None).await?)
}

/// The game's page (with refused orders in their box, if any).
async fn page_of(app: &App, viewer: &Viewer, id: i64, refused: Option<Refused>) -> Result<Response, Error> {
    let user = viewer.session.as_ref().map(|s| s.user.clone());
    let g = games::load(&app.db, id).await?;
    let v = games::variant_of(&app.variants, &g)?;
    let view = views::game_view_of(app, &g, &v, user.as_ref()).await?;
    let adjusting = judge::adjusting(&v, &g.record);
    let mut forms = Vec::new();
    for power in &view.my_powers {
        let o = views::orders_view(app, &g, &v, power).await?;
        forms.push(orders_form(viewer, &view, &o, adjusting, refused.as_ref().filter(|r| r.power == o.power)));
    }
    let mail_form = crate::mail::pages::game_form(app, viewer, id).await?;
    let press_link =
        crate::press::pages::game_link(app, &g, &crate::secrecy::Reader::of(&app.db, &g, user.as_ref()).await?).await?;
    let last = view.phases.len() - 1;
    let board = views::board_of(app, &g, &v, last).await?;
    let body = html! {
        h1 { (view.name) }
        (summary(&view))
        (PreEscaped(press_link))
        (super::board::map(id, last, &view.phase))
        @for form in &forms { (form) }
        (super::board::board(&view.phase, &board))
        @if view.result.is_none() { @for power in &view.my_powers { (vote_form(viewer, &view, power)) } }
        (seats_table(&view))
        (PreEscaped(mail_form))
        @if view.game_master { (super::gm::panel(viewer, &view)) }
        h2 { "History" }
        ol.phases {
            @for (i, name, processed) in view.phases.iter().rev() {
                li value=(i + 1) { a href={ "/games/" (id) "/phases/" (i) } { (name) } @if !processed { " (current)" } }
            }
        }
        p {
            "Download the record: " a href={ "/api/games/" (id) "/record" } { "polemarch record" }
            " · " a href={ "/api/games/" (id) "/mila" } { "MILA JSON" }
        }
        @if !view.my_powers.is_empty() && view.status == Status::Active && view.result.is_none() {
            script src="/check.js" defer {}
            script src="/map.js" defer {}
        }
        (PreEscaped(crate::events::page::game(id)))
    };
    Ok(page(&view.name, viewer, body))
}

fn summary(view: &GameView) -> Markup {
    html! {
        p.summary {
            (view.variant_name) " · seed " (view.seed) " · " b { (view.phase) } " · "
            @if let Some(r) = &view.result {
                "the game is over: " (r)
            } @else if view.status == Status::Forming {
                "in the lobby, waiting for players (the clock starts when the game master starts the game)"
            } @else if view.status == Status::Paused {
                "paused (" (duration(view.paused_left.unwrap_or(view.deadline_secs))) " left when resumed)"
            } @else {
                @if let Some(d) = view.deadline_at { "deadline " time.deadline data-at=(d) { (when(d)) } }
            }
            " · " (duration(view.deadline_secs)) " per phase · " (view.press.mode.describe())
            @if view.press.anonymous { " · anonymous" }
        }
        @if let Some(code) = &view.invite_code {
            p { "Invite code: " code.code { (code) } " (players join with it from their home page)" }
        }
    }
}

fn orders_form(viewer: &Viewer, view: &GameView, o: &OrdersView, adjusting: bool, refused: Option<&Refused>) -> Markup {
    let segment = path_segment(&o.power);
    let hint = if adjusting {
        "One build, disband or WAIVE a line."
    } else {
        "One order a line, in the judge notation (A par - bur, F lon S F nth, A mun H)."
    };
    let closed = match (&view.result, view.status) {
        (Some(_), _) | (_, Status::Over) => Some("The game is over: there is nothing more to order."),
        (None, Status::Paused) => Some("The game is paused: orders wait until the game master resumes it."),
        (None, Status::Forming) => {
            Some("The game waits in the lobby for its players: orders open when the game master starts it.")
        }
        (None, Status::Active) => None,
    };
    html! {
        section.orders {
            h2 { "Orders of " (o.power) " for " (o.phase) }
            @if !view.to_order.contains(&o.power) { p { "Nothing to order in this phase." } }
            @if !o.orders.is_empty() {
                ul.verdicts {
                    @for line in views::verdicts(&o.orders, &o.in_force) {
                        li class=(line.word) {
                            b { (line.word) } " " (line.text)
                            @if let Some(note) = &line.note { " — " (note) }
                        }
                    }
                }
            }
            p { "In force: "
                @if o.in_force.is_empty() {
                    "nothing (units hold, retreats disband, adjustments by the rules)"
                } @else {
                    (o.in_force.join(", "))
                }
            }
            @if let Some(r) = refused {
                p.error role="alert" { "Your orders were not kept: " (r.error) ". They are in the box again." }
            }
            @if let Some(why) = closed {
                p.closed { (why) }
            } @else {
            form method="post" action={ "/games/" (view.id) "/orders/" (segment) }
                data-power=(o.power) data-legal={ "/api/games/" (view.id) "/legal/" (segment) }
                data-draft={ "/api/games/" (view.id) "/draft/" (segment) } {
                (csrf_field(viewer))
                input type="hidden" name="phase_index" value=(view.phase_index);
                textarea name="orders" rows="8" cols="50" placeholder=(hint)
                    data-check={ "/api/games/" (view.id) "/check/" (segment) } {
                    (refused.map_or(o.text.as_str(), |r| r.text.as_str()))
                }
                ul.verdicts.live aria-live="polite" {}
                label {
                    input type="checkbox" name="ready" value="1" checked[o.ready];
                    " Ready (process the phase when every power is ready)"
                }
                button { "Submit" }
            }
            }
        }
    }
}

fn seats_table(view: &GameView) -> Markup {
    html! {
        h2 { "Powers" }
        table.seats {
            tr {
                th { "Power" } th { "Player" } th { "Stand-in bot" } th { "Ready" }
                @if view.votes_shown { th { "Vote" } }
            }
            @for seat in &view.seats {
                tr {
                    td { (seat.power) }
                    td { @if let Some(u) = &seat.user { a href=(super::profile::href(u)) { (u) } } @else { "nobody" } }
                    td { (seat.bot.as_deref().unwrap_or("")) }
                    td { @if !view.to_order.contains(&seat.power) { "—" } @else if seat.ready { "ready" } }
                    @if view.votes_shown { td { (seat.vote.as_deref().unwrap_or("")) } }
                }
            }
        }
    }
}

/// A power's vote: for a draw of every survivor, or its concession.
fn vote_form(viewer: &Viewer, view: &GameView, power: &str) -> Markup {
    let mine = view.seats.iter().find(|s| s.power == power).and_then(|s| s.vote.clone());
    let others = view.seats.iter().filter(|s| s.power != power);
    html! {
        section.vote {
            h3 { "End the game by agreement (" (power) ")" }
            p {
                "A draw needs the vote of every surviving power; a concession to a power, every other survivor's. "
                @if view.votes_shown {
                    "Everyone sees who voted what."
                } @else {
                    "Votes are secret: you see only your own."
                }
                " Your vote: " b { (mine.as_deref().unwrap_or("none")) } "."
            }
            form.inline method="post" action={ "/games/" (view.id) "/vote/" (path_segment(power)) } {
                (csrf_field(viewer)) input type="hidden" name="action" value="draw"; button { "Vote for a draw" }
            }
            form.inline method="post" action={ "/games/" (view.id) "/vote/" (path_segment(power)) } {
                (csrf_field(viewer)) input type="hidden" name="action" value="concede";
                label { "Concede to " select name="to" { @for s in others { option { (s.power) } } } }
                button { "Concede" }
            }
            @if mine.is_some() {
                form.inline method="post" action={ "/games/" (view.id) "/vote/" (path_segment(power)) } {
                    (csrf_field(viewer))
                    input type="hidden" name="action" value="withdraw";
                    button { "Withdraw my vote" }
                }
            }
        }
    }
}

#[derive(Deserialize)]
pub struct VoteForm {
    csrf: String,
    action: String,
    #[serde(default)]
    to: String,
}

pub async fn vote(
    State(app): State<App>,
    viewer: Viewer,
    Path((id, power)): Path<(i64, String)>,
    Form(f): Form<VoteForm>,
) -> PageResult {
    check_csrf(&viewer, &f.csrf)?;
    let s = signed(&viewer)?;
    app.limits.submission(s.user.id)?;
    let vote = match f.action.as_str() {
        "draw" => Some(crate::draws::Vote::Draw),
        "concede" => Some(crate::draws::Vote::Concede(f.to)),
        "withdraw" => None,
        other => return Err(Error::bad(format!("unknown action `{other}`")).into()),
    };
    crate::draws::vote(&app, id, &s.user, &power, vote).await?;
    Ok(Redirect::to(&format!("/games/{id}")).into_response())
}

#[derive(Deserialize)]
pub struct OrdersForm {
    csrf: String,
    /// The phase the form showed: orders are for it, never the next.
    phase_index: i64,
    orders: String,
    #[serde(default)]
    ready: Option<String>,
}

pub async fn submit(
    State(app): State<App>,
    viewer: Viewer,
    Path((id, power)): Path<(i64, String)>,
    Form(f): Form<OrdersForm>,
) -> PageResult {
    check_csrf(&viewer, &f.csrf)?;
    let s = signed(&viewer)?;
    app.limits.submission(s.user.id)?;
    match judge::submit(&app, id, &s.user, &power, f.phase_index, &f.orders, Some(f.ready.is_some())).await {
        Ok(_) => Ok(Redirect::to(&format!("/games/{id}")).into_response()),
        // Refused whole (the phase processed meanwhile, the game paused, a
        // deadline passed): the page again, the orders in their box.
        Err(e) if e.status == StatusCode::CONFLICT => {
            let power = games::variant_of(&app.variants, &games::load_cached(&app, id).await?)
                .and_then(|v| games::seatable(&v, &power))
                .unwrap_or(power);
            let mut resp =
                page_of(&app, &viewer, id, Some(Refused { power, text: f.orders, error: e.message })).await?;
            *resp.status_mut() = e.status;
            Ok(resp)
        }
        Err(e) => Err(e.into()),
    }
}
