//! The peer: the same scenarios through the `diplomacy` crate 0.2.0
//! (Ted Driggs), with its own standard map (patched: it lacks ten borders,
//! see [`MISSING_BORDERS`]) and its 2023 rulebook, which is the rule set
//! polemarch's standard variant follows.
//!
//! [`prepare`] turns a scenario into the crate's types once, outside any timed
//! loop; [`adjudicate_peer`] is the part that is timed.
//!
//! Our order lines are rewritten into the crate's order syntax
//! (`ENG: F lon -> nth`, `GER: A mun supports A par -> bur`,
//! `ENG: F nth convoys A lon -> bel`, `ENG: F edi build`) and parsed with its
//! `FromStr` implementations.
//!
//! The crate's phases borrow from one another (a retreat phase is built from
//! the movement outcome, which borrows the movement submission), so the
//! preparation leaks those few values once per scenario to give them a
//! `'static` lifetime. That is a handful of small allocations per run.

use crate::scenarios::{Kind, Scenario};
use diplomacy::geo::builder::ProvinceRegistry;
use diplomacy::geo::{Border, Map, ProvinceKey, RegionKey, Terrain};
use diplomacy::judge::{
    build, retreat, MappedBuildOrder, MappedMainOrder, MappedRetreatOrder, OrderState, Outcome, Rulebook, Submission,
};
use diplomacy::{Nation, ShortName, UnitPosition, UnitType};
use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

/// Borders of the standard board that the map shipped with the crate (0.2.0)
/// lacks; without them `F stp/sc - bot` or `A ukr S A war - gal` are
/// impossible for the crate. Found by comparing its `geo/borders.csv` with
/// `/work/shared/reference/maps/standard/standard.map`.
pub const MISSING_BORDERS: [(&str, &str, Terrain); 10] = [
    ("bot", "fin", Terrain::Sea),
    ("bot", "lvn", Terrain::Sea),
    ("bot", "stp(sc)", Terrain::Sea),
    ("bot", "swe", Terrain::Sea),
    ("gal", "ukr", Terrain::Land),
    ("lvn", "war", Terrain::Land),
    ("mao", "spa(sc)", Terrain::Sea),
    ("nwy", "stp", Terrain::Land),
    ("nwy", "stp(nc)", Terrain::Sea),
    ("tus", "tys", Terrain::Sea),
];

/// The crate ships Constantinople - Smyrna as an army-only border; fleets
/// can use it too.
const COAST_NOT_LAND: (&str, &str) = ("con", "smy");

/// The crate's standard map with [`MISSING_BORDERS`] added and
/// Constantinople - Smyrna opened to fleets; built once.
pub fn standard_map() -> &'static Map {
    static MAP: OnceLock<Map> = OnceLock::new();
    MAP.get_or_init(|| {
        let shipped = diplomacy::geo::standard_map();
        let mut provinces = ProvinceRegistry::default();
        for province in shipped.provinces() {
            provinces.register(province.clone()).expect("shipped province");
        }
        let mut regions = provinces.finish();
        for region in shipped.regions() {
            regions
                .register(&region.province().short_name(), region.coast(), region.terrain())
                .expect("shipped region");
        }
        // Every shipped border once, in the shipped order (they live in one
        // Vec, so their addresses give that order).
        let mut shipped_borders: Vec<&Border> =
            shipped.regions().flat_map(|region| shipped.borders_containing(&RegionKey::from(region))).collect();
        shipped_borders.sort_by_key(|border| *border as *const Border as usize);
        shipped_borders.dedup_by_key(|border| *border as *const Border as usize);

        let mut borders = regions.finish();
        for border in shipped_borders {
            let (a, b) = border.sides();
            let (a, b) = (a.short_name(), b.short_name());
            let terrain = if (a.as_ref(), b.as_ref()) == COAST_NOT_LAND { Terrain::Coast } else { border.terrain() };
            borders.register(&a, &b, terrain).expect("shipped border");
        }
        for (a, b, terrain) in MISSING_BORDERS {
            borders.register(a, b, terrain).expect("missing border");
        }
        borders.finish()
    })
}

