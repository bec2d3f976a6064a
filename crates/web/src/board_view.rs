//! The board as text (docs/web.md, "The board as text"): for each power,
//! its units and centres, what its centres supply where a variant counts
//! more than centres, the builds or removals due in an adjustment, its
//! dislodged units with the places each may retreat to, and, in the
//! current phase, whether its orders are still missing (never what they
//! are). For screen readers and phones: the same facts as the map.

use polemarch_engine::adjudicate::{balances, retreat_options, upkeep};
use polemarch_engine::rules;
use polemarch_engine::state::json::unit_text;
use polemarch_engine::state::Kind;
use polemarch_engine::variant::{PhaseKind, PowerId};
use polemarch_engine::{Position, Variant};
use serde::Serialize;

/// One power's part of the board.
#[derive(Debug, Clone, Serialize)]
pub struct PowerBoard {
    pub power: String,
    /// `A par`, `F stp/sc`, `2A/F lon` ...
    pub units: Vec<String>,
    /// The centres it owns, by name (`Paris (par)`).
    pub centres: Vec<String>,
    /// What its centres count, in the variant's counting (`3`, `2½`).
    pub centre_count: String,
    /// What they supply, when the variant's mechanics make it differ.
    pub supply: Option<String>,
    /// In an adjustment: `builds due: 2` or `removals owed: 1`.
    pub adjustment: Option<String>,
    /// Dislodged units and where each may retreat (`A bur: may retreat to
    /// gas, pic, or disband`).
    pub dislodged: Vec<String>,
    /// Has something to order in this phase.
    pub to_order: bool,
    /// In the current phase: it has something to order and has sent no
    /// orders yet.
    pub orders_missing: bool,
}

/// Halves of a centre as a person counts them.
pub fn halves(n: i64) -> String {
    let (whole, half) = (n.abs() / 2, n.abs() % 2 == 1);
    let sign = if n < 0 { "-" } else { "" };
    match (whole, half) {
        (0, true) => format!("{sign}½"),
        (w, true) => format!("{sign}{w}½"),
        (w, false) => format!("{sign}{w}"),
    }
}

