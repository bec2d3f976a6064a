//! Liberation (Hoplite Wars H10): a Minor's home City retaken by a power of
//! its own player returns to the Minor.

use super::options::{flag, Names, OptionError};
use super::{Mechanic, Rules};
use crate::state::{Force, VariantState};
use crate::variant::{PowerId, ProvinceId, Variant};

/// When the centre changes player, and it is the home of a Minor of the
/// mover's player, the Minor owns it.
pub fn capture(v: &Variant, p: ProvinceId, mover: PowerId, current: Option<PowerId>) -> Option<PowerId> {
    if current.is_some_and(|c| v.same_player(c, mover)) {
        return None;
    }
    v.home_of(p).filter(|&m| v.same_player(m, mover) && v.major_of(m) != m)
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Liberation;

impl Mechanic for Liberation {
    const OPTION: &'static str = "liberation";
    const RANK: u8 = 9;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        flag(value, Liberation)
    }

    fn describe(&self, _: &Variant) -> String {
        "liberation".into()
    }

    fn capture(
        &self,
        _: &Rules,
        v: &Variant,
        _: &[Force],
        _: &mut VariantState,
        p: ProvinceId,
        mover: PowerId,
        current: Option<PowerId>,
        decided: &mut Option<PowerId>,
    ) {
        if decided.is_none() {
            *decided = capture(v, p, mover, current);
        }
    }
}
