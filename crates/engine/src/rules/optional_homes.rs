//! Vedder D4: a power builds also in its optional homes, the centres the
//! map flags `optional_home:<power>` for the variant's game.

use super::options::{flag, Names, OptionError};
use super::Mechanic;
use crate::variant::{PowerId, ProvinceId, Variant};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionalHomes;

impl Mechanic for OptionalHomes {
    const OPTION: &'static str = "optional_homes";
    const RANK: u8 = 3;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        flag(value, OptionalHomes)
    }

    fn describe(&self, _: &Variant) -> String {
        "builds in optional homes".into()
    }

    fn may_build_at(&self, v: &Variant, power: PowerId, site: ProvinceId) -> bool {
        v.power(power).optional_homes.contains(&site)
    }
}
