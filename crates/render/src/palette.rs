//! Colours: each power's (the variant's `colour`, else a default palette),
//! the terrain's, and the results'.

use polemarch_engine::variant::PowerId;
use polemarch_engine::Variant;

/// Twelve colours far apart, for powers the variant gives none.
const DEFAULT: [&str; 12] = [
    "#c8102e", "#1b3f94", "#3fa9f5", "#5b4636", "#2e9e44", "#8a5cc2", "#e6b800", "#e8772e", "#1a9e9e", "#d45fa8",
    "#7a7a2a", "#444444",
];

/// The paper under the whole picture.
pub const PAPER: &str = "#fbf8f0";
pub const SEA: &str = "#b9d5ea";
pub const LAND: &str = "#efe6cc";
/// Water and land outside every province (real coastlines only).
pub const OPEN_SEA: &str = "#d3e4f1";
pub const OPEN_LAND: &str = "#ddd8c8";
pub const IMPASSABLE: &str = "#9a958c";
pub const BORDER: &str = "#6b6255";
pub const COAST: &str = "#34506b";
pub const INK: &str = "#222222";
pub const FAILED: &str = "#d01c1c";
pub const ILLEGAL: &str = "#8c8c8c";

/// A power's colour, `#rrggbb`.
pub fn power(v: &Variant, p: PowerId) -> String {
    v.power(p).colour.clone().unwrap_or_else(|| DEFAULT[p.index() % DEFAULT.len()].to_string())
}

/// `colour` mixed with white: `t` = 0 keeps it, 1 is white.
pub fn tint(colour: &str, t: f64) -> String {
    let [r, g, b] = rgb(colour);
    let mix = |c: u8| (c as f64 + (255.0 - c as f64) * t).round() as u8;
    format!("#{:02x}{:02x}{:02x}", mix(r), mix(g), mix(b))
}

/// `colour` mixed with black.
pub fn shade(colour: &str, t: f64) -> String {
    let [r, g, b] = rgb(colour);
    let mix = |c: u8| (c as f64 * (1.0 - t)).round() as u8;
    format!("#{:02x}{:02x}{:02x}", mix(r), mix(g), mix(b))
}

/// Black or white, whichever reads better on `colour`.
pub fn text_on(colour: &str) -> &'static str {
    let [r, g, b] = rgb(colour);
    let luma = 0.299 * r as f64 + 0.587 * g as f64 + 0.114 * b as f64;
    if luma > 150.0 {
        "#111111"
    } else {
        "#ffffff"
    }
}

pub fn rgb(colour: &str) -> [u8; 3] {
    let hex = colour.trim_start_matches('#');
    let part = |i: usize| hex.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok()).unwrap_or(128);
    [part(0), part(2), part(4)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tints_and_shades() {
        assert_eq!(tint("#000000", 0.5), "#808080");
        assert_eq!(shade("#ffffff", 0.5), "#808080");
        assert_eq!(text_on("#ffffff"), "#111111");
        assert_eq!(text_on("#1b3f94"), "#ffffff");
    }
}
