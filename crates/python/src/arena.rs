//! Values kept for the whole process, laid out one after another in the
//! order they were put (in blocks of `BLOCK`, never freed): values put
//! together are read together, from neighbouring memory, and not from
//! wherever the allocator found room for each (the listed orders' texts,
//! `said`: a force's orders are written together the first time it is
//! listed, and listed together after).

use std::sync::OnceLock;

/// Values a block holds.
const BLOCK: usize = 256;

pub struct Arena<T: 'static> {
    block: &'static [OnceLock<T>],
    used: usize,
}

impl<T> Default for Arena<T> {
    fn default() -> Arena<T> {
        Arena { block: Vec::new().leak(), used: 0 }
    }
}

impl<T> Arena<T> {
    /// Keeps `x` for the process, after the value put before it.
    pub fn put(&mut self, x: T) -> &'static T {
        if self.used == self.block.len() {
            self.block = (0..BLOCK).map(|_| OnceLock::new()).collect::<Vec<_>>().leak();
            self.used = 0;
        }
        let slot: &'static OnceLock<T> = &self.block[self.used];
        self.used += 1;
        // The slot is new: nothing was put in it before.
        let _ = slot.set(x);
        slot.get().expect("just put")
    }
}
