//! What the Python `Game` has played and not yet written into its game
//! record. Research code plays thousands of phases and seldom reads the
//! record, so the orders given and each phase processed are kept as
//! values, and written (the submissions' text, each phase's results with
//! their reasons and its position's JSON) only when the record is read, by
//! the same engine calls that would have written them at once
//! (`game::process_orders`): the record is the same. Of the phases
//! processed, only the first not yet written keeps the position it was
//! played from; the others start where the one before ended, which
//! `process_orders` works out again as it writes it (it adjudicates each
//! phase anyway): a game keeps one position, not one a phase, for a
//! record seldom read, and each is freed as soon as the next is made.

use crate::said::SaidRef;
use polemarch_engine::game::record::{utc_text, Submission};
use polemarch_engine::game::{process_orders, GameRecord, PhaseRecord, Status, SubmittedOrder};
use polemarch_engine::order::Order;
use polemarch_engine::state::json::PositionJson;
use polemarch_engine::variant::PowerId;
use polemarch_engine::{Position, Variant};

/// One thing played, in the order it was played.
#[derive(Clone)]
pub enum Step {
    /// Orders a power gave, each listed for the phase (its text as listed:
    /// the line given, trimmed), with what became of each (accepted, or
    /// replacing an earlier one) and when (seconds since 1970).
    Listed { power: PowerId, texts: Vec<SaidRef>, orders: Vec<Order>, statuses: Vec<Status>, at: i64 },
    /// Orders the judge read and judged (`game::submit_at`), as recorded.
    Judged(Submission),
    /// A phase processed with these orders in force, from `from`: given
    /// for the first phase not yet written, None for the others (each
    /// from the position the one before it led to).
    Processed { from: Option<Box<Position>>, orders: Vec<Order> },
}

impl Step {
    /// The submission as the record keeps it (None for a phase processed).
    fn submission(&self, v: &Variant) -> Option<Submission> {
        match self {
            Step::Listed { power, texts, orders, statuses, at } => {
                let said = texts
                    .iter()
                    .zip(orders)
                    .zip(statuses)
                    .map(|((text, o), &status)| SubmittedOrder {
                        text: text.text.clone(),
                        status,
                        order: Some(o.display(v).to_string()),
                        reason: None,
                    })
                    .collect();
                Some(Submission {
                    power: v.power(*power).name.clone(),
                    by: "python".into(),
                    at: utc_text(*at),
                    orders: said,
                })
            }
            Step::Judged(s) => Some(s.clone()),
            Step::Processed { .. } => None,
        }
    }
}

/// Writes `steps` into the record, in order.
pub fn write(v: &Variant, rec: &mut GameRecord, steps: Vec<Step>) -> Result<(), String> {
    // The position the last phase written led to.
    let mut next: Option<Position> = None;
    for step in steps {
        match step {
            Step::Processed { from, orders } => {
                let pos = from.map(|p| *p).or(next.take()).ok_or("a phase processed from no position")?;
                // The game went on after this phase; the result the Game
                // keeps is the last phase's, which process_orders sets again.
                rec.result = None;
                next = Some(process_orders(v, rec, &pos, &orders)?.next);
            }
            given => {
                let submission = given.submission(v).expect("orders given");
                rec.phases.last_mut().expect("a current phase").submissions.push(submission);
            }
        }
    }
    Ok(())
}

/// The open phase's submissions so far, written or not, as a phase record
/// (its name and start left empty) for judging more orders with them.
pub fn open_phase(v: &Variant, rec: &GameRecord, steps: &[Step]) -> PhaseRecord {
    let last = steps.iter().rposition(|s| matches!(s, Step::Processed { .. }));
    let mut submissions = match last {
        Some(_) => Vec::new(),
        None => rec.phases.last().expect("a current phase").submissions.clone(),
    };
    let since = last.map_or(0, |i| i + 1);
    submissions.extend(steps[since..].iter().filter_map(|s| s.submission(v)));
    phase_with(submissions)
}

/// A phase record of these submissions alone (its name and start left
/// empty), for judging more orders with them.
pub fn phase_with(submissions: Vec<Submission>) -> PhaseRecord {
    PhaseRecord { phase: String::new(), start: PositionJson::default(), submissions, processed: None }
}
