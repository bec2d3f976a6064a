//! What adjudication says about each order: success, failure or illegal,
//! and why; and how a unit goes into a province. The vocabulary the rule
//! hooks and the adjudicator share, below both (docs/architecture.md).

use crate::order::{Action, Order};
use crate::variant::check::{centres_text, halves_text};
use crate::variant::{LocId, ProvinceId, Variant};
use std::borrow::Cow;
use std::fmt;

mod barbarians;
mod delphi;
mod destroy;
mod loans;
mod offices;
mod outlaw;
mod passes;
mod personal;
mod rivals;
mod sieges;
mod succession;

pub use barbarians::{BarbarianIllegal, BarbarianReason};
pub use delphi::{DelphiIllegal, DelphiReason};
pub use destroy::{DestroyIllegal, DestroyReason};
pub use loans::{LoanIllegal, LoanReason};
pub use offices::{OfficeIllegal, OfficeReason};
pub use outlaw::{OutlawIllegal, OutlawReason};
pub use passes::PassIllegal;
pub use personal::{PersonalIllegal, PersonalReason};
pub use rivals::{RivalIllegal, RivalReason};
pub use sieges::{SiegeIllegal, SiegeReason};
pub use succession::{SuccessionIllegal, SuccessionReason};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Success,
    Failure,
    Illegal,
}

impl Verdict {
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Success => "SUCCESS",
            Verdict::Failure => "FAILURE",
            Verdict::Illegal => "ILLEGAL",
        }
    }
}

/// Writes a code (`Debug`): the arms without data, listed first, print
/// their names; the other arms follow as match arms.
macro_rules! codes {
    ($value:expr, $f:ident, $kind:ident: $($arm:ident),*; $($others:tt)*) => {
        match $value {
            $($kind::$arm => $f.write_str(stringify!($arm)),)*
            $($others)*
        }
    };
}

/// Why an order is illegal. Its `Debug` is its code, as for `Reason`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Illegal {
    NoUnit,
    NotYourUnit,
    AlreadyOrdered,
    WrongPhase,
    NotAdjacent,
    NoConvoyPossible,
    ArmyToSea,
    FleetToLand,
    SameProvince,
    CoastNeeded,
    NoSuchCoast,
    CannotReach,
    SupportSelf,
    NoSupportedUnit,
    ConvoyFromCoast,
    ConvoyNotOnRoute,
    ConvoyNotFleet,
    ConvoyNotArmy,
    NotDislodged,
    RetreatToAttackerOrigin,
    RetreatOccupied,
    RetreatContested,
    NotHome,
    NotOwned,
    Occupied,
    NoBuildsDue,
    NoRemovalsDue,
    UnitCannotStandThere,
    NotBuildable,
    NotInThisVariant,
    NoSuchComponents,
    Unseaworthy,
    ConvoyTooHeavy,
    GarrisonCannotMove,
    GarrisonSupport,
    /// A placement that does not cost what the power's home centres are
    /// worth: what it costs and what they are worth, in halves of a centre.
    PlacementCost {
        cost: u32,
        worth: u32,
    },
    NotDelphi,
    /// Hoplite Wars H18 (outcome/delphi.rs).
    Delphi(DelphiIllegal),
    NoConversion,
    /// Diadochi V rule 3, Triumvirate T2 (outcome/destroy.rs).
    Destroy(DestroyIllegal),
    NoDestruction,
    NoLoans,
    /// Diadochi V D7 (outcome/loans.rs).
    Loan(LoanIllegal),
    FleetBuildCap,
    /// City State C11 (outcome/passes.rs).
    Pass(PassIllegal),
    FleetOnlyAtPort,
    NoBuildInGermany,
    EmperorEliminated,
    NotBuiltByOrder,
    NeedsNoSupply,
    /// A removal that would leave at sea a force with more armies than
    /// fleets, and the power has no army there to take instead (a mixed
    /// force of one player's powers, Hoplite Wars).
    RemovalUnseaworthy,
    /// City State C5, C6, C8 (outcome/sieges.rs).
    Siege(SiegeIllegal),
    /// Imperator I5 (outcome/barbarians.rs).
    Barbarian(BarbarianIllegal),
    /// I9.
    Sassanid,
    /// I3.
    FirstYearHomesOnly,
    NoOffices,
    /// Triumvirate T2 (outcome/personal.rs).
    Personal(PersonalIllegal),
    /// Triumvirate T3, T5a, T5b (outcome/offices.rs).
    Office(OfficeIllegal),
    /// Triumvirate T6 (outcome/outlaw.rs).
    Outlaw(OutlawIllegal),
    /// Imperator I8 (outcome/succession.rs).
    Succession(SuccessionIllegal),
    InCivilDisorder,
    SupportedEntryOnly,
    /// I7.
    NoRivals,
    /// Imperator I7 (outcome/rivals.rs).
    Rival(RivalIllegal),
}

