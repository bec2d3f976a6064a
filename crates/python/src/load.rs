//! Variants by id (or folder), loaded once per process and shared by every
//! game (a `Game()` is then cheap), each under the rule edition asked for,
//! with the text of its orders kept as they are listed (`said`).

use crate::errors::UnknownVariantError;
use crate::said::Texts;
use polemarch_engine::rules::Edition;
use polemarch_engine::variant::{embedded_ids, embedded_variant, load_dir, Problem};
use polemarch_engine::Variant;
use pyo3::prelude::*;
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

/// A variant as loaded, and its orders' text.
#[derive(Clone)]
pub struct Loaded {
    pub v: Arc<Variant>,
    pub texts: Arc<Texts>,
}

type Cache = Mutex<HashMap<(String, Option<String>), Loaded>>;

fn cache() -> &'static Cache {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

fn problems(p: &[Problem]) -> String {
    p.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("\n")
}

fn load(name: &str) -> Result<Variant, String> {
    let path = Path::new(name);
    if path.join("variant.toml").exists() {
        return load_dir(path).map_err(|p| problems(&p));
    }
    match embedded_variant(name) {
        Some(v) => v.map_err(|p| problems(&p)),
        None => Err(format!(
            "unknown variant `{name}` (built in: {}; or a folder holding variant.toml)",
            embedded_ids().join(", ")
        )),
    }
}

/// The variant `name` (an id, or a folder holding variant.toml), played
/// under `edition` (`2023`, `droidippy`, `mila`) when one is given.
pub fn variant(name: &str, edition: Option<&str>) -> PyResult<Arc<Variant>> {
    Ok(loaded(name, edition)?.v)
}

/// The variant `name` under `edition`, with its orders' text.
pub fn loaded(name: &str, edition: Option<&str>) -> PyResult<Loaded> {
    let key = (name.to_string(), edition.map(str::to_ascii_lowercase));
    if let Some(v) = cache().lock().unwrap_or_else(|p| p.into_inner()).get(&key) {
        return Ok(v.clone());
    }
    let mut v = load(name).map_err(UnknownVariantError::new_err)?;
    if let Some(e) = edition {
        v.rules.edition = Edition::named(e).map_err(|e| UnknownVariantError::new_err(e.to_string()))?;
    }
    let loaded = Loaded { v: Arc::new(v), texts: Arc::default() };
    cache().lock().unwrap_or_else(|p| p.into_inner()).insert(key, loaded.clone());
    Ok(loaded)
}
