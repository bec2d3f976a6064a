//! Taking one component out of a force in an adjustment: which one a
//! removal takes (M12), and the taking. Used by removals, civil disorder
//! and garrisons disbanded at will.

use crate::state::{Force, Kind, Position};
use crate::variant::{PowerId, Terrain, Variant};

/// Upkeep of one component, in halves of a centre.
pub fn upkeep(kind: Kind) -> i32 {
    kind.row().upkeep as i32
}

/// The kind of `power`'s component a removal takes from `force` (never a
/// free one); None when it has none, or when at sea every choice would
/// leave an unseaworthy force (Multiplicity M2: "An unseaworthy force may
/// never be in a sea province at the end of a phase"; a mixed force of one
/// player's powers, Hoplite Wars, whose army is the other power's: each
/// power removes only its own components, H1).
pub fn component_to_remove(v: &Variant, force: &Force, power: PowerId, wanted: Option<Kind>) -> Option<Kind> {
    let has = |k: Kind| force.components.iter().any(|c| c.kind == k && c.power == power && !c.free);
    let order = [Kind::FLEET, Kind::ARMY, Kind::GARRISON];
    let mut kind = wanted.filter(|&k| has(k)).or_else(|| order.iter().copied().find(|&k| has(k)))?;
    let at_sea = v.province(v.province_of(force.loc)).terrain == Terrain::Sea;
    if at_sea && kind == Kind::FLEET && force.count(Kind::FLEET) - 1 < force.count(Kind::ARMY) && has(Kind::ARMY) {
        kind = Kind::ARMY;
    }
    if at_sea && leaves_unseaworthy(force, kind) {
        return None;
    }
    Some(kind)
}

/// Would taking one component of `kind` from `force` leave more armies
/// than fleets in it (something left)?
pub fn leaves_unseaworthy(force: &Force, kind: Kind) -> bool {
    let fleets = force.count(Kind::FLEET) - usize::from(kind == Kind::FLEET);
    let armies = force.count(Kind::ARMY) - usize::from(kind == Kind::ARMY);
    armies > fleets
}

/// Takes one of `power`'s components of `kind` (never a free one) from
/// force `i` (the force goes when it was the last); returns its upkeep.
pub fn take_component(v: &Variant, pos: &mut Position, i: usize, power: PowerId, kind: Kind) -> i32 {
    let force = &mut pos.forces[i];
    let c = force
        .components
        .iter()
        .position(|c| c.kind == kind && c.power == power && !c.free)
        .expect("the force has that component");
    force.components.remove(c);
    if force.components.is_empty() {
        pos.forces.remove(i);
    } else {
        force.settle_power(v);
    }
    upkeep(kind)
}
