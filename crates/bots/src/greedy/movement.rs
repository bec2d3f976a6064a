//! The greedy bot's movement orders (see `greedy/mod.rs`). A little noise
//! from the game's generator breaks ties, so that games between greedy
//! bots differ from seed to seed.

use crate::geometry::Distances;
use crate::legal::Board;
use crate::rng::Rng;
use polemarch_engine::order::{Action, Order};
use polemarch_engine::state::{Delphi, Force};
use polemarch_engine::variant::{LocId, PowerId, ProvinceId};

/// What a force of the power is doing this phase.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Free,
    /// Must stay where it is (on a centre to keep or to take): it may hold
    /// or support, not move.
    Keeper,
    Busy,
}

struct Plan<'b, 'a> {
    board: &'b Board<'a>,
    me: PowerId,
    mine: Vec<usize>,
    role: Vec<Role>,
    chosen: Vec<Option<Order>>,
    /// Provinces one of the power's moves goes to.
    claimed: Vec<ProvinceId>,
}

impl<'b, 'a> Plan<'b, 'a> {
    fn force(&self, k: usize) -> &'a Force {
        &self.board.pos.forces[self.mine[k]]
    }

    fn legal(&self, k: usize) -> &'b [Order] {
        &self.board.legal[self.mine[k]]
    }

    fn find(&self, k: usize, want: impl Fn(&Action) -> bool) -> Option<Order> {
        self.legal(k).iter().find(|o| want(&o.action)).cloned()
    }

    fn province(&self, l: LocId) -> ProvinceId {
        self.board.v.province_of(l)
    }

    fn move_to(&self, k: usize, p: ProvinceId) -> Option<Order> {
        self.find(k, |a| matches!(a, Action::Move { to, via_convoy: false } if self.province(*to) == p))
    }

    fn merge_to(&self, k: usize, p: ProvinceId) -> Option<Order> {
        self.find(k, |a| matches!(a, Action::Merge { to, .. } if self.province(*to) == p))
    }

    fn support_move(&self, k: usize, mover: &Force, p: ProvinceId) -> Option<Order> {
        self.find(
            k,
            |a| matches!(a, Action::SupportMove { unit, to } if unit.loc == mover.loc && self.province(*to) == p),
        )
    }

    fn support_merge(&self, k: usize, p: ProvinceId) -> Option<Order> {
        self.find(k, |a| matches!(a, Action::SupportMerge { power: None, to } if self.province(*to) == p))
    }

    fn support_hold(&self, k: usize, holder: &Force) -> Option<Order> {
        self.find(k, |a| matches!(a, Action::SupportHold { unit } if unit.loc == holder.loc))
    }

    fn assign(&mut self, k: usize, order: Order) {
        if let Action::Move { to, .. } | Action::Merge { to, .. } = &order.action {
            self.claimed.push(self.province(*to));
        }
        if let Action::Split { parts } = &order.action {
            for part in parts {
                if let Action::Move { to, .. } = &part.action {
                    self.claimed.push(self.province(*to));
                }
            }
        }
        self.chosen[k] = Some(order);
        self.role[k] = Role::Busy;
    }
}

