//! The text of the orders `get_all_possible_orders` lists, kept for the
//! whole process, one set per variant: a unit standing still has the same
//! orders phase after phase and game after game, so each order's MILA text
//! is written once, and made into Python text once, and then only looked
//! up. An order is kept under a key of every part its MILA text is written
//! from (`key`, and the unit ordered as its group's, `kept`): its action
//! and each unit it names, a unit of one
//! component with its kind written (the generator writes it), not taken
//! from the position. The variants' own orders and forces of several
//! units are written afresh each time. A new text is written from the
//! units' and places' text kept for the variant (`MilaPieces`). The names
//! of its places are made into Python text once too, and a dict with
//! every location's key.
//!
//! A kept text lives as long as the process (its variant's set does too):
//! a listing holds a plain reference to it (`SaidRef::Kept`), copied and
//! dropped without writing to the text (a counted reference wrote to each
//! text twice a listing: the package's largest share of data-cache
//! misses, docs/benchmarks.md). The kept texts lie in the order written
//! (`Arena`), a force's orders side by side, not all over the heap, and
//! are found by unit (`kept`).

use crate::kept::Kept;
use polemarch_bots::candidate::{Candidate, What};
use polemarch_engine::order::{Action, Order, UnitRef};
use polemarch_engine::replay::{mila_phase_name, MilaPieces, MilaText};
use polemarch_engine::state::{Component, Force};
use polemarch_engine::variant::LocId;
use polemarch_engine::variant::Phase;
use polemarch_engine::{Position, Variant};
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyDict, PyString};
use pyo3::{ffi, PyTypeInfo};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::Deref;
use std::ptr::NonNull;
use std::sync::{Arc, Mutex, OnceLock};

/// One order's text, in Rust and, once asked for, as Python text.
pub struct Said {
    /// As written (not shrunk to fit: that would copy it again).
    pub text: String,
    /// Made with the GIL held; read without it too (`SaidHere::new`).
    py: OnceLock<Py<PyString>>,
}

impl Said {
    pub fn new(text: String) -> Said {
        Said { text, py: OnceLock::new() }
    }

    /// Is `s` this text's Python string (the very object `py` made)?
    pub fn is(&self, s: &Bound<'_, PyString>) -> bool {
        self.py.get().is_some_and(|mine| mine.as_ptr() == s.as_ptr())
    }

    /// The text as a Python string, made the first time it is asked for.
    pub fn py<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        self.py.get_or_init(|| PyString::new(py, &self.text).unbind()).bind(py).clone()
    }
}

/// A text as a listing holds it: kept for the process, or written for
/// this listing alone (an order with no key).
#[derive(Clone)]
pub enum SaidRef {
    Kept(&'static Said),
    Own(Arc<Said>),
}

impl Deref for SaidRef {
    type Target = Said;
    fn deref(&self) -> &Said {
        match self {
            SaidRef::Kept(s) => s,
            SaidRef::Own(s) => s,
        }
    }
}

/// A listed order's text: its `Said`, and the address of the Said's
/// Python string when it was already made, copied here when listed.
/// Listing the orders as Python strings and finding the string given to
/// `set_orders` then read the listing, which lies in one block, and not
/// each Said, which lie elsewhere (a cache miss an order when each was
/// allocated alone: the Saids were the largest share of the package's
/// data-cache misses, docs/benchmarks.md).
pub struct SaidHere {
    said: SaidRef,
    py: Option<NonNull<ffi::PyObject>>,
}

// SAFETY: the address is of the Python string `said` owns (`Said::py`,
// set once and never dropped while the Said lives), and it is only
// dereferenced with the GIL held (`py`); the Said itself is Send and Sync.
unsafe impl Send for SaidHere {}
unsafe impl Sync for SaidHere {}

impl SaidHere {
    pub fn new(said: SaidRef) -> SaidHere {
        let py = said.py.get().map(|p| NonNull::new(p.as_ptr()).expect("a Python object"));
        SaidHere { said, py }
    }

    /// A kept text, with its Python string's address when it is known
    /// (0 when not: then it is read from the text when asked).
    pub fn kept(said: &'static Said, py: usize) -> SaidHere {
        SaidHere { said: SaidRef::Kept(said), py: NonNull::new(py as *mut ffi::PyObject) }
    }

    pub fn shared(&self) -> &SaidRef {
        &self.said
    }

    /// The text as a Python string (a new reference).
    pub fn py<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        match self.py {
            // SAFETY: `self.said` keeps the string alive (see above), the GIL
            // is held, and `Said::py` made it a `str`.
            Some(p) => unsafe {
                debug_assert!(PyString::is_type_of(Bound::from_borrowed_ptr(py, p.as_ptr()).as_any()));
                Bound::from_borrowed_ptr(py, p.as_ptr()).downcast_into_unchecked()
            },
            None => self.said.py(py),
        }
    }