/// The rules the peer adjudicates with.
pub fn rules() -> Rulebook {
    Rulebook::edition_2023()
}

/// What [`adjudicate_peer`] runs, per kind of phase (printed by the benchmark).
pub fn what_is_timed(kind: Kind) -> &'static str {
    match kind {
        Kind::Movement => {
            "judge::Submission::adjudicate(Rulebook::edition_2023()); orders parsed and \
             checked for legality (Submission::new) once, outside the timed loop"
        }
        Kind::Retreat => {
            "judge::Outcome::to_retreat_start() (dislodgements and retreat options) + \
             judge::retreat::Context::new(&start, orders).resolve(); the movement phase \
             before it is adjudicated once, outside the timed loop"
        }
        Kind::Adjustment => {
            "judge::build::Submission::adjudicate(Rulebook::edition_2023()); units and \
             centre owners loaded once, outside the timed loop"
        }
    }
}

/// A scenario in the crate's types, ready to adjudicate.
pub enum Prepared {
    Movement(Movement),
    Retreat(Retreat),
    Adjustment(Adjustment),
}

pub struct Movement {
    submission: Submission<'static>,
    /// Our order lines and the crate's orders, in the same sequence.
    lines: Vec<&'static str>,
    orders: Vec<MappedMainOrder>,
}

pub struct Retreat {
    /// The adjudicated movement phase the retreats follow.
    movement: &'static Outcome<'static, Rulebook>,
    lines: Vec<&'static str>,
    orders: Vec<MappedRetreatOrder>,
}

pub struct Adjustment {
    submission: build::Submission<'static, Board>,
    lines: Vec<&'static str>,
    orders: Vec<MappedBuildOrder>,
}

/// What one adjudication produces; kept so the work cannot be optimised away.
pub enum Adjudicated<'a> {
    Movement(Outcome<'a, Rulebook>),
    /// Number of units that retreat (the crate's retreat outcome borrows a
    /// context local to the call, so it is summarised before returning).
    Retreat(usize),
    Adjustment(build::Outcome<'a>),
}

/// Converts a scenario into the crate's types. Panics on a line the
/// translation does not understand: scenarios are fixed data.
pub fn prepare(scenario: &'static Scenario) -> Prepared {
    let lines = scenario.orders.to_vec();
    match scenario.kind {
        Kind::Movement => {
            let positions: Vec<UnitPosition<'static, RegionKey>> =
                scenario.units.iter().map(|line| parse(line, Kind::Movement)).collect();
            let orders: Vec<MappedMainOrder> = lines.iter().map(|line| parse(line, Kind::Movement)).collect();
            let submission = Submission::new(standard_map(), &positions, orders.clone());
            Prepared::Movement(Movement { submission, lines, orders })
        }
        Kind::Retreat => {
            let movement_orders: Vec<MappedMainOrder> = scenario
                .results
                .iter()
                .map(|line| parse(line.split_once(':').expect("RESULT: order").1, Kind::Movement))
                .collect();
            let submission: &'static Submission<'static> =
                Box::leak(Box::new(Submission::with_inferred_state(standard_map(), movement_orders)));
            let movement = Box::leak(Box::new(submission.adjudicate(rules())));
            let orders = lines.iter().map(|line| parse(line, Kind::Retreat)).collect();
            Prepared::Retreat(Retreat { movement, lines, orders })
        }
        Kind::Adjustment => {
            let board: &'static Board = Box::leak(Box::new(Board::new(scenario.units)));
            let owners: &'static HashMap<ProvinceKey, Nation> =
                Box::leak(Box::new(if scenario.centre_owners.is_empty() {
                    build::to_initial_ownerships(standard_map())
                } else {
                    scenario
                        .centre_owners
                        .iter()
                        .map(|line| {
                            let (power, province) = Scenario::split_power(line);
                            (ProvinceKey::new(province), nation(power))
                        })
                        .collect()
                }));
            let orders: Vec<MappedBuildOrder> = lines.iter().map(|line| parse(line, Kind::Adjustment)).collect();
            let submission = build::Submission::new(standard_map(), owners, board, orders.clone());
            Prepared::Adjustment(Adjustment { submission, lines, orders })
        }
    }
}

/// One adjudication by the crate: the timed part.
pub fn adjudicate_peer(prepared: &Prepared) -> Adjudicated<'_> {
    match prepared {
        Prepared::Movement(movement) => Adjudicated::Movement(movement.submission.adjudicate(rules())),
        Prepared::Retreat(retreats) => {
            let start = retreats.movement.to_retreat_start();
            let context = retreat::Context::new(&start, retreats.orders.iter().cloned());
            let outcome = context.resolve();
            let retreated =
                outcome.order_outcomes().filter(|(_, result)| matches!(result, retreat::OrderOutcome::Moves)).count();
            Adjudicated::Retreat(retreated)
        }
        Prepared::Adjustment(adjustment) => Adjudicated::Adjustment(adjustment.submission.adjudicate(rules())),
    }
}

