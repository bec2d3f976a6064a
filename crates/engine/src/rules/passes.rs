//! City State C10: only Imperial units enter the Pass boxes and Germany
//! (the map's `imperial` spaces). A Pass holds one unit, as any province;
//! Germany, a box, holds any number. The Emperor's units are those of the
//! power with no home centres that starts in Germany: the variant names it
//! (`[rules] emperor`).

use super::options::{one_power, Names};
use super::{passes_must_move, Entry, Mechanic, Rules};
use crate::order::Action;
use crate::outcome::Illegal;
use crate::outcome::OrderResult;
use crate::state::Force;
use crate::state::{Position, VariantState};
use crate::variant::{PowerId, ProvinceId, Variant};

/// May `force` go into (move, support into, retreat to) `dest`?
pub fn may_enter(v: &Variant, emperor: PowerId, force: &Force, dest: ProvinceId) -> Result<(), Illegal> {
    if v.province(dest).flags.imperial && force.power != emperor {
        return Err(Illegal::ImperialOnly);
    }
    Ok(())
}

/// Only this power's units enter the map's `imperial` spaces (City State
/// C10: the Emperor, Germany and the Passes); C11: a unit in a Pass must
/// move (`passes_must_move.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImperialSpaces(pub PowerId);

/// The Emperor (City State), if the variant has one.
pub fn emperor(r: &Rules) -> Option<PowerId> {
    r.get::<ImperialSpaces>().map(|m| m.0)
}

/// What the Emperor's other rules (C13-C15) say without him.
pub const NEEDED: &str = "emperor_supply, double_army_rebuilds and emperor_elimination need `emperor`";

impl Mechanic for ImperialSpaces {
    const OPTION: &'static str = "emperor";
    const RANK: u8 = 17;

    fn read(value: &toml::Value, names: &Names) -> Result<Option<Self>, String> {
        Ok(Some(ImperialSpaces(one_power(value, names)?)))
    }

    fn describe(&self, v: &Variant) -> String {
        format!("imperial spaces ({})", v.power(self.0).name)
    }

    fn may_enter(&self, v: &Variant, force: &Force, dest: ProvinceId, _: Entry) -> Result<(), Illegal> {
        may_enter(v, self.0, force, dest)
    }

    fn may_order(
        &self,
        v: &Variant,
        _: &VariantState,
        _: &[Force],
        body: &Force,
        action: &Action,
    ) -> Result<(), Illegal> {
        passes_must_move::may_order(v, body, action)
    }

    fn after_movement(&self, _: &Rules, v: &Variant, results: &mut [OrderResult<'_>], next: &mut Position) {
        passes_must_move::after_movement(v, results, next);
    }
}
