//! The outbox: mail written with what it tells of, sent by a background
//! task. A mail is claimed before it is sent (a compare-and-set on its
//! next try, so that two processes never send it twice), marked sent
//! after; a failure waits 10 s, doubled at each attempt up to an hour.

use super::{Security, Settings};
use crate::db::now;
use crate::error::{Error, Result};
use lettre::message::header::ContentType;
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use sqlx::{AnyPool, Row};
use std::time::Duration;

/// A mail to write: to whom (the address, and the account whose links it
/// carries: the unsubscribe link and the List-Unsubscribe header, made
/// when it is sent), about what, and whether it confirms the address (its
/// body has the link's token written [`CONFIRM`] until then).
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub body: String,
    pub user_id: i64,
    pub confirms: bool,
}

/// What stands for the confirmation link's token in a mail's body until it
/// is sent.
pub const CONFIRM: &str = "{confirm}";

pub async fn put(conn: &mut sqlx::AnyConnection, mail: &Mail) -> Result<()> {
    sqlx::query(
        "INSERT INTO outbox (recipient, subject, body, user_id, confirms, next_try) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&mail.to)
    .bind(&mail.subject)
    .bind(&mail.body)
    .bind(mail.user_id)
    .bind(i64::from(mail.confirms))
    .bind(now())
    .execute(conn)
    .await?;
    Ok(())
}

fn transport(s: &Settings) -> Result<AsyncSmtpTransport<Tokio1Executor>> {
    let builder = match s.security {
        Security::StartTls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(&s.host)
            .map_err(|e| Error::internal(format!("mail: {e}")))?,
        Security::Tls => {
            AsyncSmtpTransport::<Tokio1Executor>::relay(&s.host).map_err(|e| Error::internal(format!("mail: {e}")))?
        }
        Security::None => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&s.host),
    };
    let mut builder = builder.port(s.port).timeout(Some(Duration::from_secs(30)));
    if let (Some(user), Some(password)) = (&s.user, &s.password) {
        builder = builder.credentials(Credentials::new(user.clone(), password.clone()));
    }
    Ok(builder.build())
}

/// The unsubscribe link of a token.
pub fn unsubscribe_link(s: &Settings, token: &str) -> String {
    format!("{}/mail/unsubscribe/{token}", s.public_url.trim_end_matches('/'))
}

fn message(
    s: &Settings,
    to: &str,
    subject: &str,
    body: &str,
    unsubscribe: &str,
) -> std::result::Result<Message, String> {
    let link = unsubscribe_link(s, unsubscribe);
    let text = format!("{body}\n\n-- \nTo stop every mail from this judge: {link}\n");
    Message::builder()
        .from(s.from.parse().map_err(|e| format!("the sender `{}`: {e}", s.from))?)
        .to(to.parse().map_err(|e| format!("the address `{to}`: {e}"))?)
        .subject(subject)
        .header(ContentType::TEXT_PLAIN)
        .header(ListUnsubscribe(format!("<{link}>")))
        .body(text)
        .map_err(|e| e.to_string())
}

/// The `List-Unsubscribe` header.
#[derive(Clone)]
struct ListUnsubscribe(String);

impl lettre::message::header::Header for ListUnsubscribe {
    fn name() -> lettre::message::header::HeaderName {
        lettre::message::header::HeaderName::new_from_ascii_str("List-Unsubscribe")
    }
    fn parse(s: &str) -> std::result::Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribe(s.to_string()))
    }
    fn display(&self) -> lettre::message::header::HeaderValue {
        lettre::message::header::HeaderValue::new(Self::name(), self.0.clone())
    }
}

/// The wait after `attempts` failures.
pub fn backoff(attempts: i64) -> i64 {
    (10i64 << attempts.clamp(0, 9) as u32).min(3600)
}

/// Sends what is due (up to 50): the number sent.
pub async fn drain(db: &AnyPool, s: &Settings) -> Result<usize> {
    let rows = sqlx::query(
        "SELECT id, recipient, subject, body, user_id, confirms, attempts, next_try FROM outbox WHERE sent_at IS NULL \
         AND next_try <= $1 ORDER BY id LIMIT 50",
    )
    .bind(now())
    .fetch_all(db)
    .await?;
    if rows.is_empty() {
        return Ok(0);
    }
    let smtp = transport(s)?;
    let mut sent = 0;
    for r in rows {
        let (id, attempts, next_try): (i64, i64, i64) = (r.try_get(0)?, r.try_get(6)?, r.try_get(7)?);
        // Claimed for a while: no other process sends it meanwhile.
        let claimed =
            sqlx::query("UPDATE outbox SET next_try = $1 WHERE id = $2 AND next_try = $3 AND sent_at IS NULL")
                .bind(now() + 120)
                .bind(id)
                .bind(next_try)
                .execute(db)
                .await?
                .rows_affected();
        if claimed == 0 {
            continue;
        }
        let (to, subject, body): (String, String, String) = (r.try_get(1)?, r.try_get(2)?, r.try_get(3)?);
        let (user_id, confirms): (Option<i64>, bool) = (r.try_get(4)?, r.try_get::<i64, _>(5)? != 0);
        let Some(user_id) = user_id else {
            // Written by an older judge to an address forgotten since.
            sqlx::query("DELETE FROM outbox WHERE id = $1").bind(id).execute(db).await?;
            continue;
        };
        // Its links, made now: their tokens are only in the mail.
        let (unsubscribe, confirm) = super::addresses::new_links(db, user_id, confirms.then_some(to.as_str())).await?;
        let body = match &confirm {
            Some(token) => body.replace(CONFIRM, token),
            None => body,
        };
        let outcome = match message(s, &to, &subject, &body, &unsubscribe) {
            Ok(m) => smtp.send(m).await.map(|_| ()).map_err(|e| e.to_string()),
            Err(e) => Err(e),
        };
        if outcome.is_err() {
            let made: Vec<&str> = std::iter::once(unsubscribe.as_str()).chain(confirm.as_deref()).collect();
            super::addresses::drop_links(db, &made).await?;
        }
        match outcome {
            Ok(()) => {
                sqlx::query("UPDATE outbox SET sent_at = $1, attempts = attempts + 1 WHERE id = $2")
                    .bind(now())
                    .bind(id)
                    .execute(db)
                    .await?;
                sent += 1;
            }
            Err(e) => {
                eprintln!("polemarch serve: mail {id} to {to} not sent (attempt {}): {e}", attempts + 1);
                sqlx::query("UPDATE outbox SET attempts = attempts + 1, next_try = $1, last_error = $2 WHERE id = $3")
                    .bind(now() + backoff(attempts))
                    .bind(&e)
                    .bind(id)
                    .execute(db)
                    .await?;
            }
        }
    }
    Ok(sent)
}
