//! A reusable adjudication context: the scratch arrays a phase's
//! adjudication works in (occupancy, parts and plans, links, the
//! resolver's decisions, the results' verdicts, balances), kept from call
//! to call and sized by the first calls, so that adjudicating phase after
//! phase allocates nothing beyond what it returns, and nothing at all
//! with `adjudicate_into` and buffers the caller keeps.
//!
//! ```text
//! let mut judge = Adjudicator::new(&variant);
//! let mut results = Vec::new();
//! let mut next = Position::blank();
//! for orders in candidates {
//!     let mut r = recycle(std::mem::take(&mut results));
//!     judge.adjudicate_into(&pos, &orders, &mut r, &mut next);
//!     ...
//!     results = recycle(r);
//! }
//! ```

use super::links::Links;
use super::new_board::NewBoard;
use super::outcome::{OrderResult, Reason};
use super::plan::{Plans, Seas};
use super::resolver::Node;
use crate::order::Order;
use crate::state::{Force, Position};
use crate::variant::{LocId, Variant};

/// Adjudicates the phases of one variant, reusing its scratch arrays.
/// Same input, same output as `adjudicate`: the context holds no state
/// from one call that the next reads.
pub struct Adjudicator<'v> {
    v: &'v Variant,
    scratch: Scratch,
}

impl<'v> Adjudicator<'v> {
    /// A context for `v`; it allocates nothing until the first call.
    pub fn new(v: &'v Variant) -> Adjudicator<'v> {
        Adjudicator { v, scratch: Scratch::default() }
    }

    /// A context for `v` that works in `workspace`, the scratch arrays of
    /// an earlier context (of this variant or another: each stage sizes
    /// its arrays for the phase it adjudicates).
    pub fn with_workspace(v: &'v Variant, workspace: Workspace) -> Adjudicator<'v> {
        Adjudicator { v, scratch: workspace.0 }
    }

    /// The context's scratch arrays, apart from its variant: for a context
    /// of another variant, or of the same one borrowed anew (a replay of
    /// record after record, each replayed with its own borrow).
    pub fn into_workspace(self) -> Workspace {
        Workspace(self.scratch)
    }

    pub fn variant(&self) -> &'v Variant {
        self.v
    }

    /// `adjudicate(variant, pos, orders)`: the outcome, whose results and
    /// next position are the only allocations after the first calls.
    pub fn adjudicate<'a>(&mut self, pos: &Position, orders: &'a [Order]) -> super::Outcome<'a> {
        let mut results = Vec::new();
        let mut next = Position::blank();
        self.adjudicate_into(pos, orders, &mut results, &mut next);
        super::Outcome { results, next }
    }

    /// The outcome written into `results` (cleared first) and `next`
    /// (overwritten), reusing their memory: once they and the context have
    /// grown to the phase's size, nothing is allocated.
    pub fn adjudicate_into<'a>(
        &mut self,
        pos: &Position,
        orders: &'a [Order],
        results: &mut Vec<OrderResult<'a>>,
        next: &mut Position,
    ) {
        super::judge(self.v, &mut self.scratch, pos, orders, results, next);
    }
}

/// The scratch arrays of an `Adjudicator`, kept apart from its variant
/// (`into_workspace`, `with_workspace`). Holds nothing a later phase reads.
#[derive(Default)]
pub struct Workspace(Scratch);

/// An empty results list that keeps the memory of `results` (which may
/// borrow other orders): for reusing one buffer with orders that live
/// shorter than it. Allocates nothing (the list is emptied and its
/// memory handed on in place). (Always inline: out of line, as LLVM
/// compiled it after issue 31's tenth pass and again after its
/// seventeenth with a plain `#[inline]`, the calls cost some 40 to 100
/// instructions a harness's adjudication.)
#[inline(always)]
pub fn recycle<'b>(mut results: Vec<OrderResult<'_>>) -> Vec<OrderResult<'b>> {
    results.clear();
    // An empty list mapped onto a list of the same layout: the standard
    // library collects it in place, keeping the memory.
    results.into_iter().map(|_| unreachable!("the list is empty")).collect()
}

/// The scratch arrays, each cleared and refilled by the stage that uses it.
#[derive(Default)]
pub(super) struct Scratch {
    /// The force in each province (u16::MAX: none).
    pub at: Vec<u16>,
    pub plans: Plans,
    pub seas: Seas,
    pub links: Links,
    pub nodes: Vec<Node>,
    pub deps: Vec<u16>,
    pub stops: Vec<Reason>,
    /// Retreats: each order's verdict, as worked out (None: not yet).
    pub verdicts: Vec<Option<Reason>>,
    /// The next position's board as it is placed.
    pub board: NewBoard,
    /// Retreats: the occupied provinces, and each dislodged force's order
    /// and destination.
    pub occupied: Vec<bool>,
    pub chosen: Vec<Option<(usize, Option<LocId>)>>,
    /// The forces that retreat, where they arrive.
    pub arrivals: Vec<Force>,
    /// Adjustments: each power's supply and balance.
    pub supply: Vec<u32>,
    pub balance: Vec<i32>,
}
