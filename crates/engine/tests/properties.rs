//! Property tests on the standard variant.
//!
//! The order parser never panics, puts the column of an error inside the
//! text, and reads back every order it prints. The adjudicator never panics
//! and keeps the board consistent through a movement phase with random
//! forces and a mix of sensible and garbage orders, the retreats that follow
//! it, and a winter adjustment.

use polemarch_engine::adjudicate::{adjudicate, retreat_options, Outcome, Verdict};
use polemarch_engine::order::{parse_order, parse_order_line, Action, Order, ParseError, UnitRef};
use polemarch_engine::state::{Dislodged, Force, Kind, Position};
use polemarch_engine::variant::{embedded_variant, LocId, PowerId, ProvinceId, Terrain, Variant};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::{select, Index};
use std::collections::HashSet;
use std::sync::OnceLock;

fn standard() -> &'static Variant {
    static STANDARD: OnceLock<Variant> = OnceLock::new();
    STANDARD.get_or_init(|| {
        embedded_variant("standard").expect("an embedded standard variant").expect("the standard variant loads")
    })
}

fn power_count() -> u8 {
    standard().powers.len() as u8
}

/// Any power of the standard variant.
fn a_power() -> impl Strategy<Value = PowerId> + Clone {
    (0..power_count()).prop_map(PowerId)
}

/// The element `index` chooses, or None from an empty slice.
fn pick<'a, T>(index: &Index, items: &'a [T]) -> Option<&'a T> {
    (!items.is_empty()).then(|| &items[index.index(items.len())])
}

// ---------------------------------------------------------------------------
// 1. The parser
// ---------------------------------------------------------------------------

/// Words of the order notation, and every name and abbreviation of the map.
fn order_words() -> Vec<String> {
    let v = standard();
    let mut words: Vec<String> = [
        "A",
        "F",
        "G",
        "a",
        "f",
        "army",
        "fleet",
        "2A",
        "A/F",
        "F/A",
        "2A/F",
        "0A",
        "100A",
        "-",
        "->",
        "=>",
        "to",
        "m",
        "moves",
        "S",
        "s",
        "support",
        "C",
        "convoy",
        "H",
        "hold",
        "R",
        "retreat",
        "D",
        "disband",
        "B",
        "BUILD",
        "build",
        "REMOVE",
        "WAIVE",
        "via convoy",
        "via",
        "by c",
        "/nc",
        "/sc",
        "/ec",
        "(sc)",
        "(nc)",
        "nc",
        "sc",
        "merge",
        "split",
        "&",
        ":",
        "(",
        ")",
        "/",
        ",",
        ".",
        "'",
        "_",
        "0",
        "1",
        "7",
        "99",
        "1901",
        "é",
        "Ö",
        "日本",
        "\u{301}",
    ]
    .iter()
    .map(|w| w.to_string())
    .collect();
    for p in &v.provinces {
        words.push(p.abbr.clone());
        words.push(p.name.clone());
    }
    for l in v.loc_ids() {
        words.push(v.loc_abbr(l));
    }
    for p in &v.powers {
        words.push(p.name.clone());
        words.push(format!("{}:", p.name));
    }
    words
}

fn a_separator() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        6 => Just(" "),
        1 => Just(""),
        1 => Just("  "),
        1 => Just("\t"),
        1 => Just("-"),
        1 => Just("/"),
        1 => Just("\u{a0}"),
    ]
}

/// Text assembled from order words, with now and then a random character.
fn order_like_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        8 => select(order_words()),
        1 => any::<char>().prop_map(|c| c.to_string()),
    ];
    vec((piece, a_separator()), 0..9)
        .prop_map(|pieces| pieces.into_iter().map(|(w, sep)| format!("{w}{sep}")).collect())
}

/// Every way the map names a location: abbreviations, full names, coasts.
fn place_names() -> Vec<String> {
    let v = standard();
    let mut names: Vec<String> = v.loc_ids().map(|l| v.loc_abbr(l)).collect();
    names.extend(v.provinces.iter().map(|p| p.name.clone()));
    for p in v.provinces.iter().filter(|p| !p.coasts.is_empty()) {
        for &l in &p.coasts {
            let coast = v.loc(l).coast.clone().unwrap_or_default();
            names.push(format!("{} ({coast})", p.abbr));
            names.push(format!("{} {coast}", p.name));
        }
    }
    names
}

fn a_place() -> impl Strategy<Value = String> {
    select(place_names())
}

/// A unit as written: a kind (or none) and a place.
fn a_unit_text() -> impl Strategy<Value = String> {
    let kind = select(vec!["", "A ", "F ", "G ", "army ", "Fleet ", "2A ", "A/F ", "F/A ", "0A "]);
    (kind, a_place()).prop_map(|(kind, place)| format!("{kind}{place}"))
}

