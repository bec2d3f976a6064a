//! What is mailed, written to the outbox by the mail round (never by a
//! request or a phase's processing): the results of each phase processed
//! (read from the events), the deadline reminders, the press digests. What
//! a mail tells goes through the secrecy rule as every channel does: a
//! digest holds the messages its reader may see, and no mail names a
//! player (the powers are named).

use super::outbox::{self, Mail};
use super::Settings;
use crate::db::now;
use crate::error::Result;
use crate::games::{self, Game};
use crate::press::store;
use crate::secrecy::Reader;
use crate::App;
use polemarch_engine::game;
use sqlx::Row;
use std::collections::BTreeMap;

/// A confirmed recipient: (user id, address).
type Recipient = (i64, String);

/// The confirmed recipients of a game who chose `what` (`results`,
/// `reminders` or `press`).
async fn recipients(app: &App, game_id: i64, what: &str) -> Result<Vec<Recipient>> {
    let rows = sqlx::query(&format!(
        "SELECT a.user_id, a.address FROM mail_choices c JOIN mail_addresses a ON a.user_id = c.user_id \
         WHERE c.game_id = $1 AND c.{what} = 1 AND a.confirmed = 1 ORDER BY a.user_id"
    ))
    .bind(game_id)
    .fetch_all(&app.db)
    .await?;
    rows.iter().map(|r| Ok((r.try_get(0)?, r.try_get(1)?))).collect()
}

fn link(s: &Settings, path: &str) -> String {
    format!("{}{path}", s.public_url.trim_end_matches('/'))
}

/// One round: results, reminders, digests.
pub async fn round(app: &App, s: &Settings) -> Result<()> {
    results(app, s).await?;
    reminders(app, s).await?;
    digests(app, s).await
}

/// A mail of results per phase processed, and one when a game ends
/// otherwise (a draw, a concession), since the last round. The events are
/// read up to the hub's mark: one that commits late (PostgreSQL) is not
/// passed over.
async fn results(app: &App, s: &Settings) -> Result<()> {
    let after: i64 =
        sqlx::query("SELECT events_after FROM mail_cursor WHERE id = 1").fetch_one(&app.db).await?.try_get(0)?;
    let mark = app.hub.mark();
    let events: Vec<_> =
        crate::events::since(&app.db, None, after, 500).await?.into_iter().filter(|e| e.id <= mark).collect();
    let Some(last) = events.last().map(|e| e.id) else { return Ok(()) };
    let mut tx = app.writer.begin().await?;
    // Only the process that moves the cursor writes these mails.
    let moved = sqlx::query("UPDATE mail_cursor SET events_after = $1 WHERE id = 1 AND events_after = $2")
        .bind(last)
        .bind(after)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if moved == 0 {
        return Ok(());
    }
    for e in &events {
        let data: serde_json::Value = serde_json::from_str(&e.data).unwrap_or_default();
        let over = data["over"] == true || (e.kind == "status" && data["status"] == "over");
        if e.kind != "phase" && !over {
            continue;
        }
        let g = games::load_cached(app, e.game_id).await?;
        let end = match (&g.record.result, over) {
            (Some(result), true) => format!(" The game is over: {}.", game::result_text(result)),
            (None, true) => " The game is over.".to_string(),
            _ => String::new(),
        };
        let (subject, body) = if e.kind == "phase" {
            let processed = data["processed"].as_str().unwrap_or("");
            let index = data["phase_index"].as_i64().unwrap_or(1) - 1;
            let body = format!(
                "In {}, {processed} was processed.{end}\n\nIts results: {}\nThe game: {}",
                g.name,
                link(s, &format!("/games/{}/phases/{index}", g.id)),
                link(s, &format!("/games/{}", g.id))
            );
            (format!("{}: {processed} processed", g.name), body)
        } else {
            (
                format!("{}: the game is over", g.name),
                format!("In {}:{end}\n\nThe game: {}", g.name, link(s, &format!("/games/{}", g.id))),
            )
        };
        for (user_id, to) in recipients(app, g.id, "results").await? {
            outbox::put(&mut tx, &Mail { to, subject: subject.clone(), body: body.clone(), user_id, confirms: false })
                .await?;
        }
    }
    tx.commit().await?;
    Ok(())
}

/// The reminders due: 24 hours and 1 hour before a deadline (each only
/// in a phase longer than that), to the players whose powers have
/// something to order and are not ready.
async fn reminders(app: &App, s: &Settings) -> Result<()> {
    let t = now();
    let rows = sqlx::query(
        "SELECT id, phase_index, deadline_at, deadline_secs FROM games WHERE status = 'active' AND \
         deadline_at > $1 AND deadline_at <= $2",
    )
    .bind(t)
    .bind(t + 86_400)
    .fetch_all(&app.db)
    .await?;
    for r in rows {
        let (id, phase_index, deadline_at, secs): (i64, i64, i64, i64) =
            (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?, r.try_get(3)?);
        let hours = if deadline_at - t <= 3600 { 1 } else { 24 };
        if secs <= hours * 3600 {
            continue;
        }
        let mut tx = app.writer.begin().await?;
        // The 1-hour reminder takes the 24-hour one's place if that one
        // was not made (a phase opened less than a day before its deadline).
        let windows: &[i64] = if hours == 1 { &[1, 24] } else { &[24] };
        let mut claimed = false;
        for (i, h) in windows.iter().enumerate() {
            let made = sqlx::query(
                "INSERT INTO mail_reminders (game_id, phase_index, hours) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
            )
            .bind(id)
            .bind(phase_index)
            .bind(h)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            claimed |= i == 0 && made == 1;
        }
        if !claimed {
            tx.rollback().await?;
            continue;
        }
        let g = games::load_cached(app, id).await?;
        if g.phase_index == phase_index {
            for mail in reminder_mails(app, s, &g, deadline_at - t).await? {
                outbox::put(&mut tx, &mail).await?;
            }
        }
        tx.commit().await?;
    }
    Ok(())
}

