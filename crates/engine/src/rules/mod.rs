//! Rule modules: one file per mechanic, switched on by the variant's
//! `[rules]` table and called by the engine at fixed hooks. Here are the
//! trait a mechanic implements, the list of mechanics and the loops that
//! call them; the adjudicator, the game loop and the order parser call the
//! loops and name no mechanic. docs/architecture.md has the hook table and
//! a walk-through.
//!
//! Dispatch is static: `AnyMechanic` is an enum over the mechanic types,
//! and each loop is a `match` over it, never a virtual call; a hook over an
//! empty list (standard Diplomacy) costs nothing.

mod barbarians;
mod centre_values;
mod claims;
mod colonies;
mod conversion;
mod da_rebuild;
mod delphi;
mod destroy;
mod dice;
mod disorder;
mod double_armies;
mod double_centres;
mod draw;
mod edition;
mod emperor;
mod emperor_out;
mod first_year_builds;
mod fleet_cap;
mod frontier;
mod garrison_required;
mod garrisons;
mod imperial_title;
mod liberation;
mod loans;
mod multiplicity;
mod offices;
mod optional_homes;
mod options;
mod outlaw;
mod owned_centre_builds;
mod passes;
pub mod personal;
pub mod placement;
mod ports;
mod praetorian;
mod rebuild;
mod rivals;
mod sassanid;
mod sieges;
mod state_text;
mod succession;
mod supported_entry;
mod towns;
mod triumvir_out;
mod victory;

pub use draw::SplitMix64;
pub use edition::{Choice, CivilDisorder, DisorderTies, Edition, UnknownEdition};
pub use options::{from_table, Names, OptionError};
pub use state_text::{
    read_position_state, read_state, shown_position_state, shown_state, state_key, write_position_state, write_state,
    StateError,
};
pub use victory::{
    own_supplies, self_supporting_units, shortfalls, shortfalls_after_adjustment, supplies, supplies_into, supply,
    supply_parts, units_after_adjustment, victory_centres, winners, SupplyParts,
};

use crate::adjudicate::Plan;
use crate::order::{Action, Order};
pub use crate::outcome::Entry;
use crate::outcome::{Illegal, OrderResult, Reason};
use crate::state::{Force, Position, VariantState};
use crate::variant::{Kind, Phase, PhaseKind, PowerId, ProvinceId, Variant};
use state_text::{PositionCodec, Slot};
use std::ops::ControlFlow;

/// A mechanic: its option, its place in the hook order, its name for
/// `variant check`, its state codec and its part in each hook it takes
/// part in. Every hook does nothing by default, so a mechanic's file shows
/// which hooks it takes part in. (Where the engine calls the hooks:
/// docs/architecture.md, section 2.)
#[allow(unused_variables)]
pub trait Mechanic: Sized {
    /// Its key in the variant's `[rules]` table.
    const OPTION: &'static str;
    /// Its place in the order in which the hooks call the mechanics,
    /// whatever the order of the table.
    const RANK: u8;

    /// Reads its option's value: the mechanic, none (`false`), or what is
    /// wrong with the value.
    fn read(value: &toml::Value, names: &Names) -> Result<Option<Self>, OptionError>;

    /// The name `variant check` lists.
    fn describe(&self, v: &Variant) -> String;

