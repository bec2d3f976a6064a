//! Names of places other than three lower-case letters (`stp/sc`), as met
//! in a record, with what the variant's lookup of names said of them: a
//! record names its few coasts again and again, in lines the general
//! reader reads.

use super::{LocId, Variant};
use std::cell::RefCell;

/// The names met (up to 7 bytes, as one number with their length in the
/// highest byte) and where they are, if anywhere.
#[derive(Default)]
pub(super) struct OtherNames(RefCell<Vec<(u64, Option<LocId>)>>);

/// How many names are kept: a record names a handful; past these (a record
/// full of unknown names), names are looked up each time.
const KEPT: usize = 64;

impl OtherNames {
    /// Where `name` is, as `Variant::find_loc` says.
    pub(super) fn find(&self, v: &Variant, name: &str) -> Option<LocId> {
        let Some(key) = key(name) else { return v.find_loc(name) };
        let mut met = self.0.borrow_mut();
        if let Some(&(_, loc)) = met.iter().find(|(k, _)| *k == key) {
            return loc;
        }
        let loc = v.find_loc(name);
        if met.len() < KEPT {
            met.push((key, loc));
        }
        loc
    }
}

/// A name of up to 7 bytes as one number, its length in the highest byte.
fn key(name: &str) -> Option<u64> {
    let bytes = name.as_bytes();
    (bytes.len() < 8).then(|| {
        let mut key = [0; 8];
        key[..bytes.len()].copy_from_slice(bytes);
        key[7] = bytes.len() as u8;
        u64::from_le_bytes(key)
    })
}

#[cfg(test)]
mod tests {
    use super::OtherNames;
    use crate::variant::embedded_variant;

    /// Met once or again, a name is where the variant's lookup says: a
    /// coast, a province by another spelling, a name of 7 bytes and one
    /// longer, and names the variant does not know.
    #[test]
    fn as_the_variants_lookup_says() {
        let v = embedded_variant("standard").expect("built in").expect("valid");
        let names = ["stp/sc", "stp/nc", "STP/SC", "Paris", "london", "xyz/ab", "st", "s", "", "stp/sc/"];
        let others = OtherNames::default();
        for _ in 0..2 {
            for name in names {
                assert_eq!(others.find(&v, name), v.find_loc(name), "{name:?}");
            }
        }
        assert!(others.find(&v, "stp/sc").is_some());
    }
}
