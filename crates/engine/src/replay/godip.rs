//! godip's game text (the Droidippy games of zond/godip-history): one PHASE
//! block per phase played, the position at its start (POSITIONS) and the
//! orders given (ORDERS). Orders name units by province, without a power:
//! the power is taken from the unit there, or for a build from whose home
//! centre the province is. Province ids are godip's (nat, nrg, mid, gol,
//! stp/nc ...), which the standard variant knows as aliases.

use super::{Glitch, RecordedGame, RecordedPhase};
use crate::order::{excerpt, Action, Order, UnitRef};
use crate::state::{Dislodged, Force, Kind, Position};
use crate::variant::{LocId, Phase, PhaseKind, PowerId, ProvinceId, Variant, MAX_YEAR};

/// The phase being read: its start position grows line by line until
/// ORDERS, whose lines are read against it.
struct Reading<'a> {
    label: &'a str,
    pos: Position,
    /// What each province holds so far (`entry`).
    seen: Vec<u8>,
    /// Once the position is complete, the force in each province.
    at: Vec<u16>,
    start_glitch: Option<Glitch>,
    in_orders: bool,
    orders: Vec<Order>,
    orders_glitch: Option<String>,
}

impl<'a> Reading<'a> {
    /// `PHASE 1901 Fall Adjustment` on line `n`.
    fn new(v: &Variant, steps: &mut Steps<'a>, n: usize, label: &'a str) -> Result<Reading<'a>, String> {
        let mut words = label.split_ascii_whitespace();
        let (Some(year), Some(season), Some(kind), None) = (words.next(), words.next(), words.next(), words.next()) else {
            return Err(format!("line {n}: `PHASE {}`: expected `PHASE <year> <season> <kind>`", excerpt(label)));
        };
        let phase = steps.phase(v, year, season, kind).map_err(|e| format!("line {n}: {e}"))?;
        let mut pos = Position::empty(v, phase);
        pos.forces.reserve(v.province_count() / 2);
        Ok(Reading {
            label,
            pos,
            seen: vec![0; v.province_count()],
            at: Vec::new(),
            start_glitch: None,
            in_orders: false,
            orders: Vec::with_capacity(40),
            orders_glitch: None,
        })
    }

    /// The position is complete: orders may be read against it.
    fn begin_orders(&mut self, v: &Variant) {
        if !self.in_orders {
            self.pos.normalize();
            self.in_orders = true;
            self.at = crate::adjudicate::occupancy_of(v, &self.pos.forces);
        }
    }

    fn line(&mut self, v: &Variant, nations: &mut Nations<'a>, n: usize, line: &'a str) {
        let said = |e: &str| format!("line {n}: `{}`: {e}", excerpt(line));
        if self.in_orders {
            let board = Board { pos: &self.pos, at: &self.at };
            match order(v, &board, line) {
                Ok(o) => self.orders.push(o),
                Err(e) => {
                    self.orders_glitch.get_or_insert_with(|| said(&e));
                }
            }
        } else if let Err((e, province)) = entry(v, line, nations, &mut self.seen, &mut self.pos) {
            Glitch::add(&mut self.start_glitch, || said(&e), province);
        }
    }

    fn done(mut self, v: &Variant) -> RecordedPhase {
        self.begin_orders(v);
        RecordedPhase {
            label: self.label.into(),
            start: self.pos,
            orders: self.orders,
            results: None,
            start_glitch: self.start_glitch,
            orders_glitch: self.orders_glitch,
        }
    }
}

/// The calendar steps a record names (`Spring Movement`), as written: a
/// record names each a dozen times or more, with only the year changing.
#[derive(Default)]
struct Steps<'a>(Vec<(&'a str, &'a str, u8)>);

impl<'a> Steps<'a> {
    fn phase(&mut self, v: &Variant, year: &str, season: &'a str, kind: &'a str) -> Result<Phase, String> {
        if let Some(&(_, _, step)) = self.0.iter().find(|(s, k, _)| *s == season && *k == kind) {
            // A year with no era word is read as written (Calendar::parse_phase).
            if let Some(year) = year.parse().ok().filter(|y| (1..=MAX_YEAR).contains(y)) {
                return Ok(Phase { step, year });
            }
        }
        let phase = v.calendar.parse_phase(&format!("{season} {year} {kind}"))?;
        if !self.0.iter().any(|(s, k, _)| *s == season && *k == kind) {
            self.0.push((season, kind, phase.step));
        }
        Ok(phase)
    }
}

/// The lines of `text`, the newlines found by `memchr`: quicker than
/// `str::lines` for the many short lines of a game text.
fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut start = 0;
    memchr::memchr_iter(b'\n', text.as_bytes()).chain([text.len()]).map(move |end| {
        let line = &text[start..end];
        start = end + 1;
        line
    })
}

/// Reads godip's game text in one pass. A line the record gets wrong in
/// itself (an unknown province, two units in one province) does not stop
/// the reading: it is kept as the phase's glitch, for the replay to report.
pub(super) fn import_godip(v: &Variant, text: &str) -> Result<RecordedGame, String> {
    let mut phases = Vec::with_capacity(64);
    let mut reading: Option<Reading> = None;
    let mut nations = Nations::default();
    let mut steps = Steps::default();
    for (i, raw) in lines(text).enumerate() {
        let (n, line) = (i + 1, raw.trim_ascii());
        if line.is_empty() {
            continue;
        }
        if let Some(label) = line.strip_prefix("PHASE ") {
            phases.extend(reading.take().map(|r| r.done(v)));
            reading = Some(Reading::new(v, &mut steps, n, label.trim_ascii())?);
            continue;
        }
        let r = reading.as_mut().ok_or_else(|| format!("line {n}: expected `PHASE <year> <season> <kind>` first"))?;
        match line {
            "POSITIONS" => {}
            "ORDERS" => r.begin_orders(v),
            _ => r.line(v, &mut nations, n, line),
        }
    }
    phases.extend(reading.map(|r| r.done(v)));
    if phases.is_empty() {
        return Err("no PHASE block".into());
    }
    Ok(RecordedGame { phases })
}