    /// Another mechanic it needs, as the problem `variant check` reports
    /// without it.
    fn requires(&self, r: &Rules) -> Result<(), &'static str> {
        Ok(())
    }

    /// The unit kinds it brings (rows of the kind table).
    fn kinds(&self, r: &Rules, kinds: &mut Vec<Kind>) {}

    /// The codecs of its slot of the variant state.
    fn slots(&self) -> Slot {
        &[]
    }

    /// Slots it shares with other mechanics, written once after every
    /// mechanic's own, whichever brings them.
    fn shared_slots(&self) -> &'static [Slot] {
        &[]
    }

    /// The codec of its keys that name a force on the board.
    fn position_codec(&self) -> Option<&'static PositionCodec> {
        None
    }

    /// May the order parser read this notation?
    fn reads(&self, notation: Notation) -> bool {
        false
    }

    /// May `force` go into `dest` by `entry`?
    fn may_enter(&self, v: &Variant, force: &Force, dest: ProvinceId, entry: Entry) -> Result<(), Illegal> {
        Ok(())
    }

    /// May `body` be given `action` at all?
    fn may_order(
        &self,
        v: &Variant,
        state: &VariantState,
        forces: &[Force],
        body: &Force,
        action: &Action,
    ) -> Result<(), Illegal> {
        Ok(())
    }

    /// May `body` raise the siege of `dest` (`R` in a movement phase)?
    /// None: no siege to raise in this variant.
    fn may_raise(&self, v: &Variant, forces: &[Force], body: &Force, dest: ProvinceId) -> Option<Result<(), Illegal>> {
        None
    }

    /// Is `R` in a movement phase an attack (a raise)?
    fn raises_sieges(&self) -> bool {
        false
    }

    /// The plan of an order of its own the core does not know (SACK,
    /// DESTROY), or why it is illegal; None when the order is not its own.
    fn plan_order(
        &self,
        r: &Rules,
        v: &Variant,
        state: &VariantState,
        body: &Force,
        action: &Action,
    ) -> Option<Result<Plan, Illegal>> {
        None
    }

    /// The player no other player may support, if any.
    fn shunned(&self, v: &Variant, state: &VariantState) -> Option<u8> {
        None
    }

    /// May `force` support into `dest`, which it does not border?
    fn reaches_far(&self, v: &Variant, force: &Force, dest: ProvinceId) -> bool {
        false
    }

    /// Does a province resist an attack by itself?
    fn native_resistance(&self) -> bool {
        false
    }

    /// The strength with which empty province `p` resists an attack, if
    /// it decides.
    fn resistance(&self, v: &Variant, p: ProvinceId) -> Option<u32> {
        None
    }

    /// Is `p` a space no unit may ever enter, though its terrain is not
    /// impassable?
    fn never_entered(&self, v: &Variant, p: ProvinceId) -> bool {
        false
    }

    /// Does the judge play `power`?
    fn played_by_judge(&self, power: PowerId) -> bool {
        false
    }

    /// Does the judge order units in a movement phase?
    fn judges_movement(&self) -> bool {
        false
    }

    /// Judges the orders about the judge's units and gives the judge's
    /// orders, if it plays any.
    fn judge_movement(&self, r: &Rules, v: &Variant, pos: &mut Position, orders: &[Order]) -> Option<Judging> {
        None
    }

    /// May something sack a centre that no DESTROY may touch?
    fn sacks_any_centre(&self) -> bool {
        false
    }

    /// State changes once a movement is resolved.
    fn after_movement(&self, r: &Rules, v: &Variant, results: &mut [OrderResult<'_>], next: &mut Position) {}

    /// State and board changes at the end of every phase, before centres
    /// change hands.
    fn after_phase(
        &self,
        r: &Rules,
        v: &Variant,
        kind: PhaseKind,
        before: &Position,
        results: &mut Vec<OrderResult<'_>>,
        next: &mut Position,
    ) {
    }

    /// Does a centre worth `value` halves change hands after a season that
    /// changes no other?
    fn changes_hands_midyear(&self, value: u8) -> bool {
        false
    }

    /// Does any centre change hands after a season that changes no other?
    fn any_midyear_changes(&self) -> bool {
        false
    }

    /// Who owns centre `p` that `mover` stands on, given its owner
    /// `current`, if it decides and no mechanic before it has (`decided`);
    /// it may also note the capture.
    #[allow(clippy::too_many_arguments)]
    fn capture(
        &self,
        r: &Rules,
        v: &Variant,
        forces: &[Force],
        state: &mut VariantState,
        p: ProvinceId,
        mover: PowerId,
        current: Option<PowerId>,
        decided: &mut Option<PowerId>,
    ) {
    }

    /// Once every centre could change hands at the end of a season.
    fn after_ownership(&self, r: &Rules, v: &Variant, next: &mut Position) {}

    /// Does it draw from the game's seed?
    fn draws(&self) -> bool {
        false
    }

    /// May `power` build in centre `site` it owns, beyond its homes?
    fn may_build_at(&self, v: &Variant, power: PowerId, site: ProvinceId) -> bool {
        false
    }

    /// May `power` build at all (asked before any site)?
    fn may_build_any(&self, r: &Rules, state: &VariantState, power: PowerId) -> Result<(), Illegal> {
        Ok(())
    }

    /// Its own answer for a build of `kind` at `site` by `power`, where it
    /// decides; None leaves it to the next mechanic, then `may_build_at`.
    fn build_site(
        &self,
        r: &Rules,
        v: &Variant,
        pos: &Position,
        power: PowerId,
        site: ProvinceId,
        kind: Kind,
    ) -> Option<Result<(), Illegal>> {
        None
    }

    /// May `power` build one more unit of `kind`, given the adjustment's
    /// results so far and the position they made?
    fn may_build(
        &self,
        v: &Variant,
        next: &Position,
        earlier: &[OrderResult<'_>],
        power: PowerId,
        kind: Kind,
    ) -> Result<(), Illegal> {
        Ok(())
    }

    /// What centre `p` owned by `owner`, worth `value` halves so far, is
    /// worth to `holder`; `Break` ends the count with that value.
    #[allow(clippy::too_many_arguments)]
    fn centre_value(
        &self,
        r: &Rules,
        v: &Variant,
        pos: &Position,
        p: ProvinceId,
        owner: PowerId,
        holder: PowerId,
        value: u32,
    ) -> ControlFlow<u32, u32> {
        ControlFlow::Continue(value)
    }

    /// What centre `p`, worth `value` to `holder`, supplies `holder` in a
    /// Winter; `Break` ends the count with that value.
    #[allow(clippy::too_many_arguments)]
    fn supply_value(
        &self,
        r: &Rules,
        v: &Variant,
        pos: &Position,
        p: ProvinceId,
        owner: PowerId,
        holder: PowerId,
        value: u32,
    ) -> ControlFlow<u32, u32> {
        ControlFlow::Continue(value)
    }

    /// The power that gets the supply of centre `p` owned by `owner`, if
    /// not the owner.
    fn supply_holder(&self, state: &VariantState, p: ProvinceId, owner: PowerId) -> Option<PowerId> {
        None
    }

    /// Supply beyond the centres, added to `supply` by power in halves.
    fn supply_bonus(&self, v: &Variant, pos: &Position, supply: &mut [u32]) {}

    /// Bonuses to the Winter supply of offices, added to `supply` by power.
    fn add_bonuses(&self, r: &Rules, v: &Variant, pos: &Position, supply: &mut [u32]) {}

    /// Units it keeps free of supply: their upkeep added back to `balance`.
    fn free_upkeep(&self, r: &Rules, v: &Variant, pos: &Position, balance: &mut [i32]) {}

    /// Lines `game show` prints of offices no one state key shows whole.
    fn titles(&self, v: &Variant, pos: &Position, lines: &mut Vec<String>) {}

    /// A power that wins by its own rule after a Winter adjustment.
    fn victor(&self, r: &Rules, v: &Variant, pos: &Position) -> Option<PowerId> {
        None
    }

    /// How many units `power` is short of winning by its own rule (0 when
    /// it would win after a Winter adjustment), where it can win so, with
    /// `units` each power's units (on the board, or after an adjustment).
    fn shortfall(&self, r: &Rules, v: &Variant, pos: &Position, units: &[u32], power: PowerId) -> Option<u32> {
        None
    }

    /// How that win is told, after "X wins".
    fn victor_text(&self, r: &Rules, v: &Variant, pos: &Position) -> Option<String> {
        None
    }

    /// Has it Winter business in the Winter `winter` even where no power
    /// builds or removes?
    fn winter_due(&self, r: &Rules, v: &Variant, pos: &Position, winter: Phase) -> bool {
        false
    }

    /// Does `power` owe an adjustment in this Winter whatever its balance?
    fn must_adjust(&self, v: &Variant, pos: &Position, power: PowerId) -> bool {
        false
    }

    /// Does it carry out anything before a Winter's orders?
    fn adjusts_before_orders(&self) -> bool {
        false
    }

    /// Before any order of a Winter, first: the units of a power out of
    /// the game go, each a result in `done`.
    fn disband_out<'a>(&self, r: &Rules, next: &mut Position, done: &mut Vec<OrderResult<'a>>) {}

    /// Before any order of a Winter, then: what it carries out first,
    /// whatever the orders' order (a power's own order's result goes into
    /// `early` at the order's index, others into `done`; the supply freed
    /// goes back to `balance`).
    #[allow(clippy::too_many_arguments)]
    fn adjust_before_orders<'a>(
        &self,
        v: &Variant,
        orders: &'a [Order],
        next: &mut Position,
        balance: &mut [i32],
        early: &mut [Option<OrderResult<'a>>],
        done: &mut Vec<OrderResult<'a>>,
    ) {
    }

    /// After a Winter's orders and civil disorder.
    fn adjust_after_orders(&self, r: &Rules, v: &Variant, next: &mut Position, results: &mut Vec<OrderResult<'_>>) {}

    /// Does it carry out some adjustment orders before the others?
    fn adjusts_first(&self) -> bool {
        false
    }

    /// An adjustment order it carries out before the others, in writing
    /// order; its reason.
    fn adjust_first(&self, v: &Variant, next: &mut Position, balance: &mut [i32], order: &Order) -> Option<Reason> {
        None
    }

    /// An adjustment order of its own the core does not know.
    fn adjust_order(&self, v: &Variant, next: &mut Position, order: &Order) -> Option<Result<Reason, Illegal>> {
        None
    }

    /// Free builds (needing no supply) `power` still has.
    fn free_builds(&self, state: &VariantState, power: PowerId) -> u32 {
        0
    }

    /// Spends one of `power`'s free builds.
    fn use_free_build(&self, state: &mut VariantState, power: PowerId) {}

    /// After a Winter adjustment.
    fn after_adjustment(&self, r: &Rules, v: &Variant, next: &mut Position, results: &mut Vec<OrderResult<'_>>) {}

    /// Does its `after_adjustment` take units away (dice)? The mechanics'
    /// `after_winter_losses` then follow it.
    fn loses_units_in_winter(&self) -> bool {
        false
    }

    /// After units were taken away after a Winter adjustment, `before` the
    /// position before.
    fn after_winter_losses(
        &self,
        r: &Rules,
        v: &Variant,
        before: &Position,
        next: &mut Position,
        results: &mut Vec<OrderResult<'_>>,
    ) {
    }

    /// Last after a Winter adjustment: the year ends.
    fn year_ends(&self, r: &Rules, v: &Variant, next: &mut Position, results: &mut Vec<OrderResult<'_>>) {}

    /// What appears on the board as the next phase opens.
    fn phase_opens<'a>(&self, r: &Rules, v: &Variant, results: &mut Vec<OrderResult<'a>>, next: &mut Position) {}

    /// May a force hold several units, and an army keep the coast its
    /// force stood on when its fleet was removed?
    fn composite_forces(&self) -> bool {
        false
    }

    /// May a build join a force of its player already there, and may a
    /// power write several builds for one centre?
    fn builds_join(&self) -> bool {
        false
    }

    /// Does the board start empty, for a phase of its own?
    fn starts_empty(&self) -> bool {
        false
    }

    /// Is `pos` a phase it adjudicates in place of the core's?
    fn own_phase(&self, v: &Variant, pos: &Position) -> bool {
        false
    }

    /// Adjudicates a phase `own_phase` claimed.
    fn adjudicate_own_phase<'a>(
        &self,
        v: &Variant,
        pos: &Position,
        orders: &'a [Order],
    ) -> Option<(Vec<OrderResult<'a>>, Position)> {
        None
    }

    /// Checks one power's orders so far in a phase `own_phase` claimed.
    fn check_own_phase(
        &self,
        v: &Variant,
        pos: &Position,
        power: PowerId,
        orders: &[&Order],
        whole: bool,
    ) -> Option<Result<(), Illegal>> {
        None
    }

    /// The state read whole, each key against the others; an error names
    /// the key.
    fn settle_state(&self, v: &Variant, state: &mut VariantState) -> Result<(), StateError> {
        Ok(())
    }

    /// A position read whole, where the state must agree with the owners.
    fn check_position(&self, v: &Variant, pos: &Position) -> Result<(), StateError> {
        Ok(())
    }

    /// The kind civil disorder takes last.
    fn removed_last(&self) -> Option<Kind> {
        None
    }

    /// May a removal order take a unit of `kind`?
    fn may_remove(&self, kind: Kind) -> Result<(), Illegal> {
        Ok(())
    }

    /// Must the next retreat phase be played though no unit was dislodged?
    fn retreat_due(&self, pos: &Position) -> bool {
        false
    }

    /// Is `power` out of the game by its rule, whatever it owns or has?
    fn out_of_game(&self, r: &Rules, state: &VariantState, power: PowerId) -> bool {
        false
    }

    /// Does it judge orders with no unit before the phase?
    fn has_declarations(&self) -> bool {
        false
    }

    /// May `power` declare anything?
    fn may_declare(&self, state: &VariantState, power: PowerId) -> Result<(), Illegal> {
        Ok(())
    }

    /// Carries out a declaration of its own on the position; its reason,
    /// or why it is illegal; None when the declaration is not its own.
    fn declare(&self, r: &Rules, v: &Variant, pos: &mut Position, order: &Order) -> Option<Result<Reason, Illegal>> {
        None
    }

    /// Its place among a phase's declarations (0 first), where it decides.
    fn declaration_rank(&self, action: &Action) -> Option<u8> {
        None
    }

    /// After a phase's declarations.
    fn after_declarations(&self, v: &Variant, pos: &mut Position) {}

    /// Provinces where a player's unit standing there at a Winter to come
    /// may be lost whatever its orders (a question the bots ask: what the
    /// mechanic puts at stake).
    fn winter_risks(&self, r: &Rules, v: &Variant, pos: &Position, risks: &mut Vec<WinterRisk>) {}

    /// `power`'s units whose loss puts it out of the game (a question the
    /// bots ask).
    fn vital_units(&self, r: &Rules, v: &Variant, pos: &Position, power: PowerId, units: &mut Vec<Vital>) {}
}

/// A province where a player's unit standing there at a Winter may be
/// lost whatever its orders (Imperator I4's frontier dice).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WinterRisk {
    pub province: ProvinceId,
    /// The chance of the loss, 0 to 1.
    pub chance: f64,
    /// At the coming Winter (the one of the position's year); else only at
    /// a later one.
    pub coming: bool,
}

/// A unit whose loss puts its power out of the game (Triumvirate T4's T,
/// Imperator I1's AGC, I8's guard).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vital {
    /// Where it stands (or stood, if it waits to retreat).
    pub at: ProvinceId,
    /// Lost when dislodged, whether it retreats or not (I8: the guard
    /// "forced to retreat"); else only when eliminated.
    pub lost_when_dislodged: bool,
}

