//! `polemarch demo`: one game year of standard Diplomacy, adjudicated and
//! published as a game master would.

use crate::{orders_file, report, variants};
use polemarch_engine::adjudicate::balances;
use polemarch_engine::{adjudicate, Order, Position, Variant};
use std::process::ExitCode;

const SPRING: &str = include_str!("../demo/spring_1901.txt");
const AUTUMN: &str = include_str!("../demo/autumn_1901.txt");

pub fn run() -> Result<ExitCode, String> {
    let v = variants::load("standard", None)?;
    let mut pos = Position::start(&v);
    println!("polemarch demo: a year of standard Diplomacy\n");
    for text in [SPRING, AUTUMN] {
        pos = play(&v, &pos, &orders_file::parse(&v, text).map_err(|e| e.join("\n"))?);
    }
    // Winter: builds in free home centres, as many as are due.
    let builds = winter_builds(&v, &pos);
    play(&v, &pos, &builds);
    Ok(ExitCode::SUCCESS)
}

fn play(v: &Variant, pos: &Position, orders: &[Order]) -> Position {
    let outcome = adjudicate(v, pos, orders);
    println!("{}", "=".repeat(72));
    print!("{}", report::phase_report(v, pos, &outcome));
    println!();
    outcome.next
}

/// Every power builds armies in its free, owned home centres, up to what
/// it is due.
fn winter_builds(v: &Variant, pos: &Position) -> Vec<Order> {
    let mut text = String::new();
    for (p, due) in balances(v, pos).into_iter().enumerate() {
        let free = v.powers[p].homes.iter().filter(|&&h| pos.owners[h as usize] == Some(p as u8) && pos.force_in(v, h).is_none());
        for home in free.take((due / 2).max(0) as usize) {
            text += &format!("{}: BUILD A {}\n", v.powers[p].name, v.province(*home).abbr);
        }
    }
    orders_file::parse(v, &text).expect("builds written by the demo parse")
}
