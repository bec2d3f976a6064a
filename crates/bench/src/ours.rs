//! The polemarch side of the benchmark: a scenario read through the engine's
//! own case-file reader once, then adjudicated.

use crate::scenarios::Scenario;
use polemarch_engine::adjudicate::{Adjudicator, OrderResult, Verdict};
use polemarch_engine::cases::{order_line, parse_cases, prestate};
use polemarch_engine::variant::embedded_variant;
use polemarch_engine::{adjudicate, Order, Position, Variant};

pub struct Prepared {
    pub variant: Variant,
    pub position: Position,
    pub orders: Vec<Order>,
}

/// Reads a scenario into the engine's types (not timed).
pub fn prepare(scenario: &Scenario) -> Prepared {
    let variant = embedded_variant("standard").expect("standard is built in").expect("standard loads");
    let cases = parse_cases(&scenario.case_text());
    let case = &cases[0];
    let position = prestate(case, &variant).expect("the scenario's position reads");
    let orders = case.orders.iter().map(|l| order_line(&variant, l).expect("the scenario's orders read")).collect();
    Prepared { variant, position, orders }
}

/// The engine's verdict on every order of the scenario, by order line.
pub fn verdicts(scenario: &Scenario, prepared: &Prepared) -> Vec<(&'static str, bool)> {
    let outcome = adjudicate(&prepared.variant, &prepared.position, &prepared.orders);
    scenario.orders.iter().zip(&outcome.results).map(|(line, r)| (*line, r.verdict() == Verdict::Success)).collect()
}

/// What is timed: one adjudication, outcome and next position included,
/// by a context kept from one adjudication to the next (as a replay or a
/// bot's search keeps it).
pub fn adjudicate_ours<'a>(judge: &mut Adjudicator, prepared: &'a Prepared) -> polemarch_engine::Outcome<'a> {
    judge.adjudicate(&prepared.position, &prepared.orders)
}

/// One adjudication written into buffers kept from one to the next (a
/// bot's inner loop): no allocation at all once warm.
pub fn adjudicate_ours_into<'a>(
    judge: &mut Adjudicator,
    prepared: &'a Prepared,
    results: &mut Vec<OrderResult<'a>>,
    next: &mut Position,
) {
    judge.adjudicate_into(&prepared.position, &prepared.orders, results, next)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenarios;

    /// polemarch gives every scenario order the result the scenario expects.
    #[test]
    fn polemarch_agrees_with_every_scenario() {
        for scenario in scenarios::all() {
            let prepared = prepare(scenario);
            let verdicts = verdicts(scenario, &prepared);
            assert_eq!(verdicts.len(), scenario.orders.len(), "{}", scenario.name);
            for (line, succeeded) in verdicts {
                assert_eq!(succeeded, scenario.expects_success(line), "{}: `{line}`", scenario.name);
            }
        }
    }
}
