//! The usual ORDERS lines of godip's text, `lon move nth`, read byte by
//! byte where they stand, as the POSITIONS lines are (usual.rs): a place of
//! three lower-case letters, a single space, then `hold`, `move <place>`,
//! `support <place>`, `support <place> move <place>` or `convoy <place>
//! move <place>` with single spaces, then the newline or the end of the
//! text. Any other line (a build, a removal, a disband, a move via convoy,
//! a coast, a place the record names otherwise) is left to the general
//! reader (`order`), which reads a usual line to the same order.

use super::usual::{each_line, ends_at, Places, Window};
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
        each_line(text, n, |line, w| usual_order(v, places, &board, retreat, line, w, orders))
    }
}

/// Reads one usual order at the start of `line` (`w` its window) into
/// `orders` (pushed where it is made: an order is 96 bytes): where its line
/// ends (its newline, or the end of the text), or None, with nothing read,
/// when it is not a usual line.
#[inline(always)]
fn usual_order(
    v: &Variant,
    places: &mut Places,
    board: &Board,
    retreat: bool,
    line: &[u8],
    w: &Window,
    orders: &mut Vec<Order>,
) -> Option<usize> {
    // The shape its words show; every word and place of it is then the
    // line's own where the line ends at the shape's end.
    let shape = if word(w, 3, b" hold") {
        Shape::Hold
    } else if word(w, 3, b" move ") {
        Shape::Move
    } else if word(w, 3, b" support ") {
        if word(w, 15, b" move ") {
            Shape::SupportMove
        } else {
            Shape::SupportHold
        }
    } else if word(w, 3, b" convoy ") && word(w, 14, b" move ") {
        Shape::Convoy
    } else {
        return None;
    };
    let end = shape.end();
    if !ends_at(line, w, end) {
        return None;
    }
    let (unit, power) = unit_at(v, board, place(v, places, w, 0)?, retreat);
    let other = |loc| unit_at(v, board, loc, false).0;
    let action = match shape {
        Shape::Hold => Action::Hold,
        Shape::Move => {
            let to = place(v, places, w, 9)?;
            if retreat {
                Action::Retreat { to }
            } else {
                Action::Move { to, via_convoy: false }
            }
        }
        Shape::SupportHold => Action::SupportHold { unit: other(place(v, places, w, 12)?) },
        Shape::SupportMove => {
            Action::SupportMove { unit: other(place(v, places, w, 12)?), to: place(v, places, w, 21)? }
        }
        Shape::Convoy => Action::Convoy { unit: other(place(v, places, w, 11)?), to: place(v, places, w, 20)? },
    };
    orders.push(Order { claim: None, power, unit: Some(unit), action });
    Some(end)
}

/// The usual orders' lines, by their words at fixed places.
#[derive(Clone, Copy)]
enum Shape {
    Hold,
    Move,
    SupportHold,
    SupportMove,
    Convoy,
}

impl Shape {
    /// Where a line of this shape ends (`lon hold`, `lon move nth`, `lon
    /// support yor`, `lon support yor move nth`, `nth convoy yor move
    /// nwy`).
    fn end(self) -> usize {
        match self {
            Shape::Hold => 8,
            Shape::Move => 12,
            Shape::SupportHold => 15,
            Shape::SupportMove => 24,
            Shape::Convoy => 23,
        }
    }
}

/// Whether the window `w` has the bytes `word` at `at`.
#[inline(always)]
fn word(w: &Window, at: usize, word: &[u8]) -> bool {
    w[at..at + word.len()] == *word
}

/// The place named by the three letters at `at` (what follows them is
/// checked by the caller: a coast's `/` is not what it expects).
#[inline(always)]
fn place(v: &Variant, places: &mut Places, w: &Window, at: usize) -> Option<LocId> {
    let place = places.find(v, [w[at], w[at + 1], w[at + 2]]);
    place.named.then_some(place.loc)
}
