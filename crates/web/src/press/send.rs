//! Sending a message: from a power the sender plays, to a conversation
//! the game's press mode allows in the current phase, within the limits
//! (length, rate); and the judge's notices.

use super::conversation::Conversation;
use super::store::{self, Message, NewMessage};
use crate::accounts::User;
use crate::error::{Error, Result};
use crate::games::{self, Game};
use crate::secrecy;
use crate::App;
use polemarch_engine::game;

/// The longest message, in characters.
pub const MAX_CHARS: usize = 4000;

/// What a player asks to send.
pub struct Outgoing<'a> {
    /// The power he writes as.
    pub from: &'a str,
    /// The other powers (or `all`); the sender is added.
    pub to: &'a [String],
    pub body: &'a str,
}

/// Sends the message: it, as stored.
pub async fn send(app: &App, game_id: i64, user: &User, out: Outgoing<'_>) -> Result<Message> {
    let body = out.body.trim();
    if body.is_empty() {
        return Err(Error::bad("the message is empty"));
    }
    let chars = body.chars().count();
    if chars > MAX_CHARS {
        return Err(Error::bad(format!("the message is {chars} characters long: at most {MAX_CHARS}")));
    }
    app.limits.press(user.id)?;
    let g = games::load_cached(app, game_id).await?;
    let v = games::variant_of(&app.variants, &g)?;
    let from = crate::judge::authorise_power(&app.db, &g, &v, out.from, user).await?;
    if secrecy::ended(&g) {
        return Err(Error::conflict("the game is over: its press is closed"));
    }
    let to = if out.to.iter().any(|t| t.trim().eq_ignore_ascii_case("all")) {
        Conversation::public()
    } else {
        Conversation::between(&v, out.to.iter().map(String::as_str).chain([from.as_str()]))?
    };
    let pos = game::current(&v, &g.record)?;
    if let Some(why) = g.press.mode.refusal(to.is_public(), v.calendar.kind(pos.phase)) {
        return Err(Error::conflict(why));
    }
    let m = NewMessage {
        game_id: g.id,
        phase_index: g.phase_index,
        phase: current_phase(&g),
        from: Some(from.to_string()),
        user_id: Some(user.id),
        to,
        body: body.to_string(),
    };
    let message = if app.sqlite {
        // Grouped with the writes beside it.
        app.commits.write(move |conn| Box::pin(async move { store::insert(conn, m).await })).await?
    } else {
        store::insert_alone(&app.writer, m).await?
    };
    app.hub.wake();
    Ok(message)
}

fn current_phase(g: &Game) -> String {
    g.record.phases.last().map(|p| p.phase.clone()).unwrap_or_default()
}

/// Posts a notice from the judge to all, in the transaction `tx` of the
/// change it tells of, dated in the game's phase `phase_index`.
pub async fn notice(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    g: &Game,
    phase_index: i64,
    phase: &str,
    text: &str,
) -> Result<Message> {
    let m = NewMessage {
        game_id: g.id,
        phase_index,
        phase: phase.to_string(),
        from: None,
        user_id: None,
        to: Conversation::public(),
        body: text.to_string(),
    };
    store::insert(tx, m).await
}
