//! What the whole-game tests share: reading a record, the scripted orders
//! by phase, and the plain scripted player (its movement, retreat and build
//! orders).
#![allow(dead_code)]

use polemarch_engine::game::GameRecord;
use polemarch_engine::state::Force;
use polemarch_engine::variant::{LocId, PhaseKind, PowerId, ProvinceId};
use polemarch_engine::{Position, Variant};
use std::collections::{HashSet, VecDeque};

/// One power's orders in a phase.
pub type PowerOrders = (&'static str, &'static [&'static str]);

/// A scripted game: orders by phase (`Spring 1300, Movement`) and power.
pub type Script = &'static [(&'static str, &'static [PowerOrders])];

/// The name of the position's phase, as the record writes it.
pub fn phase_name(v: &Variant, pos: &Position) -> String {
    v.calendar.display(pos.phase).to_string()
}

/// Submits the script's orders for phase `name`, if it has any.
pub fn submit_script(file: &str, script: Script, name: &str) {
    let lines = script.iter().find(|(phase, _)| *phase == name).map_or(&[][..], |(_, s)| *s);
    for (power, orders) in lines {
        super::submit(file, power, &orders.join("\n"));
    }
}

pub fn record(file: &str) -> GameRecord {
    serde_json::from_str(&std::fs::read_to_string(file).unwrap()).expect("the record is valid JSON")
}

/// Where a force can go next: locations by its own borders.
pub fn steps(v: &Variant, at: LocId, fleet: bool) -> Vec<LocId> {
    if fleet {
        v.fleet_neighbours[at.index()].clone()
    } else {
        v.army_neighbours[v.province_of(at).index()].iter().copied().map(LocId::of_province).collect()
    }
}

/// The first step of a shortest way from `from` to any target province,
/// passing only through empty provinces.
pub fn first_step(
    v: &Variant,
    pos: &Position,
    from: LocId,
    fleet: bool,
    targets: &HashSet<ProvinceId>,
) -> Option<LocId> {
    let mut seen = HashSet::from([from]);
    let mut queue = VecDeque::from([(from, None)]);
    while let Some((here, first)) = queue.pop_front() {
        if first.is_some() && targets.contains(&v.province_of(here)) {
            return first;
        }
        if first.is_some() && pos.force_in(v, v.province_of(here)).is_some() {
            continue;
        }
        for s in steps(v, here, fleet) {
            if seen.insert(s) {
                queue.push_back((s, first.or(Some(s))));
            }
        }
    }
    None
}

/// A unit as orders write it: `A par`, `F stp/nc`.
pub fn unit(v: &Variant, f: &Force) -> String {
    format!("{} {}", if f.is_fleet() { "F" } else { "A" }, v.loc_abbr(f.loc))
}

/// A plain conqueror for `me` aiming at `targets` (its centres to take): two
/// units against an occupied one (one moves, one supports), one against an
/// empty one; units on a target sit tight (and garrisons of garrison-required
/// centres stay: Vedder D3); the rest head for the nearest target.
pub fn movement_orders(v: &Variant, pos: &Position, me: PowerId, targets: &HashSet<ProvinceId>) -> Vec<String> {
    let mine: Vec<&Force> = pos.forces.iter().filter(|f| f.power == me).collect();
    let mut busy = vec![false; mine.len()];
    let mut taken: HashSet<ProvinceId> = HashSet::new();
    let mut orders = Vec::new();
    for (i, f) in mine.iter().enumerate() {
        let p = v.province_of(f.loc);
        if targets.contains(&p) || v.province(p).flags.garrison_required {
            busy[i] = true;
            orders.push(format!("{} H", unit(v, f)));
        }
    }
    let mut sorted: Vec<ProvinceId> = targets.iter().copied().collect();
    sorted.sort();
    for t in sorted {
        if pos.force_in(v, t).is_some_and(|o| o.power == me) {
            continue;
        }
        let reach = |f: &Force| steps(v, f.loc, f.is_fleet()).into_iter().find(|&l| v.province_of(l) == t);
        let near: Vec<(usize, LocId)> =
            (0..mine.len()).filter(|&i| !busy[i]).filter_map(|i| reach(mine[i]).map(|l| (i, l))).collect();
        let need = if pos.force_in(v, t).is_some() { 2 } else { 1 };
        if near.len() < need {
            continue;
        }
        let (mover, to) = near[0];
        orders.push(format!("{} - {}", unit(v, mine[mover]), v.loc_abbr(to)));
        for &(s, _) in &near[1..need] {
            orders.push(format!("{} S {} - {}", unit(v, mine[s]), unit(v, mine[mover]), v.province(t).abbr));
            busy[s] = true;
        }
        busy[mover] = true;
        taken.insert(t);
    }
    for (f, _) in mine.iter().zip(&busy).filter(|&(_, &busy)| !busy) {
        let step = first_step(v, pos, f.loc, f.is_fleet(), targets).filter(|&s| {
            let p = v.province_of(s);
            pos.force_in(v, p).is_none() && !taken.contains(&p)
        });
        match step {
            Some(s) => {
                taken.insert(v.province_of(s));
                orders.push(format!("{} - {}", unit(v, f), v.loc_abbr(s)));
            }
            None => orders.push(format!("{} H", unit(v, f))),
        }
    }
    orders
}

/// The plain conqueror's orders for `me` in whatever phase `pos` is (see
/// `movement_orders`, `retreat_orders`, `build_orders`), submitted to the
/// game in `file` when there are any.
pub fn submit_conqueror(file: &str, v: &Variant, pos: &Position, me: PowerId, targets: &HashSet<ProvinceId>) {
    let orders = match v.calendar.kind(pos.phase) {
        PhaseKind::Movement => movement_orders(v, pos, me, targets),
        PhaseKind::Retreat => retreat_orders(v, pos, me),
        PhaseKind::Adjustment => build_orders(v, pos, me),
    };
    if !orders.is_empty() {
        super::submit(file, &v.power(me).name, &orders.join("\n"));
    }
}

/// Each dislodged unit of `me` retreats to its first option, or disbands.
pub fn retreat_orders(v: &Variant, pos: &Position, me: PowerId) -> Vec<String> {
    pos.dislodged
        .iter()
        .filter(|d| d.force.power == me)
        .map(|d| match polemarch_engine::adjudicate::retreat_options(v, pos, d).first() {
            Some(&to) => format!("{} R {}", unit(v, &d.force), v.loc_abbr(to)),
            None => format!("{} D", unit(v, &d.force)),
        })
        .collect()
}

/// Armies in the free home centres and optional homes it owns (Vedder D4;
/// other variants have none), as many as are due.
pub fn build_orders(v: &Variant, pos: &Position, me: PowerId) -> Vec<String> {
    let due = polemarch_engine::adjudicate::balances(v, pos)[me.index()] / 2;
    let power = v.power(me);
    let free = power
        .homes
        .iter()
        .chain(&power.optional_homes)
        .filter(|&&h| pos.owners[h.index()] == Some(me) && pos.force_in(v, h).is_none());
    free.take(due.max(0) as usize).map(|&h| format!("BUILD A {}", v.province(h).abbr)).collect()
}
