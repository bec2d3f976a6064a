//! Unit kinds as a table of the variant: what each kind of component is
//! (its letter, how it moves, its strength, what it costs, what it may do).
//! A, F and G are the rows of today's variants; a double army (`DA`), a
//! personal unit or a barbarian is one more row.

/// A kind of component: its row in the variant's kind table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kind(pub u8);

impl Kind {
    pub const ARMY: Kind = Kind(0);
    pub const FLEET: Kind = Kind(1);
    pub const GARRISON: Kind = Kind(2);
    pub const DOUBLE_ARMY: Kind = Kind(3);
    pub const TRIUMVIR: Kind = Kind(4);
    pub const PRAETORIAN_GUARD: Kind = Kind(5);
    pub const BARBARIAN: Kind = Kind(6);
    pub const COMMANDER: Kind = Kind(7);
}

/// How a kind moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moves {
    /// Along army borders; at sea only inside a seaworthy force.
    Army,
    /// Along fleet borders.
    Fleet,
    /// Not at all (H11: garrisons).
    None,
}

/// One row of the kind table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindRow {
    /// The letter of the judge notation (`A`), upper case.
    pub letter: &'static str,
    /// The full name (`army`).
    pub name: &'static str,
    pub moves: Moves,
    /// What one component adds to its force's strength.
    pub strength: u8,
    /// What one component costs, in halves of a centre.
    pub upkeep: u8,
    /// May support.
    pub may_support: bool,
    /// May convoy (from a sea), carrying one army.
    pub may_convoy: bool,
    /// Counts against supply (a free build does not, whatever its kind).
    pub needs_supply: bool,
    /// Acts as one: any attack that cuts its support cuts all of it, not
    /// one part per point of the attack's strength (City State C12: the
    /// double army "may not split its actions").
    pub cut_whole: bool,
    /// May retreat when dislodged; otherwise it is removed at once (H13:
    /// a garrison; Imperator I5: a Barbarian).
    pub retreats: bool,
    /// Built by a Winter order (`BUILD A xxx`); a kind that is not (City
    /// State's DA, Imperator's PG and B) comes on the board otherwise.
    pub built_by_order: bool,
}

impl KindRow {
    pub fn moves(&self) -> bool {
        self.moves != Moves::None
    }
}

/// The engine's kind table, by `Kind` index: every kind any variant has.
/// A variant lists the rows it uses (`Variant::kinds`). The rows are static
/// so that the resolver reads a kind's strength without a variant lookup.
pub const BUILT_IN: [KindRow; 8] = [
    KindRow {
        letter: "A",
        name: "army",
        moves: Moves::Army,
        strength: 1,
        upkeep: 2,
        may_support: true,
        may_convoy: false,
        needs_supply: true,
        cut_whole: false,
        retreats: true,
        built_by_order: true,
    },
    KindRow {
        letter: "F",
        name: "fleet",
        moves: Moves::Fleet,
        strength: 1,
        upkeep: 2,
        may_support: true,
        may_convoy: true,
        needs_supply: true,
        cut_whole: false,
        retreats: true,
        built_by_order: true,
    },
    // Hoplite Wars H11: cannot move, supports only a merge into its own
    // province, costs half a centre.
    KindRow {
        letter: "G",
        name: "garrison",
        moves: Moves::None,
        strength: 1,
        upkeep: 1,
        may_support: false,
        may_convoy: false,
        needs_supply: true,
        cut_whole: false,
        retreats: false,
        built_by_order: true,
    },
    // City State C12, C13: the Emperor's double army, one component of
    // strength 2 (so it never splits: a component is not divided), moving
    // as an army, needing no supply.
    KindRow {
        letter: "DA",
        name: "double-army",
        moves: Moves::Army,
        strength: 2,
        upkeep: 0,
        may_support: true,
        may_convoy: false,
        needs_supply: false,
        cut_whole: true,
        retreats: true,
        built_by_order: false,
    },
    // Triumvirate T2: a Triumvir's personal army, moving and fighting as an
    // army; what it may do beyond an army (support two steps away, rebuild
    // a centre by entering it) is the personal-units mechanic's
    // (rules/personal.rs), which names the kind it applies to.
    KindRow {
        letter: "T",
        name: "triumvir",
        moves: Moves::Army,
        strength: 1,
        upkeep: 2,
        may_support: true,
        may_convoy: false,
        needs_supply: true,
        cut_whole: false,
        retreats: true,
        built_by_order: false,
    },
    // Imperator I6: the Emperor's Praetorian Guard, one army-moving unit
    // that needs supply but is never built (it is on the board from the
    // start); its powers are rules/praetorian.rs.
    KindRow {
        letter: "PG",
        name: "praetorian-guard",
        moves: Moves::Army,
        strength: 1,
        upkeep: 2,
        may_support: true,
        may_convoy: false,
        needs_supply: true,
        cut_whole: false,
        retreats: true,
        built_by_order: false,
    },
    // Imperator I4, I5: a Barbarian or Persian army, moved by the judge; it
    // needs no supply, gives no support, and is destroyed when dislodged.
    KindRow {
        letter: "B",
        name: "barbarian",
        moves: Moves::Army,
        strength: 1,
        upkeep: 0,
        may_support: false,
        may_convoy: false,
        needs_supply: false,
        cut_whole: false,
        retreats: false,
        built_by_order: false,
    },
    // Imperator I1: a Commander's personal army (`AGC`), moving and
    // fighting as an army, never built; the personal-units mechanic
    // (rules/personal.rs) names it, and its loss puts him out.
    KindRow {
        letter: "AGC",
        name: "commander",
        moves: Moves::Army,
        strength: 1,
        upkeep: 2,
        may_support: true,
        may_convoy: false,
        needs_supply: true,
        cut_whole: false,
        retreats: true,
        built_by_order: false,
    },
];

