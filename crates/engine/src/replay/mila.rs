//! The saved game of the MILA `diplomacy` Python engine, read and written.
//! Phases are named `S1901M`, `F1901R`, `W1901A`; each holds the state at
//! its start (units by power, `*` marking a dislodged one; centres; homes;
//! retreats), the orders by power (`A YOR - BEL VIA`, `A BUD B`, `A TRI D`,
//! `A X R Y`, `WAIVE`) and the results by unit (`bounce`, `cut`,
//! `dislodged`, `void`, `no convoy`, `disrupted`, `disband`; '' or nothing
//! for success).

use super::{Glitch, RecordedGame, RecordedPhase, RecordedResult};
use crate::adjudicate::{adjudicate, retreat_options, Reason, Verdict};
use crate::game::{position_at, GameRecord};
use crate::order::{excerpt, parse_order, Action, Order, UnitRef};
use crate::state::json::{read_unit, BadUnit};
use crate::state::{Dislodged, Position};
use crate::variant::{normalize, LocId, Phase, PhaseKind, PowerId, Variant};
use serde_json::{json, Map, Value};

/// `S1901M` as (season letter, year, kind letter).
pub(super) fn parse_phase_name(name: &str) -> Option<(char, i32, char)> {
    let mut chars = name.chars();
    let season = chars.next()?;
    let kind = chars.next_back()?;
    let year: i32 = chars.as_str().parse().ok()?;
    (season.is_ascii_uppercase() && matches!(kind, 'M' | 'R' | 'A')).then_some((season, year, kind))
}

fn phase_of(v: &Variant, name: &str) -> Result<Phase, String> {
    let (season, year, kind) = parse_phase_name(name).ok_or_else(|| format!("phase `{name}`: expected a name like S1901M, F1901R, W1901A"))?;
    let season = match season {
        'S' => "Spring",
        'F' => "Fall",
        'W' => "Winter",
        other => return Err(format!("phase `{name}`: unknown season letter `{other}`")),
    };
    let kind = match kind {
        'M' => "movement",
        'R' => "retreat",
        _ => "adjustment",
    };
    v.calendar.parse_phase(&format!("{season} {year} {kind}")).map_err(|e| format!("phase `{name}`: {e}"))
}

/// The MILA name of a phase: season letter (Autumn is F), year, kind letter.
pub fn mila_phase_name(v: &Variant, phase: Phase) -> String {
    let step = v.calendar.step(phase);
    let season = match normalize(&step.season).as_str() {
        "autumn" | "fall" => 'F',
        s => s.chars().next().unwrap_or('X').to_ascii_uppercase(),
    };
    let kind = match step.kind {
        PhaseKind::Movement => 'M',
        PhaseKind::Retreat => 'R',
        PhaseKind::Adjustment => 'A',
    };
    format!("{season}{}{kind}", phase.year)
}

fn power_of(v: &Variant, name: &str) -> Result<PowerId, String> {
    v.find_power(name).ok_or_else(|| format!("unknown power `{name}`"))
}

fn entries<'a>(value: Option<&'a Value>, what: &str) -> Result<Vec<(&'a String, &'a Value)>, String> {
    match value {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Object(m)) => Ok(m.iter().collect()),
        Some(_) => Err(format!("`{what}` is not an object")),
    }
}

fn strings<'a>(value: &'a Value, what: &str) -> Result<Vec<&'a str>, String> {
    match value {
        Value::Null => Ok(Vec::new()),
        Value::Array(a) => a.iter().map(|s| s.as_str().ok_or_else(|| format!("`{what}`: expected strings"))).collect(),
        _ => Err(format!("`{what}` is not a list")),
    }
}

