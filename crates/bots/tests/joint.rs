//! The search's joint plan against a player near a victory by a
//! mechanic's own rule (search/joint.rs), on Imperator's board: the
//! Emperor within 6 units of his lead of five (I2) is the near winner to
//! every Commander, and the Commanders next to his guard (I8) attack it
//! together: one moves in, the others support that move.

use polemarch_bots::search::joint::{near_winner, plan};
use polemarch_bots::Board;
use polemarch_engine::order::Action;
use polemarch_engine::state::{Force, Kind, Position};
use polemarch_engine::variant::{embedded_variant, PowerId};
use polemarch_engine::Variant;

fn variant(id: &str) -> Variant {
    embedded_variant(id).unwrap().unwrap()
}

fn power(v: &Variant, name: &str) -> PowerId {
    v.find_power(name).unwrap()
}

/// Spring 237: the guard in Rome and an army in Brundisium; Rhine's
/// armies in Etruria and Ravenna, Danube's in Beneventum, next to Rome;
/// Syria's in Antioch, far from it. The start's owners.
fn guard_beset(v: &Variant) -> Position {
    let mut pos = Position::start(v);
    pos.phase = v.calendar.parse_phase("Spring 237, Movement").unwrap();
    let guard = pos.forces.iter().find(|f| f.components[0].kind == Kind::PRAETORIAN_GUARD).unwrap().clone();
    let army = |who: &str, at: &str| Force::single(power(v, who), Kind::ARMY, v.find_loc(at).unwrap());
    pos.forces = vec![
        guard,
        army("Emperor", "bru"),
        army("Rhine", "etr"),
        army("Rhine", "rav"),
        army("Danube", "ben"),
        army("Syria", "ant"),
    ];
    pos.normalize();
    pos
}

#[test]
fn the_emperor_near_his_lead_is_the_near_winner_to_every_commander() {
    let v = variant("imperator");
    let pos = guard_beset(&v);
    let board = Board::new(&v, &pos);
    let emperor = power(&v, "Emperor");
    for who in ["Africa", "Danube", "Rhine", "Syria"] {
        assert_eq!(near_winner(&board, power(&v, who)), Some(emperor), "{who}");
    }
    assert_eq!(near_winner(&board, emperor), None);
}

#[test]
fn the_commanders_next_to_the_guard_attack_it_together() {
    let v = variant("imperator");
    let pos = guard_beset(&v);
    let board = Board::new(&v, &pos);
    let rome = v.province_of(v.find_loc("rom").unwrap());
    let orders = plan(&board, power(&v, "Emperor"));
    // Rhine, with two armies next to Rome, moves one in; the other and
    // Danube's support it; nothing of Syria's or the Emperor's.
    let moves: Vec<_> = orders.iter().filter(|o| matches!(o.action, Action::Move { .. })).collect();
    assert_eq!(moves.len(), 1, "{orders:?}");
    assert_eq!(moves[0].power, Some(power(&v, "Rhine")));
    let Action::Move { to, .. } = moves[0].action else { unreachable!() };
    assert_eq!(v.province_of(to), rome);
    let mover = moves[0].unit.as_ref().unwrap().loc;
    let supports: Vec<_> = orders
        .iter()
        .filter(|o| matches!(&o.action, Action::SupportMove { unit, to } if unit.loc == mover && v.province_of(*to) == rome))
        .collect();
    assert_eq!(supports.len(), 2, "{orders:?}");
    assert_eq!(orders.len(), 3);
    let supporters: Vec<_> = supports.iter().map(|o| o.power.unwrap()).collect();
    assert!(supporters.contains(&power(&v, "Rhine")) && supporters.contains(&power(&v, "Danube")));
    for o in &orders {
        let i = pos.forces.iter().position(|f| Some(f.loc) == o.unit.as_ref().map(|u| u.loc)).unwrap();
        assert!(board.legal[i].contains(o), "{o:?} is legal");
    }
}

#[test]
fn no_one_is_near_a_victory_of_a_mechanic_in_standard() {
    let v = variant("standard");
    let pos = Position::start(&v);
    let board = Board::new(&v, &pos);
    for p in v.power_ids() {
        assert_eq!(near_winner(&board, p), None);
    }
}
