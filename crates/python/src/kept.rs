//! The listed orders' kept texts, found by unit: a force's orders all name
//! its unit, so the texts are grouped by the unit's part of their key
//! (`said::unit_key`), and a force looks its group up once and then reads
//! its texts' entries one after another. An entry found is brought forward
//! to just after the one found before it, and a new one is kept there: the
//! front of a group is its force's last listing, in order, and the orders
//! no longer listed drift back, so a force listing the orders it listed
//! last time (a unit standing still) finds each at the first place it
//! looks. Each entry holds its text and the address of the text's Python
//! string: a listing reads neither the text nor a hash table's
//! bucket an order, each a cache miss when every order's key was hashed
//! into one table of thousands (the package's largest share of the time
//! waiting on memory, docs/benchmarks.md).

use crate::arena::Arena;
use crate::said::{Fx, Said, SaidHere, SaidRef};
use pyo3::Python;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::Arc;

/// Orders kept at most (about 10 MB, never freed); past this a new text
/// is written afresh each time it is listed. A map's orders are far fewer:
/// 40 random games of standard list about 5,200 different ones.
const KEPT_AT_MOST: usize = 1 << 16;

/// One kept text: the rest of its key (the unit's part is its group's),
/// the text, and its Python string's address once made (0 before).
#[derive(Clone, Copy)]
struct Entry {
    rest: u64,
    said: &'static Said,
    py: usize,
}

/// The texts of the orders of one unit, the last listed first, in the
/// order listed.
#[derive(Default)]
struct Group {
    entries: Vec<Entry>,
    /// Where to look first: after the entry last found.
    next: usize,
}

impl Group {
    /// The entry under `rest`, looked for from `next` on and brought
    /// forward to `next` (or found among this force's orders before it).
    fn find(&mut self, rest: u64) -> Option<Entry> {
        let n = self.next;
        match self.entries[n..].iter().position(|e| e.rest == rest) {
            Some(k) => {
                self.entries[n..=n + k].rotate_right(1);
                self.next = n + 1;
                Some(self.entries[n])
            }
            None => self.entries[..n].iter().find(|e| e.rest == rest).copied(),
        }
    }
}

/// One variant's kept texts, by unit.
#[derive(Default)]
pub struct Kept {
    by_unit: HashMap<u64, u32, BuildHasherDefault<Fx>>,
    groups: Vec<Group>,
    count: usize,
    arena: Arena<Said>,
    /// Entries kept since the last `make_py` (group, rest of the key).
    fresh: Vec<(u32, u64)>,
}

impl Kept {
    /// The group of the unit whose part of the key is `unit`, made if
    /// new, to look a force's orders up in from the first.
    pub fn group(&mut self, unit: u64) -> usize {
        let next = self.groups.len() as u32;
        let g = *self.by_unit.entry(unit).or_insert(next) as usize;
        if g == self.groups.len() {
            self.groups.push(Group::default());
        }
        // A force's orders are looked for from its first.
        self.groups[g].next = 0;
        g
    }

    /// The text kept in group `g` under `rest`, or written by `write` (and
    /// kept when there is a group, a key and room).
    pub fn found_or_written(
        &mut self,
        g: Option<usize>,
        rest: Option<u64>,
        write: impl FnOnce() -> String,
    ) -> SaidHere {
        let (Some(g), Some(rest)) = (g, rest) else {
            return SaidHere::new(SaidRef::Own(Arc::new(Said::new(write()))));
        };
        if let Some(e) = self.groups[g].find(rest) {
            return SaidHere::kept(e.said, e.py);
        }
        let said = Said::new(write());
        if self.count >= KEPT_AT_MOST {
            return SaidHere::new(SaidRef::Own(Arc::new(said)));
        }
        // Kept as long as the set, which is the process's (`load`).
        let said = self.arena.put(said);
        // After the entry found last: where it comes in the force's list.
        let group = &mut self.groups[g];
        group.entries.insert(group.next, Entry { rest, said, py: 0 });
        group.next += 1;
        self.fresh.push((g as u32, rest));
        self.count += 1;
        SaidHere::kept(said, 0)
    }

    /// Makes the Python strings of the texts kept since the last call, and
    /// notes their addresses in the entries.
    pub fn make_py(&mut self, py: Python<'_>) {
        for (g, rest) in self.fresh.drain(..) {
            let group = &mut self.groups[g as usize];
            let e = group.entries.iter_mut().find(|e| e.rest == rest).expect("a kept text");
            e.py = e.said.py(py).as_ptr() as usize;
        }
    }
}
