//! The saved game of the MILA `diplomacy` Python engine, read and written.
//! Phases are named `S1901M`, `F1901R`, `W1901A`; each holds the state at
//! its start (units by power, `*` marking a dislodged one; centres; homes;
//! retreats), the orders by power (`A YOR - BEL VIA`, `A BUD B`, `A TRI D`,
//! `A X R Y`, `WAIVE`) and the results by unit (`bounce`, `cut`,
//! `dislodged`, `void`, `no convoy`, `disrupted`, `disband`; '' or nothing
//! for success).

use super::mila_error::{ContentProblem, MilaError, NoteProblem, PhaseNameProblem};
use super::mila_order::{has_mila_form, mila_order, unit_ref_text, unit_text, upper};
use super::{Glitch, RecordedGame, RecordedPhase, RecordedResult};
use crate::adjudicate::{adjudicate, retreat_options, Reason, Verdict};
use crate::game::{position_at, GameError, GameRecord, GameResult};
use crate::order::{excerpt, parse_order, Action, Order};
use crate::state::json::{read_unit, BadUnit};
use crate::state::{Dislodged, Position};
use crate::variant::{normalize, Phase, PhaseKind, PowerId, ProvinceId, Variant};
use serde_json::{json, Map, Value};

/// `S1901M` as (season letter, year, kind letter).
pub(super) fn parse_phase_name(name: &str) -> Option<(char, i32, char)> {
    let mut chars = name.chars();
    let season = chars.next()?;
    let kind = chars.next_back()?;
    let year: i32 = chars.as_str().parse().ok()?;
    (season.is_ascii_uppercase() && matches!(kind, 'M' | 'R' | 'A')).then_some((season, year, kind))
}

fn phase_of(v: &Variant, name: &str) -> Result<Phase, MilaError> {
    let wrong = |problem| MilaError::PhaseName { name: name.into(), problem };
    let (season, year, kind) = parse_phase_name(name).ok_or_else(|| wrong(PhaseNameProblem::Shape))?;
    let season = match season {
        'S' => "Spring",
        'F' => "Fall",
        'W' => "Winter",
        other => return Err(wrong(PhaseNameProblem::Season(other))),
    };
    let kind = match kind {
        'M' => "movement",
        'R' => "retreat",
        _ => "adjustment",
    };
    v.calendar.parse_phase(&format!("{season} {year} {kind}")).map_err(|e| wrong(PhaseNameProblem::Calendar(e)))
}

/// The MILA name of a phase: season letter (Autumn is F), year, kind letter.
pub fn mila_phase_name(v: &Variant, phase: Phase) -> String {
    let step = v.calendar.step(phase);
    let name = &step.season;
    let season = if !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphabetic()) {
        // One word of ASCII letters (every calendar's): its normal form is
        // the word lower-cased, read here without making it.
        match name.as_str() {
            n if n.eq_ignore_ascii_case("autumn") || n.eq_ignore_ascii_case("fall") => 'F',
            n => n.as_bytes()[0].to_ascii_uppercase() as char,
        }
    } else {
        match normalize(name).as_str() {
            "autumn" | "fall" => 'F',
            s => s.chars().next().unwrap_or('X').to_ascii_uppercase(),
        }
    };
    let kind = match step.kind {
        PhaseKind::Movement => 'M',
        PhaseKind::Retreat => 'R',
        PhaseKind::Adjustment => 'A',
    };
    format!("{season}{}{kind}", phase.year)
}

fn power_of(v: &Variant, name: &str) -> Result<PowerId, ContentProblem> {
    v.find_power(name).ok_or_else(|| ContentProblem::UnknownPower(name.into()))
}

fn entries<'a>(value: Option<&'a Value>, field: &'static str) -> Result<Vec<(&'a String, &'a Value)>, ContentProblem> {
    match value {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Object(m)) => Ok(m.iter().collect()),
        Some(_) => Err(ContentProblem::NotAnObject { field }),
    }
}

fn strings<'a>(value: &'a Value, field: &'static str) -> Result<Vec<&'a str>, ContentProblem> {
    match value {
        Value::Null => Ok(Vec::new()),
        Value::Array(a) => a.iter().map(|s| s.as_str().ok_or(ContentProblem::NotStrings { field })).collect(),
        _ => Err(ContentProblem::NotAList { field }),
    }
}