/// The board of `pos`, power by power (the powers the judge plays too,
/// when they have units). `to_order` are the powers with something to
/// order; `sent` those whose orders are in (None: not the current phase).
pub fn board_view(v: &Variant, pos: &Position, to_order: &[PowerId], sent: Option<&[String]>) -> Vec<PowerBoard> {
    let kind = v.calendar.kind(pos.phase);
    let supplies = rules::supplies(v, pos);
    let balance = balances(v, pos);
    let unit_cost = i64::from(upkeep(Kind::ARMY));
    let mut out = Vec::new();
    for p in v.power_ids() {
        let units: Vec<String> =
            pos.forces.iter().filter(|f| f.power == p).map(|f| unit_text(v, &f.components, f.loc)).collect();
        let centres: Vec<String> = v
            .province_ids()
            .filter(|q| pos.owners[q.index()] == Some(p))
            .map(|q| format!("{} ({})", v.province(q).name, v.province(q).abbr))
            .collect();
        let dislodged: Vec<String> = pos
            .dislodged
            .iter()
            .filter(|d| d.force.power == p)
            .map(|d| {
                let to: Vec<String> = retreat_options(v, pos, d).into_iter().map(|l| v.loc_abbr(l)).collect();
                let unit = unit_text(v, &d.force.components, d.force.loc);
                if to.is_empty() {
                    format!("{unit}: dislodged, nowhere to retreat (it disbands)")
                } else {
                    format!("{unit}: dislodged, may retreat to {} or disband", to.join(", "))
                }
            })
            .collect();
        if units.is_empty() && centres.is_empty() && dislodged.is_empty() {
            continue;
        }
        let shown = i64::from(pos.supply_halves(v, p));
        let supply = i64::from(supplies[p.index()]);
        let b = i64::from(balance[p.index()]);
        let adjustment = match kind {
            PhaseKind::Adjustment if to_order.contains(&p) && b > 0 => {
                Some(format!("builds due: {}", b / unit_cost.max(1)))
            }
            PhaseKind::Adjustment if to_order.contains(&p) && b < 0 => {
                Some(format!("removals owed: {}", (-b + unit_cost - 1) / unit_cost.max(1)))
            }
            PhaseKind::Adjustment if to_order.contains(&p) => {
                Some("an adjustment to make (see the orders box's hint)".to_string())
            }
            _ => None,
        };
        let name = v.power(p).name.clone();
        let to_order_now = to_order.contains(&p);
        out.push(PowerBoard {
            orders_missing: to_order_now && sent.is_some_and(|s| !s.contains(&name)),
            power: name,
            units,
            centres,
            centre_count: halves(shown),
            supply: (supply != shown).then(|| halves(supply)),
            adjustment,
            dislodged,
            to_order: to_order_now,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use polemarch_engine::game;
    use polemarch_engine::variant::embedded_variant;

    fn standard() -> Variant {
        embedded_variant("standard").unwrap().unwrap()
    }

    fn power<'a>(b: &'a [PowerBoard], name: &str) -> &'a PowerBoard {
        b.iter().find(|p| p.power == name).unwrap_or_else(|| panic!("no {name} in {b:?}"))
    }

    #[test]
    fn a_retreat_lists_the_dislodged_unit_and_where_it_may_go() {
        let v = standard();
        let pos = Position::from_json(
            &v,
            r#"{"phase": "Spring 1901, Retreat", "units": {"Germany": ["A bur", "A mun"], "France": ["A par"]},
                "dislodged": {"France": [{"unit": "A bur", "attacker_from": "mun"}]}}"#,
        )
        .unwrap();
        let to_order = game::powers_to_order(&v, &pos);
        let b = board_view(&v, &pos, &to_order, Some(&[]));
        let france = power(&b, "France");
        assert_eq!(france.units, ["A par"]);
        assert_eq!(france.dislodged.len(), 1);
        let d = &france.dislodged[0];
        assert!(
            d.starts_with("A bur: dislodged, may retreat to ")
                && d.contains("gas")
                && d.contains("pic")
                && !d.contains("mun"),
            "{d}"
        );
        assert!(france.orders_missing && france.to_order);
        assert!(!power(&b, "Germany").orders_missing, "Germany has nothing to retreat");
        assert!(france.centres.contains(&"Paris (par)".to_string()), "{:?}", france.centres);
    }

    #[test]
    fn an_adjustment_says_the_builds_and_removals_due() {
        let v = standard();
        let pos = Position::from_json(
            &v,
            r#"{"phase": "Winter 1901, Adjustment",
                "units": {"France": ["A bur"], "Germany": ["A ber", "A kie", "A mun", "F den", "A hol"]},
                "owners": {"France": ["par", "bre", "mar", "spa"], "Germany": ["ber", "kie", "mun"]}}"#,
        )
        .unwrap();
        let to_order = game::powers_to_order(&v, &pos);
        let sent = ["France".to_string()];
        let b = board_view(&v, &pos, &to_order, Some(&sent));
        let (france, germany) = (power(&b, "France"), power(&b, "Germany"));
        assert_eq!(france.adjustment.as_deref(), Some("builds due: 3"));
        assert_eq!(germany.adjustment.as_deref(), Some("removals owed: 2"));
        assert_eq!((france.centre_count.as_str(), germany.centre_count.as_str()), ("4", "3"));
        assert!(!france.orders_missing && germany.orders_missing, "France sent its orders, Germany not");
        assert!(b.iter().all(|p| p.power != "Italy" || p.adjustment.is_none()));
    }

    #[test]
    fn halves_read_as_a_person_counts() {
        assert_eq!([halves(0), halves(1), halves(4), halves(7), halves(-3)], ["0", "½", "2", "3½", "-1½"]);
    }
}
