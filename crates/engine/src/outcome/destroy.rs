//! Why a DESTROY or REBUILD of a centre is illegal (Diadochi V rule 3,
//! Triumvirate T2; the rules are `rules/destroy.rs` and `rules/rebuild.rs`).
//! Without them in the variant these orders are `Illegal::NoDestruction`.

/// Diadochi V rule 3, Triumvirate T2: `Illegal::Destroy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum DestroyIllegal {
    NotACentre,
    /// Rule 3: "except Alx, Ant, & Rome".
    NotDestroyable,
    AlreadyDestroyed,
    /// A REBUILD of a centre that stands.
    NotDestroyed,
}

impl DestroyIllegal {
    /// The rule the order breaks.
    pub(super) fn rule(self) -> &'static str {
        match self {
            DestroyIllegal::NotACentre => "only a unit in a supply centre can destroy it",
            DestroyIllegal::NotDestroyable => "Alexandria, Antioch and Rome cannot be destroyed",
            DestroyIllegal::AlreadyDestroyed => "the centre is already destroyed",
            DestroyIllegal::NotDestroyed => "only a destroyed centre can be rebuilt",
        }
    }
}

/// A centre destroyed or rebuilt (D5, D6): `Reason::Destroy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum DestroyReason {
    /// D5.
    Destroyed,
    /// The first of the two phases of a rebuild (D6).
    Rebuilding,
    /// D6.
    Rebuilt,
}

impl DestroyReason {
    pub(super) fn text(self) -> &'static str {
        match self {
            DestroyReason::Destroyed => "centre destroyed: worth nothing until rebuilt",
            DestroyReason::Rebuilding => "rebuilding: one more movement phase to go",
            DestroyReason::Rebuilt => "centre rebuilt: it counts again from the next Winter",
        }
    }
}
