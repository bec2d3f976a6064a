//! A polemarch game record as a recorded game: every phase's start, and for
//! the processed ones the orders in force and each order's recorded result.

use super::{RecordedGame, RecordedPhase, RecordedResult};
use crate::game::{position_at, GameRecord};
use crate::order::parse_order;
use crate::variant::Variant;

/// Reads a polemarch record; `name` labels it (`RecordedGame::name`).
pub fn import_own(v: &Variant, rec: &GameRecord) -> Result<RecordedGame, String> {
    let mut phases = Vec::with_capacity(rec.phases.len());
    for (i, record) in rec.phases.iter().enumerate() {
        let start = position_at(v, rec, i)?;
        let (mut orders, mut results) = (Vec::new(), None);
        if let Some(done) = &record.processed {
            let mut used = vec![false; done.results.len()];
            let mut said = Vec::new();
            for (power_name, list) in &done.orders {
                let power = v
                    .find_power(power_name)
                    .ok_or_else(|| format!("phase {}: unknown power `{power_name}`", record.phase))?;
                for text in list {
                    orders.push(
                        parse_order(v, text, Some(power))
                            .map_err(|e| format!("phase {}: order `{text}` of {power_name}: {e}", record.phase))?,
                    );
                    // The result recorded for this order: the first unused one
                    // of the same power and text.
                    let found = done
                        .results
                        .iter()
                        .enumerate()
                        .position(|(j, r)| !used[j] && r.power == *power_name && r.order == *text);
                    said.push(found.map(|j| {
                        used[j] = true;
                        let r = &done.results[j];
                        RecordedResult { success: r.result == "SUCCESS", said: format!("{} ({})", r.result, r.reason) }
                    }));
                }
            }
            results = Some(said);
        }
        phases.push(RecordedPhase {
            label: record.phase.clone(),
            start,
            orders,
            results,
            start_glitch: None,
            orders_glitch: None,
        });
    }
    Ok(RecordedGame { phases, end: rec.result.clone() })
}
