//! SPLIT (Multiplicity M9): a force divides into parts, each with its own
//! order; what is not listed stays and holds.

use super::{Plan, Planning};
use crate::adjudicate::outcome::Illegal;
use crate::order::SplitPart;
use crate::state::{Components, Force};
use crate::variant::Terrain;

pub struct Planned {
    /// What stays of the force, holding.
    pub rest: Components,
    /// The parts with orders of their own.
    pub parts: Vec<(Force, Plan)>,
    /// At sea: if one leaving part fails, all fail (the force left behind
    /// would be unseaworthy).
    pub coupled: bool,
}

pub(super) fn plan_split(planning: &Planning, f: u16, listed: &[SplitPart]) -> Result<Planned, Illegal> {
    let v = planning.v;
    let force = &planning.forces[f as usize];
    let mut rest = force.components.clone();
    let mut parts = Vec::new();
    for part in listed {
        let mut taken = Components::new();
        for c in &part.components {
            // Take a component of that kind, the force's own power first.
            let i = rest
                .iter()
                .position(|r| r.kind == c.kind && r.power == force.power)
                .or_else(|| rest.iter().position(|r| r.kind == c.kind))
                .ok_or(Illegal::NoSuchComponents)?;
            taken.push(rest.remove(i));
        }
        let body = Force { loc: force.loc, power: force.power, components: taken };
        // "The movement of each unit splitting follows the usual rules": a
        // part whose order is impossible stays with the force (M9).
        let plan = planning.plan_one(f, &body, &part.action).unwrap_or(Plan::Hold);
        parts.push((body, plan));
    }
    // Parts that stay without an order of their own hold with the rest.
    parts.retain(|(body, plan)| {
        let holds = *plan == Plan::Hold;
        if holds {
            rest.extend(body.components.iter().copied());
        }
        !holds
    });
    let mut coupled = false;
    if v.province(v.province_of(force.loc)).terrain == Terrain::Sea {
        let mut staying = Force { components: rest.clone(), ..force.clone() };
        for (body, plan) in &parts {
            if !plan.is_move() {
                staying.components.extend(body.components.iter().copied());
            }
        }
        if !staying.components.is_empty() && !staying.seaworthy() {
            return Err(Illegal::Unseaworthy);
        }
        coupled = parts.iter().filter(|(_, plan)| plan.is_move()).any(|(body, _)| {
            let mut back = staying.clone();
            back.components.extend(body.components.iter().copied());
            !back.seaworthy()
        });
    }
    Ok(Planned { rest, parts, coupled })
}
