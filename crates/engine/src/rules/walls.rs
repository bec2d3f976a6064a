//! City State C5: the place behind a centre's walls (`mil-walls`) is
//! entered only by a retreat of a unit dislodged from that centre, and by a
//! fleet only at a port. No unit moves or supports into it.

use super::Entry;
use crate::outcome::Illegal;
use crate::state::Force;
use crate::variant::{ProvinceId, Variant};

/// May `force` go into `dest` by `entry`, if `dest` is behind walls?
pub fn may_enter(v: &Variant, force: &Force, dest: ProvinceId, entry: Entry) -> Result<(), Illegal> {
    let Some(centre) = v.province(dest).walls_of else { return Ok(()) };
    match entry {
        Entry::Move | Entry::Support => Err(Illegal::WallsByRetreatOnly),
        Entry::Retreat if force.is_fleet() && !v.province(centre).flags.port => Err(Illegal::FleetWallsOnlyAtPort),
        Entry::Retreat => Ok(()),
    }
}