/// What follows the unit: nothing, an order word and its arguments, or a
/// jumble of those.
fn an_action_text() -> impl Strategy<Value = String> {
    let arrow = || select(vec!["-", "->", "to", "moves to"]);
    let via = select(vec!["", " via convoy", " by c", " (nth eng)"]);
    let word = select(vec!["", "H", "-", "S", "C", "R", "D", "B", "via convoy", "merge", "(", ")", "/"]);
    prop_oneof![
        2 => select(vec!["", " H", " hold", " D", " B", " build", " R"]).prop_map(String::from),
        4 => (arrow(), a_place(), via).prop_map(|(arrow, place, via)| format!(" {arrow} {place}{via}")),
        2 => a_unit_text().prop_map(|unit| format!(" S {unit}")),
        2 => (a_unit_text(), arrow(), a_place()).prop_map(|(unit, arrow, place)| format!(" S {unit} {arrow} {place}")),
        2 => (a_unit_text(), arrow(), a_place()).prop_map(|(unit, arrow, place)| format!(" C {unit} {arrow} {place}")),
        1 => a_place().prop_map(|place| format!(" R {place}")),
        2 => vec((word, prop::option::of(a_place())), 1..4)
            .prop_map(|parts| parts.into_iter().map(|(w, p)| format!(" {w} {}", p.unwrap_or_default())).collect()),
    ]
}

/// Text shaped like an order, right or nearly right.
fn order_shaped_text() -> impl Strategy<Value = String> {
    let verb = select(vec!["", "", "", "BUILD ", "REMOVE ", "disband ", "WAIVE ", "waive"]);
    (verb, a_unit_text(), an_action_text()).prop_map(|(verb, unit, action)| format!("{verb}{unit}{action}"))
}

fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![1 => any::<String>(), 1 => "\\PC{0,30}", 4 => order_like_text(), 4 => order_shaped_text()]
}

/// An order as the parser gives it and as printed and read back: the printer
/// writes compositions in the canonical order (`F/A` prints as `A/F`), so
/// compositions are compared sorted.
fn canonical(mut order: Order) -> Order {
    let sort = |u: &mut UnitRef| {
        if let Some(c) = &mut u.components {
            c.sort();
        }
    };
    if let Some(u) = &mut order.unit {
        sort(u);
    }
    match &mut order.action {
        Action::SupportHold { unit } | Action::SupportMove { unit, .. } | Action::Convoy { unit, .. } => sort(unit),
        _ => {}
    }
    order
}

fn check_column(e: &ParseError, text: &str) -> Result<(), TestCaseError> {
    // Columns are 1-based byte offsets (the lexer keeps byte offsets).
    prop_assert!(
        e.column >= 1 && e.column <= text.len() + 1,
        "column {} outside 1..={} in {:?}: {}",
        e.column,
        text.len() + 1,
        text,
        e
    );
    prop_assert!(text.is_char_boundary(e.column - 1), "column {} splits a character of {:?}", e.column, text);
    Ok(())
}

fn check_round_trip(order: &Order, text: &str) -> Result<(), TestCaseError> {
    let v = standard();
    let printed = order.display(v).to_string();
    match parse_order(v, &printed, order.power) {
        Ok(again) => prop_assert_eq!(
            canonical(again),
            canonical(order.clone()),
            "{:?} parsed, printed as {:?}, read back differently",
            text,
            printed
        ),
        Err(e) => prop_assert!(false, "{:?} parsed, printed as {:?}, which does not parse: {}", text, printed, e),
    }
    if let Some(power) = order.power {
        let line = format!("{}: {}", v.power(power).name, printed);
        match parse_order_line(v, &line) {
            Ok(again) => prop_assert_eq!(
                canonical(again),
                canonical(order.clone()),
                "the line {:?} reads back differently",
                line
            ),
            Err(e) => prop_assert!(false, "the line {:?} does not parse: {}", line, e),
        }
    }
    Ok(())
}

fn check_parse(text: &str, power: Option<PowerId>) -> Result<(), TestCaseError> {
    match parse_order(standard(), text, power) {
        Err(e) => check_column(&e, text),
        Ok(order) => {
            prop_assert_eq!(order.power, power);
            check_round_trip(&order, text)
        }
    }
}

