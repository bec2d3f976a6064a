//! `cargo bench -p polemarch-render`: the time to draw one phase of
//! standard Diplomacy (Spring 1901 with 22 orders and their results) on
//! its board as SVG and as a 1200-pixel PNG, with the real coastline and,
//! to compare in the same run, schematic; the board's own time apart, and
//! a phase with it.

use polemarch_engine::order::parse_order_line;
use polemarch_engine::variant::embedded_variant;
use polemarch_engine::{adjudicate, Position};
use polemarch_render::DrawnOrder;
use std::time::Instant;

const ORDERS: &str = "Austria: A vie - gal\nAustria: A bud - ser\nAustria: F tri - alb\nEngland: F lon - nth\n\
                      England: F edi - nwg\nEngland: A lvp - yor\nFrance: A par - bur\nFrance: A mar S A par - bur\n\
                      France: F bre - mao\nGermany: A ber - kie\nGermany: F kie - den\nGermany: A mun - ruh\n\
                      Italy: A ven H\nItaly: A rom - apu\nItaly: F nap - ion\nRussia: A war - gal\n\
                      Russia: A mos - ukr\nRussia: F sev - bla\nRussia: F stp/sc - bot\nTurkey: F ank - bla\n\
                      Turkey: A con - bul\nTurkey: A smy - arm";

fn main() {
    let v = embedded_variant("standard").unwrap().unwrap();
    let pos = Position::start(&v);
    let orders: Vec<_> = ORDERS.lines().map(|l| parse_order_line(&v, l).unwrap()).collect();
    let outcome = adjudicate(&v, &pos, &orders);
    let drawn: Vec<DrawnOrder> = outcome
        .results
        .iter()
        .map(|r| DrawnOrder { order: r.order.clone().into_owned(), verdict: Some(r.verdict()) })
        .collect();
    let filter: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let once = std::env::var("POLEMARCH_BENCH_RUNS").ok().and_then(|r| r.parse::<u32>().ok());
    let time = |key: &str, name: &str, runs: u32, f: &dyn Fn() -> usize| {
        if !filter.is_empty() && !filter.iter().any(|k| k == key) {
            return;
        }
        let runs = once.unwrap_or(runs);
        let mut bytes = if once.is_some() { 0 } else { f() };
        let start = Instant::now();
        for _ in 0..runs {
            bytes = f();
        }
        let ms = start.elapsed().as_secs_f64() * 1000.0 / runs as f64;
        println!("{name}: {ms:.2} ms a picture ({runs} runs, {} KB)", bytes / 1024);
    };
    // A judge computes a variant's board once (the web judge keeps it) and
    // draws each phase on it: "one phase" is that; the board is timed apart.
    let board = polemarch_render::Board::of(&v);
    let schematic = polemarch_render::Board::new(&v);
    time("board", "standard, its board with the real coastline", 50, &|| polemarch_render::Board::of(&v).sites.len());
    time("svg", "standard, one phase with orders, SVG", 50, &|| {
        polemarch_render::svg_on(&board, &v, &pos, &drawn, None).len()
    });
    time("png", "standard, one phase with orders, PNG 1200 px", 10, &|| {
        polemarch_render::png(&polemarch_render::svg_on(&board, &v, &pos, &drawn, None), Some(1200)).unwrap().len()
    });
    time("png+board", "standard, one phase with orders, PNG 1200 px, board included", 10, &|| {
        polemarch_render::png(&polemarch_render::svg(&v, &pos, &drawn, None), Some(1200)).unwrap().len()
    });
    time("schematic", "standard, one phase with orders, PNG 1200 px, schematic (no coastline)", 10, &|| {
        polemarch_render::png(&polemarch_render::svg_on(&schematic, &v, &pos, &drawn, None), Some(1200)).unwrap().len()
    });
}
