//! Towns every move (Hoplite Wars H6): a Town, a centre worth half, changes
//! hands after every movement season (after its retreats), not only after
//! the seasons the calendar names for every centre.

use super::options::{choice, Names, OptionError};
use super::Mechanic;
use crate::variant::Variant;

/// Does a centre worth `value` halves change hands after a season that
/// changes no other?
pub fn changes_hands_midyear(value: u8) -> bool {
    value == 1
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TownsEveryMove;

impl Mechanic for TownsEveryMove {
    const OPTION: &'static str = "town_control";
    const RANK: u8 = 4;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        Ok((choice(value, &["as_cities", "every_move"])? == 1).then_some(TownsEveryMove))
    }

    fn describe(&self, _: &Variant) -> String {
        "towns change hands every move".into()
    }

    fn changes_hands_midyear(&self, value: u8) -> bool {
        changes_hands_midyear(value)
    }

    fn any_midyear_changes(&self) -> bool {
        true
    }
}
