//! The board after a movement, as its forces are placed: each province's
//! force found again for a merge, and the forces handed over in board
//! order (by location) without sorting them. A force that moved or stayed
//! whole is not copied until the hand-over, where it is written once, in
//! its place on the next board.

use super::decisions::NONE;
use crate::state::{copied, Components, Force};
use crate::variant::{bits, LocId, ProvinceId, Variant};

/// The forces of the new board as they are placed (in the order the
/// movement produces them), and where each stands.
#[derive(Default)]
pub(super) struct NewBoard {
    /// Each province's force: its index in `placed`; WHOLE_FROM and a
    /// force of the position, all of it, standing in the location marked
    /// in the province (`place_whole`); NONE: none; IN_BOX: a box.
    index: Vec<u16>,
    /// The forces placed that are not whole forces of the position as
    /// they were (a part split off, what stayed of a split, a merge), and
    /// any force in a province that held or holds another.
    placed: Vec<Force>,
    /// The locations the placed forces stand in, a bit each (set as they
    /// are placed, all zero between phases): read in order, the board
    /// order when no province holds two forces.
    locs: Vec<u64>,
    /// A province held two players' forces, or a box was entered: the
    /// board must then be normalized.
    pub crowded: bool,
    /// A force made this phase (a part split off or left behind, a merge)
    /// is on the board: its components may be out of order. Every other
    /// force is one of the position's, whose components are in order.
    pub made: bool,
    /// The move groups (by their leader) whose leader did not arrive, as
    /// the forces are placed: only their destinations can be left empty
    /// by a standoff (a group that arrived stands in its destination).
    pub stopped: Vec<u16>,
}

/// `index` of a box: it holds any number of forces, each on its own (C10).
const IN_BOX: u16 = NONE - 1;
/// `index` of a whole force of the position: this bit and the force's
/// index (below it: `placed` indices; above it: NONE and IN_BOX).
const WHOLE_FROM: u16 = 1 << 15;

/// The `index` entry of a whole force of the position, `Some(f)`, or
/// None for NONE, IN_BOX and a `placed` index.
#[inline(always)]
fn whole_force(i: u16) -> Option<u16> {
    (i & WHOLE_FROM != 0 && i < IN_BOX).then_some(i & !WHOLE_FROM)
}

impl NewBoard {
    /// An empty board for `v`, with room for `forces` forces.
    pub fn begin(&mut self, v: &Variant, forces: usize) {
        assert!(forces < usize::from(IN_BOX & !WHOLE_FROM), "a force's index fits beside WHOLE_FROM");
        self.index.clear();
        self.index.resize(v.province_count(), NONE);
        for b in &v.boxes {
            self.index[b.index()] = IN_BOX;
        }
        self.placed.clear();
        self.placed.reserve(forces);
        self.locs.resize(v.locs.len().div_ceil(64), 0);
        self.crowded = false;
        self.made = false;
        self.stopped.clear();
    }

    /// Whether a province holds a force on the new board (or is a box).
    pub fn holds(&self, p: ProvinceId) -> bool {
        self.index[p.index()] != NONE
    }

    /// Force `f` of the position (`forces`), all of it, at `loc` (where it
    /// stood, or where it moved whole), in province `p` (`loc`'s, known to
    /// the caller). Alone in its province, as nearly every force is, it is
    /// only marked: the hand-over copies it, once. Else it is placed as a
    /// force made here would be (a merge, a box, two players' forces).
    #[inline(always)]
    pub fn place_whole(&mut self, v: &Variant, p: ProvinceId, forces: &[Force], f: u16, loc: LocId) {
        debug_assert_eq!(p, v.province_of(loc));
        if self.index[p.index()] == NONE {
            self.mark(loc);
            self.index[p.index()] = WHOLE_FROM | f;
        } else {
            self.place_in(v, p, forces, whole_at(v, &forces[f as usize], loc));
        }
    }

    /// Adds a force to the board, joining a force of the same player
    /// already in the province (a merge), except in a box, where every
    /// force stays a force of its own. (`forces`: the position's, of
    /// which some may be on the board whole, `place_whole`.)
    #[inline(always)]
    pub fn place(&mut self, v: &Variant, forces: &[Force], force: Force) {
        self.place_in(v, v.province_of(force.loc), forces, force);
    }

    /// `place`, the force standing in province `p` (its location's
    /// province, known to the caller: not looked up again).
    #[inline(always)]
    fn place_in(&mut self, v: &Variant, p: ProvinceId, forces: &[Force], force: Force) {
        debug_assert_eq!(p, v.province_of(force.loc));
        let mut i = self.index[p.index()];
        if i == IN_BOX {
            return self.place_in_box(force);
        }
        if let Some(f) = whole_force(i) {
            i = self.copy_whole(v, p, forces, f);
        }
        let p = p.index();
        if i != NONE && v.same_player(self.placed[i as usize].power, force.power) {
            return self.join(v, i, force);
        }
        self.mark(force.loc);
        self.index[p] = self.placed.len() as u16;
        self.placed.push(force);
        self.crowded |= i != NONE;
    }