async fn reminder_mails(app: &App, s: &Settings, g: &Game, left: i64) -> Result<Vec<Mail>> {
    let v = games::variant_of(&app.variants, g)?;
    let Ok(pos) = game::current(&v, &g.record) else { return Ok(Vec::new()) };
    let owing: Vec<String> = game::powers_to_order(&v, &pos).into_iter().map(|p| v.power(p).name.clone()).collect();
    let seats = games::seats(&app.db, g).await?;
    let mut by_user: BTreeMap<i64, Vec<String>> = BTreeMap::new();
    for seat in seats.iter().filter(|s| owing.contains(&s.power) && !s.ready) {
        if let Some(u) = seat.user_id {
            by_user.entry(u).or_default().push(seat.power.clone());
        }
    }
    let phase = g.record.phases.last().map(|p| p.phase.clone()).unwrap_or_default();
    let mut mails = Vec::new();
    for (user, to) in recipients(app, g.id, "reminders").await? {
        let Some(powers) = by_user.get(&user) else { continue };
        let body = format!(
            "In {}, the orders of {} for {phase} are due in {}, and are missing or not marked ready.\n\n{}",
            g.name,
            powers.join(", "),
            crate::pages::duration(left),
            link(s, &format!("/games/{}", g.id))
        );
        mails.push(Mail {
            to,
            subject: format!("{}: orders due in {}", g.name, crate::pages::duration(left)),
            body,
            user_id: user,
            confirms: false,
        });
    }
    Ok(mails)
}

/// The press digests due: for each reader who chose them, the new messages
/// from other powers he may see, at most one mail per game per quarter of
/// an hour.
async fn digests(app: &App, s: &Settings) -> Result<()> {
    let t = now();
    let rows = sqlx::query(
        "SELECT c.user_id, c.game_id, c.press_after, a.address FROM mail_choices c JOIN mail_addresses a ON a.user_id \
         = c.user_id \
         WHERE c.press = 1 AND a.confirmed = 1 AND c.press_at <= $1 \
         AND EXISTS (SELECT 1 FROM messages m WHERE m.game_id = c.game_id AND m.id > c.press_after AND m.sender <> '')",
    )
    .bind(t - 15 * 60)
    .fetch_all(&app.db)
    .await?;
    for r in rows {
        let (user_id, game_id, after, to): (i64, i64, i64, String) =
            (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?, r.try_get(3)?);
        let g = games::load_cached(app, game_id).await?;
        let user = crate::accounts::User { id: user_id, name: String::new() };
        let reader = Reader::of(&app.db, &g, Some(&user)).await?;
        let all = store::visible(&app.db, &g, &reader).await?;
        let newest = sqlx::query("SELECT COALESCE(MAX(id), 0) FROM messages WHERE game_id = $1")
            .bind(game_id)
            .fetch_one(&app.db)
            .await?
            .try_get::<i64, _>(0)?;
        let new: Vec<&store::Message> = all
            .iter()
            .filter(|m| m.id > after && m.from.as_ref().is_some_and(|f| !reader.powers.contains(f)))
            .collect();
        let mut tx = app.writer.begin().await?;
        let stamp = if new.is_empty() { 0 } else { t };
        let moved = sqlx::query(
            "UPDATE mail_choices SET press_after = $1, press_at = CASE WHEN $2 > 0 THEN $2 ELSE \
             press_at END WHERE user_id = $3 AND game_id = $4 AND press_after = $5",
        )
        .bind(newest)
        .bind(stamp)
        .bind(user_id)
        .bind(game_id)
        .bind(after)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if moved == 1 && !new.is_empty() {
            let mut body = format!("New press in {}:\n", g.name);
            for m in &new {
                let to = if m.public { "all".to_string() } else { m.to.join(", ") };
                body +=
                    &format!("\n{} to {} ({}):\n{}\n", m.from.as_deref().unwrap_or("the judge"), to, m.phase, m.body);
            }
            body += &format!("\nAnswer on the press page: {}", link(s, &format!("/games/{game_id}/press")));
            let subject = format!("{}: {} new message{}", g.name, new.len(), if new.len() == 1 { "" } else { "s" });
            outbox::put(&mut tx, &Mail { to, subject, body, user_id, confirms: false }).await?;
        }
        tx.commit().await?;
    }
    Ok(())
}

/// The mail task: a round, then the outbox drained, every `every`.
pub async fn run(app: std::sync::Weak<crate::Shared>, s: std::sync::Arc<Settings>) {
    loop {
        let Some(app) = app.upgrade() else { return };
        if let Err(e) = round(&app, &s).await {
            eprintln!("polemarch serve: mail round: {}", e.message);
        }
        if let Err(e) = outbox::drain(&app.writer, &s).await {
            eprintln!("polemarch serve: mail: {}", e.message);
        }
        drop(app);
        tokio::time::sleep(s.every).await;
    }
}
