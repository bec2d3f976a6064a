//! Rate limits, per process: so many attempts per key (an address, an
//! account) in a window of time. Kept in memory: with several processes
//! each counts its own, which bounds a guesser all the same.

use crate::error::{Error, Result};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[derive(Debug, Clone)]
pub struct Settings {
    /// Sign-in and sign-up attempts per address, and failed sign-ins per
    /// account name, per minute.
    pub sign_in_per_minute: u32,
    /// Submissions (orders, ready) per account per minute.
    pub submissions_per_minute: u32,
    /// Press messages per account per minute.
    pub press_per_minute: u32,
    /// Count a request by the last address of its `X-Forwarded-For` (set
    /// by a trusted reverse proxy) rather than the connecting address.
    pub trust_forwarded_for: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { sign_in_per_minute: 10, submissions_per_minute: 120, press_per_minute: 30, trust_forwarded_for: false }
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
        let now = Instant::now();
        let mut windows = self.windows.lock().unwrap_or_else(|e| e.into_inner());
        if windows.len() > 100_000 {
            windows.retain(|_, (start, _)| now.duration_since(*start) < Duration::from_secs(60));
        }
        let entry = windows.entry(key.to_string()).or_insert((now, 0));
        if now.duration_since(entry.0) >= Duration::from_secs(60) {
            *entry = (now, 0);
        }
        if entry.1 >= max {
            let wait = 60 - now.duration_since(entry.0).as_secs();
            return Err(Error::too_many(format!("too many attempts: wait {wait} seconds")));
        }
        entry.1 += 1;
        Ok(())
    }

    /// An error if `key` had `max` attempts in the current minute, without
    /// counting one.
    fn full(&self, key: &str, max: u32) -> Result<()> {
        let now = Instant::now();
        let windows = self.windows.lock().unwrap_or_else(|e| e.into_inner());
        match windows.get(key) {
            Some((start, n)) if now.duration_since(*start) < Duration::from_secs(60) && *n >= max => {
                let wait = 60 - now.duration_since(*start).as_secs();
                Err(Error::too_many(format!("too many attempts: wait {wait} seconds")))
            }
            _ => Ok(()),
        }
    }

    /// A sign-in or sign-up attempt from `ip` (counted first: a flood from
    /// one address stops here), for the account `name` when signing in
    /// (refused once the name had as many failures this minute; only
    /// failures count, with [`Limits::sign_in_failed`]).
    pub fn sign_in(&self, ip: &str, name: Option<&str>) -> Result<()> {
        let max = self.settings.sign_in_per_minute;
        self.check(&format!("ip {ip}"), max)?;
        match name {
            Some(n) => self.full(&format!("name {}", n.to_lowercase()), max),
            None => Ok(()),
        }
    }

    /// A failed sign-in to the account `name`.
    pub fn sign_in_failed(&self, name: &str) {
        // Counting never fails when the limit is already reached: it was
        // checked (full) before the attempt.
        let _ = self.check(&format!("name {}", name.to_lowercase()), u32::MAX);
    }

    pub fn submission(&self, user_id: i64) -> Result<()> {
        self.check(&format!("user {user_id}"), self.settings.submissions_per_minute)
    }

    pub fn press(&self, user_id: i64) -> Result<()> {
        self.check(&format!("press {user_id}"), self.settings.press_per_minute)
    }
}
