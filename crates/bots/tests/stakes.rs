//! The bots and what a variant's mechanics put at stake (the engine's
//! `winter_risks` and `vital_units`), on Imperator's board: a Commander is
//! out with his AGC (I1), and a garrison of a frontier province is lost on
//! a die of 1 or 2 after each Winter from 236 (I4), and his units go to
//! the Emperor (I1).

use polemarch_bots::candidates::unit_ref;
use polemarch_bots::stakes::{chance_out, designation, falls, Risks};
use polemarch_bots::{bot_named, Board, Rng};
use polemarch_engine::order::Action;
use polemarch_engine::state::{Dislodged, Force, Kind, Position};
use polemarch_engine::variant::{embedded_variant, PowerId};
use polemarch_engine::Variant;

fn imperator() -> Variant {
    embedded_variant("imperator").unwrap().unwrap()
}

fn power(v: &Variant, name: &str) -> PowerId {
    v.find_power(name).unwrap()
}

/// The start's units and owners in another phase.
fn start_in(v: &Variant, phase: &str) -> Position {
    let mut pos = Position::start(v);
    pos.phase = v.calendar.parse_phase(phase).unwrap();
    pos
}

/// Where `who`'s AGC is ordered to go by `bot` (its own place if it
/// holds or supports).
fn agc_goes(v: &Variant, pos: &Position, bot: &str, who: &str, seed: u64) -> String {
    let board = Board::new(v, pos);
    let orders = bot_named(bot).unwrap().orders(&board, power(v, who), &mut Rng::new(seed));
    let agc = pos.forces.iter().find(|f| f.power == power(v, who) && f.components[0].kind == Kind::COMMANDER).unwrap();
    let order = orders.iter().find(|o| o.unit.as_ref().is_some_and(|u| u.loc == agc.loc)).unwrap();
    let to = match order.action {
        Action::Move { to, .. } => to,
        _ => agc.loc,
    };
    v.province(v.province_of(to)).abbr.clone()
}

/// Danube's AGC in Dacia (a frontier province): out with a chance of 1 in
/// 3 at the coming Winter from 236, none in 235; dislodged with no retreat,
/// out for sure.
#[test]
fn a_commander_with_his_agc_on_the_frontier_may_be_out() {
    let v = imperator();
    let danube = power(&v, "Danube");
    let early = start_in(&v, "Autumn 235, Movement");
    assert_eq!(chance_out(&v, &early, danube, &Risks::of(&v, &early), |_| 0.0), 0.0);
    let late = start_in(&v, "Autumn 236, Movement");
    let risks = Risks::of(&v, &late);
    assert!((chance_out(&v, &late, danube, &risks, |_| 0.0) - 1.0 / 3.0).abs() < 1e-9);
    // Syria's AGC stands in Antioch, no frontier province; in danger there
    // at the caller's chance (the search bot's: an enemy could bring more).
    let syria = power(&v, "Syria");
    assert_eq!(chance_out(&v, &late, syria, &risks, |_| 0.0), 0.0);
    assert!((chance_out(&v, &late, syria, &risks, |_| 0.4) - 0.4).abs() < 1e-9);
    // Both at once: out unless the AGC survives the die and the attack.
    assert!((chance_out(&v, &late, danube, &risks, |_| 0.4) - (1.0 - 2.0 / 3.0 * 0.6)).abs() < 1e-9);
    // Dislodged from Dacia with every way out taken: lost.
    let next = agc_trapped_in_dacia(&v, &late);
    assert_eq!(chance_out(&v, &next, danube, &Risks::of(&v, &next), |_| 0.0), 1.0);
}

/// `pos` after a movement in which Syria's army from Scythia dislodged
/// Danube's AGC in Dacia, every way out taken (Moesia and Pannonia hold
/// Danube's armies).
fn agc_trapped_in_dacia(v: &Variant, pos: &Position) -> Position {
    let danube = power(v, "Danube");
    let mut next = pos.clone();
    let i = next.forces.iter().position(|f| f.power == danube && f.components[0].kind == Kind::COMMANDER).unwrap();
    let agc = next.forces.remove(i);
    let scy = v.province_of(v.find_loc("scy").unwrap());
    next.forces.push(Force::single(power(v, "Syria"), Kind::ARMY, agc.loc));
    next.normalize();
    next.dislodged.push(Dislodged { force: agc, attacker_from: Some(scy), by_convoy: false, also_from: Vec::new() });
    next
}

