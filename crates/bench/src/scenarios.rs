//! The positions the benchmark adjudicates, written once in polemarch's judge
//! notation (the order forms of `/work/shared/CASES.md`).
//!
//! The mid-game, retreat and adjustment scenarios are one autumn of one game:
//! the Fall 1903 movement phase, the retreats it causes, and the Winter 1903
//! adjustments that follow. Each scenario can be rendered as a case file with
//! [`Scenario::case_text`], which is the easiest way to hand it to a judge that
//! reads case files.

/// Which kind of phase a scenario adjudicates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Movement,
    Retreat,
    Adjustment,
}

/// One position and the orders given in it.
#[derive(Debug)]
pub struct Scenario {
    /// Short name, used by the benchmark filter.
    pub name: &'static str,
    /// What the position shows.
    pub title: &'static str,
    /// As a case file's `PRESTATE_SETPHASE`: `Spring 1901, Movement`.
    pub phase: &'static str,
    pub kind: Kind,
    /// Units on the board: `England: F lon`.
    pub units: &'static [&'static str],
    /// Retreat phases: the dislodged units, `France: A bel`.
    pub dislodged: &'static [&'static str],
    /// Retreat phases: the movement results that decide attacker origins and
    /// standoffs, `SUCCESS: England: A wal - bel` or `FAILURE: ...`.
    pub results: &'static [&'static str],
    /// Owned supply centres, `England: lon`; empty means the starting ownership.
    pub centre_owners: &'static [&'static str],
    /// The orders: `England: F lon - nth`, `BUILD A par`, `REMOVE F nth`.
    pub orders: &'static [&'static str],
    /// The orders (exactly as in `orders`) expected to fail: a move that does
    /// not move, a support that is cut, a hold or convoy whose unit is
    /// dislodged, a retreat or adjustment order that is not carried out.
    /// Every other order succeeds.
    pub failing: &'static [&'static str],
}

/// Every scenario, in the order the benchmark runs them.
pub fn all() -> [&'static Scenario; 4] {
    [&OPENING, &MIDGAME, &RETREAT, &ADJUSTMENT]
}

impl Scenario {
    /// Splits `Power: rest` into the power and the rest.
    pub fn split_power(line: &str) -> (&str, &str) {
        let (power, rest) = line.split_once(':').expect("line starts with `Power:`");
        (power.trim(), rest.trim())
    }

    /// Whether `order` (a line of `orders`) is expected to succeed.
    pub fn expects_success(&self, order: &str) -> bool {
        !self.failing.contains(&order)
    }

    /// The scenario as a case file (CASES.md grammar), with the expected
    /// result of every order under `POSTSTATE_RESULTS`.
    pub fn case_text(&self) -> String {
        let mut text = format!("CASE bench.{} {}\n", self.name, self.title);
        text += &format!("PRESTATE_SETPHASE {}\n", self.phase);
        section(&mut text, "PRESTATE", self.units);
        section(&mut text, "PRESTATE_DISLODGED", self.dislodged);
        section(&mut text, "PRESTATE_RESULTS", self.results);
        section(&mut text, "PRESTATE_SUPPLYCENTER_OWNERS", self.centre_owners);
        section(&mut text, "ORDERS", self.orders);
        text += "POSTSTATE_RESULTS\n";
        for order in self.orders {
            let verdict = if self.expects_success(order) { "SUCCESS" } else { "FAILURE" };
            text += &format!("    {verdict}: {order}\n");
        }
        text += "END\n";
        text
    }
}

fn section(text: &mut String, keyword: &str, lines: &[&str]) {
    if lines.is_empty() {
        return;
    }
    *text += keyword;
    *text += "\n";
    for line in lines {
        *text += &format!("    {line}\n");
    }
}

