//! The lobby (docs/web.md, "The lobby"): public games waiting for their
//! players. A player takes a free power, or "any" seat; the game master
//! starts the game once every seat is taken, and the players who took
//! "any" are dealt the powers left, at random. Until then no deadline
//! runs and nothing is ordered.

use crate::accounts::User;
use crate::db::now;
use crate::error::{Error, Result};
use crate::games::{self, Game, Status};
use crate::App;
use rand::seq::SliceRandom;
use serde::Serialize;

#[derive(Debug, Clone, Serialize)]
pub struct Waiting {
    pub id: i64,
    pub name: String,
    pub variant: String,
    pub variant_name: String,
    /// Seconds per phase once started.
    pub deadline_secs: i64,
    /// The press mode: full, public, none (gunboat) or rulebook.
    pub press: crate::press::Mode,
    /// Players' names hidden from one another (every gunboat game).
    pub anonymous: bool,
    /// Powers nobody has taken.
    pub free_powers: Vec<String>,
    /// Seats still to take: the free powers less the players who took
    /// "any".
    pub seats_left: usize,
}

/// Who waits for a seat in `g`, having taken "any".
async fn any_takers(app: &App, g: &Game) -> Result<Vec<i64>> {
    Ok(sqlx::query_scalar("SELECT user_id FROM members WHERE game_id = $1 AND wants_any = 1 ORDER BY user_id")
        .bind(g.id)
        .fetch_all(&app.db)
        .await?)
}

pub async fn waiting(app: &App, g: &Game) -> Result<Waiting> {
    let v = games::variant_of(&app.variants, g)?;
    let free: Vec<String> = games::seats(&app.db, g)
        .await?
        .into_iter()
        .filter(|s| s.user_id.is_none() && games::seatable(&v, &s.power).is_ok())
        .map(|s| s.power)
        .collect();
    let any = any_takers(app, g).await?.len();
    Ok(Waiting {
        id: g.id,
        name: g.name.clone(),
        variant: g.variant.clone(),
        variant_name: v.name.clone(),
        deadline_secs: g.deadline_secs,
        press: g.press.mode,
        anonymous: g.press.anonymous,
        seats_left: free.len().saturating_sub(any),
        free_powers: free,
    })
}

/// The public games waiting for players, newest first.
pub async fn list(app: &App) -> Result<Vec<Waiting>> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT id FROM games WHERE status = 'forming' AND is_public = 1 ORDER BY id DESC LIMIT 100",
    )
    .fetch_all(&app.db)
    .await?;
    let mut out = Vec::new();
    for id in ids {
        out.push(waiting(app, &games::load_cached(app, id).await?).await?);
    }
    Ok(out)
}

fn must_be_forming(g: &Game) -> Result<()> {
    if g.status == Status::Forming {
        Ok(())
    } else {
        Err(Error::conflict("the game has started: its seats are the game master's to give now"))
    }
}

