//! Who owns the centres after a season: the power standing on them, with
//! Hoplite Wars' refinements: Towns change hands after every movement season
//! (H6), a mixed force takes a centre for its Major unless its order said
//! `CLAIM` (H3), a player's own centres stay with the power that owns them
//! (H3), a Minor's home City retaken by its player returns to the Minor
//! (H10), and after the first Autumn the colonies are dealt (H9).

use crate::order::{Action, Order};
use crate::state::Position;
use crate::variant::{PowerId, ProvinceId, TownControl, Variant};

/// The state key of a claim on province `p`.
fn claim_key(v: &Variant, p: ProvinceId) -> String {
    format!("claim {}", v.province(p).abbr)
}

/// Notes the claims of successful capturing orders until the ownership
/// update that settles them.
pub fn note_claims<'a>(v: &Variant, next: &mut Position, succeeded: impl Iterator<Item = &'a Order>) {
    for order in succeeded {
        let (Some(power), Action::Move { to, .. } | Action::Merge { to, .. }) = (order.claim, &order.action) else { continue };
        next.state.insert(claim_key(v, v.province_of(*to)), v.power(power).name.clone());
    }
}

/// Centres change hands at the end of a season: every centre when the
/// calendar says so, else only Towns (centres worth half) where they change
/// hands after every move.
pub fn end_of_season(v: &Variant, season_changes_all: bool, next: &mut Position) {
    let towns_too = v.rules.town_control == TownControl::EveryMove;
    if !season_changes_all && !towns_too {
        return;
    }
    for f in 0..next.forces.len() {
        let (loc, mover) = (next.forces[f].loc, next.forces[f].power);
        let p = v.province_of(loc);
        let value = v.province(p).centre;
        if value == 0 || (!season_changes_all && value != 1) {
            continue;
        }
        let claim =
            if v.rules.claims { next.state.remove(&claim_key(v, p)).and_then(|name| v.find_power(&name)).filter(|&c| v.same_player(c, mover)) } else { None };
        let current = next.owners[p as usize];
        let owner = match (claim, current) {
            (Some(c), _) => c,
            (None, Some(c)) if v.same_player(c, mover) => c,
            (None, _) => liberated(v, p, mover).unwrap_or(mover),
        };
        next.owners[p as usize] = Some(owner);
    }
    if season_changes_all {
        if v.rules.claims {
            next.state.retain(|k, _| !k.starts_with("claim "));
        }
        if !v.colonies.is_empty() && !next.state.keys().any(|k| k.starts_with("colony ")) {
            deal_colonies(v, next);
        }
    }
}

/// H10: the Minor whose home City `p` is, when `mover`'s player plays it.
fn liberated(v: &Variant, p: ProvinceId, mover: PowerId) -> Option<PowerId> {
    if !v.rules.liberation {
        return None;
    }
    v.home_of(p).filter(|&m| v.same_player(m, mover) && v.major_of(m) != m)
}

/// H9: the colonies go one to each Major, in an order drawn from the game's
/// seed (state key `seed`), so that a replay draws the same.
fn deal_colonies(v: &Variant, next: &mut Position) {
    let seed: u64 = next.state.get("seed").and_then(|s| s.parse().ok()).unwrap_or(0);
    let mut majors: Vec<PowerId> = v.players.iter().map(|p| p.powers[0]).collect();
    let mut rng = SplitMix64(seed);
    for i in (1..majors.len()).rev() {
        let j = (rng.next() % (i as u64 + 1)) as usize;
        majors.swap(i, j);
    }
    for (&colony, &major) in v.colonies.iter().zip(&majors) {
        next.owners[colony as usize] = Some(major);
        next.state.insert(format!("colony {}", v.province(colony).abbr), v.power(major).name.clone());
    }
}

/// SplitMix64 (Steele, Lea, Flood 2014): a small generator whose output
/// depends only on its seed, the same on every machine.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}