    /// Is `s` this text's Python string (the very object made)?
    pub fn is(&self, s: &Bound<'_, PyString>) -> bool {
        match self.py {
            Some(p) => p.as_ptr() == s.as_ptr(),
            None => self.said.is(s),
        }
    }
}

impl Deref for SaidHere {
    type Target = Said;
    fn deref(&self) -> &Said {
        &self.said
    }
}

/// One variant's text: its orders', by `key`, and its places' names as
/// Python text, made once.
#[derive(Default)]
pub struct Texts {
    kept: Mutex<Kept>,
    /// The units' and places' text the orders are written from.
    pieces: Mutex<MilaPieces>,
    locs: GILOnceCell<Vec<Py<PyString>>>,
    provinces: GILOnceCell<Vec<Py<PyString>>>,
    powers: GILOnceCell<Vec<Py<PyString>>>,
    by_loc: GILOnceCell<Py<PyDict>>,
    /// The phases' short names (`S1901M`), as Python text, by phase.
    phases: Mutex<PhaseNames>,
}

/// The phases' short names as Python text, by phase (its step, its year).
type PhaseNames = HashMap<(u8, i32), Py<PyString>, BuildHasherDefault<Fx>>;

impl Texts {
    /// By location: its name as a key of `get_all_possible_orders`
    /// (`STP/SC`).
    pub fn loc_keys(&self, py: Python<'_>, v: &Variant) -> &[Py<PyString>] {
        self.locs.get_or_init(py, || v.loc_ids().map(|l| upper(py, &v.loc_abbr(l))).collect())
    }

    /// A new dict with every location's key (`loc_keys`, in their order),
    /// each holding None: copied from one made once, so that it is made at
    /// its full size and its keys are not hashed again.
    pub fn by_loc<'py>(&self, py: Python<'py>, v: &Variant) -> PyResult<Bound<'py, PyDict>> {
        let keys = self.loc_keys(py, v);
        let every = self.by_loc.get_or_try_init(py, || -> PyResult<Py<PyDict>> {
            let d = PyDict::new(py);
            for key in keys {
                d.set_item(key.bind(py), py.None())?;
            }
            Ok(d.unbind())
        })?;
        every.bind(py).copy()
    }

    /// By province: its name as `get_orderable_locations` gives it (`STP`).
    pub fn province_keys(&self, py: Python<'_>, v: &Variant) -> &[Py<PyString>] {
        self.provinces.get_or_init(py, || v.province_ids().map(|p| upper(py, &v.province(p).abbr)).collect())
    }

    /// The phase's short name (`S1901M`, `mila_phase_name`), made into
    /// Python text once per variant (a str is immutable: MILA's new
    /// string each call and this one are alike to the caller).
    pub fn phase_name<'py>(&self, py: Python<'py>, v: &Variant, phase: Phase) -> Bound<'py, PyString> {
        let mut names = self.phases.lock().unwrap_or_else(|p| p.into_inner());
        let name = names
            .entry((phase.step, phase.year))
            .or_insert_with(|| PyString::new(py, &mila_phase_name(v, phase)).unbind());
        name.bind(py).clone()
    }

    /// By power: its name as the keys of `Game.powers` give it (`FRANCE`).
    pub fn power_keys(&self, py: Python<'_>, v: &Variant) -> &[Py<PyString>] {
        self.powers.get_or_init(py, || v.powers.iter().map(|p| upper(py, &p.name)).collect())
    }

    /// The text of `o`: kept, or written by `write` (and kept when it has
    /// a key).
    pub fn said(&self, o: &Order, write: impl FnOnce() -> String) -> SaidHere {
        let mut kept = self.lock();
        let group = unit_key(o.unit.as_ref()).map(|u| kept.group(u));
        kept.found_or_written(group, key(o), write)
    }

    /// `said` for each of force `force`'s `candidates` in turn (each
    /// naming its unit the same way: that part of their key is worked out
    /// once), keyed from the compact form (`candidate_key`, as `key` keys
    /// its order), given to `each` with its index, with the set locked once
    /// for all of them (a new text is written meanwhile: `write` may lock
    /// the pieces, never the set). `forces`: the position's.
    pub fn each_said(
        &self,
        forces: &[Force],
        force: &Force,
        candidates: &[Candidate],
        mut write: impl FnMut(&Candidate) -> String,
        mut each: impl FnMut(usize, SaidHere),
    ) {
        let mut kept = self.lock();
        let group = unit_key_of(&force.components, force.loc).map(|u| kept.group(u));
        for (k, c) in candidates.iter().enumerate() {
            let key = candidate_key(c, forces);
            debug_assert_eq!(key, self::key(&c.order(forces, force)), "{c:?}: its order's key");
            each(k, kept.found_or_written(group, key, || write(c)));
        }
    }

    /// Makes the Python strings of the texts kept by the last listings
    /// (with the GIL: a listing runs without it), so that later listings
    /// find their addresses with the texts.
    pub fn make_py(&self, py: Python<'_>) {
        self.lock().make_py(py);
    }

    /// `o` in MILA's notation, written in `pos` from the pieces kept.
    pub fn write(&self, v: &Variant, pos: &Position, o: &Order) -> String {
        let mut pieces = self.pieces.lock().unwrap_or_else(|p| p.into_inner());
        MilaText::new(v, pos, &mut pieces).order(o)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.kept.lock().unwrap_or_else(|p| p.into_inner())
    }
}