/// The list: every mechanic, by its type (and its file). A new mechanic is
/// one line here. Generates `AnyMechanic`, the enum over them, `each!`,
/// which calls one hook on the mechanic an `AnyMechanic` holds (a `match`),
/// and `OPTIONS`, the readers of the `[rules]` table.
macro_rules! mechanics {
    ($d:tt $($file:ident :: $name:ident,)*) => {
        $(pub use $file::$name;)*

        /// One of the mechanics a variant plays.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum AnyMechanic {
            $($name($name),)*
        }

        $(
            impl From<$name> for AnyMechanic {
                fn from(m: $name) -> Self {
                    AnyMechanic::$name(m)
                }
            }

            impl<'a> TryFrom<&'a AnyMechanic> for &'a $name {
                type Error = ();
                fn try_from(m: &'a AnyMechanic) -> Result<Self, ()> {
                    match m {
                        AnyMechanic::$name(m) => Ok(m),
                        #[allow(unreachable_patterns)]
                        _ => Err(()),
                    }
                }
            }
        )*

        /// Calls one hook on the mechanic `$m` holds, as `$x`.
        macro_rules! each {
            ($d m:expr, $d x:ident => $d e:expr) => {
                match $d m {
                    $(AnyMechanic::$name($d x) => $d e,)*
                }
            };
        }

        /// How the value of each option is read into its mechanic.
        const OPTIONS: &[(&str, options::Reader)] = &[
            $((
                <$name as Mechanic>::OPTION,
                |value, names| Ok(<$name as Mechanic>::read(value, names)?.map(AnyMechanic::$name)),
            ),)*
        ];
    };
}

