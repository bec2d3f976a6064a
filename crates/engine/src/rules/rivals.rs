//! Imperator I7, Rivals to the Throne: from Winter 235 on, an Emperor who
//! holds Rome may declare any of his Commanders a Rival (`RIVAL <power>`),
//! and a Commander may declare himself one. A Rival suffers the Outlaw
//! penalties (Triumvirate T6: a quarter of his units fixed, at most 2
//! builds a year, 1 of them a fleet): he is made an Outlaw through
//! outlaw.rs, decreed by whoever declared him, and `FIX` names his fixed
//! units as it does an Outlaw's. His AGC is his PG(R), with the PG's
//! powers (praetorian.rs, `is_guard`). If a unit of his takes Rome, his
//! penalties are lifted for good (outlaw.rs ends an outlawry in Rome); he
//! stays a Rival, and the Emperor's +4 is his in any Winter he owns Rome
//! (imperial_title.rs).
//!
//! Readings: "holds Rome", for the declaration, is control "regardless of
//! season": a unit standing in Rome holds it; an empty Rome is held by its
//! owner. A Rival's penalties also end, as an Outlaw's do, when the player
//! who declared him is out (a fallen Emperor, I8); he is still a Rival.
//!
//! State: `rival <power>` (with `outlaw <power> <declared-by>` while the
//! penalties last).

use super::imperial_title::{emperor, title, ImperialTitle};
use super::options::{flag, needs, Names, OptionError};
use super::outlaw;
use super::personal::Personal;
use super::state_text::{read_power_list, write_power_list, Codec, Slot};
use super::{Mechanic, Outlaws, Rules};
use crate::order::{Action, Order};
use crate::outcome::RivalIllegal;
use crate::outcome::{Illegal, Reason};
use crate::outcome::{RivalReason, SuccessionIllegal};
use crate::state::{Kind, Position, VariantState};
use crate::variant::{PowerId, Variant};

pub fn is_rival(state: &VariantState, power: PowerId) -> bool {
    state.rivals.contains(&power)
}

/// Who holds Rome "regardless of season": the player whose unit stands in
/// it, else its owner.
pub fn holder_of_rome(v: &Variant, pos: &Position) -> Option<PowerId> {
    let rome = outlaw::rome(v)?;
    pos.force_in(v, rome).map(|f| f.power).or(pos.owners[rome.index()])
}

/// `RIVAL <power>` by `by`; `personal` is the Commanders' kind (AGC),
/// `emperor` the title holder.
pub fn declare(
    v: &Variant,
    personal: Kind,
    emperor: PowerId,
    pos: &mut Position,
    by: PowerId,
    target: PowerId,
) -> Result<Reason, Illegal> {
    let first = v.calendar.first;
    // The seed's "at any time after 235W": not in the first year at all.
    if pos.phase.year == first.year {
        return Err(Illegal::Rival(RivalIllegal::TooEarly));
    }
    if pos.state.eliminated.contains(&by) {
        return Err(Illegal::Succession(SuccessionIllegal::OutOfTheGame));
    }
    let commander =
        super::personal::has_one(v, personal, target) && !pos.state.eliminated.contains(&target) && target != emperor;
    if !commander {
        return Err(Illegal::Rival(RivalIllegal::NotACommander));
    }
    if by != target && by != emperor {
        return Err(Illegal::Rival(RivalIllegal::NotYours));
    }
    if by == emperor && holder_of_rome(v, pos) != Some(emperor) {
        return Err(Illegal::Rival(RivalIllegal::EmperorWithoutRome));
    }
    if is_rival(&pos.state, target) {
        return Err(Illegal::Rival(RivalIllegal::Already));
    }
    outlaw::decree(pos, target, by);
    pos.state.rivals.push(target);
    pos.state.rivals.sort_unstable();
    Ok(Reason::Rival(RivalReason::DeclaredRival))
}

/// `rival rhine`.
pub const RIVAL: Codec = Codec {
    key: "rival",
    index: "<name>",
    shown: true,
    write: |v, state, out| write_power_list(v, &state.rivals, out),
    read: |v, power, value, state| read_power_list(v, "rival", power, value, &mut state.rivals),
};

pub const SLOTS: Slot = &[RIVAL];

/// Imperator I7: `RIVAL <power>`, the Outlaw penalties, the PG(R).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rivals;

impl Mechanic for Rivals {
    const OPTION: &'static str = "rivals";
    const RANK: u8 = 36;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        flag(value, Rivals)
    }

    fn describe(&self, _: &Variant) -> String {
        "rivals to the throne".into()
    }

    fn requires(&self, r: &Rules) -> Result<(), &'static str> {
        needs(
            r.plays::<ImperialTitle>() && r.plays::<Outlaws>() && r.plays::<Personal>(),
            "rivals needs `imperial_title`, `outlaws` and `personal_units`",
        )
    }

    fn slots(&self) -> Slot {
        SLOTS
    }

    fn has_declarations(&self) -> bool {
        true
    }

    fn declare(&self, r: &Rules, v: &Variant, pos: &mut Position, order: &Order) -> Option<Result<Reason, Illegal>> {
        match (&order.action, order.power, title(r), r.get::<Personal>()) {
            (Action::Rival { power: target }, Some(power), Some(e), Some(p)) => {
                Some(declare(v, p.kind, emperor(&pos.state, e), pos, power, *target))
            }
            _ => None,
        }
    }
}
