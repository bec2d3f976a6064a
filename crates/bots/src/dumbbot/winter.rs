//! DumbBot's retreats, builds, removals and placements, by the same
//! values: a retreat to the best place (now and then the next best), never
//! two units to one place, a disband when there is none; builds on the
//! best sites, removals of the units on the worst.

use super::movement::pick;
use super::values::Values;
use crate::adjust::{adjustment as winter_options, placement_ok, placement_sites};
use crate::legal::Board;
use crate::rng::Rng;
use polemarch_engine::order::{Action, Order};
use polemarch_engine::state::{Force, Kind};
use polemarch_engine::variant::{PowerId, ProvinceId};

pub fn retreats(board: &Board, me: PowerId, values: &Values, rng: &mut Rng) -> Vec<Order> {
    let (v, pos) = (board.v, board.pos);
    let mine = board.mine(me);
    let mut taken: Vec<ProvinceId> = Vec::new();
    let mut chosen = Vec::new();
    for &i in &mine {
        let f = &pos.dislodged[i].force;
        let mut options: Vec<(f64, &Order)> = board.legal[i]
            .iter()
            .filter_map(|o| {
                if let Action::Retreat { to } = o.action {
                    Some((values.for_unit(board, f, to), o))
                } else {
                    None
                }
            })
            .collect();
        options.sort_by(|a, b| b.0.total_cmp(&a.0));
        let worth: Vec<f64> = options.iter().map(|o| o.0).collect();
        let start = pick(&worth, rng);
        let order = options
            .iter()
            .skip(start)
            .chain(options.iter().take(start))
            .map(|o| o.1)
            .find(|o| matches!(o.action, Action::Retreat { to } if !taken.contains(&v.province_of(to))))
            .or_else(|| board.legal[i].iter().find(|o| o.action == Action::Disband))
            .cloned();
        if let Some(Action::Retreat { to }) = order.as_ref().map(|o| &o.action) {
            taken.push(v.province_of(*to));
        }
        chosen.push(order);
    }
    board.settle(&mine, chosen)
}

/// The value of the unit an adjustment order names, where it stands.
fn unit_value(board: &Board, me: PowerId, values: &Values, o: &Order) -> f64 {
    let u = o.unit.as_ref().expect("an adjustment order names its unit");
    let kind = u.components.as_ref().map_or(Kind::ARMY, |c| c[0].kind);
    values.at(board, &Force::single(me, kind, u.loc), u.loc)
}

/// Builds on the best sites first (now and then a lesser one first), or
/// removals of the units on the worst places first.
pub fn adjustment(board: &Board, me: PowerId, values: &Values, rng: &mut Rng) -> Vec<Order> {
    let a = winter_options(board, me);
    let mut wanted: Vec<(f64, Order)> = if a.balance > 0 { a.builds } else { a.removes }
        .into_iter()
        .map(|o| (unit_value(board, me, values, &o), o))
        .collect();
    if a.balance > 0 {
        wanted.sort_by(|x, y| y.0.total_cmp(&x.0));
    } else {
        wanted.sort_by(|x, y| x.0.total_cmp(&y.0));
    }
    let worth: Vec<f64> = wanted.iter().map(|w| if a.balance > 0 { w.0 } else { -w.0 }).collect();
    let start = pick(&worth, rng);
    if start > 0 {
        let first = wanted.remove(start);
        wanted.insert(0, first);
    }
    board.settle_adjustment(wanted.into_iter().map(|w| w.1).collect())
}

/// A placement: on each site, the option whose unit is worth most there;
/// the rules' default when the placement's check refuses the whole.
pub fn placement(board: &Board, me: PowerId, values: &Values) -> Vec<Order> {
    let sites = placement_sites(board, me);
    let orders: Vec<Order> = sites
        .iter()
        .filter_map(|options| {
            options
                .iter()
                .max_by(|a, b| unit_value(board, me, values, a).total_cmp(&unit_value(board, me, values, b)))
                .cloned()
        })
        .collect();
    if placement_ok(board, me, &orders) {
        return orders;
    }
    let first: Vec<Order> = sites.iter().filter_map(|o| o.first().cloned()).collect();
    if placement_ok(board, me, &first) {
        first
    } else {
        Vec::new()
    }
}
