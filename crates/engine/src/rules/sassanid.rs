//! Imperator I9: the Sassanid spaces (the map's `sassanid:im`: Arbela,
//! Armenia, Atropatene, Ctesiphon) are never entered: no move, support,
//! retreat or convoy goes there. (The `impassable_in:im` spaces behind them
//! are no part of the game: the loader takes their borders away.)

use crate::outcome::Illegal;
use crate::variant::{ProvinceId, Variant};

pub fn may_enter(v: &Variant, dest: ProvinceId) -> Result<(), Illegal> {
    if v.province(dest).flags.sassanid {
        Err(Illegal::Sassanid)
    } else {
        Ok(())
    }
}
