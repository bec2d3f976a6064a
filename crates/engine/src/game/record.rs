//! The game record (docs/game-record.md): the single source of truth of a
//! game. Every phase keeps the position at its start, every order as
//! submitted (who, when, and what the judge said of it), and once processed
//! the orders in force, the results with reasons and the position after.

use crate::state::json::PositionJson;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub const FORMAT: &str = "polemarch-game 1";

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// Always `polemarch-game 1`.
    pub format: String,
    /// The variant id (or the folder it was loaded from).
    pub variant: String,
    /// The rule edition the game is played under (`2023`, `droidippy`,
    /// `mila`), when it is not the variant's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edition: Option<String>,
    /// The seed of every random draw the variant makes.
    pub seed: u64,
    /// Set when the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    /// Powers a bot plays when they have submitted nothing by the time a
    /// phase is processed (power name to bot name, `polemarch game bot`):
    /// a power with no player, or one whose player is away.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub bots: BTreeMap<String, String>,
    /// Every phase played, and last the current one.
    pub phases: Vec<PhaseRecord>,
    /// The press between the powers, in time order, where a judge kept it
    /// with the game (the web judge adds what its reader may see).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub messages: Vec<MessageRecord>,
}

/// One message of press.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MessageRecord {
    /// The phase it was sent in (as `PhaseRecord::phase`).
    pub phase: String,
    /// The power that sent it; None: the judge (a notice).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// The powers it was between, the sender among them; empty: to all.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub to: Vec<String>,
    /// Milliseconds since 1970 (UTC).
    pub sent_at: i64,
    pub body: String,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum GameResult {
    /// A power reached the victory condition.
    Solo(String),
    /// The surviving powers agreed to a draw.
    Draw(Vec<String>),
    /// Two or more powers reached the victory condition at once, in a
    /// variant with joint victories.
    Joint(Vec<String>),
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PhaseRecord {
    pub phase: String,
    pub start: PositionJson,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub submissions: Vec<Submission>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub processed: Option<Processed>,
}

/// One submission of orders by (or for) a power.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Submission {
    pub power: String,
    /// Who submitted it (the power, or the game master on its behalf).
    pub by: String,
    /// When, as the submitting program's clock said (RFC 3339, UTC).
    pub at: String,
    pub orders: Vec<SubmittedOrder>,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SubmittedOrder {
    /// The line as written.
    pub text: String,
    /// accepted, replaced (an earlier order for the same unit) or rejected.
    pub status: Status,
    /// The order in judge notation (accepted and replaced orders).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<String>,
    /// Why it was rejected.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Accepted,
    Replaced,
    Rejected,
}

/// What processing the phase did.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Processed {
    /// The orders in force, by power, in judge notation.
    pub orders: BTreeMap<String, Vec<String>>,
    pub results: Vec<ResultRecord>,
    /// The position after the phase: the start of the next phase.
    pub end: PositionJson,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ResultRecord {
    pub power: String,
    pub order: String,
    /// SUCCESS, FAILURE or ILLEGAL.
    pub result: String,
    pub reason: String,
}

/// The time now, as a record writes it (RFC 3339, UTC, to the second).
pub fn now() -> String {
    let since_epoch = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    utc_text(since_epoch.map(|d| d.as_secs()).unwrap_or(0) as i64)
}

/// `secs` seconds after 1970-01-01 as RFC 3339 UTC (`2026-11-27T06:10:00Z`).
pub fn utc_text(secs: i64) -> String {
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z", rem / 3600, rem % 3600 / 60, rem % 60)
}
