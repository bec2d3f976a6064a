//! DumbBot's first stage: a value for every place on the map, from one
//! power's point of view (David Norman's description of DumbBot, 2003,
//! DAIDE; written from that description).
//!
//! - Each province's worth: for a centre of ours, the size of the largest
//!   power next to it (what defending it is worth); for a centre of
//!   another's, the size of its owner (what taking it is worth); for any
//!   other province, nothing. A power's size grows with the square of its
//!   supply (`A s² + B s + C`). Supply and what a centre is worth are the
//!   engine's (`supplies`, `centre_value`), so a Town counts half and a
//!   Roman Rome three.
//! - Proximity 0 of each place is that worth, weighted by the season
//!   (attack and defence weighted differently in Spring and Autumn);
//!   proximity `n` is the place's own proximity `n - 1` plus its
//!   neighbours', over five: the worth spreads outward, round by round.
//! - Strength (our units next to a province) and competition (the most
//!   units any other one power has next to it).
//! - A place's value: the proximities, each with its weight, plus the
//!   strength and less the competition, each with its weight.
//!
//! - A vital unit of ours (its loss puts us out: the engine's
//!   `vital_units`) values a place less by the danger there: the chance
//!   of losing a unit there at the coming Winter (`winter_risks`) times
//!   what all our centres are worth to a power taking them.
//!
//! Armies spread over army borders (by province), fleets over fleet
//! borders (by location, each coast apart).

use crate::legal::Board;
use crate::stakes::Risks;
use polemarch_engine::rules::supplies;
use polemarch_engine::state::Force;
use polemarch_engine::variant::{LocId, PowerId, ProvinceId};

/// Rounds of spreading.
const ROUNDS: usize = 10;

/// A power's size from its supply in centres: `A s² + B s + C`.
const SIZE: [f64; 3] = [1.0, 4.0, 16.0];

/// The weights of one season.
pub struct Weights {
    attack: f64,
    defence: f64,
    proximity: [f64; ROUNDS],
    strength: f64,
    competition: f64,
}

/// Spring looks ahead (the nearer rounds weigh less than the next), with
/// attack first.
pub const SPRING: Weights = Weights {
    attack: 700.0,
    defence: 300.0,
    proximity: [100.0, 1000.0, 30.0, 10.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0],
    strength: 1000.0,
    competition: 1000.0,
};

/// Autumn, the season that changes owners: the centre itself counts most,
/// defence more than in Spring.
pub const AUTUMN: Weights = Weights {
    attack: 600.0,
    defence: 400.0,
    proximity: [1000.0, 100.0, 30.0, 10.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0],
    strength: 1000.0,
    competition: 1000.0,
};

/// Builds and removals: where a unit is wanted, defence first.
pub const WINTER: Weights = Weights {
    attack: 400.0,
    defence: 600.0,
    proximity: [1000.0, 100.0, 30.0, 10.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0],
    strength: 0.0,
    competition: 0.0,
};

/// The value of every place to one power.
pub struct Values {
    /// By province, for a force that moves as an army.
    pub army: Vec<f64>,
    /// By location, for a force that moves as a fleet.
    pub fleet: Vec<f64>,
    /// Where our vital units stand (the engine's `vital_units`: their loss
    /// puts us out), where any province is at risk at the coming Winter.
    vital: Vec<ProvinceId>,
    /// By province, what a vital unit standing there at the coming Winter
    /// costs (the engine's `winter_risks`): the chance of its loss times
    /// what all our centres are worth to a power taking them.
    danger: Vec<f64>,
}

impl Values {
    /// The value of `f` standing at `loc`.
    pub fn at(&self, board: &Board, f: &Force, loc: LocId) -> f64 {
        if f.is_fleet() {
            self.fleet[loc.index()]
        } else {
            self.army[board.v.province_of(loc).index()]
        }
    }

    /// Does a vital unit of ours stand in `p`, with some place at risk?
    pub fn is_vital(&self, p: ProvinceId) -> bool {
        self.vital.contains(&p)
    }

    /// The value of `f` standing at `loc`, less the danger there if `f` is
    /// one of our vital units.
    pub fn for_unit(&self, board: &Board, f: &Force, loc: LocId) -> f64 {
        let v = board.v;
        let value = self.at(board, f, loc);
        if self.is_vital(v.province_of(f.loc)) {
            value - self.danger[v.province_of(loc).index()]
        } else {
            value
        }
    }
}

/// Our vital units' places, and the danger by province (both empty where
/// nothing is at risk at the coming Winter).
fn dangers(board: &Board, me: PowerId, w: &Weights, supply: &[u32]) -> (Vec<ProvinceId>, Vec<f64>) {
    let (v, pos) = (board.v, board.pos);
    let risks = Risks::of(v, pos);
    if !risks.any_coming() {
        return (Vec::new(), Vec::new());
    }
    let vital: Vec<ProvinceId> = v.rules.vital_units(v, pos, me).into_iter().map(|u| u.at).collect();
    let top = w.proximity.iter().copied().fold(0.0, f64::max);
    let stake = size(supply[me.index()]) * supply[me.index()] as f64 / 2.0 * (w.attack + w.defence) * top;
    (vital, v.province_ids().map(|p| risks.coming(p) * stake).collect())
}

