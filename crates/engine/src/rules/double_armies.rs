//! City State C12: the Emperor's double armies, the DA row of the kind
//! table (what a DA is: its strength, its upkeep, its rebuilds in
//! `da_rebuild.rs`).

use super::options::{flag, Names, OptionError};
use super::{Mechanic, Rules};
use crate::variant::{Kind, Variant};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoubleArmies;

impl Mechanic for DoubleArmies {
    const OPTION: &'static str = "double_armies";
    const RANK: u8 = 16;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        flag(value, DoubleArmies)
    }

    fn describe(&self, _: &Variant) -> String {
        "double armies".into()
    }

    fn kinds(&self, _: &Rules, kinds: &mut Vec<Kind>) {
        kinds.push(Kind::DOUBLE_ARMY);
    }
}