pub fn orders(board: &Board, me: PowerId, rng: &mut Rng) -> Vec<Order> {
    let (v, pos) = (board.v, board.pos);
    let mine = board.mine(me);
    if mine.is_empty() {
        return Vec::new();
    }
    let friendly = |p: PowerId| v.same_player(p, me);
    let ours = |p: ProvinceId| pos.owners[p.index()].is_some_and(friendly);
    let autumn = v.calendar.changes_ownership(pos.phase);
    // The most one hostile power could bring against each province, and
    // the hostile forces that could come.
    let mut threat = vec![0u32; v.province_count()];
    let mut sources: Vec<Vec<usize>> = vec![Vec::new(); v.province_count()];
    {
        let mut by_power = vec![vec![0u32; v.province_count()]; v.powers.len()];
        for (j, g) in pos.forces.iter().enumerate().filter(|(_, g)| !friendly(g.power)) {
            for p in &board.reaches[j] {
                by_power[g.power.index()][p.index()] += g.strength();
                sources[p.index()].push(j);
            }
        }
        for row in &by_power {
            for (t, &s) in threat.iter_mut().zip(row) {
                *t = (*t).max(s);
            }
        }
    }
    let mut targets: Vec<ProvinceId> = v.province_ids().filter(|&p| v.is_centre(p) && !ours(p)).collect();
    // Hoplite Wars H18: Delphi, while no one has sacked it, is worth going to.
    let delphi = v.rules.get::<polemarch_engine::rules::Delphi>().map(|d| d.0);
    if let Some(d) = delphi.filter(|d| !matches!(pos.state.delphi, Some(Delphi::SackedBy(_))) && !targets.contains(d)) {
        targets.push(d);
    }
    let dist = Distances::to(v, &targets);
    let mut plan = Plan {
        board,
        me,
        mine: mine.clone(),
        role: vec![Role::Free; mine.len()],
        chosen: vec![None; mine.len()],
        claimed: Vec::new(),
    };

    // Orders that do something where the force stands: sack Delphi,
    // rebuild a destroyed centre of ours.
    for k in 0..mine.len() {
        let here = v.province_of(plan.force(k).loc);
        let special = plan.find(k, |a| matches!(a, Action::Sack)).or_else(|| {
            plan.find(k, |a| matches!(a, Action::Rebuild)).filter(|_| ours(here) || pos.owners[here.index()].is_none())
        });
        if let Some(o) = special {
            plan.assign(k, o);
        }
    }
    // Keepers: in the season that changes owners, a force on a centre not
    // yet ours stays to take it, and one on a threatened centre of ours
    // stays to keep it.
    for k in 0..mine.len() {
        let here = v.province_of(plan.force(k).loc);
        if plan.role[k] == Role::Free && autumn && v.is_centre(here) && (!ours(here) || threat[here.index()] > 0) {
            plan.role[k] = Role::Keeper;
        }
    }
    attacks(&mut plan, &targets, &threat, &sources, autumn, rng);
    defend(&mut plan, &threat);
    cover(&mut plan, &threat, autumn);
    convoys(&mut plan, &dist);
    approach(&mut plan, &dist, rng);
    let Plan { chosen, mine, .. } = plan;
    board.settle(&mine, chosen)
}

/// Attacks on the centres the power can take this phase, the most valuable
/// first: one force moves (or, with Multiplicity, several merge), the
/// others support, when together they are stronger than the defender and
/// what could support him.
fn attacks(
    plan: &mut Plan,
    targets: &[ProvinceId],
    threat: &[u32],
    sources: &[Vec<usize>],
    autumn: bool,
    rng: &mut Rng,
) {
    let (v, pos, me) = (plan.board.v, plan.board.pos, plan.me);
    let mut ranked: Vec<(i64, ProvinceId)> = targets
        .iter()
        .map(|&t| {
            let empty = pos.force_in(v, t).is_none();
            let score = v.province(t).centre as i64 * 10
                + if autumn { 5 } else { 0 }
                + if empty { 3 } else { 0 }
                + rng.below(4) as i64;
            (-score, t)
        })
        .collect();
    ranked.sort();
    for (_, t) in ranked {
        let defender = pos.force_in(v, t).filter(|g| !v.same_player(g.power, me));
        if pos.force_in(v, t).is_some() && defender.is_none() {
            continue; // one of ours, or our player's, stands there
        }
        let need = match defender {
            Some(d) => {
                let helpers = pos
                    .forces
                    .iter()
                    .enumerate()
                    .filter(|(j, g)| g.power == d.power && g.loc != d.loc && plan.board.reaches[*j].contains(&t))
                    .count();
                d.strength() + 1 + (helpers > 0) as u32
            }
            None => threat[t.index()].max(1),
        };
        // A force that keeps a centre may leave it to attack the only
        // force that threatens it.
        let may_go = |k: usize| match plan.role[k] {
            Role::Free => true,
            Role::Keeper => defender.is_some_and(|d| {
                sources[v.province_of(plan.force(k).loc).index()].iter().all(|&j| pos.forces[j].loc == d.loc)
            }),
            Role::Busy => false,
        };
        let movers: Vec<usize> = (0..plan.mine.len()).filter(|&k| may_go(k) && plan.move_to(k, t).is_some()).collect();
        if movers.is_empty() {
            // A force that must stay may still send a part (Multiplicity).
            if defender.is_none() && need <= 1 {
                split_to(plan, t);
            }
            continue;
        }
        let mover = *movers.iter().max_by_key(|&&k| (plan.force(k).strength(), std::cmp::Reverse(k))).expect("a mover");
        let mover_force = plan.force(mover);
        let mut strength = mover_force.strength();
        let mut supporters = Vec::new();
        for k in 0..plan.mine.len() {
            if strength >= need + defender.is_some() as u32 {
                break;
            }
            if k != mover && plan.role[k] != Role::Busy {
                if let Some(o) = plan.support_move(k, mover_force, t) {
                    strength += plan.force(k).strength();
                    supporters.push((k, o));
                }
            }
        }
        // Multiplicity: other free forces next to the target merge in with
        // the mover, as one group.
        let mut mergers = Vec::new();
        if strength < need && plan.merge_to(mover, t).is_some() {
            for &k in movers.iter().filter(|&&k| k != mover) {
                if strength >= need {
                    break;
                }
                if let Some(o) = plan.merge_to(k, t) {
                    strength += plan.force(k).strength();
                    mergers.push((k, o));
                }
            }
        }
        if strength < need {
            continue;
        }
        if mergers.is_empty() {
            let o = plan.move_to(mover, t).expect("a legal move");
            plan.assign(mover, o);
        } else {
            let o = plan.merge_to(mover, t).expect("a legal merge");
            plan.assign(mover, o);
            for (k, o) in mergers {
                plan.assign(k, o);
            }
            // A support of a merge group is written S MERGE.
            for (k, _) in std::mem::take(&mut supporters) {
                if let Some(o) = plan.support_merge(k, t) {
                    plan.assign(k, o);
                }
            }
        }
        for (k, o) in supporters {
            plan.assign(k, o);
        }
    }
}

