//! A phase's page (its orders' results once processed) and its map.

use super::layout::page;
use super::PageResult;
use crate::auth::Viewer;
use crate::error::Error;
use crate::games;
use crate::views;
use crate::App;
use axum::extract::{Path, State};
use axum::http::header::CONTENT_TYPE;
use axum::response::IntoResponse;
use maud::html;

pub async fn phase_page(State(app): State<App>, viewer: Viewer, Path((id, n)): Path<(i64, usize)>) -> PageResult {
    let g = games::load(&app.db, id).await?;
    games::may_view(&app.db, &g, viewer.session.as_ref().map(|s| s.user.id)).await?;
    let p = views::phase_view(&g, n)?;
    let v = games::variant_of(&app.variants, &g)?;
    let board = views::board_of(&app, &g, &v, n).await?;
    let body = html! {
        h1 { (g.name) " — " (p.phase) }
        p {
            a href={ "/games/" (id) } { "Back to the game" }
            @if n > 0 { " · " a href={ "/games/" (id) "/phases/" (n - 1) } { "previous phase" } }
            @if n + 1 < g.record.phases.len() { " · " a href={ "/games/" (id) "/phases/" (n + 1) } { "next phase" } }
        }
        (super::board::map(id, n, &p.phase))
        @if p.processed {
            table.results {
                tr { th { "Power" } th { "Order" } th { "Result" } th { "Reason" } }
                @for r in &p.results {
                    tr class=(r.result.to_lowercase()) {
                        td { (r.power) } td { (r.order) } td { (r.result) } td { (r.reason) }
                    }
                }
            }
        } @else {
            p { "This phase is not processed yet: its orders are secret until it is." }
        }
        (super::board::board(&p.phase, &board))
    };
    Ok(page(&p.phase, &viewer, body))
}

pub async fn map(State(app): State<App>, viewer: Viewer, Path((id, n)): Path<(i64, usize)>) -> PageResult {
    let g = games::load(&app.db, id).await?;
    games::may_view(&app.db, &g, viewer.session.as_ref().map(|s| s.user.id)).await?;
    let v = games::variant_of(&app.variants, &g)?;
    let svg = tokio::task::spawn_blocking(move || views::map_svg(&v, &app.variants.board(&v), &g, n))
        .await
        .map_err(|e| Error::internal(e.to_string()))??;
    Ok(([(CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}
