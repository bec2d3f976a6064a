//! Prints an adjudicated phase the way a game master publishes it: each
//! power's orders with their results and reasons, the dislodged units and
//! where they may retreat, the standoffs, and the position that follows.

use polemarch_engine::adjudicate::{retreat_options, Outcome, Verdict};
use polemarch_engine::state::json::{force_text, unit_text};
use polemarch_engine::variant::check::halves_text;
use polemarch_engine::variant::PowerId;
use polemarch_engine::{Position, Variant};
use std::fmt::Write;

pub fn phase_report(v: &Variant, before: &Position, outcome: &Outcome) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", v.calendar.display(before.phase));
    for (p, power) in v.powers.iter().enumerate() {
        let mine: Vec<_> = outcome.results.iter().filter(|r| r.order.power == Some(PowerId::new(p))).collect();
        if mine.is_empty() {
            continue;
        }
        let _ = writeln!(out, "\n{}:", power.name);
        for r in mine {
            let mark = match r.verdict() {
                Verdict::Success => "",
                Verdict::Failure => "  [failed]",
                Verdict::Illegal => "  [illegal]",
            };
            let _ = writeln!(out, "  {:<28} {}{}", r.order_text(v), r.reason.describe(v), mark);
        }
    }
    let next = &outcome.next;
    if !next.dislodged.is_empty() {
        let _ = writeln!(out, "\nDislodged:");
        out += &dislodged_lines(v, next);
    }
    if !next.contested.is_empty() {
        let names: Vec<&str> = next.contested.iter().map(|&p| v.province(p).abbr.as_str()).collect();
        let _ = writeln!(out, "\nStandoffs: {}", names.join(", "));
    }
    let _ = writeln!(out, "\nNext: {}", v.calendar.display(next.phase));
    out += &position_report(v, next);
    out
}

/// Units and centres by power: the centres it owns, counted one each
/// (Alexandria is one centre that supplies 2), and what they supply in a
/// Winter (`rules::supplies`: values, loans and bonuses), the same way in
/// every variant: `Egypt        3 centres, supply 4     3 units: ...`.
pub fn position_report(v: &Variant, pos: &Position) -> String {
    let supply = polemarch_engine::rules::supplies(v, pos);
    let mut out = String::new();
    for (p, power) in v.powers.iter().enumerate() {
        let units: Vec<String> =
            pos.forces.iter().filter(|f| f.power.index() == p).map(|f| unit_text(v, &f.components, f.loc)).collect();
        let owned = pos.owners.iter().filter(|o| o.is_some_and(|o| o.index() == p)).count();
        // `1 centre`; `1 unit: A par`, `0 units`.
        let centres = if owned == 1 { "centre," } else { "centres," };
        let noun = if units.len() == 1 { "unit" } else { "units" };
        let list = if units.is_empty() { String::new() } else { format!(": {}", units.join(", ")) };
        let supply = format!("supply {},", halves_text(supply[p]));
        let _ =
            writeln!(out, "  {:<10} {owned:>3} {centres:<8} {supply:<11} {:>2} {noun}{list}", power.name, units.len());
    }
    out
}

/// One line per dislodged force: whose, where, attacked from where, and where
/// it may retreat.
pub fn dislodged_lines(v: &Variant, pos: &Position) -> String {
    let mut out = String::new();
    for d in &pos.dislodged {
        let options: Vec<String> = retreat_options(v, pos, d).into_iter().map(|l| v.loc_abbr(l)).collect();
        let from = d.attacker_from.map(|p| format!(" (attacked from {})", v.province(p).abbr)).unwrap_or_default();
        let retreats = if options.is_empty() {
            "no retreat: it will be disbanded".to_string()
        } else {
            format!("may retreat to {}", options.join(", "))
        };
        let _ = writeln!(out, "  {}{}; {}", force_text(v, &d.force), from, retreats);
    }
    out
}

/// Each power's supply as own + loaned + bonus, where the variant has
/// declarations (Vedder D7's loans, Triumvirate's and Imperator's offices):
/// `  Egypt      4 + 1 + 0 = 5`.
pub fn supply_lines(v: &Variant, pos: &Position) -> String {
    if !v.rules.has_declarations() {
        return String::new();
    }
    // One layout in every variant: the bonuses (Imperator's +4 with Rome,
    // I3; Triumvirate's T3, T5) in a column of their own.
    let parts = polemarch_engine::rules::supply_parts(v, pos);
    let mut out = String::from("Supply (own + loaned + bonus):\n");
    // The Barbarians and Persians (Imperator I5) have no supply.
    for (p, power) in v.powers.iter().enumerate().filter(|(p, _)| !v.rules.played_by_judge(PowerId::new(*p))) {
        let (own, loaned, bonus) = (parts.own[p], parts.loaned[p], parts.bonus[p]);
        let total = halves_text(own + loaned + bonus);
        let _ = writeln!(
            out,
            "  {:<10} {} + {} + {} = {total}",
            power.name,
            halves_text(own),
            halves_text(loaned),
            halves_text(bonus)
        );
    }
    out
}
