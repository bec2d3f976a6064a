//! One candidate order of a force in a compact form (8 bytes, `Copy`):
//! what it does, the location it names and the other force it names (by
//! index), not a 96-byte `Order` with its units copied in. The generator
//! lists a movement's candidates this way, the adjudicator checks them so
//! (`Rounds::retain_legal_for`), and an `Order` is made only of those a
//! player gives (`order`): the bots' own lists, and `set_orders` in the
//! Python package.

use polemarch_engine::order::{Action, Order, SplitPart, UnitRef};
use polemarch_engine::state::{Components, Force};
use polemarch_engine::variant::LocId;

/// What a candidate does (its `Action`'s kind).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum What {
    Hold,
    Move,
    /// A move by convoy (`VIA`).
    MoveByConvoy,
    /// Support of force `other` holding.
    SupportHold,
    /// Support of force `other` moving to `to`.
    SupportMove,
    /// Convoy of army `other` to `to`.
    Convoy,
    /// A retreat (a retreat phase), or a siege raised (City State C8).
    Retreat,
    Disband,
    Sack,
    Destroy,
    Rebuild,
    /// A merge into `to`, with no other force named.
    Merge,
    /// Support of the own power's merge into `to`.
    SupportMerge,
    /// Component `other` (an index into the force's components) split off
    /// to move to `to`; the rest holds.
    Split,
}

/// A candidate order of one force (the force is where the candidate is
/// kept: its list's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub what: What,
    /// The location it goes to, supports a move into, or convoys to (a
    /// placeholder where it names none).
    pub to: LocId,
    /// The other force it supports or convoys (an index into
    /// `Position::forces`), or a split's component; 0 where it names none.
    pub other: u16,
}

impl Candidate {
    /// A candidate naming no place and no other force.
    pub fn just(what: What) -> Candidate {
        Candidate { what, to: LocId(0), other: 0 }
    }

    /// A candidate going to (or naming) `to`.
    pub fn to(what: What, to: LocId) -> Candidate {
        Candidate { what, to, other: 0 }
    }

    /// A candidate naming force `other` (and `to`, where it has one).
    pub fn naming(what: What, other: usize, to: LocId) -> Candidate {
        Candidate { what, to, other: other as u16 }
    }

    /// The action of this candidate of force `f`, as its `Order` has it;
    /// `forces`: the position's (the forces it names).
    pub fn action(&self, forces: &[Force], f: &Force) -> Action {
        let to = self.to;
        let other = || unit_ref(&forces[self.other as usize]);
        match self.what {
            What::Hold => Action::Hold,
            What::Move => Action::Move { to, via_convoy: false },
            What::MoveByConvoy => Action::Move { to, via_convoy: true },
            What::SupportHold => Action::SupportHold { unit: other() },
            What::SupportMove => Action::SupportMove { unit: other(), to },
            What::Convoy => Action::Convoy { unit: other(), to },
            What::Retreat => Action::Retreat { to },
            What::Disband => Action::Disband,
            What::Sack => Action::Sack,
            What::Destroy => Action::Destroy,
            What::Rebuild => Action::Rebuild,
            What::Merge => Action::Merge { to, with: Vec::new() },
            What::SupportMerge => Action::SupportMerge { power: None, to },
            What::Split => {
                let part = Components::from_slice(&[f.components[self.other as usize]]);
                Action::Split {
                    parts: vec![SplitPart { components: part, action: Action::Move { to, via_convoy: false } }],
                }
            }
        }
    }

    /// This candidate of force `f` as an order.
    pub fn order(&self, forces: &[Force], f: &Force) -> Order {
        Order::for_force(f, self.action(forces, f))
    }
}

/// How an order names force `f`.
pub fn unit_ref(f: &Force) -> UnitRef {
    UnitRef { components: Some(Components::from_slice(&f.components)), loc: f.loc }
}