/// The nations a record names, as written, with their powers: a record
/// names each hundreds of times. Found by the first letter, then checked.
struct Nations<'a> {
    by_first: [u8; 256],
    list: Vec<(&'a str, PowerId)>,
}

impl Default for Nations<'_> {
    fn default() -> Self {
        Nations { by_first: [0; 256], list: Vec::new() }
    }
}

impl<'a> Nations<'a> {
    fn power(&mut self, v: &Variant, nation: &'a str) -> Result<PowerId, String> {
        let first = nation.as_bytes().first().copied().unwrap_or(0) as usize;
        let slot = self.by_first[first] as usize;
        if slot > 0 && self.list[slot - 1].0 == nation {
            return Ok(self.list[slot - 1].1);
        }
        if let Some(&(_, p)) = self.list.iter().find(|(n, _)| *n == nation) {
            return Ok(p);
        }
        let p = v.find_power(nation).ok_or_else(|| format!("unknown nation `{}`", excerpt(nation)))?;
        self.list.push((nation, p));
        if slot == 0 && self.list.len() < 256 {
            self.by_first[first] = self.list.len() as u8;
        }
        Ok(p)
    }
}

/// One POSITIONS line, `<Nation>: <army|fleet|army/dislodged|fleet/dislodged|supply> <province>`.
/// A wrong line says why, and which province it concerns when it names one
/// the variant knows.
fn entry<'a>(v: &Variant, line: &'a str, nations: &mut Nations<'a>, seen: &mut [u8], pos: &mut Position) -> Result<(), (String, Option<ProvinceId>)> {
    let nowhere = |e: String| (e, None);
    let colon = line.bytes().position(|b| b == b':').ok_or_else(|| nowhere("expected `<Nation>: <army|fleet|supply> <province>`".into()))?;
    let (nation, rest) = (&line[..colon], &line[colon + 1..]);
    let power = nations.power(v, nation.trim_ascii()).map_err(nowhere)?;
    let rest = rest.trim_ascii();
    let space = rest.bytes().position(|b| b.is_ascii_whitespace()).ok_or_else(|| nowhere("expected `<army|fleet|supply> <province>`".into()))?;
    let (what, place) = (&rest[..space], rest[space..].trim_ascii());
    let loc = find(v, place).map_err(nowhere)?;
    let p = v.province_of(loc);
    let here = |e: String| (e, Some(p));
    let (kind, dislodged) = match what {
        "supply" => {
            if !v.is_centre(p) {
                return Err(here(format!("`{place}` is not a supply centre")));
            }
            pos.owners[p.index()] = Some(power);
            return Ok(());
        }
        "army" => (Kind::ARMY, false),
        "fleet" => (Kind::FLEET, false),
        "army/dislodged" => (Kind::ARMY, true),
        "fleet/dislodged" => (Kind::FLEET, true),
        other => return Err(here(format!("unknown entry `{}` (army, fleet, army/dislodged, fleet/dislodged, supply)", excerpt(other)))),
    };
    let force = Force::single(power, kind, loc);
    // What each province holds so far: 1 a unit, 2 a dislodged one.
    let mark = if dislodged { 2 } else { 1 };
    let held = seen[p.index()];
    seen[p.index()] = held | mark;
    if held & mark != 0 {
        return Err(here(format!("a second unit in {}", v.province(p).name)));
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
fn unit(v: &Variant, board: &Board, name: &str, dislodged: bool) -> Result<(UnitRef, Option<PowerId>), String> {
    let loc = find(v, name)?;
    let p = v.province_of(loc);
    let pos = board.pos;
    let force = if dislodged { super::dislodged_in(v, pos, p) } else { board.at.get(p.index()).and_then(|&i| pos.forces.get(i as usize)) };
    Ok(match force {
        // godip names a unit by its province only, not its kind.
        Some(f) => (UnitRef { components: None, loc: f.loc }, Some(f.power)),
        None => (UnitRef { components: None, loc }, None),
    })
}

/// A phase's start position, with the force standing in each province
/// (an index into `pos.forces`, or u16::MAX).
struct Board<'p> {
    pos: &'p Position,
    at: &'p [u16],
}

fn order(v: &Variant, board: &Board, text: &str) -> Result<Order, String> {
    let pos = board.pos;
    let mut words = [""; 7];
    let mut count = 0;
    for word in text.split_ascii_whitespace() {
        if count == words.len() {
            return Err("not a godip order (move, support, convoy, hold, build, remove, disband)".into());
        }
        words[count] = word;
        count += 1;
    }
    let w = &words[..count];
    let retreat = v.calendar.kind(pos.phase) == PhaseKind::Retreat;
    let own = |name: &str| unit(v, board, name, retreat);
    let other = |name: &str| unit(v, board, name, false).map(|(u, _)| u);
    let order = |(u, power): (UnitRef, Option<PowerId>), action| Order { claim: None, power, unit: Some(u), action };
    Ok(match *w {
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
