//! Rule modules: one file per mechanic, switched on by the variant's
//! `[rules]` table and called by the engine at fixed hooks. The adjudicator,
//! the game loop and the order parser call the hooks below and name no
//! mechanic; docs/architecture.md has the hook table and a walk-through.
//!
//! Dispatch is a `match` over a short list (empty for standard Diplomacy),
//! never a virtual call.

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
mod double_centres;
mod draw;
mod edition;
mod emperor;
mod emperor_out;
mod fleet_cap;
mod frontier;
mod garrisons;
mod imperial_title;
mod liberation;
mod loans;
mod multiplicity;
mod offices;
mod options;
mod outlaw;
mod passes;
mod passes_must_move;
pub mod personal;
pub mod placement;
mod ports;
mod praetorian;
mod rebuild;
mod rivals;
mod sassanid;
mod senate_end;
mod siege_phase;
mod sieges;
mod state_text;
mod succession;
mod supported_entry;
mod towns;
mod triumvir_out;
mod victory;
mod walls;

pub use draw::SplitMix64;
pub use edition::{Choice, CivilDisorder, DisorderTies, Edition};
pub use options::from_table;
pub use state_text::{read_position_state, read_state, shown_position_state, shown_state, state_key, write_position_state, write_state};
pub use victory::{own_supplies, self_supporting_units, supplies, supplies_into, supply, supply_parts, victory_centres, winners, SupplyParts};

use crate::adjudicate::Plan;
use crate::order::{Action, Order};
pub use crate::outcome::Entry;
use crate::outcome::{Illegal, OrderResult, Reason};
use crate::state::{Force, Position, VariantState};
use crate::variant::{Kind, Phase, PhaseKind, PowerId, ProvinceId, Variant};

/// A mechanic a variant plays, with what it needs to know of the map.
/// Declared in the order the hooks call them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mechanic {
    /// Multiplicity II: forces of several components, MERGE and SPLIT; a
    /// build may join the power's force in its centre (M12).
    Multiplicity,
    /// The first phase places the starting units (M13, H15).
    Placement(placement::Placement),
    /// Garrisons (H11-H14): the G row of the kind table, disbanded at will
    /// in Winter (H14).
    Garrisons,
    /// Builds in any owned City or Town, not only home centres (H7).
    OwnedCentreBuilds,
    /// Builds also in the power's optional homes, the centres the map flags
    /// `optional_home:<power>` for the variant's game (Vedder D4).
    OptionalHomes,
    /// Towns change hands after every movement season (H6).
    TownsEveryMove,
    /// Towns dealt at random to the Majors after the first Autumn (H9).
    Colonies(Vec<ProvinceId>),
    /// The shrine that can be sacked (H18-H20).
    Delphi(ProvinceId),
    /// `CLAIM <power>` on a capturing order (H3).
    Claims,
    /// `CONVERT A xxx F` in Winter (H17).
    Conversion,
    /// A Minor's home City retaken by its player returns to it (H10).
    Liberation,
    /// Centres worth more to these powers, the Romans (the map's
    /// `roman_centre`; Vedder D3: Rome 3 to Rome).
    RomanCentres(Vec<PowerId>),
    /// Centres the map flags `garrison_required` count only while their
    /// owner's unit stands in them (D3).
    GarrisonRequired,
    /// `A xxx DESTROY` (D5).
    Destroy,
    /// `A xxx REBUILD` in two movement phases in a row (D6).
    Rebuild,
    /// `LOAN xxx TO <power>`, `END LOAN xxx` (D7).
    Loans,
    /// At most this many fleets built per power in one Winter (D4).
    FleetBuildCap(u8),
    /// The Emperor's double armies: the DA row of the kind table (City
    /// State C12).
    DoubleArmies,
    /// Only this power's units enter the map's `imperial` spaces (City
    /// State C10: the Emperor, Germany and the Passes).
    ImperialSpaces(PowerId),
    /// Centres have a place behind their walls, entered only by a retreat
    /// (City State C5, `walls.rs`); the sieges there (C6-C9, `sieges.rs`,
    /// `siege_phase.rs`).
    Sieges,
    /// The map's `double_home` centres supply 2 to their home power in a
    /// Winter with an open sea chain to the southern edge (City State C2).
    DoubleCentres,
    /// Fleets built only at the map's ports, by their owner; a power with
    /// fleets and no port disbands one first in a Winter (City State C3).
    Ports,
    /// The Emperor's supply and builds: half of each centre, any owned
    /// centre, never Germany (City State C13).
    ImperialSupply,
    /// A destroyed DA rebuilt in Germany, one a Winter, never more than
    /// this many (City State C14).
    DoubleArmyRebuilds(u8),
    /// The Emperor is out with no DA on the board from Spring of this year
    /// (City State C15).
    EmperorElimination(i32),
    /// Each player whose start list holds a unit of this kind has one
    /// personal unit (Triumvirate T2; `DESIGNATE`).
    PersonalUnits(personal::Personal),
    /// Outlaws' penalties: fixed units, builds limited (T6).
    Outlaws,
    /// The Senate, this power: the Dictator and the Sole Consul, decrees of
    /// outlawry, its bonus and its end (T3, T5, T7), Rome less 1 per
    /// Outlaw (T1).
    Senate(PowerId),
    /// A player with a personal unit is out when it is eliminated; who
    /// takes his holdings (T4).
    PersonalElimination,
    /// This power's holdings go into civil disorder when it loses this
    /// centre (T8: Egypt and Alexandria).
    Deposed(PowerId, ProvinceId),
    /// The map's `parthian` provinces are entered only by a supported
    /// attack (T9).
    SupportedEntry,
    /// Imperator I5: B units of these two powers, which the judge plays
    /// (the B row of the kind table).
    Barbarians(barbarians::Invaders),
    /// Imperator I4: the frontier provinces, from this year (236): free
    /// garrisons before it, dice after its Winters, invasions after it.
    Frontier(i32),
    /// Imperator I6: the PG row of the kind table; its attack destroys a B
    /// unit.
    PraetorianGuard,
    /// Imperator I2, I3: the Emperor's title (this power, unless the state
    /// names another): +4 with Rome, victory 5 units ahead.
    ImperialTitle(PowerId),
    /// Imperator I9: the map's Sassanid spaces are never entered.
    Sassanid,
    /// Imperator I3: in the first year, builds only in home centres.
    FirstYearHomeBuilds,
    /// Imperator I7: `RIVAL <power>`, the Outlaw penalties, the PG(R).
    Rivals,
    /// Imperator I8: the Emperor falls with his PG; who succeeds him.
    Succession,
}