/// A phase's state: units (`*` for dislodged) and centres; with it, where
/// the state contradicts itself (an unknown unit, power or centre, two
/// units in one province).
fn position(v: &Variant, phase: Phase, state: &Value) -> Result<(Position, Option<Glitch>), String> {
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
            let twice = if dislodged { super::dislodged_in(v, &pos, p).is_some() } else { pos.force_in(v, p).is_some() };
            if twice {
                Glitch::add(&mut glitch, || format!("unit `{}` of {name}: a second unit in {}", excerpt(u), v.province(p).name), Some(p));
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
                (_, centre) => {
                    Glitch::add(&mut glitch, || format!("centers of {}: `{}` is not a supply centre of a known power", excerpt(name), excerpt(c)), centre)
                }
            }
        }
    }
    pos.normalize();
    Ok((pos, glitch))
}

/// The codes that make an order of this kind fail.
fn failure_codes(action: &Action) -> &'static [&'static str] {
    match action {
        Action::Move { .. } => &["bounce", "void", "no convoy", "disrupted", "dislodged"],
        Action::SupportHold { .. } | Action::SupportMove { .. } => &["cut", "void", "dislodged"],
        Action::Convoy { .. } => &["dislodged", "void", "disrupted", "no convoy"],
        Action::Hold => &["dislodged", "void"],
        Action::Retreat { .. } => &["bounce", "disband", "void"],
        Action::Disband | Action::Build | Action::Remove | Action::Waive => &["void"],
        // The orders of the variants' own mechanics have no MILA form.
        Action::Merge { .. }
        | Action::SupportMerge { .. }
        | Action::Split { .. }
        | Action::Sack
        | Action::Convert { .. }
        | Action::Destroy
        | Action::Rebuild
        | Action::Loan { .. }
        | Action::EndLoan { .. }
        | Action::Designate { .. }
        | Action::Elect { .. }
        | Action::Outlaw { .. }
        | Action::Rival { .. }
        | Action::Fix { .. } => &["void"],
    }
}

/// `A YOR - BEL VIA` and friends: an order of `power` in MILA notation
/// (a move in a retreat phase is a retreat).
pub fn read_mila_order(v: &Variant, power: PowerId, text: &str, kind: PhaseKind) -> Result<Order, String> {
    let trimmed = text.trim();
    let (body, via) = match trimmed.strip_suffix(" VIA") {
        Some(b) => (b, true),
        None => (trimmed, false),
    };
    let mut order = parse_order(v, body, Some(power)).map_err(|e| format!("order `{text}`: {e}"))?;
    if let Action::Move { via_convoy, to } = &mut order.action {
        *via_convoy |= via;
        if kind == PhaseKind::Retreat {
            order.action = Action::Retreat { to: *to };
        }
    }
    Ok(order)
}