mechanics! { $
    multiplicity::Multiplicity,
    placement::Placement,
    garrisons::Garrisons,
    owned_centre_builds::OwnedCentreBuilds,
    optional_homes::OptionalHomes,
    towns::TownsEveryMove,
    colonies::Colonies,
    delphi::Delphi,
    claims::Claims,
    conversion::Conversion,
    liberation::Liberation,
    centre_values::RomanCentres,
    garrison_required::GarrisonRequired,
    destroy::Destroy,
    rebuild::Rebuild,
    loans::Loans,
    fleet_cap::FleetBuildCap,
    double_armies::DoubleArmies,
    passes::ImperialSpaces,
    sieges::Sieges,
    double_centres::DoubleCentres,
    ports::Ports,
    emperor::ImperialSupply,
    da_rebuild::DoubleArmyRebuilds,
    emperor_out::EmperorElimination,
    personal::Personal,
    outlaw::Outlaws,
    offices::Senate,
    triumvir_out::PersonalElimination,
    disorder::Deposed,
    supported_entry::SupportedEntry,
    barbarians::Invaders,
    frontier::Frontier,
    praetorian::PraetorianGuard,
    imperial_title::ImperialTitle,
    sassanid::Sassanid,
    first_year_builds::FirstYearHomeBuilds,
    rivals::Rivals,
    succession::Succession,
}

/// A hook called through the variant's mechanics in hook order, each call a
/// `match` over the types (`each!`), never a virtual call; what the loop
/// makes of the answers is the form's:
/// - `hook!(every self.h(args))`: calls every mechanic's `h`;
/// - `hook!(all self.h(args))`: `Ok(())`, or the first `Err` (a refusal);
/// - `hook!(any self.h(args))`: does any mechanic answer `true`?
/// - `hook!(first self.h(args))`: the first answer that is `Some`;
/// - `hook!(fold self.h(args; value))`: `value` passed on from mechanic to
///   mechanic (`Continue`) until one ends the count (`Break`).
macro_rules! hook {
    (every $r:ident.$h:ident($($a:expr),*)) => {
        for m in &$r.mechanics {
            each!(m, m => m.$h($($a),*));
        }
    };
    (all $r:ident.$h:ident($($a:expr),*)) => {{
        for m in &$r.mechanics {
            each!(m, m => m.$h($($a),*))?;
        }
        Ok(())
    }};
    (any $r:ident.$h:ident($($a:expr),*)) => {
        $r.mechanics.iter().any(|m| each!(m, m => m.$h($($a),*)))
    };
    (first $r:ident.$h:ident($($a:expr),*)) => {
        $r.mechanics.iter().find_map(|m| each!(m, m => m.$h($($a),*)))
    };
    (fold $r:ident.$h:ident($($a:expr),*; $value:ident)) => {
        'fold: {
            let mut value = $value;
            for m in &$r.mechanics {
                match each!(m, m => m.$h($($a,)* value)) {
                    ControlFlow::Continue(more) => value = more,
                    ControlFlow::Break(last) => break 'fold last,
                }
            }
            value
        }
    };
}

fn rank_of<M: Mechanic>(_: &M) -> u8 {
    M::RANK
}

fn option_of<M: Mechanic>(_: &M) -> &'static str {
    M::OPTION
}

impl AnyMechanic {
    /// Its place in the hook order.
    pub fn rank(&self) -> u8 {
        each!(self, m => rank_of(m))
    }

    /// Its key in `[rules]`.
    pub fn option(&self) -> &'static str {
        each!(self, m => option_of(m))
    }

    /// The name `variant check` lists.
    pub fn describe(&self, v: &Variant) -> String {
        each!(self, m => m.describe(v))
    }
}

/// Order notation a mechanic brings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// `MERGE`, `SPLIT`, `S MERGE`.
    MergeSplit,
    /// `CLAIM <power>` after a capturing order.
    Claim,
    /// `X` for DESTROY and `Rb` for REBUILD (Vedder D5, D6).
    DestroyShort,
}

impl Notation {
    /// The notation an order is written in, where a mechanic brings it.
    fn of(action: &Action) -> Option<Notation> {
        matches!(action, Action::Split { .. } | Action::Merge { .. } | Action::SupportMerge { .. })
            .then_some(Notation::MergeSplit)
    }
}

