//! The board after a movement, as its forces are placed: each province's
//! force found again for a merge, and the forces handed over in board
//! order (by location) without sorting them.

use super::decisions::NONE;
use crate::state::{Components, Force};
use crate::variant::{LocId, ProvinceId, Variant};

/// The forces of the new board as they are placed (in the order the
/// movement produces them), and where each stands.
#[derive(Default)]
pub(super) struct NewBoard {
    /// Each province's force in `placed` (NONE: none; IN_BOX: a box).
    index: Vec<u16>,
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

impl NewBoard {
    /// An empty board for `v`, with room for `forces` forces.
    pub fn begin(&mut self, v: &Variant, forces: usize) {
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

    /// Adds a force to the board, joining a force of the same player
    /// already in the province (a merge), except in a box, where every
    /// force stays a force of its own.
    #[inline(always)]
    pub fn place(&mut self, v: &Variant, force: Force) {
        self.place_in(v, v.province_of(force.loc), force);
    }

    /// `place`, the force standing in province `p` (its location's
    /// province, known to the caller: not looked up again).
    #[inline(always)]
    pub fn place_in(&mut self, v: &Variant, p: ProvinceId, force: Force) {
        debug_assert_eq!(p, v.province_of(force.loc));
        let p = p.index();
        let i = self.index[p];
        if i == IN_BOX {
            return self.place_in_box(force);
        }
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

    /// Hands the placed forces over to `forces`: in board order when no
    /// province holds two forces (one force per province, so its location
    /// alone orders it), else as placed, for `normalize` to sort.
    pub fn hand_over(&mut self, v: &Variant, forces: &mut Vec<Force>) {
        forces.clear();
        if self.crowded {
            std::mem::swap(forces, &mut self.placed);
            self.locs.fill(0);
            return;
        }
        forces.reserve(self.placed.len());
        // (Not `bits::ones`: the bits are taken as they are read, and the
        // iterator, read and then cleared, cost 150 to 370 instructions
        // more in the opening.)
        for w in 0..self.locs.len() {
            let mut bits = std::mem::take(&mut self.locs[w]);
            while bits != 0 {
                let loc = LocId::new(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
                let f = &mut self.placed[self.index[v.province_of(loc).index()] as usize];
                let empty = Force { loc, power: f.power, components: Components::new() };
                forces.push(std::mem::replace(f, empty));
            }
        }
        self.placed.clear();
        debug_assert!(forces.is_sorted_by(|a, b| crate::state::board_order(a, b).is_lt()));
    }
}
