//! The legal orders of a power in the current phase, for the clickable map
//! (docs/api.md, "Legal orders"). The engine decides: the bots' candidate
//! orders of every kind, kept only where the adjudicator does not call them
//! illegal (`polemarch_bots::Board`), and in an adjustment each build,
//! removal and conversion the adjudicator accepts alone. The page's script
//! only matches clicks against this list: it knows no rule.

use polemarch_bots::adjust::{adjustment, placement_sites};
use polemarch_bots::Board;
use polemarch_engine::order::{Action, Order};
use polemarch_engine::variant::{PhaseKind, PowerId};
use polemarch_engine::{Position, Variant};
use serde::Serialize;

/// One legal order, with what a click needs to find it.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct LegalOrder {
    /// In the judge notation, as it goes into the orders box.
    pub text: String,
    /// hold, move, support, convoy, retreat, disband, build, remove,
    /// convert, or other (the variants' special orders: MERGE, SPLIT,
    /// SACK ...; typed in the box, not clicked).
    pub kind: &'static str,
    /// The province the order goes to (a move's, retreat's or build's),
    /// or the supported or convoyed unit's destination.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// The location, with its coast (`stp/sc`), when the province has
    /// coasts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub coast: Option<String>,
    /// The supported or convoyed unit's province.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub of: Option<String>,
}

/// A unit (or a build site) and its legal orders.
#[derive(Debug, Clone, Serialize)]
pub struct UnitOrders {
    /// `A par`, `F stp/sc` (empty for the sites of an adjustment).
    pub unit: String,
    /// The province it stands in (the province clicked to pick it).
    pub province: String,
    pub orders: Vec<LegalOrder>,
}

#[derive(Debug, Clone, Serialize)]
pub struct LegalOrders {
    pub power: String,
    /// movement, retreat, adjustment or placement.
    pub kind: &'static str,
    /// Movement: each unit; retreat: each dislodged unit; adjustment: each
    /// unit that may be removed or converted.
    pub units: Vec<UnitOrders>,
    /// Adjustment: the builds (and placements) the power may order.
    pub builds: Vec<LegalOrder>,
    /// Adjustment: the power may write WAIVE for a build it does not use.
    pub may_waive: bool,
}

fn province(v: &Variant, loc: polemarch_engine::variant::LocId) -> String {
    v.province(v.province_of(loc)).abbr.clone()
}

fn coast(v: &Variant, loc: polemarch_engine::variant::LocId) -> Option<String> {
    let abbr = v.loc_abbr(loc);
    abbr.contains('/').then_some(abbr)
}

/// An order as the page's script sees it.
pub fn legal_order(v: &Variant, o: &Order) -> LegalOrder {
    let text = o.display(v).to_string();
    let at = |l| Some(province(v, l));
    let (kind, to, coast_of, of) = match &o.action {
        Action::Hold => ("hold", None, None, None),
        Action::Move { to, .. } => ("move", at(*to), coast(v, *to), None),
        Action::SupportHold { unit } => ("support", at(unit.loc), None, at(unit.loc)),
        Action::SupportMove { unit, to } => ("support", at(*to), None, at(unit.loc)),
        Action::Convoy { unit, to } => ("convoy", at(*to), None, at(unit.loc)),
        Action::Retreat { to } => ("retreat", at(*to), coast(v, *to), None),
        Action::Disband => ("disband", None, None, None),
        Action::Build => {
            let loc = o.unit.as_ref().map(|u| u.loc);
            ("build", loc.and_then(at), loc.and_then(|l| coast(v, l)), None)
        }
        Action::Remove => ("remove", None, None, None),
        Action::Convert { .. } => ("convert", None, None, None),
        _ => ("other", None, None, None),
    };
    LegalOrder { text, kind, to, coast: coast_of, of }
}

/// `power`'s legal orders in `pos`.
pub fn legal_orders(v: &Variant, pos: &Position, power: PowerId) -> LegalOrders {
    let board = Board::new(v, pos);
    let name = v.power(power).name.clone();
    let unit_of =
        |o: &Order| o.unit.as_ref().map(|u| (u.display(v).to_string(), province(v, u.loc))).unwrap_or_default();
    let group = |orders: Vec<&Order>| -> Vec<UnitOrders> {
        let mut units: Vec<UnitOrders> = Vec::new();
        for o in orders {
            let (unit, province) = unit_of(o);
            match units.iter_mut().find(|u| u.unit == unit) {
                Some(u) => u.orders.push(legal_order(v, o)),
                None => units.push(UnitOrders { unit, province, orders: vec![legal_order(v, o)] }),
            }
        }
        units
    };
    if v.rules.own_phase(v, pos) {
        let builds = placement_sites(&board, power).iter().flatten().map(|o| legal_order(v, o)).collect();
        return LegalOrders { power: name, kind: "placement", units: Vec::new(), builds, may_waive: false };
    }
    match board.kind {
        PhaseKind::Movement | PhaseKind::Retreat => {
            let units = board
                .mine(power)
                .into_iter()
                .map(|i| group(board.legal[i].iter().collect()))
                .flat_map(|g| g.into_iter())
                .collect();
            let kind = if board.kind == PhaseKind::Movement { "movement" } else { "retreat" };
            LegalOrders { power: name, kind, units, builds: Vec::new(), may_waive: false }
        }
        PhaseKind::Adjustment => {
            let a = adjustment(&board, power);
            let units = group(a.removes.iter().chain(&a.converts).collect());
            let builds: Vec<LegalOrder> = a.builds.iter().map(|o| legal_order(v, o)).collect();
            let may_waive = !builds.is_empty();
            LegalOrders { power: name, kind: "adjustment", units, builds, may_waive }
        }
    }
}
