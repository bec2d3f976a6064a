//! `greedy`: a one-move tactician that plays any variant. In a movement it
//! keeps the centres it must hold, attacks the centres it can take with
//! enough support, covers threatened centres, and sends the rest toward the
//! nearest centre it does not own; with several units to a force
//! (Multiplicity) it merges into its own forces and attacks as a merge
//! group, and splits a unit off to an empty centre; it sacks Delphi and
//! rebuilds destroyed centres where the rules let it. It retreats toward
//! centres, builds the unit nearest to a target (garrisons with a half
//! centre to spare), and removes the units farthest from the front; in the
//! first phase it names a safer army its personal unit where a mechanic
//! puts the one it has at risk (`stakes.rs`). Every
//! order is taken from the legal ones the adjudicator left on the board.

mod movement;
mod winter;

use crate::legal::Board;
use crate::rng::Rng;
use crate::stakes;
use crate::Bot;
use polemarch_engine::order::Order;
use polemarch_engine::variant::{PhaseKind, PowerId};

pub struct Greedy;

impl Bot for Greedy {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn orders(&self, board: &Board, power: PowerId, rng: &mut Rng) -> Vec<Order> {
        let v = board.v;
        match board.kind {
            PhaseKind::Movement => {
                let mut orders = movement::orders(board, power, rng);
                orders.extend(stakes::designation(board, power));
                orders
            }
            PhaseKind::Retreat => winter::retreats(board, power),
            PhaseKind::Adjustment if v.rules.own_phase(v, board.pos) => winter::placement(board, power),
            PhaseKind::Adjustment => winter::adjustment(board, power),
        }
    }
}