impl Kind {
    /// Every kind of the table, in its order (the order of a written
    /// composition: `2A/F/G`).
    pub fn all() -> impl Iterator<Item = Kind> {
        (0..BUILT_IN.len() as u8).map(Kind)
    }

    pub fn row(self) -> &'static KindRow {
        &BUILT_IN[self.0 as usize]
    }

    /// The judge notation of the kind: `A`, `F`, `G`, `DA`.
    pub fn letter(self) -> &'static str {
        self.row().letter
    }

    /// The kind of a one-letter notation (`A`, any case).
    pub fn from_letter(c: char) -> Option<Kind> {
        let mut buf = [0; 4];
        Kind::from_code(c.encode_utf8(&mut buf))
    }

    /// The kind a notation names, of one letter or two (`A`, `DA`; any case).
    pub fn from_code(code: &str) -> Option<Kind> {
        BUILT_IN.iter().position(|r| r.letter.eq_ignore_ascii_case(code)).map(|i| Kind(i as u8))
    }

    /// The kind a full name (`army`, any case) names.
    pub fn from_name(word: &str) -> Option<Kind> {
        BUILT_IN.iter().position(|r| r.name.eq_ignore_ascii_case(word)).map(|i| Kind(i as u8))
    }

    pub fn name(self) -> &'static str {
        self.row().name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_is_found_by_its_letter_and_its_name() {
        for kind in Kind::all() {
            assert_eq!(Kind::from_code(&kind.letter().to_lowercase()), Some(kind), "{}", kind.name());
            assert_eq!(Kind::from_name(&kind.name().to_uppercase()), Some(kind));
        }
        assert_eq!(Kind::from_letter('x'), None);
        // `D` alone is no kind: the double army is `DA`.
        assert_eq!((Kind::from_letter('d'), Kind::from_letter('a')), (None, Some(Kind::ARMY)));
    }

    #[test]
    fn todays_rows() {
        // Standard: an army and a fleet are worth one, cost a centre (two
        // halves); Hoplite Wars H11: a garrison does not move or support and
        // costs half.
        assert_eq!(
            (Kind::ARMY.row().moves, Kind::FLEET.row().moves, Kind::GARRISON.row().moves),
            (Moves::Army, Moves::Fleet, Moves::None)
        );
        // City State C12, C13: a double army is worth two and needs no supply.
        assert_eq!(
            Kind::all().map(|k| (k.row().strength, k.row().upkeep)).collect::<Vec<_>>(),
            [(1, 2), (1, 2), (1, 1), (2, 0), (1, 2), (1, 2), (1, 0), (1, 2)]
        );
        assert!(!Kind::DOUBLE_ARMY.row().needs_supply && Kind::DOUBLE_ARMY.row().moves == Moves::Army);
        assert_eq!(Kind::all().filter(|k| k.row().cut_whole).collect::<Vec<_>>(), [Kind::DOUBLE_ARMY]);
        assert!(Kind::FLEET.row().may_convoy && !Kind::ARMY.row().may_convoy && !Kind::GARRISON.row().may_support);
        // H13, I5: a garrison and a Barbarian are removed when dislodged;
        // C12, T2, I1, I4: a DA, a T, the PG, a Barbarian and an AGC are never
        // built by order.
        assert_eq!(Kind::all().filter(|k| !k.row().retreats).collect::<Vec<_>>(), [Kind::GARRISON, Kind::BARBARIAN]);
        assert_eq!(
            Kind::all().filter(|k| !k.row().built_by_order).collect::<Vec<_>>(),
            [Kind::DOUBLE_ARMY, Kind::TRIUMVIR, Kind::PRAETORIAN_GUARD, Kind::BARBARIAN, Kind::COMMANDER]
        );
        assert_eq!(
            (Kind::from_code("pg"), Kind::from_code("B")),
            (Some(Kind::PRAETORIAN_GUARD), Some(Kind::BARBARIAN))
        );
        assert_eq!(Kind::from_code("agc"), Some(Kind::COMMANDER));
    }
}
