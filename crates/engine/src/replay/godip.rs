//! godip's game text (the Droidippy games of zond/godip-history): one PHASE
//! block per phase played, the position at its start (POSITIONS) and the
//! orders given (ORDERS). Orders name units by province, without a power:
//! the power is taken from the unit there, or for a build from whose home
//! centre the province is. Province ids are godip's (nat, nrg, mid, gol,
//! stp/nc ...), which the standard variant knows as aliases.

mod other_names;
mod usual;
mod usual_orders;

use super::godip_error::{GodipError, LineError};
use super::{Glitch, RecordedGame, RecordedPhase};
use crate::order::{excerpt, Action, Order, UnitRef};
use crate::state::{board_order, Dislodged, Force, Kind, Position, VariantState};
use crate::variant::{LocId, Phase, PhaseError, PhaseKind, PowerId, ProvinceId, Variant, MAX_YEAR};
use other_names::OtherNames;
use usual::Places;

/// The phase being read: its start position grows line by line until
/// ORDERS, whose lines are read against it. One reading reads every phase
/// of a record in turn, in the same lists.
struct Reading<'a> {
    label: &'a str,
    pos: Position,
    /// The owners of an empty position, copied for each phase's start.
    no_owners: Vec<Option<PowerId>>,
    /// What each province holds so far (`entry`).
    seen: Vec<u8>,
    /// Once the position is complete, the force in each province.
    at: Vec<u16>,
    /// Units on a coast (`stp/sc`), kept apart until the position is
    /// complete (see `hold`).
    coasts: Vec<Force>,
    start_glitch: Option<Glitch>,
    in_orders: bool,
    orders: Vec<Order>,
    orders_glitch: Option<String>,
}

