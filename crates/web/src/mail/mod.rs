//! Mail, opt-in: a user gives an address and confirms it by the link sent
//! to it; per game he chooses phase results, deadline reminders (24 hours
//! and 1 hour before, only for powers whose orders are missing or not
//! ready) and press digests (at most one per game per quarter of an hour).
//! Nothing is sent inside a request or a phase's processing: what to send
//! is written to the `outbox` table, which a background task drains over
//! SMTP, trying again with a growing wait when the mail server fails (a
//! restart finds the table as it was). Every mail carries an unsubscribe
//! link that works without signing in. Without SMTP settings (flags or the
//! environment, never a file) there is no mail, and the server says so
//! once at start.

pub mod addresses;
pub mod compose;
pub mod outbox;
pub mod pages;

/// How the mail server is reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Security {
    /// STARTTLS on a plain connection (port 587).
    StartTls,
    /// TLS from the start (port 465).
    Tls,
    /// Neither: only for a mail server on this machine (a local sink).
    None,
}

impl Security {
    pub fn parse(s: &str) -> Result<Security, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "starttls" => Ok(Security::StartTls),
            "tls" => Ok(Security::Tls),
            "none" => Ok(Security::None),
            other => Err(format!("unknown SMTP security `{other}`: starttls, tls or none")),
        }
    }
}

#[derive(Debug, Clone)]
pub struct Settings {
    pub host: String,
    pub port: u16,
    pub security: Security,
    /// SMTP credentials, if the server wants them.
    pub user: Option<String>,
    pub password: Option<String>,
    /// The sender, `polemarch <judge@example.org>`.
    pub from: String,
    /// The site's address as players reach it, for the links in mails
    /// (`https://judge.example.org`).
    pub public_url: String,
    /// How often the outbox and the reminders are looked at.
    pub every: std::time::Duration,
}
