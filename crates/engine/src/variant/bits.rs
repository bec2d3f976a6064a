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

    /// The columns set in row `a`, in order (a word at a time).
    pub fn row(&self, a: usize) -> impl Iterator<Item = usize> + '_ {
        let words = self.words.get(a * self.words_per_row..(a + 1) * self.words_per_row).unwrap_or(&[]);
        words.iter().enumerate().flat_map(|(w, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    w * 64 + b
                })
            })
        })
    }

    // (Always inline: a few instructions, asked by the planner of every
    // move; left to LLVM, it was a call.)
    #[inline(always)]
    pub fn get(&self, a: usize, b: usize) -> bool {
        a < self.n && b < self.n && self.words[a * self.words_per_row + b / 64] & (1 << (b % 64)) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::BitMatrix;

    #[test]
    fn a_row_lists_its_columns() {
        let mut m = BitMatrix::new(130);
        for b in [0, 5, 63, 64, 127, 129] {
            m.set(3, b);
        }
        assert_eq!(m.row(3).collect::<Vec<_>>(), vec![0, 5, 63, 64, 127, 129]);
        assert_eq!(m.row(4).count(), 0);
        assert_eq!(m.row(200).count(), 0);
    }
}
