//! Hoplite Wars H7: a power builds in any City or Town it owns, not only
//! in its home centres.

use super::options::{choice, Names, OptionError};
use super::Mechanic;
use crate::variant::{PowerId, ProvinceId, Variant};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnedCentreBuilds;

impl Mechanic for OwnedCentreBuilds {
    const OPTION: &'static str = "build_sites";
    const RANK: u8 = 3;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        Ok((choice(value, &["home_centres", "owned_centres"])? == 1).then_some(OwnedCentreBuilds))
    }

    fn describe(&self, _: &Variant) -> String {
        "builds in owned centres".into()
    }

    /// Any centre it owns (the core checks the owner; only centres are
    /// owned).
    fn may_build_at(&self, _: &Variant, _: PowerId, _: ProvinceId) -> bool {
        true
    }
}