fn check_parse_line(line: &str) -> Result<(), TestCaseError> {
    match parse_order_line(standard(), line) {
        Err(e) => check_column(&e, line),
        Ok(order) => check_round_trip(&order, line),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn parser_never_panics_and_round_trips(text in any_text(), power in prop::option::of(a_power())) {
        check_parse(&text, power)?;
    }

    #[test]
    fn line_parser_never_panics_and_round_trips(text in any_text(), power in a_power(), colon in ":|: | :|") {
        check_parse_line(&text)?;
        check_parse_line(&format!("{}{colon}{text}", standard().power(power).name))?;
    }
}

// ---------------------------------------------------------------------------
// 2. The adjudicator: generators
// ---------------------------------------------------------------------------

/// What stands in one province of a random board.
#[derive(Clone, Debug)]
struct ForceSeed {
    fleet: bool,
    power: PowerId,
    coast: Index,
    /// Where the force comes in the position's list of forces.
    rank: u32,
}

fn a_force_seed() -> impl Strategy<Value = ForceSeed> {
    (any::<bool>(), a_power(), any::<Index>(), any::<u32>()).prop_map(|(fleet, power, coast, rank)| ForceSeed {
        fleet,
        power,
        coast,
        rank,
    })
}

/// The force a seed puts in province `p`: armies on land and coasts (never on
/// a coast location), fleets at sea and on coasts (on one named coast of a
/// province with two).
fn force_of(v: &Variant, p: ProvinceId, seed: &ForceSeed) -> Option<Force> {
    let province = v.province(p);
    let kind = match province.terrain {
        Terrain::Land => Kind::ARMY,
        Terrain::Sea => Kind::FLEET,
        Terrain::Coast | Terrain::Islands if seed.fleet => Kind::FLEET,
        Terrain::Coast | Terrain::Islands => Kind::ARMY,
        Terrain::Impassable => return None,
    };
    let loc = match pick(&seed.coast, &province.coasts) {
        Some(&coast) if kind == Kind::FLEET => coast,
        _ => LocId::of_province(p),
    };
    Some(Force::single(seed.power, kind, loc))
}

/// A movement phase of 1901 with about one province in three occupied and
/// random owners of the centres.
fn a_movement_position() -> impl Strategy<Value = Position> {
    let v = standard();
    let n = v.province_count();
    let board = vec(prop::option::weighted(0.35, a_force_seed()), n);
    // A home centre is often still its power's.
    let owners = vec((prop::option::weighted(0.85, a_power()), prop::bool::weighted(0.5)), n);
    let season = select(vec!["Spring", "Autumn"]);
    (board, owners, season).prop_map(move |(board, owners, season)| {
        let phase = v.calendar.parse_phase(&format!("{season} 1901, Movement")).expect("a movement phase");
        let mut pos = Position::empty(v, phase);
        let mut placed: Vec<(u32, Force)> = board
            .iter()
            .enumerate()
            .filter_map(|(p, seed)| seed.as_ref().and_then(|s| force_of(v, ProvinceId::new(p), s).map(|f| (s.rank, f))))
            .collect();
        placed.sort_by_key(|(rank, _)| *rank);
        pos.forces = placed.into_iter().map(|(_, f)| f).collect();
        pos.owners = owners
            .into_iter()
            .enumerate()
            .map(|(p, (owner, at_home))| {
                let p = ProvinceId::new(p);
                if !v.is_centre(p) {
                    None
                } else if at_home && v.home_of(p).is_some() {
                    v.home_of(p)
                } else {
                    owner
                }
            })
            .collect();
        pos
    })
}

/// How an order is written: the power and the unit's kind and coast may be
/// left out.
#[derive(Clone, Copy, Debug)]
struct Style {
    power_left_out: bool,
    kind_left_out: bool,
    coast_left_out: bool,
}

fn a_style() -> impl Strategy<Value = Style> {
    (prop::bool::weighted(0.1), prop::bool::weighted(0.2), prop::bool::weighted(0.2)).prop_map(
        |(power_left_out, kind_left_out, coast_left_out)| Style { power_left_out, kind_left_out, coast_left_out },
    )
}

/// What a random order tries to do.
#[derive(Clone, Copy, Debug)]
enum Intent {
    Hold,
    MoveToNeighbour,
    SupportHold,
    SupportMove,
    /// A move and a support of it by a unit that can reach the destination.
    SupportedAttack,
    /// An army's move by convoy and the convoys of the fleets on a route.
    ConvoyedMove,
    /// A convoy order alone, of any army to any coast.
    LoneConvoy,
    ArmyToFarCoast,
    // Garbage:
    OrderForEmptyProvince,
    WrongPower,
    MoveAnywhere,
    WrongPhase,
}

fn an_intent() -> impl Strategy<Value = Intent> {
    use Intent::*;
    prop_oneof![
        2 => Just(Hold),
        8 => Just(MoveToNeighbour),
        2 => Just(SupportHold),
        2 => Just(SupportMove),
        4 => Just(SupportedAttack),
        3 => Just(ConvoyedMove),
        1 => Just(LoneConvoy),
        1 => Just(ArmyToFarCoast),
        1 => Just(OrderForEmptyProvince),
        1 => Just(WrongPower),
        1 => Just(MoveAnywhere),
        1 => Just(WrongPhase),
    ]
}

#[derive(Clone, Debug)]
struct OrderSeed {
    intent: Intent,
    unit: Index,
    other: Index,
    place: Index,
    flag: bool,
    style: Style,
}

fn an_order_seed() -> impl Strategy<Value = OrderSeed> {
    (an_intent(), any::<Index>(), any::<Index>(), any::<Index>(), any::<bool>(), a_style())
        .prop_map(|(intent, unit, other, place, flag, style)| OrderSeed { intent, unit, other, place, flag, style })
}

fn unit_ref(v: &Variant, force: &Force, style: Style) -> UnitRef {
    let loc = if style.coast_left_out { LocId::of_province(v.province_of(force.loc)) } else { force.loc };
    UnitRef { components: (!style.kind_left_out).then(|| force.components.clone()), loc }
}

fn order_of(v: &Variant, force: &Force, style: Style, action: Action) -> Order {
    Order {
        claim: None,
        power: (!style.power_left_out).then_some(force.power),
        unit: Some(unit_ref(v, force, style)),
        action,
    }
}

fn is_coast(v: &Variant, p: ProvinceId) -> bool {
    v.province(p).terrain == Terrain::Coast
}

fn at_sea(v: &Variant, force: &Force) -> bool {
    force.is_fleet() && v.province(v.province_of(force.loc)).terrain == Terrain::Sea
}

/// The locations a force may move to by itself.
fn neighbours(v: &Variant, force: &Force) -> Vec<LocId> {
    if force.is_fleet() {
        v.fleet_neighbours[force.loc.index()].clone()
    } else {
        v.army_neighbours[v.province_of(force.loc).index()].iter().map(|&p| LocId::of_province(p)).collect()
    }
}

/// The provinces a force may move to (and so support into), each once.
fn reach(v: &Variant, force: &Force) -> Vec<ProvinceId> {
    let mut provinces: Vec<ProvinceId> = neighbours(v, force).into_iter().map(|l| v.province_of(l)).collect();
    // Neighbours come in location order, and a province's coasts are
    // consecutive locations, so this drops every repeat (a fleet in mao
    // reaches spa by two coasts). It matters: the list is picked from, where
    // a repeat would weigh that province double.
    provinces.dedup();
    provinces
}

fn coastal_provinces(v: &Variant) -> Vec<ProvinceId> {
    v.province_ids().filter(|&p| is_coast(v, p)).collect()
}

/// Every coast an army in `from` could be convoyed to by the fleets at sea,
/// each with one route (the seas in order).
fn convoy_routes(v: &Variant, pos: &Position, from: ProvinceId) -> Vec<(ProvinceId, Vec<ProvinceId>)> {
    let touches = |a: ProvinceId, b: ProvinceId| v.any_borders.get(a.index(), b.index());
    let seas: Vec<ProvinceId> = pos.forces.iter().filter(|f| at_sea(v, f)).map(|f| v.province_of(f.loc)).collect();
    let mut came_from: Vec<Option<ProvinceId>> = vec![None; v.province_count()];
    let mut queue: Vec<ProvinceId> = seas.iter().copied().filter(|&s| touches(from, s)).collect();
    for &s in &queue {
        came_from[s.index()] = Some(from);
    }
    let mut i = 0;
    while i < queue.len() {
        let s = queue[i];
        for &t in &seas {
            if came_from[t.index()].is_none() && touches(s, t) {
                came_from[t.index()] = Some(s);
                queue.push(t);
            }
        }
        i += 1;
    }
    let route_to = |mut s: ProvinceId| {
        let mut route = vec![s];
        while let Some(prev) = came_from[s.index()].filter(|&p| p != from) {
            route.push(prev);
            s = prev;
        }
        route.reverse();
        route
    };
    let mut routes = Vec::new();
    for dest in coastal_provinces(v) {
        if dest != from {
            if let Some(&last) = queue.iter().find(|&&s| touches(s, dest)) {
                routes.push((dest, route_to(last)));
            }
        }
    }
    routes
}

/// The orders one seed gives on this board (none when it finds no unit).
fn orders_of_seed(v: &Variant, pos: &Position, s: &OrderSeed) -> Vec<Order> {
    let forces = &pos.forces;
    let order = |f: &Force, action| order_of(v, f, s.style, action);
    let armies_on_coast: Vec<&Force> =
        forces.iter().filter(|f| f.is_army() && is_coast(v, v.province_of(f.loc))).collect();
    let Some(f) = pick(&s.unit, forces) else { return Vec::new() };
    match s.intent {
        Intent::Hold => vec![order(f, Action::Hold)],
        Intent::MoveToNeighbour => match pick(&s.place, &neighbours(v, f)) {
            Some(&to) => vec![order(f, Action::Move { to, via_convoy: false })],
            None => vec![order(f, Action::Hold)],
        },
        Intent::SupportHold => {
            let near: Vec<&Force> = forces.iter().filter(|t| reach(v, f).contains(&v.province_of(t.loc))).collect();
            let Some(t) = pick(&s.other, &near).copied().or_else(|| pick(&s.other, forces)) else { return Vec::new() };
            vec![order(f, Action::SupportHold { unit: unit_ref(v, t, s.style) })]
        }
        Intent::SupportMove => {
            let t = pick(&s.other, forces).expect("forces is not empty");
            let target_reach = reach(v, t);
            let into: Vec<ProvinceId> = target_reach.iter().copied().filter(|p| reach(v, f).contains(p)).collect();
            // Preferably a province both can reach; else any the target can.
            let Some(&dest) = pick(&s.place, &into).or_else(|| pick(&s.place, &target_reach)) else {
                return vec![order(f, Action::Hold)];
            };
            vec![order(f, Action::SupportMove { unit: unit_ref(v, t, s.style), to: LocId::of_province(dest) })]
        }
        Intent::SupportedAttack => {
            // Preferably on another power's force.
            let all = neighbours(v, f);
            let enemies: Vec<LocId> = all
                .iter()
                .copied()
                .filter(|&l| pos.force_in(v, v.province_of(l)).is_some_and(|g| g.power != f.power))
                .collect();
            let Some(&to) = pick(&s.place, &enemies).or_else(|| pick(&s.place, &all)) else {
                return vec![order(f, Action::Hold)];
            };
            let dest = v.province_of(to);
            let supporters: Vec<&Force> =
                forces.iter().filter(|g| g.loc != f.loc && reach(v, g).contains(&dest)).collect();
            let mut orders = vec![order(f, Action::Move { to, via_convoy: false })];
            if let Some(g) = pick(&s.other, &supporters) {
                // A support names the destination province, or the coast the
                // mover will stand on.
                let to = if s.flag { to } else { LocId::of_province(dest) };
                orders.push(order(g, Action::SupportMove { unit: unit_ref(v, f, s.style), to }));
            }
            orders
        }
        Intent::ConvoyedMove => {
            let Some(army) = pick(&s.unit, &armies_on_coast) else { return Vec::new() };
            let routes = convoy_routes(v, pos, v.province_of(army.loc));
            let Some((dest, route)) = pick(&s.place, &routes) else { return vec![order(army, Action::Hold)] };
            let mut orders = vec![order(army, Action::Move { to: LocId::of_province(*dest), via_convoy: s.flag })];
            for &sea in route {
                let fleet = pos.force_in(v, sea).expect("a fleet on the route");
                orders.push(order(
                    fleet,
                    Action::Convoy { unit: unit_ref(v, army, s.style), to: LocId::of_province(*dest) },
                ));
            }
            orders
        }
        Intent::LoneConvoy => {
            let fleets: Vec<&Force> = forces.iter().filter(|g| at_sea(v, g)).collect();
            let armies: Vec<&Force> = forces.iter().filter(|g| g.is_army()).collect();
            let (Some(fleet), Some(army), Some(dest)) =
                (pick(&s.unit, &fleets), pick(&s.other, &armies), pick(&s.place, &coastal_provinces(v)).copied())
            else {
                return Vec::new();
            };
            vec![order(fleet, Action::Convoy { unit: unit_ref(v, army, s.style), to: LocId::of_province(dest) })]
        }
        Intent::ArmyToFarCoast => {
            let (Some(army), Some(dest)) =
                (pick(&s.unit, &armies_on_coast), pick(&s.place, &coastal_provinces(v)).copied())
            else {
                return Vec::new();
            };
            vec![order(army, Action::Move { to: LocId::of_province(dest), via_convoy: s.flag })]
        }
        Intent::OrderForEmptyProvince => {
            let empty: Vec<LocId> = v.loc_ids().filter(|&l| pos.force_in(v, v.province_of(l)).is_none()).collect();
            let Some(&loc) = pick(&s.place, &empty) else { return Vec::new() };
            let power = PowerId::new(s.other.index(power_count() as usize));
            let action = if s.flag {
                Action::Hold
            } else {
                Action::Move {
                    to: v.army_neighbours[v.province_of(loc).index()]
                        .first()
                        .copied()
                        .map_or(LocId(0), LocId::of_province),
                    via_convoy: false,
                }
            };
            let kind = if s.flag { Kind::ARMY } else { Kind::FLEET };
            vec![Order {
                claim: None,
                power: Some(power),
                unit: Some(UnitRef { components: Some(Force::single(power, kind, loc).components), loc }),
                action,
            }]
        }
        Intent::WrongPower => {
            let power = PowerId::new(
                (f.power.index() + 1 + s.other.index(power_count() as usize - 1)) % power_count() as usize,
            );
            let action = match pick(&s.place, &neighbours(v, f)) {
                Some(&to) => Action::Move { to, via_convoy: false },
                None => Action::Hold,
            };
            vec![Order { power: Some(power), ..order(f, action) }]
        }
        Intent::MoveAnywhere => {
            let to = LocId::new(s.place.index(v.locs.len()));
            vec![order(f, Action::Move { to, via_convoy: s.flag })]
        }
        Intent::WrongPhase => {
            let to = LocId::new(s.place.index(v.locs.len()));
            let action = [Action::Retreat { to }, Action::Disband, Action::Build, Action::Remove, Action::Waive]
                [s.other.index(5)]
            .clone();
            let mut order = order(f, action);
            if order.action == Action::Waive {
                order.unit = None;
            }
            vec![order]
        }
    }
}

fn movement_orders(v: &Variant, pos: &Position, seeds: &[OrderSeed]) -> Vec<Order> {
    seeds.iter().flat_map(|s| orders_of_seed(v, pos, s)).collect()
}

/// What a dislodged force is told to do.
#[derive(Clone, Copy, Debug)]
enum RetreatIntent {
    ToAnOption,
    /// The same, written as a move.
    MoveToAnOption,
    Disband,
    ToAnywhere,
    /// A retreat order for a force that was not dislodged.
    NotDislodged,
}

#[derive(Clone, Debug)]
struct RetreatSeed {
    intent: RetreatIntent,
    unit: Index,
    place: Index,
    style: Style,
}

fn a_retreat_seed() -> impl Strategy<Value = RetreatSeed> {
    use RetreatIntent::*;
    let intent = prop_oneof![
        6 => Just(ToAnOption),
        2 => Just(MoveToAnOption),
        2 => Just(Disband),
        1 => Just(ToAnywhere),
        1 => Just(NotDislodged),
    ];
    (intent, any::<Index>(), any::<Index>(), a_style()).prop_map(|(intent, unit, place, style)| RetreatSeed {
        intent,
        unit,
        place,
        style,
    })
}

fn retreat_orders(v: &Variant, pos: &Position, seeds: &[RetreatSeed]) -> Vec<Order> {
    let mut orders = Vec::new();
    for s in seeds {
        if let RetreatIntent::NotDislodged = s.intent {
            if let Some(f) = pick(&s.unit, &pos.forces) {
                orders.push(order_of(v, f, s.style, Action::Retreat { to: LocId::new(s.place.index(v.locs.len())) }));
            }
            continue;
        }
        let Some(d) = pick(&s.unit, &pos.dislodged) else { continue };
        let options = retreat_options(v, pos, d);
        let action = match (s.intent, pick(&s.place, &options)) {
            (RetreatIntent::ToAnOption, Some(&to)) => Action::Retreat { to },
            (RetreatIntent::MoveToAnOption, Some(&to)) => Action::Move { to, via_convoy: false },
            (RetreatIntent::ToAnywhere, _) => Action::Retreat { to: LocId::new(s.place.index(v.locs.len())) },
            _ => Action::Disband,
        };
        orders.push(order_of(v, &d.force, s.style, action));
    }
    orders
}

#[derive(Clone, Copy, Debug)]
enum AdjustmentIntent {
    BuildAtHome,
    BuildAnywhere,
    Remove,
    Waive,
    /// A movement order in the adjustment phase.
    Hold,
}

#[derive(Clone, Debug)]
struct AdjustmentSeed {
    intent: AdjustmentIntent,
    site: Index,
    coast: Index,
    power: Index,
    fleet: bool,
    style: Style,
}

fn an_adjustment_seed() -> impl Strategy<Value = AdjustmentSeed> {
    use AdjustmentIntent::*;
    let intent = prop_oneof![
        6 => Just(BuildAtHome),
        1 => Just(BuildAnywhere),
        4 => Just(Remove),
        2 => Just(Waive),
        1 => Just(Hold),
    ];
    (intent, any::<Index>(), any::<Index>(), any::<Index>(), any::<bool>(), a_style()).prop_map(
        |(intent, site, coast, power, fleet, style)| AdjustmentSeed { intent, site, coast, power, fleet, style },
    )
}

fn adjustment_orders(v: &Variant, pos: &Position, seeds: &[AdjustmentSeed]) -> Vec<Order> {
    let homes: Vec<(PowerId, ProvinceId)> =
        v.powers.iter().enumerate().flat_map(|(i, p)| p.homes.iter().map(move |&h| (PowerId::new(i), h))).collect();
    let mut orders = Vec::new();
    for s in seeds {
        let any_power = PowerId::new(s.power.index(power_count() as usize));
        let build = |power: PowerId, p: ProvinceId| {
            let kind = if s.fleet { Kind::FLEET } else { Kind::ARMY };
            let loc = match pick(&s.coast, &v.province(p).coasts) {
                Some(&coast) if s.fleet && !s.style.coast_left_out => coast,
                _ => LocId::of_province(p),
            };
            let power = (!s.style.power_left_out).then_some(power);
            Order {
                claim: None,
                power,
                unit: Some(UnitRef { components: Some(Force::single(PowerId(0), kind, loc).components), loc }),
                action: Action::Build,
            }
        };
        match s.intent {
            AdjustmentIntent::BuildAtHome => {
                let &(power, p) = pick(&s.site, &homes).expect("powers have homes");
                orders.push(build(power, p));
            }
            AdjustmentIntent::BuildAnywhere => {
                orders.push(build(any_power, ProvinceId::new(s.site.index(v.province_count()))))
            }
            AdjustmentIntent::Remove => {
                if let Some(f) = pick(&s.site, &pos.forces) {
                    orders.push(order_of(v, f, s.style, Action::Remove));
                }
            }
            AdjustmentIntent::Waive => {
                orders.push(Order { claim: None, power: Some(any_power), unit: None, action: Action::Waive })
            }
            AdjustmentIntent::Hold => {
                if let Some(f) = pick(&s.site, &pos.forces) {
                    orders.push(order_of(v, f, s.style, Action::Hold));
                }
            }
        }
    }
    orders
}

// ---------------------------------------------------------------------------
// 2. The adjudicator: checks
// ---------------------------------------------------------------------------

fn force_text(v: &Variant, f: &Force) -> String {
    format!(
        "{} {} {}",
        v.power(f.power).name,
        f.components.iter().map(|c| c.kind.letter()).collect::<String>(),
        v.loc_abbr(f.loc)
    )
}

/// The phase, board and orders in notation, for failure messages.
fn describe(v: &Variant, pos: &Position, orders: &[Order]) -> String {
    let forces: Vec<String> = pos.forces.iter().map(|f| force_text(v, f)).collect();
    let dislodged: Vec<String> = pos.dislodged.iter().map(|d| force_text(v, &d.force)).collect();
    let orders: Vec<String> = orders
        .iter()
        .map(|o| format!("{}: {}", o.power.map_or("?", |p| v.power(p).name.as_str()), o.display(v)))
        .collect();
    format!(
        "\n{}\nforces: {}\ndislodged: {}\norders:\n  {}\n",
        v.calendar.display(pos.phase),
        forces.join(", "),
        dislodged.join(", "),
        orders.join("\n  ")
    )
}

fn check_results_follow_orders(outcome: &Outcome, orders: &[Order], at: &str) -> Result<(), TestCaseError> {
    prop_assert!(outcome.results.len() >= orders.len(), "fewer results than orders{}", at);
    for (i, (result, order)) in outcome.results.iter().zip(orders).enumerate() {
        prop_assert_eq!(&*result.order, order, "result {} is not for order {}{}", i, i, at);
    }
    Ok(())
}

fn check_one_force_per_province(v: &Variant, forces: &[Force], at: &str) -> Result<(), TestCaseError> {
    let mut seen = HashSet::new();
    for f in forces {
        prop_assert!(
            seen.insert(v.province_of(f.loc)),
            "two forces in {}{}",
            v.province(v.province_of(f.loc)).abbr,
            at
        );
    }
    Ok(())
}

/// Armies stand on provinces of land or coast, fleets at sea or on a coast,
/// on one named coast where a province has two.
fn check_forces_stand_where_they_can(v: &Variant, forces: &[Force], at: &str) -> Result<(), TestCaseError> {
    for f in forces {
        let province = v.province(v.province_of(f.loc));
        let fits = match (f.is_fleet(), province.terrain) {
            (false, Terrain::Land | Terrain::Coast) => f.loc == LocId::of_province(v.province_of(f.loc)),
            (true, Terrain::Sea) => true,
            (true, Terrain::Coast) => province.coasts.is_empty() || province.coasts.contains(&f.loc),
            _ => false,
        };
        prop_assert!(fits, "{} cannot stand there{}", force_text(v, f), at);
    }
    Ok(())
}

fn same_force(a: &Force, b: &Force) -> bool {
    a.power == b.power && a.components == b.components
}

fn check_movement(v: &Variant, pos: &Position, orders: &[Order], outcome: &Outcome) -> Result<(), TestCaseError> {
    let at = &describe(v, pos, orders);
    let next = &outcome.next;
    check_results_follow_orders(outcome, orders, at)?;
    check_one_force_per_province(v, &next.forces, at)?;
    check_forces_stand_where_they_can(v, &next.forces, at)?;

    // Orders for no force, for another power's force, or of another phase
    // are illegal.
    for (order, result) in orders.iter().zip(&outcome.results) {
        let force = order.unit.as_ref().and_then(|u| pos.force_in(v, v.province_of(u.loc)));
        let wrong_power = matches!((force, order.power), (Some(f), Some(p)) if f.power != p);
        let wrong_phase = matches!(
            order.action,
            Action::Retreat { .. } | Action::Disband | Action::Build | Action::Remove | Action::Waive
        );
        if force.is_none() || wrong_power || wrong_phase {
            prop_assert_eq!(result.verdict(), Verdict::Illegal, "{} should be illegal{}", order.display(v), at);
        }
    }

    // Every force of the start is found once: moved (by a successful move
    // order), dislodged, or where it stood.
    prop_assert_eq!(next.forces.len() + next.dislodged.len(), pos.forces.len(), "forces appeared or vanished{}", at);
    /// Where a force of the start is after the phase.
    #[derive(PartialEq, Eq, Hash)]
    enum Found {
        /// `next.forces[i]`
        Standing(usize),
        /// `next.dislodged[i]`
        Dislodged(usize),
    }
    let mut claimed = HashSet::new();
    for f in &pos.forces {
        let from = v.province_of(f.loc);
        let moved = outcome.results.iter().find(|r| {
            r.verdict() == Verdict::Success
                && matches!(r.order.action, Action::Move { .. })
                && r.order.unit.as_ref().is_some_and(|u| v.province_of(u.loc) == from)
        });
        let dislodged = next.dislodged.iter().position(|d| d.force == *f);
        let (found, now) = match moved {
            Some(r) => {
                let Action::Move { to, .. } = r.order.action else { unreachable!() };
                prop_assert!(dislodged.is_none(), "{} moved and was dislodged{}", force_text(v, f), at);
                let dest = v.province_of(to);
                let Some(i) = next
                    .forces
                    .iter()
                    .position(|g| v.province_of(g.loc) == dest)
                    .filter(|&i| same_force(&next.forces[i], f))
                else {
                    return Err(TestCaseError::fail(format!(
                        "{} moved to {} but is not there{}",
                        force_text(v, f),
                        v.province(dest).abbr,
                        at
                    )));
                };
                let now = &next.forces[i];
                // On the coast the order named, if it named one.
                let coast_named = v.loc(to).coast.is_some() && f.is_fleet();
                prop_assert!(
                    !coast_named || now.loc == to,
                    "{} moved to {}, not to {}{}",
                    force_text(v, f),
                    v.loc_abbr(now.loc),
                    v.loc_abbr(to),
                    at
                );
                (Found::Standing(i), now)
            }
            None => match dislodged {
                Some(i) => (Found::Dislodged(i), f),
                None => {
                    let Some(i) = next.forces.iter().position(|g| g == f) else {
                        return Err(TestCaseError::fail(format!(
                            "{} neither moved, was dislodged, nor stayed{}",
                            force_text(v, f),
                            at
                        )));
                    };
                    (Found::Standing(i), f)
                }
            },
        };
        prop_assert!(claimed.insert(found), "{} (now {}) was found twice{}", force_text(v, f), force_text(v, now), at);
    }

    // A dislodged force was dislodged by another power's force that came
    // from where `attacker_from` says and now stands in its province.
    for d in &next.dislodged {
        let here = v.province_of(d.force.loc);
        let Some(from) = d.attacker_from else {
            return Err(TestCaseError::fail(format!("{} dislodged by no one{}", force_text(v, &d.force), at)));
        };
        let Some(attacker) = pos.force_in(v, from) else {
            return Err(TestCaseError::fail(format!(
                "{} dislodged from {}, where no force stood{}",
                force_text(v, &d.force),
                v.province(from).abbr,
                at
            )));
        };
        prop_assert!(attacker.power != d.force.power, "{} dislodged by its own power{}", force_text(v, &d.force), at);
        prop_assert!(
            next.force_in(v, here).is_some_and(|g| same_force(g, attacker)),
            "{} dislodged, but the attacker from {} is not in its province{}",
            force_text(v, &d.force),
            v.province(from).abbr,
            at
        );
        prop_assert!(
            !next.contested.contains(&here),
            "{} dislodged but its province is marked contested{}",
            force_text(v, &d.force),
            at
        );
    }
    for &p in &next.contested {
        prop_assert!(next.force_in(v, p).is_none(), "{} is contested but occupied{}", v.province(p).abbr, at);
    }
    if !next.dislodged.is_empty() {
        prop_assert_eq!(next.phase, v.calendar.next(pos.phase), "dislodged forces but no retreat phase next{}", at);
    }
    Ok(())
}

fn check_retreat(v: &Variant, pos: &Position, orders: &[Order], outcome: &Outcome) -> Result<(), TestCaseError> {
    let at = &describe(v, pos, orders);
    let next = &outcome.next;
    check_results_follow_orders(outcome, orders, at)?;
    check_one_force_per_province(v, &next.forces, at)?;
    check_forces_stand_where_they_can(v, &next.forces, at)?;
    prop_assert!(next.dislodged.is_empty(), "forces still dislodged after the retreats{}", at);
    prop_assert!(next.contested.is_empty(), "contested provinces kept after the retreats{}", at);
    // The forces that stood stay; the others are dislodged forces that
    // retreated to one of their options, each at most once.
    for f in &pos.forces {
        prop_assert!(next.forces.contains(f), "{} vanished in a retreat phase{}", force_text(v, f), at);
    }
    // Each arrival must be matched to its own dislodged force: a greedy
    // match can give a force's place to another that could have gone there
    // too, so try every assignment (there are only a few).
    let arrived: Vec<&Force> = next.forces.iter().filter(|f| !pos.forces.contains(f)).collect();
    let can = |d: &Dislodged, f: &Force| same_force(&d.force, f) && retreat_options(v, pos, d).contains(&f.loc);
    let mut used = vec![false; pos.dislodged.len()];
    prop_assert!(
        assign(&arrived, &pos.dislodged, &can, &mut used),
        "[{}] are not dislodged forces each retreating to one of its options{}",
        arrived.iter().map(|f| force_text(v, f)).collect::<Vec<_>>().join(", "),
        at
    );
    Ok(())
}

/// Can every force of `arrived` be given a dislodged force of its own
/// (`used` marks those taken) that `can` retreat there?
fn assign(
    arrived: &[&Force],
    dislodged: &[Dislodged],
    can: &dyn Fn(&Dislodged, &Force) -> bool,
    used: &mut [bool],
) -> bool {
    let Some((first, rest)) = arrived.split_first() else { return true };
    for (j, d) in dislodged.iter().enumerate() {
        if !used[j] && can(d, first) {
            used[j] = true;
            if assign(rest, dislodged, can, used) {
                return true;
            }
            used[j] = false;
        }
    }
    false
}

fn centres(v: &Variant, pos: &Position, power: PowerId) -> usize {
    pos.supply_halves(v, power) as usize / 2
}

fn check_adjustment(v: &Variant, pos: &Position, orders: &[Order], outcome: &Outcome) -> Result<(), TestCaseError> {
    let at = &describe(v, pos, orders);
    let next = &outcome.next;
    check_results_follow_orders(outcome, orders, at)?;
    check_one_force_per_province(v, &next.forces, at)?;
    check_forces_stand_where_they_can(v, &next.forces, at)?;
    for power in v.power_ids() {
        let count = |p: &Position| p.forces.iter().filter(|f| f.power == power).count();
        let (before, after, owned) = (count(pos), count(next), centres(v, pos, power));
        let name = &v.power(power).name;
        prop_assert!(
            after <= owned.max(before),
            "{} has {} forces from {} with {} centres{}",
            name,
            after,
            before,
            owned,
            at
        );
        if before > owned {
            prop_assert_eq!(
                after,
                owned,
                "{} with {} forces and {} centres must remove down to its centres{}",
                name,
                before,
                owned,
                at
            );
        }
        if before <= owned {
            for f in pos.forces.iter().filter(|f| f.power == power) {
                prop_assert!(
                    next.forces.contains(f),
                    "{} removed although {} owes no removal{}",
                    force_text(v, f),
                    name,
                    at
                );
            }
        }
    }
    // New forces stand in an owned home centre that was empty.
    for f in next.forces.iter().filter(|f| !pos.forces.contains(f)) {
        let p = v.province_of(f.loc);
        prop_assert!(v.power(f.power).homes.contains(&p), "{} built outside its homes{}", force_text(v, f), at);
        prop_assert_eq!(
            pos.owners[p.index()],
            Some(f.power),
            "{} built in a centre it does not own{}",
            force_text(v, f),
            at
        );
        prop_assert!(pos.force_in(v, p).is_none(), "{} built in an occupied province{}", force_text(v, f), at);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// One year: a random movement phase, its retreats, and an adjustment.
    #[test]
    fn a_year_keeps_the_board_consistent(
        pos in a_movement_position(),
        order_seeds in vec(an_order_seed(), 0..32),
        retreat_seeds in vec(a_retreat_seed(), 0..5),
        adjustment_seeds in vec(an_adjustment_seed(), 0..14),
    ) {
        let v = standard();
        let orders = movement_orders(v, &pos, &order_seeds);
        let moved = adjudicate(v, &pos, &orders);
        check_movement(v, &pos, &orders, &moved)?;

        let mut after = moved.next;
        if !after.dislodged.is_empty() {
            let orders = retreat_orders(v, &after, &retreat_seeds);
            let retreated = adjudicate(v, &after, &orders);
            check_retreat(v, &after, &orders, &retreated)?;
            after = retreated.next;
        }

        after.phase = v.calendar.parse_phase("Winter 1901, Adjustment").expect("an adjustment phase");
        let orders = adjustment_orders(v, &after, &adjustment_seeds);
        let adjusted = adjudicate(v, &after, &orders);
        check_adjustment(v, &after, &orders, &adjusted)?;
    }
}
