//! A position: the phase, the forces on the board, dislodged forces waiting
//! to retreat, provinces left empty by a standoff, and centre owners.

mod composition;
mod copy;
pub mod json;
mod variant_state;

pub use crate::variant::{Kind, Moves};
pub use composition::{parse_composition, write_composition, CompositionError};
pub use json::PositionError;
pub use variant_state::{Delphi, Loan, Outlaw, Rebuild, SenateEnd, Slots, VariantState};

use crate::variant::{LocId, Phase, PowerId, ProvinceId, Variant};
use smallvec::SmallVec;

/// One unit inside a force. (Aligned to 4 bytes: a component is then read
/// and copied as one word, not three bytes; positions are copied whole in
/// every phase.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(align(4))]
pub struct Component {
    pub kind: Kind,
    pub power: PowerId,
    /// Needs no supply and is never removed in adjustments: written with a
    /// `*` (Hoplite Wars' Delphi builds, H19).
    pub free: bool,
}

pub type Components = SmallVec<[Component; 2]>;

/// Everything one power has in one location. In standard Diplomacy a force
/// is one army or one fleet.
#[derive(Debug, PartialEq, Eq)]
pub struct Force {
    pub loc: LocId,
    /// The power that orders the force.
    pub power: PowerId,
    pub components: Components,
}

/// A copy of the components as one block (they are `Copy`): quicker than
/// the element-by-element clone `SmallVec` derives, and positions are
/// copied whole in every phase. One or two components (nearly every force)
/// are copied as values, without a call to copy memory.
impl Clone for Force {
    #[inline]
    fn clone(&self) -> Force {
        Force { loc: self.loc, power: self.power, components: copied(&self.components) }
    }
}

/// The components as a list of their own: one or two (nearly every force)
/// copied as values, without a call to copy memory.
#[inline]
pub fn copied(components: &[Component]) -> Components {
    match *components {
        [a] => Components::from_buf_and_len([a, a], 1),
        [a, b] => Components::from_buf([a, b]),
        ref more => Components::from_slice(more),
    }
}

impl Force {
    pub fn single(power: PowerId, kind: Kind, loc: LocId) -> Force {
        // (Made whole, as `copied` makes one: no test of room to push.)
        let one = Component { kind, power, free: false };
        Force { loc, power, components: Components::from_buf_and_len([one, one], 1) }
    }

    /// Strength: what its components add up to (Multiplicity M1: one each
    /// for an army or a fleet; 1 in standard).
    pub fn strength(&self) -> u32 {
        strength(&self.components)
    }

    /// How many components move as armies, as fleets, and not at all.
    pub fn kinds(&self) -> [usize; 3] {
        kinds(&self.components)
    }

    pub fn count(&self, kind: Kind) -> usize {
        self.components.iter().filter(|c| c.kind == kind).count()
    }

    /// A force with a fleet moves along fleet borders (M2); otherwise as an army.
    pub fn moves_as(&self) -> Moves {
        if self.components.iter().any(|c| c.kind.row().moves == Moves::Fleet) {
            Moves::Fleet
        } else {
            Moves::Army
        }
    }

    pub fn is_army(&self) -> bool {
        self.moves_as() == Moves::Army
    }

    pub fn is_fleet(&self) -> bool {
        self.moves_as() == Moves::Fleet
    }

    /// M2: a force may be at sea only with at least as many fleets as armies.
    pub fn seaworthy(&self) -> bool {
        let [armies, fleets, _] = self.kinds();
        fleets >= armies
    }

    /// Takes the power of its components: theirs when they are all one
    /// power's, else their player's Major (H3: a force mixing a player's
    /// powers is the Major's).
    pub fn settle_power(&mut self, v: &Variant) {
        if let Some((first, rest)) = self.components.split_first() {
            self.power =
                if rest.iter().all(|c| c.power == first.power) { first.power } else { v.major_of(first.power) };
        }
    }

    /// Takes in `other`, a force of the same player arriving in the same
    /// province (a merge, a build, a placement): a coast it stands on wins
    /// over the bare province, and the power is settled again.
    pub fn join(&mut self, v: &Variant, other: Force) {
        if v.loc(other.loc).coast.is_some() {
            self.loc = other.loc;
        }
        self.components.extend(other.components);
        self.settle_power(v);
    }
}

