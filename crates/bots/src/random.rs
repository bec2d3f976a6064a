//! `random`: for every unit, one of its legal orders drawn uniformly; in a
//! Winter, legal builds (or a waive), removals (and conversions) in a random
//! order; a placement drawn site by site. Now and then a claim (Hoplite Wars
//! H3) or a loan (Diadochi V D7) where the variant has them. For fuzzing the
//! judge and as a baseline.

use crate::adjust::{adjustment, placement_ok, placement_sites};
use crate::legal::Board;
use crate::rng::Rng;
use crate::Bot;
use polemarch_engine::order::{Action, Order};
use polemarch_engine::variant::{PhaseKind, PowerId};

pub struct Random;

impl Bot for Random {
    fn name(&self) -> &'static str {
        "random"
    }

    fn orders(&self, board: &Board, power: PowerId, rng: &mut Rng) -> Vec<Order> {
        let v = board.v;
        match board.kind {
            PhaseKind::Movement | PhaseKind::Retreat => {
                let mine = board.mine(power);
                let chosen = mine.iter().map(|&i| rng.pick(&board.legal[i]).cloned()).collect();
                let mut orders = board.settle(&mine, chosen);
                if board.kind == PhaseKind::Movement {
                    claim(board, power, &mut orders, rng);
                }
                if board.kind == PhaseKind::Movement && v.rules.has_declarations() && rng.chance(1, 8) {
                    orders.extend(declaration(board, power, rng));
                }
                orders
            }
            PhaseKind::Adjustment if v.rules.own_phase(v, board.pos) => {
                let sites = placement_sites(board, power);
                for _ in 0..8 {
                    let orders: Vec<Order> = sites.iter().filter_map(|options| rng.pick(options).cloned()).collect();
                    if placement_ok(board, power, &orders) {
                        return orders;
                    }
                }
                // None drawn was whole: the rules' default placement.
                Vec::new()
            }
            PhaseKind::Adjustment => {
                let a = adjustment(board, power);
                let mut wanted = if a.balance > 0 { a.builds } else { a.removes };
                if a.balance > 0 {
                    wanted.push(Order { power: Some(power), unit: None, action: Action::Waive, claim: None });
                }
                if rng.chance(1, 3) {
                    wanted.extend(a.converts);
                }
                rng.shuffle(&mut wanted);
                board.settle_adjustment(wanted)
            }
        }
    }
}

/// Hoplite Wars H3: now and then a move into a centre claims it for the
/// other power of the player, where the adjudicator allows it.
fn claim(board: &Board, power: PowerId, orders: &mut [Order], rng: &mut Rng) {
    let v = board.v;
    let others: Vec<PowerId> = v.power_ids().filter(|&p| p != power && v.same_player(p, power)).collect();
    if others.is_empty() {
        return;
    }
    for o in orders.iter_mut() {
        if matches!(o.action, Action::Move { to, .. } if v.is_centre(v.province_of(to))) && rng.chance(1, 4) {
            let mut claimed = o.clone();
            claimed.claim = rng.pick(&others).copied();
            if board.legal_alone(&claimed) {
                *o = claimed;
            }
        }
    }
}

/// A loan of one of `power`'s centres to another power, or the end of a
/// loan, if the adjudicator calls it legal.
fn declaration(board: &Board, power: PowerId, rng: &mut Rng) -> Option<Order> {
    let v = board.v;
    let owned: Vec<_> = v.province_ids().filter(|&p| board.pos.owners[p.index()] == Some(power)).collect();
    let centre = *rng.pick(&owned)?;
    let others: Vec<PowerId> = v.power_ids().filter(|&p| p != power).collect();
    let to = *rng.pick(&others)?;
    let loan = Order { power: Some(power), unit: None, action: Action::Loan { centre, to }, claim: None };
    let end = Order { power: Some(power), unit: None, action: Action::EndLoan { centre }, claim: None };
    [loan, end].into_iter().find(|o| board.legal_alone(o))
}
