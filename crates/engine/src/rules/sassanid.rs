//! Imperator I9: the Sassanid spaces (the map's `sassanid:im`: Arbela,
//! Armenia, Atropatene, Ctesiphon) are never entered: no move, support,
//! retreat or convoy goes there. (The `impassable_in:im` spaces behind them
//! are no part of the game: the loader takes their borders away.)

use super::options::{flag, Names, OptionError};
use super::{Entry, Mechanic};
use crate::outcome::Illegal;
use crate::state::Force;
use crate::variant::{ProvinceId, Variant};

pub fn may_enter(v: &Variant, dest: ProvinceId) -> Result<(), Illegal> {
    if v.province(dest).flags.sassanid {
        Err(Illegal::Sassanid)
    } else {
        Ok(())
    }
}

/// Imperator I9: the map's Sassanid spaces are never entered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sassanid;

impl Mechanic for Sassanid {
    const OPTION: &'static str = "sassanid";
    const RANK: u8 = 34;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        flag(value, Sassanid)
    }

    fn describe(&self, _: &Variant) -> String {
        "sassanid spaces never entered".into()
    }

    fn may_enter(&self, v: &Variant, _: &Force, dest: ProvinceId, _: Entry) -> Result<(), Illegal> {
        may_enter(v, dest)
    }

    fn never_entered(&self, v: &Variant, p: ProvinceId) -> bool {
        may_enter(v, p).is_err()
    }
}
