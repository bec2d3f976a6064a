//! A user's mail address (confirmed by a link) and his choices per game.

use super::outbox::{self, Mail};
use super::Settings;
use crate::accounts::{random_token, token_hash, User};
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
    let row = sqlx::query("SELECT address, confirmed FROM mail_addresses WHERE user_id = $1")
        .bind(user_id)
        .fetch_optional(&app.db)
        .await?;
    row.map(|r| Ok(Address { address: r.try_get(0)?, confirmed: r.try_get::<i64, _>(1)? != 0 })).transpose()
}

/// Sets the user's address (unconfirmed) and mails it the link that
/// confirms it (a link mailed before, to another address, confirms nothing
/// any more).
pub async fn set_address(app: &App, user: &User, address: &str) -> Result<()> {
    let s = settings(app)?;
    let address = address.trim();
    address.parse::<lettre::Address>().map_err(|e| Error::bad(format!("`{address}` is not a mail address: {e}")))?;
    if address.len() > 254 {
        return Err(Error::bad("a mail address is at most 254 characters"));
    }
    let mut tx = app.writer.begin().await?;
    sqlx::query(
        "INSERT INTO mail_addresses (user_id, address, confirmed) VALUES ($1, $2, 0) \
         ON CONFLICT (user_id) DO UPDATE SET address = excluded.address, confirmed = 0",
    )
    .bind(user.id)
    .bind(address)
    .execute(&mut *tx)
    .await?;
    sqlx::query("DELETE FROM mail_links WHERE user_id = $1 AND confirms IS NOT NULL")
        .bind(user.id)
        .execute(&mut *tx)
        .await?;
    let link = format!("{}/mail/confirm/{}", s.public_url.trim_end_matches('/'), outbox::CONFIRM);
    let body = format!(
        "Someone, surely you, gave this address to the polemarch judge for the account {}.\n\nTo get \
         its mail here, open:\n{link}\n\nOtherwise do nothing: no other mail will come.",
        user.name
    );
    let mail = Mail {
        to: address.to_string(),
        subject: "Confirm your address for the polemarch judge".into(),
        body,
        user_id: user.id,
        confirms: true,
    };
    outbox::put(&mut tx, &mail).await?;
    tx.commit().await?;
    Ok(())
}

/// The links of a mail to `user_id` (made as it is sent; only their hash
/// is kept): the token of its link that stops all mail, and with
/// `confirms`, of the one that confirms that address.
pub async fn new_links(db: &sqlx::AnyPool, user_id: i64, confirms: Option<&str>) -> Result<(String, Option<String>)> {
    let unsubscribe = random_token();
    let confirm = confirms.map(|_| random_token());
    let mut tx = db.begin().await?;
    keep_link(&mut tx, &unsubscribe, user_id, None).await?;
    if let Some(token) = &confirm {
        keep_link(&mut tx, token, user_id, confirms).await?;
    }
    tx.commit().await?;
    Ok((unsubscribe, confirm))
}

/// Keeps a link's token hashed: whose, and what address it confirms (None:
/// it stops all mail).
async fn keep_link(conn: &mut sqlx::AnyConnection, token: &str, user_id: i64, confirms: Option<&str>) -> Result<()> {
    sqlx::query(
        "INSERT INTO mail_links (token_sha256, user_id, confirms) VALUES ($1, $2, $3) ON CONFLICT \
         (token_sha256) DO NOTHING",
    )
    .bind(token_hash(token))
    .bind(user_id)
    .bind(confirms)
    .execute(conn)
    .await?;
    Ok(())
}

/// Forgets links made for a mail that could not be sent.
pub async fn drop_links(db: &sqlx::AnyPool, tokens: &[&str]) -> Result<()> {
    for t in tokens {
        sqlx::query("DELETE FROM mail_links WHERE token_sha256 = $1").bind(token_hash(t)).execute(db).await?;
    }
    Ok(())
}