/// An illegal reason's code, which the outcomes example prints: the arms
/// grouped since (`Pass`, `Succession`, `Delphi`, the Senate's in `Office`)
/// print as the inner type's, whose arms keep their flat names; the others
/// as `derive(Debug)` would.
impl fmt::Debug for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        codes! {
            self, f, Illegal: NoUnit, NotYourUnit, AlreadyOrdered, WrongPhase, NotAdjacent, NoConvoyPossible, ArmyToSea,
            FleetToLand, SameProvince, CoastNeeded, NoSuchCoast, CannotReach, SupportSelf, NoSupportedUnit,
            ConvoyFromCoast, ConvoyNotOnRoute, ConvoyNotFleet, ConvoyNotArmy, NotDislodged, RetreatToAttackerOrigin,
            RetreatOccupied, RetreatContested, NotHome, NotOwned, Occupied, NoBuildsDue, NoRemovalsDue,
            UnitCannotStandThere, NotBuildable, NotInThisVariant, NoSuchComponents, Unseaworthy, ConvoyTooHeavy,
            GarrisonCannotMove, GarrisonSupport, NotDelphi, NoConversion, NoDestruction, NoLoans, FleetBuildCap,
            FleetOnlyAtPort, NoBuildInGermany, EmperorEliminated, NotBuiltByOrder, NeedsNoSupply, RemovalUnseaworthy,
            Sassanid, FirstYearHomesOnly, NoOffices, InCivilDisorder, SupportedEntryOnly, NoRivals;
            Illegal::PlacementCost { cost, worth } => {
                f.debug_struct("PlacementCost").field("cost", cost).field("worth", worth).finish()
            }
            Illegal::Delphi(why) => why.fmt(f),
            Illegal::Pass(why) => why.fmt(f),
            Illegal::Succession(why) => why.fmt(f),
            Illegal::Office(why @ OfficeIllegal::SenateDisbandsTooMany) => why.fmt(f),
            Illegal::Office(why) => f.debug_tuple("Office").field(why).finish(),
            Illegal::Destroy(why) => f.debug_tuple("Destroy").field(why).finish(),
            Illegal::Loan(why) => f.debug_tuple("Loan").field(why).finish(),
            Illegal::Siege(why) => f.debug_tuple("Siege").field(why).finish(),
            Illegal::Barbarian(why) => f.debug_tuple("Barbarian").field(why).finish(),
            Illegal::Personal(why) => f.debug_tuple("Personal").field(why).finish(),
            Illegal::Outlaw(why) => f.debug_tuple("Outlaw").field(why).finish(),
            Illegal::Rival(why) => f.debug_tuple("Rival").field(why).finish(),
        }
    }
}

impl Illegal {
    /// Why an order no mechanic of the variant plans is illegal: the
    /// mechanic whose order it is is not played, or it is of another phase.
    pub fn unplanned(action: &Action) -> Illegal {
        match action {
            Action::Sack => Illegal::NotDelphi,
            Action::Destroy | Action::Rebuild => Illegal::NoDestruction,
            _ => Illegal::WrongPhase,
        }
    }

    /// Why an adjustment order no mechanic of the variant carries out is
    /// illegal.
    pub fn unadjusted(action: &Action) -> Illegal {
        match action {
            Action::Convert { .. } => Illegal::NoConversion,
            _ => Illegal::WrongPhase,
        }
    }

