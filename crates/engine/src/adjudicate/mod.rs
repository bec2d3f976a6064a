//! `adjudicate(variant, position, orders) -> outcome`: the pure function at
//! the heart of polemarch. It reads nothing but its arguments.

mod adjustment;
mod civil_disorder;
mod context;
mod cut;
mod decisions;
mod declarations;
mod groups;
mod judged;
mod legality;
mod links;
mod movement;
mod new_board;
mod ownership;
mod plan;
mod removal;
mod resolver;
mod retreat;

/// A few part indices, kept inline: most lists have one.
type Few = smallvec::SmallVec<[u16; 4]>;

pub use adjustment::{adjustment_due, balances, build_loc};
pub(crate) use civil_disorder::HomeDistances;
pub use civil_disorder::{distances, first_in_disorder};
// The vocabulary, below the rules and the adjudicator (crate::outcome):
// its old paths `super::outcome::...` keep working.
use crate::outcome;
pub use context::{recycle, Adjudicator, Workspace};
pub use legality::{Legality, Rounds};
pub use outcome::{Illegal, OrderResult, Reason, Verdict};
pub use plan::{occupancy as occupancy_of, occupancy_into, Plan};
pub use removal::{take_component, upkeep};
pub use retreat::{can_retreat, retreat_options};

use crate::order::Order;
use crate::state::Position;
use crate::variant::{PhaseKind, PowerId, Variant};

/// The outcome of one phase: a result for every order (and for every force
/// left without one), and the position that follows.
#[derive(Clone, Debug)]
pub struct Outcome<'a> {
    pub results: Vec<OrderResult<'a>>,
    /// The position after the phase, with the phase advanced to the next one
    /// that has something to do.
    pub next: Position,
}

/// Adjudicates one phase. Phase after phase (a replay, a bot's search),
/// an `Adjudicator` does the same and reuses its scratch memory.
pub fn adjudicate<'a>(v: &Variant, pos: &Position, orders: &'a [Order]) -> Outcome<'a> {
    Adjudicator::new(v).adjudicate(pos, orders)
}

/// The phase adjudicated into `results` and `next`, in `scratch`.
fn judge<'a>(
    v: &Variant,
    scratch: &mut context::Scratch,
    pos: &Position,
    orders: &'a [Order],
    results: &mut Vec<OrderResult<'a>>,
    next: &mut Position,
) {
    results.clear();
    let kind = v.calendar.kind(pos.phase);
    // Declarations (orders with no unit: D7's loans) are carried out first,
    // in writing order, on the position the phase is then judged on.
    let declared = declarations::declare(v, pos, orders);
    let pos = declared.as_ref().map_or(pos, |d| &d.position);
    match kind {
        PhaseKind::Movement if v.rules.judges_movement() => {
            (*results, *next) = judged::movement(v, scratch, pos, orders)
        }
        PhaseKind::Movement => movement::movement(v, scratch, pos, orders, results, next),
        PhaseKind::Retreat => retreat::retreat(v, scratch, pos, orders, results, next),
        PhaseKind::Adjustment if v.rules.own_phase(v, pos) => {
            (*results, *next) = v.rules.adjudicate_own_phase(v, pos, orders)
        }
        PhaseKind::Adjustment => adjustment::adjustment(v, scratch, pos, orders, results, next),
    }
    // City State C7-C9: the walls' units, before centres change hands; C15:
    // the Emperor with no DA on the board.
    v.rules.after_phase(v, kind, pos, results, next);
    let season_over = match kind {
        PhaseKind::Movement => next.dislodged.is_empty(),
        PhaseKind::Retreat => true,
        PhaseKind::Adjustment => false,
    };
    if kind == PhaseKind::Movement {
        v.rules.after_movement(v, results, next);
    }
    if season_over {
        ownership::end_of_season(v, v.calendar.changes_ownership(pos.phase), next);
    }
    if kind == PhaseKind::Adjustment {
        v.rules.after_adjustment(v, next, results);
    }
    if let Some(d) = declared {
        d.explain(orders, results);
    }
    next.phase = next_phase_in(v, scratch, next);
    // I4: what appears on the board as the next phase opens.
    v.rules.phase_opens(v, results, next);
}

impl Outcome<'_> {
    /// The outcome, owning its orders (to outlive the orders adjudicated).
    pub fn into_owned(self) -> Outcome<'static> {
        Outcome { results: self.results.into_iter().map(OrderResult::into_owned).collect(), next: self.next }
    }
}

/// The next phase with something to do: retreats only when forces were
/// dislodged, adjustments only when some power must build or remove.
pub fn next_phase(v: &Variant, after: &Position) -> crate::variant::Phase {
    next_phase_in(v, &mut context::Scratch::default(), after)
}

fn next_phase_in(v: &Variant, scratch: &mut context::Scratch, after: &Position) -> crate::variant::Phase {
    let mut phase = v.calendar.next(after.phase);
    for _ in 0..v.calendar.steps.len() {
        let busy = match v.calendar.kind(phase) {
            PhaseKind::Movement => true,
            PhaseKind::Retreat => !after.dislodged.is_empty() || v.rules.retreat_due(after),
            PhaseKind::Adjustment => {
                v.rules.winter_due(v, after, phase) || {
                    adjustment::balances_into(v, after, scratch);
                    scratch.balance.iter().enumerate().any(|(p, &b)| adjustment_due(v, after, b, PowerId::new(p)))
                }
            }
        };
        if busy {
            break;
        }
        phase = v.calendar.next(phase);
    }
    phase
}
