//! Copying a board's forces into a list kept from phase to phase: each
//! retreat and adjustment copies every force of its start position.

use super::{Component, Force};
use crate::variant::{LocId, PowerId};

/// Makes `into` a copy of `from`, with room for `more` forces.
pub fn copy_forces(into: &mut Vec<Force>, from: &[Force], more: usize) {
    into.clear();
    into.reserve(from.len() + more);
    append_forces(into, from);
}

/// Makes `into` a copy of `from` with `added` merged in, each where board
/// order puts it (as `insert_in_order` would, one after another): both
/// lists in board order.
pub fn copy_merging(into: &mut Vec<Force>, mut from: &[Force], added: &[Force]) {
    into.clear();
    into.reserve(from.len() + added.len());
    for force in added {
        let (before, after) = from.split_at(super::order_point(from, force));
        append_forces(into, before);
        into.push(force.clone());
        from = after;
    }
    append_forces(into, from);
}

/// Appends a copy of `from` to `into`.
///
/// Nearly every force keeps its components inline (one or two); such a
/// force owns no memory elsewhere, so its bytes are a copy of it, and the
/// whole list is copied as one block. (Measured, issue 31's ninth pass:
/// the retreat's and the adjustment's copy of 32 forces went from some 28
/// instructions a force, cloned one by one, each clone testing where its
/// components live, to a dozen.) A force whose components spilled to the
/// heap is cloned the ordinary way, and so is the whole list then.
fn append_forces(into: &mut Vec<Force>, from: &[Force]) {
    if any_spilled(from) {
        into.extend(from.iter().cloned());
        return;
    }
    into.reserve(from.len());
    let len = into.len();
    // SAFETY: `into` has room for `from.len()` forces after its `len`,
    // and the two lists are distinct allocations (one is borrowed
    // mutably, the other shared). Every force of `from` is plain data:
    // its location and power are `Copy` (checked below), and its
    // components, `Copy` too, are held inline (`any_spilled`), so a
    // bitwise copy is an independent, valid force that frees nothing the
    // original frees; `set_len` then counts only the forces written.
    unsafe {
        std::ptr::copy_nonoverlapping(from.as_ptr(), into.as_mut_ptr().add(len), from.len());
        into.set_len(len + from.len());
    }
}

/// Has any force components on the heap? (A force with its components
/// inline has all of itself in its own bytes.)
fn any_spilled(forces: &[Force]) -> bool {
    super::first_by_fours(forces, |f| f.components.spilled()).is_some()
}

/// Compiles only while a force's parts are plain data (`Copy`), its
/// components aside: a field added to `Force` fails here, to be judged
/// for the copy above.
#[allow(dead_code)]
fn parts_are_plain(f: &Force) {
    fn copy<T: Copy>(_: &T) {}
    let Force { loc, power, components } = f;
    copy::<LocId>(loc);
    copy::<PowerId>(power);
    components.iter().for_each(copy::<Component>);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{Components, Kind};

    fn force(loc: u16, n: usize) -> Force {
        let c = Component { kind: Kind::ARMY, power: PowerId(1), free: false };
        Force { loc: LocId(loc), power: PowerId(1), components: std::iter::repeat_n(c, n).collect::<Components>() }
    }

    /// Forces inline and forces spilled (three components) are copied
    /// alike, into a list that held other forces, spilled ones among them.
    #[test]
    fn a_copy_equals_its_original() {
        for from in [vec![force(1, 1), force(2, 2), force(5, 1)], vec![force(1, 1), force(3, 3), force(4, 2)]] {
            let mut into = vec![force(9, 4), force(8, 1)];
            copy_forces(&mut into, &from, 2);
            assert_eq!(into, from);
            assert!(into.capacity() >= from.len() + 2);
            drop(from);
            assert_eq!(into[0], force(1, 1), "the copy outlives its original");
        }
    }

    /// A merged copy is the copy with each added force inserted in board
    /// order: at the start, between, at the end, and beside a force of
    /// the same location and power (by components).
    #[test]
    fn a_merged_copy_is_the_copy_with_the_forces_inserted() {
        let from = vec![force(2, 1), force(4, 3), force(6, 1)];
        for added in [vec![force(1, 1), force(5, 1), force(7, 2)], vec![force(4, 1), force(4, 2), force(9, 1)], vec![]]
        {
            let mut inserted = from.clone();
            for f in &added {
                crate::state::insert_in_order(&mut inserted, f.clone());
            }
            let mut into = vec![force(3, 3)];
            copy_merging(&mut into, &from, &added);
            assert_eq!(into, inserted);
        }
    }
}