    /// Why a declaration no mechanic of the variant carries out is illegal
    /// (`by_power`: the order names its power).
    pub fn undeclared(action: &Action, by_power: bool) -> Illegal {
        match action {
            Action::Loan { .. } | Action::EndLoan { .. } => Illegal::NoLoans,
            _ if !by_power => Illegal::NotYourUnit,
            Action::Rival { .. } => Illegal::NoRivals,
            _ => Illegal::NoOffices,
        }
    }

    /// Why the order is illegal, with the amounts of a placement's cost.
    pub fn text(self) -> Cow<'static, str> {
        match self {
            Illegal::PlacementCost { cost, worth } => format!(
                "this placement costs {}, the home centres are worth {}: {}",
                centres_text(cost),
                halves_text(worth),
                self.rule()
            )
            .into(),
            _ => self.rule().into(),
        }
    }

    /// The rule the order breaks.
    fn rule(self) -> &'static str {
        match self {
            Illegal::NoUnit => "there is no unit there",
            Illegal::NotYourUnit => "the unit belongs to another power",
            Illegal::AlreadyOrdered => "the unit already has an order (the first legal one counts)",
            Illegal::WrongPhase => "this kind of order is not allowed in this phase",
            Illegal::NotAdjacent => "the destination is not adjacent",
            Illegal::NoConvoyPossible => "no fleets stand at sea where they could convoy the army there",
            Illegal::ArmyToSea => "an army cannot enter a sea",
            Illegal::FleetToLand => "a fleet cannot enter an inland province",
            Illegal::SameProvince => "a unit cannot move to its own province",
            Illegal::CoastNeeded => "the destination has two coasts the fleet can reach: name one",
            Illegal::NoSuchCoast => "the fleet cannot reach that coast",
            Illegal::CannotReach => "the supporting unit cannot reach the province it supports into",
            Illegal::SupportSelf => "a unit cannot support itself",
            Illegal::NoSupportedUnit => "there is no unit to support or convoy there",
            Illegal::ConvoyFromCoast => "only a fleet at sea can convoy",
            Illegal::ConvoyNotOnRoute => "the fleet is needed on no convoy route of this army",
            Illegal::ConvoyNotFleet => "only a fleet can convoy",
            Illegal::ConvoyNotArmy => "only an army can be convoyed",
            Illegal::NotDislodged => "only a dislodged unit may retreat",
            Illegal::RetreatToAttackerOrigin => "a unit cannot retreat to where its attacker came from",
            Illegal::RetreatOccupied => "the province is occupied",
            Illegal::RetreatContested => "the province was left empty by a standoff",
            Illegal::NotHome => "builds are made in home centres",
            Illegal::NotOwned => "the centre is not owned by the builder",
            Illegal::Occupied => "the province is occupied",
            Illegal::NoBuildsDue => "no build is due",
            Illegal::NoRemovalsDue => "no removal is due",
            Illegal::UnitCannotStandThere => "that kind of unit cannot stand there",
            Illegal::NotBuildable => "a build is one army or one fleet",
            Illegal::NotInThisVariant => "this variant does not play MERGE and SPLIT (Multiplicity)",
            Illegal::NoSuchComponents => "the force has no such components to split off",
            Illegal::Unseaworthy => "a force at sea needs at least as many fleets as armies",
            Illegal::ConvoyTooHeavy => "a convoying force carries no more armies than it has fleets",
            Illegal::GarrisonCannotMove => "a garrison cannot move",
            Illegal::NotDelphi => "only a force in Delphi can sack it",
            Illegal::Delphi(why) => why.rule(),
            Illegal::NoConversion => {
                "a conversion turns one army into a fleet (on a coastal centre) or one fleet \
                 into an army, in a City or Town"
            }
            Illegal::PlacementCost { .. } => {
                "a placement costs exactly what the home centres are worth (one unit, \
                 or two garrisons, for a Minor)"
            }
            Illegal::GarrisonSupport => "a garrison supports only a merge into its own province",
            Illegal::Destroy(why) => why.rule(),
            Illegal::NoDestruction => "this variant has no destroying or rebuilding of centres",
            Illegal::NoLoans => "this variant has no loans",
            Illegal::Loan(why) => why.rule(),
            Illegal::FleetBuildCap => "no power builds more than 2 fleets in one Winter",
            Illegal::Pass(why) => why.rule(),
            Illegal::Siege(why) => why.rule(),
            Illegal::FleetOnlyAtPort => {
                "fleets are built only at the ports (Venezia, Genova, Pisa, Napoli), by \
                 whoever owns the port"
            }
            Illegal::NoBuildInGermany => "the Emperor never builds in Germany: he builds in a centre he owns",
            Illegal::EmperorEliminated => "the Emperor is eliminated: he builds nothing",
            Illegal::NotBuiltByOrder => {
                "this kind of unit is never built by order (a double army is rebuilt in Germany; the Praetorian \
                 Guard and Barbarians are never built)"
            }
            Illegal::RemovalUnseaworthy => {
                "the removal would leave a force at sea with more armies than fleets, and the power has no army \
                 there to take instead (Multiplicity M2, M12): remove elsewhere"
            }
            Illegal::NeedsNoSupply => "a unit that needs no supply frees none: it is not removed (a double army)",
            Illegal::Barbarian(why) => why.rule(),
            Illegal::Sassanid => "the Sassanid spaces (Arbela, Armenia, Atropatene, Ctesiphon) are never entered (I9)",
            Illegal::FirstYearHomesOnly => {
                "in the first year (235) builds are made only in the starting provinces \
                 (I3)"
            }
            Illegal::NoOffices => "this variant has no personal units, Senate or Outlaws",
            Illegal::Personal(why) => why.rule(),
            Illegal::Office(why) => why.rule(),
            Illegal::Outlaw(why) => why.rule(),
            Illegal::InCivilDisorder => {
                "the power's holdings are in civil disorder: its units hold and nothing is \
                 built (T7, T8)"
            }
            Illegal::SupportedEntryOnly => {
                "Arbela and Ctesiphon are entered only by a supported attack, never by a \
                 retreat (T9)"
            }
            Illegal::NoRivals => "this variant has no Rivals to the Throne (Imperator I7)",
            Illegal::Rival(why) => why.rule(),
            Illegal::Succession(why) => why.rule(),
        }
    }
}

