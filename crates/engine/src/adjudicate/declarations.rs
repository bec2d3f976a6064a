//! Declarations: orders with no unit that a mechanic judges in any phase
//! (hook `declarations`; Vedder D7's `LOAN xxx TO <power>` and `END LOAN
//! xxx`). They are carried out in writing order before the phase, so that
//! a loan made in a Winter counts in that Winter's adjustment; the phase is
//! then judged on the position they leave, and their results replace what
//! the phase said of them.

use super::outcome::{OrderResult, Reason};
use crate::order::Order;
use crate::state::Position;
use crate::variant::Variant;

pub struct Declared {
    /// The position with every legal declaration carried out.
    pub position: Position,
    /// Each declaration's index among the orders and its result.
    results: Vec<(usize, Reason)>,
}

/// Carries out the declarations among `orders`; None when there are none.
#[inline]
pub fn declare(v: &Variant, pos: &Position, orders: &[Order]) -> Option<Declared> {
    if !orders.iter().any(|o| o.unit.is_none() && v.rules.is_declaration(&o.action)) {
        return None;
    }
    let mut position = pos.clone();
    let mut results = Vec::new();
    // In writing order, but after every other declaration those a mechanic
    // ranks later (T6: an Outlaw names his fixed units after the decrees).
    let mut listed: Vec<(usize, &Order)> =
        orders.iter().enumerate().filter(|(_, o)| o.unit.is_none() && v.rules.is_declaration(&o.action)).collect();
    listed.sort_by_key(|&(i, o)| (v.rules.declaration_rank(&o.action), i));
    for (i, order) in listed {
        results.push((i, v.rules.declare(v, &mut position, order).unwrap_or_else(Reason::Illegal)));
    }
    v.rules.after_declarations(v, &mut position);
    results.sort_unstable_by_key(|r| r.0);
    Some(Declared { position, results })
}

impl Declared {
    /// Puts the declarations' results in place of what the phase said of
    /// them (it knows them as orders without a unit).
    pub fn explain(self, orders: &[Order], results: &mut [OrderResult<'_>]) {
        let mut left = self.results.into_iter().peekable();
        for r in results.iter_mut() {
            let Some(&(i, reason)) = left.peek() else { break };
            if *r.order == orders[i] {
                r.reason = reason;
                left.next();
            }
        }
    }
}
