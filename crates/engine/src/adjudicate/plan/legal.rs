//! Where a force (or a part of one) may go: army and fleet borders, coasts
//! (DATC 4.B), and seaworthiness (Multiplicity M2, M7).

use super::plain::{plain_reach, plain_tables};
use super::Plan;
use crate::adjudicate::outcome::Illegal;
use crate::rules::Entry;
use crate::state::{Force, Moves};
use crate::variant::{LocId, ProvinceId, Terrain, Variant};

/// Hook `may_enter`: may `force` go into `dest` by `entry` (City State's
/// Passes and walls, C5, C10)? The one caller of `Rules::may_enter`; a
/// variant without mechanics (standard) does not call it.
#[inline]
pub fn may_enter(v: &Variant, force: &Force, dest: ProvinceId, entry: Entry) -> Result<(), Illegal> {
    if v.rules.mechanics.is_empty() {
        return Ok(());
    }
    v.rules.may_enter(v, force, dest, entry)
}

/// Can `force` reach province `dest` by its own move, without convoy (the
/// reach of a support, M2)? A fleet may reach any coast of it. (A force of
/// one component, in a variant without mechanics, is answered from the
/// rule's answers kept with the variant: plan/plain.rs.)
pub fn can_reach(v: &Variant, force: &Force, dest: ProvinceId) -> bool {
    if let Some(reach) = plain_tables(v).and_then(|t| plain_reach(t, force, dest)) {
        return reach;
    }
    reaches(v, force, dest)
}

/// `can_reach`, the rule.
pub(super) fn reaches(v: &Variant, force: &Force, dest: ProvinceId) -> bool {
    if may_enter(v, force, dest, Entry::Support).is_err() {
        return false;
    }
    let from = v.province_of(force.loc);
    match force.moves_as() {
        Moves::Fleet => {
            fleet_coasts(v, force.loc, dest).next().is_some()
                && (v.province(dest).terrain != Terrain::Sea || force.seaworthy())
        }
        // T2: a personal unit supports two steps away (asked only where an
        // army could not).
        _ => {
            v.army_borders.get_within(from.index(), dest.index())
                || (!v.rules.mechanics.is_empty() && v.rules.reaches_far(v, force, dest))
        }
    }
}

/// The locations of `dest` a fleet at `from` borders.
pub fn fleet_coasts(v: &Variant, from: LocId, dest: ProvinceId) -> impl Iterator<Item = LocId> + '_ {
    let coasts = &v.province(dest).coasts;
    let whole = coasts.is_empty().then_some(LocId::of_province(dest));
    whole
        .into_iter()
        .chain(coasts.iter().copied())
        .filter(move |&l| v.fleet_borders.get_within(from.index(), l.index()))
}

/// The plan for `force` moving to `to`; `merge` for a MERGE order.
/// (Always inline: its plan is then handed back in registers.)
#[inline(always)]
pub fn plan_move(v: &Variant, force: &Force, to: LocId, via_convoy: bool, merge: bool) -> Result<Plan, Illegal> {
    let from = v.province_of(force.loc);
    let dest = v.province_of(to);
    if from == dest {
        return Err(Illegal::SameProvince);
    }
    may_enter(v, force, dest, Entry::Move)?;
    let terrain = v.province(dest).terrain;
    let [armies, fleets, garrisons] = force.kinds();
    if garrisons > 0 {
        return Err(Illegal::GarrisonCannotMove);
    }
    if fleets > 0 {
        if !terrain.holds_fleets() {
            return Err(Illegal::FleetToLand);
        }
        let to = fleet_destination(v, force.loc, to)?;
        // An unseaworthy force enters a sea only as a rider of a merge (M7).
        let rider = terrain == Terrain::Sea && fleets < armies;
        if rider && !merge {
            return Err(Illegal::Unseaworthy);
        }
        return Ok(Plan::Move { to, dest, convoy: false, merge, rider, raise: false });
    }
    if v.province(from).terrain == Terrain::Sea {
        // Armies at sea leave only for a coast that borders the sea (M2, M9).
        if !terrain.shore() || fleet_coasts(v, force.loc, dest).next().is_none() {
            return Err(Illegal::NotAdjacent);
        }
        return Ok(Plan::Move { to: LocId::of_province(dest), dest, convoy: false, merge, rider: false, raise: false });
    }
    match terrain {
        Terrain::Sea if merge && v.any_borders.get_within(from.index(), dest.index()) => {
            Ok(Plan::Move { to: LocId::of_province(dest), dest, convoy: false, merge, rider: true, raise: false })
        }
        Terrain::Sea => Err(Illegal::ArmyToSea),
        Terrain::Impassable => Err(Illegal::NotAdjacent),
        _ => {
            let adjacent = v.army_borders.get_within(from.index(), dest.index());
            let both_coastal = v.province(from).terrain.shore() && terrain.shore();
            if !adjacent && !both_coastal {
                return Err(Illegal::NotAdjacent);
            }
            Ok(Plan::Move {
                to: LocId::of_province(dest),
                dest,
                convoy: via_convoy || !adjacent,
                merge,
                rider: false,
                raise: false,
            })
        }
    }
}

/// The location a fleet moving from `from` to `to` ends on (DATC 4.B: a
/// missing coast is supplied when only one is reachable).
#[inline]
fn fleet_destination(v: &Variant, from: LocId, to: LocId) -> Result<LocId, Illegal> {
    let dest = v.province_of(to);
    if v.loc(to).coast.is_some() {
        return if v.fleet_borders.get_within(from.index(), to.index()) {
            Ok(to)
        } else if fleet_coasts(v, from, dest).next().is_some() {
            Err(Illegal::NoSuchCoast)
        } else {
            Err(Illegal::NotAdjacent)
        };
    }
    let mut coasts = fleet_coasts(v, from, dest);
    match (coasts.next(), coasts.next()) {
        (Some(l), None) => Ok(l),
        (Some(_), Some(_)) => Err(Illegal::CoastNeeded),
        (None, _) => Err(Illegal::NotAdjacent),
    }
}
