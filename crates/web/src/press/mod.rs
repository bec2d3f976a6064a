//! Press: messages between the powers of a game (private, group, public),
//! kept with the game, and the judge's notices (public messages from the
//! game itself). A conversation is its set of member powers. Who may read
//! what is the one rule of `secrecy.rs`; what may be sent, when, is here
//! (the game's press mode) and in `send.rs`.

pub mod api;
pub mod conversation;
pub mod notices;
pub mod pages;
pub mod send;
pub mod store;

use crate::error::{Error, Result};
use polemarch_engine::variant::PhaseKind;
use serde::Serialize;

/// What press a game allows, chosen when it is created.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Private, group and public messages.
    Full,
    /// Public messages only.
    Public,
    /// No press at all (gunboat): the judge's notices only.
    None,
    /// Full press, but none during retreats and adjustments.
    Rulebook,
}

impl Mode {
    pub fn parse(s: &str) -> Result<Mode> {
        match s.trim().to_ascii_lowercase().as_str() {
            "full" | "" => Ok(Mode::Full),
            "public" => Ok(Mode::Public),
            "none" | "gunboat" => Ok(Mode::None),
            "rulebook" => Ok(Mode::Rulebook),
            other => Err(Error::bad(format!("unknown press mode `{other}`: full, public, none (gunboat) or rulebook"))),
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Mode::Full => "full",
            Mode::Public => "public",
            Mode::None => "none",
            Mode::Rulebook => "rulebook",
        }
    }

    /// As the game's header says it.
    pub fn describe(self) -> &'static str {
        match self {
            Mode::Full => "full press",
            Mode::Public => "public press only",
            Mode::None => "no press (gunboat)",
            Mode::Rulebook => "press by the rulebook (none during retreats and adjustments)",
        }
    }

    /// Why a power may not write to this conversation in a phase of this
    /// kind (None: it may).
    pub fn refusal(self, public: bool, kind: PhaseKind) -> Option<&'static str> {
        match self {
            Mode::None => Some("this game has no press (gunboat): no messages may be sent"),
            Mode::Public if !public => Some("this game has public press only: write to all the powers"),
            Mode::Rulebook if kind != PhaseKind::Movement => Some(
                "no press during retreats and adjustments in this game (rulebook press): wait for the next \
                 movement phase",
            ),
            _ => None,
        }
    }
}

/// A game's press rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Rules {
    pub mode: Mode,
    /// Players' names hidden from all but the game master until the game
    /// ends.
    pub anonymous: bool,
    /// Private press stays private when the game ends (otherwise it is
    /// published to all then).
    pub private: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules { mode: Mode::Full, anonymous: false, private: false }
    }
}

impl Rules {
    /// As chosen when a game is created: gunboat is no press and
    /// anonymous.
    pub fn new(mode: &str, anonymous: bool, private: bool) -> Result<Rules> {
        let mode = Mode::parse(mode)?;
        Ok(Rules { mode, anonymous: anonymous || mode == Mode::None, private })
    }

    /// From the game's row.
    pub fn from_row(mode: String, anonymous: i64, private: i64) -> Result<Rules> {
        Ok(Rules {
            mode: Mode::parse(&mode).map_err(|e| Error::internal(e.message))?,
            anonymous: anonymous != 0,
            private: private != 0,
        })
    }
}

/// Game `id` as `user` reads its press: the game (which he must be allowed
/// to look at) and who he is in it.
pub async fn reading(
    app: &crate::App,
    id: i64,
    user: Option<&crate::accounts::User>,
) -> Result<(crate::games::Game, crate::secrecy::Reader)> {
    let g = crate::games::load_cached(app, id).await?;
    crate::games::may_view(&app.db, &g, user.map(|u| u.id)).await?;
    let reader = crate::secrecy::Reader::of(&app.db, &g, user).await?;
    Ok((g, reader))
}

/// A conversation's messages as `reader` may see them (403 if he may not
/// see the conversation at all), marked read for him.
pub async fn open_conversation(
    app: &crate::App,
    g: &crate::games::Game,
    reader: &crate::secrecy::Reader,
    c: &conversation::Conversation,
) -> Result<Vec<store::Message>> {
    if !crate::secrecy::may_see(g, reader, c.audience()) {
        return Err(Error::forbidden("you are not in this conversation"));
    }
    let messages: Vec<_> = store::visible(&app.db, g, reader).await?.into_iter().filter(|m| m.to == c.powers).collect();
    if let (Some(u), Some(last)) = (reader.user_id, messages.last()) {
        store::mark_read(&app.writer, g.id, u, c, last.id).await?;
    }
    Ok(messages)
}

/// The game's record as `reader` may download it (orders of the open
/// phase left out, names hidden in an anonymous game) with the messages he
/// may see.
pub async fn record_for(
    app: &crate::App,
    g: &crate::games::Game,
    reader: &crate::secrecy::Reader,
) -> Result<polemarch_engine::game::GameRecord> {
    let mut rec = crate::secrecy::record_for(g, reader, crate::games::public_record(g));
    rec.messages = store::visible(&app.db, g, reader)
        .await?
        .into_iter()
        .map(|m| polemarch_engine::game::record::MessageRecord {
            phase: m.phase,
            from: m.from,
            to: m.to,
            sent_at: m.sent_at,
            body: m.body,
        })
        .collect();
    Ok(rec)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_mode_refuses_what_it_forbids() {
        use PhaseKind::{Adjustment, Movement, Retreat};
        for kind in [Movement, Retreat, Adjustment] {
            assert!(Mode::Full.refusal(false, kind).is_none());
            assert!(Mode::None.refusal(true, kind).is_some());
            assert!(Mode::Public.refusal(false, kind).is_some());
            assert!(Mode::Public.refusal(true, kind).is_none());
        }
        assert!(Mode::Rulebook.refusal(false, Movement).is_none());
        assert!(Mode::Rulebook.refusal(true, Movement).is_none());
        for kind in [Retreat, Adjustment] {
            assert!(Mode::Rulebook.refusal(false, kind).unwrap().contains("retreats and adjustments"));
            assert!(Mode::Rulebook.refusal(true, kind).is_some());
        }
    }

    #[test]
    fn gunboat_is_anonymous() {
        assert_eq!(
            Rules::new("gunboat", false, false).unwrap(),
            Rules { mode: Mode::None, anonymous: true, private: false }
        );
        assert_eq!(Rules::new("", false, true).unwrap(), Rules { mode: Mode::Full, anonymous: false, private: true });
        assert!(Rules::new("loud", false, false).unwrap_err().message.contains("full, public, none"));
    }
}
