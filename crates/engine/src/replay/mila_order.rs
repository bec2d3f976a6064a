//! Orders in MILA notation (`A PAR - BUR`, `F STP/SC S A MOS - LVN`,
//! `A YOR - NWY VIA`): one at a time (`mila_order`), or many of one
//! position (`MilaText`, which writes each unit and location once and
//! keeps it, from one position to the next where its owner keeps its
//! `MilaPieces`: the Python package lists hundreds of orders a phase).

use crate::order::{Action, Order, UnitRef};
use crate::state::{Component, Position};
use crate::variant::{LocId, Variant};

/// `A PAR`, `F STP/NC`. A force of one unit (nearly every force) is
/// written without the general composition writer.
pub(super) fn unit_text(v: &Variant, components: &[Component], loc: LocId) -> String {
    match components {
        [c] if !c.free => {
            let mut text = String::with_capacity(12);
            text.push_str(c.kind.letter());
            text.push(' ');
            text.push_str(&v.loc_abbr(loc));
            upper(text)
        }
        _ => upper(crate::state::json::unit_text(v, components, loc)),
    }
}

/// Upper case; without the Unicode tables where the text is ASCII (every
/// map's abbreviations are).
pub(super) fn upper(mut text: String) -> String {
    if text.is_ascii() {
        text.make_ascii_uppercase();
        text
    } else {
        text.to_uppercase()
    }
}

/// The unit an order names, with its kind from the position when the order
/// leaves it out.
pub(super) fn unit_ref_text(v: &Variant, pos: &Position, u: &UnitRef) -> String {
    match &super::diff::filled(v, pos, u).components {
        Some(c) => unit_text(v, c, u.loc),
        None => format!("A {}", v.loc_abbr(u.loc).to_uppercase()),
    }
}

/// An order in MILA notation.
pub fn mila_order(v: &Variant, pos: &Position, o: &Order) -> String {
    let mut out = String::with_capacity(24);
    write(v, o, &mut out, &mut |u, out| out.push_str(&unit_ref_text(v, pos, u)), &mut |l, out| {
        out.push_str(&upper(v.loc_abbr(l)))
    });
    out
}

/// The text of the units and locations [`MilaText`] has written, for one
/// variant, kept from one position to the next by whoever owns it: a
/// location's name, and the text of a unit whose kind the order writes,
/// depend on the map alone (a unit whose kind is left out is written from
/// the position each time).
#[derive(Default)]
pub struct MilaPieces {
    /// By location: its name (`STP/SC`), once written.
    locs: Vec<Option<String>>,
    /// By location: the unit an order last named there, as the order
    /// names it, and its text.
    units: Vec<Option<(UnitRef, String)>>,
}

/// Writes the orders of one position in MILA notation, keeping the text
/// of each unit and location it has written (in its `MilaPieces`): the
/// same text as `mila_order`, without writing a unit again for each of
/// its orders.
pub struct MilaText<'a> {
    v: &'a Variant,
    pos: &'a Position,
    pieces: &'a mut MilaPieces,
}

