//! Imperator I3: "in the first game year builds are allowed in the
//! starting provinces" only.

use super::options::{flag, Names, OptionError};
use super::{Mechanic, Rules};
use crate::outcome::Illegal;
use crate::state::Position;
use crate::variant::{Kind, PowerId, ProvinceId, Variant};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstYearHomeBuilds;

impl Mechanic for FirstYearHomeBuilds {
    const OPTION: &'static str = "first_year_home_builds";
    const RANK: u8 = 35;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        flag(value, FirstYearHomeBuilds)
    }

    fn describe(&self, _: &Variant) -> String {
        "first-year builds in home centres".into()
    }

    fn build_site(
        &self,
        _: &Rules,
        v: &Variant,
        pos: &Position,
        power: PowerId,
        site: ProvinceId,
        _: Kind,
    ) -> Option<Result<(), Illegal>> {
        (pos.phase.year == v.calendar.first.year && !v.power(power).homes.contains(&site))
            .then_some(Err(Illegal::FirstYearHomesOnly))
    }
}
