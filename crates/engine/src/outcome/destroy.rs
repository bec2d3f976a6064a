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