/// A force of several units that must stay sends one of them to `t`.
fn split_to(plan: &mut Plan, t: ProvinceId) {
    for k in 0..plan.mine.len() {
        if plan.role[k] != Role::Keeper || plan.force(k).components.len() < 2 {
            continue;
        }
        let moves_to_t = |a: &Action| matches!(a, Action::Move { to, .. } if plan.province(*to) == t);
        let split =
            plan.find(k, |a| matches!(a, Action::Split { parts } if parts.iter().any(|p| moves_to_t(&p.action))));
        if let Some(o) = split {
            plan.assign(k, o);
            return;
        }
    }
}

/// Threatened forces on centres of ours hold, with support from free
/// neighbours while the threat is stronger.
fn defend(plan: &mut Plan, threat: &[u32]) {
    let v = plan.board.v;
    let deficit = |plan: &Plan, k: usize| {
        threat[v.province_of(plan.force(k).loc).index()] as i64 - plan.force(k).strength() as i64
    };
    let mut keepers: Vec<usize> = (0..plan.mine.len()).filter(|&k| plan.role[k] == Role::Keeper).collect();
    keepers.sort_by_key(|&k| (std::cmp::Reverse(deficit(plan, k)), k));
    for k in keepers {
        let holder = plan.force(k);
        let here = v.province_of(holder.loc);
        let mut strength = holder.strength();
        // Free forces, and other keepers (a support keeps them in place).
        for s in 0..plan.mine.len() {
            if strength > threat[here.index()] {
                break;
            }
            if s != k && plan.role[s] != Role::Busy {
                if let Some(o) = plan.support_hold(s, holder) {
                    strength += plan.force(s).strength();
                    plan.assign(s, o);
                }
            }
        }
        if plan.role[k] == Role::Keeper {
            if let Some(o) = plan.find(k, |a| matches!(a, Action::Hold)) {
                plan.assign(k, o);
            }
        }
    }
}

/// An empty, threatened centre of ours gets a free neighbour in the season
/// that changes owners.
fn cover(plan: &mut Plan, threat: &[u32], autumn: bool) {
    let (v, pos, me) = (plan.board.v, plan.board.pos, plan.me);
    if !autumn {
        return;
    }
    for c in v
        .province_ids()
        .filter(|&p| pos.owners[p.index()] == Some(me) && threat[p.index()] > 0 && pos.force_in(v, p).is_none())
    {
        if plan.claimed.contains(&c) {
            continue;
        }
        if let Some(k) = (0..plan.mine.len()).find(|&k| plan.role[k] == Role::Free && plan.move_to(k, c).is_some()) {
            let o = plan.move_to(k, c).expect("a legal move");
            plan.assign(k, o);
        }
    }
}

