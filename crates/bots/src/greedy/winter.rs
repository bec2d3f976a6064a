//! The greedy bot's retreats, placements and Winter adjustments.

use crate::adjust::{adjustment as winter_options, placement_ok, placement_sites};
use crate::geometry::Distances;
use crate::legal::Board;
use polemarch_engine::order::{Action, Order};
use polemarch_engine::state::{Force, Kind};
use polemarch_engine::variant::{PowerId, ProvinceId};

/// Steps to the nearest centre `power`'s player does not own.
fn distances(board: &Board, power: PowerId) -> Distances {
    let (v, pos) = (board.v, board.pos);
    let targets: Vec<ProvinceId> = v
        .province_ids()
        .filter(|&p| v.is_centre(p) && !pos.owners[p.index()].is_some_and(|o| v.same_player(o, power)))
        .collect();
    Distances::to(v, &targets)
}

/// Each dislodged force retreats to an empty centre of ours if it can,
/// else toward the nearest centre to take, never two to one place;
/// disbands when it has nowhere to go.
pub fn retreats(board: &Board, power: PowerId) -> Vec<Order> {
    let (v, pos) = (board.v, board.pos);
    let dist = distances(board, power);
    let mine = board.mine(power);
    let mut taken: Vec<ProvinceId> = Vec::new();
    let mut chosen = Vec::new();
    for &i in &mine {
        let d = &pos.dislodged[i].force;
        let mut best: Option<(u32, &Order)> = None;
        for o in &board.legal[i] {
            if let Action::Retreat { to } = o.action {
                let p = v.province_of(to);
                if taken.contains(&p) {
                    continue;
                }
                let ours = pos.owners[p.index()] == Some(power);
                let score = dist.of(v, d, to).saturating_mul(2).saturating_sub(if ours { 3 } else { 0 });
                if best.is_none_or(|b| score < b.0) {
                    best = Some((score, o));
                }
            }
        }
        let order = match best {
            Some((_, o)) => {
                if let Action::Retreat { to } = o.action {
                    taken.push(v.province_of(to));
                }
                Some(o.clone())
            }
            None => board.legal[i].iter().find(|o| o.action == Action::Disband).cloned(),
        };
        chosen.push(order);
    }
    board.settle(&mine, chosen)
}

/// The variant's own starting unit on each site where it is among the
/// options, else the first option; the rules' default if that is refused.
pub fn placement(board: &Board, power: PowerId) -> Vec<Order> {
    let v = board.v;
    let sites = placement_sites(board, power);
    let standard = |o: &Order| {
        let u = o.unit.as_ref().expect("a build names its unit");
        v.start_units.iter().any(|&(p, kind, loc)| {
            p == power && loc == u.loc && u.components.as_ref().is_some_and(|c| c.len() == 1 && c[0].kind == kind)
        })
    };
    let orders: Vec<Order> =
        sites.iter().filter_map(|options| options.iter().find(|o| standard(o)).or(options.first()).cloned()).collect();
    if placement_ok(board, power, &orders) {
        orders
    } else {
        Vec::new()
    }
}

/// Builds nearest the centres to take first (free builds before paid
/// ones, garrisons last, with a half centre to spare); removals farthest
/// from them first, garrisons before units that move.
pub fn adjustment(board: &Board, power: PowerId) -> Vec<Order> {
    let v = board.v;
    let dist = distances(board, power);
    let a = winter_options(board, power);
    let far = |o: &Order| {
        let u = o.unit.as_ref().expect("a unit");
        let kind = u.components.as_ref().map_or(Kind::ARMY, |c| c[0].kind);
        let f = Force::single(power, kind, u.loc);
        let d = if kind.row().moves() { dist.of(v, &f, u.loc) } else { u32::MAX };
        (kind == Kind::GARRISON, d)
    };
    if a.balance > 0 {
        let mut builds = a.builds;
        builds.sort_by_key(|o| {
            let free = o.unit.as_ref().and_then(|u| u.components.as_ref()).is_some_and(|c| c[0].free);
            let (garrison, d) = far(o);
            (!free, garrison, d)
        });
        board.settle_adjustment(builds)
    } else {
        let mut removes = a.removes;
        removes.sort_by_key(|o| {
            let (garrison, d) = far(o);
            (!garrison, std::cmp::Reverse(d))
        });
        board.settle_adjustment(removes)
    }
}
