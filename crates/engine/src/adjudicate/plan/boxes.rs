//! Boxes (City State's Germany, C10): a province holding any number of
//! forces, each a separate force. The occupancy map leaves a box empty (no
//! one force stands for it), so orders naming a unit there are bound here:
//! each to a force of its power and kind in the box that no earlier order
//! took, in the order written, first the orders that name a kind (`A ger`),
//! then those that do not (`ger`), which take what is left. An order for more units than the box holds
//! names a missing unit. A variant without a box binds nothing and pays
//! nothing.

use crate::order::{Action, Order, UnitRef};
use crate::state::Force;
use crate::variant::{ProvinceId, Variant};

const NONE: u16 = u16::MAX;

/// The force each order names, for a variant with boxes.
pub struct Binding<'a> {
    /// Index in `forces` of the force each order names (NONE: none);
    /// empty when the variant has no box (then `at` says it all).
    by_order: Vec<u16>,
    orders: &'a [Order],
}

/// The binding of a variant with no box: nothing bound (what
/// `Binding::new` makes there).
pub static UNBOUND: Binding<'static> = Binding { by_order: Vec::new(), orders: &[] };

impl<'a> Binding<'a> {
    /// Binds every order to its force: through `at` outside the boxes, to
    /// distinct forces inside them.
    #[inline]
    pub fn new(v: &Variant, forces: &[Force], at: &[u16], orders: &'a [Order]) -> Binding<'a> {
        if v.boxes.is_empty() {
            return Binding { by_order: Vec::new(), orders };
        }
        Binding { by_order: Self::in_boxes(v, forces, at, orders), orders }
    }

    /// Each order's force, where the variant has boxes.
    fn in_boxes(v: &Variant, forces: &[Force], at: &[u16], orders: &[Order]) -> Vec<u16> {
        let mut taken = vec![false; forces.len()];
        let mut by_order = vec![NONE; orders.len()];
        // Two passes: the orders that name a kind first, then those that
        // do not, so that `ger - sep` never takes the army a later
        // `A ger - mce` names.
        for kinded in [true, false] {
            for (i, o) in orders.iter().enumerate() {
                let Some(unit) = &o.unit else { continue };
                if unit.components.is_some() != kinded {
                    continue;
                }
                let p = v.province_of(unit.loc);
                if !v.is_box(p) {
                    by_order[i] = at[p.index()];
                    continue;
                }
                let free = (0..forces.len()).find(|&g| {
                    !taken[g]
                        && v.province_of(forces[g].loc) == p
                        && o.power.is_none_or(|pw| v.same_player(pw, forces[g].power))
                        && fits(unit, &forces[g])
                });
                if let Some(g) = free {
                    taken[g] = true;
                    by_order[i] = g as u16;
                }
            }
        }
        by_order
    }

    /// The force order `i` names, `at_unit` being what the occupancy map
    /// says of its unit's province.
    #[inline]
    pub fn force_of(&self, i: usize, at_unit: u16) -> u16 {
        if self.by_order.is_empty() {
            at_unit
        } else {
            self.by_order[i]
        }
    }

    /// The force in a box that a support (or convoy) by force `f` names:
    /// one whose order does what the support says (moves to `to`, or,
    /// with None, does not move), else the first that fits (NONE: the
    /// unit is not in a box, or the box has no such force).
    pub fn target(&self, v: &Variant, forces: &[Force], f: u16, unit: &UnitRef, to: Option<ProvinceId>) -> u16 {
        let p = v.province_of(unit.loc);
        if !v.is_box(p) {
            return NONE;
        }
        let here = |g: u16| {
            g != NONE && g != f && v.province_of(forces[g as usize].loc) == p && fits(unit, &forces[g as usize])
        };
        let does = |o: &Order| match (&o.action, to) {
            (Action::Move { to: m, .. }, Some(d)) => v.province_of(*m) == d,
            (Action::Move { .. }, None) => false,
            (_, to) => to.is_none(),
        };
        let ordered = self.orders.iter().zip(&self.by_order).find(|(o, &g)| here(g) && does(o)).map(|(_, &g)| g);
        ordered.or_else(|| (0..forces.len() as u16).find(|&g| here(g))).unwrap_or(NONE)
    }
}

/// Does the unit as written fit the force (the same kinds, if written)?
fn fits(unit: &UnitRef, force: &Force) -> bool {
    let Some(written) = &unit.components else { return true };
    let mut a: Vec<_> = written.iter().map(|c| c.kind).collect();
    let mut b: Vec<_> = force.components.iter().map(|c| c.kind).collect();
    a.sort_unstable();
    b.sort_unstable();
    a == b
}
