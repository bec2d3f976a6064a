//! Force compositions as written: `A`, `F`, `2A`, `A/F`, `2A/F`, `A/2F`, `G`.

use super::{Component, Components, Kind};
use crate::variant::PowerId;

/// Parses a composition; every component belongs to `power`.
pub fn parse_composition(text: &str, power: PowerId) -> Result<Components, String> {
    let mut components = Components::new();
    for part in text.split('/') {
        let part = part.trim();
        let digits = part.chars().take_while(|c| c.is_ascii_digit()).count();
        let (count, letter) = part.split_at(digits);
        let count: usize = if count.is_empty() { 1 } else { count.parse().map_err(|_| format!("bad count in `{text}`"))? };
        let mut chars = letter.chars();
        let kind = match (chars.next(), chars.next()) {
            (Some(c), None) => Kind::from_letter(c),
            _ => None,
        }
        .ok_or_else(|| format!("`{text}` is not a force: expected components like A, F, 2A, A/F"))?;
        if count == 0 || count > 99 {
            return Err(format!("`{text}`: a component count must be 1 to 99"));
        }
        components.extend(std::iter::repeat(Component { kind, power }).take(count));
    }
    Ok(components)
}

/// Writes a composition in the canonical order A, F, G: `2A/F`.
pub fn write_composition(components: &[Component]) -> String {
    let mut parts = Vec::new();
    for kind in [Kind::Army, Kind::Fleet, Kind::Garrison] {
        let n = components.iter().filter(|c| c.kind == kind).count();
        match n {
            0 => {}
            1 => parts.push(kind.letter().to_string()),
            n => parts.push(format!("{n}{}", kind.letter())),
        }
    }
    parts.join("/")
}
