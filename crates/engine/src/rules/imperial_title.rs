//! Imperator I2, I3: the Emperor's title. The Emperor is the power the
//! state names (`emperor <power>`), by default the variant's own Emperor.
//! While he owns Rome (the map's Roman triple centre) he adds 4 centres to
//! his Winter supply, his own supply (it counts for self-supporting units);
//! after a Winter adjustment, an Emperor with 5 more units on the board than
//! any other player has won (I2). B units are no player's (I5). A Rival
//! who owns Rome takes the +4 from the Emperor (I7); a fallen Emperor's
//! title is vacant (I8, rules/succession.rs): no one has the +4 or the
//! Emperor's victory until it has a holder again.

use super::barbarians::invaders;
use super::barbarians::Invaders;
use super::options::{one_power, Names, OptionError};
use super::state_text::Codec;
use super::victory::units_on_board;
use super::{Mechanic, Rules};
use crate::state::{Kind, Position, VariantState};
use crate::variant::{PowerId, Variant};

/// I3: 4 centres, in halves.
const ROME_BONUS: u32 = 8;
/// I2: the Emperor's lead in units.
const MARGIN: u32 = 5;

pub fn emperor(state: &VariantState, default: PowerId) -> PowerId {
    state.emperor.unwrap_or(default)
}

/// I3: the Emperor's +4 while he owns Rome; I7: a Rival's, in a Winter
/// he owns it; I8: no one's while the title's holder is out.
pub fn add_bonus(v: &Variant, pos: &Position, default: PowerId, supply: &mut [u32]) {
    let e = emperor(&pos.state, default);
    let rome = v.province_ids().find(|&p| v.province(p).roman_centre > 0);
    let Some(owner) = rome.and_then(|r| pos.owners[r.index()]) else { return };
    let emperor_in_game = owner == e && !pos.state.eliminated.contains(&e);
    if emperor_in_game || pos.state.rivals.contains(&owner) {
        supply[owner.index()] += ROME_BONUS;
    }
}

/// I2: has the Emperor 5 units more than any other player?
pub fn ahead(v: &Variant, pos: &Position, default: PowerId, inv: Option<Invaders>) -> Option<PowerId> {
    lead(v, pos, default, inv).filter(|&(_, by)| by >= MARGIN).map(|(e, _)| e)
}

/// How a win by the Emperor's lead is told, after "X wins" (I2), with the
/// real lead: `as the Emperor, 8 units ahead of every other player`.
pub fn ahead_text(v: &Variant, pos: &Position, default: PowerId, inv: Option<Invaders>) -> Option<String> {
    let (_, by) = lead(v, pos, default, inv)?;
    Some(format!("as the Emperor, {by} units ahead of every other player (I2)"))
}

/// I2, for the bots: how many units `power` is short of the Emperor's
/// lead, if he is the Emperor in the game (0 when 5 or more ahead), with
/// `units` each power's count (on the board, or as the caller supposes
/// them after an adjustment).
pub fn short_of_lead(
    v: &Variant,
    pos: &Position,
    default: PowerId,
    inv: Option<Invaders>,
    units: &[u32],
    power: PowerId,
) -> Option<u32> {
    let (e, own, best) = units_against_best(v, pos, default, inv, units)?;
    (e == power).then(|| (MARGIN + best).saturating_sub(own))
}

/// The Emperor in the game and how many units more he has than the best
/// of the other players (none when he has fewer).
fn lead(v: &Variant, pos: &Position, default: PowerId, inv: Option<Invaders>) -> Option<(PowerId, u32)> {
    let (e, own, best) = units_against_best(v, pos, default, inv, &units_on_board(v, pos))?;
    own.checked_sub(best).map(|by| (e, by))
}

