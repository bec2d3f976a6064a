//! Orders files: one `Power: order` a line; `#` starts a comment.

use polemarch_engine::order::{before_comment, parse_order_line};
use polemarch_engine::{Order, Variant};
use std::io::Read;
use std::path::Path;

/// The text of a file, or of standard input when the path is `-`.
pub fn read_input(path: &Path) -> Result<String, String> {
    if path == Path::new("-") {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).map_err(|e| format!("standard input: {e}"))?;
        Ok(s)
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
    }
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
            Err(e) => errors.push(format!("line {}: `{}`: {e}", i + 1, line.trim())),
        }
    }
    if errors.is_empty() {
        Ok(orders)
    } else {
        Err(errors)
    }
}
