//! Rate limits, per process: so many attempts per key (an address, an
//! account) in a window of time. Kept in memory: with several processes
//! each counts its own, which bounds a guesser all the same.

use crate::error::{Error, Result};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[derive(Debug, Clone)]
pub struct Settings {
    /// Sign-in and sign-up attempts per address a minute, and failed
    /// sign-ins to one account from one address a quarter of an hour.
    pub sign_in_per_minute: u32,
    /// Submissions (orders, ready) per account per minute.
    pub submissions_per_minute: u32,
    /// Press messages per account per minute.
    pub press_per_minute: u32,
    /// Count a request by the last address of its `X-Forwarded-For` (set
    /// by a trusted reverse proxy) rather than the connecting address.
    pub trust_forwarded_for: bool,
    /// Games an account may create an hour.
    pub games_per_hour: u32,
    /// Games an account may join (invite codes tried) a minute.
    pub joins_per_minute: u32,
    /// Seat changes (players and bots given) a game master may make a
    /// minute.
    pub seats_per_minute: u32,
    /// Connections one address (an IPv6 /64) may hold at once (none
    /// behind a trusted proxy, where every client has the proxy's).
    pub connections_per_address: usize,
    /// A request's head must be in within this long of the connection's
    /// opening or its previous answer.
    pub header_timeout: Duration,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            sign_in_per_minute: 10,
            submissions_per_minute: 120,
            press_per_minute: 30,
            trust_forwarded_for: false,
            games_per_hour: 10,
            joins_per_minute: 10,
            seats_per_minute: 60,
            connections_per_address: 256,
            header_timeout: Duration::from_secs(10),
        }
    }
}

const MINUTE: Duration = Duration::from_secs(60);
/// The window of failed sign-ins to one account from one address.
const QUARTER: Duration = Duration::from_secs(15 * 60);
const HOUR: Duration = Duration::from_secs(3600);
/// The longest window: older counts may be forgotten.
const LONGEST: Duration = HOUR;

fn wait(left: Duration) -> Error {
    Error::too_many(format!("too many attempts: wait {} seconds", left.as_secs().max(1)))
}

/// The key of failed sign-ins to the account `name` from `ip`.
fn failures_key(ip: &str, name: &str) -> String {
    format!("failed {} {}", address_key(ip), crate::security::names::normal(name).to_lowercase())
}

/// What an address counts as: itself, or, for IPv6, its /64 network (one
/// client commonly holds a whole /64).
pub fn address_key(ip: &str) -> String {
    match ip.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V6(v6)) if v6.to_ipv4_mapped().is_none() => {
            let s = v6.segments();
            format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
        }
        Ok(std::net::IpAddr::V6(v6)) => v6.to_ipv4_mapped().map(|v4| v4.to_string()).unwrap_or_default(),
        _ => ip.to_string(),
    }
}

pub struct Limits {
    pub settings: Settings,
    windows: Mutex<HashMap<String, (Instant, u32)>>,
}

impl Limits {
    pub fn new(settings: Settings) -> Self {
        Limits { settings, windows: Mutex::new(HashMap::new()) }
    }

    /// Counts one attempt for `key`; an error once there were `max` in the
    /// current minute.
    pub fn check(&self, key: &str, max: u32) -> Result<()> {
        self.count(key, max, MINUTE)
    }

    /// Counts one attempt for `key`; an error once there were `max` in the
    /// current `window`.
    fn count(&self, key: &str, max: u32, window: Duration) -> Result<()> {
        let now = Instant::now();
        let mut windows = self.windows.lock().unwrap_or_else(|e| e.into_inner());
        if windows.len() > 100_000 {
            windows.retain(|_, (start, _)| now.duration_since(*start) < LONGEST);
        }
        let entry = windows.entry(key.to_string()).or_insert((now, 0));
        if now.duration_since(entry.0) >= window {
            *entry = (now, 0);
        }
        if entry.1 >= max {
            return Err(wait(window - now.duration_since(entry.0)));
        }
        entry.1 += 1;
        Ok(())
    }

    /// An error if `key` had `max` attempts in the current `window`,
    /// without counting one.
    fn full(&self, key: &str, max: u32, window: Duration) -> Result<()> {
        let now = Instant::now();
        let windows = self.windows.lock().unwrap_or_else(|e| e.into_inner());
        match windows.get(key) {
            Some((start, n)) if now.duration_since(*start) < window && *n >= max => {
                Err(wait(window - now.duration_since(*start)))
            }
            _ => Ok(()),
        }
    }

    /// A sign-in or sign-up attempt from `ip` (counted first: a flood from
    /// one address stops here), for the account `name` when signing in:
    /// refused once this address failed to sign in to it as many times in
    /// a quarter of an hour (only failures count, with
    /// [`Limits::sign_in_failed`]). No limit is per name alone: the owner
    /// signing in from another address is never refused.
    pub fn sign_in(&self, ip: &str, name: Option<&str>) -> Result<()> {
        let max = self.settings.sign_in_per_minute;
        self.check(&format!("ip {}", address_key(ip)), max)?;
        match name {
            Some(n) => self.full(&failures_key(ip, n), max, QUARTER),
            None => Ok(()),
        }
    }

    /// A failed sign-in to the account `name` from `ip`.
    pub fn sign_in_failed(&self, ip: &str, name: &str) {
        // Counting never fails when the limit is already reached: it was
        // checked (full) before the attempt.
        let _ = self.count(&failures_key(ip, name), u32::MAX, QUARTER);
    }

    /// A game created by the account `user_id`.
    pub fn new_game(&self, user_id: i64) -> Result<()> {
        self.count(&format!("games {user_id}"), self.settings.games_per_hour, HOUR)
    }

    /// An invite code tried by the account `user_id`.
    pub fn join(&self, user_id: i64) -> Result<()> {
        self.check(&format!("joins {user_id}"), self.settings.joins_per_minute)
    }

    /// A seat changed by the game master `user_id`.
    pub fn seat(&self, user_id: i64) -> Result<()> {
        self.check(&format!("seats {user_id}"), self.settings.seats_per_minute)
    }

    pub fn submission(&self, user_id: i64) -> Result<()> {
        self.check(&format!("user {user_id}"), self.settings.submissions_per_minute)
    }

    pub fn press(&self, user_id: i64) -> Result<()> {
        self.check(&format!("press {user_id}"), self.settings.press_per_minute)
    }
}