/// What the judge makes of a movement's orders before the core judges them.
pub struct Judging {
    /// For each order: None, judged by the core as written; or its reason,
    /// given here, and whether its unit holds under it rather than having
    /// no order.
    pub verdicts: Vec<Option<(Reason, bool)>>,
    /// The judge's orders for its units.
    pub orders: Vec<Order>,
}

/// The mechanics of a variant, built once at load, in hook order.
#[derive(Clone, Debug, Default)]
pub struct Rules {
    pub mechanics: Vec<AnyMechanic>,
    /// The DATC chapter-4 choices (`[rules] edition`, or `--edition`).
    pub edition: Edition,
}

impl Rules {
    /// The mechanic of type `M`, if the variant plays it.
    pub fn get<'a, M: 'a>(&'a self) -> Option<&'a M>
    where
        &'a M: TryFrom<&'a AnyMechanic>,
    {
        self.mechanics.iter().find_map(|m| m.try_into().ok())
    }

    /// Does the variant play a mechanic of type `M`?
    pub fn plays<'a, M: 'a>(&'a self) -> bool
    where
        &'a M: TryFrom<&'a AnyMechanic>,
    {
        self.get::<M>().is_some()
    }

    /// Each mechanic's problem with the others, once each.
    pub fn requirements(&self) -> Vec<&'static str> {
        let mut problems: Vec<&'static str> = Vec::new();
        for m in &self.mechanics {
            if let Err(problem) = each!(m, m => m.requires(self)) {
                if !problems.contains(&problem) {
                    problems.push(problem);
                }
            }
        }
        problems
    }

    /// The unit kinds the variant has: armies and fleets, and the kinds its
    /// mechanics bring.
    pub fn kinds(&self) -> Vec<Kind> {
        let mut kinds = vec![Kind::ARMY, Kind::FLEET];
        hook!(every self.kinds(self, &mut kinds));
        kinds
    }

    /// The codecs of the state slots the mechanics bring, in hook order,
    /// then the shared ones.
    fn slots(&self) -> Vec<Slot> {
        let mut slots: Vec<Slot> = self.mechanics.iter().map(|m| each!(m, m => m.slots())).collect();
        let own = slots.len();
        for m in &self.mechanics {
            for slot in each!(m, m => m.shared_slots()) {
                if !slots[own..].iter().any(|s| std::ptr::eq(*s, *slot)) {
                    slots.push(slot);
                }
            }
        }
        slots
    }

    /// The codecs of the keys that are part of the position.
    fn position_codecs(&self) -> impl Iterator<Item = &'static PositionCodec> + '_ {
        self.mechanics.iter().filter_map(|m| each!(m, m => m.position_codec()))
    }

    /// Hook `may_enter`: may `force` go into `dest` by `entry`?
    pub fn may_enter(&self, v: &Variant, force: &Force, dest: ProvinceId, entry: Entry) -> Result<(), Illegal> {
        hook!(all self.may_enter(v, force, dest, entry))
    }

    /// Hook `plan_order`, before the core plans an order: may `body` be
    /// given `action` at all?
    #[inline]
    pub fn may_order(
        &self,
        v: &Variant,
        state: &VariantState,
        forces: &[Force],
        body: &Force,
        action: &Action,
    ) -> Result<(), Illegal> {
        if self.mechanics.is_empty() {
            return Ok(());
        }
        self.mechanics_may_order(v, state, forces, body, action)
    }

    #[inline(never)]
    fn mechanics_may_order(
        &self,
        v: &Variant,
        state: &VariantState,
        forces: &[Force],
        body: &Force,
        action: &Action,
    ) -> Result<(), Illegal> {
        hook!(all self.may_order(v, state, forces, body, action))
    }

    /// Hook `plan_order`: may `body` raise the siege of `dest` (`R` in a
    /// movement phase)? Elsewhere a retreat order is of the wrong phase.
    #[inline(never)]
    pub fn may_raise(&self, v: &Variant, forces: &[Force], body: &Force, dest: ProvinceId) -> Result<(), Illegal> {
        hook!(first self.may_raise(v, forces, body, dest)).unwrap_or(Err(Illegal::WrongPhase))
    }

    /// Hook `case_results`: is `R` in a movement phase an attack (a
    /// raise), so that a case file's `PRESTATE_RESULTS` line for it names
    /// who dislodged the unit in its target? Elsewhere such a line says
    /// nothing of the retreats, as in the public case format.
    pub fn raises_sieges(&self) -> bool {
        hook!(any self.raises_sieges())
    }

    /// Hook `after_phase`: state and board changes at the end of every
    /// phase, before centres change hands.
    pub fn after_phase<'a>(
        &self,
        v: &Variant,
        kind: PhaseKind,
        before: &Position,
        results: &mut Vec<OrderResult<'a>>,
        next: &mut Position,
    ) {
        hook!(every self.after_phase(self, v, kind, before, results, next));
    }

    /// Hook `parse`: may the parser read this notation?
    #[inline(never)]
    pub fn reads(&self, notation: Notation) -> bool {
        hook!(any self.reads(notation))
    }

    /// Hook `plan_order`, first half: is this order one of the variant's?
    /// (An order in a mechanic's notation is the mechanic's.)
    #[inline]
    pub fn allows(&self, action: &Action) -> bool {
        match Notation::of(action) {
            None => true,
            Some(notation) => self.reads(notation),
        }
    }

    /// Hook `plan_order`, second half: the plan of an order the core does
    /// not know (a SACK), or why it is illegal.
    #[inline(never)]
    pub fn plan_order(
        &self,
        v: &Variant,
        state: &VariantState,
        body: &Force,
        action: &Action,
    ) -> Result<Plan, Illegal> {
        hook!(first self.plan_order(self, v, state, body, action)).unwrap_or(Err(Illegal::unplanned(action)))
    }

    /// Hook `may_support`: the player no other player may support, if any.
    pub fn shunned(&self, v: &Variant, state: &VariantState) -> Option<u8> {
        hook!(first self.shunned(v, state))
    }