/// A phase's state: units (`*` for dislodged) and centres; with it, where
/// the state contradicts itself (an unknown unit, power or centre, two
/// units in one province).
fn position(v: &Variant, phase: Phase, state: &Value) -> Result<(Position, Option<Glitch>), ContentProblem> {
    let mut pos = Position::empty(v, phase);
    let mut glitch = None;
    for (name, units) in entries(state.get("units"), "units")? {
        let Some(power) = v.find_power(name) else {
            Glitch::add(&mut glitch, || format!("units of unknown power `{}`", excerpt(name)), None);
            continue;
        };
        for u in strings(units, "units")? {
            let (dislodged, text) = match u.strip_prefix('*') {
                Some(t) => (true, t),
                None => (false, u),
            };
            let force = match read_unit(v, power, text) {
                Ok(force) => force,
                Err(e) => {
                    let why = match e {
                        BadUnit::Shape => "expected `A BUD`".to_string(),
                        BadUnit::Part(why) => why,
                    };
                    Glitch::add(&mut glitch, || format!("unit `{}` of {name}: {why}", excerpt(u)), None);
                    continue;
                }
            };
            let p = v.province_of(force.loc);
            let twice =
                if dislodged { super::dislodged_in(v, &pos, p).is_some() } else { pos.force_in(v, p).is_some() };
            if twice {
                Glitch::add(
                    &mut glitch,
                    || format!("unit `{}` of {name}: a second unit in {}", excerpt(u), v.province(p).name),
                    Some(p),
                );
            } else if dislodged {
                pos.dislodged.push(Dislodged { force, attacker_from: None, by_convoy: false, also_from: Vec::new() });
            } else {
                pos.forces.push(force);
            }
        }
    }
    for (name, centres) in entries(state.get("centers"), "centers")? {
        let power = v.find_power(name);
        for c in strings(centres, "centers")? {
            let centre = v.find_loc(c).map(|l| v.province_of(l)).filter(|&p| v.is_centre(p));
            match (power, centre) {
                (Some(power), Some(p)) => pos.owners[p.index()] = Some(power),
                (_, centre) => Glitch::add(
                    &mut glitch,
                    || {
                        format!(
                            "centers of {}: `{}` is not a supply centre of a known power",
                            excerpt(name),
                            excerpt(c)
                        )
                    },
                    centre,
                ),
            }
        }
    }
    pos.normalize();
    Ok((pos, glitch))
}

/// The codes that make an order of this kind fail.
fn failure_codes(action: &Action) -> &'static [&'static str] {
    match action {
        // The orders of the variants' own mechanics have no MILA form.
        _ if !has_mila_form(action) => &["void"],
        Action::Move { .. } => &["bounce", "void", "no convoy", "disrupted", "dislodged"],
        Action::SupportHold { .. } | Action::SupportMove { .. } => &["cut", "void", "dislodged"],
        Action::Convoy { .. } => &["dislodged", "void", "disrupted", "no convoy"],
        Action::Hold => &["dislodged", "void"],
        Action::Retreat { .. } => &["bounce", "disband", "void"],
        _ => &["void"],
    }
}

/// `A YOR - BEL VIA` and friends: an order of `power` in MILA notation
/// (a move in a retreat phase is a retreat).
pub fn read_mila_order(v: &Variant, power: PowerId, text: &str, kind: PhaseKind) -> Result<Order, MilaError> {
    let trimmed = text.trim();
    let (body, via) = match trimmed.strip_suffix(" VIA") {
        Some(b) => (b, true),
        None => (trimmed, false),
    };
    let mut order = parse_order(v, body, Some(power)).map_err(|error| MilaError::Order { text: text.into(), error })?;
    if let Action::Move { via_convoy, to } = &mut order.action {
        *via_convoy |= via;
        if kind == PhaseKind::Retreat {
            order.action = Action::Retreat { to: *to };
        }
    }
    Ok(order)
}

