//! The greedy bot's tactics on small positions of standard Diplomacy: it
//! supports its own attack on a centre it can take, and supports a
//! threatened centre of its own.

mod common;

use common::{autumn, standard};
use polemarch_bots::{bot_named, Board, Rng};
use polemarch_engine::state::Kind;
use polemarch_engine::variant::PowerId;
use polemarch_engine::{Position, Variant};

fn greedy_orders(v: &Variant, pos: &Position, power: &str) -> Vec<String> {
    let board = Board::new(v, pos);
    let me: PowerId = v.find_power(power).unwrap();
    let mut orders: Vec<String> = bot_named("greedy")
        .unwrap()
        .orders(&board, me, &mut Rng::new(1))
        .iter()
        .map(|o| o.display(v).to_string())
        .collect();
    orders.sort();
    orders
}

#[test]
fn supports_its_attack_on_an_occupied_centre() {
    let v = standard();
    // A Russian army alone in Serbia; Austria beside it with two armies.
    let pos = autumn(
        &v,
        &[
            ("Austria", Kind::ARMY, "bud"),
            ("Austria", Kind::ARMY, "tri"),
            ("Russia", Kind::ARMY, "ser"),
            ("Russia", Kind::ARMY, "mos"),
        ],
    );
    let orders = greedy_orders(&v, &pos, "Austria");
    let attack = ["A bud - ser", "A tri S A bud - ser"];
    let other = ["A bud S A tri - ser", "A tri - ser"];
    assert!(orders == attack || orders == other, "{orders:?}");
}

#[test]
fn supports_a_threatened_home_centre() {
    let v = standard();
    // Two Russian armies beside Budapest in the Autumn; Vienna can help.
    let pos = autumn(
        &v,
        &[
            ("Austria", Kind::ARMY, "bud"),
            ("Austria", Kind::ARMY, "vie"),
            ("Russia", Kind::ARMY, "gal"),
            ("Russia", Kind::ARMY, "rum"),
        ],
    );
    let orders = greedy_orders(&v, &pos, "Austria");
    assert!(orders.contains(&"A vie S A bud".to_string()), "{orders:?}");
    assert!(orders.contains(&"A bud H".to_string()), "{orders:?}");
}

#[test]
fn takes_an_empty_centre_beside_it() {
    let v = standard();
    let pos = autumn(&v, &[("Austria", Kind::ARMY, "gal"), ("Russia", Kind::ARMY, "mos")]);
    // Warsaw (Russian) and Rumania (neutral) are empty centres beside
    // Galicia, Moscow's army could reach only Warsaw: the army takes one.
    let orders = greedy_orders(&v, &pos, "Austria");
    assert!(orders.iter().any(|o| o == "A gal - war" || o == "A gal - rum"), "{orders:?}");
    assert_eq!(orders.len(), 1);
}