/// Why an order succeeded or failed. Its `Debug` is its code, the same
/// before and after a mechanic's reasons were grouped (see below).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    Illegal(Illegal),
    /// No order was given; the unit held (or disbanded, in a retreat).
    NoOrder,
    Held,
    Moved,
    /// The move was stopped: its attack strength against the strength that
    /// stopped it, and the province that strength came from.
    Bounced {
        attack: u32,
        against: u32,
        by: ProvinceId,
    },
    /// A move into an own unit that stays (it may not dislodge it).
    OwnUnit {
        by: ProvinceId,
    },
    NoConvoyRoute,
    /// Szykman rule: the convoy was part of a paradox and failed.
    ConvoyParadox,
    Dislodged {
        from: ProvinceId,
    },
    SupportGiven {
        amount: u32,
    },
    SupportCut {
        by: ProvinceId,
    },
    /// The supported or convoyed unit did not do what the order says.
    Void,
    Convoyed,
    ConvoyUnused,
    Retreated,
    /// Two or more retreats to one province: all disband.
    RetreatBounced,
    Disbanded,
    Built,
    Removed,
    Waived,
    /// Removed by the civil-disorder rule for a power that ordered too few.
    CivilDisorder,
    /// Build left unused.
    Unused,
    /// A fleet disbanded first by a power that owns no port (City State C3).
    NoPort,
    /// A unit of the eliminated Emperor, disbanded in the Winter (C15).
    EmperorOut,
    /// A double army rebuilt in Germany (C14).
    DoubleArmyRebuilt,
    Converted,
    /// A part that could enter the sea only inside a seaworthy merged force
    /// found it unseaworthy (M7).
    Unseaworthy,
    /// Its group arrived, but this part could not follow (M6).
    LeftBehind,
    /// A split at sea failed: a part did not leave, so none may (M9).
    SplitFailed,
    PlayerOut,
    /// A player out: his unit taken over by `heir`, under the variant's
    /// own `rule` (T4, I1, I8).
    TakenBy {
        heir: crate::variant::PowerId,
        rule: Takeover,
    },
    /// C11: a unit that started the movement in a Pass and did not leave it
    /// was moved back to Germany (`to`), not dislodged; when its move
    /// bounced, `by` is where the strength that stopped it came from, with
    /// the attack and that strength (kept small: every result carries a
    /// `Reason`).
    /// A mechanic's own, grouped by mechanic, each in
    /// `outcome/<mechanic>.rs` with its texts.
    Siege(SiegeReason),
    Loan(LoanReason),
    Destroy(DestroyReason),
    Delphi(DelphiReason),
    Personal(PersonalReason),
    Office(OfficeReason),
    Outlaw(OutlawReason),
    Rival(RivalReason),
    Succession(SuccessionReason),
    Barbarian(BarbarianReason),
    SentBack {
        to: ProvinceId,
        by: Option<ProvinceId>,
        attack: u16,
        against: u16,
        /// Its order failed (a move), rather than holding.
        failed: bool,
    },
}