impl<'a> Reading<'a> {
    /// The reading of the first phase (`start`).
    fn new(v: &Variant, steps: &mut Steps<'a>, n: usize, label: &'a str) -> Result<Reading<'a>, GodipError> {
        let mut r = Reading {
            label,
            pos: Position::blank(),
            no_owners: Position::empty(v, v.calendar.first).owners,
            seen: Vec::new(),
            at: Vec::new(),
            coasts: Vec::new(),
            start_glitch: None,
            in_orders: false,
            orders: Vec::new(),
            orders_glitch: None,
        };
        r.start(v, steps, n, label)?;
        Ok(r)
    }

    /// Starts reading the phase of `PHASE 1901 Fall Adjustment` on line
    /// `n`, in the lists of the phase before (`finish` took what it keeps).
    fn start(&mut self, v: &Variant, steps: &mut Steps<'a>, n: usize, label: &'a str) -> Result<(), GodipError> {
        let mut words = label.split_ascii_whitespace();
        let (Some(year), Some(season), Some(kind), None) = (words.next(), words.next(), words.next(), words.next())
        else {
            return Err(GodipError::PhaseShape { line: n, label: label.into() });
        };
        let phase = steps.phase(v, year, season, kind).map_err(|error| GodipError::Phase { line: n, error })?;
        self.label = label;
        let pos = &mut self.pos;
        pos.phase = phase;
        pos.forces.clear();
        // Room for a force in every province and as many orders, at once
        // (once for each of the few lists read into in turn): grown a
        // force or an order at a time, the lists were made again and
        // copied some twenty times a record.
        pos.forces.reserve(v.province_count());
        pos.dislodged.clear();
        pos.contested.clear();
        pos.owners.clone_from(&self.no_owners);
        pos.state = VariantState::default();
        self.seen.clear();
        self.seen.resize(v.province_count(), 0);
        self.coasts.clear();
        self.start_glitch = None;
        self.in_orders = false;
        self.orders.clear();
        self.orders.reserve(v.province_count());
        self.orders_glitch = None;
        Ok(())
    }

    /// The position is complete: orders may be read against it.
    fn begin_orders(&mut self, v: &Variant) {
        if !self.in_orders {
            for force in self.coasts.drain(..) {
                self.pos.insert_in_order(force);
            }
            // Normal already: each force is one unit (its components need
            // no sorting), put in board order as it was read (`hold`), and
            // a record says nothing of standoffs.
            debug_assert!({
                let mut normal = self.pos.clone();
                normal.normalize();
                normal == self.pos
            });
            self.in_orders = true;
            crate::adjudicate::occupancy_into(v, &self.pos.forces, &mut self.at);
        }
    }

    fn line(&mut self, v: &Variant, nations: &mut Nations<'a>, others: &OtherNames, n: usize, line: &'a str) {
        let said = |e: &LineError| format!("line {n}: `{}`: {e}", excerpt(line));
        if self.in_orders {
            let board = Board { pos: &self.pos, at: &self.at };
            match order(v, &board, others, line) {
                Ok(o) => self.orders.push(o),
                Err(e) => {
                    self.orders_glitch.get_or_insert_with(|| said(&e));
                }
            }
        } else if let Err((e, province)) = entry(v, line, nations, others).and_then(|e| self.hold(v, e)) {
            Glitch::add(&mut self.start_glitch, || said(&e), province);
        }
    }

    /// Puts what a POSITIONS line says into the start position: a centre's
    /// owner, or a unit. What each province holds so far is kept in `seen`
    /// (1 a unit, 2 a dislodged one), to find a second unit in a province.
    #[inline(always)]
    fn hold<'e>(&mut self, v: &'e Variant, e: Entry<'e>) -> Result<(), (LineError<'e>, Option<ProvinceId>)> {
        let p = v.province_of(e.loc);
        let here = |e| (e, Some(p));
        let (kind, dislodged) = match e.held {
            Held::Supply => {
                if !v.is_centre(p) {
                    return Err(here(LineError::NotACentre(e.place)));
                }
                self.pos.owners[p.index()] = Some(e.power);
                return Ok(());
            }
            Held::Unit { kind, dislodged } => (kind, dislodged),
        };
        let force = Force::single(e.power, kind, e.loc);
        let mark = if dislodged { 2 } else { 1 };
        let held = self.seen[p.index()];
        self.seen[p.index()] = held | mark;
        if held & mark != 0 {
            return Err(here(LineError::SecondUnit(&v.province(p).name)));
        }
        if dislodged {
            self.pos.dislodged.push(Dislodged { force, attacker_from: None, by_convoy: false, also_from: Vec::new() });
        } else if e.loc != LocId::of_province(p) {
            // godip lists a coast's unit with its province; board order
            // puts the coasts after every province: such a unit joins the
            // board once the rest is read, so that those listed after it
            // are not out of order.
            self.coasts.push(force);
        } else if self.pos.forces.last().is_some_and(|last| board_order(last, &force).is_gt()) {
            // godip lists units by province name: the few units out of
            // board order are put in place, and no sorting is needed.
            self.pos.insert_in_order(force);
        } else {
            self.pos.forces.push(force);
        }
        Ok(())
    }

    /// The phase read, written into `into`: its lists change places with
    /// those of `into`, which the next phase is read into (so that a
    /// reader of phase after phase, the replay, reuses the same few lists).
    fn finish(&mut self, v: &Variant, into: &mut RecordedPhase) {
        self.begin_orders(v);
        into.label.clear();
        into.label.push_str(self.label);
        let (pos, start) = (&mut self.pos, &mut into.start);
        start.phase = pos.phase;
        std::mem::swap(&mut start.forces, &mut pos.forces);
        std::mem::swap(&mut start.dislodged, &mut pos.dislodged);
        std::mem::swap(&mut start.contested, &mut pos.contested);
        std::mem::swap(&mut start.owners, &mut pos.owners);
        std::mem::swap(&mut start.state, &mut pos.state);
        std::mem::swap(&mut into.orders, &mut self.orders);
        into.results = None;
        into.start_glitch = self.start_glitch.take();
        into.orders_glitch = self.orders_glitch.take();
    }
}

/// The calendar steps a record names (`Spring Movement`), as written: a
/// record names each a dozen times or more, with only the year changing.
#[derive(Default)]
struct Steps<'a>(Vec<(&'a str, &'a str, u8)>);

