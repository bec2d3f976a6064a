//! Orders: what a power tells its forces to do (docs/orders.md).

mod lex;
mod parse;
mod print;

pub use parse::{before_comment, find_power_lenient, parse_order, parse_order_line, ParseError};
pub use parse::{excerpt, EXCERPT_CHARS};

use crate::state::{Components, Force};
use crate::variant::{LocId, PowerId};

/// The force an order names: its location and, if written, its composition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitRef {
    /// The composition as written (`A`, `2A/F`); None when left out. The
    /// components' power is not meaningful here.
    pub components: Option<Components>,
    pub loc: LocId,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Hold,
    Move {
        to: LocId,
        via_convoy: bool,
    },
    SupportHold {
        unit: UnitRef,
    },
    SupportMove {
        unit: UnitRef,
        to: LocId,
    },
    Convoy {
        unit: UnitRef,
        to: LocId,
    },
    Retreat {
        to: LocId,
    },
    /// Multiplicity: merge into `to`, together with `with` (the `&` form).
    /// The merged force may be written (`MERGE 2A bur`) but is not kept: it
    /// follows from the members.
    Merge {
        to: LocId,
        with: Vec<UnitRef>,
    },
    /// Multiplicity: support the merge of `power`'s forces into `to` (the
    /// supporter's own power when not written).
    SupportMerge {
        power: Option<PowerId>,
        to: LocId,
    },
    /// Multiplicity: split the force into parts, each with its own order;
    /// what is not listed stays and holds.
    Split {
        parts: Vec<SplitPart>,
    },
    /// Hoplite Wars H18: sack Delphi (the force holds while it does).
    Sack,
    /// Hoplite Wars H17: turn one army into a fleet or back, in Winter.
    Convert {
        to: crate::variant::Kind,
    },
    /// Vedder D5: destroy the centre the unit stands in (the unit holds).
    Destroy,
    /// Vedder D6: rebuild the destroyed centre the unit stands in.
    Rebuild,
    /// Vedder D7: lend the supply of a centre to a power (no unit).
    Loan {
        centre: crate::variant::ProvinceId,
        to: PowerId,
    },
    /// Vedder D7: end the loan of a centre (no unit).
    EndLoan {
        centre: crate::variant::ProvinceId,
    },
    /// Triumvirate T2 (Imperator I1): name one's army as the personal
    /// unit, in the first phase (no unit of its own: a declaration).
    Designate {
        unit: UnitRef,
    },
    /// Triumvirate T5a: the Senate elects a Triumvir Sole Consul.
    Elect {
        power: PowerId,
    },
    /// Triumvirate T5b: decree a Triumvir an Outlaw (or declare oneself one).
    Outlaw {
        power: PowerId,
    },
    /// Imperator I7: the Emperor declares a Commander a Rival to the
    /// Throne (or a Commander declares himself one).
    Rival {
        power: PowerId,
    },
    /// Triumvirate T6: an Outlaw names a unit that may not move, in the
    /// phase of the decree.
    Fix {
        unit: UnitRef,
    },
    Disband,
    Build,
    Remove,
    Waive,
}

impl Action {
    /// Is this an order with no unit, judged before the phase whether the
    /// variant plays its mechanic or not (LOAN, END LOAN, DESIGNATE, ELECT,
    /// OUTLAW, RIVAL, FIX)?
    pub fn is_declaration(&self) -> bool {
        matches!(
            self,
            Action::Loan { .. }
                | Action::EndLoan { .. }
                | Action::Designate { .. }
                | Action::Elect { .. }
                | Action::Outlaw { .. }
                | Action::Rival { .. }
                | Action::Fix { .. }
        )
    }
}

/// One part of a split: its components and its order (a move, a merge, or
/// an order given where it stands).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitPart {
    pub components: Components,
    pub action: Action,
}

/// One order. `unit` is the ordered force (for a build, the new force); a
/// waive names no force.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Order {
    /// The power that gave the order, when known.
    pub power: Option<PowerId>,
    pub unit: Option<UnitRef>,
    pub action: Action,
    /// `CLAIM <power>` on a capturing move (Hoplite Wars H3): the centre it
    /// takes goes to that power of the player.
    pub claim: Option<PowerId>,
}

impl Order {
    /// `power`'s order for its force of `components` at `loc` (the judge's
    /// own orders: defaults and civil disorder).
    pub fn new(power: PowerId, components: Components, loc: LocId, action: Action) -> Order {
        Order { claim: None, power: Some(power), unit: Some(UnitRef { components: Some(components), loc }), action }
    }

    /// An order for all of `force`.
    pub fn for_force(force: &Force, action: Action) -> Order {
        // (The components copied as one block: a clone pushes them one by
        // one, and the bots make an order like this for every candidate.)
        Order::new(force.power, Components::from_slice(&force.components), force.loc, action)
    }
}

/// All orders of one phase, in the order they were written.
pub type Orders = Vec<Order>;