/// (a) The standard opening: all 22 units, common first moves. Galicia and
/// the Black Sea are each entered by two powers and stand off.
#[rustfmt::skip]
pub static OPENING: Scenario = Scenario {
    name: "opening",
    title: "Spring 1901, the usual opening moves",
    phase: "Spring 1901, Movement",
    kind: Kind::Movement,
    units: &[
        "Austria: A vie", "Austria: A bud", "Austria: F tri",
        "England: F edi", "England: F lon", "England: A lvp",
        "France: F bre", "France: A mar", "France: A par",
        "Germany: F kie", "Germany: A ber", "Germany: A mun",
        "Italy: F nap", "Italy: A rom", "Italy: A ven",
        "Russia: A war", "Russia: A mos", "Russia: F sev", "Russia: F stp/sc",
        "Turkey: F ank", "Turkey: A con", "Turkey: A smy",
    ],
    dislodged: &[],
    results: &[],
    centre_owners: &[],
    orders: &[
        "Austria: A vie - gal", "Austria: A bud - ser", "Austria: F tri - alb",
        "England: F lon - nth", "England: F edi - nwg", "England: A lvp - yor",
        "France: A par - bur", "France: A mar - spa", "France: F bre - mao",
        "Germany: A ber - kie", "Germany: A mun - ruh", "Germany: F kie - den",
        "Italy: A ven H", "Italy: A rom - apu", "Italy: F nap - ion",
        "Russia: A mos - ukr", "Russia: A war - gal", "Russia: F sev - bla",
        "Russia: F stp/sc - bot",
        "Turkey: A con - bul", "Turkey: A smy - con", "Turkey: F ank - bla",
    ],
    failing: &[
        "Austria: A vie - gal", "Russia: A war - gal",
        "Russia: F sev - bla", "Turkey: F ank - bla",
    ],
};

/// (b) A crowded autumn, 33 units. England convoys A wal into Belgium with
/// German help while Germany cuts the French support from Burgundy; Russia
/// and Germany dislodge the Austrian army in Galicia (the support from
/// Budapest is cut); Turkey convoys A smy into Greece and dislodges the
/// Austrian fleet (the Italian support from the Ionian is cut); Italy
/// convoys A rom to Tunis; Austria and Italy stand off in Trieste; attacks
/// on St Petersburg, Burgundy, Budapest and the English Channel fail.
#[rustfmt::skip]
pub static MIDGAME: Scenario = Scenario {
    name: "midgame",
    title: "Fall 1903, a crowded board: convoys, supports, cuts, a standoff, three dislodgements",
    phase: "Fall 1903, Movement",
    kind: Kind::Movement,
    units: &[
        "England: F nth", "England: F eng", "England: A wal", "England: F bar", "England: F nwy",
        "France: A bel", "France: A bur", "France: A gas", "France: F bre", "France: A mar",
        "Germany: A ruh", "Germany: A mun", "Germany: A hol", "Germany: F den", "Germany: A sil",
        "Russia: A stp", "Russia: A mos", "Russia: A war", "Russia: A ukr", "Russia: A rum",
        "Austria: A gal", "Austria: A bud", "Austria: A vie", "Austria: F gre", "Austria: A alb",
        "Turkey: F eas", "Turkey: A bul", "Turkey: F aeg", "Turkey: A smy",
        "Italy: F ion", "Italy: F tys", "Italy: A ven", "Italy: A rom",
    ],
    dislodged: &[],
    results: &[],
    centre_owners: &FALL_1903_OWNERS,
    orders: &MIDGAME_ORDERS,
    failing: &[
        "England: F bar - stp/nc",
        "France: A bel H", "France: A bur S A bel", "France: F bre - eng",
        "Germany: A ruh - bur",
        "Russia: A rum - bud",
        "Austria: A gal H", "Austria: A bud S A gal", "Austria: F gre H", "Austria: A alb - tri",
        "Turkey: F eas - ion",
        "Italy: F ion S F gre", "Italy: A ven - tri",
    ],
};

#[rustfmt::skip]
const MIDGAME_ORDERS: [&str; 33] = [
    "England: A wal - bel",
    "England: F eng C A wal - bel",
    "England: F nth S A wal - bel",
    "England: F bar - stp/nc",
    "England: F nwy S F bar - stp",
    "France: A bel H",
    "France: A bur S A bel",
    "France: A gas S A bur",
    "France: F bre - eng",
    "France: A mar - pie",
    "Germany: A hol S A wal - bel",
    "Germany: A ruh - bur",
    "Germany: A mun S A ruh - bur",
    "Germany: F den - bal",
    "Germany: A sil S A war - gal",
    "Russia: A stp H",
    "Russia: A mos S A stp",
    "Russia: A war - gal",
    "Russia: A ukr S A war - gal",
    "Russia: A rum - bud",
    "Austria: A gal H",
    "Austria: A bud S A gal",
    "Austria: A vie S A gal",
    "Austria: F gre H",
    "Austria: A alb - tri",
    "Turkey: A smy - gre",
    "Turkey: F aeg C A smy - gre",
    "Turkey: A bul S A smy - gre",
    "Turkey: F eas - ion",
    "Italy: F ion S F gre",
    "Italy: A ven - tri",
    "Italy: F tys C A rom - tun",
    "Italy: A rom - tun",
];