/// The Emperor in the game, his units and the most units another player
/// has (B units are no player's, I5), by the count `units`.
fn units_against_best(
    v: &Variant,
    pos: &Position,
    default: PowerId,
    inv: Option<Invaders>,
    units: &[u32],
) -> Option<(PowerId, u32, u32)> {
    let e = emperor(&pos.state, default);
    if pos.state.eliminated.contains(&e) {
        return None;
    }
    let others =
        v.power_ids().filter(|&p| p != e && !inv.is_some_and(|i| i.includes(p)) && !v.rules.eliminated(&pos.state, p));
    let best = others.map(|p| units[p.index()]).max().unwrap_or(0);
    Some((e, units[e.index()], best))
}

/// What `game show` says of the title (I7, I8): the Emperor and where his
/// PG stands, or a vacant title; each Rival and where his PG(R) stands.
pub fn shown(v: &Variant, pos: &Position, default: PowerId) -> Vec<String> {
    let e = emperor(&pos.state, default);
    let at = |power: PowerId, kind: Kind| {
        super::personal::unit_of(v, pos, kind, power).map_or("not on the board".into(), |p| v.province(p).abbr.clone())
    };
    let mut lines = Vec::new();
    if pos.state.eliminated.contains(&e) {
        lines.push(format!("Emperor: vacant since {} fell; the first to take Rome has it (I8)", v.power(e).name));
    } else {
        lines.push(format!("Emperor: {}, PG {}", v.power(e).name, at(e, Kind::PRAETORIAN_GUARD)));
    }
    for &r in &pos.state.rivals {
        lines.push(format!("Rival: {}, PG(R) {}", v.power(r).name, at(r, Kind::COMMANDER)));
    }
    lines
}

/// `emperor Rhine`: the Emperor, where he is not the variant's own.
pub const EMPEROR: Codec = Codec {
    key: "emperor",
    index: "",
    shown: true,
    write: |v, state, out| {
        if let Some(e) = state.emperor {
            out(String::new(), v.power(e).name.clone());
        }
    },
    read: |v, _, value, state| {
        state.emperor = Some(v.power_named(value)?);
        Ok(())
    },
};

pub const SLOTS: super::state_text::Slot = &[EMPEROR];

/// Imperator I2, I3: the Emperor's title (this power, unless the state
/// names another): +4 with Rome, victory 5 units ahead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImperialTitle(pub PowerId);

/// The variant's own Emperor (Imperator I2, I3), if it has the title; the
/// state may name another (`emperor <power>`).
pub fn title(r: &Rules) -> Option<PowerId> {
    r.get::<ImperialTitle>().map(|m| m.0)
}

impl Mechanic for ImperialTitle {
    const OPTION: &'static str = "imperial_title";
    const RANK: u8 = 33;

    fn read(value: &toml::Value, names: &Names) -> Result<Option<Self>, OptionError> {
        Ok(Some(ImperialTitle(one_power(value, names)?)))
    }

    fn describe(&self, v: &Variant) -> String {
        format!("the Emperor's title ({})", v.power(self.0).name)
    }

    fn slots(&self) -> super::state_text::Slot {
        SLOTS
    }

    /// I3: the Emperor's +4 with Rome.
    fn supply_bonus(&self, v: &Variant, pos: &Position, supply: &mut [u32]) {
        add_bonus(v, pos, self.0, supply);
    }

    /// I2: the Emperor 5 units ahead.
    fn victor(&self, r: &Rules, v: &Variant, pos: &Position) -> Option<PowerId> {
        ahead(v, pos, self.0, invaders(r))
    }

    /// I2: the Emperor's units short of his lead.
    fn shortfall(&self, r: &Rules, v: &Variant, pos: &Position, units: &[u32], power: PowerId) -> Option<u32> {
        short_of_lead(v, pos, self.0, invaders(r), units, power)
    }

    /// With the Emperor's real lead.
    fn victor_text(&self, r: &Rules, v: &Variant, pos: &Position) -> Option<String> {
        ahead_text(v, pos, self.0, invaders(r))
    }

    /// I7, I8: the Emperor and his PG, a vacant title, each Rival and his
    /// PG(R).
    fn titles(&self, v: &Variant, pos: &Position, lines: &mut Vec<String>) {
        lines.extend(shown(v, pos, self.0));
    }
}