/// How many of `components` move as armies, as fleets, and not at all
/// (armies, fleets and garrisons, in today's variants).
pub fn kinds(components: &[Component]) -> [usize; 3] {
    let class = |c: &Component| match c.kind.row().moves {
        Moves::Army => 0,
        Moves::Fleet => 1,
        Moves::None => 2,
    };
    // (One component, as most forces: the answer made whole, which the
    // compiler keeps in registers; written through an index, it went
    // through a zeroed array on the stack, issue 31.)
    if let [one] = components {
        return match class(one) {
            0 => [1, 0, 0],
            1 => [0, 1, 0],
            _ => [0, 0, 1],
        };
    }
    let mut n = [0; 3];
    for c in components {
        n[class(c)] += 1;
    }
    n
}

/// The strength `components` add up to.
pub fn strength(components: &[Component]) -> u32 {
    components.iter().map(|c| c.kind.row().strength as u32).sum()
}

/// A force dislodged in a movement phase, waiting for its retreat.
#[derive(Clone, Debug, PartialEq)]
pub struct Dislodged {
    pub force: Force,
    /// Where the attack that dislodged it came from (None if unknown).
    pub attacker_from: Option<ProvinceId>,
    /// The dislodging attack came by convoy (DATC 4.A.5: the attacker's
    /// origin is then open to the retreat).
    pub by_convoy: bool,
    /// The origins of the other members of a merge group that dislodged it
    /// and came by land (M11: closed to the retreat too).
    pub also_from: Vec<ProvinceId>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    pub phase: Phase,
    pub forces: Vec<Force>,
    pub dislodged: Vec<Dislodged>,
    /// Provinces left empty by a standoff in the movement just played.
    pub contested: Vec<ProvinceId>,
    /// Owner of every province (only centres are ever owned).
    pub owners: Vec<Option<PowerId>>,
    /// Variant state other than the above, a slot per mechanic.
    pub state: VariantState,
}

impl Position {
    /// The position at the start of a new game of the variant.
    /// With a placement phase (Multiplicity M13) the board starts empty.
    pub fn start(variant: &Variant) -> Position {
        let units = if variant.rules.starts_empty() { &[][..] } else { &variant.start_units[..] };
        Position {
            phase: variant.calendar.first,
            forces: units.iter().map(|&(power, kind, loc)| Force::single(power, kind, loc)).collect(),
            dislodged: Vec::new(),
            contested: Vec::new(),
            owners: variant.start_owners.clone(),
            state: VariantState::default(),
        }
    }

    pub fn empty(variant: &Variant, phase: Phase) -> Position {
        Position {
            phase,
            forces: Vec::new(),
            dislodged: Vec::new(),
            contested: Vec::new(),
            owners: vec![None; variant.province_count()],
            state: VariantState::default(),
        }
    }

    /// A position of no phase with nothing in it, not even a list of
    /// owners: a buffer for `Adjudicator::adjudicate_into` to fill. It
    /// allocates nothing.
    pub fn blank() -> Position {
        Position {
            phase: Phase { step: 0, year: 0 },
            forces: Vec::new(),
            dislodged: Vec::new(),
            contested: Vec::new(),
            owners: Vec::new(),
            state: VariantState::default(),
        }
    }

    /// Becomes a copy of `pos` but for its dislodged forces and standoffs
    /// (none), reusing its own memory, with room for `more` forces.
    pub fn copy_board(&mut self, pos: &Position, more: usize) {
        copy::copy_forces(&mut self.forces, &pos.forces, more);
        self.copy_rest(pos);
    }

    /// `copy_board`, with `added` placed among the forces where board
    /// order puts them (`insert_in_order`, one after another): the forces
    /// of `pos` and `added` both in board order.
    pub fn copy_board_adding(&mut self, pos: &Position, added: &[Force]) {
        copy::copy_merging(&mut self.forces, &pos.forces, added);
        self.copy_rest(pos);
    }

