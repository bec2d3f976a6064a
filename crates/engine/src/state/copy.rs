//! Copying a board's forces into a list kept from phase to phase: each
//! retreat and adjustment copies every force of its start position.

use super::{Component, Force};
use crate::variant::{LocId, PowerId};

/// Makes `into` a copy of `from`, with room for `more` forces.
///
/// Nearly every force keeps its components inline (one or two); such a
/// force owns no memory elsewhere, so its bytes are a copy of it, and the
/// whole list is copied as one block. (Measured, issue 31's ninth pass:
/// the retreat's and the adjustment's copy of 32 forces went from some 28
/// instructions a force, cloned one by one, each clone testing where its
/// components live, to a few.) A force whose components spilled to the
/// heap is cloned the ordinary way, and so is the whole list then.
pub fn copy_forces(into: &mut Vec<Force>, from: &[Force], more: usize) {
    into.clear();
    into.reserve(from.len() + more);
    if !from.iter().all(owns_nothing_else) {
        into.extend(from.iter().cloned());
        return;
    }
    // SAFETY: `into` is empty with room for `from.len()` forces, and the
    // two lists are distinct allocations (one is borrowed mutably, the
    // other shared). Every force of `from` is plain data: its location and
    // power are `Copy` (checked below), and its components, `Copy` too,
    // are held inline (`owns_nothing_else`), so a bitwise copy is an
    // independent, valid force that frees nothing the original frees;
    // `set_len` then counts only the forces written.
    unsafe {
        std::ptr::copy_nonoverlapping(from.as_ptr(), into.as_mut_ptr(), from.len());
        into.set_len(from.len());
    }
}

/// A force whose components are inline: all of it is in its own bytes.
#[inline]
fn owns_nothing_else(f: &Force) -> bool {
    !f.components.spilled()
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
}
