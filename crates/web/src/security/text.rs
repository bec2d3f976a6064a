//! Text from clients that the judge keeps or looks up: refused, with a
//! clear 400, when it holds a control character (NUL among them, which
//! PostgreSQL cannot keep) or an invisible formatting one (the bidi
//! overrides such as U+202E, which show a name backwards; zero-width
//! characters), on both databases alike.

use crate::error::{Error, Result};

/// The invisible formatting characters refused (Unicode's general
/// category Cf that can hide or reorder text).
fn invisible(c: char) -> bool {
    matches!(c as u32,
        0x00AD | 0x034F | 0x061C | 0x115F | 0x1160 | 0x17B4 | 0x17B5 | 0x180E | 0x3164 | 0xFFA0
        | 0x0600..=0x0605 | 0x06DD | 0x070F | 0x180B..=0x180D | 0x200B..=0x200F | 0x202A..=0x202E
        | 0x2060..=0x206F | 0xFE00..=0xFE0F | 0xFEFF | 0xFFF9..=0xFFFB | 0xE0000..=0xE0FFF)
}

/// The first character of `text` that may not be in it, if any (`lines`:
/// line breaks and tabs are allowed, as in orders).
pub fn forbidden(text: &str, lines: bool) -> Option<char> {
    text.chars().find(|&c| (c.is_control() && !(lines && matches!(c, '\n' | '\r' | '\t'))) || invisible(c))
}

/// Refuses a name (`what`: "a name", "a game's name", "an invite code")
/// with a control or formatting character.
pub fn name(what: &str, text: &str) -> Result<()> {
    refuse(what, forbidden(text, false))
}

/// Refuses lines of text (orders) with a control or formatting character
/// other than line breaks and tabs.
pub fn lines(what: &str, text: &str) -> Result<()> {
    refuse(what, forbidden(text, true))
}

fn refuse(what: &str, found: Option<char>) -> Result<()> {
    match found {
        None => Ok(()),
        Some(c) => {
            Err(Error::bad(format!("{what} may not contain the control or formatting character U+{:04X}", c as u32)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::forbidden;

    #[test]
    fn controls_and_bidi_overrides_are_found() {
        assert_eq!(forbidden("ann\u{0}", false), Some('\u{0}'));
        assert_eq!(forbidden("\u{202E}nna", false), Some('\u{202E}'));
        assert_eq!(forbidden("a\u{200B}b", false), Some('\u{200B}'));
        assert_eq!(forbidden("a\nb", false), Some('\n'));
        assert_eq!(forbidden("A par - bur\r\nF bre H\t", true), None);
        assert_eq!(forbidden("Frühling in Wien, 1901 — Ελλάς", false), None);
    }
}
