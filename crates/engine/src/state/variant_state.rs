//! Variant state: what a position carries beyond forces and owners, one
//! typed slot per mechanic. The slots are plain data; the mechanics in
//! `crate::rules` change them, and each brings the codec of its own slot
//! for the texts at the edges (position JSON, case files, `game show`).

use crate::variant::{PowerId, ProvinceId};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VariantState {
    /// The game's seed: what the engine draws from (colonies, dice), so
    /// that a replay draws the same. Key `seed`.
    pub seed: Option<u64>,
    /// Colonies dealt, in province order (Hoplite Wars H9). Key
    /// `colony <province>`.
    pub colonies: Vec<(ProvinceId, PowerId)>,
    /// Claims made by successful capturing orders, until the ownership
    /// update settles them (H3). Key `claim <province>`.
    pub claims: Vec<(ProvinceId, PowerId)>,
    /// Delphi, where a position says (H18). Key `delphi`.
    pub delphi: Option<Delphi>,
    /// Free builds still to place, per power (H19). Key
    /// `delphi-builds <power>`.
    pub free_builds: Vec<(PowerId, u8)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Delphi {
    Intact,
    SackedBy(PowerId),
}
