//! A processed phase's orders, read back from a game record, to be drawn.

use crate::DrawnOrder;
use polemarch_engine::adjudicate::Verdict;
use polemarch_engine::game::GameRecord;
use polemarch_engine::order::parse_order;
use polemarch_engine::Variant;

/// The orders of a processed phase with their results, read back from the
/// record's results (each result's order in judge notation).
pub fn phase_orders(v: &Variant, rec: &GameRecord, index: usize) -> Result<Vec<DrawnOrder>, String> {
    let phase = &rec.phases[index];
    let Some(done) = &phase.processed else {
        return Err(format!(
            "{} has not been processed: there are no results to draw (leave out --orders, or pick an earlier phase \
             with --phase)",
            phase.phase
        ));
    };
    let mut out = Vec::new();
    for r in &done.results {
        let power = v.power_named(&r.power).map_err(|e| format!("{}: result `{}`: {e}", phase.phase, r.order))?;
        let order =
            parse_order(v, &r.order, Some(power)).map_err(|e| format!("{}: result `{}`: {e}", phase.phase, r.order))?;
        let verdict = match r.result.as_str() {
            "SUCCESS" => Verdict::Success,
            "FAILURE" => Verdict::Failure,
            "ILLEGAL" => Verdict::Illegal,
            other => {
                return Err(format!(
                    "{}: result `{}`: `{other}` is not SUCCESS, FAILURE or ILLEGAL",
                    phase.phase, r.order
                ))
            }
        };
        out.push(DrawnOrder { order, verdict: Some(verdict) });
    }
    Ok(out)
}