/// The crate's verdict on each order of the scenario: (our line, succeeded).
pub fn verdicts(prepared: &Prepared) -> Vec<(&'static str, bool)> {
    let succeeded = |state: OrderState| state == OrderState::Succeeds;
    match prepared {
        Prepared::Movement(movement) => {
            let outcome = movement.submission.adjudicate(rules());
            let states = movement
                .orders
                .iter()
                .map(|order| succeeded(outcome.get(order).expect("every order has an outcome").into()));
            movement.lines.iter().copied().zip(states).collect()
        }
        Prepared::Retreat(retreats) => {
            let start = retreats.movement.to_retreat_start();
            let context = retreat::Context::new(&start, retreats.orders.iter().cloned());
            let outcome = context.resolve();
            let states = retreats
                .orders
                .iter()
                .map(|order| succeeded(outcome.get(order).expect("every order has an outcome").into()));
            retreats.lines.iter().copied().zip(states).collect()
        }
        Prepared::Adjustment(adjustment) => {
            let outcome = adjustment.submission.adjudicate(rules());
            let states = adjustment
                .orders
                .iter()
                .map(|order| succeeded(outcome.get(order).expect("every order has an outcome").into()));
            adjustment.lines.iter().copied().zip(states).collect()
        }
    }
}

/// The crate's name for a standard power.
pub fn nation(power: &str) -> Nation {
    Nation::from(match power.to_ascii_lowercase().as_str() {
        "austria" => "AUS",
        "england" => "ENG",
        "france" => "FRA",
        "germany" => "GER",
        "italy" => "ITA",
        "russia" => "RUS",
        "turkey" => "TUR",
        other => panic!("not a standard power: {other}"),
    })
}

/// Parses one of our lines (`Power: order` or `Power: F lon`) with the
/// crate's parser, after rewriting it into the crate's syntax.
fn parse<T: std::str::FromStr>(line: &str, kind: Kind) -> T
where
    T::Err: std::fmt::Debug,
{
    let (power, body) = Scenario::split_power(line);
    let text = format!("{}: {}", nation(power), peer_syntax(body, kind));
    text.parse().unwrap_or_else(|e| panic!("`{line}` (as `{text}`): {e:?}"))
}

/// Rewrites an order body: `A mun S A par - bur` -> `A mun supports A par -> bur`.
fn peer_syntax(body: &str, kind: Kind) -> String {
    let words: Vec<&str> = body.split_whitespace().collect();
    match words[0].to_ascii_uppercase().as_str() {
        "BUILD" => return format!("{} {} build", words[1], location(words[2])),
        "REMOVE" => return format!("{} {} disband", words[1], location(words[2])),
        _ => {}
    }
    let mut out = vec![words[0].to_string(), location(words[1])];
    for word in &words[2..] {
        let rewritten = match word.to_ascii_uppercase().as_str() {
            "-" | "->" | "TO" | "R" => "->".to_string(),
            "H" | "HOLD" => "holds".to_string(),
            "S" => "supports".to_string(),
            "C" => "convoys".to_string(),
            // A disband in a retreat phase is the crate's retreat "hold".
            "D" if kind == Kind::Retreat => "hold".to_string(),
            "D" => "disband".to_string(),
            "VIA" => "via".to_string(),
            "CONVOY" => "convoy".to_string(),
            "A" | "F" => word.to_string(),
            _ => location(word),
        };
        out.push(rewritten);
    }
    out.join(" ")
}

