//! Force compositions as written: `A`, `F`, `2A`, `A/F`, `2A/F`, `A/2F`, `G`,
//! and components that need no supply marked `*` (`A*`, `2A/F*`).

use super::{Component, Components, Kind};
use crate::order::excerpt;
use crate::variant::PowerId;
use std::fmt;

/// A composition that does not read: the text (cut short if long) and
/// what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CompositionError {
    /// A count that is not a number.
    BadCount(String),
    /// A part that is no kind of unit.
    NotAForce(String),
    /// A count of 0 or over 99.
    CountOutOfRange(String),
}

impl fmt::Display for CompositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompositionError::BadCount(text) => write!(f, "bad count in `{text}`"),
            CompositionError::NotAForce(text) => {
                write!(f, "`{text}` is not a force: expected components like A, F, 2A, A/F")
            }
            CompositionError::CountOutOfRange(text) => write!(f, "`{text}`: a component count must be 1 to 99"),
        }
    }
}

crate::error::text_errors!(CompositionError);

/// Parses a composition; every component belongs to `power`.
pub fn parse_composition(text: &str, power: PowerId) -> Result<Components, CompositionError> {
    let quoted = || excerpt(text).into_owned();
    let mut components = Components::new();
    for part in text.split('/') {
        let part = part.trim();
        let (part, free) = match part.strip_suffix('*') {
            Some(p) => (p, true),
            None => (part, false),
        };
        let digits = part.chars().take_while(|c| c.is_ascii_digit()).count();
        let (count, letter) = part.split_at(digits);
        let count: usize =
            if count.is_empty() { 1 } else { count.parse().map_err(|_| CompositionError::BadCount(quoted()))? };
        let kind = Kind::from_code(letter).ok_or_else(|| CompositionError::NotAForce(quoted()))?;
        if count == 0 || count > 99 {
            return Err(CompositionError::CountOutOfRange(quoted()));
        }
        components.extend(std::iter::repeat_n(Component { kind, power, free }, count));
    }
    Ok(components)
}

/// Writes a composition in the order of the kind table (A, F, G), each
/// kind's free components (`*`) after the others: `2A/F`, `A/A*`.
pub fn write_composition(components: &[Component]) -> String {
    // One unit (nearly every force): its letter.
    if let [one] = components {
        if !one.free {
            return one.kind.letter().to_string();
        }
    }
    let mut parts = Vec::new();
    for kind in Kind::all() {
        for free in [false, true] {
            let n = components.iter().filter(|c| c.kind == kind && c.free == free).count();
            let star = if free { "*" } else { "" };
            match n {
                0 => {}
                1 => parts.push(format!("{}{star}", kind.letter())),
                n => parts.push(format!("{n}{}{star}", kind.letter())),
            }
        }
    }
    parts.join("/")
}
