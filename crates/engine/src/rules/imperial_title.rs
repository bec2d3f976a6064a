//! Imperator I2, I3: the Emperor's title. The Emperor is the power the
//! state names (`emperor <power>`), by default the variant's own Emperor.
//! While he owns Rome (the map's Roman triple centre) he adds 4 centres to
//! his Winter supply, his own supply (it counts for self-supporting units);
//! after a Winter adjustment, an Emperor with 5 more units on the board than
//! any other player has won (I2). B units are no player's (I5).

use super::barbarians::Invaders;
use super::state_text::Codec;
use crate::state::{Position, VariantState};
use crate::variant::{PowerId, Variant};

/// I3: 4 centres, in halves.
const ROME_BONUS: u32 = 8;
/// I2: the Emperor's lead in units.
const MARGIN: usize = 5;

pub fn emperor(state: &VariantState, default: PowerId) -> PowerId {
    state.emperor.unwrap_or(default)
}

/// I3: the Emperor's +4 while he owns Rome.
pub fn add_bonus(v: &Variant, pos: &Position, default: PowerId, supply: &mut [u32]) {
    let e = emperor(&pos.state, default);
    let holds_rome = v.province_ids().any(|p| v.province(p).roman_centre > 0 && pos.owners[p.index()] == Some(e));
    if holds_rome {
        supply[e.index()] += ROME_BONUS;
    }
}

/// I2: has the Emperor 5 units more than any other player?
pub fn ahead(v: &Variant, pos: &Position, default: PowerId, inv: Option<Invaders>) -> Option<PowerId> {
    let e = emperor(&pos.state, default);
    let units = |p: PowerId| pos.forces.iter().flat_map(|f| &f.components).filter(|c| c.power == p).count();
    let others = v.power_ids().filter(|&p| p != e && !inv.is_some_and(|i| i.includes(p)) && !v.rules.eliminated(&pos.state, p));
    let best = others.map(units).max().unwrap_or(0);
    (units(e) >= best + MARGIN).then_some(e)
}

/// `emperor Rhine`: the Emperor, where he is not the variant's own.
pub const EMPEROR: Codec = Codec {
    key: "emperor",
    indexed: false,
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