impl<'a> MilaText<'a> {
    /// A writer for `pos` keeping its pieces in `pieces` (made for `v`, or
    /// new).
    pub fn new(v: &'a Variant, pos: &'a Position, pieces: &'a mut MilaPieces) -> MilaText<'a> {
        let n = v.loc_ids().len();
        if pieces.locs.len() != n {
            *pieces = MilaPieces { locs: vec![None; n], units: vec![None; n] };
        }
        MilaText { v, pos, pieces }
    }

    /// `o` in MILA notation.
    pub fn order(&mut self, o: &Order) -> String {
        let MilaText { v, pos, pieces } = self;
        let MilaPieces { locs, units } = &mut **pieces;
        let mut out = String::with_capacity(24);
        let mut unit = |u: &UnitRef, out: &mut String| {
            if u.components.is_none() {
                return out.push_str(&unit_ref_text(v, pos, u));
            }
            let kept = &mut units[u.loc.index()];
            if kept.as_ref().is_none_or(|(named, _)| named != u) {
                *kept = Some((u.clone(), unit_ref_text(v, pos, u)));
            }
            out.push_str(&kept.as_ref().expect("just written").1);
        };
        let mut loc =
            |l: LocId, out: &mut String| out.push_str(locs[l.index()].get_or_insert_with(|| upper(v.loc_abbr(l))));
        write(v, o, &mut out, &mut unit, &mut loc);
        out
    }
}

/// Writes `o` into `out`, each unit it names by `unit` and each location
/// by `loc`.
fn write(
    v: &Variant,
    o: &Order,
    out: &mut String,
    unit: &mut dyn FnMut(&UnitRef, &mut String),
    loc: &mut dyn FnMut(LocId, &mut String),
) {
    if !has_mila_form(&o.action) {
        // The orders of the variants' own mechanics: polemarch's notation.
        out.push_str(&o.display(v).to_string().to_uppercase());
        return;
    }
    if let (Some(u), false) = (&o.unit, o.action == Action::Waive) {
        unit(u, out);
    }
    match &o.action {
        Action::Hold => out.push_str(" H"),
        Action::Move { to, via_convoy } => {
            out.push_str(" - ");
            loc(*to, out);
            if *via_convoy {
                out.push_str(" VIA");
            }
        }
        Action::SupportHold { unit: u } => {
            out.push_str(" S ");
            unit(u, out);
        }
        Action::SupportMove { unit: u, to } | Action::Convoy { unit: u, to } => {
            out.push_str(if matches!(o.action, Action::Convoy { .. }) { " C " } else { " S " });
            unit(u, out);
            out.push_str(" - ");
            loc(*to, out);
        }
        Action::Retreat { to } => {
            out.push_str(" R ");
            loc(*to, out);
        }
        Action::Disband | Action::Remove => out.push_str(" D"),
        Action::Build => out.push_str(" B"),
        Action::Waive => out.push_str("WAIVE"),
        _ => unreachable!("has_mila_form"),
    }
}

/// Has the order a form in MILA's notation? The orders of the variants'
/// own mechanics have none.
pub(super) fn has_mila_form(action: &Action) -> bool {
    match action {
        Action::Hold
        | Action::Move { .. }
        | Action::SupportHold { .. }
        | Action::SupportMove { .. }
        | Action::Convoy { .. }
        | Action::Retreat { .. }
        | Action::Disband
        | Action::Remove
        | Action::Build
        | Action::Waive => true,
        Action::Merge { .. }
        | Action::SupportMerge { .. }
        | Action::Split { .. }
        | Action::Sack
        | Action::Convert { .. }
        | Action::Destroy
        | Action::Rebuild
        | Action::Loan { .. }
        | Action::EndLoan { .. }
        | Action::Designate { .. }
        | Action::Elect { .. }
        | Action::Outlaw { .. }
        | Action::Rival { .. }
        | Action::Fix { .. } => false,
    }
}

#[cfg(test)]
mod tests {
    use super::{mila_order, MilaPieces, MilaText};
    use crate::game::{current, new_game};
    use crate::order::{parse_order, Action, Order, UnitRef};
    use crate::variant::{embedded_variant, Kind};

    /// Pieces kept from one position to the next write what `mila_order`
    /// writes in each: a unit whose kind the order leaves out is written
    /// from the position it is in, not from the one before.
    #[test]
    fn pieces_kept_across_positions_write_as_each_position_reads() {
        let v = embedded_variant("standard").expect("built in").expect("valid");
        let first = current(&v, &new_game(&v, "standard", 1)).unwrap();
        let bre = v.find_loc("bre").unwrap();
        let mut second = first.clone();
        let fleet = second.forces.iter_mut().find(|f| f.loc == bre).expect("F bre");
        fleet.components[0].kind = Kind::ARMY;
        let france = v.find_power("France");
        let unit = Some(UnitRef { components: None, loc: bre });
        let unwritten = Order { power: france, unit, action: Action::Hold, claim: None };
        let orders: Vec<Order> = std::iter::once(unwritten)
            .chain(
                ["A par - bur", "A mar S A par - bur", "F lon - nth"]
                    .iter()
                    .map(|t| parse_order(&v, t, france).unwrap()),
            )
            .collect();
        let mut pieces = MilaPieces::default();
        for pos in [&first, &second] {
            let mut text = MilaText::new(&v, pos, &mut pieces);
            for o in &orders {
                assert_eq!(text.order(o), mila_order(&v, pos, o));
            }
        }
        let mut text = MilaText::new(&v, &second, &mut pieces);
        assert_eq!(text.order(&orders[0]), "A BRE H");
    }
}