impl<'a> Steps<'a> {
    fn phase(&mut self, v: &Variant, year: &str, season: &'a str, kind: &'a str) -> Result<Phase, PhaseError> {
        if let Some(&(_, _, step)) = self.0.iter().find(|(s, k, _)| *s == season && *k == kind) {
            // A year with no era word is read as written (Calendar::parse_phase).
            if let Some(year) = year.parse().ok().filter(|y| (1..=MAX_YEAR).contains(y)) {
                return Ok(Phase { step, year });
            }
        }
        // The words as `parse_phase` would split `season year kind`: when
        // none holds a comma or a space of another alphabet, they are its
        // words, and no text is made unless it is wrong.
        let plain = |w: &str| w.bytes().all(|b| b.is_ascii() && b != b',' && !char::from(b).is_whitespace());
        let written = || format!("{season} {year} {kind}").into();
        let phase = if plain(season) && plain(year) && plain(kind) {
            v.calendar.phase_of_words(&[season, year, kind], written)?
        } else {
            v.calendar.parse_phase(&written())?
        };
        if !self.0.iter().any(|(s, k, _)| *s == season && *k == kind) {
            self.0.push((season, kind, phase.step));
        }
        Ok(phase)
    }
}

/// The line at the start of `text` (up to its newline, found by `memchr`),
/// and the text after it, if any.
fn first_line(text: &str) -> (&str, Option<&str>) {
    match memchr::memchr(b'\n', text.as_bytes()) {
        Some(end) => (&text[..end], Some(&text[end + 1..])),
        None => (text, None),
    }
}

/// Reads godip's game text whole: every phase kept, its forces and orders
/// in lists of their size (which the allocator gives and takes back for
/// less than lists of a size for every phase).
pub(super) fn import_godip(v: &Variant, text: &str) -> Result<RecordedGame, GodipError> {
    let mut phases = Vec::with_capacity(64);
    read_godip(v, text, &mut |read| phases.push(kept(read)))?;
    Ok(RecordedGame { phases, end: None })
}

/// The phase just read, moved out of the reader's lists.
fn kept(read: &mut RecordedPhase) -> RecordedPhase {
    use std::mem::take;
    let start = &mut read.start;
    RecordedPhase {
        label: take(&mut read.label),
        start: Position {
            phase: start.phase,
            forces: exact(&mut start.forces),
            dislodged: take(&mut start.dislodged),
            contested: take(&mut start.contested),
            owners: take(&mut start.owners),
            state: take(&mut start.state),
        },
        orders: exact(&mut read.orders),
        results: read.results.take(),
        start_glitch: read.start_glitch.take(),
        orders_glitch: read.orders_glitch.take(),
    }
}

/// What `list` holds, moved into a list of its size.
fn exact<T>(list: &mut Vec<T>) -> Vec<T> {
    let mut kept = Vec::with_capacity(list.len());
    kept.append(list);
    kept
}