impl Mechanic {
    fn rank(&self) -> u8 {
        match self {
            Mechanic::Multiplicity => 0,
            Mechanic::Placement(_) => 1,
            Mechanic::Garrisons => 2,
            Mechanic::OwnedCentreBuilds => 3,
            Mechanic::OptionalHomes => 3,
            Mechanic::TownsEveryMove => 4,
            Mechanic::Colonies(_) => 5,
            Mechanic::Delphi(_) => 6,
            Mechanic::Claims => 7,
            Mechanic::Conversion => 8,
            Mechanic::Liberation => 9,
            Mechanic::RomanCentres(_) => 10,
            Mechanic::GarrisonRequired => 11,
            Mechanic::Destroy => 12,
            Mechanic::Rebuild => 13,
            Mechanic::Loans => 14,
            Mechanic::FleetBuildCap(_) => 15,
            Mechanic::DoubleArmies => 16,
            Mechanic::ImperialSpaces(_) => 17,
            Mechanic::Sieges => 18,
            Mechanic::DoubleCentres => 19,
            Mechanic::Ports => 20,
            Mechanic::ImperialSupply => 21,
            Mechanic::DoubleArmyRebuilds(_) => 22,
            Mechanic::EmperorElimination(_) => 23,
            Mechanic::PersonalUnits(_) => 24,
            Mechanic::Outlaws => 25,
            Mechanic::Senate(_) => 26,
            Mechanic::PersonalElimination => 27,
            Mechanic::Deposed(..) => 28,
            Mechanic::SupportedEntry => 29,
            Mechanic::Barbarians(_) => 30,
            Mechanic::Frontier(_) => 31,
            Mechanic::PraetorianGuard => 32,
            Mechanic::ImperialTitle(_) => 33,
            Mechanic::Sassanid => 34,
            Mechanic::FirstYearHomeBuilds => 35,
            Mechanic::Rivals => 36,
            // After the Outlaws (25) and the players out (27): a new
            // Emperor's AGC becomes a PG only once T4's check has run.
            Mechanic::Succession => 37,
        }
    }