    /// The copy of all but the forces.
    fn copy_rest(&mut self, pos: &Position) {
        self.phase = pos.phase;
        self.dislodged.clear();
        self.contested.clear();
        self.owners.clone_from(&pos.owners);
        self.state.copy_from(&pos.state);
    }

    /// The force standing in a province (on any of its coasts); in a box,
    /// which holds any number, the first of them.
    pub fn force_in(&self, variant: &Variant, p: ProvinceId) -> Option<&Force> {
        self.force_index(variant, p).map(|i| &self.forces[i])
    }

    /// Where in `forces` the force standing in a province is.
    pub fn force_index(&self, variant: &Variant, p: ProvinceId) -> Option<usize> {
        // A force in `p` stands on the province or on one of its coasts:
        // compared by location, without looking each one up.
        let (whole, coasts) = (LocId::of_province(p), &variant.province(p).coasts);
        if coasts.is_empty() {
            return first_at(&self.forces, whole);
        }
        self.forces.iter().position(|f| f.loc == whole || coasts.contains(&f.loc))
    }

    /// `force_index` in a board in board order (by location first), one
    /// force a province at most: found by halving the board at the
    /// province's location and at each of its coasts'.
    pub fn force_index_in_order(&self, variant: &Variant, p: ProvinceId) -> Option<usize> {
        let at = |loc: LocId| {
            let i = self.forces.partition_point(|f| f.loc < loc);
            self.forces.get(i).is_some_and(|f| f.loc == loc).then_some(i)
        };
        at(LocId::of_province(p)).or_else(|| variant.province(p).coasts.iter().find_map(|&c| at(c)))
    }

    /// Every force standing in a province: one at most, or any number in a
    /// box.
    pub fn forces_in<'a>(&'a self, variant: &'a Variant, p: ProvinceId) -> impl Iterator<Item = &'a Force> + 'a {
        self.forces.iter().filter(move |f| variant.province_of(f.loc) == p)
    }

    /// What the centres a power owns are worth, in halves (Cities 2, Towns
    /// 1): whether it is still in the game, and what it shows. A Winter's
    /// supply, which mechanics may add to, is `rules::supply`.
    pub fn supply_halves(&self, variant: &Variant, power: PowerId) -> u32 {
        self.owners
            .iter()
            .enumerate()
            .filter(|(_, o)| **o == Some(power))
            .map(|(p, _)| variant.provinces[p].centre as u32)
            .sum()
    }

    /// Sorts forces by location, power and components (several forces of
    /// one power may share a box), so that equal positions compare equal.
    pub fn normalize(&mut self) {
        // Components first: the board order compares them. (Distinct keys
        // in order, as nearly always: sorted, and quicker to see than by
        // comparing whole forces; seen in the same pass.)
        let (mut by_key, mut last) = (true, -1i64);
        for f in &mut self.forces {
            if f.components.len() > 1 {
                f.components.sort_unstable();
            }
            let key = i64::from(board_key(f));
            by_key &= key > last;
            last = key;
        }
        if !by_key && !self.forces.is_sorted_by(|a, b| board_order(a, b).is_le()) {
            self.forces.sort_unstable_by(board_order);
        }
        self.sort_contested();
    }

    /// Adds a force where board order puts it (no sorting needed after).
    /// It never joins a force already there: in a box (C10) it is one more
    /// force of its own, as a DA rebuilt in Germany beside others.
    pub fn insert_in_order(&mut self, force: Force) {
        insert_in_order(&mut self.forces, force);
    }

    /// Normalizes a position whose forces are in board order already:
    /// sorts the components of each force and the standoffs.
    pub fn tidy(&mut self) {
        self.sort_components();
        debug_assert!(self.forces.is_sorted_by(|a, b| board_order(a, b).is_le()));
        self.sort_contested();
    }

    /// Normalizes a position whose forces are in board order and each in
    /// the order of its components already (every force one of a
    /// normalized position's, as it stood or moved whole): sorts the
    /// standoffs.
    pub fn sort_standoffs(&mut self) {
        debug_assert!(self.forces.iter().all(|f| f.components.is_sorted()));
        debug_assert!(self.forces.is_sorted_by(|a, b| board_order(a, b).is_le()));
        self.sort_contested();
    }

    fn sort_components(&mut self) {
        for f in self.forces.iter_mut().filter(|f| f.components.len() > 1) {
            f.components.sort_unstable();
        }
    }

    fn sort_contested(&mut self) {
        self.contested.sort_unstable();
        self.contested.dedup();
    }
}

