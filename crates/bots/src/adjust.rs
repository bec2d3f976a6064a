//! Adjustment and placement candidates of one power, each kept only if the
//! adjudicator (or, for a placement, the placement's own check) accepts it.

use crate::legal::Board;
use polemarch_engine::order::{Action, Order};
use polemarch_engine::rules::{Conversion, Placement};
use polemarch_engine::state::{Component, Components, Kind};
use polemarch_engine::variant::{LocId, PowerId, ProvinceId};
use polemarch_engine::Variant;

/// What a power may do in a Winter, every order legal on its own.
pub struct Adjustment {
    /// In halves of a centre: positive, builds due; negative, removals owed.
    pub balance: i32,
    pub builds: Vec<Order>,
    pub removes: Vec<Order>,
    /// Hoplite Wars H17: an army turned into a fleet or back.
    pub converts: Vec<Order>,
}

pub fn order(power: PowerId, components: &[Component], loc: LocId, action: Action) -> Order {
    Order::new(power, Components::from_slice(components), loc, action)
}

/// Where a fleet may stand in a province: its coasts, or the province
/// itself (none inland).
pub fn fleet_locs(v: &Variant, p: ProvinceId) -> Vec<LocId> {
    let prov = v.province(p);
    if !prov.terrain.holds_fleets() {
        Vec::new()
    } else if prov.coasts.is_empty() {
        vec![LocId::of_province(p)]
    } else {
        prov.coasts.clone()
    }
}

/// The locations a unit of `kind` could be built at in `p`.
fn build_locs(v: &Variant, kind: Kind, p: ProvinceId) -> Vec<LocId> {
    if kind.row().moves == polemarch_engine::state::Moves::Fleet {
        fleet_locs(v, p)
    } else {
        vec![LocId::of_province(p)]
    }
}

pub fn adjustment(board: &Board, power: PowerId) -> Adjustment {
    let (v, pos) = (board.v, board.pos);
    let balance = board.balances()[power.index()];
    let mut builds = Vec::new();
    if balance > 0 {
        let free = v.rules.free_builds(&pos.state, power) > 0;
        for p in v.province_ids().filter(|&p| pos.owners[p.index()] == Some(power)) {
            if pos.forces_in(v, p).any(|f| !v.same_player(f.power, power)) {
                continue;
            }
            for &kind in &v.kinds {
                for loc in build_locs(v, kind, p) {
                    for free in [false, true].into_iter().take(if free { 2 } else { 1 }) {
                        let o = order(power, &[Component { kind, power, free }], loc, Action::Build);
                        if board.legal_alone(&o) {
                            builds.push(o);
                        }
                    }
                }
            }
        }
    }
    let mut removes = Vec::new();
    let mut converts = Vec::new();
    let conversion = v.rules.plays::<Conversion>();
    for f in pos.forces.iter().filter(|f| f.power == power) {
        let mut seen: Vec<Component> = Vec::new();
        for c in &f.components {
            if seen.contains(c) {
                continue;
            }
            seen.push(*c);
            if balance < 0 || v.rules.must_adjust(v, pos, power) || c.kind == Kind::GARRISON {
                let o = order(power, &[*c], f.loc, Action::Remove);
                if board.legal_alone(&o) {
                    removes.push(o);
                }
            }
            if conversion && v.is_centre(v.province_of(f.loc)) {
                let to = if c.kind == Kind::ARMY { Kind::FLEET } else { Kind::ARMY };
                let o = order(power, &[*c], f.loc, Action::Convert { to });
                if board.legal_alone(&o) {
                    converts.push(o);
                }
            }
        }
    }
    Adjustment { balance, builds, removes, converts }
}

/// The options of each placement site of `power` (a placement phase, where
/// a mechanic judges the whole phase): each option is one BUILD order.
/// Multiplicity places each starting unit as an army or a fleet (M13);
/// Hoplite Wars places units costing what each home centre is worth
/// (H15). Which of these the variant wants is the placement check's to say
/// (`placement_ok`); the options of the wrong kind fail it.
pub fn placement_sites(board: &Board, power: PowerId) -> Vec<Vec<Order>> {
    let v = board.v;
    let armies_and_fleets = |loc: LocId| {
        let p = v.province_of(loc);
        let mut options = vec![order(
            power,
            &[Component { kind: Kind::ARMY, power, free: false }],
            LocId::of_province(p),
            Action::Build,
        )];
        for l in fleet_locs(v, p) {
            options.push(order(power, &[Component { kind: Kind::FLEET, power, free: false }], l, Action::Build));
        }
        options
    };
    let units: Vec<Vec<Order>> =
        v.start_units.iter().filter(|(p, _, _)| *p == power).map(|&(_, _, loc)| armies_and_fleets(loc)).collect();
    if placement(v) != Some(polemarch_engine::rules::placement::Placement::Costed) {
        return units;
    }
    let one = |kind: Kind| Component { kind, power, free: false };
    v.power(power)
        .homes
        .iter()
        .map(|&home| {
            let value = v.province(home).centre as usize;
            let here = LocId::of_province(home);
            let mut options = Vec::new();
            if value >= 2 {
                let mut armies = vec![one(Kind::ARMY); value / 2];
                armies.extend(std::iter::repeat_n(one(Kind::GARRISON), value % 2));
                options.push(order(power, &armies, here, Action::Build));
                for l in fleet_locs(v, home) {
                    let mut with_fleet = armies.clone();
                    with_fleet[0] = one(Kind::FLEET);
                    options.push(order(power, &with_fleet, l, Action::Build));
                }
            }
            if v.has_kind(Kind::GARRISON) {
                options.push(order(power, &vec![one(Kind::GARRISON); value], here, Action::Build));
            }
            options
        })
        .collect()
}

fn placement(v: &Variant) -> Option<Placement> {
    v.rules.get::<Placement>().copied()
}

/// Does the placement's own check accept these orders as `power`'s whole
/// placement?
pub fn placement_ok(board: &Board, power: PowerId, orders: &[Order]) -> bool {
    let refs: Vec<&Order> = orders.iter().collect();
    board.v.rules.check_own_phase(board.v, board.pos, power, &refs, true).is_ok()
}
