//! Messages as stored (`messages`), and what each user has read
//! (`press_reads`). Reading goes through the secrecy rule: a reader gets
//! the messages he may see, and nothing else.

use super::conversation::Conversation;
use crate::error::Result;
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

/// What one write puts in a message (in its writer's transaction).
pub struct NewMessage<'a> {
    pub game_id: i64,
    pub phase_index: i64,
    pub phase: &'a str,
    /// None: the judge.
    pub from: Option<&'a str>,
    pub user_id: Option<i64>,
    pub to: &'a Conversation,
    pub body: &'a str,
}

pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// Writes a message: it and its id.
pub async fn insert(conn: &mut sqlx::AnyConnection, m: NewMessage<'_>) -> Result<Message> {
    let sent_at = now_ms();
    let row = sqlx::query(
        "INSERT INTO messages (game_id, phase_index, phase, sender, user_id, conversation, body, sent_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
    )
    .bind(m.game_id)
    .bind(m.phase_index)
    .bind(m.phase)
    .bind(m.from.unwrap_or(""))
    .bind(m.user_id)
    .bind(m.to.key())
    .bind(m.body)
    .bind(sent_at)
    .fetch_one(&mut *conn)
    .await?;
    let message = Message {
        id: row.try_get(0)?,
        phase_index: m.phase_index,
        phase: m.phase.to_string(),
        from: m.from.map(String::from),
        to: m.to.powers.clone(),
        public: m.to.is_public(),
        body: m.body.to_string(),
        sent_at,
    };
    crate::events::record(conn, m.game_id, "message", &m.to.key(), &message).await?;
    Ok(message)
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
    list[1..].sort_by(|a, b| b.last_id.cmp(&a.last_id));
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
