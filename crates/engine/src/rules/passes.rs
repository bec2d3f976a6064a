//! City State C10: only Imperial units enter the Pass boxes and Germany
//! (the map's `imperial` spaces). A Pass holds one unit, as any province;
//! Germany, a box, holds any number. The Emperor's units are those of the
//! power with no home centres that starts in Germany: the variant names it
//! (`[rules] emperor`).
//!
//! ## A unit in a Pass must move (C11)
//!
//! City State C11: "An Imperial unit that starts a movement phase in a Pass
//! must move (to its exit or back to Germany) and may be supported in doing
//! so. If its move fails, or it has no legal move order, it is moved back to
//! Germany at the end of the phase (not dislodged)."
//!
//! Two hooks: at planning, a hold, support, convoy or raise (C8's `R`,
//! which attacks but does not move) by a unit in a Pass is illegal
//! (`may_order`); after the movement, a unit that started in a Pass
//! and is still there goes to Germany, the box next to the Pass, and its
//! result says so (`after_movement`). A unit that entered a Pass in this
//! phase stays: it did not start there.

use super::options::{one_power, Names, OptionError};
use super::{Entry, Mechanic, Rules};
use crate::order::Action;
use crate::outcome::{Illegal, OrderResult, PassIllegal, Reason, Verdict};
use crate::state::{Force, Position, VariantState};
use crate::variant::{LocId, PowerId, ProvinceId, Variant};

/// May `force` go into (move, support into, retreat to) `dest`?
pub fn may_enter(v: &Variant, emperor: PowerId, force: &Force, dest: ProvinceId) -> Result<(), Illegal> {
    if v.province(dest).flags.imperial && force.power != emperor {
        return Err(Illegal::Pass(PassIllegal::ImperialOnly));
    }
    Ok(())
}

/// Only this power's units enter the map's `imperial` spaces (City State
/// C10: the Emperor, Germany and the Passes); C11: a unit in a Pass must
/// move (below).
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

    fn read(value: &toml::Value, names: &Names) -> Result<Option<Self>, OptionError> {
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
        must_move(v, body, action)
    }

    fn after_movement(&self, _: &Rules, v: &Variant, results: &mut [OrderResult<'_>], next: &mut Position) {
        back_to_germany(v, results, next);
    }
}

/// May `body` be given `action`? In a Pass only a move is: not a raise
/// either (`R` in a movement phase), whose unit stays where it is.
fn must_move(v: &Variant, body: &Force, action: &Action) -> Result<(), Illegal> {
    let in_pass = v.province(v.province_of(body.loc)).flags.pass;
    match action {
        Action::Hold
        | Action::SupportHold { .. }
        | Action::SupportMove { .. }
        | Action::Convoy { .. }
        | Action::Retreat { .. }
            if in_pass =>
        {
            Err(Illegal::Pass(PassIllegal::MustLeavePass))
        }
        _ => Ok(()),
    }
}

/// After the movement: every unit that started in a Pass and did not leave
/// it is moved back to Germany.
fn back_to_germany(v: &Variant, results: &mut [OrderResult<'_>], next: &mut Position) {
    for pass in (0..v.province_count()).map(ProvinceId::new).filter(|&p| v.province(p).flags.pass) {
        let from_here = |r: &OrderResult<'_>| r.order.unit.as_ref().is_some_and(|u| v.province_of(u.loc) == pass);
        // The unit that started here left it (a unit may then have entered).
        if results.iter().any(|r| from_here(r) && r.reason == Reason::Moved) {
            continue;
        }
        // Orders for a Pass with nobody in it are illegal (no unit); a unit
        // that started here and stayed has a result that is not illegal:
        // its failed move, or the hold the judge gave it.
        let Some(r) = results.iter().position(|r| from_here(r) && !matches!(r.reason, Reason::Illegal(_))) else {
            continue;
        };
        let Some(germany) = v.boxes.iter().copied().find(|&b| v.army_borders.get(pass.index(), b.index())) else {
            continue;
        };
        let Some(i) = next.force_index(v, pass) else { continue };
        let mut force = next.forces.remove(i);
        force.loc = LocId::of_province(germany);
        next.insert_in_order(force);
        let small = |n: u32| n.min(u16::MAX as u32) as u16;
        let failed = results[r].verdict() == Verdict::Failure;
        results[r].reason = match results[r].reason {
            Reason::Bounced { attack, against, by } => {
                Reason::SentBack { to: germany, by: Some(by), attack: small(attack), against: small(against), failed }
            }
            _ => Reason::SentBack { to: germany, by: None, attack: 0, against: 0, failed },
        };
    }
}
