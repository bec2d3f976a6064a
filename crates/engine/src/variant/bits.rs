//! A square bit matrix: O(1) adjacency tests without allocation.

#[derive(Clone, Debug, Default)]
pub struct BitMatrix {
    n: usize,
    words_per_row: usize,
    words: Vec<u64>,
}

impl BitMatrix {
    pub fn new(n: usize) -> Self {
        let words_per_row = n.div_ceil(64);
        BitMatrix { n, words_per_row, words: vec![0; n * words_per_row] }
    }

    pub fn set(&mut self, a: usize, b: usize) {
        self.words[a * self.words_per_row + b / 64] |= 1 << (b % 64);
    }

    #[inline]
    pub fn get(&self, a: usize, b: usize) -> bool {
        a < self.n && b < self.n && self.words[a * self.words_per_row + b / 64] & (1 << (b % 64)) != 0
    }
}