/// Supply centres during 1903 (Portugal still neutral).
#[rustfmt::skip]
const FALL_1903_OWNERS: [&str; 33] = [
    "England: lon", "England: edi", "England: lvp", "England: nwy", "England: swe",
    "France: par", "France: bre", "France: mar", "France: bel", "France: spa",
    "Germany: ber", "Germany: kie", "Germany: mun", "Germany: hol", "Germany: den",
    "Russia: stp", "Russia: mos", "Russia: war", "Russia: sev", "Russia: rum",
    "Austria: vie", "Austria: bud", "Austria: tri", "Austria: ser", "Austria: gre",
    "Turkey: ank", "Turkey: con", "Turkey: smy", "Turkey: bul",
    "Italy: ven", "Italy: rom", "Italy: nap", "Italy: tun",
];

/// (c) The retreats after the mid-game autumn: the French army retreats from
/// Belgium to Picardy, the Austrian army from Galicia to Bohemia, and the
/// Austrian fleet in Greece, with nowhere to go, disbands.
#[rustfmt::skip]
pub static RETREAT: Scenario = Scenario {
    name: "retreat",
    title: "Fall 1903 retreats after the mid-game movement",
    phase: "Fall 1903, Retreat",
    kind: Kind::Retreat,
    units: &[
        "England: A bel", "England: F nth", "England: F eng", "England: F bar", "England: F nwy",
        "France: A bur", "France: A gas", "France: F bre", "France: A pie",
        "Germany: A ruh", "Germany: A mun", "Germany: A hol", "Germany: F bal", "Germany: A sil",
        "Russia: A stp", "Russia: A mos", "Russia: A gal", "Russia: A ukr", "Russia: A rum",
        "Austria: A bud", "Austria: A vie", "Austria: A alb",
        "Turkey: F eas", "Turkey: A bul", "Turkey: F aeg", "Turkey: A gre",
        "Italy: F ion", "Italy: F tys", "Italy: A ven", "Italy: A tun",
    ],
    dislodged: &["France: A bel", "Austria: A gal", "Austria: F gre"],
    results: &[
        "SUCCESS: England: A wal - bel",
        "SUCCESS: England: F eng C A wal - bel",
        "SUCCESS: England: F nth S A wal - bel",
        "FAILURE: England: F bar - stp/nc",
        "SUCCESS: England: F nwy S F bar - stp",
        "FAILURE: France: A bel H",
        "FAILURE: France: A bur S A bel",
        "SUCCESS: France: A gas S A bur",
        "FAILURE: France: F bre - eng",
        "SUCCESS: France: A mar - pie",
        "SUCCESS: Germany: A hol S A wal - bel",
        "FAILURE: Germany: A ruh - bur",
        "SUCCESS: Germany: A mun S A ruh - bur",
        "SUCCESS: Germany: F den - bal",
        "SUCCESS: Germany: A sil S A war - gal",
        "SUCCESS: Russia: A stp H",
        "SUCCESS: Russia: A mos S A stp",
        "SUCCESS: Russia: A war - gal",
        "SUCCESS: Russia: A ukr S A war - gal",
        "FAILURE: Russia: A rum - bud",
        "FAILURE: Austria: A gal H",
        "FAILURE: Austria: A bud S A gal",
        "SUCCESS: Austria: A vie S A gal",
        "FAILURE: Austria: F gre H",
        "FAILURE: Austria: A alb - tri",
        "SUCCESS: Turkey: A smy - gre",
        "SUCCESS: Turkey: F aeg C A smy - gre",
        "SUCCESS: Turkey: A bul S A smy - gre",
        "FAILURE: Turkey: F eas - ion",
        "FAILURE: Italy: F ion S F gre",
        "FAILURE: Italy: A ven - tri",
        "SUCCESS: Italy: F tys C A rom - tun",
        "SUCCESS: Italy: A rom - tun",
    ],
    centre_owners: &FALL_1903_OWNERS,
    orders: &["France: A bel - pic", "Austria: A gal - boh", "Austria: F gre D"],
    failing: &[],
};

