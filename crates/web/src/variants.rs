//! The built-in variants, each read once and shared, and their boards
//! (the regions of the map's picture), each computed once, on the first
//! map drawn of that variant.

use crate::error::{Error, Result};
use polemarch_engine::variant::{embedded_ids, embedded_variant};
use polemarch_engine::Variant;
use polemarch_render::Board;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

#[derive(Default)]
pub struct Variants {
    loaded: Mutex<HashMap<String, Arc<Variant>>>,
    boards: Mutex<HashMap<String, Arc<Board>>>,
}

impl Variants {
    /// The built-in variant with this id.
    pub fn get(&self, id: &str) -> Result<Arc<Variant>> {
        if let Some(v) = self.loaded.lock().unwrap_or_else(|e| e.into_inner()).get(id) {
            return Ok(v.clone());
        }
        let v = match embedded_variant(id) {
            None => {
                return Err(Error::bad(format!("unknown variant `{id}` (built in: {})", embedded_ids().join(", "))))
            }
            Some(Err(problems)) => {
                return Err(Error::internal(format!("the built-in variant {id} does not load: {problems:?}")))
            }
            Some(Ok(v)) => Arc::new(v),
        };
        self.loaded.lock().unwrap_or_else(|e| e.into_inner()).insert(id.to_string(), v.clone());
        Ok(v)
    }

    /// The board of the built-in variant `v` (with its coastline where it
    /// has one): computed once, then shared by every map drawn of it.
    pub fn board(&self, v: &Variant) -> Arc<Board> {
        if let Some(b) = self.boards.lock().unwrap_or_else(|e| e.into_inner()).get(&v.id) {
            return b.clone();
        }
        let b = Arc::new(Board::of(v));
        self.boards.lock().unwrap_or_else(|e| e.into_inner()).insert(v.id.clone(), b.clone());
        b
    }

    /// Every built-in variant: (id, name).
    pub fn list(&self) -> Vec<(String, String)> {
        embedded_ids()
            .into_iter()
            .filter_map(|id| self.get(id).ok().map(|v| (id.to_string(), v.name.clone())))
            .collect()
    }
}
