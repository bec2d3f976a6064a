//! What the pages and the API show of a game, each piece checked against
//! who asks: the invite code and the game master's tools to its game
//! master, a power's orders to its player, the rest of a phase only once
//! it is processed.

use crate::accounts::User;
use crate::error::{Error, Result};
use crate::games::{self, Game, Seat};
use crate::App;
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use polemarch_engine::game::{self, record::ResultRecord, SubmittedOrder};
use polemarch_engine::Variant;
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Serialize)]
pub struct GameView {
    pub id: i64,
    pub name: String,
    pub variant: String,
    pub variant_name: String,
    pub seed: String,
    pub status: games::Status,
    pub result: Option<String>,
    pub phase: String,
    pub phase_index: i64,
    pub deadline_secs: i64,
    pub deadline_at: Option<i64>,
    pub paused_left: Option<i64>,
    pub game_master: bool,
    /// Only for the game master.
    pub invite_code: Option<String>,
    pub seats: Vec<Seat>,
    /// The powers the asker plays.
    pub my_powers: Vec<String>,
    /// Powers with something to order in the current phase.
    pub to_order: Vec<String>,
    /// Every phase: (index, name, processed).
    pub phases: Vec<(usize, String, bool)>,
    /// Members who joined (for the game master's seat list).
    pub members: Vec<String>,
    /// Press mode and anonymity.
    pub press: crate::press::Rules,
}

pub async fn game_view(app: &App, id: i64, user: Option<&User>) -> Result<GameView> {
    let g = games::load(&app.db, id).await?;
    let v = games::variant_of(&app.variants, &g)?;
    game_view_of(app, &g, &v, user).await
}

/// [`game_view`] of a game already read (and its variant).
pub async fn game_view_of(app: &App, g: &Game, v: &Variant, user: Option<&User>) -> Result<GameView> {
    games::may_view(&app.db, g, user.map(|u| u.id)).await?;
    let id = g.id;
    let gm = user.is_some_and(|u| u.id == g.gm_id);
    let my_powers = match user {
        Some(u) => games::powers_of(&app.db, id, u.id).await?,
        None => Vec::new(),
    };
    let to_order = match game::current(v, &g.record) {
        Ok(pos) if g.record.result.is_none() => game::powers_to_order(v, &pos).into_iter().map(|p| v.power(p).name.clone()).collect(),
        _ => Vec::new(),
    };
    let members = if gm { members(app, id).await? } else { Vec::new() };
    let reader = crate::secrecy::Reader { user_id: user.map(|u| u.id), powers: my_powers.clone(), game_master: gm };
    Ok(GameView {
        id,
        name: g.name.clone(),
        variant: g.variant.clone(),
        variant_name: v.name.clone(),
        seed: g.seed.clone(),
        status: g.status,
        result: game::end_text(v, &g.record),
        phase: g.record.phases.last().map(|p| p.phase.clone()).unwrap_or_default(),
        phase_index: g.phase_index,
        deadline_secs: g.deadline_secs,
        deadline_at: g.deadline_at,
        paused_left: g.paused_left,
        game_master: gm,
        invite_code: gm.then(|| g.invite_code.clone()),
        seats: crate::secrecy::seats_for(g, &reader, games::seats(&app.db, g).await?),
        my_powers,
        to_order,
        phases: g.record.phases.iter().enumerate().map(|(i, p)| (i, p.phase.clone(), p.processed.is_some())).collect(),
        members,
        press: g.press,
    })
}

async fn members(app: &App, id: i64) -> Result<Vec<String>> {
    Ok(sqlx::query_scalar("SELECT u.name FROM members m JOIN users u ON u.id = m.user_id WHERE m.game_id = $1 ORDER BY u.name")
        .bind(id)
        .fetch_all(&app.db)
        .await?)
}

