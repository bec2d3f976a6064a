//! City State's Winter, where case files cannot look: victory counts
//! Venezia once though it supplies 2 (C1, C2) and the Emperor's centres
//! whole though they supply half (C13); a Winter is played for a DA to
//! rebuild (C14) or a fleet to disband (C3) even where no power builds or
//! removes; an eliminated Emperor is out of the game (C15).

use polemarch_engine::adjudicate::Reason;
use polemarch_engine::game::{powers_to_order, survivors};
use polemarch_engine::order::parse_order;
use polemarch_engine::rules::{supplies, victory_centres, winners};
use polemarch_engine::state::Position;
use polemarch_engine::variant::{embedded_variant, Kind, PowerId};
use polemarch_engine::{adjudicate, Force, Variant};

fn cs() -> Variant {
    embedded_variant("city_state").expect("embedded").unwrap_or_else(|p| panic!("{p:?}"))
}

fn power(v: &Variant, name: &str) -> PowerId {
    v.find_power(name).unwrap()
}

/// An empty board in `phase`, no centre owned.
fn empty(v: &Variant, phase: &str) -> Position {
    let mut pos = Position::start(v);
    pos.forces.clear();
    pos.owners.iter_mut().for_each(|o| *o = None);
    pos.phase = v.calendar.parse_phase(phase).unwrap();
    pos
}

fn own(v: &Variant, pos: &mut Position, who: PowerId, centres: &[&str]) {
    for c in centres {
        let p = v.province_of(v.find_loc(c).unwrap());
        pos.owners[p.index()] = Some(who);
    }
}

fn unit(v: &Variant, pos: &mut Position, who: PowerId, kind: Kind, at: &str) {
    pos.forces.push(Force::single(who, kind, v.find_loc(at).unwrap()));
    pos.normalize();
}

/// C2: "They count as single supply centres for victory purposes." Venice
/// with 17 centres, Venezia's chain open, is supplied for 18 units but has
/// not won; with an 18th centre it has.
#[test]
fn venezia_counts_once_for_victory() {
    let v = cs();
    let venice = power(&v, "Venice");
    let mut pos = empty(&v, "Winter 1305 adjustment");
    let seventeen = [
        "ven", "aqu", "ist", "pad", "fer", "vrn", "tre", "man", "par", "bsc", "cre", "mil", "lod", "nov", "pav", "com",
        "bol",
    ];
    own(&v, &mut pos, venice, &seventeen);
    assert_eq!(supplies(&v, &pos)[venice.index()], 36, "Venezia supplies 2 with its chain open");
    assert_eq!(victory_centres(&v, &pos)[venice.index()], 34, "17 centres for victory");
    assert!(winners(&v, &pos, true).is_empty());
    own(&v, &mut pos, venice, &["ale"]);
    assert_eq!(winners(&v, &pos, true), [venice]);
}

/// C13: the Emperor's four centres supply two units, and count four for
/// victory.
#[test]
fn the_emperors_centres_count_whole_for_victory() {
    let v = cs();
    let emperor = power(&v, "Emperor");
    let mut pos = empty(&v, "Winter 1301 adjustment");
    own(&v, &mut pos, emperor, &["tor", "com", "tre", "vrn"]);
    assert_eq!(supplies(&v, &pos)[emperor.index()], 4, "two units' worth");
    assert_eq!(victory_centres(&v, &pos)[emperor.index()], 8, "four centres");
}

/// C14: with a DA to rebuild the Winter is played though nobody builds or
/// removes; with three DAs it is skipped.
#[test]
fn a_winter_for_a_rebuild() {
    let v = cs();
    let (emperor, milan) = (power(&v, "Emperor"), power(&v, "Milan"));
    let mut autumn = empty(&v, "Autumn 1300 movement");
    own(&v, &mut autumn, milan, &["mil"]);
    unit(&v, &mut autumn, milan, Kind::ARMY, "mil");
    unit(&v, &mut autumn, emperor, Kind::DOUBLE_ARMY, "aos");
    unit(&v, &mut autumn, emperor, Kind::DOUBLE_ARMY, "vtl");
    let next = adjudicate(&v, &autumn, &[]).next;
    assert_eq!(v.calendar.display(next.phase).to_string(), "Winter 1300, Adjustment");
    let winter = adjudicate(&v, &next, &[]).next;
    let das = winter.forces.iter().filter(|f| f.power == emperor && f.components[0].kind == Kind::DOUBLE_ARMY).count();
    assert_eq!(das, 3, "the DA rebuilt in Germany");
    unit(&v, &mut autumn, emperor, Kind::DOUBLE_ARMY, "fri");
    let next = adjudicate(&v, &autumn, &[]).next;
    assert_eq!(v.calendar.display(next.phase).to_string(), "Spring 1301, Movement");
}