    /// Hook `after_movement`: state changes once a movement is resolved.
    pub fn after_movement(&self, v: &Variant, results: &mut [OrderResult<'_>], next: &mut Position) {
        hook!(every self.after_movement(self, v, results, next));
    }

    /// Ownership hook (`end_of_season`): does a centre worth `value` halves
    /// change hands after a season that changes no other?
    pub fn changes_hands_midyear(&self, value: u8) -> bool {
        hook!(any self.changes_hands_midyear(value))
    }

    /// Does any centre change hands after a season that changes no other?
    pub fn any_midyear_changes(&self) -> bool {
        hook!(any self.any_midyear_changes())
    }

    /// Ownership hook: who owns centre `p` that `mover` stands on, given
    /// its owner `current`, if a mechanic decides (the first that does
    /// wins); None leaves it to the core. A mechanic may also note the
    /// capture.
    pub fn capture(
        &self,
        v: &Variant,
        forces: &[Force],
        state: &mut VariantState,
        p: ProvinceId,
        mover: PowerId,
        current: Option<PowerId>,
    ) -> Option<PowerId> {
        let mut decided = None;
        hook!(every self.capture(self, v, forces, state, p, mover, current, &mut decided));
        decided
    }

    /// Hook `after_retreat`: once centres changed hands at the end of a
    /// season; `all` when every centre could.
    pub fn after_ownership(&self, v: &Variant, next: &mut Position, all: bool) {
        if !all {
            return;
        }
        hook!(every self.after_ownership(self, v, next));
    }

    /// Does the engine draw from the game's seed?
    pub fn draws(&self) -> bool {
        hook!(any self.draws())
    }

    /// Hook `build_sites`: may `power` build in centre `site` it owns?
    pub fn may_build_at(&self, v: &Variant, power: PowerId, site: ProvinceId) -> bool {
        v.power(power).homes.contains(&site) || hook!(any self.may_build_at(v, power, site))
    }

    /// Hook `build_sites`, asked before `may_build_at`: a mechanic's own
    /// answer for a build of `kind` at `site` by `power`, where it decides
    /// (the owner is still the core's check); None leaves it to
    /// `may_build_at`.
    pub fn build_site(
        &self,
        v: &Variant,
        pos: &Position,
        power: PowerId,
        site: ProvinceId,
        kind: Kind,
    ) -> Option<Result<(), Illegal>> {
        for m in &self.mechanics {
            if let Err(why) = each!(m, m => m.may_build_any(self, &pos.state, power)) {
                return Some(Err(why));
            }
        }
        hook!(first self.build_site(self, v, pos, power, site, kind))
    }

    /// May `power` build a `kind` in centre `site` it owns: a mechanic's
    /// answer (`build_site`) where one decides, else a home centre or a
    /// site a mechanic allows (`may_build_at`). The one test of a build's
    /// site: the adjustment asks it, and so does
    /// `victory::units_after_adjustment`.
    pub fn build_site_allows(
        &self,
        v: &Variant,
        pos: &Position,
        power: PowerId,
        site: ProvinceId,
        kind: Kind,
    ) -> Result<(), Illegal> {
        // (A variant without mechanics has no hook to ask: a call a build
        // saved, issue 31.)
        let decided = if self.mechanics.is_empty() { None } else { self.build_site(v, pos, power, site, kind) };
        match decided {
            Some(decided) => decided,
            None if self.may_build_at(v, power, site) => Ok(()),
            None => Err(Illegal::NotHome),
        }
    }

    /// Hook `build_sites`: may `power` build one more unit of `kind`,
    /// given the adjustment's results so far and the position they made?
    pub fn may_build(
        &self,
        v: &Variant,
        next: &Position,
        earlier: &[OrderResult<'_>],
        power: PowerId,
        kind: Kind,
    ) -> Result<(), Illegal> {
        hook!(all self.may_build(v, next, earlier, power, kind))
    }

    /// Hook `supply`: what centre `p` owned by `owner` is worth in `pos`,
    /// in halves, to `holder`, the power it supplies.
    #[inline]
    pub fn centre_value(&self, v: &Variant, pos: &Position, p: ProvinceId, owner: PowerId, holder: PowerId) -> u32 {
        let value = v.province(p).centre as u32;
        if self.mechanics.is_empty() {
            return value;
        }
        self.mechanics_centre_value(v, pos, p, owner, holder, value)
    }

    /// [`Rules::centre_value`] through the mechanics, outlined: standard
    /// Diplomacy (no mechanic) never calls it.
    fn mechanics_centre_value(
        &self,
        v: &Variant,
        pos: &Position,
        p: ProvinceId,
        owner: PowerId,
        holder: PowerId,
        value: u32,
    ) -> u32 {
        hook!(fold self.centre_value(self, v, pos, p, owner, holder; value))
    }

    /// Hook `supply`: what centre `p`, worth `value` to `holder` (its
    /// `centre_value`), supplies `holder` in a Winter, beyond what it counts
    /// for victory.
    #[inline]
    pub fn supply_value(
        &self,
        v: &Variant,
        pos: &Position,
        p: ProvinceId,
        owner: PowerId,
        holder: PowerId,
        value: u32,
    ) -> u32 {
        if self.mechanics.is_empty() {
            return value;
        }
        self.mechanics_supply_value(v, pos, p, owner, holder, value)
    }

    #[inline(never)]
    fn mechanics_supply_value(
        &self,
        v: &Variant,
        pos: &Position,
        p: ProvinceId,
        owner: PowerId,
        holder: PowerId,
        value: u32,
    ) -> u32 {
        hook!(fold self.supply_value(self, v, pos, p, owner, holder; value))
    }

    /// Hook `supply`: the power that gets the supply of centre `p` owned by
    /// `owner`.
    #[inline]
    pub fn supply_holder(&self, state: &VariantState, p: ProvinceId, owner: PowerId) -> PowerId {
        if self.mechanics.is_empty() {
            return owner;
        }
        hook!(first self.supply_holder(state, p, owner)).unwrap_or(owner)
    }

    /// Hook `supply`: supply beyond the centres, added to `supply` by power
    /// in halves.
    #[inline]
    pub fn supply_bonus(&self, v: &Variant, pos: &Position, supply: &mut [u32]) {
        hook!(every self.supply_bonus(v, pos, supply));
    }

    /// Hook `supply`: bonuses of offices to the Winter supply, added to
    /// `supply` by power.
    pub fn add_bonuses(&self, v: &Variant, pos: &Position, supply: &mut [u32]) {
        hook!(every self.add_bonuses(self, v, pos, supply));
    }

    /// Hook `adjust`: units a mechanic keeps free of supply, their upkeep
    /// added back to `balance`.
    #[inline]
    pub fn free_upkeep(&self, v: &Variant, pos: &Position, balance: &mut [i32]) {
        hook!(every self.free_upkeep(self, v, pos, balance));
    }

    /// Lines `game show` prints of the offices no one state key shows
    /// whole.
    pub fn titles(&self, v: &Variant, pos: &Position) -> Vec<String> {
        let mut lines = Vec::new();
        hook!(every self.titles(v, pos, &mut lines));
        lines
    }

    /// Hook `victory`: a power that wins by a mechanic's own rule after a
    /// Winter adjustment.
    pub fn victor(&self, v: &Variant, pos: &Position) -> Option<PowerId> {
        hook!(first self.victor(self, v, pos))
    }

    /// Hook `victory`: how many units `power` is short of winning by a
    /// mechanic's own rule (the Emperor's lead, I2), where it can win so
    /// (a question the bots ask, `victory::shortfalls`).
    pub fn shortfall(&self, v: &Variant, pos: &Position, units: &[u32], power: PowerId) -> Option<u32> {
        hook!(first self.shortfall(self, v, pos, units, power))
    }

    /// How a win by `victor` on `pos` is told, after "X wins".
    pub fn victor_text(&self, v: &Variant, pos: &Position) -> Option<String> {
        hook!(first self.victor_text(self, v, pos))
    }

    /// Has a mechanic Winter business in the Winter `winter` even where no
    /// power builds or removes?
    pub fn winter_due(&self, v: &Variant, pos: &Position, winter: Phase) -> bool {
        hook!(any self.winter_due(self, v, pos, winter))
    }

    /// Hook `adjust`: does `power` owe an adjustment in this Winter
    /// whatever its balance? It then has orders to give.
    pub fn must_adjust(&self, v: &Variant, pos: &Position, power: PowerId) -> bool {
        hook!(any self.must_adjust(v, pos, power))
    }

    /// Hook `adjust`, before any order of a Winter: what mechanics carry out
    /// first, whatever the orders' order: the units of a power out of the
    /// game go, then each mechanic's own. A power's own order's result goes
    /// into `early` at the order's index; results with no order of their
    /// own go into `done`; the supply freed goes back to `balance`.
    pub fn adjust_before_orders<'a>(
        &self,
        v: &Variant,
        orders: &'a [Order],
        next: &mut Position,
        balance: &mut [i32],
        early: &mut [Option<OrderResult<'a>>],
        done: &mut Vec<OrderResult<'a>>,
    ) {
        hook!(every self.disband_out(self, next, done));
        hook!(every self.adjust_before_orders(v, orders, next, balance, early, done));
    }

    /// Does a mechanic carry out anything before a Winter's orders?
    pub fn adjusts_before_orders(&self) -> bool {
        hook!(any self.adjusts_before_orders())
    }

    /// Hook `adjust`, after a Winter's orders and civil disorder: what
    /// mechanics do then, with their results.
    pub fn adjust_after_orders(&self, v: &Variant, next: &mut Position, results: &mut Vec<OrderResult<'_>>) {
        hook!(every self.adjust_after_orders(self, v, next, results));
    }

    /// Hook `adjust`, after a Winter adjustment: each mechanic's business;
    /// after units taken away then, what follows from their loss; last, the
    /// year's end.
    pub fn after_adjustment(&self, v: &Variant, next: &mut Position, results: &mut Vec<OrderResult<'_>>) {
        let before = hook!(any self.loses_units_in_winter()).then(|| next.clone());
        hook!(every self.after_adjustment(self, v, next, results));
        if let Some(before) = before {
            hook!(every self.after_winter_losses(self, v, &before, next, results));
        }
        hook!(every self.year_ends(self, v, next, results));
    }

    /// Hook `phase_opens`: once the next phase is known, what appears on
    /// the board as it opens, with its results.
    #[inline]
    pub fn phase_opens<'a>(&self, v: &Variant, results: &mut Vec<OrderResult<'a>>, next: &mut Position) {
        hook!(every self.phase_opens(self, v, results, next));
    }

    /// May something in this variant sack a centre that no DESTROY may
    /// touch?
    pub fn sacks_any_centre(&self) -> bool {
        hook!(any self.sacks_any_centre())
    }

    /// Does the judge play `power`? It gives no orders, builds nothing,
    /// never wins and is never eliminated.
    #[inline]
    pub fn played_by_judge(&self, power: PowerId) -> bool {
        !self.mechanics.is_empty() && hook!(any self.played_by_judge(power))
    }

    /// Hook `judge_movement`: does the judge order units in a movement
    /// phase?
    #[inline]
    pub fn judges_movement(&self) -> bool {
        !self.mechanics.is_empty() && hook!(any self.judges_movement())
    }

    /// Hook `judge_movement`: judges the orders about the judge's units,
    /// changes the position they start from and gives the judge's orders.
    #[inline(never)]
    pub fn judge_movement(&self, v: &Variant, pos: &mut Position, orders: &[Order]) -> Judging {
        hook!(first self.judge_movement(self, v, pos, orders)).expect("judges_movement said so")
    }

    /// May a force hold several units, and an army keep the coast its
    /// force stood on when its fleet was removed? Elsewhere a force is one
    /// unit, and an army stands on its province.
    pub fn composite_forces(&self) -> bool {
        hook!(any self.composite_forces())
    }

    /// May a build join a force of its player already there? And may a
    /// power write several builds for one centre?
    pub fn builds_join(&self) -> bool {
        hook!(any self.builds_join())
    }

    /// Hook `adjust`: free builds (needing no supply) `power` still has.
    pub fn free_builds(&self, state: &VariantState, power: PowerId) -> u32 {
        self.mechanics.iter().map(|m| each!(m, m => m.free_builds(state, power))).sum()
    }

    /// Spends one of `power`'s free builds.
    pub fn use_free_build(&self, state: &mut VariantState, power: PowerId) {
        hook!(every self.use_free_build(state, power));
    }

    /// Hook `adjust`, before the orders in writing order: an order a
    /// mechanic carries out first. Returns its reason.
    pub fn adjust_first(&self, v: &Variant, next: &mut Position, balance: &mut [i32], order: &Order) -> Option<Reason> {
        hook!(first self.adjust_first(v, next, balance, order))
    }

    /// Does a mechanic carry out some adjustment orders before the others
    /// (`adjust_first`)?
    pub fn adjusts_first(&self) -> bool {
        hook!(any self.adjusts_first())
    }

    /// Hook `adjust`: an adjustment order the core does not know.
    #[inline(never)]
    pub fn adjust_order(&self, v: &Variant, next: &mut Position, order: &Order) -> Result<Reason, Illegal> {
        hook!(first self.adjust_order(v, next, order)).unwrap_or(Err(Illegal::unadjusted(&order.action)))
    }

    /// Does the board start empty, for a placement phase?
    pub fn starts_empty(&self) -> bool {
        hook!(any self.starts_empty())
    }

    /// Is `pos` a phase a mechanic adjudicates in place of the core's?
    pub fn own_phase(&self, v: &Variant, pos: &Position) -> bool {
        hook!(any self.own_phase(v, pos))
    }

    /// Adjudicates a phase `own_phase` claimed.
    #[inline(never)]
    pub fn adjudicate_own_phase<'a>(
        &self,
        v: &Variant,
        pos: &Position,
        orders: &'a [Order],
    ) -> (Vec<OrderResult<'a>>, Position) {
        hook!(first self.adjudicate_own_phase(v, pos, orders)).expect("own_phase said so")
    }

