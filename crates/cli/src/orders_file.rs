//! Orders files: one `Power: order` a line; `#` starts a comment.

use polemarch_engine::order::parse_order_line;
use polemarch_engine::{Order, Variant};

/// Reads every line; on any bad line, returns every error (`line N: ...`).
pub fn parse(v: &Variant, text: &str) -> Result<Vec<Order>, Vec<String>> {
    let mut orders = Vec::new();
    let mut errors = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("");
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