/// The first of `forces` at `loc`. (A build asks for the force in an
/// empty province twice, which reads the whole board each time.)
fn first_at(forces: &[Force], loc: LocId) -> Option<usize> {
    first_by_fours(forces, |f| f.loc == loc)
}

/// The first of `forces` that passes `test`, four forces a step, their
/// tests without branches between them (for scans of the whole board).
#[inline(always)]
pub(crate) fn first_by_fours(forces: &[Force], test: impl Fn(&Force) -> bool) -> Option<usize> {
    let mut fours = forces.chunks_exact(4);
    for (n, four) in fours.by_ref().enumerate() {
        if test(&four[0]) | test(&four[1]) | test(&four[2]) | test(&four[3]) {
            return four.iter().position(&test).map(|i| 4 * n + i);
        }
    }
    let rest = fours.remainder();
    rest.iter().position(test).map(|i| forces.len() - rest.len() + i)
}

/// Adds a force to forces in board order where that order puts it
/// (`Position::insert_in_order`, for a list borrowed apart).
pub fn insert_in_order(forces: &mut Vec<Force>, force: Force) {
    let at = order_point(forces, &force);
    forces.insert(at, force);
}

/// Where board order puts `force` in `forces` (in board order): after
/// every force before it. (Found by the keys, then past any force of the
/// same key before it: components are compared only there.)
fn order_point(forces: &[Force], force: &Force) -> usize {
    let key = board_key(force);
    let mut at = forces.partition_point(|f| board_key(f) < key);
    while forces.get(at).is_some_and(|f| board_key(f) == key && board_order(f, force).is_lt()) {
        at += 1;
    }
    at
}

/// The order of forces in a normalized position: by location, then power,
/// then components.
pub fn board_order(a: &Force, b: &Force) -> std::cmp::Ordering {
    board_key(a).cmp(&board_key(b)).then_with(|| a.components.cmp(&b.components))
}

/// A force's place in board order but for its components.
#[inline]
fn board_key(f: &Force) -> u32 {
    u32::from(f.loc.0) << 8 | u32::from(f.power.0)
}

/// Tells, force after force, whether forces are as `normalize` leaves
/// them and sees at once: distinct keys in board order, one component
/// each (one such board stays so as forces of one component are added in
/// order, or taken out). For a phase's pass over the forces to tell, so
/// that the phase need not normalize after it.
pub struct InOrder {
    last: i64,
    pub so_far: bool,
}

impl InOrder {
    pub fn new() -> InOrder {
        InOrder { last: -1, so_far: true }
    }

    /// Takes the next force into account.
    #[inline]
    pub fn see(&mut self, f: &Force) {
        let key = i64::from(board_key(f));
        self.so_far &= key > self.last && f.components.len() < 2;
        self.last = key;
    }
}

impl Default for InOrder {
    fn default() -> InOrder {
        InOrder::new()
    }
}

#[cfg(test)]
mod tests {
    use super::Position;
    use crate::variant::{embedded_variant, ProvinceId};

    /// Halving a board in order finds the force of every province that
    /// the scan finds, a fleet on a coast among them (and none where
    /// there is none).
    #[test]
    fn the_force_in_a_province_is_found_by_halving_a_board_in_order() {
        let v = embedded_variant("standard").expect("built in").expect("loads");
        let mut pos = Position::start(&v);
        let stp = v.find_loc("stp/sc").expect("a coast");
        assert!(pos.forces.iter().any(|f| f.loc == stp), "the start has F stp/sc");
        pos.normalize();
        for p in (0..v.province_count()).map(ProvinceId::new) {
            assert_eq!(pos.force_index_in_order(&v, p), pos.force_index(&v, p), "{}", v.province(p).name);
        }
    }
}
