//! The variants shipped inside the binary (the `variants/` folder).

use super::{load_texts, Problem, Variant};

/// (id, variant.toml, the map it names).
const EMBEDDED: &[(&str, &str, &str)] = &[
    (
        "standard",
        include_str!("../../../../variants/standard/variant.toml"),
        include_str!("../../../../variants/standard/map.toml"),
    ),
    (
        "multiplicity",
        include_str!("../../../../variants/multiplicity/variant.toml"),
        include_str!("../../../../variants/standard/map.toml"),
    ),
    (
        "ancient_mediterranean",
        include_str!("../../../../variants/ancient_mediterranean/variant.toml"),
        include_str!("../../../../variants/ancient_mediterranean/map.toml"),
    ),
    (
        "hoplite_wars",
        include_str!("../../../../variants/hoplite_wars/variant.toml"),
        include_str!("../../../../variants/hoplite_wars/map.toml"),
    ),
    (
        "diadochi_v",
        include_str!("../../../../variants/diadochi_v/variant.toml"),
        include_str!("../../../../variants/vedder/map.toml"),
    ),
    (
        "triumvirate",
        include_str!("../../../../variants/triumvirate/variant.toml"),
        include_str!("../../../../variants/vedder/map.toml"),
    ),
    (
        "imperator",
        include_str!("../../../../variants/imperator/variant.toml"),
        include_str!("../../../../variants/vedder/map.toml"),
    ),
    (
        "city_state",
        include_str!("../../../../variants/city_state/variant.toml"),
        include_str!("../../../../variants/city_state/map.toml"),
    ),
    (
        "nikjon",
        include_str!("../../../../variants/nikjon/variant.toml"),
        include_str!("../../../../variants/nikjon/map.toml"),
    ),
];

pub fn embedded_ids() -> Vec<&'static str> {
    EMBEDDED.iter().map(|e| e.0).collect()
}

/// Loads an embedded variant by id; None if there is none of that id.
pub fn embedded_variant(id: &str) -> Option<Result<Variant, Vec<Problem>>> {
    EMBEDDED.iter().find(|e| e.0 == id).map(|e| load_texts(e.1, e.2))
}
