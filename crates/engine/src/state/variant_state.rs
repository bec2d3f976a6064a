//! Variant state: what a position carries beyond forces and owners, one
//! typed slot per mechanic. The slots are plain data; the mechanics in
//! `crate::rules` change them, and each brings the codec of its own slot
//! for the texts at the edges (position JSON, case files, `game show`).

use crate::variant::{PowerId, ProvinceId};
use std::fmt;
use std::ops::{Deref, DerefMut};

/// The variant state of a position. The seed is every game's; the
/// mechanics' slots, empty in every position of a variant without
/// mechanics, are behind one pointer, made when a mechanic first writes to
/// one (`DerefMut`), so that a standard position carries 24 bytes of state
/// instead of some 400 (copied, moved and dropped with every position). A
/// slot is read and written through the state as before (`state.loans`):
/// a state without slots reads as `Slots::EMPTY`.
#[derive(Clone, Default)]
pub struct VariantState {
    /// The game's seed: what the engine draws from (colonies, dice), so
    /// that a replay draws the same. Key `seed`.
    pub seed: Option<u64>,
    slots: Option<Box<Slots>>,
}

/// What a state without slots reads as.
static NO_SLOTS: Slots = Slots::EMPTY;

impl Deref for VariantState {
    type Target = Slots;

    #[inline]
    fn deref(&self) -> &Slots {
        self.slots.as_deref().unwrap_or(&NO_SLOTS)
    }
}

impl DerefMut for VariantState {
    /// The slots, made (empty) if the state had none.
    #[inline]
    fn deref_mut(&mut self) -> &mut Slots {
        self.slots.get_or_insert_with(Box::default)
    }
}

/// Equal by what they hold: a state whose slots were made and are empty
/// equals one without.
impl PartialEq for VariantState {
    fn eq(&self, other: &VariantState) -> bool {
        self.seed == other.seed && **self == **other
    }
}

impl Eq for VariantState {}

impl VariantState {
    /// Becomes a copy of `other`, in its own slots' memory where both have
    /// slots; nothing to copy where neither has (every position of a
    /// variant without mechanics).
    #[inline]
    pub fn copy_from(&mut self, other: &VariantState) {
        self.seed = other.seed;
        match (&mut self.slots, &other.slots) {
            (None, None) => {}
            (Some(mine), Some(theirs)) => mine.copy_from(theirs),
            (mine, theirs) => mine.clone_from(theirs),
        }
    }
}

/// Written as the state was before its slots went behind a pointer, every
/// field in its place (`examples/outcomes` prints positions so, to compare
/// builds byte for byte).
impl fmt::Debug for VariantState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Slots {
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
        } = &**self;
        f.debug_struct("VariantState")
            .field("seed", &self.seed)
            .field("colonies", colonies)
            .field("claims", claims)
            .field("delphi", delphi)
            .field("free_builds", free_builds)
            .field("destroyed", destroyed)
            .field("rebuilds", rebuilds)
            .field("loans", loans)
            .field("da_rebuilt", da_rebuilt)
            .field("emperor_out", emperor_out)
            .field("emperor", emperor)
            .field("frontier_dice", frontier_dice)
            .field("sieges", sieges)
            .field("heirs", heirs)
            .field("eliminated", eliminated)
            .field("dictator", dictator)
            .field("consul", consul)
            .field("outlaws", outlaws)
            .field("fixed", fixed)
            .field("rivals", rivals)
            .field("senate_end", senate_end)
            .field("disorder", disorder)
            .finish()
    }
}

/// The mechanics' slots (all of the variant state but the seed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slots {
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

impl Slots {
    /// No slot holds anything (as in every position of a variant without
    /// mechanics).
    pub const EMPTY: Slots = Slots {
        colonies: Vec::new(),
        claims: Vec::new(),
        delphi: None,
        free_builds: Vec::new(),
        destroyed: Vec::new(),
        rebuilds: Vec::new(),
        loans: Vec::new(),
        da_rebuilt: None,
        emperor_out: None,
        emperor: None,
        frontier_dice: Vec::new(),
        sieges: Vec::new(),
        heirs: Vec::new(),
        eliminated: Vec::new(),
        dictator: None,
        consul: None,
        outlaws: Vec::new(),
        fixed: Vec::new(),
        rivals: Vec::new(),
        senate_end: None,
        disorder: Vec::new(),
    };

    /// Becomes a copy of `other` in its own lists' memory: the derived
    /// `clone_from` builds a whole new state and drops the old one, and a
    /// position is copied in every phase. (Every field is named, so a new
    /// one cannot be forgotten here.)
    fn copy_from(&mut self, other: &Slots) {
        let Slots {
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
        (self.delphi, self.da_rebuilt, self.emperor_out) = (*delphi, *da_rebuilt, *emperor_out);
        (self.emperor, self.dictator, self.consul, self.senate_end) = (*emperor, *dictator, *consul, *senate_end);
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
}

impl Default for Slots {
    fn default() -> Slots {
        Slots::EMPTY
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

#[cfg(test)]
mod tests {
    use super::VariantState;
    use crate::state::Position;
    use crate::variant::{embedded_variant, PowerId, ProvinceId};

    /// A state whose slots were written and emptied again is the state
    /// that never had any: equal, and written the same.
    #[test]
    fn slots_made_and_emptied_are_no_slots() {
        let mut written = VariantState { seed: Some(7), ..VariantState::default() };
        written.claims.push((ProvinceId::new(3), PowerId(1)));
        written.dictator = Some(PowerId(2));
        let never = VariantState { seed: Some(7), ..VariantState::default() };
        assert_ne!(written, never);
        written.claims.clear();
        written.dictator = None;
        assert!(written.slots.is_some() && never.slots.is_none());
        assert_eq!(written, never);
        assert_eq!(format!("{written:?}"), format!("{never:?}"));
        let mut copy = written.clone();
        copy.copy_from(&never);
        assert!(copy.slots.is_none(), "a copy of a state without slots has none");
    }

    /// A standard game's positions, played a year with no orders and with
    /// a build due, never make the mechanics' slots.
    #[test]
    fn standard_positions_have_no_slots() {
        let v = embedded_variant("standard").expect("built in").expect("valid");
        let mut pos = Position::start(&v);
        pos.owners[v.province_of(v.find_loc("bel").expect("a place")).index()] = v.find_power("France");
        pos.forces.retain(|f| v.loc_abbr(f.loc) != "par");
        for _ in 0..5 {
            pos = crate::adjudicate::adjudicate(&v, &pos, &[]).next;
            assert!(pos.state.slots.is_none(), "{}", v.calendar.display(pos.phase));
        }
        assert!(std::mem::size_of::<VariantState>() <= 24);
    }
}
