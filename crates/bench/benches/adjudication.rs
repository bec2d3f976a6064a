//! `cargo bench -p polemarch-bench [-- --quick] [-- NAME]`
//!
//! Times one adjudication of each scenario by polemarch and by the
//! `diplomacy` crate 0.2.0, and prints a table with the ratio.

use polemarch_bench::scenarios::{self, Scenario};
use polemarch_bench::timing::{format_duration, measure, Budget, Measurement};
use polemarch_bench::{ours, peer};

fn polemarch_side(scenario: &'static Scenario, budget: Budget) -> Option<Measurement> {
    let prepared = ours::prepare(scenario);
    for (line, succeeded) in ours::verdicts(scenario, &prepared) {
        if succeeded != scenario.expects_success(line) {
            eprintln!("warning: polemarch disagrees with the scenario on `{line}`");
        }
    }
    let mut judge = polemarch_engine::adjudicate::Adjudicator::new(&prepared.variant);
    Some(measure(budget, &prepared, |p| ours::adjudicate_ours(&mut judge, p)))
}

fn peer_side(scenario: &'static Scenario, budget: Budget) -> Measurement {
    let prepared = peer::prepare(scenario);
    for (line, succeeded) in peer::verdicts(&prepared) {
        if succeeded != scenario.expects_success(line) {
            eprintln!("warning: diplomacy disagrees with the scenario on `{line}`");
        }
    }
    measure(budget, &prepared, peer::adjudicate_peer)
}

struct Row {
    scenario: &'static Scenario,
    polemarch: Option<Measurement>,
    peer: Measurement,
}

fn main() {
    let mut budget = Budget::FULL;
    let mut filter = None;
    // cargo passes `--bench`; other flags are ignored.
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--quick" => budget = Budget::QUICK,
            flag if flag.starts_with('-') => {}
            name => filter = Some(name.to_string()),
        }
    }

    let rows: Vec<Row> = scenarios::all()
        .into_iter()
        .filter(|scenario| filter.as_deref().is_none_or(|f| scenario.name.contains(f)))
        .map(|scenario| Row {
            scenario,
            polemarch: polemarch_side(scenario, budget),
            peer: peer_side(scenario, budget),
        })
        .collect();

    print_table(&rows, budget);
}

fn print_table(rows: &[Row], budget: Budget) {
    println!();
    println!(
        "adjudication time, median per adjudication over >= {} batches, ~{} per measurement",
        budget.batches,
        format_duration(budget.measure)
    );
    println!(
        "{:<11} {:<24} {:>5} {:>6} {:>12} {:>16} {:>22}",
        "scenario", "phase", "units", "orders", "polemarch", "diplomacy 0.2.0", "diplomacy / polemarch"
    );
    for row in rows {
        let s = row.scenario;
        let polemarch = row.polemarch.map_or("not wired".into(), |m| format_duration(m.median));
        let ratio = row.polemarch.map_or("-".into(), |m| {
            let ratio = row.peer.median.as_secs_f64() / m.median.as_secs_f64();
            if ratio >= 1.0 {
                format!("{ratio:.1}x faster")
            } else {
                format!("{:.1}x slower", 1.0 / ratio)
            }
        });
        println!(
            "{:<11} {:<24} {:>5} {:>6} {:>12} {:>16} {:>22}",
            s.name,
            s.phase,
            s.units.len() + s.dislodged.len(),
            s.orders.len(),
            polemarch,
            format_duration(row.peer.median),
            ratio
        );
    }
    println!();
    println!("diplomacy spread (fastest .. slowest batch, iterations):");
    for row in rows {
        let m = row.peer;
        println!(
            "  {:<11} {} .. {}, {} iterations in {} batches",
            row.scenario.name,
            format_duration(m.fastest),
            format_duration(m.slowest),
            m.iterations,
            m.batches
        );
    }
    println!();
    println!("what the diplomacy side times (its standard map patched with the ten borders");
    println!("it lacks in 0.2.0 and Constantinople - Smyrna opened to fleets, see peer.rs):");
    let mut kinds: Vec<_> = rows.iter().map(|row| row.scenario.kind).collect();
    kinds.dedup();
    for kind in kinds {
        println!("  {kind:?}: {}", peer::what_is_timed(kind));
    }
}