/// Reads godip's game text in one pass, handing each phase to `each` as
/// soon as it is read (in one `RecordedPhase` whose lists are read into
/// again: what `each` leaves in it is reused). A line the record gets
/// wrong in itself (an unknown province, two units in one province) does
/// not stop the reading: it is kept as the phase's glitch, for the replay
/// to report. An error of the text's shape (a PHASE line, a line before
/// the first) ends it, whatever phases were handed on before. (`each` is
/// called through a pointer: one reader compiled, not one per caller, so
/// that the usual lines' loop stays inlined in it.)
pub(super) fn read_godip(v: &Variant, text: &str, each: &mut dyn FnMut(&mut RecordedPhase)) -> Result<(), GodipError> {
    let mut read = RecordedPhase::blank();
    let mut reading: Option<Reading> = None;
    let mut nations = Nations::default();
    let mut steps = Steps::default();
    let mut places = Places::new();
    let others = OtherNames::default();
    let (mut rest, mut n) = (Some(text), 0);
    while let Some(text) = rest {
        // Most lines are usual POSITIONS lines, read where they stand
        // (usual.rs): what they say shows where they end.
        let text = match reading.as_mut() {
            Some(r) => match r.usual_lines(v, &nations, &mut places, &mut n, text) {
                Some(text) => text,
                None => break,
            },
            None => text,
        };
        n += 1;
        let (raw, after) = first_line(text);
        rest = after;
        let line = raw.trim_ascii();
        if line.is_empty() {
            continue;
        }
        if let Some(label) = line.strip_prefix("PHASE ") {
            let label = label.trim_ascii();
            match reading.as_mut() {
                Some(r) => {
                    r.finish(v, &mut read);
                    each(&mut read);
                    r.start(v, &mut steps, n, label)?;
                }
                None => reading = Some(Reading::new(v, &mut steps, n, label)?),
            }
            continue;
        }
        let r = reading.as_mut().ok_or(GodipError::BeforePhase { line: n })?;
        match line {
            "POSITIONS" => {}
            "ORDERS" => r.begin_orders(v),
            _ => r.line(v, &mut nations, &others, n, line),
        }
    }
    let Some(r) = reading.as_mut() else { return Err(GodipError::NoPhase) };
    r.finish(v, &mut read);
    each(&mut read);
    Ok(())
}

/// The nations a record names, as written, with their powers: a record
/// names each hundreds of times. Found by the first letter, then checked.
struct Nations<'a> {
    by_first: [u8; 256],
    list: Vec<(&'a str, PowerId)>,
    /// By the slot of `list`: how a line that starts with the nation reads.
    heads: Vec<Head>,
}

/// A nation and its colon (`England:`) as one number of up to 8 bytes (the
/// first byte lowest), the mask of those bytes (0 for a longer name, whose
/// number is then u64::MAX, which no masked bytes are), its power and
/// where the line goes on after the colon.
#[derive(Clone, Copy)]
struct Head {
    word: u64,
    mask: u64,
    power: PowerId,
    after: usize,
}

impl Default for Nations<'_> {
    fn default() -> Self {
        Nations { by_first: [0; 256], list: Vec::new(), heads: Vec::new() }
    }
}

impl<'a> Nations<'a> {
    fn power(&mut self, v: &Variant, nation: &'a str) -> Result<PowerId, LineError<'a>> {
        let first = nation.as_bytes().first().copied().unwrap_or(0) as usize;
        let slot = self.by_first[first] as usize;
        if slot > 0 && self.list[slot - 1].0 == nation {
            return Ok(self.list[slot - 1].1);
        }
        if let Some(&(_, p)) = self.list.iter().find(|(n, _)| *n == nation) {
            return Ok(p);
        }
        let p = v.find_power(nation).ok_or(LineError::UnknownNation(nation))?;
        self.list.push((nation, p));
        let (word, mask) = if nation.len() < 8 {
            let mut head = [0; 8];
            head[..nation.len()].copy_from_slice(nation.as_bytes());
            head[nation.len()] = b':';
            (u64::from_le_bytes(head), u64::MAX >> (8 * (7 - nation.len())))
        } else {
            (u64::MAX, 0)
        };
        self.heads.push(Head { word, mask, power: p, after: nation.len() + 1 });
        if slot == 0 && self.list.len() < 256 {
            self.by_first[first] = self.list.len() as u8;
        }
        Ok(p)
    }
}

/// What a POSITIONS line says: `power` owns the centre at `place`, or has
/// a unit (dislodged or not) there.
struct Entry<'a> {
    power: PowerId,
    held: Held,
    loc: LocId,
    place: &'a str,
}

#[derive(Clone, Copy)]
enum Held {
    Supply,
    Unit { kind: Kind, dislodged: bool },
}