/// I1 as the search bot sees it (`falls`, the engine's own retreat
/// phase): Danube's AGC, dislodged with no retreat, is lost in the coming
/// retreats; Danube is out and his armies in Moesia and Pannonia are the
/// Emperor's. Where no vital unit is lost nothing falls.
#[test]
fn a_commander_whose_agc_has_no_retreat_falls_to_the_emperor() {
    let v = imperator();
    let (danube, emperor) = (power(&v, "Danube"), power(&v, "Emperor"));
    let retreat = start_in(&v, "Autumn 236, Retreat");
    assert!(falls(&v, &retreat).is_none());
    let after = falls(&v, &agc_trapped_in_dacia(&v, &retreat)).expect("Danube falls");
    assert!(after.state.eliminated.contains(&danube));
    for at in ["moe", "pan"] {
        let f = after.forces.iter().find(|f| v.province(v.province_of(f.loc)).abbr == at).unwrap();
        assert_eq!(f.power, emperor, "{at}");
    }
}

/// In Autumn 236 DumbBot and the search bot move Danube's AGC from Dacia
/// to Scythia, its one neighbour off the frontier, and Rhine's from Britain
/// to Belgica (over the strait); Syria's, in Antioch, goes to Seleukia, a
/// frontier province, in Autumn 235 (no die yet) but not in 236.
#[test]
fn the_bots_take_a_vital_unit_off_the_frontier_before_the_dice() {
    let v = imperator();
    let late = start_in(&v, "Autumn 236, Movement");
    for seed in 0..8 {
        assert_eq!(agc_goes(&v, &late, "dumbbot", "Danube", seed), "scy", "dumbbot, seed {seed}");
        assert_eq!(agc_goes(&v, &late, "dumbbot", "Rhine", seed), "bel", "dumbbot, seed {seed}");
        assert_ne!(agc_goes(&v, &late, "dumbbot", "Syria", seed), "sel", "dumbbot, seed {seed}");
    }
    assert_eq!(agc_goes(&v, &late, "search", "Danube", 1), "scy");
    assert_eq!(agc_goes(&v, &late, "search", "Rhine", 1), "bel");
    let early = start_in(&v, "Autumn 235, Movement");
    let syria: Vec<String> = (0..8).map(|seed| agc_goes(&v, &early, "dumbbot", "Syria", seed)).collect();
    assert!(syria.iter().any(|p| p == "sel"), "{syria:?}");
}

/// In the first phase a Commander whose AGC stands on the frontier names
/// an army standing off it (`DESIGNATE`, I1 as T2), where the adjudicator
/// allows it; not in a later phase, nor where no army is safer.
#[test]
fn a_safer_army_is_designated_in_the_first_phase() {
    let v = imperator();
    let danube = power(&v, "Danube");
    let mut pos = Position::start(&v);
    // Moesia's army stands in Thrace instead, off the frontier.
    let moe = pos.forces.iter().position(|f| f.loc == v.find_loc("moe").unwrap()).unwrap();
    pos.forces[moe].loc = v.find_loc("thr").unwrap();
    pos.normalize();
    let board = Board::new(&v, &pos);
    let order = designation(&board, danube).expect("a designation");
    let thr = pos.forces.iter().find(|f| f.loc == v.find_loc("thr").unwrap()).unwrap();
    assert_eq!(order.action, Action::Designate { unit: unit_ref(thr) });
    // The start itself: every Danube army one step from safety, as the AGC.
    assert_eq!(designation(&Board::new(&v, &Position::start(&v)), danube), None);
    // A later phase.
    pos.phase = v.calendar.parse_phase("Spring 236, Movement").unwrap();
    assert_eq!(designation(&Board::new(&v, &pos), danube), None);
}
