//! A small seeded generator: the engine's SplitMix64 (Steele, Lea and
//! Flood 2014, the one the game's own draws use), so the same seed gives
//! the same games on every machine and with any number of threads; its
//! output must never change under a dependency's update.

use polemarch_engine::rules::SplitMix64;

pub struct Rng(SplitMix64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(SplitMix64(seed))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number in `0..n` (`n` > 0), without the bias of a plain remainder.
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "below(0)");
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        (!items.is_empty()).then(|| &items[self.below(items.len())])
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }

    /// The seed of game `index` of a run seeded `seed`: each game its own
    /// stream, whatever thread plays it.
    pub fn game_seed(seed: u64, index: u64) -> u64 {
        Rng::new(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64()
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn same_seed_same_stream_and_below_stays_in_range() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        let xs: Vec<usize> = (0..100).map(|_| a.below(6)).collect();
        let ys: Vec<usize> = (0..100).map(|_| b.below(6)).collect();
        assert_eq!(xs, ys);
        assert!(xs.iter().all(|&x| x < 6));
        // All six faces come up in a hundred throws.
        assert!((0..6).all(|f| xs.contains(&f)), "{xs:?}");
        assert_ne!(Rng::game_seed(1, 0), Rng::game_seed(1, 1));
    }
}
