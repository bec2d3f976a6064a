//! The initial placement (Multiplicity M13): in the first phase each of the
//! standard starting units is placed as an army or a fleet on its site (a
//! fleet only on a coast, naming its coast where there are two). A site with
//! no order, or only impossible orders, gets the standard unit.

use super::options::{choice, Names, OptionError};
use super::Mechanic;
use crate::adjudicate::build_loc;
use crate::order::{Action, Order};
use crate::outcome::{Illegal, OrderResult, Reason};
use crate::state::{Force, Kind, Position};
use crate::variant::{LocId, PowerId, Variant};
use std::borrow::Cow;

/// How the first phase places the starting units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// Each starting unit is placed as an army or a fleet (Multiplicity M13).
    Units,
    /// Each power places units costing what its home centres are worth
    /// (Hoplite Wars H15).
    Costed,
}

pub fn placement<'a>(
    v: &Variant,
    how: Placement,
    pos: &Position,
    orders: &'a [Order],
) -> (Vec<OrderResult<'a>>, Position) {
    if how == Placement::Costed {
        return costed(v, pos, orders);
    }
    let mut next = Position { dislodged: Vec::new(), contested: Vec::new(), ..pos.clone() };
    let mut placed = vec![false; v.start_units.len()];
    let mut results = Vec::with_capacity(orders.len() + v.start_units.len());
    for order in orders {
        let reason = match place(v, order, &mut placed, &mut next) {
            Ok(()) => Reason::Built,
            Err(why) => Reason::Illegal(why),
        };
        results.push(OrderResult { order: Cow::Borrowed(order), reason });
    }
    for (_, &(power, kind, loc)) in v.start_units.iter().enumerate().filter(|(s, _)| !placed[*s]) {
        let force = Force::single(power, kind, loc);
        results
            .push(OrderResult { order: Cow::Owned(Order::for_force(&force, Action::Build)), reason: Reason::NoOrder });
        next.forces.push(force);
    }
    next.normalize();
    (results, next)
}

fn place(v: &Variant, order: &Order, placed: &mut [bool], next: &mut Position) -> Result<(), Illegal> {
    if order.action != Action::Build {
        return Err(Illegal::WrongPhase);
    }
    let unit = order.unit.as_ref().ok_or(Illegal::NoUnit)?;
    let site = v.province_of(unit.loc);
    let s = v
        .start_units
        .iter()
        .position(|&(p, _, l)| v.province_of(l) == site && order.power.is_none_or(|o| o == p))
        .ok_or(Illegal::NotHome)?;
    if placed[s] {
        return Err(Illegal::AlreadyOrdered);
    }
    let kind = match unit.components.as_deref() {
        Some([c]) if c.kind.row().moves() => c.kind,
        _ => return Err(Illegal::NotBuildable),
    };
    let loc = build_loc(v, kind, unit.loc, None)?;
    next.forces.push(Force::single(v.start_units[s].0, kind, loc));
    placed[s] = true;
    Ok(())
}

/// Hoplite Wars H15: each power places units costing exactly what its home
/// centres are worth, on its home centres, stacked as it likes (fleets on
/// coasts only); a power whose home is one centre places one army or fleet,
/// or two garrisons. A power with no valid placement gets one army in each
/// home centre.
fn costed<'a>(v: &Variant, pos: &Position, orders: &'a [Order]) -> (Vec<OrderResult<'a>>, Position) {
    let mut next = Position { dislodged: Vec::new(), contested: Vec::new(), ..pos.clone() };
    // Results in the orders' own order, then the default placements.
    let mut said: Vec<Reason> = vec![Reason::Illegal(Illegal::NotYourUnit); orders.len()];
    let mut defaults = Vec::new();
    for power in v.power_ids() {
        let mine: Vec<usize> = (0..orders.len()).filter(|&i| orders[i].power == Some(power)).collect();
        let given: Vec<&Order> = mine.iter().map(|&i| &orders[i]).collect();
        let reason = match placed_forces(v, power, &given, true) {
            Ok(forces) => {
                next.forces.extend(forces);
                Reason::Built
            }
            Err(why) => {
                for &home in &v.power(power).homes {
                    let force = Force::single(power, Kind::ARMY, LocId::of_province(home));
                    defaults.push(OrderResult {
                        order: Cow::Owned(Order::for_force(&force, Action::Build)),
                        reason: Reason::NoOrder,
                    });
                    next.forces.push(force);
                }
                Reason::Illegal(why)
            }
        };
        for i in mine {
            said[i] = reason;
        }
    }
    let mut results: Vec<OrderResult<'a>> =
        orders.iter().zip(said).map(|(o, reason)| OrderResult { order: Cow::Borrowed(o), reason }).collect();
    results.extend(defaults);
    next.normalize();
    (results, next)
}