/// A reason's code, which the outcomes example prints to compare two
/// builds (`{:?}`): a mechanic's grouped reason prints as the arm it was in
/// the flat list (`SiegeRaised`, not `Siege(SiegeRaised)`), the others as
/// `derive(Debug)` would.
impl fmt::Debug for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        codes! {
            self, f, Reason: NoOrder, Held, Moved, NoConvoyRoute, ConvoyParadox, Void, Convoyed, ConvoyUnused,
            Retreated, RetreatBounced, Disbanded, Built, Removed, Waived, CivilDisorder, Unused, NoPort, EmperorOut,
            DoubleArmyRebuilt, Converted, Unseaworthy, LeftBehind, SplitFailed, PlayerOut;
            Reason::Illegal(i) => f.debug_tuple("Illegal").field(i).finish(),
            Reason::Siege(r) => r.fmt(f),
            Reason::Loan(r) => r.fmt(f),
            Reason::Destroy(r) => r.fmt(f),
            Reason::Delphi(r) => r.fmt(f),
            Reason::Personal(r) => r.fmt(f),
            Reason::Office(r) => r.fmt(f),
            Reason::Outlaw(r) => r.fmt(f),
            Reason::Rival(r) => r.fmt(f),
            Reason::Succession(r) => r.fmt(f),
            Reason::Barbarian(r) => r.fmt(f),
            Reason::Bounced { attack, against, by } => {
                f.debug_struct("Bounced").field("attack", attack).field("against", against).field("by", by).finish()
            }
            Reason::OwnUnit { by } => f.debug_struct("OwnUnit").field("by", by).finish(),
            Reason::Dislodged { from } => f.debug_struct("Dislodged").field("from", from).finish(),
            Reason::SupportGiven { amount } => f.debug_struct("SupportGiven").field("amount", amount).finish(),
            Reason::SupportCut { by } => f.debug_struct("SupportCut").field("by", by).finish(),
            Reason::TakenBy { heir, rule } => {
                f.debug_struct("TakenBy").field("heir", heir).field("rule", rule).finish()
            }
            Reason::SentBack { to, by, attack, against, failed } => f
                .debug_struct("SentBack")
                .field("to", to)
                .field("by", by)
                .field("attack", attack)
                .field("against", against)
                .field("failed", failed)
                .finish(),
        }
    }
}

