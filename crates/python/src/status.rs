//! The results of the phase last processed: MILA's codes by unit, and the
//! judge's own results with their reasons. Read from the game record (the
//! codes are those `export_mila` writes, adjudicated again from the
//! recorded position and orders).

use crate::game::Game;
use polemarch_engine::adjudicate::adjudicate;
use polemarch_engine::game::{position_at, ResultRecord};
use polemarch_engine::order::parse_order;
use polemarch_engine::replay::{mila_order, mila_results, mila_state};
use polemarch_engine::variant::{PhaseKind, PowerId};

/// A unit (`A PAR`) and its MILA result codes.
pub type UnitStatus = (String, Vec<String>);

/// By power: each unit of the phase last processed (in a Winter, each
/// unit ordered) and its MILA result codes.
pub fn last(game: &Game) -> Result<Vec<(PowerId, Vec<UnitStatus>)>, String> {
    let (v, rec) = (&game.v, &game.rec);
    let mut out: Vec<(PowerId, Vec<UnitStatus>)> = v.power_ids().map(|p| (p, Vec::new())).collect();
    let Some(i) = rec.phases.len().checked_sub(2) else { return Ok(out) };
    let Some(done) = &rec.phases[i].processed else { return Ok(out) };
    let pos = position_at(v, rec, i)?;
    let mut orders = Vec::new();
    for (name, texts) in &done.orders {
        let power = v.find_power(name).ok_or_else(|| format!("orders of unknown power `{name}`"))?;
        for t in texts {
            orders.push(parse_order(v, t, Some(power)).map_err(|e| format!("order `{t}`: {e}"))?);
        }
    }
    let outcome = adjudicate(v, &pos, &orders);
    let codes = mila_results(v, &pos, &outcome);
    let kind = v.calendar.kind(pos.phase);
    let codes_of = |unit: &str| -> Option<Vec<String>> {
        codes
            .get(unit)
            .and_then(|c| c.as_array())
            .map(|a| a.iter().filter_map(|c| c.as_str().map(String::from)).collect())
    };
    if kind == PhaseKind::Adjustment {
        for o in &orders {
            let (Some(power), Some(_)) = (o.power, &o.unit) else { continue };
            let unit = mila_order(v, &pos, o).split_whitespace().take(2).collect::<Vec<_>>().join(" ");
            let c = codes_of(&unit).unwrap_or_default();
            out[power.index()].1.push((unit, c));
        }
        return Ok(out);
    }
    let state = mila_state(v, &pos);
    for (power, units) in out.iter_mut() {
        let key = v.power(*power).name.to_uppercase();
        for text in state["units"][&key].as_array().into_iter().flatten().filter_map(|u| u.as_str()) {
            let (dislodged, unit) = match text.strip_prefix('*') {
                Some(u) => (true, u),
                None => (false, text),
            };
            if dislodged != (kind == PhaseKind::Retreat) {
                continue;
            }
            let province = v.find_loc(unit.split_whitespace().nth(1).unwrap_or("")).map(|l| v.province_of(l));
            let default = match kind {
                PhaseKind::Retreat => vec!["disband".to_string()],
                _ if outcome
                    .next
                    .dislodged
                    .iter()
                    .any(|d| Some(v.province_of(d.force.loc)) == province && d.force.power == *power) =>
                {
                    vec!["dislodged".into()]
                }
                _ => Vec::new(),
            };
            units.push((unit.to_string(), codes_of(unit).unwrap_or(default)));
        }
    }
    Ok(out)
}

/// The judge's results of the phase last processed, with their reasons.
pub fn results(game: &Game) -> Vec<ResultRecord> {
    let rec = &game.rec;
    rec.phases
        .len()
        .checked_sub(2)
        .and_then(|i| rec.phases[i].processed.as_ref())
        .map(|d| d.results.clone())
        .unwrap_or_default()
}