/// Reads a MILA saved game; `name` labels it (`RecordedGame::name`).
pub fn import_mila(v: &Variant, text: &str) -> Result<RecordedGame, String> {
    let json: Value = serde_json::from_str(text).map_err(|e| format!("MILA saved game, line {} column {}: {e}", e.line(), e.column()))?;
    let list = json.get("phases").and_then(|p| p.as_array()).ok_or("MILA saved game: no `phases` list")?;
    let mut phases = Vec::with_capacity(list.len());
    for (i, p) in list.iter().enumerate() {
        let label = p.get("name").and_then(|n| n.as_str()).ok_or_else(|| format!("phase {}: no name", i + 1))?;
        if label == "COMPLETED" && i + 1 == list.len() {
            break;
        }
        let err = |e: String| format!("phase {label}: {e}");
        let phase = phase_of(v, label)?;
        let kind = v.calendar.kind(phase);
        let state = p.get("state").ok_or_else(|| err("no state".into()))?;
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
                        orders_glitch.get_or_insert(e);
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
                        let codes: Vec<&str> =
                            by_unit.get(key).and_then(|c| c.as_array())?.iter().filter_map(|c| c.as_str()).filter(|c| !c.is_empty()).collect();
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
    Ok(RecordedGame { phases })
}

/// `A PAR`, `F STP/NC`. A force of one unit (nearly every force) is
/// written without the general composition writer: the Python package's
/// lists of legal orders write hundreds of units a phase.
fn unit_text(v: &Variant, components: &[crate::state::Component], loc: LocId) -> String {
    match components {
        [c] if !c.free => {
            let mut text = String::with_capacity(12);
            text.push_str(c.kind.letter());
            text.push(' ');
            text.push_str(&v.loc_abbr(loc));
            upper(text)
        }
        _ => upper(crate::state::json::unit_text(v, components, loc)),
    }
}

/// Upper case; without the Unicode tables where the text is ASCII (every
/// map's abbreviations are).
fn upper(mut text: String) -> String {
    if text.is_ascii() {
        text.make_ascii_uppercase();
        text
    } else {
        text.to_uppercase()
    }
}

/// The unit an order names, with its kind from the position when the order
/// leaves it out.
fn unit_ref_text(v: &Variant, pos: &Position, u: &UnitRef) -> String {
    match &super::diff::filled(v, pos, u).components {
        Some(c) => unit_text(v, c, u.loc),
        None => format!("A {}", v.loc_abbr(u.loc).to_uppercase()),
    }
}

/// An order in MILA notation.
pub fn mila_order(v: &Variant, pos: &Position, o: &Order) -> String {
    let loc = |l: LocId| upper(v.loc_abbr(l));
    let unit = o.unit.as_ref().map(|u| unit_ref_text(v, pos, u)).unwrap_or_default();
    match &o.action {
        Action::Hold => format!("{unit} H"),
        Action::Move { to, via_convoy } => format!("{unit} - {}{}", loc(*to), if *via_convoy { " VIA" } else { "" }),
        Action::SupportHold { unit: u } => format!("{unit} S {}", unit_ref_text(v, pos, u)),
        Action::SupportMove { unit: u, to } => format!("{unit} S {} - {}", unit_ref_text(v, pos, u), loc(*to)),
        Action::Convoy { unit: u, to } => format!("{unit} C {} - {}", unit_ref_text(v, pos, u), loc(*to)),
        Action::Retreat { to } => format!("{unit} R {}", loc(*to)),
        Action::Disband | Action::Remove => format!("{unit} D"),
        Action::Build => format!("{unit} B"),
        Action::Waive => "WAIVE".into(),
        // The orders of the variants' own mechanics have no MILA form:
        // written in polemarch's notation.
        Action::Merge { .. }
        | Action::SupportMerge { .. }
        | Action::Split { .. }
        | Action::Sack
        | Action::Convert { .. }
        | Action::Destroy
        | Action::Rebuild
        | Action::Loan { .. }
        | Action::EndLoan { .. }
        | Action::Designate { .. }
        | Action::Elect { .. }
        | Action::Outlaw { .. }
        | Action::Rival { .. }
        | Action::Fix { .. } => o.display(v).to_string().to_uppercase(),
    }
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

/// A position as MILA's `state`: its phase's name, units by power (`*`
/// marking a dislodged one), centres, homes, and each dislodged unit's
/// retreats.
pub fn mila_state(v: &Variant, pos: &Position) -> Value {
    let powers = || v.powers.iter().map(|p| (p.name.to_uppercase(), Value::Array(Vec::new()))).collect::<Map<String, Value>>();
    let (mut units, mut centers, mut homes) = (powers(), powers(), powers());
    let mut retreats: Map<String, Value> = v.powers.iter().map(|p| (p.name.to_uppercase(), json!({}))).collect();
    let key = |p: PowerId| v.power(p).name.to_uppercase();
    for f in &pos.forces {
        units[&key(f.power)].as_array_mut().unwrap().push(unit_text(v, &f.components, f.loc).into());
    }
    for d in &pos.dislodged {
        let text = unit_text(v, &d.force.components, d.force.loc);
        units[&key(d.force.power)].as_array_mut().unwrap().push(format!("*{text}").into());
        let options: Vec<Value> = retreat_options(v, pos, d).into_iter().map(|l| v.loc_abbr(l).to_uppercase().into()).collect();
        retreats[&key(d.force.power)].as_object_mut().unwrap().insert(text, options.into());
    }
    for (p, owner) in pos.owners.iter().enumerate() {
        if let Some(o) = owner {
            centers[&key(*o)].as_array_mut().unwrap().push(v.provinces[p].abbr.to_uppercase().into());
        }
    }
    for (p, power) in v.powers.iter().enumerate() {
        homes[&key(PowerId::new(p))] = power.homes.iter().map(|&h| Value::from(v.province(h).abbr.to_uppercase())).collect();
    }
    json!({ "name": mila_phase_name(v, pos.phase), "units": units, "centers": centers, "homes": homes, "retreats": retreats })
}

/// The results of a phase adjudicated from `pos` as MILA writes them: by
/// unit (`A PAR`), its codes (`bounce`, `cut`, `dislodged` ...).
pub fn mila_results(v: &Variant, pos: &Position, outcome: &crate::adjudicate::Outcome) -> Map<String, Value> {
    let kind = v.calendar.kind(pos.phase);
    let mut results = Map::new();
    for r in &outcome.results {
        let Some(u) = &r.order.unit else { continue };
        let dislodged = kind == PhaseKind::Movement
            && outcome.next.dislodged.iter().any(|d| v.province_of(d.force.loc) == v.province_of(u.loc) && Some(d.force.power) == r.order.power);
        let c: Vec<Value> = codes(kind, r.verdict(), r.reason, dislodged).into_iter().map(Value::from).collect();
        results.entry(unit_ref_text(v, pos, u)).or_insert(c.into());
    }
    results
}

/// A MILA saved game of a polemarch record: every phase with its state at
/// the start, and for the processed ones the orders in force and the results
/// (adjudicated again from the recorded position and orders).
pub fn export_mila(v: &Variant, rec: &GameRecord) -> Result<Value, String> {
    let powers = || v.powers.iter().map(|p| (p.name.to_uppercase(), Value::Array(Vec::new()))).collect::<Map<String, Value>>();
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
                let power = power_of(v, power_name).map_err(|e| format!("phase {}: {e}", record.phase))?;
                for text in list {
                    let o = parse_order(v, text, Some(power)).map_err(|e| format!("phase {}: order `{text}`: {e}", record.phase))?;
                    orders_json[&key(power)].as_array_mut().unwrap().push(mila_order(v, &pos, &o).into());
                    orders.push(o);
                }
            }
            results_json = mila_results(v, &pos, &adjudicate(v, &pos, &orders));
        }
        // MILA reads no phase without its messages (none: polemarch games of
        // the API or the CLI carry no press here).
        phases.push(json!({ "name": name, "state": state, "orders": orders_json, "results": results_json, "messages": [] }));
    }
    let messages = mila_messages(rec, &phases);
    Ok(json!({ "id": format!("polemarch-{}", rec.seed), "map": rec.variant, "rules": [], "phases": phases, "messages": messages }))
}

/// The record's messages as MILA's: one per recipient (MILA has no
/// groups), `GLOBAL` for one to all, `SYSTEM` for the judge's notices,
/// the phase by its MILA name, the time in microseconds.
fn mila_messages(rec: &GameRecord, phases: &[Value]) -> Vec<Value> {
    let mut out = Vec::new();
    for m in &rec.messages {
        let phase = rec.phases.iter().position(|p| p.phase == m.phase).and_then(|i| phases[i]["name"].as_str()).unwrap_or(&m.phase);
        let sender = m.from.as_deref().map_or("SYSTEM".to_string(), str::to_uppercase);
        let recipients: Vec<String> =
            if m.to.is_empty() { vec!["GLOBAL".into()] } else { m.to.iter().filter(|p| m.from.as_ref() != Some(p)).map(|p| p.to_uppercase()).collect() };
        for r in recipients {
            out.push(json!({ "sender": sender, "recipient": r, "time_sent": m.sent_at * 1000, "phase": phase, "message": m.body }));
        }
    }
    out
}
