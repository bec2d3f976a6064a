//! `polemarch adjudicate`: one phase from a position and an orders file.

use crate::{input, orders_file, report, variants};
use polemarch_engine::{adjudicate, Position};
use std::path::Path;
use std::process::ExitCode;

pub fn run(
    variant: &str,
    edition: Option<&str>,
    position: Option<&Path>,
    orders: &Path,
    json: bool,
) -> Result<ExitCode, String> {
    let v = variants::load_as(variant, None, edition)?;
    let pos = match position {
        Some(path) => {
            let text = input::read_file(path, input::MAX_FILE_BYTES, "a position file")?;
            Position::from_json(&v, &text).map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => Position::start(&v),
    };
    let text = orders_file::read_input(orders)?;
    let orders = orders_file::parse(&v, &text).map_err(|errors| {
        let lines = if errors.len() == 1 { "line" } else { "lines" };
        format!(
            "{}: {} bad order {lines}; nothing was adjudicated:\n{}",
            orders.display(),
            errors.len(),
            errors.join("\n")
        )
    })?;
    let outcome = adjudicate(&v, &pos, &orders);
    if json {
        let results: Vec<serde_json::Value> = outcome
            .results
            .iter()
            .map(|r| {
                serde_json::json!({
                    "power": r.order.power.map(|p| v.power(p).name.clone()),
                    "order": r.order_text(&v),
                    "result": r.verdict().word(),
                    "reason": r.reason.describe(&v),
                })
            })
            .collect();
        let out = serde_json::json!({
            "phase": v.calendar.display(pos.phase).to_string(),
            "results": results,
            "next": outcome.next.to_json(&v),
        });
        println!("{}", serde_json::to_string_pretty(&out).expect("JSON values serialize"));
    } else {
        print!("{}", report::phase_report(&v, &pos, &outcome));
    }
    Ok(ExitCode::SUCCESS)
}