/// A free army that gets nearer to a centre by sea than by land goes by
/// convoy, with a free fleet of ours beside it.
fn convoys(plan: &mut Plan, dist: &Distances) {
    let v = plan.board.v;
    for k in 0..plan.mine.len() {
        let army = plan.force(k);
        if plan.role[k] != Role::Free || !army.is_army() {
            continue;
        }
        let now = dist.of(v, army, army.loc);
        let mut best: Option<(u32, usize, Order, Order)> = None;
        for j in (0..plan.mine.len()).filter(|&j| j != k && plan.role[j] == Role::Free) {
            for c in plan.legal(j) {
                let Action::Convoy { unit, to } = &c.action else { continue };
                let d = plan.province(*to);
                if unit.loc != army.loc || plan.claimed.contains(&d) || plan.board.pos.force_in(v, d).is_some() {
                    continue;
                }
                let Some(go) =
                    plan.find(k, |a| matches!(a, Action::Move { to: t, via_convoy: true } if plan.province(*t) == d))
                else {
                    continue;
                };
                let far = dist.of(v, army, *to);
                if far < now && best.as_ref().is_none_or(|b| far < b.0) {
                    best = Some((far, j, go, c.clone()));
                }
            }
        }
        if let Some((_, j, go, c)) = best {
            plan.assign(k, go);
            plan.assign(j, c);
        }
    }
}

/// The other forces step toward the nearest centre not ours, never where
/// another of ours goes or stays; with Multiplicity a step onto a force of
/// ours that stays is a merge into it.
fn approach(plan: &mut Plan, dist: &Distances, rng: &mut Rng) {
    let (v, pos) = (plan.board.v, plan.board.pos);
    let mut order: Vec<usize> = (0..plan.mine.len()).filter(|&k| plan.role[k] != Role::Busy).collect();
    rng.shuffle(&mut order);
    // Where a force of ours stays (has no move).
    let stays = |plan: &Plan, p: ProvinceId| {
        (0..plan.mine.len()).any(|k| {
            v.province_of(plan.force(k).loc) == p
                && !matches!(
                    plan.chosen[k].as_ref().map(|o| &o.action),
                    Some(Action::Move { .. } | Action::Merge { .. })
                )
        })
    };
    for k in order {
        let f = plan.force(k);
        if plan.role[k] == Role::Keeper {
            let o = plan.find(k, |a| matches!(a, Action::Hold));
            if let Some(o) = o {
                plan.assign(k, o);
            }
            continue;
        }
        let now = dist.of(v, f, f.loc);
        let mut best: Option<(u32, u64, Order)> = None;
        for o in plan.legal(k) {
            let (to, merge) = match &o.action {
                Action::Move { to, via_convoy: false } => (*to, false),
                Action::Merge { to, .. } => (*to, true),
                _ => continue,
            };
            let p = v.province_of(to);
            if plan.claimed.contains(&p) {
                continue;
            }
            let occupied_by_us = pos.forces_in(v, p).any(|g| v.same_player(g.power, plan.me));
            // A plain move onto one of ours bounces; a merge is only for that.
            if occupied_by_us != merge || (occupied_by_us && !stays(plan, p)) {
                continue;
            }
            if pos.forces_in(v, p).any(|g| !v.same_player(g.power, plan.me)) {
                continue; // attacks are planned in `attacks`
            }
            let d = dist.of(v, f, to);
            let key = (d, rng.next_u64() % 4);
            if d < now && best.as_ref().is_none_or(|b| (b.0, b.1) > key) {
                best = Some((key.0, key.1, o.clone()));
            }
        }
        match best {
            Some((_, _, o)) => {
                // The force merged into stays there: it is what the merge is for.
                if let Action::Merge { to, .. } = o.action {
                    let p = v.province_of(to);
                    for s in 0..plan.mine.len() {
                        if plan.role[s] == Role::Free && v.province_of(plan.force(s).loc) == p {
                            plan.role[s] = Role::Keeper;
                        }
                    }
                }
                plan.assign(k, o)
            }
            None => {
                // Nothing better: support a neighbour of ours, or hold.
                let helped = (0..plan.mine.len()).filter(|&s| s != k).find_map(|s| plan.support_hold(k, plan.force(s)));
                if let Some(o) = helped.or_else(|| plan.find(k, |a| matches!(a, Action::Hold))) {
                    plan.assign(k, o);
                }
            }
        }
    }
}
