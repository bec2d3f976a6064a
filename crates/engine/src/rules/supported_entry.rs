//! Provinces entered only by a supported attack (Triumvirate T9: Arbela
//! and Ctesiphon, the Parthian Empire; the map's `parthian` flag). The
//! resolver gives such a province a resistance of 1 of its own
//! (`Resolver::native`, `Decisions::hold_strength`): an attack of strength
//! 1, however unopposed, bounces; a supported one enters. A retreat is no
//! attack, so it never enters.

use super::options::{flag, Names, OptionError};
use super::Entry;
use super::Mechanic;
use crate::outcome::Illegal;
use crate::state::Force;
use crate::variant::{ProvinceId, Variant};

/// Hook `may_enter`: no retreat into a Parthian province.
pub fn may_enter(v: &Variant, dest: ProvinceId, entry: Entry) -> Result<(), Illegal> {
    if entry == Entry::Retreat && v.province(dest).flags.parthian {
        Err(Illegal::SupportedEntryOnly)
    } else {
        Ok(())
    }
}

/// The resistance of `p` itself, with no unit in it.
#[inline]
pub fn resistance(v: &Variant, p: ProvinceId) -> u32 {
    u32::from(v.province(p).flags.parthian)
}

/// The map's `parthian` provinces are entered only by a supported attack
/// (T9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SupportedEntry;

impl Mechanic for SupportedEntry {
    const OPTION: &'static str = "supported_entry";
    const RANK: u8 = 29;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        flag(value, SupportedEntry)
    }

    fn describe(&self, _: &Variant) -> String {
        "parthian provinces entered only by a supported attack".into()
    }

    fn may_enter(&self, v: &Variant, _: &Force, dest: ProvinceId, entry: Entry) -> Result<(), Illegal> {
        may_enter(v, dest, entry)
    }

    fn native_resistance(&self) -> bool {
        true
    }

    fn resistance(&self, v: &Variant, p: ProvinceId) -> Option<u32> {
        Some(resistance(v, p))
    }
}
