//! A user's mail address (confirmed by a link) and his choices per game.

use super::outbox::{self, Mail};
use super::Settings;
use crate::accounts::{random_token, User};
use crate::error::{Error, Result};
use crate::App;
use serde::{Deserialize, Serialize};
use sqlx::Row;

/// The server's mail settings, or the error that mail is off.
pub fn settings(app: &App) -> Result<&Settings> {
    app.mail.as_deref().ok_or_else(|| Error::conflict("mail is off on this server (it has no SMTP settings)"))
}

/// A user's address and whether it is confirmed.
#[derive(Debug, Clone, Serialize)]
pub struct Address {
    pub address: String,
    pub confirmed: bool,
}

pub async fn address_of(app: &App, user_id: i64) -> Result<Option<Address>> {
    let row = sqlx::query("SELECT address, confirmed FROM mail_addresses WHERE user_id = $1").bind(user_id).fetch_optional(&app.db).await?;
    row.map(|r| Ok(Address { address: r.try_get(0)?, confirmed: r.try_get::<i64, _>(1)? != 0 })).transpose()
}

/// Sets the user's address (unconfirmed) and mails it the link that
/// confirms it.
pub async fn set_address(app: &App, user: &User, address: &str) -> Result<()> {
    let s = settings(app)?;
    let address = address.trim();
    address.parse::<lettre::Address>().map_err(|e| Error::bad(format!("`{address}` is not a mail address: {e}")))?;
    if address.len() > 254 {
        return Err(Error::bad("a mail address is at most 254 characters"));
    }
    let (confirm, unsubscribe) = (random_token(), random_token());
    let mut tx = app.writer.begin().await?;
    sqlx::query(
        "INSERT INTO mail_addresses (user_id, address, confirmed, confirm_token, unsubscribe_token) VALUES ($1, $2, 0, $3, $4) \
         ON CONFLICT (user_id) DO UPDATE SET address = excluded.address, confirmed = 0, confirm_token = excluded.confirm_token",
    )
    .bind(user.id)
    .bind(address)
    .bind(&confirm)
    .bind(&unsubscribe)
    .execute(&mut *tx)
    .await?;
    let token: String = sqlx::query("SELECT unsubscribe_token FROM mail_addresses WHERE user_id = $1").bind(user.id).fetch_one(&mut *tx).await?.try_get(0)?;
    let link = format!("{}/mail/confirm/{confirm}", s.public_url.trim_end_matches('/'));
    let body = format!("Someone, surely you, gave this address to the polemarch judge for the account {}.\n\nTo get its mail here, open:\n{link}\n\nOtherwise do nothing: no other mail will come.", user.name);
    outbox::put(&mut tx, &Mail { to: address.to_string(), subject: "Confirm your address for the polemarch judge".into(), body, unsubscribe: token }).await?;
    tx.commit().await?;
    Ok(())
}

/// Confirms the address whose link this is: the account's name.
pub async fn confirm(app: &App, token: &str) -> Result<String> {
    let row = sqlx::query("SELECT u.name FROM mail_addresses a JOIN users u ON u.id = a.user_id WHERE a.confirm_token = $1")
        .bind(token)
        .fetch_optional(&app.db)
        .await?;
    let name: String = row.ok_or_else(|| Error::not_found("this confirmation link is unknown or out of date: give the address again"))?.try_get(0)?;
    sqlx::query("UPDATE mail_addresses SET confirmed = 1 WHERE confirm_token = $1").bind(token).execute(&app.writer).await?;
    Ok(name)
}

/// Stops every mail to the account whose unsubscribe link this is: its
/// address is forgotten with its choices. The account's name.
pub async fn unsubscribe(app: &App, token: &str) -> Result<String> {
    let row = sqlx::query("SELECT a.user_id, u.name FROM mail_addresses a JOIN users u ON u.id = a.user_id WHERE a.unsubscribe_token = $1")
        .bind(token)
        .fetch_optional(&app.db)
        .await?;
    let row = row.ok_or_else(|| Error::not_found("this unsubscribe link is unknown: no mail goes to its address any more"))?;
    let (user_id, name): (i64, String) = (row.try_get(0)?, row.try_get(1)?);
    let mut tx = app.writer.begin().await?;
    sqlx::query("DELETE FROM mail_choices WHERE user_id = $1").bind(user_id).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM mail_addresses WHERE user_id = $1").bind(user_id).execute(&mut *tx).await?;
    // What was written and not yet sent goes too.
    sqlx::query("DELETE FROM outbox WHERE unsubscribe = $1 AND sent_at IS NULL").bind(token).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(name)
}

/// What a user wants by mail of one game.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Choices {
    #[serde(default)]
    pub results: bool,
    #[serde(default)]
    pub reminders: bool,
    #[serde(default)]
    pub press: bool,
}

pub async fn choices(app: &App, user_id: i64, game_id: i64) -> Result<Choices> {
    let row = sqlx::query("SELECT results, reminders, press FROM mail_choices WHERE user_id = $1 AND game_id = $2")
        .bind(user_id)
        .bind(game_id)
        .fetch_optional(&app.db)
        .await?;
    Ok(match row {
        Some(r) => Choices { results: r.try_get::<i64, _>(0)? != 0, reminders: r.try_get::<i64, _>(1)? != 0, press: r.try_get::<i64, _>(2)? != 0 },
        None => Choices::default(),
    })
}

/// Sets the user's choices for a game he may look at; press digests start
/// from the messages after now.
pub async fn choose(app: &App, user: &User, game_id: i64, c: Choices) -> Result<()> {
    settings(app)?;
    let g = crate::games::load_cached(app, game_id).await?;
    crate::games::may_view(&app.db, &g, Some(user.id)).await?;
    if address_of(app, user.id).await?.is_none_or(|a| !a.confirmed) {
        return Err(Error::conflict("confirm your mail address first (the link mailed to it)"));
    }
    let last: i64 = sqlx::query("SELECT COALESCE(MAX(id), 0) FROM messages WHERE game_id = $1").bind(game_id).fetch_one(&app.db).await?.try_get(0)?;
    sqlx::query(
        "INSERT INTO mail_choices (user_id, game_id, results, reminders, press, press_after, press_at) VALUES ($1, $2, $3, $4, $5, $6, 0) \
         ON CONFLICT (user_id, game_id) DO UPDATE SET results = excluded.results, reminders = excluded.reminders, press = excluded.press",
    )
    .bind(user.id)
    .bind(game_id)
    .bind(i64::from(c.results))
    .bind(i64::from(c.reminders))
    .bind(i64::from(c.press))
    .bind(last)
    .execute(&app.writer)
    .await?;
    Ok(())
}
