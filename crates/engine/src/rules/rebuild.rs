//! Rebuilding destroyed centres (Vedder D6): a unit standing in a destroyed
//! centre that orders `REBUILD` in two consecutive movement phases without
//! being dislodged rebuilds it; it is worth its value again from the next
//! Winter adjustment. The order is the unit's whole order (it holds).
//!
//! State: `rebuild <centre> <power> <phases>`: the power whose unit has
//! ordered REBUILD there in the last `phases` movement phases in a row.

use super::destroy::is_destroyed;
use super::options::{flag, Names, OptionError};
use super::state_text::{province_index, Codec, Slot};
use super::StateError;
use super::{Mechanic, Rules};
use crate::adjudicate::Plan;
use crate::order::Action;
use crate::outcome::DestroyIllegal;
use crate::outcome::DestroyReason;
use crate::outcome::{Illegal, OrderResult, Reason, Verdict};
use crate::state::{Force, Position, Rebuild as Rebuilding, VariantState};
use crate::variant::Variant;

/// The movement phases in a row a rebuild takes.
const PHASES: u8 = 2;

/// D6: the rebuilding unit holds, in a destroyed centre.
pub fn plan(v: &Variant, state: &VariantState, body: &Force) -> Result<Plan, Illegal> {
    if is_destroyed(state, v.province_of(body.loc)) {
        Ok(Plan::Hold)
    } else {
        Err(Illegal::Destroy(DestroyIllegal::NotDestroyed))
    }
}

/// After a movement: each REBUILD that held counts one phase more (or one,
/// for another power's unit); two in a row rebuild the centre. A rebuild
/// not ordered again this phase, or whose unit was dislodged, is lost.
pub fn after_movement(v: &Variant, results: &mut [OrderResult<'_>], next: &mut Position) {
    let before = std::mem::take(&mut next.state.rebuilds);
    for r in results.iter_mut().filter(|r| r.order.action == Action::Rebuild && r.verdict() == Verdict::Success) {
        let centre = v.province_of(r.order.unit.as_ref().expect("a rebuild names its unit").loc);
        let Some(power) = next.force_in(v, centre).map(|f| f.power) else { continue };
        let done = before.iter().find(|b| b.centre == centre && b.power == power).map_or(0, |b| b.phases);
        if done + 1 >= PHASES {
            next.state.destroyed.retain(|&p| p != centre);
            r.reason = Reason::Destroy(DestroyReason::Rebuilt);
        } else {
            next.state.rebuilds.push(Rebuilding { centre, power, phases: done + 1 });
            r.reason = Reason::Destroy(DestroyReason::Rebuilding);
        }
    }
    next.state.rebuilds.sort_unstable();
}

/// The state read whole: a rebuild under way is of a destroyed centre.
pub fn check(v: &Variant, state: &VariantState) -> Result<(), StateError> {
    match state.rebuilds.iter().find(|r| !is_destroyed(state, r.centre)) {
        Some(r) => {
            let abbr = &v.province(r.centre).abbr;
            Err(StateError::ruled_out(format!(
                "state `rebuild {abbr}`: {} is not destroyed (no `destroyed {abbr}`)",
                v.province(r.centre).name
            )))
        }
        None => Ok(()),
    }
}

/// `rebuild kor Macedonia 1`.
pub const REBUILD: Codec = Codec {
    key: "rebuild",
    index: "<name>",
    shown: true,
    write: |v, state, out| {
        for r in &state.rebuilds {
            out(v.province(r.centre).abbr.clone(), format!("{} {}", v.power(r.power).name, r.phases));
        }
    },
    read: |v, centre, value, state| {
        let centre = province_index(v, centre)?;
        let (power, phases) = match value.split_whitespace().collect::<Vec<_>>()[..] {
            [power, phases] => (
                v.power_named(power)?,
                phases.parse::<u8>().map_err(|_| StateError::value(phases, "expected a number of phases"))?,
            ),
            _ => return Err(StateError::value(value, "expected `<power> <phases>`")),
        };
        if !(1..PHASES).contains(&phases) {
            return Err(StateError::ruled_out(format!(
                "`{phases}` phases: a rebuild under way has done 1 to {} of its {PHASES} phases",
                PHASES - 1
            )));
        }
        state.rebuilds.retain(|r| r.centre != centre);
        state.rebuilds.push(Rebuilding { centre, power, phases });
        state.rebuilds.sort_unstable();
        Ok(())
    },
};

pub const SLOTS: Slot = &[REBUILD];

/// `A xxx REBUILD` in two movement phases in a row (D6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rebuild;

impl Mechanic for Rebuild {
    const OPTION: &'static str = "rebuild";
    const RANK: u8 = 13;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        flag(value, Rebuild)
    }

    fn describe(&self, _: &Variant) -> String {
        "rebuilding centres".into()
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
        (*action == Action::Rebuild).then(|| plan(v, state, body))
    }

    fn after_movement(&self, _: &Rules, v: &Variant, results: &mut [OrderResult<'_>], next: &mut Position) {
        after_movement(v, results, next);
    }

    /// A rebuild under way is of a destroyed centre.
    fn settle_state(&self, v: &Variant, state: &mut VariantState) -> Result<(), StateError> {
        check(v, state)
    }
}