/// `stp/nc` -> `stp(nc)`, lower case.
fn location(word: &str) -> String {
    let word = word.to_ascii_lowercase();
    match word.split_once('/') {
        Some((province, coast)) => format!("{province}({coast})"),
        None => word,
    }
}

/// The board at a build phase, as the crate's `build::WorldState`.
pub struct Board {
    nations: HashSet<Nation>,
    occupiers: HashMap<ProvinceKey, Nation>,
    units: HashMap<Nation, HashSet<(UnitType, RegionKey)>>,
}

impl Board {
    fn new(unit_lines: &[&str]) -> Board {
        let mut board = Board {
            // Every standard power takes part, with or without units.
            nations: ["AUS", "ENG", "FRA", "GER", "ITA", "RUS", "TUR"].map(Nation::from).into(),
            occupiers: HashMap::new(),
            units: HashMap::new(),
        };
        for line in unit_lines {
            let unit: UnitPosition<'static, RegionKey> = parse(line, Kind::Adjustment);
            let nation = unit.nation().clone();
            board.occupiers.insert(unit.region.province().clone(), nation.clone());
            board.units.entry(nation).or_default().insert((unit.unit.unit_type(), unit.region));
        }
        board
    }
}

impl build::WorldState for Board {
    fn nations(&self) -> HashSet<&Nation> {
        self.nations.iter().collect()
    }

    fn occupier(&self, province: &ProvinceKey) -> Option<&Nation> {
        self.occupiers.get(province)
    }

    fn unit_count(&self, nation: &Nation) -> u8 {
        self.units.get(nation).map_or(0, |units| units.len() as u8)
    }

