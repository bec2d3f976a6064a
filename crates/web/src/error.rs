//! One error for every request: a status and a message a person can act
//! on. The JSON API answers `{"error": "..."}`; a page shows the message.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

#[derive(Debug, Clone)]
pub struct Error {
    pub status: StatusCode,
    pub message: String,
}

impl Error {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Error { status, message: message.into() }
    }
    /// Bad input: nothing was changed.
    pub fn bad(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }
    pub fn unauthorized() -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "sign in first")
    }
    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, message)
    }
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, message)
    }
    pub fn conflict(message: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, message)
    }
    pub fn too_many(message: impl Into<String>) -> Self {
        Self::new(StatusCode::TOO_MANY_REQUESTS, message)
    }
    /// A fault of the server: logged, and the client told only that.
    pub fn internal(message: impl Into<String>) -> Self {
        let message = message.into();
        eprintln!("polemarch serve: error: {message}");
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "the server failed to answer (the error is in its log)")
    }
}

pub type Result<T> = std::result::Result<T, Error>;

impl IntoResponse for Error {
    fn into_response(self) -> Response {
        (self.status, Json(serde_json::json!({ "error": self.message }))).into_response()
    }
}

/// The engine's game errors by kind: a game that is over refuses (409), a
/// missing phase is not found (404, numbered from 0 as the API numbers
/// them), a record that does not read is the server's fault (500).
impl From<polemarch_engine::game::GameError> for Error {
    fn from(e: polemarch_engine::game::GameError) -> Self {
        use polemarch_engine::game::GameError;
        match e {
            GameError::Over(_) | GameError::FirstPhase => Error::conflict(e.to_string()),
            GameError::NoPhase(n) => {
                Error::not_found(format!("the game has no phase {} (phases are numbered from 0)", n - 1))
            }
            GameError::Record(_) => Error::internal(e.to_string()),
        }
    }
}

/// A power's name a request gave that the variant does not have: bad input (400).
impl From<polemarch_engine::variant::UnknownPower> for Error {
    fn from(e: polemarch_engine::variant::UnknownPower) -> Self {
        Error::bad(e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use polemarch_engine::game::GameError;

    /// The status follows the kind of the engine's error, the text is the engine's.
    #[test]
    fn a_game_error_answers_by_its_kind() {
        let over = Error::from(GameError::Over("France wins".into()));
        assert_eq!((over.status, over.message.as_str()), (StatusCode::CONFLICT, "the game is over (France wins)"));
        let missing = Error::from(GameError::NoPhase(4));
        assert_eq!(missing.status, StatusCode::NOT_FOUND);
        assert_eq!(missing.message, "the game has no phase 3 (phases are numbered from 0)");
        let broken = Error::from(GameError::Record("phase Spring 1901, Movement: start: bad".into()));
        assert_eq!(broken.status, StatusCode::INTERNAL_SERVER_ERROR);
        assert!(!broken.message.contains("Spring 1901"), "a fault of the server is told only in its log");
    }
}
