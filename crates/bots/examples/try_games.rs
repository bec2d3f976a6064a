//! Plays one game of a variant with one bot for every power and prints its
//! summary: `cargo run --release -p polemarch-bots --example try_games -- standard greedy 20 1`.
use polemarch_bots::selfplay::play_game;
use polemarch_bots::{bot_named, Bot};
use polemarch_engine::variant::embedded_variant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let id = args.get(1).map_or("standard", String::as_str);
    let names: Vec<&str> = args.get(2).map_or("greedy", String::as_str).split(',').collect();
    let years: u32 = args.get(3).and_then(|y| y.parse().ok()).unwrap_or(20);
    let seed: u64 = args.get(4).and_then(|y| y.parse().ok()).unwrap_or(1);
    let v = embedded_variant(id).expect("built in").expect("valid");
    let owned: Vec<Box<dyn Bot>> = (0..v.powers.len()).map(|p| bot_named(names[p % names.len()]).unwrap()).collect();
    let bots: Vec<&dyn Bot> = owned.iter().map(|b| b.as_ref()).collect();
    let t = std::time::Instant::now();
    let (_, s) = play_game(&v, id, &bots, 0, seed, years, "now").unwrap();
    println!("{:?} years {} phases {} in {:?}; rejected {}", s.result, s.years, s.phases, t.elapsed(), s.rejected.len());
    for r in s.rejected.iter().take(10) {
        println!("  {r}");
    }
    println!("{:?}", s.centres_by_year.last());
}
