//! City State C2: Venezia and Genova (the map's `double_home` centres) are
//! worth 2 to their own home power (Venice, Genoa) in a Winter in which a
//! chain of adjacent sea spaces, each empty or holding a fleet of that
//! power, runs from the centre to a sea space on the southern edge (the
//! map's `southern_edge` seas: the Tyrrhenian Sea, Ischia, the Adriatic
//! Sea). Otherwise, and to anyone else, they are worth 1. For victory they
//! count once: this is a supply value (`supply_value`), never a centre
//! value.
//!
//! Readings: the chain is of sea spaces only (the coastal edge spaces
//! Salerno, Bari and Split are not seas); the edge sea that ends it must
//! itself be empty or hold the power's fleet. The Messina box is not on the
//! edge (C4: "Occupation of Messina does not affect rule 4"), and a chain
//! through it can never help: Messina borders only edge spaces, so a chain
//! reaches it only from an edge sea, where it has already ended. It is
//! searched as any sea, which gives the same answer. A lent double centre
//! (no loans in City State) would be worth 1: only the home power owning
//! and holding it gets 2.

use super::options::{flag, Names, OptionError};
use super::{Mechanic, Rules};
use crate::state::Position;
use crate::variant::{PowerId, ProvinceId, Terrain, Variant};
use std::ops::ControlFlow;

/// What double centre `p` supplies `holder`, owned by `owner`, given its
/// `value`: twice that to its home power with an open chain; else `value`.
pub fn value(v: &Variant, pos: &Position, p: ProvinceId, owner: PowerId, holder: PowerId, value: u32) -> u32 {
    let home = v.home_of(p);
    if v.province(p).flags.double_home && home == Some(owner) && owner == holder && open_chain(v, pos, p, owner) {
        2 * value
    } else {
        value
    }
}

/// Is there a chain of adjacent seas, each empty or holding `power`'s
/// fleet, from `centre` to a southern-edge sea?
pub fn open_chain(v: &Variant, pos: &Position, centre: ProvinceId, power: PowerId) -> bool {
    let n = v.province_count();
    let open = |q: usize| {
        let q = ProvinceId::new(q);
        v.province(q).terrain == Terrain::Sea && pos.forces_in(v, q).all(|f| f.power == power && f.is_fleet())
    };
    let mut seen = vec![false; n];
    let mut queue = vec![centre.index()];
    seen[centre.index()] = true;
    while let Some(a) = queue.pop() {
        for b in v.any_borders.row(a) {
            if seen[b] || !open(b) {
                continue;
            }
            if v.provinces[b].flags.southern_edge {
                return true;
            }
            seen[b] = true;
            queue.push(b);
        }
    }
    false
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoubleCentres;

impl Mechanic for DoubleCentres {
    const OPTION: &'static str = "double_centres";
    const RANK: u8 = 19;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        flag(value, DoubleCentres)
    }

    fn describe(&self, _: &Variant) -> String {
        "double centres".into()
    }

    fn supply_value(
        &self,
        _: &Rules,
        v: &Variant,
        pos: &Position,
        p: ProvinceId,
        owner: PowerId,
        holder: PowerId,
        worth: u32,
    ) -> ControlFlow<u32, u32> {
        ControlFlow::Continue(value(v, pos, p, owner, holder, worth))
    }
}
