//! DumbBot's values and the search bot's choices on small positions of
//! standard Diplomacy.

mod common;

use common::{autumn, standard};
use polemarch_bots::dumbbot::values::{values, AUTUMN};
use polemarch_bots::{bot_named, Board, Rng};
use polemarch_engine::state::Kind;
use polemarch_engine::variant::PowerId;
use polemarch_engine::{Position, Variant};

fn power(v: &Variant, name: &str) -> PowerId {
    v.find_power(name).unwrap()
}

fn army_value(v: &Variant, pos: &Position, me: &str, at: &str) -> f64 {
    let board = Board::new(v, pos);
    let vals = values(&board, power(v, me), &AUTUMN);
    vals.army[v.province_of(v.find_loc(at).unwrap()).index()]
}

/// A centre of another power is worth more the bigger its owner
/// (Norman's description: "the size of the owning power").
#[test]
fn a_bigger_owners_centre_is_worth_more() {
    let v = standard();
    let mut pos =
        autumn(&v, &[("Germany", Kind::ARMY, "ruh"), ("Austria", Kind::ARMY, "vie"), ("France", Kind::ARMY, "par")]);
    let before = army_value(&v, &pos, "Germany", "bel");
    // Belgium, neutral at the start, becomes France's; France then owns
    // four centres, more than the average power's three and a bit.
    pos.owners[v.province_of(v.find_loc("bel").unwrap()).index()] = Some(power(&v, "France"));
    let after = army_value(&v, &pos, "Germany", "bel");
    assert!(after > before, "Belgium to Germany: {before} neutral, {after} French");
}

/// Worth spreads to the neighbours: a province next to centres to take is
/// worth more to an army than one far from any.
#[test]
fn worth_spreads_to_the_neighbours() {
    let v = standard();
    let pos = autumn(&v, &[("Germany", Kind::ARMY, "ruh"), ("Russia", Kind::ARMY, "mos")]);
    // Burgundy borders Belgium, Munich, Marseilles and Paris; Silesia Berlin,
    // Munich and Warsaw (all but Warsaw Germany's own, unthreatened).
    let bur = army_value(&v, &pos, "Germany", "bur");
    let sil = army_value(&v, &pos, "Germany", "sil");
    assert!(bur > sil, "Burgundy {bur}, Silesia {sil}");
}

/// The search bot takes an empty neutral centre beside it in the Autumn,
/// whatever the seed.
#[test]
fn search_takes_an_empty_centre() {
    let v = standard();
    let pos = autumn(&v, &[("Austria", Kind::ARMY, "bud"), ("Russia", Kind::ARMY, "mos")]);
    let board = Board::new(&v, &pos);
    let bot = bot_named("search").unwrap();
    for seed in 1..=5 {
        let orders: Vec<String> = bot
            .orders(&board, power(&v, "Austria"), &mut Rng::new(seed))
            .iter()
            .map(|o| o.display(&v).to_string())
            .collect();
        assert!(orders == ["A bud - ser"] || orders == ["A bud - rum"], "seed {seed}: {orders:?}");
    }
}

/// The search bot supports its attack on a centre held by one army, where
/// one army alone would bounce.
#[test]
fn search_supports_an_attack() {
    let v = standard();
    let mut pos = autumn(
        &v,
        &[
            ("Austria", Kind::ARMY, "bud"),
            ("Austria", Kind::ARMY, "tri"),
            ("Russia", Kind::ARMY, "ser"),
            ("Russia", Kind::ARMY, "mos"),
        ],
    );
    // Rumania and Venice already Austria's: Serbia is the one centre to take.
    for c in ["rum", "ven"] {
        pos.owners[v.province_of(v.find_loc(c).unwrap()).index()] = Some(power(&v, "Austria"));
    }
    let board = Board::new(&v, &pos);
    let bot = bot_named("search").unwrap();
    for seed in 1..=3 {
        let mut orders: Vec<String> = bot
            .orders(&board, power(&v, "Austria"), &mut Rng::new(seed))
            .iter()
            .map(|o| o.display(&v).to_string())
            .collect();
        orders.sort();
        let supported = orders.iter().any(|o| o.contains(" S A ") && o.ends_with("- ser"));
        assert!(supported, "seed {seed}: {orders:?}");
    }
}