/// Reads a MILA saved game; `name` labels it (`RecordedGame::name`).
pub fn import_mila(v: &Variant, text: &str) -> Result<RecordedGame, MilaError> {
    let json: Value = serde_json::from_str(text).map_err(|e| MilaError::Json {
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
    })?;
    let list = json.get("phases").and_then(|p| p.as_array()).ok_or(MilaError::NoPhases)?;
    let mut phases = Vec::with_capacity(list.len());
    let mut end = None;
    for (i, p) in list.iter().enumerate() {
        let label = p.get("name").and_then(|n| n.as_str()).ok_or(MilaError::Unnamed { index: i + 1 })?;
        let err = |problem| MilaError::In { phase: label.into(), problem };
        if label == COMPLETED && i + 1 == list.len() && i > 0 {
            // The game's end. Won by play, its state is where the last
            // phase played led: a phase of the game, the one it ended in.
            end = Some(end_of(v, p, &list[i - 1]).map_err(MilaError::Note)?);
            if let Some(last) = phases.last().filter(|_| played(&list[i - 1])) {
                // `label` is COMPLETED.
                let state = p.get("state").ok_or_else(|| err(ContentProblem::NoState))?;
                let (start, start_glitch) = position(v, next_phase(v, last), state).map_err(err)?;
                phases.push(RecordedPhase {
                    label: label.into(),
                    start,
                    orders: Vec::new(),
                    results: None,
                    start_glitch,
                    orders_glitch: None,
                });
            }
            break;
        }
        let phase = phase_of(v, label)?;
        let kind = v.calendar.kind(phase);
        let state = p.get("state").ok_or_else(|| err(ContentProblem::NoState))?;
        let (start, start_glitch) = position(v, phase, state).map_err(err)?;
        let mut orders = Vec::new();
        let mut keys = Vec::new();
        let mut orders_glitch = None;
        for (power_name, list) in entries(p.get("orders"), "orders").map_err(err)? {
            let power = power_of(v, power_name).map_err(err)?;
            for text in strings(list, "orders").map_err(err)? {
                match read_mila_order(v, power, text, kind) {
                    Ok(o) => {
                        orders.push(o);
                        keys.push(text.split_whitespace().take(2).collect::<Vec<_>>().join(" "));
                    }
                    Err(e) => {
                        orders_glitch.get_or_insert_with(|| e.to_string());
                    }
                }
            }
        }
        let results = match p.get("results") {
            Some(Value::Object(by_unit)) if !orders.is_empty() => Some(
                orders
                    .iter()
                    .zip(&keys)
                    .map(|(o, key)| {
                        if o.action == Action::Waive {
                            return None;
                        }
                        let codes: Vec<&str> = by_unit
                            .get(key)
                            .and_then(|c| c.as_array())?
                            .iter()
                            .filter_map(|c| c.as_str())
                            .filter(|c| !c.is_empty())
                            .collect();
                        let fails = failure_codes(&o.action);
                        Some(RecordedResult {
                            success: !codes.iter().any(|c| fails.contains(c)),
                            said: if codes.is_empty() { "ok".into() } else { codes.join(", ") },
                        })
                    })
                    .collect(),
            ),
            _ => None,
        };
        phases.push(RecordedPhase { label: label.into(), start, orders, results, start_glitch, orders_glitch });
    }
    Ok(RecordedGame { phases, end })
}

/// The phase that follows a recorded phase: the judge's, where the phase
/// can be adjudicated (a phase nobody has anything in is skipped), else the
/// calendar's next.
fn next_phase(v: &Variant, phase: &RecordedPhase) -> Phase {
    if phase.start_glitch.is_some() || phase.orders_glitch.is_some() {
        return v.calendar.next(phase.start.phase);
    }
    adjudicate(v, &phase.start, &phase.orders).next.phase
}

/// MILA's result codes for one of polemarch's results.
fn codes(kind: PhaseKind, verdict: Verdict, reason: Reason, dislodged: bool) -> Vec<&'static str> {
    let mut c: Vec<&'static str> = match (kind, reason) {
        (PhaseKind::Adjustment, Reason::CivilDisorder) => vec!["disband"],
        (PhaseKind::Adjustment, _) => vec![if verdict == Verdict::Illegal { "void" } else { "" }],
        (PhaseKind::Retreat, Reason::Retreated) => vec![],
        (PhaseKind::Retreat, Reason::RetreatBounced) => vec!["bounce", "disband"],
        (PhaseKind::Retreat, Reason::Disbanded | Reason::NoOrder) => vec!["disband"],
        (PhaseKind::Retreat, _) => vec!["void", "disband"],
        (_, Reason::Illegal(_) | Reason::Void) => vec!["void"],
        (_, Reason::Bounced { .. } | Reason::OwnUnit { .. }) => vec!["bounce"],
        (_, Reason::NoConvoyRoute | Reason::ConvoyUnused) => vec!["no convoy"],
        (_, Reason::ConvoyParadox) => vec!["disrupted"],
        (_, Reason::SupportCut { .. }) => vec!["cut"],
        (_, Reason::Dislodged { .. }) => vec!["dislodged"],
        _ => vec![],
    };
    if dislodged && !c.contains(&"dislodged") {
        c.push("dislodged");
    }
    c
}

