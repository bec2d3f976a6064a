//! A conversation: the set of powers it is between (a private one has
//! two, a group more), or every power (public). Kept as its powers' names
//! sorted and joined by `|` (`*` for public); written in paths as `all` or
//! the names joined by `+` (any case).

use crate::error::{Error, Result};
use crate::secrecy::Audience;
use polemarch_engine::Variant;
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Conversation {
    /// Its powers, sorted (empty: public).
    pub powers: Vec<String>,
}

pub const PUBLIC_KEY: &str = "*";

impl Conversation {
    pub fn public() -> Self {
        Conversation { powers: Vec::new() }
    }

    pub fn is_public(&self) -> bool {
        self.powers.is_empty()
    }

    /// The conversation between these powers (the variant's names, any
    /// case): at least two different powers.
    pub fn between<'a>(v: &Variant, names: impl IntoIterator<Item = &'a str>) -> Result<Self> {
        let mut powers = Vec::new();
        for n in names.into_iter().map(str::trim).filter(|n| !n.is_empty()) {
            let p = v.power_named(n)?;
            powers.push(v.power(p).name.clone());
        }
        powers.sort();
        powers.dedup();
        if powers.len() < 2 {
            return Err(Error::bad("a message is to at least one other power (or to all)"));
        }
        Ok(Conversation { powers })
    }

    /// From its key as stored.
    pub fn from_key(key: &str) -> Self {
        match key {
            PUBLIC_KEY => Self::public(),
            k => Conversation { powers: k.split('|').map(String::from).collect() },
        }
    }

    pub fn key(&self) -> String {
        if self.is_public() {
            PUBLIC_KEY.to_string()
        } else {
            self.powers.join("|")
        }
    }

    /// From a path segment: `all`, or power names joined by `+`.
    pub fn from_path(v: &Variant, segment: &str) -> Result<Self> {
        if segment.eq_ignore_ascii_case("all") {
            Ok(Self::public())
        } else {
            Self::between(v, segment.split('+'))
        }
    }

    /// As a path segment (percent-encoded but for letters and digits).
    pub fn path(&self) -> String {
        if self.is_public() {
            return "all".into();
        }
        self.powers.iter().map(|p| crate::pages::path_segment(p)).collect::<Vec<_>>().join("+")
    }

    /// As a reader sees it named.
    pub fn title(&self) -> String {
        if self.is_public() {
            "All the powers (public)".into()
        } else {
            self.powers.join(", ")
        }
    }

    pub fn audience(&self) -> Audience<'_> {
        if self.is_public() {
            Audience::All
        } else {
            Audience::Powers(&self.powers)
        }
    }
}