impl Reason {
    pub fn describe(self, v: &Variant) -> String {
        // A location's printed name: behind the walls of Lodi is `((lod))`,
        // as everywhere else the judge writes it.
        let name = |p: ProvinceId| v.loc_abbr(LocId::of_province(p));
        match self {
            Reason::Illegal(i) => format!("illegal: {}", i.text()),
            Reason::NoOrder => "no order".into(),
            Reason::Held => "held".into(),
            Reason::Moved => "moved".into(),
            Reason::Siege(r) => r.text().into(),
            Reason::Loan(r) => r.text().into(),
            Reason::Destroy(r) => r.text().into(),
            Reason::Delphi(r) => r.text().into(),
            Reason::Personal(r) => r.text().into(),
            Reason::Office(r) => r.text(v),
            Reason::Outlaw(r) => r.text().into(),
            Reason::Rival(r) => r.text().into(),
            Reason::Succession(r) => r.text(v),
            Reason::Barbarian(r) => r.text(),
            Reason::Bounced { attack, against, by } => format!("bounced: {attack} against {against} from {}", name(by)),
            Reason::OwnUnit { by } => format!("bounced: may not dislodge its own unit in {}", name(by)),
            Reason::NoConvoyRoute => "no convoy route".into(),
            Reason::ConvoyParadox => "convoy paradox: the convoy fails (Szykman rule)".into(),
            Reason::Dislodged { from } => format!("dislodged by the attack from {}", name(from)),
            // The strength the support adds to the supported unit.
            Reason::SupportGiven { amount } => format!("support given (+{amount} strength)"),
            Reason::SupportCut { by } => format!("support cut by the attack from {}", name(by)),
            Reason::Void => "void: the unit did not do what the order says".into(),
            Reason::Convoyed => "convoyed".into(),
            Reason::ConvoyUnused => "the army did not travel by this convoy".into(),
            Reason::Retreated => "retreated".into(),
            Reason::RetreatBounced => "bounced with another retreat: disbanded".into(),
            Reason::Disbanded => "disbanded".into(),
            Reason::Built => "built".into(),
            Reason::Removed => "removed".into(),
            Reason::Waived => "build waived".into(),
            Reason::CivilDisorder => "removed in civil disorder".into(),
            Reason::Unused => "build not used".into(),
            Reason::NoPort => "disbanded first: the power has fleets and owns no port".into(),
            Reason::EmperorOut => "disbanded: the Emperor is eliminated".into(),
            Reason::DoubleArmyRebuilt => "a destroyed double army rebuilt in Germany".into(),
            Reason::Converted => "converted".into(),
            Reason::Unseaworthy => "the merged force would not be seaworthy".into(),
            Reason::LeftBehind => "could not reach the place its group moved to".into(),
            Reason::PlayerOut => "disbanded: its player is out of the game (T4)".into(),
            Reason::TakenBy { heir, rule } => format!("taken over by {} ({rule:?})", v.power(heir).name),
            Reason::SplitFailed => "another part of the force at sea did not leave, so none may".into(),
            Reason::SentBack { to, by: Some(by), attack, against, .. } => {
                format!("bounced: {attack} against {against} from {}; moved back to {} (C11)", name(by), name(to))
            }
            Reason::SentBack { to, by: None, .. } => format!(
                "did not leave the Pass: moved back to {} \
                 (C11)",
                name(to)
            ),
        }
    }
}

impl Reason {
    /// The verdict an order with this reason gets: an illegal reason is
    /// ILLEGAL, a reason of an order that did not do what it says FAILURE,
    /// any other SUCCESS.
    pub fn verdict(self) -> Verdict {
        match self {
            Reason::Illegal(_) => Verdict::Illegal,
            Reason::Bounced { .. }
            | Reason::OwnUnit { .. }
            | Reason::NoConvoyRoute
            | Reason::ConvoyParadox
            | Reason::Dislodged { .. }
            | Reason::SupportCut { .. }
            | Reason::Void
            | Reason::ConvoyUnused
            | Reason::RetreatBounced
            | Reason::Delphi(DelphiReason::Shunned)
            | Reason::Unseaworthy
            | Reason::LeftBehind
            | Reason::SplitFailed
            | Reason::SentBack { failed: true, .. } => Verdict::Failure,
            // I4: a die of 1 or 2 destroys the garrison.
            Reason::Barbarian(BarbarianReason::FrontierDie { roll }) if roll <= 2 => Verdict::Failure,
            _ => Verdict::Success,
        }
    }
}

/// The result of one order.
#[derive(Clone, Debug, PartialEq)]
pub struct OrderResult<'a> {
    /// The order as given (borrowed from the orders adjudicated), or the one
    /// the judge supplied for a force without an order.
    pub order: Cow<'a, Order>,
    /// Why; the verdict follows from it (`verdict`).
    pub reason: Reason,
}

