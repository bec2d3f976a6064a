//! Accounts and sessions: names with argon2-hashed passwords; a session is
//! a random token (the cookie) with its own CSRF token, kept 30 days.

use crate::db::now;
use crate::error::{Error, Result};
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use rand::RngCore;
use sqlx::{AnyPool, Row};

pub const SESSION_DAYS: i64 = 30;

#[derive(Debug, Clone, serde::Serialize)]
pub struct User {
    pub id: i64,
    pub name: String,
}

/// A signed-in user with the session's CSRF token.
#[derive(Debug, Clone)]
pub struct Session {
    pub user: User,
    pub token: String,
    pub csrf: String,
}

/// 32 random bytes from the operating system's generator, as hex.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn check_name(name: &str) -> Result<()> {
    let ok = (2..=32).contains(&name.chars().count()) && name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-' || c == '.');
    if ok {
        Ok(())
    } else {
        Err(Error::bad("a name is 2 to 32 letters, digits, `_`, `-` or `.`"))
    }
}

fn check_password(password: &str) -> Result<()> {
    if (8..=200).contains(&password.chars().count()) {
        Ok(())
    } else {
        Err(Error::bad("a password is 8 to 200 characters"))
    }
}

/// Hashing is slow on purpose: it runs off the async threads.
async fn hash(password: String) -> Result<String> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut rand::rngs::OsRng);
        Argon2::default().hash_password(password.as_bytes(), &salt).map(|h| h.to_string()).map_err(|e| Error::internal(format!("argon2: {e}")))
    })
    .await
    .map_err(|e| Error::internal(format!("hashing task: {e}")))?
}

async fn verify(password: String, stored: String) -> bool {
    tokio::task::spawn_blocking(move || PasswordHash::new(&stored).is_ok_and(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok()))
        .await
        .unwrap_or(false)
}

pub async fn sign_up(db: &AnyPool, name: &str, password: &str) -> Result<User> {
    check_name(name)?;
    check_password(password)?;
    let hashed = hash(password.to_string()).await?;
    let row = sqlx::query("INSERT INTO users (name, password_hash, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING RETURNING id")
        .bind(name)
        .bind(hashed)
        .bind(now())
        .fetch_optional(db)
        .await?;
    match row {
        Some(row) => Ok(User { id: row.try_get(0)?, name: name.to_string() }),
        None => Err(Error::conflict(format!("the name `{name}` is taken"))),
    }
}

/// The user, if the name and password match (one message for both
/// failures: it does not tell which names exist).
pub async fn sign_in(db: &AnyPool, name: &str, password: &str) -> Result<User> {
    let row = sqlx::query("SELECT id, password_hash FROM users WHERE name = $1").bind(name).fetch_optional(db).await?;
    let wrong = || Error::new(axum::http::StatusCode::UNAUTHORIZED, "wrong name or password");
    let Some(row) = row else {
        // As long as a real check, so that timing does not tell either.
        let _ = hash(password.to_string()).await;
        return Err(wrong());
    };
    let stored: String = row.try_get(1)?;
    if verify(password.to_string(), stored).await {
        Ok(User { id: row.try_get(0)?, name: name.to_string() })
    } else {
        Err(wrong())
    }
}

pub async fn new_session(db: &AnyPool, user: &User) -> Result<Session> {
    let (token, csrf) = (random_token(), random_token());
    sqlx::query("INSERT INTO sessions (token, user_id, csrf, expires_at) VALUES ($1, $2, $3, $4)")
        .bind(&token)
        .bind(user.id)
        .bind(&csrf)
        .bind(now() + SESSION_DAYS * 86_400)
        .execute(db)
        .await?;
    Ok(Session { user: user.clone(), token, csrf })
}

pub async fn session(db: &AnyPool, token: &str) -> Result<Option<Session>> {
    let row = sqlx::query("SELECT u.id, u.name, s.csrf FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token = $1 AND s.expires_at > $2")
        .bind(token)
        .bind(now())
        .fetch_optional(db)
        .await?;
    Ok(match row {
        None => None,
        Some(r) => Some(Session { user: User { id: r.try_get(0)?, name: r.try_get(1)? }, token: token.to_string(), csrf: r.try_get(2)? }),
    })
}

pub async fn end_session(db: &AnyPool, token: &str) -> Result<()> {
    sqlx::query("DELETE FROM sessions WHERE token = $1").bind(token).execute(db).await?;
    Ok(())
}

/// Deletes the sessions that have expired.
pub async fn forget_expired(db: &AnyPool) -> Result<u64> {
    Ok(sqlx::query("DELETE FROM sessions WHERE expires_at <= $1").bind(now()).execute(db).await?.rows_affected())
}

pub async fn user_named(db: &AnyPool, name: &str) -> Result<User> {
    let row = sqlx::query("SELECT id FROM users WHERE name = $1").bind(name).fetch_optional(db).await?;
    match row {
        Some(r) => Ok(User { id: r.try_get(0)?, name: name.to_string() }),
        None => Err(Error::bad(format!("no user is named `{name}`"))),
    }
}