/// The forces one power's placement orders make, if they are valid as a
/// whole.
fn placed_forces(v: &Variant, power: PowerId, orders: &[&Order], complete: bool) -> Result<Vec<Force>, Illegal> {
    if orders.is_empty() {
        return Err(Illegal::NoUnit);
    }
    let homes = &v.power(power).homes;
    // In halves of a centre.
    let worth: u32 = homes.iter().map(|&h| u32::from(v.province(h).centre)).sum();
    let mut forces: Vec<Force> = Vec::new();
    let mut cost = 0;
    for order in orders {
        if order.action != Action::Build {
            return Err(Illegal::WrongPhase);
        }
        let unit = order.unit.as_ref().ok_or(Illegal::NoUnit)?;
        let site = v.province_of(unit.loc);
        if !homes.contains(&site) {
            return Err(Illegal::NotHome);
        }
        let components = unit.components.as_ref().ok_or(Illegal::NotBuildable)?;
        for c in components {
            if !v.has_kind(c.kind) {
                return Err(Illegal::NotBuildable);
            }
            let loc = build_loc(v, c.kind, unit.loc, None)?;
            cost += u32::from(c.kind.row().upkeep);
            let placed = Force::single(power, c.kind, loc);
            match forces.iter_mut().find(|f| v.province_of(f.loc) == site) {
                Some(f) => f.join(v, placed),
                None => forces.push(placed),
            }
        }
    }
    // A one-centre power places one army or fleet, or two garrisons.
    let single = homes.len() == 1 && forces.len() == 1 && {
        let [a, f, g] = forces[0].kinds();
        (a + f == 1 && g == 0) || (a + f == 0 && g == 2)
    };
    let whole = cost == worth && (homes.len() > 1 || single);
    // Part of a placement (a game master's check of each line as it comes)
    // need only not overspend.
    if (complete && !whole) || cost > worth {
        return Err(Illegal::PlacementCost { cost, worth });
    }
    Ok(forces)
}

/// Checks one power's placement orders given so far (each line as a power
/// submits it): every order must be possible and together they may not
/// cost more than the power's home centres are worth.
/// With `whole`, the orders are the power's whole placement (a submission
/// replaces the earlier one whole) and must cost exactly what they should.
pub fn check(
    v: &Variant,
    how: Placement,
    pos: &Position,
    power: PowerId,
    orders: &[&Order],
    whole: bool,
) -> Result<(), Illegal> {
    if how == Placement::Costed {
        placed_forces(v, power, orders, whole).map(|_| ())
    } else {
        let mut placed = vec![false; v.start_units.len()];
        let mut scratch = pos.clone();
        orders.iter().try_for_each(|order| place(v, order, &mut placed, &mut scratch))
    }
}

impl Mechanic for Placement {
    const OPTION: &'static str = "placement";
    const RANK: u8 = 1;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        Ok(match choice(value, &["none", "units", "costed"])? {
            1 => Some(Placement::Units),
            2 => Some(Placement::Costed),
            _ => None,
        })
    }

    fn describe(&self, _: &Variant) -> String {
        format!("placement ({self:?})").to_lowercase()
    }

    fn starts_empty(&self) -> bool {
        true
    }

    /// The first phase places the starting units (M13, H15).
    fn own_phase(&self, v: &Variant, pos: &Position) -> bool {
        pos.phase == v.calendar.first
    }

    fn adjudicate_own_phase<'a>(
        &self,
        v: &Variant,
        pos: &Position,
        orders: &'a [Order],
    ) -> Option<(Vec<OrderResult<'a>>, Position)> {
        Some(placement(v, *self, pos, orders))
    }

    fn check_own_phase(
        &self,
        v: &Variant,
        pos: &Position,
        power: PowerId,
        orders: &[&Order],
        whole: bool,
    ) -> Option<Result<(), Illegal>> {
        Some(check(v, *self, pos, power, orders, whole))
    }
}
