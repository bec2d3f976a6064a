//! City State C10: only Imperial units enter the Pass boxes and Germany
//! (the map's `imperial` spaces). A Pass holds one unit, as any province;
//! Germany, a box, holds any number. The Emperor's units are those of the
//! power with no home centres that starts in Germany: the variant names it
//! (`[rules] emperor`).

use crate::outcome::Illegal;
use crate::state::Force;
use crate::variant::{PowerId, ProvinceId, Variant};

/// May `force` go into (move, support into, retreat to) `dest`?
pub fn may_enter(v: &Variant, emperor: PowerId, force: &Force, dest: ProvinceId) -> Result<(), Illegal> {
    if v.province(dest).flags.imperial && force.power != emperor {
        return Err(Illegal::ImperialOnly);
    }
    Ok(())
}
