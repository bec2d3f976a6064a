//! At most N fleets built per power in one Winter (Vedder D4: 2); further
//! fleet builds are refused as illegal.

use crate::adjudicate::Illegal;

/// May a power that has built `built` fleets this Winter build one more?
pub fn check(cap: u32, built: u32) -> Result<(), Illegal> {
    if built >= cap {
        Err(Illegal::FleetBuildCap)
    } else {
        Ok(())
    }
}
