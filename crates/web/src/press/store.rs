//! Messages as stored (`messages`), and what each user has read
//! (`press_reads`). Reading goes through the secrecy rule: a reader gets
//! the messages he may see, and nothing else.

use super::conversation::Conversation;
use crate::error::{Error, Result};
use crate::games::Game;
use crate::secrecy::{self, Reader};
use serde::Serialize;
use sqlx::{AnyPool, Row};
use std::collections::HashMap;

#[derive(Debug, Clone, Serialize)]
pub struct Message {
    pub id: i64,
    pub phase_index: i64,
    pub phase: String,
    /// The power that sent it; None: the judge (a notice).
    pub from: Option<String>,
    /// Its conversation's powers (empty: to all, public).
    pub to: Vec<String>,
    pub public: bool,
    pub body: String,
    /// Milliseconds since 1970.
    pub sent_at: i64,
}

impl Message {
    pub fn conversation(&self) -> Conversation {
        Conversation { powers: self.to.clone() }
    }
}

/// What one write puts in a message.
pub struct NewMessage {
    pub game_id: i64,
    pub phase_index: i64,
    pub phase: String,
    /// None: the judge.
    pub from: Option<String>,
    pub user_id: Option<i64>,
    pub to: Conversation,
    pub body: String,
}

pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

const INSERT_MESSAGE: &str = "INSERT INTO messages (game_id, phase_index, phase, sender, user_id, conversation, body, \
     sent_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id";

impl NewMessage {
    /// The message as written, with its id.
    fn written(&self, id: i64, sent_at: i64) -> Message {
        Message {
            id,
            phase_index: self.phase_index,
            phase: self.phase.clone(),
            from: self.from.clone(),
            to: self.to.powers.clone(),
            public: self.to.is_public(),
            body: self.body.clone(),
            sent_at,
        }
    }

    /// The message's fields bound to `sql`'s `$1` to `$8`.
    fn bound<'q>(&self, sql: &'q str, sent_at: i64) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
        sqlx::query(sql)
            .bind(self.game_id)
            .bind(self.phase_index)
            .bind(self.phase.clone())
            .bind(self.from.clone().unwrap_or_default())
            .bind(self.user_id)
            .bind(self.to.key())
            .bind(self.body.clone())
            .bind(sent_at)
    }
}

/// Writes a message and its event in the transaction on `conn`: it and
/// its id.
pub async fn insert(conn: &mut sqlx::AnyConnection, m: NewMessage) -> Result<Message> {
    let sent_at = now_ms();
    let row = m.bound(INSERT_MESSAGE, sent_at).fetch_one(&mut *conn).await?;
    let message = m.written(row.try_get(0)?, sent_at);
    crate::events::record(conn, m.game_id, "message", &m.to.key(), &message).await?;
    Ok(message)
}

/// PostgreSQL: writes a message, its event and the listeners' notice in
/// one statement, which is a transaction of its own: one round trip where
/// BEGIN, the two INSERTs and COMMIT were four (each a wait for the server
/// and a wake of this process). The event's data is the message's JSON as
/// [`insert`] writes it, its id put in by the statement.
pub async fn insert_alone(db: &AnyPool, m: NewMessage) -> Result<Message> {
    let sent_at = now_ms();
    let json = serde_json::to_string(&m.written(0, sent_at)).map_err(|e| Error::internal(e.to_string()))?;
    let after_id =
        json.strip_prefix("{\"id\":0,").ok_or_else(|| Error::internal("a message's JSON begins with its id"))?;
    let sql = format!(
        "WITH m AS ({INSERT_MESSAGE}), \
         e AS (INSERT INTO events (game_id, kind, audience, data, at) \
         SELECT $1, 'message', $6, concat('{{\"id\":', m.id, ',', $9::text), $8 FROM m RETURNING id) \
         SELECT m.id, pg_notify('{}', '')::text FROM m, e",
        crate::events::CHANNEL
    );
    let row = m.bound(&sql, sent_at).bind(after_id.to_string()).fetch_one(db).await?;
    Ok(m.written(row.try_get(0)?, sent_at))
}