/// One POSITIONS line, `<Nation>: <army|fleet|army/dislodged|fleet/dislodged|supply> <province>`.
/// A wrong line says why, and which province it concerns when it names one
/// the variant knows.
fn entry<'a>(
    v: &Variant,
    line: &'a str,
    nations: &mut Nations<'a>,
    others: &OtherNames,
) -> Result<Entry<'a>, (LineError<'a>, Option<ProvinceId>)> {
    let nowhere = |e| (e, None);
    let colon = line.bytes().position(|b| b == b':').ok_or(nowhere(LineError::NoNation))?;
    let (nation, rest) = (&line[..colon], &line[colon + 1..]);
    let power = nations.power(v, nation.trim_ascii()).map_err(nowhere)?;
    let rest = rest.trim_ascii();
    let space = rest.bytes().position(|b| b.is_ascii_whitespace()).ok_or(nowhere(LineError::NoEntry))?;
    let (what, place) = (&rest[..space], rest[space..].trim_ascii());
    let loc = find(v, others, place).map_err(nowhere)?;
    let unit = |kind, dislodged| Held::Unit { kind, dislodged };
    let held = match what {
        "supply" => Held::Supply,
        "army" => unit(Kind::ARMY, false),
        "fleet" => unit(Kind::FLEET, false),
        "army/dislodged" => unit(Kind::ARMY, true),
        "fleet/dislodged" => unit(Kind::FLEET, true),
        other => return Err((LineError::UnknownEntry(other), Some(v.province_of(loc)))),
    };
    Ok(Entry { power, held, loc, place })
}

fn find<'n>(v: &Variant, others: &OtherNames, name: &'n str) -> Result<LocId, LineError<'n>> {
    // Most names are godip's three letters, found inline.
    v.find_three_letter_loc(name).or_else(|| others.find(v, name)).ok_or(LineError::UnknownProvince(name))
}

/// The unit an order names: in a retreat phase a dislodged one, else the
/// one on the board. Unknown units keep the location as written.
fn unit<'n>(
    v: &Variant,
    board: &Board,
    others: &OtherNames,
    name: &'n str,
    dislodged: bool,
) -> Result<(UnitRef, Option<PowerId>), LineError<'n>> {
    Ok(unit_at(v, board, find(v, others, name)?, dislodged))
}

/// The unit at `loc` (`unit`), found.
#[inline(always)]
fn unit_at(v: &Variant, board: &Board, loc: LocId, dislodged: bool) -> (UnitRef, Option<PowerId>) {
    let p = v.province_of(loc);
    let pos = board.pos;
    let force = if dislodged {
        super::dislodged_in(v, pos, p)
    } else {
        board.at.get(p.index()).and_then(|&i| pos.forces.get(i as usize))
    };
    match force {
        // godip names a unit by its province only, not its kind.
        Some(f) => (UnitRef { components: None, loc: f.loc }, Some(f.power)),
        None => (UnitRef { components: None, loc }, None),
    }
}

/// A phase's start position, with the force standing in each province
/// (an index into `pos.forces`, or u16::MAX).
struct Board<'p> {
    pos: &'p Position,
    at: &'p [u16],
}

fn order<'t>(v: &Variant, board: &Board, others: &OtherNames, text: &'t str) -> Result<Order, LineError<'t>> {
    let pos = board.pos;
    let mut words = [""; 7];
    let mut count = 0;
    for word in text.split_ascii_whitespace() {
        if count == words.len() {
            return Err(LineError::NotAnOrder);
        }
        words[count] = word;
        count += 1;
    }
    let w = &words[..count];
    let retreat = v.calendar.kind(pos.phase) == PhaseKind::Retreat;
    let own = |name: &'t str| unit(v, board, others, name, retreat);
    let other = |name: &'t str| unit(v, board, others, name, false).map(|(u, _)| u);
    let find = |name: &'t str| find(v, others, name);
    let order = |(u, power): (UnitRef, Option<PowerId>), action| Order { claim: None, power, unit: Some(u), action };
    Ok(match *w {
        ["build", kind, place] => {
            let kind = match kind.to_ascii_lowercase().as_str() {
                "army" => Kind::ARMY,
                "fleet" => Kind::FLEET,
                _ => return Err(LineError::UnknownKind(kind)),
            };
            let loc = find(place)?;
            let power = v.home_of(v.province_of(loc));
            let components = Force::single(power.unwrap_or(PowerId(0)), kind, loc).components;
            Order {
                claim: None,
                power,
                unit: Some(UnitRef { components: Some(components), loc }),
                action: Action::Build,
            }
        }
        ["remove", place] => order(own(place)?, Action::Remove),
        [place, "disband"] => order(own(place)?, Action::Disband),
        [place, "hold"] => order(own(place)?, Action::Hold),
        [place, "move", to] if retreat => order(own(place)?, Action::Retreat { to: find(to)? }),
        [place, "move", to] => order(own(place)?, Action::Move { to: find(to)?, via_convoy: false }),
        [place, "move", to, "via", "convoy"] => order(own(place)?, Action::Move { to: find(to)?, via_convoy: true }),
        [place, "support", target] => order(own(place)?, Action::SupportHold { unit: other(target)? }),
        [place, "support", target, "move", to] => {
            order(own(place)?, Action::SupportMove { unit: other(target)?, to: find(to)? })
        }
        [place, "convoy", target, "move", to] => {
            order(own(place)?, Action::Convoy { unit: other(target)?, to: find(to)? })
        }
        _ => return Err(LineError::NotAnOrder),
    })
}

