//! Destroying centres (Vedder D5): at the start of a movement phase a unit
//! standing in a centre may destroy it (`A xxx DESTROY`), except the centres
//! the map flags `not_destroyable` (Alexandria, Antioch, Rome). It is the
//! unit's whole order (it holds otherwise), and takes effect whatever
//! happens to the unit. A destroyed centre keeps its owner but is worth
//! nothing until rebuilt (D6, rules/rebuild.rs).
//!
//! State: `destroyed <centre>` for each destroyed centre.

use super::options::{flag, Names, OptionError};
use super::state_text::{province_index, Codec, Slot};
use super::StateError;
use super::{Mechanic, Notation, Rules};
use crate::adjudicate::Plan;
use crate::order::Action;
use crate::outcome::DestroyIllegal;
use crate::outcome::DestroyReason;
use crate::outcome::{Illegal, OrderResult, Reason, Verdict};
use crate::state::{Force, Position, VariantState};
use crate::variant::PowerId;
use crate::variant::{ProvinceId, Variant};
use std::ops::ControlFlow;

pub fn is_destroyed(state: &VariantState, p: ProvinceId) -> bool {
    state.destroyed.binary_search(&p).is_ok()
}

/// D5: the destroying unit holds; only in a centre that may be destroyed
/// and is not already.
pub fn plan(v: &Variant, state: &VariantState, body: &Force) -> Result<Plan, Illegal> {
    let p = v.province_of(body.loc);
    if !v.is_centre(p) {
        Err(Illegal::Destroy(DestroyIllegal::NotACentre))
    } else if v.province(p).flags.not_destroyable {
        Err(Illegal::Destroy(DestroyIllegal::NotDestroyable))
    } else if is_destroyed(state, p) {
        Err(Illegal::Destroy(DestroyIllegal::AlreadyDestroyed))
    } else {
        Ok(Plan::Hold)
    }
}

/// After a movement: every legal DESTROY takes effect, held or dislodged.
pub fn after_movement(v: &Variant, results: &mut [OrderResult<'_>], next: &mut Position) {
    for r in results.iter_mut().filter(|r| r.order.action == Action::Destroy && r.verdict() != Verdict::Illegal) {
        let p = v.province_of(r.order.unit.as_ref().expect("a destroy names its unit").loc);
        destroy(&mut next.state, p);
        if r.verdict() == Verdict::Success {
            r.reason = Reason::Destroy(DestroyReason::Destroyed);
        }
    }
}

pub fn destroy(state: &mut VariantState, p: ProvinceId) {
    if let Err(i) = state.destroyed.binary_search(&p) {
        state.destroyed.insert(i, p);
    }
    state.rebuilds.retain(|r| r.centre != p);
}

/// `destroyed kor`: a destroyed centre (the key has no value).
pub const DESTROYED: Codec = Codec {
    key: "destroyed",
    index: "<name>",
    shown: true,
    write: |v, state, out| {
        for &p in &state.destroyed {
            out(v.province(p).abbr.clone(), String::new());
        }
    },
    read: |v, centre, value, state| {
        if !value.is_empty() {
            return Err(StateError::value(value, "`destroyed <centre>` takes nothing after the centre"));
        }
        let p = province_index(v, centre)?;
        if !v.is_centre(p) {
            return Err(StateError::ruled_out(format!("`{centre}` is not a centre")));
        }
        // D5's exceptions; in Imperator the Persians sack all but Rome (I5).
        let persians_may = v.rules.sacks_any_centre() && v.province(p).roman_centre == 0;
        if v.province(p).flags.not_destroyable && !persians_may {
            return Err(StateError::ruled_out(format!("{} cannot be destroyed (D5)", v.province(p).name)));
        }
        destroy(state, p);
        Ok(())
    },
};

pub const SLOTS: Slot = &[DESTROYED];

/// `A xxx DESTROY` (D5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Destroy;

impl Mechanic for Destroy {
    const OPTION: &'static str = "destroy";
    const RANK: u8 = 12;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        flag(value, Destroy)
    }

    fn describe(&self, _: &Variant) -> String {
        "destroying centres".into()
    }

    fn reads(&self, notation: Notation) -> bool {
        notation == Notation::DestroyShort
    }

    fn slots(&self) -> Slot {
        SLOTS
    }

    fn plan_order(
        &self,
        _: &Rules,
        v: &Variant,
        state: &VariantState,
        body: &Force,
        action: &Action,
    ) -> Option<Result<Plan, Illegal>> {
        (*action == Action::Destroy).then(|| plan(v, state, body))
    }

    fn after_movement(&self, _: &Rules, v: &Variant, results: &mut [OrderResult<'_>], next: &mut Position) {
        after_movement(v, results, next);
    }

    /// Destroyed centres are worth nothing.
    fn centre_value(
        &self,
        _: &Rules,
        _: &Variant,
        pos: &Position,
        p: ProvinceId,
        _: PowerId,
        _: PowerId,
        value: u32,
    ) -> ControlFlow<u32, u32> {
        if is_destroyed(&pos.state, p) {
            ControlFlow::Break(0)
        } else {
            ControlFlow::Continue(value)
        }
    }
}
