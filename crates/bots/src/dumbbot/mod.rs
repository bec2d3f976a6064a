//! `dumbbot`: David Norman's DumbBot (2003), the DAIDE bots' baseline,
//! written from its published description: a value for every place on the
//! map (`values.rs`), then an order for every unit from those values
//! (`movement.rs`, `winter.rs`). It plays any variant: supply and the worth
//! of centres come from the engine, and every order is one the adjudicator
//! left on the board. Where a mechanic puts a unit at stake (`stakes.rs`:
//! a unit whose loss puts the power out, at risk at the coming Winter) its
//! values say so, and in the first phase it names a safer army its
//! personal unit where the adjudicator allows it.

pub mod movement;
pub mod values;
pub mod winter;

use crate::legal::Board;
use crate::rng::Rng;
use crate::stakes;
use crate::Bot;
use polemarch_engine::order::Order;
use polemarch_engine::variant::{PhaseKind, PowerId};

pub struct DumbBot;

impl Bot for DumbBot {
    fn name(&self) -> &'static str {
        "dumbbot"
    }

    fn orders(&self, board: &Board, power: PowerId, rng: &mut Rng) -> Vec<Order> {
        let v = board.v;
        let season = match board.kind {
            PhaseKind::Adjustment => &values::WINTER,
            _ if v.calendar.changes_ownership(board.pos.phase) => &values::AUTUMN,
            _ => &values::SPRING,
        };
        let values = values::values(board, power, season);
        match board.kind {
            PhaseKind::Movement => {
                let mut orders = movement::orders(board, power, &values, rng);
                orders.extend(stakes::designation(board, power));
                orders
            }
            PhaseKind::Retreat => winter::retreats(board, power, &values, rng),
            PhaseKind::Adjustment if v.rules.own_phase(v, board.pos) => winter::placement(board, power, &values),
            PhaseKind::Adjustment => winter::adjustment(board, power, &values, rng),
        }
    }
}
