//! A movement phase in which the judge orders units of its own (hook
//! `judge_movement`; Imperator I5's Barbarians and Persians): the rules
//! judge the orders that concern those units and give theirs, the core
//! judges the rest with them, and every order given gets its result in
//! writing order, followed by the judge's orders and the forces left
//! without one.

use super::context::Scratch;
use super::movement::movement as core_movement;
use super::outcome::OrderResult;
use crate::order::{Action, Order};
use crate::state::Position;
use crate::variant::Variant;
use std::borrow::Cow;

// Cold: only a variant with units of the judge's comes here.
#[cold]
#[inline(never)]
pub fn movement<'a>(
    v: &Variant,
    scratch: &mut Scratch,
    pos: &Position,
    orders: &'a [Order],
) -> (Vec<OrderResult<'a>>, Position) {
    let mut start = pos.clone();
    let judging = v.rules.judge_movement(v, &mut start, orders);
    // The orders the core judges: each order it judges as written, each
    // judged order under which its unit holds as a hold, then the judge's.
    let mut list = Vec::with_capacity(orders.len() + judging.orders.len());
    let mut given = Vec::with_capacity(orders.len());
    for (i, (order, judged)) in orders.iter().zip(&judging.verdicts).enumerate() {
        match judged {
            None => list.push(order.clone()),
            Some((_, true)) => list.push(Order { action: Action::Hold, ..order.clone() }),
            Some((_, false)) => continue,
        }
        given.push(i);
    }
    list.extend(judging.orders);
    let (mut results, mut next) = (Vec::new(), Position::blank());
    core_movement(v, scratch, &start, &list, &mut results, &mut next);
    let mut of_given = vec![None; orders.len()];
    let mut rest = Vec::new();
    for (k, r) in results.into_iter().enumerate() {
        match given.get(k) {
            Some(&i) => of_given[i] = Some(r.reason),
            None => rest.push(r.into_owned()),
        }
    }
    let mut out: Vec<OrderResult<'a>> = Vec::with_capacity(orders.len() + rest.len());
    for (i, order) in orders.iter().enumerate() {
        let reason = match judging.verdicts[i] {
            Some((reason, _)) => reason,
            None => of_given[i].expect("the core judged it"),
        };
        out.push(OrderResult { order: Cow::Borrowed(order), reason });
    }
    out.extend(rest);
    (out, next)
}
