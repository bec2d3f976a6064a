//! Every legal order of every orderable location, as MILA lists them: the
//! bots' generator (`polemarch_bots::Board`), which keeps a candidate only
//! where the adjudicator does not call it illegal, so the orders are the
//! ones the judge accepts. Written in MILA's notation (`A PAR - BUR`); a
//! variant's own orders in polemarch's (`2A MAR SPLIT A PIE`).

use polemarch_bots::adjust::{adjustment, placement_sites};
use polemarch_bots::Board;
use polemarch_engine::game::powers_to_order;
use polemarch_engine::order::{Action, Order};
use polemarch_engine::replay::mila_order;
use polemarch_engine::state::Force;
use polemarch_engine::variant::{LocId, PhaseKind, PowerId, ProvinceId};
use polemarch_engine::{Position, Variant};

/// The legal orders of one phase.
pub struct Possible {
    /// By province: its orders, each with the location its unit (or build)
    /// stands at and the power that may give it.
    pub orders: Vec<Vec<(LocId, PowerId, String)>>,
    /// By power: the provinces where it has something to order, sorted.
    pub orderable: Vec<Vec<ProvinceId>>,
    /// By power: where it may build (adjustments only), sorted.
    pub build_sites: Vec<Vec<ProvinceId>>,
}

impl Possible {
    pub fn of(v: &Variant, pos: &Position) -> Possible {
        let mut out = Possible {
            orders: vec![Vec::new(); v.province_count()],
            orderable: vec![Vec::new(); v.powers.len()],
            build_sites: vec![Vec::new(); v.powers.len()],
        };
        let board = Board::new(v, pos);
        match board.kind {
            PhaseKind::Movement | PhaseKind::Retreat => {
                for (i, legal) in board.legal.iter().enumerate() {
                    let force: &Force = if board.kind == PhaseKind::Movement { &pos.forces[i] } else { &pos.dislodged[i].force };
                    if v.rules.played_by_judge(force.power) {
                        continue;
                    }
                    for o in legal {
                        out.add(v, pos, force.power, o);
                    }
                }
            }
            PhaseKind::Adjustment if v.rules.own_phase(v, pos) => {
                for power in powers_to_order(v, pos) {
                    for o in placement_sites(&board, power).iter().flatten() {
                        out.add(v, pos, power, o);
                    }
                }
            }
            PhaseKind::Adjustment => {
                for power in powers_to_order(v, pos) {
                    let a = adjustment(&board, power);
                    for o in a.builds.iter().chain(&a.removes).chain(&a.converts) {
                        out.add(v, pos, power, o);
                    }
                    for o in &a.builds {
                        let p = v.province_of(o.unit.as_ref().expect("a build names its unit").loc);
                        insert_sorted(&mut out.build_sites[power.index()], p);
                    }
                    // A build may be waived at every place one may be made.
                    let waive = Order { power: Some(power), unit: None, action: Action::Waive, claim: None };
                    for &p in &out.build_sites[power.index()] {
                        out.orders[p.index()].push((LocId::of_province(p), power, mila_order(v, pos, &waive)));
                    }
                }
            }
        }
        out
    }

    fn add(&mut self, v: &Variant, pos: &Position, power: PowerId, o: &Order) {
        let loc = o.unit.as_ref().expect("a unit's order names it").loc;
        let p = v.province_of(loc);
        self.orders[p.index()].push((loc, power, mila_order(v, pos, o)));
        insert_sorted(&mut self.orderable[power.index()], p);
    }

    /// The orders listed under location `l` (a province: all of its
    /// orders; a coast: those of the province when one of its units or
    /// builds is on that coast), of `power` only when one is given.
    pub fn at(&self, v: &Variant, l: LocId, power: Option<PowerId>) -> Vec<&str> {
        let p = v.province_of(l);
        let whose = |q: &PowerId| power.is_none_or(|w| w == *q);
        let here = self.orders[p.index()].iter().filter(|(_, q, _)| whose(q));
        let on_coast = l == LocId::of_province(p) || self.orders[p.index()].iter().any(|(at, q, _)| *at == l && whose(q));
        here.filter(|_| on_coast).map(|(_, _, o)| o.as_str()).collect()
    }
}

fn insert_sorted(list: &mut Vec<ProvinceId>, p: ProvinceId) {
    if let Err(i) = list.binary_search(&p) {
        list.insert(i, p);
    }
}