/// A power's current submission, for its player.
#[derive(Debug, Clone, Serialize)]
pub struct OrdersView {
    pub power: String,
    pub phase: String,
    /// The lines of the power's submission, as written.
    pub text: String,
    pub orders: Vec<SubmittedOrder>,
    pub in_force: Vec<String>,
    pub ready: bool,
}

pub async fn orders_view(app: &App, g: &Game, v: &Variant, power: &str) -> Result<OrdersView> {
    let phase = crate::judge::open_phase(&g.record, crate::judge::open_submissions(&app.db, g, Some(power)).await?);
    let orders = phase.submissions.last().map(|s| s.orders.clone()).unwrap_or_default();
    let p = games::power_of(v, power)?;
    let pos = game::current(v, &g.record).map_err(Error::internal)?;
    let seats = games::seats(&app.db, g).await?;
    Ok(OrdersView {
        power: power.to_string(),
        text: orders.iter().map(|o| o.text.as_str()).collect::<Vec<_>>().join("\n"),
        in_force: game::orders_in_force_at(v, &pos, &phase, p).map_err(Error::internal)?,
        phase: phase.phase,
        orders,
        ready: seats.iter().any(|s| s.power == power && s.ready),
    })
}

/// A processed phase: the orders in force and their results.
#[derive(Debug, Clone, Serialize)]
pub struct PhaseView {
    pub index: usize,
    pub phase: String,
    pub processed: bool,
    pub orders: BTreeMap<String, Vec<String>>,
    pub results: Vec<ResultRecord>,
}

pub fn phase_view(g: &Game, index: usize) -> Result<PhaseView> {
    let p = g.record.phases.get(index).ok_or_else(|| Error::not_found(format!("the game has no phase {index} (phases are numbered from 0)")))?;
    let (orders, results) = match &p.processed {
        Some(done) => (done.orders.clone(), done.results.clone()),
        None => Default::default(),
    };
    Ok(PhaseView { index, phase: p.phase.clone(), processed: p.processed.is_some(), orders, results })
}

/// The map of a phase on the variant's board: with its orders and their
/// results once processed.
pub fn map_svg(v: &Variant, board: &polemarch_render::Board, g: &Game, index: usize) -> Result<String> {
    if index >= g.record.phases.len() {
        return Err(Error::not_found(format!("the game has no phase {index}")));
    }
    let pos = game::position_at(v, &g.record, index).map_err(Error::internal)?;
    let orders =
        if g.record.phases[index].processed.is_some() { polemarch_render::phase_orders(v, &g.record, index).map_err(Error::internal)? } else { Vec::new() };
    Ok(polemarch_render::svg_on(board, v, &pos, &orders, None))
}

/// A JSON file to download.
pub fn download(name: &str, value: &impl Serialize) -> Response {
    let text = serde_json::to_string_pretty(value).unwrap_or_default() + "\n";
    ([(CONTENT_TYPE, "application/json".to_string()), (CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\""))], text).into_response()
}

/// The user's games in which a power he plays has something to order in
/// the current phase and is not marked ready (the list marks them).
pub async fn orders_due(app: &App, user_id: i64) -> Result<std::collections::HashSet<i64>> {
    use sqlx::Row;
    let rows = sqlx::query(
        "SELECT s.game_id, s.power FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_id = $1 AND g.status = 'active' AND s.ready_phase <> g.phase_index",
    )
    .bind(user_id)
    .fetch_all(&app.db)
    .await?;
    let mut due = std::collections::HashSet::new();
    for r in rows {
        let (id, power): (i64, String) = (r.try_get(0)?, r.try_get(1)?);
        if due.contains(&id) {
            continue;
        }
        let g = games::load_cached(app, id).await?;
        let v = games::variant_of(&app.variants, &g)?;
        if game::current(&v, &g.record).is_ok_and(|pos| game::powers_to_order(&v, &pos).into_iter().any(|p| v.power(p).name == power)) {
            due.insert(id);
        }
    }
    Ok(due)
}
