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
    /// May support (and convoy, if it moves as a fleet).
    pub may_support: bool,
    /// Counts against supply (a free build does not, whatever its kind).
    pub needs_supply: bool,
}

impl KindRow {
    pub fn moves(&self) -> bool {
        self.moves != Moves::None
    }
}

/// The rows every variant knows, by `Kind` index.
pub const BUILT_IN: [KindRow; 3] = [
    KindRow { letter: "A", name: "army", moves: Moves::Army, strength: 1, upkeep: 2, may_support: true, needs_supply: true },
    KindRow { letter: "F", name: "fleet", moves: Moves::Fleet, strength: 1, upkeep: 2, may_support: true, needs_supply: true },
    KindRow { letter: "G", name: "garrison", moves: Moves::None, strength: 1, upkeep: 1, may_support: false, needs_supply: true },
];

impl Kind {
    pub fn row(self) -> &'static KindRow {
        &BUILT_IN[self.0 as usize]
    }

    pub fn letter(self) -> char {
        self.row().letter.chars().next().expect("a letter")
    }

    pub fn from_letter(c: char) -> Option<Kind> {
        BUILT_IN.iter().position(|r| r.letter.starts_with(c.to_ascii_uppercase())).map(|i| Kind(i as u8))
    }

    /// The kind a full name (`army`, any case) names.
    pub fn from_name(word: &str) -> Option<Kind> {
        BUILT_IN.iter().position(|r| r.name.eq_ignore_ascii_case(word)).map(|i| Kind(i as u8))
    }

    pub fn name(self) -> &'static str {
        self.row().name
    }
}
