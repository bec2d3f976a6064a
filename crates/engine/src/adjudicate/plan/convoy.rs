//! Convoy intent and possibility: which convoy orders show intent (DATC
//! 4.A.3, 6.G.6, 6.G.7, 6.G.19), and whether any convoy could carry an army
//! at all (6.D.31, 6.D.32). With Multiplicity, a convoying force carries no
//! more armies than it has fleets (M8).

use super::{Part, Plan, Plans};
use crate::adjudicate::outcome::Illegal;
use crate::state::{Force, Kind};
use crate::variant::{ProvinceId, Terrain, Variant};

/// DATC 6.G.7, 6.G.19: a convoy order by a fleet that no route of the army
/// through the fleets at sea needs is illegal, so it shows no intent to
/// convoy. (6.G.6: a fleet on a route through fleets that do not convoy
/// still shows intent.)
pub fn drop_needless_convoys(v: &Variant, forces: &[Force], plans: &mut Plans) {
    for g in 0..plans.parts.len() {
        let Plan::Convoy { army, dest } = plans.parts[g].plan else { continue };
        let seas = fleets_at_sea(v, forces, &forces[army as usize], None);
        let here = v.province_of(plans.parts[g].loc);
        if !on_some_route(v, v.province_of(forces[army as usize].loc), dest, &seas, here) {
            plans.parts[g].plan = Plan::Hold;
            if let Some(i) = plans.parts[g].order.take() {
                plans.illegal[i] = Some(Illegal::ConvoyNotOnRoute);
            }
        }
    }
}

/// Is there a route from `from` to `dest` through the seas `fleets` that
/// passes `needed` and needs every sea on it (no shortcut: seas that are not
/// next on the route do not touch)?
fn on_some_route(v: &Variant, from: ProvinceId, dest: ProvinceId, fleets: &[ProvinceId], needed: ProvinceId) -> bool {
    let touches = |a: ProvinceId, b: ProvinceId| v.any_borders.get(a as usize, b as usize);
    fn extend(
        path: &mut Vec<ProvinceId>,
        fleets: &[ProvinceId],
        dest: ProvinceId,
        needed: ProvinceId,
        touches: &dyn Fn(ProvinceId, ProvinceId) -> bool,
    ) -> bool {
        let last = *path.last().unwrap();
        if path.len() > 1 && touches(last, dest) {
            return path.contains(&needed);
        }
        for &f in fleets {
            // No shortcut: f may touch only the last step of the path.
            if path.contains(&f) || !touches(last, f) || path[..path.len() - 1].iter().any(|&p| touches(p, f)) {
                continue;
            }
            path.push(f);
            if extend(path, fleets, dest, needed, touches) {
                return true;
            }
            path.pop();
        }
        false
    }
    extend(&mut vec![from], fleets, dest, needed, &touches)
}

/// DATC 4.A.3: an army moving to an adjacent province goes by convoy when
/// a fleet of its own power is ordered to convoy it there.
pub fn mark_own_convoys(parts: &mut [Part]) {
    for g in 0..parts.len() {
        let Plan::Convoy { army, dest } = parts[g].plan else { continue };
        let power = parts[g].power;
        for p in parts.iter_mut().filter(|p| p.force == army && p.power == power) {
            if let Plan::Move { dest: d, ref mut convoy, .. } = p.plan {
                if d == dest {
                    *convoy = true;
                }
            }
        }
    }
}

/// Could fleets standing at sea carry `army` to `dest`, not counting force
/// `except`? (DATC 6.D.31, 6.D.32: a move or support that no convoy could
/// make possible is illegal.)
pub fn convoy_possible(v: &Variant, forces: &[Force], army: &Force, dest: ProvinceId, except: Option<u16>) -> bool {
    let from = v.province_of(army.loc);
    let fleets = fleets_at_sea(v, forces, army, except);
    let touches = |a: ProvinceId, b: ProvinceId| v.any_borders.get(a as usize, b as usize);
    let mut seen = vec![false; fleets.len()];
    let mut stack: Vec<usize> = (0..fleets.len()).filter(|&i| touches(from, fleets[i])).collect();
    for &i in &stack {
        seen[i] = true;
    }
    while let Some(i) = stack.pop() {
        if touches(fleets[i], dest) {
            return true;
        }
        for j in 0..fleets.len() {
            if !seen[j] && touches(fleets[i], fleets[j]) {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    false
}

/// The seas holding a force that could carry `army` (M8: its armies and the
/// army's together no more than its fleets), leaving out force `except`.
fn fleets_at_sea(v: &Variant, forces: &[Force], army: &Force, except: Option<u16>) -> Vec<ProvinceId> {
    let carried = army.count(Kind::Army);
    forces
        .iter()
        .enumerate()
        .filter(|(i, f)| {
            Some(*i as u16) != except && f.count(Kind::Army) + carried <= f.count(Kind::Fleet) && v.province(v.province_of(f.loc)).terrain == Terrain::Sea
        })
        .map(|(_, f)| v.province_of(f.loc))
        .collect()
}