/// C3: a power with a fleet and no port has a Winter though its supply
/// matches its units.
#[test]
fn a_winter_for_a_fleet_with_no_port() {
    let v = cs();
    let florence = power(&v, "Florence");
    let mut autumn = empty(&v, "Autumn 1300 movement");
    autumn.state.da_rebuilt = Some(1300);
    own(&v, &mut autumn, florence, &["fir", "pst"]);
    unit(&v, &mut autumn, florence, Kind::ARMY, "fir");
    unit(&v, &mut autumn, florence, Kind::FLEET, "tyr");
    let next = adjudicate(&v, &autumn, &[]).next;
    assert_eq!(v.calendar.display(next.phase).to_string(), "Winter 1300, Adjustment");
    let winter = adjudicate(&v, &next, &[]).next;
    assert_eq!(winter.forces.len(), 1, "the fleet is gone: {:?}", winter.forces);
}

/// C3: Florence, with as many units as centres but a fleet and no port, has
/// an adjustment to make: it is asked for its orders, and its `REMOVE` is
/// carried out first.
#[test]
fn a_power_with_no_port_gives_orders() {
    let v = cs();
    let florence = power(&v, "Florence");
    let mut winter = empty(&v, "Winter 1300 adjustment");
    winter.state.da_rebuilt = Some(1300);
    own(&v, &mut winter, florence, &["fir", "pst"]);
    unit(&v, &mut winter, florence, Kind::ARMY, "fir");
    unit(&v, &mut winter, florence, Kind::FLEET, "tyr");
    assert_eq!(powers_to_order(&v, &winter), [florence]);
    let orders = [parse_order(&v, "REMOVE F tyr", Some(florence)).unwrap()];
    let outcome = adjudicate(&v, &winter, &orders);
    assert_eq!(outcome.results[0].reason, Reason::NoPort);
}

/// The results of a Winter's orders stay at the orders' indices (the game
/// checks a submitted order by its index) when the judge disbands units of
/// its own first (C15, C3): those results come after.
#[test]
fn results_of_orders_come_first() {
    let v = cs();
    let (emperor, milan, florence) = (power(&v, "Emperor"), power(&v, "Milan"), power(&v, "Florence"));
    let mut winter = empty(&v, "Winter 1302 adjustment");
    winter.state.emperor_out = Some(1302);
    own(&v, &mut winter, milan, &["mil", "lod"]);
    own(&v, &mut winter, florence, &["fir"]);
    unit(&v, &mut winter, emperor, Kind::ARMY, "tre");
    unit(&v, &mut winter, milan, Kind::ARMY, "lod");
    unit(&v, &mut winter, florence, Kind::FLEET, "tyr");
    let orders = [parse_order(&v, "BUILD A mil", Some(milan)).unwrap()];
    let outcome = adjudicate(&v, &winter, &orders);
    assert_eq!(outcome.results[0].reason, Reason::Built);
    let reasons: Vec<Reason> = outcome.results[1..].iter().map(|r| r.reason).collect();
    assert_eq!(reasons, [Reason::EmperorOut, Reason::NoPort]);
}

/// C15: out of the game once eliminated, though he still owns centres and
/// has units until the next Winter; he scores nothing for victory.
#[test]
fn an_eliminated_emperor_is_no_survivor() {
    let v = cs();
    let emperor = power(&v, "Emperor");
    let mut pos = empty(&v, "Autumn 1302 movement");
    own(&v, &mut pos, emperor, &["tor", "com"]);
    unit(&v, &mut pos, emperor, Kind::ARMY, "tor");
    assert!(survivors(&v, &pos).contains(&emperor));
    pos.state.emperor_out = Some(1302);
    assert!(!survivors(&v, &pos).contains(&emperor));
    assert_eq!(supplies(&v, &pos)[emperor.index()], 0);
}

/// The Emperor's rules (C13-C15) need to know who the Emperor is: without
/// `emperor` in `[rules]` the variant does not load, and says why.
#[test]
fn the_emperors_rules_need_an_emperor() {
    const VARIANT: &str = include_str!("../../../variants/city_state/variant.toml");
    const MAP: &str = include_str!("../../../variants/city_state/map.toml");
    let line = "emperor = \"Emperor\"\n";
    assert!(VARIANT.contains(line), "the variant names its Emperor as this test expects");
    let problems =
        polemarch_engine::variant::load_texts(&VARIANT.replace(line, ""), MAP).map(|_| ()).expect_err("refused");
    let text = format!("{problems:?}");
    assert!(text.contains("emperor_supply, double_army_rebuilds and emperor_elimination need `emperor`"), "{text}");
}
