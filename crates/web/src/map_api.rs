//! The API behind the clickable map (docs/api.md, "The clickable map"): a
//! power's legal orders in the current phase, and the map with the orders
//! of an orders box drawn on it as pending, as the page's script asks for
//! them. Both for the power's own player only.

use crate::auth::Signed;
use crate::error::{Error, Result};
use crate::games;
use crate::judge;
use crate::legal_view::{legal_orders, LegalOrders};
use crate::App;
use axum::extract::{Path, State};
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use axum::Json;
use polemarch_engine::game;
use polemarch_engine::order::{before_comment, parse_order, Order};
use polemarch_engine::variant::PowerId;
use polemarch_engine::{Position, Variant};
use polemarch_render::DrawnOrder;
use serde::{Deserialize, Serialize};

#[derive(Serialize)]
pub struct Legal {
    /// The phase the list is for.
    pub phase: String,
    pub phase_index: i64,
    #[serde(flatten)]
    pub legal: LegalOrders,
}

/// The legal orders of `power` in the current phase.
pub async fn legal(
    State(app): State<App>,
    Signed(s): Signed,
    Path((id, power)): Path<(i64, String)>,
) -> Result<Json<Legal>> {
    app.limits.check(&format!("check {}", s.user.id), app.limits.settings.submissions_per_minute)?;
    let g = games::load_cached(&app, id).await?;
    let v = games::variant_of(&app.variants, &g)?;
    let name = judge::authorise_power(&app.db, &g, &v, &power, &s.user).await?;
    let p = games::power_of(&v, &name)?;
    let rec = g.record.clone();
    let legal = tokio::task::spawn_blocking(move || -> Result<LegalOrders> {
        let pos = game::current(&v, &rec)?;
        Ok(legal_orders(&v, &pos, p))
    })
    .await
    .map_err(|e| Error::internal(format!("legal orders task: {e}")))??;
    let phase = g.record.phases.last().map(|p| p.phase.clone()).unwrap_or_default();
    Ok(Json(Legal { phase, phase_index: g.phase_index, legal }))
}

#[derive(Deserialize)]
pub struct Draft {
    phase_index: i64,
    orders: String,
}

/// The current phase's map with the orders `orders` would put in force for
/// `power` drawn on it, as pending (nothing is kept).
pub async fn draft(
    State(app): State<App>,
    Signed(s): Signed,
    Path((id, power)): Path<(i64, String)>,
    Json(d): Json<Draft>,
) -> Result<Response> {
    app.limits.check(&format!("check {}", s.user.id), app.limits.settings.submissions_per_minute)?;
    let checked = judge::check(&app, id, &s.user, &power, d.phase_index, &d.orders).await?;
    let g = games::load_cached(&app, id).await?;
    let v = games::variant_of(&app.variants, &g)?;
    let p = games::power_of(&v, &power)?;
    let board = app.variants.board(&v);
    let svg = tokio::task::spawn_blocking(move || -> Result<String> {
        let pos = game::current(&v, &g.record)?;
        let orders = if v.rules.own_phase(&v, &pos) {
            placement_so_far(&v, &pos, p, &d.orders)
        } else {
            checked.in_force.iter().filter_map(|text| parse_order(&v, text, Some(p)).ok()).collect()
        };
        let drawn: Vec<DrawnOrder> = orders.into_iter().map(|order| DrawnOrder { order, verdict: None }).collect();
        Ok(polemarch_render::svg_on(&board, &v, &pos, &drawn, None))
    })
    .await
    .map_err(|e| Error::internal(format!("drawing task: {e}")))??;
    Ok(([(CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}

/// The placements of the box that the placement rules allow so far, each
/// line with those before it. A placement is judged whole when it is sent
/// (a part of one is refused), but a player clicking one in sees each
/// placement drawn as he makes it.
fn placement_so_far(v: &Variant, pos: &Position, power: PowerId, text: &str) -> Vec<Order> {
    let mut kept: Vec<Order> = Vec::new();
    for line in text.lines().map(|l| before_comment(l).trim()).filter(|l| !l.is_empty()) {
        let Ok(order) = parse_order(v, line, Some(power)) else { continue };
        let mut trial: Vec<&Order> = kept.iter().collect();
        trial.push(&order);
        if v.rules.check_own_phase(v, pos, power, &trial, false).is_ok() {
            kept.push(order);
        }
    }
    kept
}