/// `user` takes `power` (a free one), or "any" seat, of a game in the lobby.
pub async fn take(app: &App, game_id: i64, user: &User, power: &str) -> Result<()> {
    let _turn = app.game_turn(game_id).await;
    let g = games::load_cached(app, game_id).await?;
    must_be_forming(&g)?;
    if !g.public {
        return Err(Error::forbidden("this game is not in the lobby: join it with its invite code"));
    }
    if !games::powers_of(&app.db, g.id, user.id).await?.is_empty() || any_takers(app, &g).await?.contains(&user.id) {
        return Err(Error::conflict("you have a seat in this game already"));
    }
    let w = waiting(app, &g).await?;
    let mut tx = app.writer.begin().await?;
    sqlx::query("INSERT INTO members (game_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
        .bind(g.id)
        .bind(user.id)
        .execute(&mut *tx)
        .await?;
    if power.trim().eq_ignore_ascii_case("any") {
        if w.seats_left == 0 {
            return Err(Error::conflict("every seat is taken"));
        }
        sqlx::query("UPDATE members SET wants_any = 1 WHERE game_id = $1 AND user_id = $2")
            .bind(g.id)
            .bind(user.id)
            .execute(&mut *tx)
            .await?;
    } else {
        let v = games::variant_of(&app.variants, &g)?;
        let name = games::seatable(&v, power)?;
        if !w.free_powers.contains(&name) || w.seats_left == 0 {
            return Err(Error::conflict(format!("{name} is taken (free: {})", w.free_powers.join(", "))));
        }
        let taken = sqlx::query("UPDATE seats SET user_id = $1 WHERE game_id = $2 AND power = $3 AND user_id IS NULL")
            .bind(user.id)
            .bind(g.id)
            .bind(&name)
            .execute(&mut *tx)
            .await?;
        if taken.rows_affected() == 0 {
            return Err(Error::conflict(format!("{name} was just taken")));
        }
    }
    // Every change of the seats bumps the game's version.
    sqlx::query("UPDATE games SET version = version + 1 WHERE id = $1 AND status = 'forming'")
        .bind(g.id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// The game master starts a game of the lobby whose seats are all taken:
/// the players who took "any" are dealt the free powers at random, and the
/// first deadline runs from now. The powers dealt, by player id.
pub async fn start(app: &App, game_id: i64, user: &User) -> Result<Vec<(i64, String)>> {
    let _turn = app.game_turn(game_id).await;
    let g = games::load_cached(app, game_id).await?;
    games::must_be_gm(&g, user.id)?;
    must_be_forming(&g)?;
    let w = waiting(app, &g).await?;
    let takers = any_takers(app, &g).await?;
    if takers.len() < w.free_powers.len() {
        return Err(Error::conflict(format!(
            "{} seats are still free: the game starts when every seat is taken",
            w.seats_left
        )));
    }
    let mut powers = w.free_powers.clone();
    powers.shuffle(&mut rand::rngs::OsRng);
    let dealt: Vec<(i64, String)> = takers.into_iter().zip(powers).collect();
    let mut tx = app.writer.begin().await?;
    let started = sqlx::query(
        "UPDATE games SET status = 'active', deadline_at = $1, version = version + 1 WHERE id = $2 AND \
         version = $3 AND status = 'forming'",
    )
    .bind(now() + g.deadline_secs)
    .bind(g.id)
    .bind(g.version)
    .execute(&mut *tx)
    .await?;
    if started.rows_affected() == 0 {
        return Err(Error::conflict("the game changed meanwhile: look at it again"));
    }
    for (user_id, power) in &dealt {
        sqlx::query("UPDATE seats SET user_id = $1 WHERE game_id = $2 AND power = $3 AND user_id IS NULL")
            .bind(user_id)
            .bind(g.id)
            .bind(power)
            .execute(&mut *tx)
            .await?;
    }
    sqlx::query("UPDATE members SET wants_any = 0 WHERE game_id = $1").bind(g.id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(dealt)
}

/// `list` with each game whose orders are due to `user` marked.
pub async fn mark_due(app: &App, user: &User, mut list: Vec<games::GameSummary>) -> Result<Vec<games::GameSummary>> {
    let mine: Vec<i64> = sqlx::query_scalar(
        "SELECT DISTINCT s.game_id FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_id = \
         $1 AND g.status = 'active'",
    )
    .bind(user.id)
    .fetch_all(&app.db)
    .await?;
    let due = orders_due(app, user, &mine).await?;
    for g in &mut list {
        g.orders_due = due.contains(&g.id);
    }
    Ok(list)
}

/// The games among `ids` (active ones) in which `user` has orders due: a
/// power of theirs has something to order, is not ready, and has sent none.
pub async fn orders_due(app: &App, user: &User, ids: &[i64]) -> Result<Vec<i64>> {
    let mut due = Vec::new();
    for &id in ids {
        let g = games::load_cached(app, id).await?;
        if g.status != Status::Active || g.record.result.is_some() {
            continue;
        }
        let v = games::variant_of(&app.variants, &g)?;
        let pos = polemarch_engine::game::current(&v, &g.record)?;
        let to_order: Vec<String> =
            polemarch_engine::game::powers_to_order(&v, &pos).into_iter().map(|p| v.power(p).name.clone()).collect();
        let sent: Vec<String> =
            crate::judge::open_submissions(&app.db, &g, None).await?.into_iter().map(|s| s.power).collect();
        let seats = games::seats(&app.db, &g).await?;
        if seats
            .iter()
            .any(|s| s.user_id == Some(user.id) && to_order.contains(&s.power) && !s.ready && !sent.contains(&s.power))
        {
            due.push(id);
        }
    }
    Ok(due)
}