#[cfg(test)]
mod tests {
    use super::import_godip;
    use crate::replay::RecordedPhase;
    use crate::variant::embedded_variant;

    /// The usual POSITIONS lines are read at once and other spellings of
    /// the same lines by the general reader: both give the same phase, and
    /// a wrong line the same glitch.
    #[test]
    fn usual_lines_read_as_the_general_reader_reads_them() {
        let v = embedded_variant("standard").expect("built in").expect("valid");
        let usual = "PHASE 1901 Fall Retreat\nPOSITIONS\nRussia: fleet stp/sc\nEngland: fleet lon\n\
                     England: supply lon\nFrance: army par\nFrance: army/dislodged par\nFrance: army par\n\
                     Italy: supply tyr\nAustria: army vie\nGermany: army mun\n\
                     ORDERS\npar move pic";
        // A tab after each colon: no line is a usual one.
        let general = usual.replace(": ", ":\t");
        let (a, b) = (import_godip(&v, usual).expect("read"), import_godip(&v, &general).expect("read"));
        let (a, b) = (&a.phases[0], &b.phases[0]);
        assert_eq!(a.start, b.start);
        assert_eq!(a.orders, b.orders);
        let glitch = |p: &RecordedPhase| p.start_glitch.clone().map(|g| (g.what.replace('\t', " "), g.provinces));
        assert_eq!(glitch(a), glitch(b));
        let g = a.start_glitch.as_ref().expect("glitches");
        assert_eq!(g.what, "line 8: `France: army par`: a second unit in Paris");
        assert_eq!(g.provinces.as_ref().map(Vec::len), Some(2), "Paris, and Tyrolia (not a centre)");
        // Units in board order (the coast's last), the dislodged one apart.
        let units: Vec<String> = a.start.forces.iter().map(|f| v.loc_abbr(f.loc)).collect();
        assert_eq!(units, ["lon", "mun", "par", "vie", "stp/sc"].map(String::from));
        assert_eq!(a.start.dislodged.len(), 1);
    }

    /// The usual ORDERS lines are read at once and the same lines with a
    /// space at their end by the general reader: both give the same orders
    /// (in a movement phase and a retreat phase), and a wrong line the same
    /// glitch.
    #[test]
    fn usual_orders_read_as_the_general_reader_reads_them() {
        let v = embedded_variant("standard").expect("built in").expect("valid");
        let usual = "PHASE 1901 Spring Movement\nPOSITIONS\nEngland: fleet lon\nEngland: army wal\n\
                     England: fleet nth\nFrance: army bre\nRussia: fleet stp/sc\nGermany: army mun\n\
                     ORDERS\nlon hold\nwal move bel via convoy\nnth convoy wal move bel\nbre move pic\n\
                     stp move bot\nmun support bre move pic\nkie support mun\nlon move stp/nc\n\
                     xyz move lon\n\
                     PHASE 1901 Spring Retreat\nPOSITIONS\nFrance: army/dislodged bur\nGermany: army mun\n\
                     ORDERS\nbur move gas\nmun hold\nbur disband";
        let general = usual.replace('\n', " \n");
        let (a, b) = (import_godip(&v, usual).expect("read"), import_godip(&v, &general).expect("read"));
        assert_eq!(a.phases.len(), 2);
        for (a, b) in a.phases.iter().zip(&b.phases) {
            assert_eq!(a.orders, b.orders);
            assert_eq!(a.orders_glitch, b.orders_glitch);
        }
        assert_eq!(a.phases[0].orders.len(), 8, "{:?}", a.phases[0].orders);
        let glitch = a.phases[0].orders_glitch.as_deref();
        assert!(glitch.is_some_and(|g| g.starts_with("line 18: `xyz move lon`")), "{glitch:?}");
        assert_eq!(a.phases[1].orders.len(), 3);
    }