impl OrderResult<'_> {
    /// SUCCESS, FAILURE or ILLEGAL: the reason's (`Reason::verdict`).
    pub fn verdict(&self) -> Verdict {
        self.reason.verdict()
    }

    /// The order as a report prints it beside its result: a takeover (T4,
    /// I1, I8) is no order of its player, so it is the unit alone.
    pub fn order_text(&self, v: &crate::variant::Variant) -> String {
        match (self.reason, &self.order.unit) {
            (Reason::TakenBy { .. }, Some(unit)) => unit.display(v).to_string(),
            _ => self.order.display(v).to_string(),
        }
    }

    pub fn into_owned(self) -> OrderResult<'static> {
        OrderResult { order: Cow::Owned(self.order.into_owned()), reason: self.reason }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// How a unit would go into a province: the `may_enter` hook.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    Move,
    Support,
    Retreat,
}

/// The rule under which a player's units are taken over (`Reason::TakenBy`):
/// a byte, so that a `Reason` stays as small as before (results are copied
/// on the hot path).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Takeover {
    /// Triumvirate T4: by the one who dislodged the personal unit alone.
    T4,
    /// Imperator I1: a Commander's, by the Emperor.
    I1,
    /// Imperator I8: the fallen Emperor's, by his successor.
    I8,
}

#[cfg(test)]
mod tests {
    use super::{BarbarianReason, Illegal, OfficeIllegal, PassIllegal, Reason, SiegeReason, Verdict};
    use crate::variant::ProvinceId;

    /// The verdict follows from the reason: an illegal reason is ILLEGAL
    /// whatever the order, a stopped move FAILURE; a frontier die of 1 or 2
    /// (I4) and a Pass unit sent back after a failed move (C11) fail, the
    /// other die rolls and a unit sent back after holding do not.
    /// Grouping a mechanic's reasons in a type of its own keeps them as
    /// small as the flat list was: every result carries a `Reason`.
    #[test]
    fn grouped_reasons_take_no_more_room() {
        assert_eq!(std::mem::size_of::<Illegal>(), 12);
        assert_eq!(std::mem::size_of::<Reason>(), 16);
    }

    /// A reason's code is the one it had before the grouping: the outcomes
    /// example compares builds by it.
    #[test]
    fn a_grouped_reason_keeps_its_code() {
        let p = ProvinceId::new(0);
        assert_eq!(format!("{:?}", Reason::Siege(SiegeReason::SiegeRaised)), "SiegeRaised");
        assert_eq!(
            format!("{:?}", Reason::Barbarian(BarbarianReason::FrontierDie { roll: 2 })),
            "FrontierDie { roll: 2 }"
        );
        assert_eq!(format!("{:?}", Reason::Held), "Held");
        assert_eq!(format!("{:?}", Reason::SupportCut { by: p }), format!("SupportCut {{ by: {p:?} }}"));
        assert_eq!(format!("{:?}", Reason::Illegal(Illegal::NoUnit)), "Illegal(NoUnit)");
        assert_eq!(format!("{:?}", Illegal::Pass(PassIllegal::MustLeavePass)), "MustLeavePass");
        assert_eq!(format!("{:?}", Illegal::Office(OfficeIllegal::SenateDisbandsTooMany)), "SenateDisbandsTooMany");
        assert_eq!(format!("{:?}", Illegal::Office(OfficeIllegal::NotATriumvir)), "Office(NotATriumvir)");
        assert_eq!(
            format!("{:?}", Illegal::PlacementCost { cost: 2, worth: 4 }),
            "PlacementCost { cost: 2, worth: 4 }"
        );
    }

    #[test]
    fn a_verdict_follows_from_its_reason() {
        let p = ProvinceId::new(0);
        assert_eq!(Reason::Illegal(Illegal::NotAdjacent).verdict(), Verdict::Illegal);
        assert_eq!(Reason::Bounced { attack: 1, against: 1, by: p }.verdict(), Verdict::Failure);
        assert_eq!(Reason::Moved.verdict(), Verdict::Success);
        assert_eq!(Reason::Barbarian(BarbarianReason::FrontierDie { roll: 2 }).verdict(), Verdict::Failure);
        assert_eq!(Reason::Barbarian(BarbarianReason::FrontierDie { roll: 3 }).verdict(), Verdict::Success);
        let sent_back = |failed| Reason::SentBack { to: p, by: None, attack: 0, against: 0, failed };
        assert_eq!(sent_back(true).verdict(), Verdict::Failure);
        assert_eq!(sent_back(false).verdict(), Verdict::Success);
    }
}
