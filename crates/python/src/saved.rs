//! A game rebuilt from a MILA saved game: the engine's MILA reader
//! (`import_mila`) gives each phase's position and orders; the orders are
//! played again from the variant's first position through the game
//! manager, so the record (variant state, seed, results) is the one the
//! game had when polemarch wrote the file, and writing it again gives the
//! same file. Where the saved position differs from the judge's (another
//! judge's game, an edited file), the saved one is taken.

use polemarch_engine::game::{self, GameRecord};
use polemarch_engine::replay::{import_mila, mila_state};
use polemarch_engine::variant::PowerId;
use polemarch_engine::{Position, Variant};
use serde_json::Value;

/// The variant the saved game names (`map`), `standard` when none.
pub fn map_of(json: &Value) -> Result<String, pyo3::PyErr> {
    match json.get("map") {
        None | Some(Value::Null) => Ok("standard".into()),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(_) => Err(crate::errors::SavedGameError::new_err("`map`: expected the variant's id as a string")),
    }
}

/// The seed polemarch wrote into the game's id (`polemarch-<seed>`), 0 for
/// another judge's game.
fn seed_of(json: &Value) -> u64 {
    json.get("id")
        .and_then(Value::as_str)
        .and_then(|id| id.strip_prefix("polemarch-"))
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

/// Units and centres of every power, each list sorted.
fn board(state: &Value) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    for field in ["units", "centers"] {
        for (power, list) in state.get(field).and_then(Value::as_object).into_iter().flatten() {
            let mut items: Vec<String> =
                list.as_array().into_iter().flatten().filter_map(|s| s.as_str().map(str::to_uppercase)).collect();
            items.sort();
            if !items.is_empty() {
                out.push((format!("{field} {}", power.to_uppercase()), items));
            }
        }
    }
    out.sort();
    out
}

/// Plays the saved game's orders again, phase by phase.
pub fn replay(v: &Variant, name: &str, json: &Value) -> Result<GameRecord, String> {
    let recorded = import_mila(v, &json.to_string())?;
    let states: Vec<&Value> = json["phases"].as_array().into_iter().flatten().map(|p| &p["state"]).collect();
    let count = recorded.phases.len();
    if count == 0 {
        return Err("the saved game has no phases".into());
    }
    let mut rec = game::new_game(v, name, seed_of(json));
    for (i, phase) in recorded.phases.iter().enumerate() {
        let at = |e: String| format!("phase {}: {e}", phase.label);
        if let Some(e) = &phase.orders_glitch {
            return Err(at(e.clone()));
        }
        // The phase after the end of a game is saved, with nothing in it.
        if rec.result.is_some() && (i + 1 < count || !phase.orders.is_empty()) {
            return Err(at(format!(
                "the saved game goes on, but the judge ended the game before it ({})",
                game::end_text(v, &rec).unwrap_or_default()
            )));
        }
        let mut pos = game::current(v, &rec)?;
        if pos.phase != phase.start.phase || board(&mila_state(v, &pos)) != board(states[i]) {
            if let Some(g) = &phase.start_glitch {
                return Err(at(g.what.clone()));
            }
            pos = take_saved(v, &mut rec, &phase.start);
        }
        submit(v, &mut rec, &pos, &phase.orders).map_err(at)?;
        if i + 1 < count {
            game::process(v, &mut rec).map_err(|e| at(e.into()))?;
        }
    }
    // A game ended by agreement (a draw, a concession) ends in the saved
    // file, not by play: its COMPLETED phase says how.
    if rec.result.is_none() {
        rec.result = recorded.end.clone();
    }
    Ok(rec)
}

/// The saved position replaces the judge's as the current phase's start.
fn take_saved(v: &Variant, rec: &mut GameRecord, saved: &Position) -> Position {
    let current = rec.phases.last_mut().expect("a current phase");
    current.phase = v.calendar.display(saved.phase).to_string();
    current.start = saved.to_json(v);
    saved.clone()
}

/// Submits the orders, each power's in one submission, in their order.
fn submit(v: &Variant, rec: &mut GameRecord, pos: &Position, orders: &[polemarch_engine::Order]) -> Result<(), String> {
    let mut powers: Vec<PowerId> = Vec::new();
    for p in orders.iter().filter_map(|o| o.power) {
        if !powers.contains(&p) {
            powers.push(p);
        }
    }
    let phase = rec.phases.last_mut().expect("a current phase");
    for p in powers {
        let lines: Vec<String> =
            orders.iter().filter(|o| o.power == Some(p)).map(|o| o.display(v).to_string()).collect();
        game::submit_at(v, pos, phase, p, "saved game", &game::record::now(), &lines)?;
    }
    Ok(())
}
