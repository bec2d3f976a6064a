//! How two positions differ (units, dislodged units, centre owners), and
//! orders written so that equal orders read the same.

use crate::order::{Action, Order, UnitRef};
use crate::state::json::force_text;
use crate::state::{Force, Position};
use crate::variant::{PhaseKind, PowerId, ProvinceId, Variant};
use std::collections::BTreeSet;

/// What differs between the record's position and polemarch's, and the
/// provinces concerned.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PositionDiff {
    pub what: Vec<String>,
    pub provinces: Vec<ProvinceId>,
}

impl PositionDiff {
    pub fn is_empty(&self) -> bool {
        self.what.is_empty()
    }
}

fn list(items: &[&String]) -> String {
    if items.is_empty() {
        "nothing".into()
    } else {
        items.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ")
    }
}

fn compare_forces(v: &Variant, what: &str, expected: &[&Force], actual: &[&Force], out: &mut PositionDiff) {
    let e: BTreeSet<String> = expected.iter().map(|f| force_text(v, f)).collect();
    let a: BTreeSet<String> = actual.iter().map(|f| force_text(v, f)).collect();
    if e == a {
        return;
    }
    let only_e: Vec<&String> = e.difference(&a).collect();
    let only_a: Vec<&String> = a.difference(&e).collect();
    out.what.push(format!("{what}: expected (record) {}; actual (polemarch) {}", list(&only_e), list(&only_a)));
    for f in expected.iter().chain(actual) {
        let t = force_text(v, f);
        if !(e.contains(&t) && a.contains(&t)) {
            out.provinces.push(v.province_of(f.loc));
        }
    }
}

/// The differences between the record's position (`expected`) and the one
/// polemarch adjudicated (`actual`): units by power, location (with coast)
/// and composition; dislodged units; centre owners. Phases, standoffs and
/// attackers' origins are not compared.
pub(super) fn position_differences(v: &Variant, expected: &Position, actual: &Position) -> PositionDiff {
    let mut out = PositionDiff::default();
    // The usual case first, without collecting or writing anything.
    if !same_forces(&expected.forces, &actual.forces) {
        compare_forces(
            v,
            "units",
            &expected.forces.iter().collect::<Vec<_>>(),
            &actual.forces.iter().collect::<Vec<_>>(),
            &mut out,
        );
    }
    if !expected.dislodged.iter().map(|d| &d.force).eq(actual.dislodged.iter().map(|d| &d.force)) {
        compare_forces(
            v,
            "dislodged units",
            &expected.dislodged.iter().map(|d| &d.force).collect::<Vec<_>>(),
            &actual.dislodged.iter().map(|d| &d.force).collect::<Vec<_>>(),
            &mut out,
        );
    }
    let owner = |o: Option<PowerId>| o.map(|p| v.power(p).name.clone()).unwrap_or_else(|| "nobody".into());
    let mut owners = Vec::new();
    // Province by province only when the owners differ at all.
    let provinces = if same_owners(v, &expected.owners, &actual.owners) { 0 } else { v.province_count() };
    for p in 0..provinces {
        let (e, a) = (expected.owners.get(p).copied().flatten(), actual.owners.get(p).copied().flatten());
        if e != a {
            owners.push(format!("{} expected {} actual {}", v.provinces[p].abbr, owner(e), owner(a)));
            out.provinces.push(ProvinceId::new(p));
        }
    }
    if !owners.is_empty() {
        out.what.push(format!("centre owners: {}", owners.join("; ")));
    }
    out.provinces.sort_unstable();
    out.provinces.dedup();
    out
}

/// Whether two lists of forces are the same, as `==` says, with a force
/// of one component (nearly every force) compared without the loop over
/// its components: a replay compares every phase's forces.
#[inline]
pub(super) fn same_forces(expected: &[Force], actual: &[Force]) -> bool {
    expected.len() == actual.len()
        && expected.iter().zip(actual).all(|(e, a)| {
            e.loc == a.loc
                && e.power == a.power
                && match (e.components.as_slice(), a.components.as_slice()) {
                    ([e], [a]) => e == a,
                    (e, a) => e == a,
                }
        })
}

/// Whether the centres' owners are the same, as `==` on the owners says:
/// only centres are ever owned (`Position::owners`), so only they are
/// read, a third of the provinces on the standard map.
pub(super) fn same_owners(v: &Variant, e: &[Option<PowerId>], a: &[Option<PowerId>]) -> bool {
    debug_assert!(
        [e, a]
            .iter()
            .all(|owners| owners.iter().enumerate().all(|(p, o)| o.is_none() || v.is_centre(ProvinceId::new(p)))),
        "only centres are owned"
    );
    e.len() == a.len() && v.centres.iter().all(|c| e.get(c.index()) == a.get(c.index()))
}

/// The provinces an order names.
pub fn order_provinces(v: &Variant, order: &Order) -> Vec<ProvinceId> {
    let mut ps: Vec<ProvinceId> = order.unit.iter().map(|u| v.province_of(u.loc)).collect();
    match &order.action {
        Action::Move { to, .. } | Action::Retreat { to } => ps.push(v.province_of(*to)),
        Action::SupportHold { unit } => ps.push(v.province_of(unit.loc)),
        Action::SupportMove { unit, to } | Action::Convoy { unit, to } => {
            ps.push(v.province_of(unit.loc));
            ps.push(v.province_of(*to));
        }
        _ => {}
    }
    ps
}

/// The force an order names, with its composition filled in from the
/// position where the order leaves it out.
pub(super) fn filled(v: &Variant, pos: &Position, unit: &UnitRef) -> UnitRef {
    if unit.components.is_some() {
        return unit.clone();
    }
    let force = super::force_or_dislodged(v, pos, v.province_of(unit.loc));
    UnitRef { components: force.map(|f| f.components.clone()), loc: unit.loc }
}

/// An order as `Power: order`, with every unit's kind written out (taken
/// from the position where the order leaves it out), so that two records of
/// the same order read the same.
pub fn order_key(v: &Variant, pos: &Position, order: &Order) -> String {
    let mut o = order.clone();
    o.unit = o.unit.as_ref().map(|u| filled(v, pos, u));
    // The same order in other words: a move in a retreat phase is a retreat,
    // a disband in an adjustment phase is a removal.
    match (v.calendar.kind(pos.phase), &o.action) {
        (PhaseKind::Retreat, Action::Move { to, .. }) => o.action = Action::Retreat { to: *to },
        (PhaseKind::Adjustment, Action::Disband) => o.action = Action::Remove,
        _ => {}
    }
    match &mut o.action {
        Action::SupportHold { unit } | Action::SupportMove { unit, .. } | Action::Convoy { unit, .. } => {
            *unit = filled(v, pos, unit)
        }
        _ => {}
    }
    let power = o.power.map(|p| v.power(p).name.clone()).unwrap_or_else(|| "?".into());
    format!("{power}: {}", o.display(v))
}
