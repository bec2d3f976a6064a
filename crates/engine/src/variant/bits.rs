//! A square bit matrix: O(1) adjacency tests without allocation; and the
//! set bits of a row of words, read in order.

/// The positions of the bits set in `words`, in order (a word at a time):
/// bit `b` of word `w` is position `w * 64 + b`.
pub fn ones(words: &[u64]) -> Ones<'_> {
    Ones { words, w: 0, bits: words.first().copied().unwrap_or(0) }
}

/// Is position `i` set in `words` (bit `i % 64` of word `i / 64`, as
/// `ones` reads them)? (One test for the bit sets of words: the planner's
/// and the new board's use it, issue 31.)
#[inline(always)]
pub fn has(words: &[u64], i: usize) -> bool {
    words[i / 64] & (1 << (i % 64)) != 0
}

/// Sets position `i` in `words` (the bit `has` reads).
#[inline(always)]
pub fn set(words: &mut [u64], i: usize) {
    words[i / 64] |= 1 << (i % 64);
}

/// `ones`: a plain iterator, not a chain of adapters (a chain cost twice
/// the instructions a bit in the hand-over of the board).
pub struct Ones<'a> {
    words: &'a [u64],
    /// The word being read, and its bits not yet given.
    w: usize,
    bits: u64,
}

impl Iterator for Ones<'_> {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        while self.bits == 0 {
            self.w += 1;
            self.bits = *self.words.get(self.w)?;
        }
        let b = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(self.w * 64 + b)
    }
}

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
    pub fn row(&self, a: usize) -> Ones<'_> {
        ones(self.row_words(a))
    }

    /// Row `a` as its words (bit `b` of word `w`: column `w * 64 + b`);
    /// none past the last row.
    #[inline(always)]
    pub fn row_words(&self, a: usize) -> &[u64] {
        self.words.get(a * self.words_per_row..(a + 1) * self.words_per_row).unwrap_or(&[])
    }

    /// How many words a row has.
    pub fn words_per_row(&self) -> usize {
        self.words_per_row
    }

    // (Always inline: a few instructions, asked by the planner of every
    // move; left to LLVM, it was a call.)
    #[inline(always)]
    pub fn get(&self, a: usize, b: usize) -> bool {
        a < self.n && b < self.n && self.words[a * self.words_per_row + b / 64] & (1 << (b % 64)) != 0
    }

    /// `get` of a pair of the variant's own locations or provinces (both
    /// below `n`, as every id the variant gives is): only the word's index
    /// is checked, not each of the two against `n` (the planner's plain
    /// tables and borders are read at nearly every order, issue 31).
    #[inline(always)]
    pub fn get_within(&self, a: usize, b: usize) -> bool {
        debug_assert!(a < self.n && b < self.n, "a pair within the matrix");
        self.words.get(a * self.words_per_row + b / 64).is_some_and(|w| w & (1 << (b % 64)) != 0)
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

    #[test]
    fn a_row_as_words() {
        let mut m = BitMatrix::new(130);
        for b in [0, 5, 63, 64, 127, 129] {
            m.set(3, b);
        }
        assert_eq!(m.words_per_row(), 3);
        assert_eq!(m.row_words(3), &[1 | 1 << 5 | 1 << 63, 1 | 1 << 63, 1 << 1]);
        assert_eq!(m.row_words(4), &[0, 0, 0]);
        assert!(m.row_words(200).is_empty());
    }

    #[test]
    fn has_reads_what_ones_lists() {
        let mut words = [0; 3];
        for i in [0, 63, 133] {
            super::set(&mut words, i);
        }
        assert_eq!(words, [1 | 1 << 63, 0, 1 << 5]);
        let set: Vec<usize> = super::ones(&words).collect();
        assert_eq!(set, vec![0, 63, 133]);
        for i in 0..192 {
            assert_eq!(super::has(&words, i), set.contains(&i), "{i}");
        }
    }

    #[test]
    fn get_within_is_get() {
        let mut m = BitMatrix::new(130);
        for (a, b) in [(0, 0), (3, 64), (129, 129), (64, 63)] {
            m.set(a, b);
        }
        for a in 0..130 {
            for b in 0..130 {
                assert_eq!(m.get_within(a, b), m.get(a, b), "{a} {b}");
            }
        }
    }
}
