//! Finding a variant by id (built in) or folder.

use polemarch_engine::rules::Edition;
use polemarch_engine::variant::{embedded_ids, embedded_variant, load_dir, Problem};
use polemarch_engine::Variant;
use std::path::Path;

fn problems_text(problems: &[Problem]) -> String {
    problems.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("\n")
}

/// Loads a variant named by id or folder; `extra` is a folder of variant
/// folders searched first.
pub fn load(name: &str, extra: Option<&Path>) -> Result<Variant, String> {
    if let Some(dir) = extra.map(|d| d.join(name)).filter(|d| d.join("variant.toml").exists()) {
        return load_dir(&dir).map_err(|p| problems_text(&p));
    }
    let path = Path::new(name);
    if path.join("variant.toml").exists() {
        return load_dir(path).map_err(|p| problems_text(&p));
    }
    match embedded_variant(name) {
        Some(result) => result.map_err(|p| problems_text(&p)),
        None if path.is_dir() => Err(format!("{}: no variant.toml in this folder", path.display())),
        None => Err(format!(
            "unknown variant `{name}` (built in: {}; or give a folder holding variant.toml and map.toml)",
            embedded_ids().join(", ")
        )),
    }
}

/// Loads a variant as `load` does, then plays it under `edition` (the DATC
/// chapter-4 choices of `2023`, `droidippy` or `mila`) when one is given.
pub fn load_as(name: &str, extra: Option<&Path>, edition: Option<&str>) -> Result<Variant, String> {
    let mut v = load(name, extra)?;
    if let Some(e) = edition {
        v.rules.edition = Edition::named(e)?;
    }
    Ok(v)
}

/// The text of the variant's coastline file (map.toml `[picture]`), read
/// beside its map.toml, or built in for a built-in variant; None for a
/// schematic map.
pub fn land_text(v: &Variant) -> Result<Option<String>, String> {
    let Some(picture) = &v.picture else { return Ok(None) };
    match &picture.map_dir {
        Some(dir) => {
            let path = dir.join(&picture.coastline);
            std::fs::read_to_string(&path)
                .map(Some)
                .map_err(|e| format!("map.toml [picture]: cannot read the coastline file {}: {e}", path.display()))
        }
        None => polemarch_render::embedded_land(&v.id)
            .map(|t| Some(t.to_string()))
            .ok_or_else(|| format!("map.toml [picture]: no coastline is built in for `{}`", v.id)),
    }
}

/// The variant's board for pictures: with its real coastline where the
/// map has one (docs/rendering.md).
pub fn board(v: &Variant) -> Result<polemarch_render::Board, String> {
    let land = land_text(v)?;
    polemarch_render::board_of(v, land.as_deref()).map_err(|e| format!("{}: {e}", v.id))
}
