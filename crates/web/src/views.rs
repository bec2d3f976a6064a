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
    /// Draw votes and concessions are shown to all.
    pub votes_shown: bool,
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
        Ok(pos) if g.record.result.is_none() => {
            game::powers_to_order(v, &pos).into_iter().map(|p| v.power(p).name.clone()).collect()
        }
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
        // A game made before the judge's own powers had no seat lists them.
        // Votes are the voter's own, unless the game shows them.
        seats: crate::secrecy::seats_for(
            g,
            &reader,
            games::seats(&app.db, g)
                .await?
                .into_iter()
                .filter(|s| games::seatable(v, &s.power).is_ok())
                .map(|mut s| {
                    let own = user.is_some_and(|u| s.user_id == Some(u.id));
                    if !g.votes_shown && !own {
                        s.vote = None;
                    }
                    s
                })
                .collect(),
        ),
        votes_shown: g.votes_shown,
        my_powers,
        to_order,
        phases: g.record.phases.iter().enumerate().map(|(i, p)| (i, p.phase.clone(), p.processed.is_some())).collect(),
        members,
        press: g.press,
    })
}

async fn members(app: &App, id: i64) -> Result<Vec<String>> {
    Ok(sqlx::query_scalar(
        "SELECT u.name FROM members m JOIN users u ON u.id = m.user_id WHERE m.game_id = $1 ORDER BY u.name",
    )
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
    let pos = game::current(v, &g.record)?;
    let seats = games::seats(&app.db, g).await?;
    Ok(OrdersView {
        power: power.to_string(),
        text: orders.iter().map(|o| o.text.as_str()).collect::<Vec<_>>().join("\n"),
        in_force: game::orders_in_force_at(v, &pos, &phase, p)?,
        phase: phase.phase,
        orders,
        ready: seats.iter().any(|s| s.power == power && s.ready),
    })
}

/// A line's verdict as the pages say it: `accepted`, `dropped` (not in
/// force: a later line for the same unit replaced it) or `rejected`, with
/// a note. The engine's `replaced` marks the line that replaced an earlier
/// one; said as such beside the new line it reads as if the new order were
/// the one dropped, so the earlier line is the one said to be dropped.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Verdict {
    pub word: &'static str,
    /// The order in judge notation (the line as written, when rejected).
    pub text: String,
    pub note: Option<String>,
}

pub fn verdicts(orders: &[SubmittedOrder], in_force: &[String]) -> Vec<Verdict> {
    use polemarch_engine::game::record::Status;
    orders
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let text = line.order.clone().unwrap_or_else(|| line.text.clone());
            let later_replaces = orders[i + 1..].iter().any(|l| l.status == Status::Replaced);
            let (word, note) = match line.status {
                Status::Rejected => ("rejected", line.reason.clone()),
                _ if !in_force.contains(&text) && later_replaces => {
                    ("dropped", Some("replaced by a later line".to_string()))
                }
                _ if !in_force.contains(&text) => ("dropped", Some("not in force".to_string())),
                Status::Replaced => ("accepted", Some("replaces the earlier order for this unit".to_string())),
                Status::Accepted => ("accepted", None),
            };
            Verdict { word, text, note }
        })
        .collect()
}

/// The board of phase `index` as text (`board_view`): in the current
/// phase, whose orders are still missing (by the open orders' rows: that
/// a power has sent orders, never what they are).
pub async fn board_of(app: &App, g: &Game, v: &Variant, index: usize) -> Result<Vec<crate::board_view::PowerBoard>> {
    let pos = game::position_at(v, &g.record, index)?;
    let current = index + 1 == g.record.phases.len() && g.record.result.is_none();
    let to_order = if g.record.result.is_none() || !current { game::powers_to_order(v, &pos) } else { Vec::new() };
    let sent: Option<Vec<String>> = if current {
        Some(crate::judge::open_submissions(&app.db, g, None).await?.into_iter().map(|s| s.power).collect())
    } else {
        None
    };
    Ok(crate::board_view::board_view(v, &pos, &to_order, sent.as_deref()))
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
    let p = g
        .record
        .phases
        .get(index)
        .ok_or_else(|| Error::not_found(format!("the game has no phase {index} (phases are numbered from 0)")))?;
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
    let pos = game::position_at(v, &g.record, index)?;
    let orders = if g.record.phases[index].processed.is_some() {
        polemarch_render::phase_orders(v, &g.record, index).map_err(Error::internal)?
    } else {
        Vec::new()
    };
    Ok(polemarch_render::svg_on(board, v, &pos, &orders, None))
}

/// A JSON file to download.
pub fn download(name: &str, value: &impl Serialize) -> Response {
    let text = serde_json::to_string_pretty(value).unwrap_or_default() + "\n";
    (
        [
            (CONTENT_TYPE, "application/json".to_string()),
            (CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\"")),
        ],
        text,
    )
        .into_response()
}