fn size(supply_halves: u32) -> f64 {
    let s = supply_halves as f64 / 2.0;
    SIZE[0] * s * s + SIZE[1] * s + SIZE[2]
}

/// What each province is worth to `me` before spreading: attack and
/// defence, apart.
fn worth(board: &Board, me: PowerId, supply: &[u32]) -> (Vec<f64>, Vec<f64>) {
    let (v, pos) = (board.v, board.pos);
    let sizes: Vec<f64> = supply.iter().copied().map(size).collect();
    // A neutral centre is worth what an average power is.
    let neutral = sizes.iter().sum::<f64>() / sizes.len().max(1) as f64;
    // The largest power (not ours) with a force next to each province.
    let mut largest_near = vec![0.0f64; v.province_count()];
    for (j, g) in pos.forces.iter().enumerate().filter(|(_, g)| !v.same_player(g.power, me)) {
        for p in &board.reaches[j] {
            largest_near[p.index()] = largest_near[p.index()].max(sizes[g.power.index()]);
        }
    }
    let mut attack = vec![0.0; v.province_count()];
    let mut defence = vec![0.0; v.province_count()];
    for p in v.province_ids().filter(|&p| v.is_centre(p)) {
        let (owner_size, value) = match pos.owners[p.index()] {
            Some(o) => {
                let holder = v.rules.supply_holder(&pos.state, p, o);
                (sizes[o.index()], v.rules.centre_value(v, pos, p, o, holder))
            }
            None => (neutral, v.province(p).centre as u32),
        };
        let centres = value as f64 / 2.0;
        if pos.owners[p.index()].is_some_and(|o| v.same_player(o, me)) {
            defence[p.index()] = largest_near[p.index()] * centres;
        } else {
            attack[p.index()] = owner_size * centres;
        }
    }
    (attack, defence)
}

/// Spreads `start` over a graph of `n` places, `ROUNDS` rounds: round `k`
/// of place `x` is (round `k - 1` of `x` and of its neighbours) / 5.
fn spread<I: IntoIterator<Item = usize>>(start: Vec<f64>, next: impl Fn(usize) -> I) -> Vec<Vec<f64>> {
    let mut rounds = vec![start];
    for _ in 1..ROUNDS {
        let last = rounds.last().expect("a round");
        let round =
            (0..last.len()).map(|x| (last[x] + next(x).into_iter().map(|y| last[y]).sum::<f64>()) / 5.0).collect();
        rounds.push(round);
    }
    rounds
}

/// The values of every place to `me` with the season's weights.
pub fn values(board: &Board, me: PowerId, w: &Weights) -> Values {
    let (v, pos) = (board.v, board.pos);
    let supply = supplies(v, pos);
    let (attack, defence) = worth(board, me, &supply);
    let by_province: Vec<f64> =
        (0..v.province_count()).map(|p| attack[p] * w.attack + defence[p] * w.defence).collect();
    let mut strength = vec![0.0; v.province_count()];
    let mut by_power = vec![vec![0.0; v.province_count()]; v.powers.len()];
    for (j, g) in pos.forces.iter().enumerate() {
        for p in &board.reaches[j] {
            if v.same_player(g.power, me) {
                strength[p.index()] += g.strength() as f64;
            } else {
                by_power[g.power.index()][p.index()] += g.strength() as f64;
            }
        }
    }
    let competition: Vec<f64> =
        (0..v.province_count()).map(|p| by_power.iter().map(|row| row[p]).fold(0.0, f64::max)).collect();
    let total = |rounds: &[Vec<f64>], x: usize, p: ProvinceId| {
        rounds.iter().zip(w.proximity).map(|(r, wk)| r[x] * wk).sum::<f64>() + strength[p.index()] * w.strength
            - competition[p.index()] * w.competition
    };
    let army_rounds = spread(by_province.clone(), |p| v.army_neighbours[p].iter().map(|n| n.index()));
    let fleet_start: Vec<f64> = v.loc_ids().map(|l| by_province[v.province_of(l).index()]).collect();
    let fleet_rounds = spread(fleet_start, |l| v.fleet_neighbours[l].iter().map(|n| n.index()));
    let (vital, danger) = dangers(board, me, w, &supply);
    Values {
        army: v.province_ids().map(|p| total(&army_rounds, p.index(), p)).collect(),
        fleet: v.loc_ids().map(|l| total(&fleet_rounds, l.index(), v.province_of(l))).collect(),
        vital,
        danger,
    }
}
