//! City State C15: from Spring 1302 on (the variant's
//! `emperor_elimination` year), if at the end of any phase no DA stands on
//! the board (outside Germany and the Passes, the map's `imperial`
//! spaces), the Emperor is eliminated; his remaining units are disbanded in
//! the next Winter adjustment.
//!
//! Readings: a dislodged DA still stands in its province until its retreat
//! is judged (a DA with nowhere to go is gone at the end of the retreat
//! phase, not of the movement); a DA behind a centre's walls is on the
//! board. "His remaining units" are all of them, the DAs in Germany and the
//! Passes too (the seed says "all Imperial 'on-board' units"; the ruling's
//! words cover the boxes, and an eliminated power keeps nothing). The
//! disband comes first in the Winter, before any order; once out he is out
//! for good: he builds nothing, no DA is rebuilt for him (C14), his centres
//! supply him nothing, he scores nothing for victory, and `game show` lists
//! him as eliminated. His centres stay his until another power takes them.
//!
//! State: `emperor-out <year>`, the year in which he was eliminated (a
//! key the rulings do not list: the position must say he is out between
//! the phase that eliminates him and the Winter that disbands his units,
//! and after it).

use super::options::{needs, year, Names, OptionError};
use super::passes::{emperor, NEEDED};
use super::state_text::{Codec, Slot};
use super::{Mechanic, Rules};
use crate::order::{Action, Order};
use crate::outcome::Illegal;
use crate::outcome::{OrderResult, Reason};
use crate::state::VariantState;
use crate::state::{Kind, Position};
use crate::variant::PhaseKind;
use crate::variant::{Phase, PowerId, Variant};
use std::borrow::Cow;

/// Does a DA of the Emperor stand on the board (dislodged or not)?
fn da_on_board(v: &Variant, pos: &Position, emperor: PowerId) -> bool {
    let forces = pos.forces.iter().chain(pos.dislodged.iter().map(|d| &d.force));
    forces
        .filter(|f| !v.province(v.province_of(f.loc)).flags.imperial)
        .flat_map(|f| &f.components)
        .any(|c| c.power == emperor && c.kind == Kind::DOUBLE_ARMY)
}

/// At the end of phase `judged`: out, from `from` on, with no DA on the
/// board.
pub fn after_phase(v: &Variant, judged: Phase, next: &mut Position, emperor: PowerId, from: i32) {
    if next.state.emperor_out.is_none() && judged.year >= from && !da_on_board(v, next, emperor) {
        next.state.emperor_out = Some(judged.year);
    }
}

/// Has the Emperor units to disband in a Winter?
pub fn disband_due(pos: &Position, emperor: PowerId) -> bool {
    pos.state.emperor_out.is_some() && pos.forces.iter().any(|f| f.power == emperor)
}

/// In the Winter after: every unit of his goes, first.
pub fn disband<'a>(next: &mut Position, done: &mut Vec<OrderResult<'a>>, emperor: PowerId) {
    if next.state.emperor_out.is_none() {
        return;
    }
    let (gone, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut next.forces).into_iter().partition(|f| f.power == emperor);
    next.forces = kept;
    for force in gone {
        let order = Order::for_force(&force, Action::Remove);
        done.push(OrderResult { order: Cow::Owned(order), reason: Reason::EmperorOut });
    }
}

/// `emperor-out 1302`: the year the Emperor was eliminated.
pub const EMPEROR_OUT: Codec = Codec {
    key: "emperor-out",
    index: "",
    shown: true,
    write: |_, state, out| super::state_text::write_year(state.emperor_out, out),
    read: |_, _, year, state| {
        state.emperor_out = Some(super::state_text::read_year(year)?);
        Ok(())
    },
};

pub const SLOTS: Slot = &[EMPEROR_OUT];

/// The Emperor is out with no DA on the board from Spring of this year
/// (City State C15).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmperorElimination(pub i32);

/// Is `power` the Emperor, and out (C15)?
pub fn is_out(r: &Rules, state: &VariantState, power: PowerId) -> bool {
    state.emperor_out.is_some() && emperor(r) == Some(power) && r.plays::<EmperorElimination>()
}

impl Mechanic for EmperorElimination {
    const OPTION: &'static str = "emperor_elimination";
    const RANK: u8 = 23;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        Ok(Some(EmperorElimination(year(value, "the year from whose Spring the Emperor may be eliminated")?)))
    }

    fn describe(&self, _: &Variant) -> String {
        format!("the Emperor eliminated from {}", self.0)
    }

    fn requires(&self, r: &Rules) -> Result<(), &'static str> {
        needs(emperor(r).is_some(), NEEDED)
    }

    fn slots(&self) -> Slot {
        SLOTS
    }

    /// Last of the phase's changes, on the board the phase leaves
    /// (`next.phase` is still the phase judged): the Emperor is out with no
    /// DA on it.
    fn after_phase(
        &self,
        r: &Rules,
        v: &Variant,
        _: PhaseKind,
        _: &Position,
        _: &mut Vec<OrderResult<'_>>,
        next: &mut Position,
    ) {
        if let Some(e) = emperor(r) {
            after_phase(v, next.phase, next, e, self.0);
        }
    }

    /// An eliminated Emperor's units to disband.
    fn winter_due(&self, r: &Rules, _: &Variant, pos: &Position, _: Phase) -> bool {
        emperor(r).is_some_and(|e| disband_due(pos, e))
    }

    fn adjusts_before_orders(&self) -> bool {
        true
    }

    /// Before C3's fleets: an eliminated Emperor's fleets go with the rest.
    fn disband_out<'a>(&self, r: &Rules, next: &mut Position, done: &mut Vec<OrderResult<'a>>) {
        if let Some(e) = emperor(r) {
            disband(next, done, e);
        }
    }

    /// An eliminated Emperor builds nothing.
    fn may_build_any(&self, r: &Rules, state: &VariantState, power: PowerId) -> Result<(), Illegal> {
        if is_out(r, state, power) {
            Err(Illegal::EmperorEliminated)
        } else {
            Ok(())
        }
    }

    fn out_of_game(&self, r: &Rules, state: &VariantState, power: PowerId) -> bool {
        is_out(r, state, power)
    }
}