    /// The name `variant check` lists.
    pub fn describe(&self, v: &Variant) -> String {
        match self {
            Mechanic::Multiplicity => "multiplicity".into(),
            Mechanic::Placement(p) => format!("placement ({p:?})").to_lowercase(),
            Mechanic::Garrisons => "garrisons".into(),
            Mechanic::OwnedCentreBuilds => "builds in owned centres".into(),
            Mechanic::OptionalHomes => "builds in optional homes".into(),
            Mechanic::TownsEveryMove => "towns change hands every move".into(),
            Mechanic::Liberation => "liberation".into(),
            Mechanic::Claims => "claims".into(),
            Mechanic::Colonies(c) => format!("{} colonies", c.len()),
            Mechanic::Delphi(p) => format!("delphi ({})", v.province(*p).abbr),
            Mechanic::Conversion => "conversion".into(),
            Mechanic::RomanCentres(powers) => {
                format!("centres worth more to {}", powers.iter().map(|&p| v.power(p).name.as_str()).collect::<Vec<_>>().join(", "))
            }
            Mechanic::GarrisonRequired => "garrison-required centres".into(),
            Mechanic::Destroy => "destroying centres".into(),
            Mechanic::Rebuild => "rebuilding centres".into(),
            Mechanic::Loans => "loans".into(),
            Mechanic::FleetBuildCap(n) => format!("at most {n} fleets built per Winter"),
            Mechanic::DoubleArmies => "double armies".into(),
            Mechanic::ImperialSpaces(p) => format!("imperial spaces ({})", v.power(*p).name),
            Mechanic::Sieges => "sieges".into(),
            Mechanic::DoubleCentres => "double centres".into(),
            Mechanic::Ports => "fleets built at ports".into(),
            Mechanic::ImperialSupply => "imperial supply".into(),
            Mechanic::DoubleArmyRebuilds(n) => format!("double armies rebuilt (at most {n})"),
            Mechanic::EmperorElimination(year) => format!("the Emperor eliminated from {year}"),
            Mechanic::PersonalUnits(p) => format!("personal units ({})", p.kind.letter()),
            Mechanic::Outlaws => "outlaws".into(),
            Mechanic::Senate(p) => format!("the Senate ({})", v.power(*p).name),
            Mechanic::PersonalElimination => "out with the personal unit".into(),
            Mechanic::Deposed(p, c) => format!("{} deposed without {}", v.power(*p).name, v.province(*c).name),
            Mechanic::SupportedEntry => "parthian provinces entered only by a supported attack".into(),
            Mechanic::Barbarians(i) => format!("barbarians moved by the judge ({}, {})", v.power(i.barbarians).name, v.power(i.persians).name),
            Mechanic::Frontier(year) => format!("frontier provinces (dice from Winter {year})"),
            Mechanic::PraetorianGuard => "praetorian guard".into(),
            Mechanic::ImperialTitle(p) => format!("the Emperor's title ({})", v.power(*p).name),
            Mechanic::Sassanid => "sassanid spaces never entered".into(),
            Mechanic::FirstYearHomeBuilds => "first-year builds in home centres".into(),
            Mechanic::Rivals => "rivals to the throne".into(),
            Mechanic::Succession => "the emperor's fall and succession".into(),
        }
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

/// The mechanics of a variant, built once at load.
#[derive(Clone, Debug, Default)]
pub struct Rules {
    pub mechanics: Vec<Mechanic>,
    /// The DATC chapter-4 choices (`[rules] edition`, or `--edition`).
    pub edition: Edition,
}

impl Rules {
    fn has(&self, m: &Mechanic) -> bool {
        self.mechanics.contains(m)
    }

    /// The unit kinds the variant has: armies and fleets, and the kinds its
    /// mechanics bring (H11: garrisons).
    pub fn kinds(&self) -> Vec<Kind> {
        let mut kinds = vec![Kind::ARMY, Kind::FLEET];
        if self.has(&Mechanic::Garrisons) {
            kinds.push(Kind::GARRISON);
        }
        if self.has(&Mechanic::DoubleArmies) {
            kinds.push(Kind::DOUBLE_ARMY);
        }
        if let Some(p) = self.personal() {
            kinds.push(p.kind);
        }
        if self.has(&Mechanic::PraetorianGuard) {
            kinds.push(Kind::PRAETORIAN_GUARD);
        }
        if self.invaders().is_some() {
            kinds.push(Kind::BARBARIAN);
        }
        kinds
    }

    /// Hook `may_enter`: may `force` go into `dest` by `entry`? (Where the
    /// hooks are called: docs/architecture.md, section 2.)
    pub fn may_enter(&self, v: &Variant, force: &Force, dest: ProvinceId, entry: Entry) -> Result<(), Illegal> {
        for m in &self.mechanics {
            match m {
                Mechanic::ImperialSpaces(emperor) => passes::may_enter(v, *emperor, force, dest)?,
                Mechanic::Sieges => walls::may_enter(v, force, dest, entry)?,
                Mechanic::Barbarians(inv) => barbarians::may_enter(v, *inv, force, dest)?,
                Mechanic::Sassanid => sassanid::may_enter(v, dest)?,
                Mechanic::SupportedEntry => supported_entry::may_enter(v, dest, entry)?,
                _ => {}
            }
        }
        Ok(())
    }

    /// Hook `plan_order`, before the core plans an order: may `body` be
    /// given `action` at all (City State C6: a unit behind the walls only stands or attacks its
    /// province, and no order supports it; C11: a unit in a Pass may only
    /// move)?
    #[inline]
    pub fn may_order(&self, v: &Variant, state: &VariantState, forces: &[Force], body: &Force, action: &Action) -> Result<(), Illegal> {
        if self.mechanics.is_empty() {
            return Ok(());
        }
        self.mechanics_may_order(v, state, forces, body, action)
    }

    #[inline(never)]
    fn mechanics_may_order(&self, v: &Variant, state: &VariantState, forces: &[Force], body: &Force, action: &Action) -> Result<(), Illegal> {
        for m in &self.mechanics {
            match m {
                Mechanic::ImperialSpaces(_) => passes_must_move::may_order(v, body, action)?,
                Mechanic::Sieges => sieges::may_order(v, body, action)?,
                Mechanic::Outlaws => outlaw::may_order(v, state, forces, body, action)?,
                Mechanic::Senate(_) | Mechanic::Deposed(..) => disorder::check(state, body.power)?,
                Mechanic::Succession => succession::may_order(state, body.power)?,
                _ => {}
            }
        }
        Ok(())
    }

    /// Hook `plan_order`: may `body` raise the siege of `dest` (`R` in a
    /// movement phase, City State C8)? Elsewhere a retreat order is of the
    /// wrong phase.
    pub fn may_raise(&self, v: &Variant, forces: &[Force], body: &Force, dest: ProvinceId) -> Result<(), Illegal> {
        if !self.has(&Mechanic::Sieges) {
            return Err(Illegal::WrongPhase);
        }
        sieges::may_raise(v, forces, body, dest)
    }

    /// Hook `case_results`: is `R` in a movement phase an attack (a raise,
    /// City State C8), so that a case file's `PRESTATE_RESULTS` line for it
    /// names who dislodged the unit in its target? Elsewhere such a line
    /// says nothing of the retreats, as in the public case format.
    pub fn raises_sieges(&self) -> bool {
        self.has(&Mechanic::Sieges)
    }

    /// Hook `after_phase`: state and board changes at the end of every
    /// phase, before centres change hands (City State C7-C9: a unit behind
    /// the walls reoccupies its empty province; after a movement, two
    /// phases behind the walls disband it; C15, last: from Spring 1302 the
    /// Emperor is out with no DA on the board).
    pub fn after_phase<'a>(&self, v: &Variant, kind: PhaseKind, before: &Position, results: &mut Vec<OrderResult<'a>>, next: &mut Position) {
        for m in &self.mechanics {
            match m {
                Mechanic::Sieges => siege_phase::after_phase(v, kind, results, next),
                // C15, on the board the phase leaves (`next.phase` is still
                // the phase judged): the Emperor is out with no DA on it.
                Mechanic::EmperorElimination(from) => {
                    if let Some(e) = self.emperor() {
                        emperor_out::after_phase(v, next.phase, next, e, *from);
                    }
                }
                // T6: an Outlaw who takes Rome is one no longer; a fixed
                // mark goes with its unit.
                Mechanic::Outlaws => outlaw::after_phase(v, kind, before, results, next),
                // T2: a T that retreats into a destroyed centre rebuilds it.
                Mechanic::PersonalUnits(p) if kind == PhaseKind::Retreat => personal::after_movement(v, p, results, next),
                // T7: the Senate's third; T3: a Triumvir in Rome is
                // Dictator if there is none (and the Senate's end follows).
                Mechanic::Senate(senate) if kind != PhaseKind::Adjustment => {
                    if kind == PhaseKind::Retreat {
                        senate_end::disband_third(v, *senate, results, next);
                    }
                    if let Some(p) = self.personal() {
                        offices::after_phase(v, *senate, p.kind, next, results);
                    }
                }
                // T4: a player whose personal unit is gone is out.
                Mechanic::PersonalElimination => {
                    if let Some(p) = self.personal() {
                        triumvir_out::after_phase(v, p.kind, self.heirs(), before, next, results);
                    }
                }
                // I8, last: the Emperor falls with his guard; a vacant
                // title goes with Rome. (In a Winter, after the dice.)
                Mechanic::Succession if kind != PhaseKind::Adjustment => {
                    if let Some(e) = self.title() {
                        succession::after_phase(v, e, self.romans(), before, results, next);
                    }
                }
                _ => {}
            }
        }
    }

    /// Hook `parse`: may the parser read this notation?
    pub fn reads(&self, notation: Notation) -> bool {
        match notation {
            Notation::MergeSplit => self.has(&Mechanic::Multiplicity),
            Notation::Claim => self.has(&Mechanic::Claims),
            Notation::DestroyShort => self.has(&Mechanic::Destroy),
        }
    }

    /// Hook `plan_order`, first half: is this order one of the variant's?
    /// (MERGE and SPLIT belong to Multiplicity.)
    #[inline]
    pub fn allows(&self, action: &Action) -> bool {
        !multiplicity::brings(action) || self.has(&Mechanic::Multiplicity)
    }

    /// Hook `plan_order`, second half: the plan of an order the core does
    /// not know (a SACK), or why it is illegal.
    pub fn plan_order(&self, v: &Variant, state: &VariantState, body: &Force, action: &Action) -> Result<Plan, Illegal> {
        let delphi = self.mechanics.iter().find_map(|m| if let Mechanic::Delphi(p) = m { Some(*p) } else { None });
        match (action, delphi) {
            (Action::Sack, Some(delphi)) => delphi::plan_sack(v, state, delphi, body),
            (Action::Sack, None) => Err(Illegal::NotDelphi),
            (Action::Destroy, _) if self.has(&Mechanic::Destroy) => destroy::plan(v, state, body),
            (Action::Rebuild, _) if self.has(&Mechanic::Rebuild) => rebuild::plan(v, state, body),
            (Action::Destroy | Action::Rebuild, _) => Err(Illegal::NoDestruction),
            _ => Err(Illegal::WrongPhase),
        }
    }

    /// Hook `may_support`: the player no other player may support, if any.
    pub fn shunned(&self, v: &Variant, state: &VariantState) -> Option<u8> {
        self.mechanics.iter().find_map(|m| match m {
            Mechanic::Delphi(_) => delphi::shunned(v, state),
            _ => None,
        })
    }

    /// Hook `after_movement`: state changes once a movement is resolved.
    pub fn after_movement(&self, v: &Variant, results: &mut [OrderResult<'_>], next: &mut Position) {
        for m in &self.mechanics {
            match m {
                Mechanic::Claims => claims::note(v, results, next),
                Mechanic::Delphi(_) => delphi::after_movement(v, results, next),
                Mechanic::Destroy => destroy::after_movement(v, results, next),
                Mechanic::Rebuild => rebuild::after_movement(v, results, next),
                Mechanic::ImperialSpaces(_) => passes_must_move::after_movement(v, results, next),
                Mechanic::Barbarians(inv) => barbarians::sack(v, *inv, results, next),
                Mechanic::PersonalUnits(p) => personal::after_movement(v, p, results, next),
                Mechanic::PraetorianGuard => personal::rebuild_in_passing(v, results, next, praetorian::is_guard),
                Mechanic::PersonalElimination => {
                    if let Some(p) = self.personal() {
                        triumvir_out::after_movement(v, p.kind, self.heirs(), results, next);
                    }
                }
                _ => {}
            }
        }
    }

    /// Ownership hook (`end_of_season`): does a centre worth `value` halves
    /// change hands after a season that changes no other?
    pub fn changes_hands_midyear(&self, value: u8) -> bool {
        self.has(&Mechanic::TownsEveryMove) && towns::changes_hands_midyear(value)
    }

    /// Does any centre change hands after a season that changes no other?
    pub fn any_midyear_changes(&self) -> bool {
        self.has(&Mechanic::TownsEveryMove)
    }

    /// Ownership hook: who owns centre `p` that `mover` stands on, given
    /// its owner `current`, if a mechanic decides (the first that does
    /// wins: a claim before a liberation); None leaves it to the core. A
    /// mechanic may also note the capture (D7: it ends the centre's loan).
    pub fn capture(&self, v: &Variant, forces: &[Force], state: &mut VariantState, p: ProvinceId, mover: PowerId, current: Option<PowerId>) -> Option<PowerId> {
        let mut decided = None;
        for m in &self.mechanics {
            match m {
                Mechanic::Sieges if decided.is_none() => decided = sieges::capture(v, forces, p),
                Mechanic::Claims if decided.is_none() => decided = claims::capture(v, state, p, mover),
                Mechanic::Liberation if decided.is_none() => decided = liberation::capture(v, p, mover, current),
                Mechanic::Senate(senate) if decided.is_none() => decided = senate_end::capture(state, *senate, mover, current),
                Mechanic::Loans => loans::capture(state, p, mover, current),
                _ => {}
            }
        }
        decided
    }

    /// Hook `after_retreat`: once centres changed hands at the end of a
    /// season; `all` when every centre could.
    pub fn after_ownership(&self, v: &Variant, next: &mut Position, all: bool) {
        if !all {
            return;
        }
        for m in &self.mechanics {
            match m {
                Mechanic::Deposed(power, capital) => disorder::deposed(next, *power, *capital),
                // T7: Rome owned by a power not Roman ends the Senate.
                Mechanic::Senate(senate) => senate_end::after_ownership(v, *senate, self.romans(), next),
                Mechanic::Claims => next.state.claims.clear(),
                Mechanic::Colonies(list) => colonies::deal(v, list, next),
                _ => {}
            }
        }
    }

    /// Does the engine draw from the game's seed?
    pub fn draws(&self) -> bool {
        self.mechanics.iter().any(|m| matches!(m, Mechanic::Colonies(_) | Mechanic::Senate(_) | Mechanic::Frontier(_)))
    }

    /// The colonies, if the variant deals any.
    pub fn colonies(&self) -> &[ProvinceId] {
        self.mechanics.iter().find_map(|m| if let Mechanic::Colonies(c) = m { Some(&c[..]) } else { None }).unwrap_or(&[])
    }

    /// Hook `build_sites`: may `power` build in centre `site` it owns?
    pub fn may_build_at(&self, v: &Variant, power: PowerId, site: ProvinceId) -> bool {
        // H7: any centre it owns (the core checks the owner; only centres
        // are owned). D4: the map's optional homes of the power.
        self.has(&Mechanic::OwnedCentreBuilds)
            || v.power(power).homes.contains(&site)
            || (self.has(&Mechanic::OptionalHomes) && v.power(power).optional_homes.contains(&site))
    }

    /// Hook `build_sites`, asked before `may_build_at`: a mechanic's own
    /// answer for a build of `kind` at `site` by `power`, where it decides
    /// (the owner is still the core's check); None leaves it to
    /// `may_build_at`. City State: an eliminated Emperor builds nothing
    /// (C15); a fleet only at a port, by whoever owns it (C3); the Emperor
    /// in any centre, never Germany (C13).
    pub fn build_site(&self, v: &Variant, pos: &Position, power: PowerId, site: ProvinceId, kind: Kind) -> Option<Result<(), Illegal>> {
        if self.is_out(&pos.state, power) {
            return Some(Err(Illegal::EmperorEliminated));
        }
        if self.mechanics.iter().any(|m| matches!(m, Mechanic::Senate(_) | Mechanic::Deposed(..))) {
            if let Err(why) = disorder::check(&pos.state, power) {
                return Some(Err(why));
            }
        }
        self.mechanics.iter().find_map(|m| match m {
            Mechanic::Ports => ports::fleet_site(v, site, kind),
            Mechanic::ImperialSupply => emperor::build_site(v, self.emperor()?, power, site),
            // I3: "in the first game year builds are allowed in the
            // starting provinces" only.
            Mechanic::FirstYearHomeBuilds if pos.phase.year == v.calendar.first.year && !v.power(power).homes.contains(&site) => {
                Some(Err(Illegal::FirstYearHomesOnly))
            }
            _ => None,
        })
    }

    /// Hook `build_sites`: may `power` build one more unit of `kind`,
    /// given the adjustment's results so far and the position they made
    /// (D4: at most 2 fleets; T6: an Outlaw at most 2 units, 1 fleet)?
    pub fn may_build(&self, v: &Variant, next: &Position, earlier: &[OrderResult<'_>], power: PowerId, kind: Kind) -> Result<(), Illegal> {
        for m in &self.mechanics {
            match m {
                Mechanic::FleetBuildCap(n) if kind == Kind::FLEET => fleet_cap::check(*n as u32, fleet_cap::built(v, next, earlier, power))?,
                Mechanic::Outlaws => outlaw::may_build(&next.state, earlier, power, kind)?,
                _ => {}
            }
        }
        Ok(())
    }

    /// Hook `supply`: what centre `p` owned by `owner` is worth in `pos`,
    /// in halves, to `holder`, the power it supplies (the owner, or the
    /// borrower of a loan, D7). D3: Rome is worth 3 to a Roman holder (seed
    /// rule 3: "for the ROMAN player only"), whoever owns it; a
    /// garrison-required centre needs its owner's unit in it, lent or not.
    /// D5: destroyed centres are worth nothing.
    pub fn centre_value(&self, v: &Variant, pos: &Position, p: ProvinceId, owner: PowerId, holder: PowerId) -> u32 {
        let mut value = v.province(p).centre as u32;
        for m in &self.mechanics {
            match m {
                Mechanic::RomanCentres(romans) => value = centre_values::roman_value(v, romans, p, holder).unwrap_or(value),
                Mechanic::GarrisonRequired if centre_values::ungarrisoned(v, pos, p, owner) => return 0,
                Mechanic::Destroy if destroy::is_destroyed(&pos.state, p) => return 0,
                Mechanic::Outlaws => value = offices::rome_value(v, self.romans(), &pos.state, p, holder, value),
                _ => {}
            }
        }
        value
    }

    /// Hook `supply`: what centre `p`, worth `value` to `holder` (its
    /// `centre_value`), supplies `holder` in a Winter, beyond what it counts
    /// for victory. City State: Venezia and Genova are worth twice that to
    /// their home power with an open sea chain (C2); the Emperor's centres
    /// half (C13), nothing once he is out (C15).
    #[inline]
    pub fn supply_value(&self, v: &Variant, pos: &Position, p: ProvinceId, owner: PowerId, holder: PowerId, value: u32) -> u32 {
        if self.mechanics.is_empty() {
            return value;
        }
        self.mechanics_supply_value(v, pos, p, owner, holder, value)
    }

    #[inline(never)]
    fn mechanics_supply_value(&self, v: &Variant, pos: &Position, p: ProvinceId, owner: PowerId, holder: PowerId, value: u32) -> u32 {
        let mut value = value;
        for m in &self.mechanics {
            match m {
                Mechanic::DoubleCentres => value = double_centres::value(v, pos, p, owner, holder, value),
                Mechanic::ImperialSupply if self.is_out(&pos.state, holder) => return 0,
                Mechanic::ImperialSupply if self.emperor() == Some(holder) => value = emperor::supply(value),
                _ => {}
            }
        }
        value
    }

    /// Hook `supply`: bonuses to the Winter supply, not centres (T3, T5:
    /// the Dictator, the Sole Consul, the Senate per Triumvir eliminated),
    /// added to `supply` by power.
    pub fn add_bonuses(&self, v: &Variant, pos: &Position, supply: &mut [u32]) {
        if let (Some(senate), Some(p)) = (self.senate(), self.personal()) {
            offices::add_bonuses(v, senate, p.kind, pos, supply);
        }
    }

    /// The personal units, if the variant has them (T2).
    pub fn personal(&self) -> Option<personal::Personal> {
        self.mechanics.iter().find_map(|m| if let Mechanic::PersonalUnits(p) = m { Some(*p) } else { None })
    }

    /// Who takes the holdings of a player out with his personal unit: the
    /// Emperor where the variant has the imperial title (Imperator I1),
    /// else the one who dislodged it (Triumvirate T4).
    fn heirs(&self) -> triumvir_out::Heirs {
        match self.title() {
            Some(e) => triumvir_out::Heirs::Emperor(e),
            None => triumvir_out::Heirs::Dislodger { senate: self.senate() },
        }
    }

    /// Lines `game show` prints of the offices no one state key shows whole
    /// (Imperator I7, I8: the Emperor and his PG, a vacant title, each
    /// Rival and his PG(R)).
    pub fn titles(&self, v: &Variant, pos: &Position) -> Vec<String> {
        self.title().map_or_else(Vec::new, |e| imperial_title::shown(v, pos, e))
    }

    /// The variant's own Emperor (Imperator I2, I3), if it has the title;
    /// the state may name another (`emperor <power>`).
    fn title(&self) -> Option<PowerId> {
        self.mechanics.iter().find_map(|m| if let Mechanic::ImperialTitle(e) = m { Some(*e) } else { None })
    }

    /// The Senate (Triumvirate), if the variant has one.
    fn senate(&self) -> Option<PowerId> {
        self.mechanics.iter().find_map(|m| if let Mechanic::Senate(p) = m { Some(*p) } else { None })
    }

    /// The powers to whom Rome is worth more (D3, T1).
    fn romans(&self) -> &[PowerId] {
        self.mechanics.iter().find_map(|m| if let Mechanic::RomanCentres(r) = m { Some(&r[..]) } else { None }).unwrap_or(&[])
    }

    /// Hook `reach`: may `force` support into `dest`, which it borders not
    /// (T2: a personal unit two steps away)? Asked only where the core's
    /// answer is no.
    pub fn reaches_far(&self, v: &Variant, force: &Force, dest: ProvinceId) -> bool {
        self.personal().is_some_and(|p| personal::reaches_far(v, &p, force, dest))
    }

    /// Does a province resist an attack by itself (T9)? The resolver then
    /// asks `resistance`.
    pub fn native_resistance(&self) -> bool {
        self.has(&Mechanic::SupportedEntry)
    }

    /// Is `p` a space no unit may ever enter, though its terrain is not
    /// impassable (Imperator I9: the Sassanid spaces)? For pictures.
    pub fn never_entered(&self, v: &Variant, p: ProvinceId) -> bool {
        self.has(&Mechanic::Sassanid) && sassanid::may_enter(v, p).is_err()
    }

    /// The strength with which empty province `p` resists an attack (T9:
    /// 1 for a Parthian province).
    pub fn resistance(&self, v: &Variant, p: ProvinceId) -> u32 {
        supported_entry::resistance(v, p)
    }

    /// Hook `adjust`: the kind civil disorder takes last, when no army,
    /// fleet or garrison of the power is left (T4: the personal unit,
    /// removable like any unit; its removal puts its player out).
    pub fn removed_last(&self) -> Option<Kind> {
        self.personal().map(|p| p.kind)
    }

    /// Hook `adjust`: may a removal order take a unit of `kind` (I8: the
    /// Emperor falls only with his guard dislodged or destroyed in battle,
    /// so no adjustment removes it; civil disorder never takes it either,
    /// as `component_to_remove` takes only armies, fleets and garrisons)?
    pub fn may_remove(&self, kind: Kind) -> Result<(), Illegal> {
        if kind == Kind::PRAETORIAN_GUARD && self.has(&Mechanic::Succession) {
            return Err(Illegal::GuardRemoval);
        }
        Ok(())
    }

    /// Hook `retreat_due`: must the next retreat phase be played though no
    /// unit was dislodged (T7: the Senate's third)?
    pub fn retreat_due(&self, pos: &Position) -> bool {
        self.senate().is_some() && senate_end::retreat_due(pos)
    }

    /// The Emperor (City State), if the variant has one.
    fn emperor(&self) -> Option<PowerId> {
        self.mechanics.iter().find_map(|m| if let Mechanic::ImperialSpaces(p) = m { Some(*p) } else { None })
    }

    fn is_out(&self, state: &VariantState, power: PowerId) -> bool {
        state.emperor_out.is_some() && self.emperor() == Some(power) && self.mechanics.iter().any(|m| matches!(m, Mechanic::EmperorElimination(_)))
    }

    /// Is `power` out of the game by a mechanic's rule, whatever it still
    /// owns or has (City State C15: the Emperor)? `game::survivors` and
    /// `winners` leave it out; it has no adjustment to make.
    pub fn eliminated(&self, state: &VariantState, power: PowerId) -> bool {
        self.is_out(state, power) || state.eliminated.contains(&power)
    }

    /// Hook `supply`: the power that gets the supply of centre `p` owned by
    /// `owner` (the borrower of a loan, D7).
    #[inline]
    pub fn supply_holder(&self, state: &VariantState, p: ProvinceId, owner: PowerId) -> PowerId {
        if self.has(&Mechanic::Loans) {
            loans::holder(state, p, owner)
        } else {
            owner
        }
    }

    /// Hook `declarations`: does the variant judge orders with no unit
    /// (LOAN, END LOAN) before the phase?
    pub fn has_declarations(&self) -> bool {
        self.mechanics.iter().any(|m| matches!(m, Mechanic::Loans | Mechanic::PersonalUnits(_) | Mechanic::Senate(_) | Mechanic::Outlaws | Mechanic::Rivals))
    }

    /// Is this an order with no unit that a mechanic judges (D7)? Such
    /// orders are judged by `declare`, in any phase, whether the variant
    /// plays the mechanic or not.
    pub fn is_declaration(&self, action: &Action) -> bool {
        loans::declares(action)
            || matches!(action, Action::Designate { .. } | Action::Elect { .. } | Action::Outlaw { .. } | Action::Rival { .. } | Action::Fix { .. })
    }

    /// The order in which declarations are carried out: an Outlaw names his
    /// fixed units after every decree of the phase (T6); the rest in
    /// writing order.
    pub fn declaration_rank(&self, action: &Action) -> u8 {
        u8::from(matches!(action, Action::Fix { .. }))
    }

    /// After a phase's declarations: an Outlaw's fixed units he did not
    /// name are chosen for him (T6).
    pub fn after_declarations(&self, v: &Variant, pos: &mut Position) {
        if self.has(&Mechanic::Outlaws) {
            outlaw::fix_defaults(v, pos);
        }
    }

    /// Hook `declarations`: carries out a declaration on the position before
    /// the phase is adjudicated; its reason, or why it is illegal.
    pub fn declare(&self, v: &Variant, pos: &mut Position, order: &Order) -> Result<Reason, Illegal> {
        if let Some(power) = order.power {
            if self.mechanics.iter().any(|m| matches!(m, Mechanic::Senate(_) | Mechanic::Deposed(..))) {
                disorder::check(&pos.state, power)?;
            }
        }
        let (personal, senate) = (self.personal(), self.senate());
        match (&order.action, order.power) {
            (Action::Loan { .. } | Action::EndLoan { .. }, _) if !self.has(&Mechanic::Loans) => Err(Illegal::NoLoans),
            (Action::Loan { .. } | Action::EndLoan { .. }, _) => loans::declare(v, pos, order.power, &order.action),
            (_, None) => Err(Illegal::NotYourUnit),
            (Action::Designate { unit }, Some(power)) => match personal {
                Some(p) => personal::designate(v, &p, pos, power, unit),
                None => Err(Illegal::NoOffices),
            },
            (Action::Elect { power: target }, Some(power)) => match (senate, personal) {
                (Some(s), Some(p)) => offices::elect(v, s, p.kind, pos, power, *target),
                _ => Err(Illegal::NoOffices),
            },
            (Action::Outlaw { power: target }, Some(power)) => match (senate, personal) {
                (Some(s), Some(p)) if self.has(&Mechanic::Outlaws) => offices::decree(v, s, p.kind, pos, power, *target),
                _ => Err(Illegal::NoOffices),
            },
            (Action::Rival { power: target }, Some(power)) => match (self.title(), personal) {
                (Some(e), Some(p)) if self.has(&Mechanic::Rivals) => rivals::declare(v, p.kind, imperial_title::emperor(&pos.state, e), pos, power, *target),
                _ => Err(Illegal::NoRivals),
            },
            (Action::Fix { unit }, Some(power)) if self.has(&Mechanic::Outlaws) => outlaw::fix(v, pos, power, unit),
            _ => Err(Illegal::NoOffices),
        }
    }

    /// Hook `adjust`, after a Winter adjustment (D7: ended loans are gone;
    /// I4: the frontier dice, each a result).
    pub fn after_adjustment(&self, v: &Variant, next: &mut Position, results: &mut Vec<OrderResult<'_>>) {
        // I1, I8: an AGC or a guard a frontier die destroys puts its player
        // out (the dice come after the phase's own `after_phase`).
        let before_dice = self.mechanics.iter().any(|m| matches!(m, Mechanic::Frontier(_))).then(|| next.clone());
        for m in &self.mechanics {
            match m {
                Mechanic::Loans => loans::after_adjustment(next),
                Mechanic::Frontier(from) => {
                    if let Some(inv) = self.invaders() {
                        frontier::roll_dice(v, inv, *from, results, next);
                    }
                }
                _ => {}
            }
        }
        if let Some(before) = before_dice {
            if let (true, Some(p)) = (self.has(&Mechanic::PersonalElimination), self.personal()) {
                triumvir_out::after_phase(v, p.kind, self.heirs(), &before, next, results);
            }
            if let (true, Some(e)) = (self.has(&Mechanic::Succession), self.title()) {
                succession::after_dice(v, e, self.romans(), &before, results, next);
            }
        }
        // T3, T5a, T7: the Consul's year ends; Rome makes the Dictator.
        if let (Some(senate), Some(p)) = (self.senate(), self.personal()) {
            offices::after_adjustment(v, senate, p.kind, next, results);
        }
    }

    /// Hook `phase_opens`: once the next phase is known, what appears on
    /// the board as it opens (I4: a B unit in each empty frontier province
    /// as a movement phase opens), with its results.
    #[inline]
    pub fn phase_opens<'a>(&self, v: &Variant, results: &mut Vec<OrderResult<'a>>, next: &mut Position) {
        if self.mechanics.is_empty() {
            return;
        }
        for m in &self.mechanics {
            if let (Mechanic::Frontier(from), Some(inv)) = (m, self.invaders()) {
                frontier::invade(v, inv, *from, results, next);
            }
        }
    }

    /// May something in this variant sack a centre that no DESTROY may
    /// touch? In Imperator the Persians may: "only Rome is invulnerable to
    /// the Persians" (I5), so a destroyed Alexandria or Antioch is a state
    /// its games reach.
    pub fn invaders_sack_any_but_rome(&self) -> bool {
        self.invaders().is_some()
    }

    /// The powers the judge plays (I5: the Barbarians and the Persians).
    fn invaders(&self) -> Option<barbarians::Invaders> {
        self.mechanics.iter().find_map(|m| if let Mechanic::Barbarians(i) = m { Some(*i) } else { None })
    }

    /// Does the judge play `power` (I5)? It gives no orders, builds
    /// nothing, never wins and is never eliminated.
    #[inline]
    pub fn played_by_judge(&self, power: PowerId) -> bool {
        !self.mechanics.is_empty() && self.invaders().is_some_and(|i| i.includes(power))
    }

    /// Hook `judge_movement`: does the judge order units in a movement
    /// phase (I5: the B units)?
    #[inline]
    pub fn judges_movement(&self) -> bool {
        !self.mechanics.is_empty() && self.invaders().is_some()
    }

    /// Hook `judge_movement`: judges the orders about the judge's units,
    /// changes the position they start from (I6: B units the Praetorian
    /// Guard attacks are gone) and gives the judge's orders.
    pub fn judge_movement(&self, v: &Variant, pos: &mut Position, orders: &[Order]) -> barbarians::Judging {
        let inv = self.invaders().expect("judges_movement said so");
        barbarians::judge(v, inv, self.has(&Mechanic::PraetorianGuard), pos, orders)
    }

    /// Hook `supply`: supply beyond the centres, added to `supply` by power
    /// in halves (I3: the Emperor's +4 with Rome).
    #[inline]
    pub fn supply_bonus(&self, v: &Variant, pos: &Position, supply: &mut [u32]) {
        if self.mechanics.is_empty() {
            return;
        }
        for m in &self.mechanics {
            if let Mechanic::ImperialTitle(e) = m {
                imperial_title::add_bonus(v, pos, *e, supply);
            }
        }
    }

    /// Hook `adjust`: units a mechanic keeps free of supply, their upkeep
    /// added back to `balance` (I4: frontier garrisons before Winter 236;
    /// T7: the eliminated Senate's units, waiting for the retreat phase
    /// that disbands a third of them and gives the rest to the Dictator).
    #[inline]
    pub fn free_upkeep(&self, v: &Variant, pos: &Position, balance: &mut [i32]) {
        if self.mechanics.is_empty() {
            return;
        }
        for m in &self.mechanics {
            match (m, self.invaders()) {
                (Mechanic::Frontier(from), Some(inv)) => frontier::free_upkeep(v, inv, *from, pos, balance),
                (Mechanic::Senate(senate), _) => senate_end::free_upkeep(*senate, pos, balance),
                _ => {}
            }
        }
    }

    /// Hook `victory`: a power that wins by a mechanic's own rule after a
    /// Winter adjustment (I2: the Emperor 5 units ahead).
    pub fn victor(&self, v: &Variant, pos: &Position) -> Option<PowerId> {
        self.mechanics.iter().find_map(|m| match m {
            Mechanic::ImperialTitle(e) => imperial_title::ahead(v, pos, *e, self.invaders()),
            _ => None,
        })
    }

    /// How a win by `victor` on `pos` is told, after "X wins" (I2, with the
    /// Emperor's real lead).
    pub fn victor_text(&self, v: &Variant, pos: &Position) -> Option<String> {
        self.mechanics.iter().find_map(|m| match m {
            Mechanic::ImperialTitle(e) => imperial_title::ahead_text(v, pos, *e, self.invaders()),
            _ => None,
        })
    }

    /// Has a mechanic Winter business in the Winter `winter` even where no
    /// power builds or removes? D7: ended loans to clear; City State: a DA
    /// to rebuild (C14), an eliminated Emperor's units to disband (C15). (A
    /// fleet to disband for want of a port, C3, is a power's adjustment:
    /// `must_adjust`.)
    pub fn winter_due(&self, v: &Variant, pos: &Position, winter: Phase) -> bool {
        self.mechanics.iter().any(|m| match m {
            Mechanic::Loans => loans::ending(&pos.state),
            Mechanic::DoubleArmyRebuilds(most) => self.emperor().is_some_and(|e| !self.is_out(&pos.state, e) && da_rebuild::due(pos, e, *most, winter.year)),
            Mechanic::EmperorElimination(_) => self.emperor().is_some_and(|e| emperor_out::disband_due(pos, e)),
            Mechanic::Frontier(from) => self.invaders().is_some_and(|inv| frontier::dice_due(v, inv, *from, pos, winter)),
            Mechanic::Senate(_) => self.personal().is_some_and(|p| offices::winter_due(v, p.kind, pos)),
            _ => false,
        })
    }

    /// Hook `adjust`: does `power` owe an adjustment in this Winter
    /// whatever its balance (City State C3: a fleet to disband, having no
    /// port)? It then has orders to give.
    pub fn must_adjust(&self, v: &Variant, pos: &Position, power: PowerId) -> bool {
        self.has(&Mechanic::Ports) && ports::portless(v, pos).contains(&power)
    }

    /// Hook `adjust`, before any order of a Winter: what mechanics carry out
    /// first, whatever the orders' order. City State: an eliminated
    /// Emperor's units are disbanded (C15); a power with fleets and no port
    /// disbands one, its own `REMOVE` (its result goes into `early` at the
    /// order's index) or by civil disorder (C3). Results with no order of
    /// their own go into `done`; the supply freed goes back to `balance`.
    pub fn adjust_before_orders<'a>(
        &self,
        v: &Variant,
        orders: &'a [Order],
        next: &mut Position,
        balance: &mut [i32],
        early: &mut [Option<OrderResult<'a>>],
        done: &mut Vec<OrderResult<'a>>,
    ) {
        // C15 before C3: an eliminated Emperor's fleets go with the rest.
        if let (true, Some(e)) = (self.mechanics.iter().any(|m| matches!(m, Mechanic::EmperorElimination(_))), self.emperor()) {
            emperor_out::disband(next, done, e);
        }
        if self.has(&Mechanic::Ports) {
            ports::disband_first(v, orders, next, balance, early, done);
        }
    }

    /// Does a mechanic carry out anything before a Winter's orders?
    pub fn adjusts_before_orders(&self) -> bool {
        self.mechanics.iter().any(|m| matches!(m, Mechanic::EmperorElimination(_) | Mechanic::Ports))
    }

    /// Hook `adjust`, after a Winter's orders and civil disorder: what
    /// mechanics do then (City State C14: a destroyed DA rebuilt in
    /// Germany), with its result.
    pub fn adjust_after_orders(&self, v: &Variant, next: &mut Position, results: &mut Vec<OrderResult<'_>>) {
        for m in &self.mechanics {
            if let (Mechanic::DoubleArmyRebuilds(most), Some(e)) = (m, self.emperor()) {
                if !self.is_out(&next.state, e) {
                    da_rebuild::rebuild(v, next, results, e, *most, next.phase.year);
                }
            }
        }
    }

    /// May a force hold several units (`2A/F`, Multiplicity M1), and an
    /// army keep the coast its force stood on when its fleet was removed?
    /// Elsewhere a force is one unit, and an army stands on its province.
    pub fn composite_forces(&self) -> bool {
        self.has(&Mechanic::Multiplicity)
    }

    /// May a build join a force of its player already there (M12)? And may
    /// a power write several builds for one centre?
    pub fn builds_join(&self) -> bool {
        self.has(&Mechanic::Multiplicity)
    }

    /// Hook `adjust`: free builds (needing no supply) `power` still has.
    pub fn free_builds(&self, state: &VariantState, power: PowerId) -> u32 {
        if self.mechanics.iter().any(|m| matches!(m, Mechanic::Delphi(_))) {
            delphi::builds_left(state, power)
        } else {
            0
        }
    }

    /// Spends one of `power`'s free builds.
    pub fn use_free_build(&self, state: &mut VariantState, power: PowerId) {
        delphi::use_build(state, power)
    }

    /// Hook `adjust`, before the orders in writing order: an order the
    /// mechanic carries out first (H14: a garrison disbanded at will frees
    /// supply for builds written before it). Returns its reason.
    pub fn adjust_first(&self, v: &Variant, next: &mut Position, balance: &mut [i32], order: &Order) -> Option<Reason> {
        self.mechanics.iter().find_map(|m| match m {
            Mechanic::Garrisons => garrisons::disband_at_will(v, next, balance, order),
            _ => None,
        })
    }

    /// Hook `adjust`: an adjustment order the core does not know (CONVERT).
    pub fn adjust_order(&self, v: &Variant, next: &mut Position, order: &Order) -> Result<Reason, Illegal> {
        match (&order.action, self.has(&Mechanic::Conversion)) {
            (Action::Convert { to }, true) => conversion::convert(v, next, order, *to),
            (Action::Convert { .. }, false) => Err(Illegal::NoConversion),
            _ => Err(Illegal::WrongPhase),
        }
    }

    fn placement(&self) -> Option<placement::Placement> {
        self.mechanics.iter().find_map(|m| if let Mechanic::Placement(p) = m { Some(*p) } else { None })
    }

    /// Does the board start empty, for a placement phase?
    pub fn starts_empty(&self) -> bool {
        self.placement().is_some()
    }

    /// Is `pos` a phase a mechanic adjudicates in place of the core's (the
    /// initial placement)?
    pub fn own_phase(&self, v: &Variant, pos: &Position) -> bool {
        self.placement().is_some() && pos.phase == v.calendar.first
    }

    /// Adjudicates a phase `own_phase` claimed.
    pub fn adjudicate_own_phase<'a>(&self, v: &Variant, pos: &Position, orders: &'a [Order]) -> (Vec<OrderResult<'a>>, Position) {
        placement::placement(v, self.placement().expect("own_phase said so"), pos, orders)
    }

    /// Checks one power's orders so far in a phase `own_phase` claimed
    /// (each line as a power submits it); with `whole`, they are the power's
    /// whole submission and must be complete (a placement's full cost).
    pub fn check_own_phase(&self, v: &Variant, pos: &Position, power: PowerId, orders: &[&Order], whole: bool) -> Result<(), Illegal> {
        placement::check(v, self.placement().expect("own_phase said so"), pos, power, orders, whole)
    }

    /// The state read whole, each key against the others (D6: a rebuild
    /// under way is of a destroyed centre; D7: a centre's links make one
    /// chain, put in chain order); an error names the key.
    pub fn settle_state(&self, v: &Variant, state: &mut VariantState) -> Result<(), String> {
        for m in &self.mechanics {
            match m {
                Mechanic::Rebuild => rebuild::check(v, state)?,
                Mechanic::Loans => loans::order_chains(v, state)?,
                _ => {}
            }
        }
        Ok(())
    }

    /// A position read whole (units, owners and state), where the state
    /// must agree with the owners (D7: a lent centre has an owner).
    pub fn check_position(&self, v: &Variant, pos: &Position) -> Result<(), String> {
        for m in &self.mechanics {
            if let Mechanic::Loans = m {
                loans::check_owners(v, pos)?;
            }
        }
        Ok(())
    }

    /// Does a mechanic carry out some adjustment orders before the others
    /// (`adjust_first`)?
    pub fn adjusts_first(&self) -> bool {
        self.has(&Mechanic::Garrisons)
    }
}
