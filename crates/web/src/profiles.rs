//! A player's profile (docs/web.md, "Profiles"): their current and finished
//! games with the results, and their reliability: of the processed phases
//! in which a power they hold had something to order, in how many they
//! sent its orders themselves before it was processed, and how many they
//! missed (the judge's rules or a stand-in bot ordered for them). And the
//! account's own changes: a new password, and deleting the account, which
//! frees its seats in games still running.

use crate::accounts::{self, User};
use crate::error::{Error, Result};
use crate::games::{self, Status};
use crate::App;
use polemarch_engine::game;
use serde::Serialize;

#[derive(Debug, Clone, Serialize)]
pub struct ProfileGame {
    pub id: i64,
    pub name: String,
    pub variant: String,
    pub powers: Vec<String>,
    /// `active`, `paused` or `over`.
    pub status: Status,
    /// How it ended, once over.
    pub result: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Profile {
    pub name: String,
    /// The games the asker may look at: public ones, and their own.
    pub current: Vec<ProfileGame>,
    pub finished: Vec<ProfileGame>,
    /// Processed phases in which a power they hold had something to order.
    pub phases_seated: usize,
    /// ... in which they sent its orders.
    pub phases_in_time: usize,
    /// ... in which they did not.
    pub phases_missed: usize,
}

/// The profile of the user `name`, as `asker` may see it. Reliability
/// counts every game they hold a power in (numbers only): the phases are
/// those of the powers they hold now.
pub async fn profile(app: &App, name: &str, asker: Option<&User>) -> Result<Profile> {
    let user = accounts::user_named(&app.db, name)
        .await
        .map_err(|_| Error::not_found(format!("there is no player named `{name}`")))?;
    let seats: Vec<(i64, String)> =
        sqlx::query_as("SELECT game_id, power FROM seats WHERE user_id = $1 ORDER BY game_id DESC, power")
            .bind(user.id)
            .fetch_all(&app.db)
            .await?;
    let mut out = Profile {
        name: user.name.clone(),
        current: Vec::new(),
        finished: Vec::new(),
        phases_seated: 0,
        phases_in_time: 0,
        phases_missed: 0,
    };
    let mut ids: Vec<i64> = seats.iter().map(|(g, _)| *g).collect();
    ids.dedup();
    for id in ids {
        let g = games::load_cached(app, id).await?;
        let v = games::variant_of(&app.variants, &g)?;
        let powers: Vec<String> = seats.iter().filter(|(g, _)| *g == id).map(|(_, p)| p.clone()).collect();
        for (i, phase) in g.record.phases.iter().enumerate().filter(|(_, p)| p.processed.is_some()) {
            let pos = game::position_at(&v, &g.record, i)?;
            let due: Vec<String> =
                game::powers_to_order(&v, &pos).into_iter().map(|p| v.power(p).name.clone()).collect();
            for power in powers.iter().filter(|p| due.contains(p)) {
                out.phases_seated += 1;
                if phase.submissions.iter().any(|s| s.power == *power && s.by == user.name) {
                    out.phases_in_time += 1;
                } else {
                    out.phases_missed += 1;
                }
            }
        }
        if games::may_view(&app.db, &g, asker.map(|u| u.id)).await.is_err() {
            continue;
        }
        // An anonymous game, until it ends, tells nobody but the player
        // himself and the game master which powers he holds (secrecy.rs).
        let own = asker.is_some_and(|a| a.id == user.id);
        if !own && !crate::secrecy::sees_names(&g, &crate::secrecy::Reader::of(&app.db, &g, asker).await?) {
            continue;
        }
        let line = ProfileGame {
            id,
            name: g.name.clone(),
            variant: v.name.clone(),
            powers,
            status: g.status,
            result: game::end_text(&v, &g.record),
        };
        if line.result.is_some() || g.status == Status::Over {
            out.finished.push(line);
        } else {
            out.current.push(line);
        }
    }
    Ok(out)
}

/// A new password, given the current one.
pub async fn change_password(app: &App, user: &User, current: &str, new: &str) -> Result<()> {
    accounts::check_password(new)?;
    let stored: String =
        sqlx::query_scalar("SELECT password_hash FROM users WHERE id = $1").bind(user.id).fetch_one(&app.db).await?;
    if !accounts::verify(current.to_string(), stored).await? {
        return Err(Error::new(axum::http::StatusCode::UNAUTHORIZED, "the current password is wrong"));
    }
    let hashed = accounts::hash(new.to_string()).await?;
    sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
        .bind(hashed)
        .bind(user.id)
        .execute(&app.writer)
        .await?;
    Ok(())
}

/// Deletes the account, given its password: its seats in games still
/// running are freed (their orders for the open phase dropped, as when a
/// seat changes hands; each game's version bumped), its sessions and
/// memberships end, its mail address is forgotten (with its choices and the
/// mail not sent yet), and its name becomes `(deleted N)`, which nobody can
/// sign up with (finished games keep their history). The games whose
/// seats were freed, for their game masters to be told.
pub async fn delete_account(app: &App, user: &User, password: &str) -> Result<Vec<i64>> {
    let stored: String =
        sqlx::query_scalar("SELECT password_hash FROM users WHERE id = $1").bind(user.id).fetch_one(&app.db).await?;
    if !accounts::verify(password.to_string(), stored).await? {
        return Err(Error::new(axum::http::StatusCode::UNAUTHORIZED, "the password is wrong"));
    }
    let mut tx = app.writer.begin().await?;
    let running: Vec<i64> = sqlx::query_scalar(
        "SELECT DISTINCT s.game_id FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_id = $1 AND g.status <> \
         'over' ORDER BY s.game_id",
    )
    .bind(user.id)
    .fetch_all(&mut *tx)
    .await?;
    for &id in &running {
        // Told to the game in its public press, naming the powers, never the player.
        let powers: Vec<String> =
            sqlx::query_scalar("SELECT power FROM seats WHERE game_id = $1 AND user_id = $2 ORDER BY power")
                .bind(id)
                .bind(user.id)
                .fetch_all(&mut *tx)
                .await?;
        let g = games::load_cached(app, id).await?;
        let text = format!("{} no longer has a player: its player left polemarch.", powers.join(", "));
        crate::press::notices::changed(&mut tx, &g, &text).await?;
        sqlx::query(
            "DELETE FROM open_orders WHERE game_id = $1 AND power IN (SELECT power FROM seats WHERE game_id = \
             $1 AND user_id = $2)",
        )
        .bind(id)
        .bind(user.id)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "UPDATE seats SET user_id = NULL, ready_phase = -1, vote = NULL WHERE game_id = $1 AND user_id = $2",
        )
        .bind(id)
        .bind(user.id)
        .execute(&mut *tx)
        .await?;
        sqlx::query("UPDATE games SET version = version + 1 WHERE id = $1").bind(id).execute(&mut *tx).await?;
    }
    sqlx::query("DELETE FROM sessions WHERE user_id = $1").bind(user.id).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM members WHERE user_id = $1").bind(user.id).execute(&mut *tx).await?;
    // No more mail: the address, its choices and links, the mail waiting.
    crate::mail::addresses::forget(&mut tx, user.id).await?;
    sqlx::query("UPDATE users SET name = $1, password_hash = '!' WHERE id = $2")
        .bind(format!("(deleted {})", user.id))
        .bind(user.id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(running)
}
