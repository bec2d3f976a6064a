//! What can go wrong with a game, by kind: a caller chooses what to do by
//! the kind (the web judge answers 409 to [`GameError::Over`], 500 to
//! [`GameError::Record`], 400 to the others) and prints the text, which is
//! the same as the judge has always printed.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameError {
    /// The game is over (its result in words): nothing more can be
    /// submitted, processed or agreed.
    Over(String),
    /// The record does not read or is not a game of its variant: the
    /// stored data is at fault, not the request (the text says where).
    Record(String),
    /// There is no phase with this number (counted from 1).
    NoPhase(usize),
    /// Undo at the game's first phase.
    FirstPhase,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Over(result) => write!(f, "the game is over ({result})"),
            GameError::Record(why) => f.write_str(why),
            GameError::NoPhase(n) => write!(f, "the game has no phase {n}"),
            GameError::FirstPhase => f.write_str("nothing to undo: the game is at its first phase"),
        }
    }
}

crate::error::text_errors!(GameError);
