//! Orders files: one `Power: order` a line; `#` starts a comment.
//!
//! Their size is capped (docs/orders.md, "Limits"): a file of at most
//! `MAX_FILE_BYTES`, at most `MAX_ORDER_LINES` orders, lines of at most
//! `MAX_LINE_CHARS` characters. Past a cap the whole file is refused.

use crate::input;
use polemarch_engine::order::{before_comment, excerpt, parse_order_line};
use polemarch_engine::{Order, Variant};
use std::io::Read;
use std::path::Path;

/// The largest orders file read: 1 MiB.
pub const MAX_FILE_BYTES: u64 = 1 << 20;
/// The most order lines (not blank, not only a comment) in one file.
pub const MAX_ORDER_LINES: usize = 10_000;
/// The longest line, in characters.
pub const MAX_LINE_CHARS: usize = 1_000;

/// The text of a file, or of standard input when the path is `-`, within
/// the caps.
pub fn read_input(path: &Path) -> Result<String, String> {
    let name = if path == Path::new("-") { "standard input".to_string() } else { path.display().to_string() };
    let source: Box<dyn Read> = if path == Path::new("-") {
        Box::new(std::io::stdin())
    } else {
        Box::new(std::fs::File::open(path).map_err(|e| format!("{name}: {e}"))?)
    };
    let text = input::read_text(source, MAX_FILE_BYTES, "an orders file").map_err(|e| format!("{name}: {e}"))?;
    check_limits(&text).map_err(|e| format!("{name}: {e}"))?;
    Ok(text)
}

/// The caps on lines: each at most `MAX_LINE_CHARS` characters, at most
/// `MAX_ORDER_LINES` of them with an order.
pub fn check_limits(text: &str) -> Result<(), String> {
    let mut orders = 0;
    for (i, line) in text.lines().enumerate() {
        if line.chars().nth(MAX_LINE_CHARS).is_some() {
            return Err(format!(
                "line {}: longer than {MAX_LINE_CHARS} characters (`{}`)",
                i + 1,
                excerpt(line.trim())
            ));
        }
        if !before_comment(line).trim().is_empty() {
            orders += 1;
            if orders > MAX_ORDER_LINES {
                return Err(format!(
                    "more than {MAX_ORDER_LINES} order lines (line {} is the first past the cap)",
                    i + 1
                ));
            }
        }
    }
    Ok(())
}

/// Reads every line; on any bad line, returns every error (`line N: ...`).
pub fn parse(v: &Variant, text: &str) -> Result<Vec<Order>, Vec<String>> {
    let mut orders = Vec::new();
    let mut errors = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        // Not trimmed: an error's column is the file's.
        let line = before_comment(raw);
        if line.trim().is_empty() {
            continue;
        }
        match parse_order_line(v, line) {
            Ok(o) => orders.push(o),
            Err(e) => errors.push(format!("line {}: `{}`: {e}", i + 1, excerpt(line.trim()))),
        }
    }
    if errors.is_empty() {
        Ok(orders)
    } else {
        Err(errors)
    }
}