/// One power's part of a position as MILA writes it: its units (`A PAR`,
/// a dislodged one starred), centres, homes, and each dislodged unit with
/// where it may retreat, sorted by unit.
pub struct MilaPower {
    pub units: Vec<String>,
    pub centers: Vec<String>,
    pub homes: Vec<String>,
    pub retreats: Vec<(String, Vec<String>)>,
}

/// Every power's part of the position, in the variant's order of powers.
pub fn mila_powers(v: &Variant, pos: &Position) -> Vec<MilaPower> {
    v.power_ids().map(|p| mila_power(v, pos, p)).collect()
}

/// Power `p`'s part of the position (`mila_powers`), written alone: a
/// Python `Power` asks for one power's lists.
pub fn mila_power(v: &Variant, pos: &Position, p: PowerId) -> MilaPower {
    let abbr = |p: ProvinceId| upper(v.province(p).abbr.clone());
    let mut out = MilaPower {
        units: Vec::new(),
        centers: Vec::new(),
        homes: v.power(p).homes.iter().map(|&h| abbr(h)).collect(),
        retreats: Vec::new(),
    };
    for f in pos.forces.iter().filter(|f| f.power == p) {
        out.units.push(unit_text(v, &f.components, f.loc));
    }
    for d in pos.dislodged.iter().filter(|d| d.force.power == p) {
        let text = unit_text(v, &d.force.components, d.force.loc);
        out.units.push(format!("*{text}"));
        let options = retreat_options(v, pos, d).into_iter().map(|l| upper(v.loc_abbr(l))).collect();
        out.retreats.push((text, options));
    }
    for (c, owner) in pos.owners.iter().enumerate() {
        if *owner == Some(p) {
            out.centers.push(abbr(ProvinceId::new(c)));
        }
    }
    out.retreats.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// A position as MILA's `state`: its phase's name, units by power (`*`
/// marking a dislodged one), centres, homes, and each dislodged unit's
/// retreats.
pub fn mila_state(v: &Variant, pos: &Position) -> Value {
    let (mut units, mut centers, mut homes, mut retreats) = (Map::new(), Map::new(), Map::new(), Map::new());
    for (p, mine) in v.powers.iter().zip(mila_powers(v, pos)) {
        let key = p.name.to_uppercase();
        let by_unit = mine.retreats.into_iter().map(|(u, to)| (u, Value::from(to))).collect::<Map<String, Value>>();
        retreats.insert(key.clone(), Value::Object(by_unit));
        units.insert(key.clone(), Value::from(mine.units));
        centers.insert(key.clone(), Value::from(mine.centers));
        homes.insert(key, Value::from(mine.homes));
    }
    let name = mila_phase_name(v, pos.phase);
    json!({ "name": name, "units": units, "centers": centers, "homes": homes, "retreats": retreats })
}

/// The results of a phase adjudicated from `pos` as MILA writes them: by
/// unit (`A PAR`), its codes (`bounce`, `cut`, `dislodged` ...).
pub fn mila_results(v: &Variant, pos: &Position, outcome: &crate::adjudicate::Outcome) -> Map<String, Value> {
    let kind = v.calendar.kind(pos.phase);
    let mut results = Map::new();
    for r in &outcome.results {
        let Some(u) = &r.order.unit else { continue };
        let dislodged =
            kind == PhaseKind::Movement
                && outcome.next.dislodged.iter().any(|d| {
                    v.province_of(d.force.loc) == v.province_of(u.loc) && Some(d.force.power) == r.order.power
                });
        let c: Vec<Value> = codes(kind, r.verdict(), r.reason, dislodged).into_iter().map(Value::from).collect();
        results.entry(unit_ref_text(v, pos, u)).or_insert(c.into());
    }
    results
}

/// A MILA saved game of a polemarch record: every phase with its state at
/// the start, and for the processed ones the orders in force and the results
/// (adjudicated again from the recorded position and orders).
pub fn export_mila(v: &Variant, rec: &GameRecord) -> Result<Value, GameError> {
    let powers =
        || v.powers.iter().map(|p| (p.name.to_uppercase(), Value::Array(Vec::new()))).collect::<Map<String, Value>>();
    let mut phases = Vec::with_capacity(rec.phases.len());
    for (i, record) in rec.phases.iter().enumerate() {
        let pos = position_at(v, rec, i)?;
        let name = mila_phase_name(v, pos.phase);
        let state = mila_state(v, &pos);
        let key = |p: PowerId| v.power(p).name.to_uppercase();
        let (mut orders_json, mut results_json) = (Map::new(), Map::new());
        if let Some(done) = &record.processed {
            orders_json = powers();
            let mut orders = Vec::new();
            for (power_name, list) in &done.orders {
                let at = |e: String| GameError::Record(format!("phase {}: {e}", record.phase));
                let power = power_of(v, power_name).map_err(|e| at(e.to_string()))?;
                for text in list {
                    let o = parse_order(v, text, Some(power)).map_err(|e| at(format!("order `{text}`: {e}")))?;
                    orders_json[&key(power)].as_array_mut().unwrap().push(mila_order(v, &pos, &o).into());
                    orders.push(o);
                }
            }
            results_json = mila_results(v, &pos, &adjudicate(v, &pos, &orders));
        }
        // MILA reads no phase without its messages (none: polemarch games of
        // the API or the CLI carry no press here).
        phases.push(
            json!({ "name": name, "state": state, "orders": orders_json, "results": results_json, "messages": [] }),
        );
    }
    if let Some(result) = &rec.result {
        // A game won by play ends where MILA's ends: the phase after the
        // last one played is COMPLETED. A game ended by agreement keeps its
        // open phase (with nothing played), then COMPLETED, as MILA's draw.
        if crate::game::won_by_play(v, rec) {
            phases.pop();
        }
        let mut end = crate::game::current(v, rec)?;
        end.dislodged.clear();
        let mut state = mila_state(v, &end);
        state["name"] = COMPLETED.into();
        state["note"] = victory_note(result).into();
        phases.push(json!({ "name": COMPLETED, "state": state, "orders": {}, "results": {}, "messages": [] }));
    }
    let messages = mila_messages(rec, &phases);
    let id = format!("polemarch-{}", rec.seed);
    Ok(json!({ "id": id, "map": rec.variant, "rules": [], "phases": phases, "messages": messages }))
}

/// The name MILA gives the phase after a game's end.
const COMPLETED: &str = "COMPLETED";

/// The powers a result names: the winner, or those sharing the draw or the
/// victory.
fn victors(result: &GameResult) -> &[String] {
    match result {
        GameResult::Solo(p) => std::slice::from_ref(p),
        GameResult::Draw(ps) | GameResult::Joint(ps) => ps,
    }
}

/// How MILA notes a game's end in its last state: `Victory by: FRA` for a
/// solo, every power sharing a draw (`Victory by: ENG, FRA, GER`), each by
/// the first three letters of its name.
fn victory_note(result: &GameResult) -> String {
    let short: Vec<String> = victors(result).iter().map(|p| p.to_uppercase().chars().take(3).collect()).collect();
    format!("Victory by: {}", short.join(", "))
}

/// The powers of a MILA victory note, each found by the first three
/// letters of its name.
fn read_victory_note(v: &Variant, note: &str) -> Result<Vec<String>, NoteProblem> {
    let list = note.strip_prefix("Victory by:").ok_or_else(|| NoteProblem::Shape { found: note.into() })?;
    let mut powers = Vec::new();
    for short in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let short = short.to_uppercase();
        let mut named = v.powers.iter().filter(|p| p.name.to_uppercase().starts_with(&short));
        match (named.next(), named.next()) {
            (Some(p), None) => powers.push(p.name.clone()),
            (None, _) => return Err(NoteProblem::NoPower { short }),
            (Some(a), Some(b)) => {
                return Err(NoteProblem::Ambiguous { short, one: a.name.clone(), other: b.name.clone() })
            }
        }
    }
    if powers.is_empty() {
        return Err(NoteProblem::Empty);
    }
    Ok(powers)
}

