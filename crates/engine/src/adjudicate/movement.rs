//! A movement phase: plan, resolve, explain every order, and build the
//! position that follows (moved forces, dislodged forces, standoffs).

use super::decisions::NONE;
use super::outcome::{Illegal, OrderResult, Reason, Verdict};
use super::plan::{occupancy, plan, Plan};
use super::resolver::Resolver;
use crate::order::{Action, Order, UnitRef};
use crate::state::{Dislodged, Force, Position};
use crate::variant::Variant;

pub fn movement(v: &Variant, pos: &Position, orders: &[Order]) -> (Vec<OrderResult>, Position) {
    let at = occupancy(v, &pos.forces);
    let plans = plan(v, &pos.forces, &at, orders);
    let mut r = Resolver::new(v, &pos.forces, &plans.plans, &at);
    r.resolve_all();
    let mut verdicts: Vec<(Verdict, Reason)> = plans.illegal.iter().map(|i| (Verdict::Illegal, Reason::Illegal(i.unwrap_or(Illegal::NoUnit)))).collect();
    let mut unordered = Vec::new();
    for f in 0..pos.forces.len() as u16 {
        let (verdict, reason) = r.explain(f);
        match plans.order_of[f as usize] {
            Some(i) => verdicts[i] = (verdict, reason),
            None => {
                let reason = if verdict == Verdict::Success { Reason::NoOrder } else { reason };
                unordered.push(OrderResult { order: hold_order(&pos.forces[f as usize]), verdict, reason });
            }
        }
    }
    let mut results = Vec::with_capacity(orders.len() + unordered.len());
    results.extend(orders.iter().zip(verdicts).map(|(order, (verdict, reason))| OrderResult { order: order.clone(), verdict, reason }));
    results.extend(unordered);
    (results, r.next_position(pos))
}

fn hold_order(force: &Force) -> Order {
    Order { power: Some(force.power), unit: Some(UnitRef { components: Some(force.components.clone()), loc: force.loc }), action: Action::Hold }
}

impl Resolver<'_> {
    /// The verdict on force `f`'s order and its reason. Every decision is
    /// resolved by now, so this only reads them.
    fn explain(&mut self, f: u16) -> (Verdict, Reason) {
        let dislodged_from = |r: &mut Self| r.dislodger(f).map(|m| Reason::Dislodged { from: r.province(m) });
        match self.plans[f as usize] {
            Plan::Move { .. } => {
                if self.resolve(f) {
                    (Verdict::Success, Reason::Moved)
                } else {
                    (Verdict::Failure, self.why_bounced(f))
                }
            }
            Plan::Hold => match dislodged_from(self) {
                Some(reason) => (Verdict::Failure, reason),
                None => (Verdict::Success, Reason::Held),
            },
            Plan::SupportHold { .. } | Plan::SupportMove { .. } => {
                if !self.support_matches(f) {
                    (Verdict::Failure, Reason::Void)
                } else if let Some(reason) = dislodged_from(self) {
                    (Verdict::Failure, reason)
                } else if let Some(c) = self.cutter(f) {
                    (Verdict::Failure, Reason::SupportCut { by: self.province(c) })
                } else {
                    (Verdict::Success, Reason::SupportGiven { amount: self.forces[f as usize].strength() })
                }
            }
            Plan::Convoy { army, dest } => {
                if let Some(reason) = dislodged_from(self) {
                    (Verdict::Failure, reason)
                } else if self.plans[army as usize] != (Plan::Move { to: self.move_to(army), dest, convoy: true }) {
                    (Verdict::Failure, Reason::Void)
                } else if self.path_ok(army) {
                    (Verdict::Success, Reason::Convoyed)
                } else if self.paradox[army as usize] {
                    (Verdict::Failure, Reason::ConvoyParadox)
                } else {
                    (Verdict::Failure, Reason::ConvoyUnused)
                }
            }
        }
    }

    fn move_to(&self, m: u16) -> u16 {
        match self.plans[m as usize] {
            Plan::Move { to, .. } => to,
            _ => NONE,
        }
    }

    fn why_bounced(&mut self, m: u16) -> Reason {
        if matches!(self.plans[m as usize], Plan::Move { convoy: true, .. }) && !self.path_ok(m) {
            return if self.paradox[m as usize] { Reason::ConvoyParadox } else { Reason::NoConvoyRoute };
        }
        let dest = self.dest(m).expect("a move");
        let attack = self.attack_strength(m);
        if attack == 0 {
            return Reason::OwnUnit { by: dest };
        }
        let against = match self.head_to_head(m) {
            Some(o) => self.defend_strength(o),
            None => self.hold_strength(dest),
        };
        if attack <= against {
            return Reason::Bounced { attack, against, by: dest };
        }
        let mut r = self.links.first_into[dest as usize];
        while r != NONE {
            let prevent = if r == m { 0 } else { self.prevent_strength(r) };
            if attack <= prevent {
                return Reason::Bounced { attack, against: prevent, by: self.province(r) };
            }
            r = self.links.next_into[r as usize];
        }
        Reason::Bounced { attack, against: 0, by: dest }
    }

    /// The position after the movement: forces moved, dislodged forces set
    /// aside with where their attacker came from, standoffs recorded.
    fn next_position(&mut self, pos: &Position) -> Position {
        let v = self.v;
        let mut next = Position {
            phase: pos.phase,
            forces: Vec::with_capacity(pos.forces.len()),
            dislodged: Vec::new(),
            contested: Vec::new(),
            owners: pos.owners.clone(),
            state: pos.state.clone(),
        };
        for f in 0..pos.forces.len() as u16 {
            let force = &pos.forces[f as usize];
            if let Plan::Move { to, .. } = self.plans[f as usize] {
                if self.resolve(f) {
                    next.forces.push(Force { loc: to, ..force.clone() });
                    continue;
                }
            }
            match self.dislodger(f) {
                Some(m) => next.dislodged.push(Dislodged {
                    force: force.clone(),
                    attacker_from: Some(self.province(m)),
                    by_convoy: matches!(self.plans[m as usize], Plan::Move { convoy: true, .. }),
                }),
                None => next.forces.push(force.clone()),
            }
        }
        let mut occupied = vec![false; v.province_count()];
        for f in &next.forces {
            occupied[v.province_of(f.loc) as usize] = true;
        }
        for m in 0..pos.forces.len() as u16 {
            if let Some(dest) = self.dest(m) {
                if !occupied[dest as usize] && !next.contested.contains(&dest) && self.prevent_strength(m) > 0 {
                    next.contested.push(dest);
                }
            }
        }
        next.normalize();
        next
    }
}