fn upper(py: Python<'_>, name: &str) -> Py<PyString> {
    PyString::new(py, &name.to_uppercase()).unbind()
}

/// Every part of an order in MILA's notation its text is written from
/// (`replay::MilaText`: the action, where it goes, by convoy or not, and
/// the unit supported or convoyed) but the unit ordered (`unit_key`, its
/// group's), packed in one word (a place in 10 bits, a kind in 4, a power
/// in 5: a map with more is written afresh); None for the variants' own
/// orders (written in polemarch's notation) and where a unit is not one
/// component with its kind written.
fn key(o: &Order) -> Option<u64> {
    let (tag, to, other): (u64, Option<LocId>, Option<&UnitRef>) = match &o.action {
        Action::Hold => (1, None, None),
        Action::Move { to, via_convoy } => (2 + *via_convoy as u64, Some(*to), None),
        Action::SupportHold { unit } => (4, None, Some(unit)),
        Action::SupportMove { unit, to } => (5, Some(*to), Some(unit)),
        Action::Convoy { unit, to } => (6, Some(*to), Some(unit)),
        Action::Retreat { to } => (7, Some(*to), None),
        Action::Disband => (8, None, None),
        Action::Remove => (9, None, None),
        Action::Build => (10, None, None),
        Action::Waive => (11, None, None),
        _ => return None,
    };
    packed(tag, to, unit_key(other)?)
}

/// `key` of a force's candidate (`forces`: the position's, those it names),
/// from its compact form: the same key as its order's.
fn candidate_key(c: &Candidate, forces: &[Force]) -> Option<u64> {
    let other = || {
        let g = &forces[c.other as usize];
        unit_key_of(&g.components, g.loc)
    };
    let (tag, to, other): (u64, Option<LocId>, Option<u64>) = match c.what {
        What::Hold => (1, None, Some(0)),
        What::Move => (2, Some(c.to), Some(0)),
        What::MoveByConvoy => (3, Some(c.to), Some(0)),
        What::SupportHold => (4, None, other()),
        What::SupportMove => (5, Some(c.to), other()),
        What::Convoy => (6, Some(c.to), other()),
        What::Retreat => (7, Some(c.to), Some(0)),
        What::Disband => (8, None, Some(0)),
        _ => return None,
    };
    packed(tag, to, other?)
}

/// A key of its parts: the action's tag, where it goes, the other unit's
/// key (`unit_key`).
fn packed(tag: u64, to: Option<LocId>, other: u64) -> Option<u64> {
    let to = match to {
        Some(l) => place(l)?,
        None => 0,
    };
    Some(tag | to << 4 | other << 15)
}

/// A unit's part of an order's key (21 bits: one, the kind, the power, free, the
/// place); 0 for none.
fn unit_key(u: Option<&UnitRef>) -> Option<u64> {
    let Some(u) = u else { return Some(0) };
    unit_key_of(u.components.as_deref()?, u.loc)
}

/// `unit_key` of a unit of these components at `loc`.
fn unit_key_of(components: &[Component], loc: LocId) -> Option<u64> {
    match components {
        [c] if c.kind.0 < 1 << 4 && c.power.0 < 1 << 5 => Some(
            1 << 20 | (c.kind.0 as u64) << 16 | (c.power.0 as u64) << 11 | (c.free as u64) << 10 | place(loc)? & 0x3ff,
        ),
        _ => None,
    }
}

/// A place's part of `key` (11 bits: one, the place).
fn place(l: LocId) -> Option<u64> {
    (l.0 < 1 << 10).then_some(1 << 10 | l.0 as u64)
}

/// A small multiplicative hash: orders are a few small integers, and the
/// map is the process's own (no input from outside picks its keys).
#[derive(Default)]
pub struct Fx(u64);

impl Fx {
    fn add(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&b| self.add(b as u64));
    }
    fn write_u8(&mut self, x: u8) {
        self.add(x as u64)
    }
    fn write_u16(&mut self, x: u16) {
        self.add(x as u64)
    }
    fn write_u32(&mut self, x: u32) {
        self.add(x as u64)
    }
    fn write_u64(&mut self, x: u64) {
        self.add(x)
    }
    fn write_usize(&mut self, x: usize) {
        self.add(x as u64)
    }
    /// The product's high half folded into its low one: a product's low
    /// bits depend on the key's low bits alone, and the map picks a
    /// bucket by the low bits.
    fn finish(&self) -> u64 {
        self.0 ^ self.0 >> 32
    }
}