    fn units(&self, nation: &Nation) -> HashSet<(UnitType, RegionKey)> {
        self.units.get(nation).cloned().unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenarios::{self, ADJUSTMENT, MIDGAME, OPENING, RETREAT};
    use diplomacy::judge::{AttackOutcome, ConvoyOutcome, OrderOutcome, SupportOutcome};
    use diplomacy::UnitPositions;

    fn movement(prepared: &Prepared) -> &Movement {
        match prepared {
            Prepared::Movement(movement) => movement,
            _ => panic!("not a movement phase"),
        }
    }

    #[test]
    fn the_patched_map_has_the_missing_borders() {
        let shipped = diplomacy::geo::standard_map();
        for (a, b, terrain) in MISSING_BORDERS {
            let (a, b): (RegionKey, RegionKey) = (a.parse().unwrap(), b.parse().unwrap());
            assert!(shipped.find_border_between(&a, &b).is_none(), "{a}-{b} now shipped");
            assert_eq!(standard_map().find_border_between(&a, &b).unwrap().terrain(), terrain);
        }
        let (con, smy) = (RegionKey::new("con", None), RegionKey::new("smy", None));
        assert_eq!(shipped.find_border_between(&con, &smy).unwrap().terrain(), Terrain::Land);
        assert_eq!(standard_map().find_border_between(&con, &smy).unwrap().terrain(), Terrain::Coast);
    }

    #[test]
    fn opening_moves_all_succeed_but_the_two_standoffs() {
        let verdicts = verdicts(&prepare(&OPENING));
        assert_eq!(verdicts.len(), 22);
        let failed: Vec<_> = verdicts.iter().filter(|(_, ok)| !ok).map(|(line, _)| *line).collect();
        assert_eq!(
            failed,
            ["Austria: A vie - gal", "Russia: A war - gal", "Russia: F sev - bla", "Turkey: F ank - bla"]
        );
    }

    #[test]
    fn the_crate_agrees_with_every_expected_result() {
        for scenario in scenarios::all() {
            for (line, succeeded) in verdicts(&prepare(scenario)) {
                assert_eq!(succeeded, scenario.expects_success(line), "{}: `{line}`", scenario.name);
            }
        }
    }

    /// No order fails for a reason that would mean the scenario is miswritten
    /// (a unit that is not there, a border that does not exist).
    #[test]
    fn movement_orders_are_legal_and_reachable() {
        for scenario in [&OPENING, &MIDGAME] {
            let prepared = prepare(scenario);
            let movement = movement(&prepared);
            let outcome = movement.submission.adjudicate(rules());
            assert_eq!(movement.submission.generated_orders().count(), 0, "a unit without order");
            for (line, order) in movement.lines.iter().zip(&movement.orders) {
                let result = outcome.get(order).unwrap();
                let miswritten = matches!(
                    result,
                    OrderOutcome::Illegal(_)
                        | OrderOutcome::Move(AttackOutcome::NoPath | AttackOutcome::MoveToSelf)
                        | OrderOutcome::Support(SupportOutcome::CantReach | SupportOutcome::SupportingSelf)
                        | OrderOutcome::Convoy(ConvoyOutcome::NotAtSea)
                );
                assert!(!miswritten, "{}: `{line}` is {result:?}", scenario.name);
            }
        }
    }

    #[test]
    fn midgame_cuts_and_dislodgements_are_the_intended_ones() {
        let prepared = prepare(&MIDGAME);
        let movement = movement(&prepared);
        let outcome = movement.submission.adjudicate(rules());
        let result = |line: &str| {
            let at = movement.lines.iter().position(|l| *l == line).unwrap();
            format!("{:?}", outcome.get(&movement.orders[at]).unwrap())
        };
        assert!(result("France: A bur S A bel").starts_with("CutBy"));
        assert!(result("Austria: A bud S A gal").starts_with("CutBy"));
        assert!(result("Italy: F ion S F gre").starts_with("CutBy"));
        assert!(result("France: A bel H").starts_with("Dislodged"));
        assert!(result("Austria: A gal H").starts_with("Dislodged"));
        assert!(result("Austria: F gre H").starts_with("Dislodged"));
        assert!(result("Austria: A alb - tri").starts_with("Prevented"));
        assert!(result("Italy: A ven - tri").starts_with("Prevented"));
        assert_eq!(result("Turkey: F aeg C A smy - gre"), "NotDisrupted");
    }

    #[test]
    fn retreat_phase_starts_from_the_scenario_position() {
        let Prepared::Retreat(retreats) = prepare(&RETREAT) else { panic!() };
        // The movement before it went as the scenario's results say.
        for (line, order) in RETREAT.results.iter().zip(retreats.movement.orders()) {
            let state = OrderState::from(retreats.movement.get(order).unwrap());
            assert_eq!(line.starts_with("SUCCESS"), state == OrderState::Succeeds, "`{line}`");
        }
        let start = retreats.movement.to_retreat_start();
        let show = |pos: UnitPosition<'_, &RegionKey>| format!("{pos:?}");
        let mut dislodged: Vec<_> = start.dislodged().keys().map(|o| show(o.unit_position())).collect();
        let mut expected: Vec<_> = RETREAT
            .dislodged
            .iter()
            .map(|l| show(parse::<UnitPosition<'static, RegionKey>>(l, Kind::Retreat).as_region_ref()))
            .collect();
        dislodged.sort();
        expected.sort();
        assert_eq!(dislodged, expected);

        let mut on_board: Vec<_> = start.unit_positions().into_iter().map(show).collect();
        let mut expected: Vec<_> = RETREAT
            .units
            .iter()
            .map(|l| show(parse::<UnitPosition<'static, RegionKey>>(l, Kind::Retreat).as_region_ref()))
            .collect();
        on_board.sort();
        expected.sort();
        assert_eq!(on_board, expected);

        assert!(matches!(adjudicate_peer(&Prepared::Retreat(retreats)), Adjudicated::Retreat(2)));
    }

    #[test]
    fn adjustment_builds_and_removes() {
        let prepared = prepare(&ADJUSTMENT);
        let Adjudicated::Adjustment(outcome) = adjudicate_peer(&prepared) else { panic!() };
        let count = |nation: &str| {
            outcome
                .final_units_by_nation()
                .find(|(n, _)| **n == Nation::from(nation))
                .map_or(0, |(_, units)| units.len())
        };
        assert_eq!((count("ENG"), count("FRA"), count("TUR"), count("GER")), (6, 4, 5, 5));
        assert_eq!(outcome.to_civil_disorder().len(), 0);
    }
}