/// Was this phase of a saved game played (orders given, results)? MILA's
/// draw keeps the phase it ended with, nothing played in it.
fn played(phase: &Value) -> bool {
    let orders = phase
        .get("orders")
        .and_then(Value::as_object)
        .is_some_and(|m| m.values().any(|o| o.as_array().is_some_and(|a| !a.is_empty())));
    let results = phase.get("results").and_then(Value::as_object).is_some_and(|m| !m.is_empty());
    orders || results
}

/// The end of a saved game from its COMPLETED phase, which follows
/// `before`: a phase played before it, the judge found the winner (one, or
/// several sharing the victory); nothing played, the powers agreed (a draw
/// of several, a concession to one).
fn end_of(v: &Variant, completed: &Value, before: &Value) -> Result<GameResult, NoteProblem> {
    let note = completed.get("state").and_then(|s| s.get("note")).and_then(Value::as_str).unwrap_or("");
    let mut powers = read_victory_note(v, note)?;
    Ok(match (played(before), powers.len()) {
        (_, 1) => GameResult::Solo(powers.remove(0)),
        (true, _) => GameResult::Joint(powers),
        (false, _) => GameResult::Draw(powers),
    })
}

/// The record's messages as MILA's: one per recipient (MILA has no
/// groups), `GLOBAL` for one to all, `SYSTEM` for the judge's notices,
/// the phase by its MILA name, the time in microseconds.
fn mila_messages(rec: &GameRecord, phases: &[Value]) -> Vec<Value> {
    let mut out = Vec::new();
    for m in &rec.messages {
        let phase = rec
            .phases
            .iter()
            .position(|p| p.phase == m.phase)
            .and_then(|i| phases[i]["name"].as_str())
            .unwrap_or(&m.phase);
        let sender = m.from.as_deref().map_or("SYSTEM".to_string(), str::to_uppercase);
        let recipients: Vec<String> = if m.to.is_empty() {
            vec!["GLOBAL".into()]
        } else {
            m.to.iter().filter(|p| m.from.as_ref() != Some(p)).map(|p| p.to_uppercase()).collect()
        };
        for r in recipients {
            let time_sent = m.sent_at * 1000;
            out.push(json!({
                "sender": sender, "recipient": r, "time_sent": time_sent, "phase": phase, "message": m.body
            }));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{self, GameResult};
    use crate::variant::embedded_variant;

    /// Every built-in calendar's season letter, read without normalising a
    /// one-word name, is the letter of its normal form (`F` for autumn and
    /// fall), and a season written otherwise still reads by it.
    #[test]
    fn a_season_reads_as_its_normal_form() {
        let by_normal = |season: &str| match normalize(season).as_str() {
            "autumn" | "fall" => 'F',
            s => s.chars().next().unwrap_or('X').to_ascii_uppercase(),
        };
        for id in crate::variant::embedded_ids() {
            let mut v = embedded_variant(id).expect("built in").expect("valid");
            for step in 0..v.calendar.steps.len() {
                let phase = Phase { step: step as u8, year: 1901 };
                let letter = by_normal(&v.calendar.steps[step].season);
                assert_eq!(mila_phase_name(&v, phase)[..1], letter.to_string(), "{id}");
                v.calendar.steps[step].season = format!(" {}. ", v.calendar.steps[step].season.to_uppercase());
                assert_eq!(mila_phase_name(&v, phase)[..1], letter.to_string(), "{id}, written otherwise");
            }
        }
    }

    fn standard() -> Variant {
        embedded_variant("standard").expect("built in").expect("valid")
    }

    /// The phase names of an export, and its last state's note.
    fn names_and_note(saved: &Value) -> (Vec<String>, String) {
        let phases = saved["phases"].as_array().unwrap();
        let names = phases.iter().map(|p| p["name"].as_str().unwrap().to_string()).collect();
        let last = &phases.last().unwrap()["state"];
        assert_eq!(last["name"], phases.last().unwrap()["name"], "a state names its phase");
        (names, last["note"].as_str().unwrap_or("").to_string())
    }

    /// A game whose first phase starts at `position` (JSON).
    fn starting_at(v: &Variant, position: &str) -> GameRecord {
        let mut rec = game::new_game(v, "standard", 1);
        let pos = Position::from_json(v, position).unwrap();
        rec.phases[0].start = pos.to_json(v);
        rec.phases[0].phase = v.calendar.display(pos.phase).to_string();
        rec
    }

    /// Won by play, as MILA's own game ends: the phase after the winning one
    /// is COMPLETED, its state the final position, noting the winner. Read
    /// back, it is the game's last phase, and the game's result.
    #[test]
    fn a_solo_exports_as_a_completed_phase_and_reads_back() {
        let v = standard();
        let centres = ["bre", "par", "mar", "spa", "por", "bel", "hol", "den", "kie", "ber", "lon", "edi", "lvp"]
            .iter()
            .chain(&["nwy", "swe", "tun", "ven"])
            .map(|c| format!("\"{c}\""))
            .collect::<Vec<_>>()
            .join(", ");
        let mut rec = starting_at(
            &v,
            &format!(
                r#"{{"phase": "Fall 1901, Movement", "units": {{"France": ["A ruh"], "Italy": ["A rom"]}}, "owners": {{"France": [{centres}]}}}}"#
            ),
        );
        game::submit(&v, &mut rec, v.find_power("France").unwrap(), "France", "now", &["A ruh - mun".into()]).unwrap();
        game::process(&v, &mut rec).unwrap();
        assert_eq!(rec.result, Some(GameResult::Solo("France".into())));
        assert!(game::won_by_play(&v, &rec));
        let saved = export_mila(&v, &rec).unwrap();
        let (names, note) = names_and_note(&saved);
        assert_eq!(names, ["F1901M", "COMPLETED"], "the phase after the winning one is COMPLETED, in its place");
        assert_eq!(note, "Victory by: FRA");
        let last = &saved["phases"][1]["state"];
        assert_eq!(last["units"]["FRANCE"], json!(["A MUN"]), "the final position: {last}");
        assert!(last["centers"]["FRANCE"].as_array().unwrap().contains(&json!("MUN")), "{last}");
        assert_eq!(saved["phases"][1]["orders"], json!({}));
        let back = import_mila(&v, &saved.to_string()).unwrap();
        assert_eq!(back.end, rec.result, "read back, the game's result");
        assert_eq!(back.phases.len(), 2, "the COMPLETED phase is the position the game ended in");
        let end = game::current(&v, &rec).unwrap();
        assert_eq!(
            (back.phases[1].start.phase, &back.phases[1].start.forces, &back.phases[1].start.owners),
            (end.phase, &end.forces, &end.owners)
        );
    }

    /// Ended by agreement, as MILA's draw: the open phase is kept with
    /// nothing played in it, then COMPLETED notes every power sharing the
    /// draw; a concession, the one power conceded to.
    #[test]
    fn a_draw_and_a_concession_export_as_milas_draw_and_read_back() {
        let v = standard();
        let mut rec = game::new_game(&v, "standard", 1);
        game::draw(&v, &mut rec).unwrap();
        assert!(!game::won_by_play(&v, &rec));
        let saved = export_mila(&v, &rec).unwrap();
        let (names, note) = names_and_note(&saved);
        assert_eq!(names, ["S1901M", "COMPLETED"]);
        assert_eq!(note, "Victory by: AUS, ENG, FRA, GER, ITA, RUS, TUR");
        assert_eq!(saved["phases"][1]["state"]["units"], saved["phases"][0]["state"]["units"], "nothing was played");
        let back = import_mila(&v, &saved.to_string()).unwrap();
        assert_eq!(back.end, rec.result);
        assert_eq!(back.phases.len(), 1, "the phase the game ended in, never played");

        rec.result = Some(GameResult::Solo("Turkey".into()));
        assert!(!game::won_by_play(&v, &rec), "Turkey has not won on the board: conceded to");
        let saved = export_mila(&v, &rec).unwrap();
        assert_eq!(
            names_and_note(&saved),
            (vec!["S1901M".to_string(), "COMPLETED".to_string()], "Victory by: TUR".to_string())
        );
        assert_eq!(import_mila(&v, &saved.to_string()).unwrap().end, rec.result);
    }

    #[test]
    fn a_victory_note_names_known_powers_only() {
        let v = standard();
        assert_eq!(read_victory_note(&v, "Victory by: ENG, FRA").unwrap(), ["England", "France"]);
        let unknown = read_victory_note(&v, "Victory by: XYZ").unwrap_err();
        assert_eq!(unknown, NoteProblem::NoPower { short: "XYZ".into() });
        assert!(unknown.to_string().contains("no power's name starts with `XYZ`"));
        let drawn = read_victory_note(&v, "Drawn").unwrap_err();
        assert_eq!(drawn, NoteProblem::Shape { found: "Drawn".into() });
        assert!(drawn.to_string().contains("expected `Victory by: FRA, ...`"));
        let none = read_victory_note(&v, "Victory by: ").unwrap_err();
        assert_eq!(
            (none.to_string().as_str(), none),
            ("the note of the COMPLETED phase names no power", NoteProblem::Empty)
        );
    }
}