    /// A force joining the force `i` of its player (a merge): a coast it
    /// stands on wins over the bare province.
    #[cold]
    fn join(&mut self, v: &Variant, i: u16, force: Force) {
        self.made = true;
        let was = self.placed[i as usize].loc;
        self.placed[i as usize].join(v, force);
        let now = self.placed[i as usize].loc;
        if now != was {
            self.mark(was);
            self.mark(now);
        }
    }

    /// Flips the bit of a location.
    #[inline(always)]
    fn mark(&mut self, l: LocId) {
        let l = l.index();
        self.locs[l / 64] ^= 1 << (l % 64);
    }

    /// A force arriving in or staying in a box: one more force there.
    #[cold]
    fn place_in_box(&mut self, force: Force) {
        self.placed.push(force);
        self.crowded = true;
    }

    /// Whole force `f`, marked in province `p`, copied into `placed` (for
    /// another force to join it or stand beside it): its index there.
    #[cold]
    #[inline(never)]
    fn copy_whole(&mut self, v: &Variant, p: ProvinceId, forces: &[Force], f: u16) -> u16 {
        let whole = LocId::of_province(p);
        let loc = std::iter::once(whole)
            .chain(v.province(p).coasts.iter().copied())
            .find(|&l| self.marked(l))
            .expect("a whole force's location is marked");
        let i = self.placed.len() as u16;
        self.placed.push(whole_at(v, &forces[f as usize], loc));
        self.index[p.index()] = i;
        i
    }

    /// Whether a location's bit is set.
    fn marked(&self, l: LocId) -> bool {
        bits::has(&self.locs, l.index())
    }

    /// Hands the board over to `next` (the position's forces were
    /// `forces`): in board order when no province holds two forces (one
    /// force per province, so its location alone orders it), else as
    /// placed, for `normalize` to sort.
    pub fn hand_over(&mut self, v: &Variant, forces: &[Force], next: &mut Vec<Force>) {
        next.clear();
        if self.crowded {
            return self.hand_over_crowded(v, forces, next);
        }
        next.reserve(forces.len() + self.placed.len());
        // (Not `bits::ones`: the bits are taken as they are read, and the
        // iterator, read and then cleared, cost 150 to 370 instructions
        // more in the opening.)
        for w in 0..self.locs.len() {
            let mut bits = std::mem::take(&mut self.locs[w]);
            while bits != 0 {
                let loc = LocId::new(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
                let i = province_entry(v, &self.index, loc);
                match whole_force(i) {
                    Some(f) => next.push(whole_at(v, &forces[f as usize], loc)),
                    None => {
                        let f = &mut self.placed[i as usize];
                        let empty = Force { loc, power: f.power, components: Components::new() };
                        next.push(std::mem::replace(f, empty));
                    }
                }
            }
        }
        self.placed.clear();
        debug_assert!(next.is_sorted_by(|a, b| crate::state::board_order(a, b).is_lt()));
    }

    /// `hand_over` of a board where a province holds two forces (or a box
    /// is entered): the whole forces copied among the placed ones, all
    /// handed over as they are, to be sorted. (Each whole force is alone
    /// in its province, and its location's bit is set: a force placed
    /// beside it copied it first, `copy_whole`.)
    #[cold]
    #[inline(never)]
    fn hand_over_crowded(&mut self, v: &Variant, forces: &[Force], next: &mut Vec<Force>) {
        for w in 0..self.locs.len() {
            let mut bits = std::mem::take(&mut self.locs[w]);
            while bits != 0 {
                let loc = LocId::new(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
                if let Some(f) = whole_force(self.index[v.province_of(loc).index()]) {
                    self.placed.push(whole_at(v, &forces[f as usize], loc));
                }
            }
        }
        std::mem::swap(next, &mut self.placed);
    }
}

/// The entry of location `l`'s province in `index` (one entry a
/// province): a province's own location is numbered as the province
/// (`LocId::of_province`, the coasts after all the provinces), so only a
/// coast's province is looked up. (Each force handed over asked the
/// variant: some 6 instructions a force with the bounds checks; and read
/// with `get`, the test of a coast is the bounds check, some 2 more,
/// issue 31.)
#[inline(always)]
fn province_entry(v: &Variant, index: &[u16], l: LocId) -> u16 {
    match index.get(l.index()) {
        Some(&i) => {
            debug_assert_eq!(v.province_of(l).index(), l.index());
            i
        }
        None => index[v.province_of(l).index()],
    }
}

/// All of `force` at `loc` (where it stood, or where it moved whole): its
/// components in one copy, its power as it was. That is the power
/// `settle_power` would give them: every position read (JSON, case files,
/// MILA's records) or made (each phase; each mechanic that hands a force
/// to an heir sets the force's power with its components') has each
/// force's power settled. (Issue 31: the copy and the settling of a fresh
/// list cost some 20 instructions a force.)
#[inline(always)]
fn whole_at(v: &Variant, force: &Force, loc: LocId) -> Force {
    let at = Force { loc, power: force.power, components: copied(&force.components) };
    debug_assert!({
        let mut settled = at.clone();
        settled.settle_power(v);
        settled.power == at.power
    });
    at
}