/// Every message of the game `reader` may see, in time order.
pub async fn visible(db: &AnyPool, g: &Game, reader: &Reader) -> Result<Vec<Message>> {
    let rows = sqlx::query(
        "SELECT id, phase_index, phase, sender, conversation, body, sent_at FROM messages WHERE \
         game_id = $1 ORDER BY id",
    )
    .bind(g.id)
    .fetch_all(db)
    .await?;
    let mut out = Vec::new();
    for r in rows {
        let to = Conversation::from_key(&r.try_get::<String, _>(4)?);
        if !secrecy::may_see(g, reader, to.audience()) {
            continue;
        }
        let sender: String = r.try_get(3)?;
        out.push(Message {
            id: r.try_get(0)?,
            phase_index: r.try_get(1)?,
            phase: r.try_get(2)?,
            from: (!sender.is_empty()).then_some(sender),
            public: to.is_public(),
            to: to.powers,
            body: r.try_get(5)?,
            sent_at: r.try_get(6)?,
        });
    }
    Ok(out)
}

/// A conversation as its list shows it to a reader.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    pub powers: Vec<String>,
    pub public: bool,
    pub title: String,
    /// Its segment in paths (`all`, or `England+France`).
    pub path: String,
    pub messages: usize,
    /// Messages from others after the last one the reader read.
    pub unread: usize,
    pub last_id: i64,
}

/// The conversations among `messages` (those the reader may see), the
/// public one first, then the latest first; with the reader's unread
/// counts.
pub async fn summaries(db: &AnyPool, g: &Game, reader: &Reader, messages: &[Message]) -> Result<Vec<Summary>> {
    let read = match reader.user_id {
        Some(u) => last_read(db, g.id, u).await?,
        None => HashMap::new(),
    };
    let mut list: Vec<Summary> = Vec::new();
    let public = Conversation::public();
    let mut put = |c: Conversation, m: Option<&Message>| {
        let key = c.key();
        let i = match list.iter().position(|s| s.powers == c.powers) {
            Some(i) => i,
            None => {
                list.push(Summary {
                    title: c.title(),
                    path: c.path(),
                    public: c.is_public(),
                    powers: c.powers,
                    messages: 0,
                    unread: 0,
                    last_id: 0,
                });
                list.len() - 1
            }
        };
        if let Some(m) = m {
            let s = &mut list[i];
            s.messages += 1;
            s.last_id = m.id;
            let own = m.from.as_ref().is_some_and(|f| reader.powers.contains(f));
            if !own && m.id > read.get(&key).copied().unwrap_or(0) && reader.user_id.is_some() {
                s.unread += 1;
            }
        }
    };
    put(public, None);
    for m in messages {
        put(m.conversation(), Some(m));
    }
    list[1..].sort_by_key(|s| std::cmp::Reverse(s.last_id));
    Ok(list)
}

async fn last_read(db: &AnyPool, game_id: i64, user_id: i64) -> Result<HashMap<String, i64>> {
    let rows = sqlx::query("SELECT conversation, last_id FROM press_reads WHERE game_id = $1 AND user_id = $2")
        .bind(game_id)
        .bind(user_id)
        .fetch_all(db)
        .await?;
    rows.iter().map(|r| Ok((r.try_get(0)?, r.try_get(1)?))).collect()
}

/// The user has read the conversation up to message `last_id`.
pub async fn mark_read(
    db: &AnyPool,
    game_id: i64,
    user_id: i64,
    conversation: &Conversation,
    last_id: i64,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO press_reads (user_id, game_id, conversation, last_id) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (user_id, game_id, conversation) DO UPDATE SET last_id = CASE WHEN excluded.last_id > \
         press_reads.last_id THEN excluded.last_id ELSE press_reads.last_id END",
    )
    .bind(user_id)
    .bind(game_id)
    .bind(conversation.key())
    .bind(last_id)
    .execute(db)
    .await?;
    Ok(())
}