    /// Checks one power's orders so far in a phase `own_phase` claimed
    /// (each line as a power submits it); with `whole`, they are the power's
    /// whole submission and must be complete.
    #[inline(never)]
    pub fn check_own_phase(
        &self,
        v: &Variant,
        pos: &Position,
        power: PowerId,
        orders: &[&Order],
        whole: bool,
    ) -> Result<(), Illegal> {
        hook!(first self.check_own_phase(v, pos, power, orders, whole)).expect("own_phase said so")
    }

    /// The state read whole, each key against the others; an error names
    /// the key.
    pub fn settle_state(&self, v: &Variant, state: &mut VariantState) -> Result<(), StateError> {
        hook!(all self.settle_state(v, state))
    }

    /// A position read whole (units, owners and state), where the state
    /// must agree with the owners.
    pub fn check_position(&self, v: &Variant, pos: &Position) -> Result<(), StateError> {
        hook!(all self.check_position(v, pos))
    }

    /// Hook `reach`: may `force` support into `dest`, which it borders not?
    /// Asked only where the core's answer is no.
    pub fn reaches_far(&self, v: &Variant, force: &Force, dest: ProvinceId) -> bool {
        hook!(any self.reaches_far(v, force, dest))
    }

    /// Does a province resist an attack by itself? The resolver then asks
    /// `resistance`.
    pub fn native_resistance(&self) -> bool {
        hook!(any self.native_resistance())
    }

