//! godip's game text (the Droidippy games of zond/godip-history): one PHASE
//! block per phase played, the position at its start (POSITIONS) and the
//! orders given (ORDERS). Orders name units by province, without a power:
//! the power is taken from the unit there, or for a build from whose home
//! centre the province is. Province ids are godip's (nat, nrg, mid, gol,
//! stp/nc ...), which the standard variant knows as aliases.

use super::{RecordedGame, RecordedPhase};
use crate::order::{excerpt, Action, Order, UnitRef};
use crate::state::{Dislodged, Force, Kind, Position};
use crate::variant::{LocId, PhaseKind, PowerId, Variant};

struct Block<'a> {
    label: &'a str,
    line: usize,
    positions: Vec<(usize, &'a str)>,
    orders: Vec<(usize, &'a str)>,
}

/// Reads godip's game text. A line the record gets wrong in itself (an
/// unknown province, two units in one province) does not stop the reading:
/// it is kept as the phase's glitch, for the replay to report.
pub(super) fn import_godip(v: &Variant, text: &str) -> Result<RecordedGame, String> {
    let mut blocks: Vec<Block> = Vec::new();
    let mut in_orders = false;
    for (i, raw) in text.lines().enumerate() {
        let (n, line) = (i + 1, raw.trim());
        if line.is_empty() {
            continue;
        }
        if let Some(label) = line.strip_prefix("PHASE ") {
            blocks.push(Block { label: label.trim(), line: n, positions: Vec::new(), orders: Vec::new() });
            in_orders = false;
            continue;
        }
        let block = blocks.last_mut().ok_or_else(|| format!("line {n}: expected `PHASE <year> <season> <kind>` first"))?;
        match line {
            "POSITIONS" => in_orders = false,
            "ORDERS" => in_orders = true,
            _ if in_orders => block.orders.push((n, line)),
            _ => block.positions.push((n, line)),
        }
    }
    if blocks.is_empty() {
        return Err("no PHASE block".into());
    }
    let mut phases = Vec::with_capacity(blocks.len());
    for b in &blocks {
        let (start, start_glitch) = position(v, b)?;
        let mut orders = Vec::with_capacity(b.orders.len());
        let mut orders_glitch = None;
        for (n, o) in &b.orders {
            match order(v, &start, o) {
                Ok(order) => orders.push(order),
                Err(e) => {
                    orders_glitch.get_or_insert_with(|| format!("line {n}: `{}`: {e}", excerpt(o)));
                }
            }
        }
        phases.push(RecordedPhase { label: b.label.into(), start, orders, results: None, start_glitch, orders_glitch });
    }
    Ok(RecordedGame { phases })
}

/// `PHASE 1901 Fall Adjustment` and its POSITIONS; with the position, the
/// first line of it the record gets wrong.
fn position(v: &Variant, b: &Block) -> Result<(Position, Option<String>), String> {
    let words: Vec<&str> = b.label.split_whitespace().collect();
    let [year, season, kind] = words[..] else {
        return Err(format!("line {}: `PHASE {}`: expected `PHASE <year> <season> <kind>`", b.line, excerpt(b.label)));
    };
    let phase = v.calendar.parse_phase(&format!("{season} {year} {kind}")).map_err(|e| format!("line {}: {e}", b.line))?;
    let mut pos = Position::empty(v, phase);
    let mut glitch = None;
    for &(n, line) in &b.positions {
        if let Err(e) = entry(v, line, &mut pos) {
            glitch.get_or_insert_with(|| format!("line {n}: `{}`: {e}", excerpt(line)));
        }
    }
    pos.normalize();
    Ok((pos, glitch))
}

/// One POSITIONS line, `<Nation>: <army|fleet|army/dislodged|fleet/dislodged|supply> <province>`.
fn entry(v: &Variant, line: &str, pos: &mut Position) -> Result<(), String> {
    let (nation, rest) = line.split_once(':').ok_or("expected `<Nation>: <army|fleet|supply> <province>`")?;
    let power = v.find_power(nation.trim()).ok_or_else(|| format!("unknown nation `{}`", excerpt(nation.trim())))?;
    let (what, place) = rest.trim().split_once(char::is_whitespace).ok_or("expected `<army|fleet|supply> <province>`")?;
    let loc = find(v, place.trim())?;
    let p = v.province_of(loc);
    let (kind, dislodged) = match what {
        "supply" => {
            if !v.is_centre(p) {
                return Err(format!("`{}` is not a supply centre", place.trim()));
            }
            pos.owners[p.index()] = Some(power);
            return Ok(());
        }
        "army" => (Kind::ARMY, false),
        "fleet" => (Kind::FLEET, false),
        "army/dislodged" => (Kind::ARMY, true),
        "fleet/dislodged" => (Kind::FLEET, true),
        other => return Err(format!("unknown entry `{}` (army, fleet, army/dislodged, fleet/dislodged, supply)", excerpt(other))),
    };
    let force = Force::single(power, kind, loc);
    let twice = if dislodged { super::dislodged_in(v, pos, p).is_some() } else { pos.forces.iter().any(|f| v.province_of(f.loc) == p) };
    if twice {
        return Err(format!("a second unit in {}", v.province(p).name));
    }
    if dislodged {
        pos.dislodged.push(Dislodged { force, attacker_from: None, by_convoy: false, also_from: Vec::new() });
    } else {
        pos.forces.push(force);
    }
    Ok(())
}

fn find(v: &Variant, name: &str) -> Result<LocId, String> {
    v.find_loc(name).ok_or_else(|| format!("unknown province `{name}`"))
}

/// The unit an order names: in a retreat phase a dislodged one, else the
/// one on the board. Unknown units keep the location as written.
fn unit(v: &Variant, pos: &Position, name: &str, dislodged: bool) -> Result<(UnitRef, Option<PowerId>), String> {
    let loc = find(v, name)?;
    let p = v.province_of(loc);
    let force = if dislodged { super::dislodged_in(v, pos, p) } else { pos.force_in(v, p) };
    Ok(match force {
        Some(f) => (UnitRef { components: Some(f.components.clone()), loc: f.loc }, Some(f.power)),
        None => (UnitRef { components: None, loc }, None),
    })
}

fn order(v: &Variant, pos: &Position, text: &str) -> Result<Order, String> {
    let w: Vec<&str> = text.split_whitespace().collect();
    let retreat = v.calendar.kind(pos.phase) == PhaseKind::Retreat;
    let own = |name: &str| unit(v, pos, name, retreat);
    let other = |name: &str| unit(v, pos, name, false).map(|(u, _)| u);
    let order = |(u, power): (UnitRef, Option<PowerId>), action| Order { claim: None, power, unit: Some(u), action };
    Ok(match w[..] {
        ["build", kind, place] => {
            let kind = match kind.to_ascii_lowercase().as_str() {
                "army" => Kind::ARMY,
                "fleet" => Kind::FLEET,
                _ => return Err(format!("unknown unit kind `{kind}`")),
            };
            let loc = find(v, place)?;
            let power = v.home_of(v.province_of(loc));
            let components = Force::single(power.unwrap_or(PowerId(0)), kind, loc).components;
            Order { claim: None, power, unit: Some(UnitRef { components: Some(components), loc }), action: Action::Build }
        }
        ["remove", place] => order(own(place)?, Action::Remove),
        [place, "disband"] => order(own(place)?, Action::Disband),
        [place, "hold"] => order(own(place)?, Action::Hold),
        [place, "move", to] if retreat => order(own(place)?, Action::Retreat { to: find(v, to)? }),
        [place, "move", to] => order(own(place)?, Action::Move { to: find(v, to)?, via_convoy: false }),
        [place, "move", to, "via", "convoy"] => order(own(place)?, Action::Move { to: find(v, to)?, via_convoy: true }),
        [place, "support", target] => order(own(place)?, Action::SupportHold { unit: other(target)? }),
        [place, "support", target, "move", to] => order(own(place)?, Action::SupportMove { unit: other(target)?, to: find(v, to)? }),
        [place, "convoy", target, "move", to] => order(own(place)?, Action::Convoy { unit: other(target)?, to: find(v, to)? }),
        _ => return Err("not a godip order (move, support, convoy, hold, build, remove, disband)".into()),
    })
}
