//! The load tests' accounts, made in the database: a thousand sign-ups
//! through the API took half a minute of argon2 (slow on purpose) before
//! each load test, which times submissions and messages, not sign-ups
//! (those have their own tests: api.rs, the flood test). Each account is a
//! row with the password hash of one account signed up through the API,
//! and a session as signing in opens it.

use crate::common::TestServer;
use polemarch_web::accounts::{new_session, User};
use polemarch_web::security::names;
use sqlx::AnyPool;

#[derive(Clone)]
pub struct Accounts {
    db: AnyPool,
    hash: String,
}

impl Accounts {
    pub async fn new(s: &TestServer) -> Accounts {
        let (name, _) = s.user("model").await;
        let hash = sqlx::query_scalar("SELECT password_hash FROM users WHERE name = $1")
            .bind(&name)
            .fetch_one(&s.app.db)
            .await
            .unwrap();
        Accounts { db: s.app.writer.clone(), hash }
    }

    /// A new account named `name`, signed in: its session's token.
    pub async fn sign_up(&self, name: &str) -> String {
        let name = names::normal(name);
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO users (name, skeleton, password_hash, created_at) VALUES ($1, $2, $3, 0) RETURNING id",
        )
        .bind(&name)
        .bind(names::skeleton(&name))
        .bind(&self.hash)
        .fetch_one(&self.db)
        .await
        .unwrap();
        new_session(&self.db, &User { id, name }).await.unwrap().token
    }
}