    /// Lines cut short at the text's end (read from a window with zeros
    /// after the text) and lines that end there whole read as the general
    /// reader reads them (the same lines with a tab or a space in them).
    #[test]
    fn lines_at_the_end_of_the_text_read_as_the_general_reader_reads_them() {
        let v = embedded_variant("standard").expect("built in").expect("valid");
        let start = "PHASE 1901 Spring Movement\nPOSITIONS\nEngland: fleet lon\n";
        let cases = [
            (format!("{start}England: army l"), format!("{start}England:\tarmy l")),
            (format!("{start}England: supply"), format!("{start}England:\tsupply")),
            (format!("{start}England: army wal"), format!("{start}England:\tarmy wal")),
            (format!("{start}ORDERS\nlon mo"), format!("{start}ORDERS\nlon mo ")),
            (format!("{start}ORDERS\nlon move no"), format!("{start}ORDERS\nlon move no ")),
            (format!("{start}ORDERS\nlon hold"), format!("{start}ORDERS\nlon hold ")),
        ];
        for (usual, general) in cases {
            let (a, b) = (import_godip(&v, &usual).expect("read"), import_godip(&v, &general).expect("read"));
            let (a, b) = (&a.phases[0], &b.phases[0]);
            assert_eq!(a.start, b.start, "{usual:?}");
            assert_eq!(a.orders, b.orders, "{usual:?}");
            let glitch = |p: &RecordedPhase| p.start_glitch.clone().map(|g| (g.what.replace('\t', " "), g.provinces));
            assert_eq!(glitch(a), glitch(b), "{usual:?}");
            // (A line is quoted trimmed: the space after the order is not.)
            assert_eq!(a.orders_glitch, b.orders_glitch, "{usual:?}");
        }
    }

    /// Every place of three letters, as a unit's and as a centre's, read by
    /// the usual reader (its places found again by a hash of their letters,
    /// some sharing a slot) and by the general reader: the same phase.
    #[test]
    fn every_place_reads_as_the_general_reader_reads_it() {
        let v = embedded_variant("standard").expect("built in").expect("valid");
        let mut usual = String::from("PHASE 1901 Spring Movement\nPOSITIONS\n");
        let names: Vec<String> = v.loc_ids().map(|l| v.loc_abbr(l)).filter(|a| a.len() == 3).collect();
        assert!(names.len() > 70, "{names:?}");
        for (i, name) in names.iter().enumerate() {
            let nation = ["England", "France", "Russia"][i % 3];
            usual.push_str(&format!("{nation}: supply {name}\n{nation}: army {name}\n"));
        }
        // Read twice over: every place is met again once known.
        usual.push_str(&usual.clone()[usual.find("POSITIONS").expect("written")..]);
        let general = usual.replace(": ", ":\t");
        let (a, b) = (import_godip(&v, &usual).expect("read"), import_godip(&v, &general).expect("read"));
        let (a, b) = (&a.phases[0], &b.phases[0]);
        assert_eq!(a.start, b.start);
        assert_eq!(a.start.forces.len(), names.len());
        let glitch = |p: &RecordedPhase| p.start_glitch.clone().map(|g| (g.what.replace('\t', " "), g.provinces));
        assert_eq!(glitch(a), glitch(b));
    }
}
