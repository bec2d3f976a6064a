//! Rate limits, per process: so many attempts per key (an address, an
//! account) in a window of time. Kept in memory: with several processes
//! each counts its own, which bounds a guesser all the same.

use crate::error::{Error, Result};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[derive(Debug, Clone)]
pub struct Settings {
    /// Sign-in and sign-up attempts per address, and sign-in attempts per
    /// account name, per minute.
    pub sign_in_per_minute: u32,
    /// Submissions (orders, ready) per account per minute.
    pub submissions_per_minute: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { sign_in_per_minute: 10, submissions_per_minute: 120 }
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

    pub fn sign_in(&self, ip: &str, name: Option<&str>) -> Result<()> {
        let max = self.settings.sign_in_per_minute;
        self.check(&format!("ip {ip}"), max)?;
        match name {
            Some(n) => self.check(&format!("name {}", n.to_lowercase()), max),
            None => Ok(()),
        }
    }

    pub fn submission(&self, user_id: i64) -> Result<()> {
        self.check(&format!("user {user_id}"), self.settings.submissions_per_minute)
    }
}