/// The tokens an older judge kept in clear (migration 11), hashed into
/// `mail_links`: the links already mailed keep working.
pub async fn hash_links_in_clear(db: &sqlx::AnyPool) -> Result<()> {
    let rows = sqlx::query("SELECT token, user_id, confirms FROM mail_links_in_clear").fetch_all(db).await?;
    if rows.is_empty() {
        return Ok(());
    }
    let mut tx = db.begin().await?;
    for r in &rows {
        let (token, user_id, confirms): (String, i64, Option<String>) = (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?);
        keep_link(&mut tx, &token, user_id, confirms.as_deref()).await?;
    }
    sqlx::query("DELETE FROM mail_links_in_clear").execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}

/// Confirms the address whose link this is: the account's name.
pub async fn confirm(app: &App, token: &str) -> Result<String> {
    let out_of_date = || Error::not_found("this confirmation link is unknown or out of date: give the address again");
    let row = sqlx::query(
        "SELECT l.user_id, l.confirms, u.name FROM mail_links l JOIN users u ON u.id = l.user_id WHERE l.token_sha256 \
         = $1 AND l.confirms IS NOT NULL",
    )
    .bind(token_hash(token))
    .fetch_optional(&app.db)
    .await?;
    let row = row.ok_or_else(out_of_date)?;
    let (user_id, address, name): (i64, String, String) = (row.try_get(0)?, row.try_get(1)?, row.try_get(2)?);
    let done = sqlx::query("UPDATE mail_addresses SET confirmed = 1 WHERE user_id = $1 AND address = $2")
        .bind(user_id)
        .bind(address)
        .execute(&app.writer)
        .await?;
    if done.rows_affected() == 0 {
        return Err(out_of_date());
    }
    Ok(name)
}

/// Stops every mail to the account whose unsubscribe link this is: its
/// address is forgotten with its choices. The account's name.
pub async fn unsubscribe(app: &App, token: &str) -> Result<String> {
    let row = sqlx::query(
        "SELECT l.user_id, u.name FROM mail_links l JOIN users u ON u.id = l.user_id WHERE \
         l.token_sha256 = $1 AND l.confirms IS NULL",
    )
    .bind(token_hash(token))
    .fetch_optional(&app.db)
    .await?;
    let row =
        row.ok_or_else(|| Error::not_found("this unsubscribe link is unknown: no mail goes to its address any more"))?;
    let (user_id, name): (i64, String) = (row.try_get(0)?, row.try_get(1)?);
    let mut tx = app.writer.begin().await?;
    forget(&mut tx, user_id).await?;
    tx.commit().await?;
    Ok(name)
}

/// Forgets a user's address, choices and links, and the mail to him not
/// sent yet (on `conn`, the caller's transaction).
pub async fn forget(conn: &mut sqlx::AnyConnection, user_id: i64) -> Result<()> {
    for table in ["mail_choices", "mail_addresses", "mail_links"] {
        sqlx::query(&format!("DELETE FROM {table} WHERE user_id = $1")).bind(user_id).execute(&mut *conn).await?;
    }
    sqlx::query("DELETE FROM outbox WHERE user_id = $1 AND sent_at IS NULL").bind(user_id).execute(&mut *conn).await?;
    Ok(())
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
        Some(r) => Choices {
            results: r.try_get::<i64, _>(0)? != 0,
            reminders: r.try_get::<i64, _>(1)? != 0,
            press: r.try_get::<i64, _>(2)? != 0,
        },
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
    let last: i64 = sqlx::query("SELECT COALESCE(MAX(id), 0) FROM messages WHERE game_id = $1")
        .bind(game_id)
        .fetch_one(&app.db)
        .await?
        .try_get(0)?;
    sqlx::query(
        "INSERT INTO mail_choices (user_id, game_id, results, reminders, press, press_after, press_at) VALUES ($1, $2, \
         $3, $4, $5, $6, 0) \
         ON CONFLICT (user_id, game_id) DO UPDATE SET results = excluded.results, reminders = excluded.reminders, \
         press = excluded.press",
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
