//! Accounts and sessions: names with argon2-hashed passwords; a session is
//! a random token (the cookie) with its own CSRF token, kept 30 days, and
//! found in the database by the token's SHA-256 (the token itself is kept
//! nowhere but in the client).

use crate::db::now;
use crate::error::{Error, Result};
use crate::security::{hashing, names, text};
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use rand::RngCore;
use sha2::{Digest, Sha256};
use sqlx::AnyPool;

pub const SESSION_DAYS: i64 = 30;

#[derive(Debug, Clone, serde::Serialize, sqlx::FromRow)]
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
    let ok = (2..=32).contains(&name.chars().count())
        && name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-' || c == '.');
    if ok {
        Ok(())
    } else {
        Err(Error::bad("a name is 2 to 32 letters, digits, `_`, `-` or `.`"))
    }
}

pub(crate) fn check_password(password: &str) -> Result<()> {
    if (8..=200).contains(&password.chars().count()) {
        Ok(())
    } else {
        Err(Error::bad("a password is 8 to 200 characters"))
    }
}

/// Names nobody may sign up with: the demo game's game master.
pub const RESERVED: &[&str] = &["demo"];

static HASHING_NOW: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
static HASHING_PEAK: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// The most argon2 runs this process has had at once.
pub fn hashing_peak() -> usize {
    HASHING_PEAK.load(std::sync::atomic::Ordering::SeqCst)
}

/// How many argon2 runs go at once (the number of cores).
pub fn hashing_permits() -> usize {
    hashing::threads()
}

/// Runs `work` (an argon2 hash or check: slow on purpose) on a hashing
/// thread (security::hashing), when one is free.
async fn argon2_run<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T> {
    use std::sync::atomic::Ordering::SeqCst;
    hashing::run(move || {
        let now = HASHING_NOW.fetch_add(1, SeqCst) + 1;
        HASHING_PEAK.fetch_max(now, SeqCst);
        let out = work();
        HASHING_NOW.fetch_sub(1, SeqCst);
        out
    })
    .await
}

pub(crate) async fn hash(password: String) -> Result<String> {
    argon2_run(move || {
        let salt = SaltString::generate(&mut rand::rngs::OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| Error::internal(format!("argon2: {e}")))
    })
    .await?
}

/// Whether `password` is the one `stored` was hashed from (an error when
/// no hashing thread was free: the caller is told to try again, and no
/// failure is counted).
pub(crate) async fn verify(password: String, stored: String) -> Result<bool> {
    argon2_run(move || {
        PasswordHash::new(&stored).is_ok_and(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok())
    })
    .await
}

/// A new account (names are unique whatever their case, and may not look
/// like one another; the reserved ones, and their look-alikes, are
/// refused).
pub async fn sign_up(db: &AnyPool, name: &str, password: &str) -> Result<User> {
    let name = names::normal(name);
    if let Some(r) = RESERVED.iter().find(|r| names::look_alike(&name, r)) {
        return Err(Error::conflict(format!("the name `{name}` is reserved (it is, or looks like, `{r}`)")));
    }
    create(db, &name, password).await
}

/// A new account, reserved names included (the demo's game master).
pub async fn create(db: &AnyPool, name: &str, password: &str) -> Result<User> {
    let name = &names::normal(name);
    text::name("a name", name)?;
    check_name(name)?;
    check_password(password)?;
    let hashed = hash(password.to_string()).await?;
    // The unique indexes on lower(name) (migration 2) and on the skeleton
    // (migration 5) refuse a name taken in another case or a look-alike.
    let id: Option<i64> = sqlx::query_scalar(
        "INSERT INTO users (name, skeleton, password_hash, created_at) VALUES ($1, $2, $3, $4) ON \
         CONFLICT DO NOTHING RETURNING id",
    )
    .bind(name)
    .bind(names::skeleton(name))
    .bind(hashed)
    .bind(now())
    .fetch_optional(db)
    .await?;
    match id {
        Some(id) => Ok(User { id, name: name.to_string() }),
        None => Err(Error::conflict(format!("the name `{name}` is taken, or looks too much like a name taken"))),
    }
}

/// A user's row as signing in reads it.
#[derive(sqlx::FromRow)]
struct Credentials {
    id: i64,
    name: String,
    password_hash: String,
}

/// A session's row, its user joined.
#[derive(sqlx::FromRow)]
struct SessionRow {
    #[sqlx(flatten)]
    user: User,
    csrf: String,
}

/// The user, if the name and password match (one message for both
/// failures: it does not tell which names exist).
pub async fn sign_in(db: &AnyPool, name: &str, password: &str) -> Result<User> {
    let name = &names::normal(name);
    text::name("a name", name)?;
    let row: Option<Credentials> =
        sqlx::query_as("SELECT id, password_hash, name FROM users WHERE lower(name) = lower($1)")
            .bind(name)
            .fetch_optional(db)
            .await?;
    let wrong = || Error::new(axum::http::StatusCode::UNAUTHORIZED, "wrong name or password");
    let Some(row) = row else {
        // As long as a real check, so that timing does not tell either.
        hash(password.to_string()).await?;
        return Err(wrong());
    };
    if verify(password.to_string(), row.password_hash).await? {
        Ok(User { id: row.id, name: row.name })
    } else {
        Err(wrong())
    }
}

/// What the database keeps of a session's token: its SHA-256, as hex. (The
/// token is 256 random bits, so a plain hash suffices: there is nothing to
/// guess that a slow hash would protect.)
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

pub async fn new_session(db: &AnyPool, user: &User) -> Result<Session> {
    let (token, csrf) = (random_token(), random_token());
    sqlx::query("INSERT INTO sessions (token_sha256, user_id, csrf, expires_at) VALUES ($1, $2, $3, $4)")
        .bind(token_hash(&token))
        .bind(user.id)
        .bind(&csrf)
        .bind(now() + SESSION_DAYS * 86_400)
        .execute(db)
        .await?;
    Ok(Session { user: user.clone(), token, csrf })
}

pub async fn session(db: &AnyPool, token: &str) -> Result<Option<Session>> {
    let row: Option<SessionRow> = sqlx::query_as(
        "SELECT u.id, u.name, s.csrf FROM sessions s JOIN users u ON u.id = s.user_id WHERE \
         s.token_sha256 = $1 AND s.expires_at > $2",
    )
    .bind(token_hash(token))
    .bind(now())
    .fetch_optional(db)
    .await?;
    Ok(row.map(|r| Session { user: r.user, token: token.to_string(), csrf: r.csrf }))
}

pub async fn end_session(db: &AnyPool, token: &str) -> Result<()> {
    sqlx::query("DELETE FROM sessions WHERE token_sha256 = $1").bind(token_hash(token)).execute(db).await?;
    Ok(())
}

/// Deletes the sessions that have expired.
pub async fn forget_expired(db: &AnyPool) -> Result<u64> {
    Ok(sqlx::query("DELETE FROM sessions WHERE expires_at <= $1").bind(now()).execute(db).await?.rows_affected())
}

pub async fn user_named(db: &AnyPool, name: &str) -> Result<User> {
    let name = &names::normal(name);
    text::name("a name", name)?;
    let row: Option<User> = sqlx::query_as("SELECT id, name FROM users WHERE lower(name) = lower($1)")
        .bind(name)
        .fetch_optional(db)
        .await?;
    match row {
        Some(user) => Ok(user),
        None => Err(Error::bad(format!("no user is named `{name}`"))),
    }
}
