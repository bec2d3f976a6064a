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
    /// Destroyed centres, in province order (Vedder D5). Key
    /// `destroyed <centre>`.
    pub destroyed: Vec<ProvinceId>,
    /// Rebuilds under way: the centre, the power rebuilding it and the
    /// movement phases done so far (D6). Key `rebuild <centre>`, value
    /// `<power> <phases>`.
    pub rebuilds: Vec<Rebuild>,
    /// Loans of supply, one per centre (D7). Key `loan <centre>`, value
    /// `<lender> <borrower>`, with `ending` after it once ended.
    pub loans: Vec<Loan>,
    /// The year of the Winter in which the latest double army was rebuilt
    /// in Germany (City State C14). Key `da-rebuilt`.
    pub da_rebuilt: Option<i32>,
    /// The year the Emperor was eliminated (City State C15). Key
    /// `emperor-out`.
    pub emperor_out: Option<i32>,
    /// The Emperor (Imperator I2, I3), where a position names another
    /// power than the variant's own. Key `emperor`.
    pub emperor: Option<PowerId>,
    /// The frontier dice of the latest Winter (Imperator I4): each
    /// garrisoned frontier province and its roll, in province order. Key
    /// `frontier-die <province>`.
    pub frontier_dice: Vec<(ProvinceId, u8)>,
    /// Sieges (City State C9): for a centre whose walls hold a unit (the
    /// force itself is in `Position::forces`, at the walls place), the
    /// movement phases it has spent there, in province order; a centre not
    /// listed counts 0 (and a count of 0 is not listed). Key `siege <centre>`, value `<power> <kind>
    /// <phases>` (the codec reads and writes the force too).
    pub sieges: Vec<(ProvinceId, u8)>,
    /// Who takes a dislodged personal unit's player's holdings if it is
    /// disbanded (Triumvirate T4): the one other Triumvir or the Senate
    /// that made the dislodging attack and every support, else None. Set by
    /// the movement, gone after the retreat. Key `heir <power>`, value
    /// `<power>` or `none`.
    pub heirs: Vec<(PowerId, Option<PowerId>)>,
    /// Players out of the game by a mechanic (T4: a Triumvir whose personal
    /// unit is gone; T7: the Senate), in power order. Key `eliminated
    /// <power>`.
    pub eliminated: Vec<PowerId>,
    /// The Dictator (T3). Key `dictator`.
    pub dictator: Option<PowerId>,
    /// The Sole Consul of this year (T5a). Key `consul`.
    pub consul: Option<PowerId>,
    /// Outlaws, in power order (T5b, T6). Key `outlaw <power>`, value the
    /// power that decreed it (the Outlaw himself when self-declared).
    pub outlaws: Vec<Outlaw>,
    /// Provinces whose Outlaw's unit may not move (T6), in province order.
    /// Key `fixed <province>`.
    pub fixed: Vec<ProvinceId>,
    /// Rivals to the Throne (Imperator I7), in power order: each one's
    /// personal unit is his PG(R). Key `rival <power>`.
    pub rivals: Vec<PowerId>,
    /// The Senate's end (T7): who ended it, and whether the retreat phase
    /// that disbands a third of its units is still to come. Key
    /// `senate-end`, value `<power> pending` or `<power> done`.
    pub senate_end: Option<SenateEnd>,
    /// Powers whose holdings are in civil disorder (T7, T8), in power
    /// order. Key `disorder <power>`.
    pub disorder: Vec<PowerId>,
}

impl VariantState {
    /// Becomes a copy of `other` in its own lists' memory: the derived
    /// `clone_from` builds a whole new state and drops the old one, and a
    /// position is copied in every phase. (Every field is named, so a new
    /// one cannot be forgotten here.)
    pub fn copy_from(&mut self, other: &VariantState) {
        let VariantState {
            seed,
            colonies,
            claims,
            delphi,
            free_builds,
            destroyed,
            rebuilds,
            loans,
            da_rebuilt,
            emperor_out,
            emperor,
            frontier_dice,
            sieges,
            heirs,
            eliminated,
            dictator,
            consul,
            outlaws,
            fixed,
            rivals,
            senate_end,
            disorder,
        } = other;
        (self.seed, self.delphi, self.da_rebuilt, self.emperor_out) = (*seed, *delphi, *da_rebuilt, *emperor_out);
        (self.emperor, self.dictator, self.consul, self.senate_end) = (*emperor, *dictator, *consul, *senate_end);
        // (Nearly always, as in every game of a variant without mechanics:
        // no list to copy, and none to empty.)
        if other.lists_empty() && self.lists_empty() {
            return;
        }
        self.colonies.clone_from(colonies);
        self.claims.clone_from(claims);
        self.free_builds.clone_from(free_builds);
        self.destroyed.clone_from(destroyed);
        self.rebuilds.clone_from(rebuilds);
        self.loans.clone_from(loans);
        self.frontier_dice.clone_from(frontier_dice);
        self.sieges.clone_from(sieges);
        self.heirs.clone_from(heirs);
        self.eliminated.clone_from(eliminated);
        self.outlaws.clone_from(outlaws);
        self.fixed.clone_from(fixed);
        self.rivals.clone_from(rivals);
        self.disorder.clone_from(disorder);
    }

    /// Is every list empty (the other fields aside)?
    fn lists_empty(&self) -> bool {
        let VariantState {
            seed: _,
            colonies,
            claims,
            delphi: _,
            free_builds,
            destroyed,
            rebuilds,
            loans,
            da_rebuilt: _,
            emperor_out: _,
            emperor: _,
            frontier_dice,
            sieges,
            heirs,
            eliminated,
            dictator: _,
            consul: _,
            outlaws,
            fixed,
            rivals,
            senate_end: _,
            disorder,
        } = self;
        let lengths = [
            colonies.len(),
            claims.len(),
            free_builds.len(),
            destroyed.len(),
            rebuilds.len(),
            loans.len(),
            frontier_dice.len(),
            sieges.len(),
            heirs.len(),
            eliminated.len(),
            outlaws.len(),
            fixed.len(),
            rivals.len(),
            disorder.len(),
        ];
        lengths.iter().all(|&n| n == 0)
    }
}

/// An Outlaw (Triumvirate T5b, T6) and who decreed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Outlaw {
    pub power: PowerId,
    pub decreed_by: PowerId,
    /// Units still to be named fixed in the phase of the decree (0 between
    /// phases: never written).
    pub due: u8,
}

/// The end of the Senate (T7): `by` the Dictator or the power that took
/// Rome; `pending` while the retreat phase that disbands a third of its
/// units is to come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SenateEnd {
    pub by: PowerId,
    pub pending: bool,
}

/// A rebuild under way (D6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Rebuild {
    pub centre: ProvinceId,
    pub power: PowerId,
    pub phases: u8,
}

/// A loan of one centre's supply (D7): `lender` gives it to `borrower`.
/// An ended loan still counts for the borrower in that year's Winter
/// adjustment (`ending`), and is gone after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Loan {
    pub centre: ProvinceId,
    pub lender: PowerId,
    pub borrower: PowerId,
    pub ending: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Delphi {
    Intact,
    SackedBy(PowerId),
}
