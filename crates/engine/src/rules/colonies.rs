//! Colonies (Hoplite Wars H9): after the first Autumn the colony Towns go
//! one to each Major, in an order drawn from the game's seed, so that a
//! replay draws the same. After the deal they are ordinary Towns.
//!
//! State: `colony <province>` names the Major it was dealt to.

use super::draw::SplitMix64;
use super::options::{all_named, Names, OptionError};
use super::state_text::{read_province_power, set_province_power, write_province_powers, Codec, Slot};
use super::{Mechanic, Rules};
use crate::state::Position;
use crate::variant::{PowerId, ProvinceId, Variant};

/// Deals the colonies, once per game.
pub fn deal(v: &Variant, colonies: &[ProvinceId], next: &mut Position) {
    if !next.state.colonies.is_empty() {
        return;
    }
    let mut majors: Vec<PowerId> = v.players.iter().map(|p| p.powers[0]).collect();
    let mut rng = SplitMix64(next.state.seed.unwrap_or(0));
    for i in (1..majors.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        majors.swap(i, j);
    }
    for (&colony, &major) in colonies.iter().zip(&majors) {
        next.owners[colony.index()] = Some(major);
        set_province_power(&mut next.state.colonies, colony, major);
    }
}

/// `colony chi Athens`.
pub const COLONY: Codec = Codec {
    key: "colony",
    index: "<name>",
    shown: true,
    write: |v, state, out| write_province_powers(v, &state.colonies, out),
    read: |v, province, value, state| read_province_power(v, province, value, &mut state.colonies),
};

pub const SLOTS: Slot = &[COLONY];

/// Towns dealt at random to the Majors after the first Autumn (H9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Colonies(pub Vec<ProvinceId>);

impl Mechanic for Colonies {
    const OPTION: &'static str = "colonies";
    const RANK: u8 = 5;

    fn read(value: &toml::Value, names: &Names) -> Result<Option<Self>, OptionError> {
        let colonies = all_named(value, "province", names.province)?;
        Ok((!colonies.is_empty()).then_some(Colonies(colonies)))
    }

    fn describe(&self, _: &Variant) -> String {
        format!("{} colonies", self.0.len())
    }

    fn slots(&self) -> Slot {
        SLOTS
    }

    fn after_ownership(&self, _: &Rules, v: &Variant, next: &mut Position) {
        deal(v, &self.0, next);
    }

    fn draws(&self) -> bool {
        true
    }
}
