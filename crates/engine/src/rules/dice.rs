//! Dice from the game's seed (Imperator I4: "the GM rolls a die"). A roll
//! is a pure function of the position's seed, the year and the province,
//! so a replay of a game rolls the same dice on every machine, and a case
//! file rolls what its `seed` says. The mix is draw.rs's SplitMix64, one
//! step of it from each word; a position without a seed rolls as seed 0.

use super::draw::SplitMix64;
use crate::variant::ProvinceId;

/// One SplitMix64 step from `z`: a bijection of 64-bit words that spreads
/// every input bit over the output.
fn mix(z: u64) -> u64 {
    SplitMix64(z).next_u64()
}

/// The die (1 to 6) that `province` rolls in the Winter of `year` of a game
/// with `seed`: the seed mixed with the year, then with the province's
/// index on the map, taken modulo 6.
pub fn roll(seed: u64, year: i32, province: ProvinceId) -> u8 {
    let z = mix(mix(seed ^ mix(year as i64 as u64)) ^ province.index() as u64);
    (z % 6) as u8 + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rolls_are_one_to_six_fairly_and_the_same_each_time() {
        let mut counts = [0u32; 6];
        for seed in 0..200u64 {
            for year in 236..246 {
                for p in 0..30 {
                    let r = roll(seed, year, ProvinceId::new(p));
                    assert_eq!(r, roll(seed, year, ProvinceId::new(p)));
                    counts[r as usize - 1] += 1;
                }
            }
        }
        // 60,000 rolls: each face near 10,000.
        assert!(counts.iter().all(|&c| (9_500..10_500).contains(&c)), "{counts:?}");
        // The seed, the year and the province each change the roll.
        let base: Vec<u8> = (0..12).map(|p| roll(7, 236, ProvinceId::new(p))).collect();
        assert_ne!(base, (0..12).map(|p| roll(8, 236, ProvinceId::new(p))).collect::<Vec<_>>());
        assert_ne!(base, (0..12).map(|p| roll(7, 237, ProvinceId::new(p))).collect::<Vec<_>>());
        assert_ne!(base, (1..13).map(|p| roll(7, 236, ProvinceId::new(p))).collect::<Vec<_>>());
    }
}