    /// Is `p` a space no unit may ever enter, though its terrain is not
    /// impassable? For pictures.
    pub fn never_entered(&self, v: &Variant, p: ProvinceId) -> bool {
        hook!(any self.never_entered(v, p))
    }

    /// The strength with which empty province `p` resists an attack.
    pub fn resistance(&self, v: &Variant, p: ProvinceId) -> u32 {
        hook!(first self.resistance(v, p)).unwrap_or(0)
    }

    /// Hook `adjust`: the kind civil disorder takes last, when no army,
    /// fleet or garrison of the power is left.
    pub fn removed_last(&self) -> Option<Kind> {
        hook!(first self.removed_last())
    }

    /// Hook `adjust`: may a removal order take a unit of `kind`?
    pub fn may_remove(&self, kind: Kind) -> Result<(), Illegal> {
        hook!(all self.may_remove(kind))
    }

    /// Hook `retreat_due`: must the next retreat phase be played though no
    /// unit was dislodged?
    pub fn retreat_due(&self, pos: &Position) -> bool {
        hook!(any self.retreat_due(pos))
    }

    /// Is `power` out of the game by a mechanic's rule, whatever it still
    /// owns or has, or eliminated? `game::survivors` and `winners` leave it
    /// out; it has no adjustment to make.
    pub fn eliminated(&self, state: &VariantState, power: PowerId) -> bool {
        state.eliminated.contains(&power) || hook!(any self.out_of_game(self, state, power))
    }

    /// Hook `declarations`: does the variant judge orders with no unit
    /// before the phase?
    pub fn has_declarations(&self) -> bool {
        hook!(any self.has_declarations())
    }

    /// Is this an order with no unit that a mechanic judges? Such orders
    /// are judged by `declare`, in any phase, whether the variant plays the
    /// mechanic or not.
    pub fn is_declaration(&self, action: &Action) -> bool {
        action.is_declaration()
    }

    /// The order in which declarations are carried out (0 first; the rest
    /// in writing order).
    pub fn declaration_rank(&self, action: &Action) -> u8 {
        hook!(first self.declaration_rank(action)).unwrap_or(0)
    }

    /// After a phase's declarations.
    pub fn after_declarations(&self, v: &Variant, pos: &mut Position) {
        hook!(every self.after_declarations(v, pos));
    }

    /// Where a player's unit standing there at a Winter to come may be lost
    /// whatever its orders, with the chance (nothing in most variants).
    pub fn winter_risks(&self, v: &Variant, pos: &Position) -> Vec<WinterRisk> {
        let mut risks = Vec::new();
        hook!(every self.winter_risks(self, v, pos, &mut risks));
        risks
    }

    /// `power`'s units whose loss puts it out of the game (none in most
    /// variants).
    pub fn vital_units(&self, v: &Variant, pos: &Position, power: PowerId) -> Vec<Vital> {
        let mut units = Vec::new();
        hook!(every self.vital_units(self, v, pos, power, &mut units));
        units
    }

    /// Hook `declarations`: carries out a declaration on the position before
    /// the phase is adjudicated; its reason, or why it is illegal.
    #[inline(never)]
    pub fn declare(&self, v: &Variant, pos: &mut Position, order: &Order) -> Result<Reason, Illegal> {
        if let Some(power) = order.power {
            for m in &self.mechanics {
                each!(m, m => m.may_declare(&pos.state, power))?;
            }
        }
        for m in &self.mechanics {
            if let Some(done) = each!(m, m => m.declare(self, v, pos, order)) {
                return done;
            }
        }
        Err(Illegal::undeclared(&order.action, order.power.is_some()))
    }
}
