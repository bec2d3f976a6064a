//! The shrine at Delphi (Hoplite Wars H18-H20). A force in Delphi may
//! `SACK` it, once per game; the sack succeeds if the force is not
//! dislodged. The sacking power (a mixed force's is its Major) gets two
//! free builds (`A*`, `F*`: no supply, never removed) in the next Winter,
//! and from the next movement on no other player may support the sacking
//! player's forces.
//!
//! State: `delphi` is `intact` (or absent) or `sacked-by <power>`;
//! `delphi-builds <power>` counts the free builds still to place.

use super::options::{unknown, Names, OptionError};
use super::state_text::{Codec, Slot};
use super::StateError;
use super::{Mechanic, Rules};
use crate::adjudicate::Plan;
use crate::order::Action;
use crate::outcome::{DelphiIllegal, DelphiReason};
use crate::outcome::{Illegal, OrderResult, Reason, Verdict};
use crate::state::{Delphi as Shrine, Force, Position, VariantState};
use crate::variant::{PowerId, ProvinceId, Variant};

/// The power that sacked Delphi, if any.
fn sacker(state: &VariantState) -> Option<PowerId> {
    match state.delphi {
        Some(Shrine::SackedBy(p)) => Some(p),
        _ => None,
    }
}

/// H18: the force sacking Delphi holds while it does; once per game.
pub fn plan_sack(v: &Variant, state: &VariantState, delphi: ProvinceId, body: &Force) -> Result<Plan, Illegal> {
    if sacker(state).is_some() {
        Err(Illegal::Delphi(DelphiIllegal::AlreadySacked))
    } else if v.province_of(body.loc) != delphi {
        Err(Illegal::NotDelphi)
    } else {
        Ok(Plan::Hold)
    }
}

/// The player no one else may support (H20), if Delphi was sacked before
/// this phase.
pub fn shunned(v: &Variant, state: &VariantState) -> Option<u8> {
    sacker(state).map(|p| v.player_of[p.index()])
}

/// After a movement: a sack that held is done. (One ordered when Delphi was
/// already sacked was illegal from the start.)
pub fn after_movement(v: &Variant, results: &mut [OrderResult<'_>], next: &mut Position) {
    for r in results.iter_mut().filter(|r| r.order.action == Action::Sack) {
        if r.verdict() == Verdict::Success {
            let loc = r.order.unit.as_ref().expect("a sack names its force").loc;
            // The sacking power: the force's (a mixed force is its Major's).
            let sacker = next.force_in(v, v.province_of(loc)).expect("the sacking force held").power;
            next.state.delphi = Some(Shrine::SackedBy(sacker));
            set_builds(&mut next.state, sacker, 2);
            r.reason = Reason::Delphi(DelphiReason::Sacked);
        }
    }
}

/// The free builds `power` still has to place.
pub fn builds_left(state: &VariantState, power: PowerId) -> u32 {
    state.free_builds.iter().find(|(p, _)| *p == power).map_or(0, |&(_, n)| n as u32)
}

fn set_builds(state: &mut VariantState, power: PowerId, n: u8) {
    state.free_builds.retain(|(p, _)| *p != power);
    if n > 0 {
        state.free_builds.push((power, n));
        state.free_builds.sort_unstable();
    }
}

/// Uses one of `power`'s free builds, if it has any left.
pub fn use_build(state: &mut VariantState, power: PowerId) {
    let left = builds_left(state, power);
    if left > 0 {
        set_builds(state, power, left as u8 - 1);
    }
}

/// `delphi intact`, `delphi sacked-by Sparta`.
pub const DELPHI: Codec = Codec {
    key: "delphi",
    index: "",
    shown: true,
    write: |v, state, out| {
        if let Some(d) = state.delphi {
            out(
                String::new(),
                match d {
                    Shrine::Intact => "intact".into(),
                    Shrine::SackedBy(p) => format!("sacked-by {}", v.power(p).name),
                },
            );
        }
    },
    read: |v, _, value, state| {
        state.delphi = Some(match value.split_whitespace().collect::<Vec<_>>()[..] {
            ["intact"] => Shrine::Intact,
            ["sacked-by", power] => Shrine::SackedBy(v.power_named(power)?),
            _ => return Err(StateError::value(value, "expected `intact` or `sacked-by <power>`")),
        });
        Ok(())
    },
};

/// `delphi-builds sparta 2`: the free builds a power still has.
pub const BUILDS: Codec = Codec {
    key: "delphi-builds",
    index: "<name>",
    shown: true,
    write: |v, state, out| {
        for &(p, n) in &state.free_builds {
            out(v.power(p).name.to_lowercase(), n.to_string());
        }
    },
    read: |v, power, value, state| {
        let power = v.power_named(power)?;
        let n: u8 = value.parse().map_err(|_| StateError::value(value, "expected a number of builds"))?;
        set_builds(state, power, n);
        Ok(())
    },
};

pub const SLOTS: Slot = &[DELPHI, BUILDS];

/// The shrine that can be sacked (H18-H20).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Delphi(pub ProvinceId);

impl Mechanic for Delphi {
    const OPTION: &'static str = "delphi";
    const RANK: u8 = 6;

    fn read(value: &toml::Value, names: &Names) -> Result<Option<Self>, OptionError> {
        let name = value.as_str().ok_or_else(|| OptionError::expected("a province", value))?;
        (names.province)(name).map(|p| Some(Delphi(p))).ok_or_else(|| unknown("province", name))
    }

    fn describe(&self, v: &Variant) -> String {
        format!("delphi ({})", v.province(self.0).abbr)
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
        (*action == Action::Sack).then(|| plan_sack(v, state, self.0, body))
    }

    fn shunned(&self, v: &Variant, state: &VariantState) -> Option<u8> {
        shunned(v, state)
    }

    fn after_movement(&self, _: &Rules, v: &Variant, results: &mut [OrderResult<'_>], next: &mut Position) {
        after_movement(v, results, next);
    }

    fn free_builds(&self, state: &VariantState, power: PowerId) -> u32 {
        builds_left(state, power)
    }

    fn use_free_build(&self, state: &mut VariantState, power: PowerId) {
        use_build(state, power);
    }
}
