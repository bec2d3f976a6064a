//! City State C3, ports: fleets are built only at the map's ports
//! (Venezia, Genova, Pisa, Napoli), by whoever owns the port, home or not;
//! armies as usual (owned home centres; the Emperor's are C13's). A power
//! that has fleets and owns no port in a Winter must first disband one
//! fleet, before any other adjustment.
//!
//! Readings: the forced disband is the power's first `REMOVE F x` (or
//! `F x D`) of one of its fleets, carried out before every other order
//! whatever the order of writing; with none, the fleet civil disorder would
//! take first (the edition's rule, `first_in_disorder`). It comes first and
//! the balance is counted on what remains: the fleet's upkeep goes back to
//! the power's balance, so it counts as one of the removals the power owes,
//! or frees a build where none was owed. The seed's "one port may be used
//! to build any number of fleets" is read as: across Winters, and with the
//! supply of any centre ("non-ports may still provide supply for fleets");
//! within one Winter a port holds one new unit, as any province (C3).

use super::options::{flag, Names, OptionError};
use super::{Mechanic, Rules};
use crate::adjudicate::{first_in_disorder, take_component};
use crate::order::{Action, Order};
use crate::outcome::{Illegal, OrderResult, Reason};
use crate::state::{Force, Kind, Position};
use crate::variant::{PowerId, ProvinceId, Variant};
use std::borrow::Cow;

/// A fleet is built only at a port (the owner is the core's check).
pub fn fleet_site(v: &Variant, site: ProvinceId, kind: Kind) -> Option<Result<(), Illegal>> {
    (kind == Kind::FLEET).then(|| if v.province(site).flags.port { Ok(()) } else { Err(Illegal::FleetOnlyAtPort) })
}

fn owns_port(v: &Variant, pos: &Position, power: PowerId) -> bool {
    v.province_ids().any(|p| v.province(p).flags.port && pos.owners[p.index()] == Some(power))
}

fn has_fleet(pos: &Position, power: PowerId) -> bool {
    pos.forces.iter().flat_map(|f| &f.components).any(|c| c.power == power && c.kind == Kind::FLEET && !c.free)
}

/// The powers that must disband a fleet this Winter.
pub fn portless(v: &Variant, pos: &Position) -> Vec<PowerId> {
    v.power_ids().filter(|&p| has_fleet(pos, p) && !owns_port(v, pos, p)).collect()
}

/// Carries out the forced disbands before the orders: a power's own
/// choice goes into `early` at its order's index; one by civil disorder
/// goes into `done`. The upkeep freed goes back to `balance`.
pub fn disband_first<'a>(
    v: &Variant,
    orders: &'a [Order],
    next: &mut Position,
    balance: &mut [i32],
    early: &mut [Option<OrderResult<'a>>],
    done: &mut Vec<OrderResult<'a>>,
) {
    for power in portless(v, next) {
        let chosen = orders.iter().enumerate().find_map(|(i, o)| chosen_fleet(v, next, o, power).map(|f| (i, f)));
        let (i, force) = match chosen {
            Some((i, f)) => (Some(i), f),
            None => match first_in_disorder(v, next, power, Kind::FLEET) {
                Some(f) => (None, f),
                None => continue,
            },
        };
        let loc = next.forces[force].loc;
        balance[power.index()] += take_component(v, next, force, power, Kind::FLEET);
        let result = |order| OrderResult { order, reason: Reason::NoPort };
        match i {
            Some(i) => early[i] = Some(result(Cow::Borrowed(&orders[i]))),
            None => {
                done.push(result(Cow::Owned(Order::for_force(&Force::single(power, Kind::FLEET, loc), Action::Remove))))
            }
        }
    }
}

/// The index of the force whose fleet `order` removes, when it is a removal
/// of one of `power`'s fleets by `power`.
fn chosen_fleet(v: &Variant, pos: &Position, order: &Order, power: PowerId) -> Option<usize> {
    if !matches!(order.action, Action::Remove | Action::Disband) || order.power != Some(power) {
        return None;
    }
    let unit = order.unit.as_ref()?;
    let written = unit.components.as_ref().and_then(|c| c.first()).map(|c| c.kind);
    if written.is_some_and(|k| k != Kind::FLEET) {
        return None;
    }
    let i = pos.force_index(v, v.province_of(unit.loc))?;
    pos.forces[i].components.iter().any(|c| c.power == power && c.kind == Kind::FLEET && !c.free).then_some(i)
}

/// Fleets built only at the map's ports, by their owner; a power with
/// fleets and no port disbands one first in a Winter (City State C3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ports;

impl Mechanic for Ports {
    const OPTION: &'static str = "ports";
    const RANK: u8 = 20;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        flag(value, Ports)
    }

    fn describe(&self, _: &Variant) -> String {
        "fleets built at ports".into()
    }

    fn build_site(
        &self,
        _: &Rules,
        v: &Variant,
        _: &Position,
        _: PowerId,
        site: ProvinceId,
        kind: Kind,
    ) -> Option<Result<(), Illegal>> {
        fleet_site(v, site, kind)
    }

    /// A fleet to disband, having no port.
    fn must_adjust(&self, v: &Variant, pos: &Position, power: PowerId) -> bool {
        portless(v, pos).contains(&power)
    }

    fn adjusts_before_orders(&self) -> bool {
        true
    }

    fn adjust_before_orders<'a>(
        &self,
        v: &Variant,
        orders: &'a [Order],
        next: &mut Position,
        balance: &mut [i32],
        early: &mut [Option<OrderResult<'a>>],
        done: &mut Vec<OrderResult<'a>>,
    ) {
        disband_first(v, orders, next, balance, early, done);
    }
}
