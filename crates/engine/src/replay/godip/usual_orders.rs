//! The usual ORDERS lines of godip's text, `lon move nth`, read byte by
//! byte where they stand, as the POSITIONS lines are (usual.rs): a place of
//! three lower-case letters, a single space, then `hold`, `move <place>`,
//! `support <place>`, `support <place> move <place>` or `convoy <place>
//! move <place>` with single spaces, then the newline or the end of the
//! text. Any other line (a build, a removal, a disband, a move via convoy,
//! a coast, a place the record names otherwise) is left to the general
//! reader (`order`), which reads a usual line to the same order.

use super::usual::{each_line, Places};
use super::{unit_at, Board, Reading, Variant};
use crate::order::{Action, Order};
use crate::variant::{LocId, PhaseKind};

impl Reading<'_> {
    /// Reads the usual ORDERS lines at the start of `text`, one after the
    /// other, counting them in `n`, up to the first other line: the text
    /// from there (None: the text ended with the last line read).
    pub(super) fn usual_orders<'t>(
        &mut self,
        v: &Variant,
        places: &mut Places,
        n: &mut usize,
        text: &'t str,
    ) -> Option<&'t str> {
        let retreat = v.calendar.kind(self.pos.phase) == PhaseKind::Retreat;
        let board = Board { pos: &self.pos, at: &self.at };
        let orders = &mut self.orders;
        each_line(text, n, |line| {
            let (order, end) = usual_order(v, places, &board, retreat, line)?;
            orders.push(order);
            Some(end)
        })
    }
}

/// Reads one usual order at the start of `line`: the order and where its
/// line ends (its newline, or the end of the text), or None when it is not
/// a usual line.
#[inline(always)]
fn usual_order(v: &Variant, places: &mut Places, board: &Board, retreat: bool, line: &[u8]) -> Option<(Order, usize)> {
    let (unit, power) = unit_at(v, board, place(v, places, line, 0)?, retreat);
    let other = |loc| unit_at(v, board, loc, false).0;
    let (action, end) = if word(line, 3, b" hold") {
        (Action::Hold, 8)
    } else if word(line, 3, b" move ") {
        let to = place(v, places, line, 9)?;
        let action = if retreat { Action::Retreat { to } } else { Action::Move { to, via_convoy: false } };
        (action, 12)
    } else if word(line, 3, b" support ") {
        let target = other(place(v, places, line, 12)?);
        if word(line, 15, b" move ") {
            (Action::SupportMove { unit: target, to: place(v, places, line, 21)? }, 24)
        } else {
            (Action::SupportHold { unit: target }, 15)
        }
    } else if word(line, 3, b" convoy ") && word(line, 14, b" move ") {
        let target = other(place(v, places, line, 11)?);
        (Action::Convoy { unit: target, to: place(v, places, line, 20)? }, 23)
    } else {
        return None;
    };
    if !matches!(line.get(end), None | Some(b'\n')) {
        return None;
    }
    Some((Order { claim: None, power, unit: Some(unit), action }, end))
}

/// Whether `line` has the bytes `w` at `at`.
#[inline(always)]
fn word(line: &[u8], at: usize, w: &[u8]) -> bool {
    line.get(at..at + w.len()) == Some(w)
}

/// The place named by the three letters at `at` (what follows them is
/// checked by the caller: a coast's `/` is not what it expects).
#[inline(always)]
fn place(v: &Variant, places: &mut Places, line: &[u8], at: usize) -> Option<LocId> {
    let &[a, b, c] = line.get(at..at + 3)? else { return None };
    Some(places.find(v, [a, b, c])?.loc)
}