/// (c) Winter 1903: England (Belgium) and Turkey (Greece) build, France,
/// down to four centres with five units, removes one.
#[rustfmt::skip]
pub static ADJUSTMENT: Scenario = Scenario {
    name: "adjustment",
    title: "Winter 1903 builds and removals after the mid-game autumn",
    phase: "Winter 1903, Adjustment",
    kind: Kind::Adjustment,
    units: &[
        "England: A bel", "England: F nth", "England: F eng", "England: F bar", "England: F nwy",
        "France: A bur", "France: A gas", "France: F bre", "France: A pie", "France: A pic",
        "Germany: A ruh", "Germany: A mun", "Germany: A hol", "Germany: F bal", "Germany: A sil",
        "Russia: A stp", "Russia: A mos", "Russia: A gal", "Russia: A ukr", "Russia: A rum",
        "Austria: A bud", "Austria: A vie", "Austria: A alb", "Austria: A boh",
        "Turkey: F eas", "Turkey: A bul", "Turkey: F aeg", "Turkey: A gre",
        "Italy: F ion", "Italy: F tys", "Italy: A ven", "Italy: A tun",
    ],
    dislodged: &[],
    results: &[],
    centre_owners: &[
        "England: lon", "England: edi", "England: lvp", "England: nwy", "England: swe",
        "England: bel",
        "France: par", "France: bre", "France: mar", "France: spa",
        "Germany: ber", "Germany: kie", "Germany: mun", "Germany: hol", "Germany: den",
        "Russia: stp", "Russia: mos", "Russia: war", "Russia: sev", "Russia: rum",
        "Austria: vie", "Austria: bud", "Austria: tri", "Austria: ser",
        "Turkey: ank", "Turkey: con", "Turkey: smy", "Turkey: bul", "Turkey: gre",
        "Italy: ven", "Italy: rom", "Italy: nap", "Italy: tun",
    ],
    orders: &["England: BUILD F edi", "Turkey: BUILD F smy", "France: REMOVE A pie"],
    failing: &[],
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The retreat scenario's movement results are the mid-game orders with
    /// the mid-game's expected outcomes.
    #[test]
    fn midgame_and_retreat_tell_the_same_story() {
        let annotated: Vec<String> = MIDGAME
            .orders
            .iter()
            .map(|order| {
                let verdict = if MIDGAME.expects_success(order) { "SUCCESS" } else { "FAILURE" };
                format!("{verdict}: {order}")
            })
            .collect();
        assert_eq!(annotated, RETREAT.results);
    }

    #[test]
    fn movement_scenarios_order_every_unit_once() {
        for scenario in [&OPENING, &MIDGAME] {
            let mut ordered: Vec<String> = scenario
                .orders
                .iter()
                .map(|line| {
                    let (power, order) = Scenario::split_power(line);
                    let unit: Vec<&str> = order.split_whitespace().take(2).collect();
                    format!("{power}: {}", unit.join(" "))
                })
                .collect();
            let mut units: Vec<String> = scenario.units.iter().map(|u| u.to_string()).collect();
            ordered.sort();
            units.sort();
            assert_eq!(ordered, units, "{}", scenario.name);
            for failing in scenario.failing {
                assert!(scenario.orders.contains(failing), "{failing}");
            }
        }
    }

    /// Each power builds or removes exactly the difference between its
    /// centres and its units.
    #[test]
    fn adjustment_orders_match_the_centre_counts() {
        for power in ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"] {
            let count = |lines: &[&str], what: &str| {
                lines.iter().filter(|l| l.starts_with(power) && l.contains(what)).count() as i32
            };
            let centres = count(ADJUSTMENT.centre_owners, ":");
            let units = count(ADJUSTMENT.units, ":");
            let builds = count(ADJUSTMENT.orders, "BUILD");
            let removals = count(ADJUSTMENT.orders, "REMOVE");
            assert_eq!(builds - removals, centres - units, "{power}");
        }
    }

    #[test]
    fn case_text_is_a_case_file() {
        let text = RETREAT.case_text();
        assert!(text.starts_with("CASE bench.retreat "));
        assert!(text.contains("PRESTATE_SETPHASE Fall 1903, Retreat\n"));
        assert!(text.contains("PRESTATE_DISLODGED\n    France: A bel\n"));
        assert!(text.contains("POSTSTATE_RESULTS\n    SUCCESS: France: A bel - pic\n"));
        assert!(text.ends_with("END\n"));
    }
}
