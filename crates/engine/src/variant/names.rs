//! Name matching: every name is compared in a normal form, lower case, with
//! each run of other characters (spaces, dots, hyphens, slashes, brackets)
//! made one space. So `St. Petersburg` and `st petersburg` are one name,
//! `stp/nc`, `stp(nc)` and `STP NC` are one name, and `mar S` is not `mars`.

pub fn normalize(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut gap = false;
    for c in name.chars() {
        if c.is_alphanumeric() {
            if gap && !out.is_empty() {
                out.push(' ');
            }
            gap = false;
            out.extend(c.to_lowercase());
        } else {
            gap = true;
        }
    }
    out
}

/// Calls `f` with the normal form of `name`, without allocating for the
/// usual short ASCII names (the replay of a recorded game looks up a name
/// for every line it reads).
#[inline]
pub fn with_normal<R>(name: &str, f: impl FnOnce(&str) -> R) -> R {
    let bytes = name.as_bytes();
    if bytes.iter().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()) {
        return f(name);
    }
    let mut buf = [0u8; 64];
    if bytes.len() <= buf.len() && name.is_ascii() {
        let (mut len, mut gap) = (0, false);
        for &b in bytes {
            if b.is_ascii_alphanumeric() {
                if gap && len > 0 {
                    buf[len] = b' ';
                    len += 1;
                }
                gap = false;
                buf[len] = b.to_ascii_lowercase();
                len += 1;
            } else {
                gap = true;
            }
        }
        return f(std::str::from_utf8(&buf[..len]).expect("ASCII"));
    }
    f(&normalize(name))
}

/// A map from normal names. Names of three lower-case letters (`par`,
/// `nrg`: most ids orders use) are found by direct index; other names of up
/// to 8 bytes are packed into a number and found by binary search; longer
/// ones are hashed.
#[derive(Clone, Debug)]
pub struct NameMap<V> {
    /// By the three letters' place (`three_letters`); empty until the first
    /// such name is added.
    three: Vec<Option<V>>,
    short: Vec<(u64, V)>,
    long: std::collections::HashMap<String, V>,
}

impl<V> Default for NameMap<V> {
    fn default() -> NameMap<V> {
        NameMap { three: Vec::new(), short: Vec::new(), long: std::collections::HashMap::new() }
    }
}

/// Where a name of three lower-case letters stands in `NameMap::three`;
/// with `any_case`, of three ASCII letters of either case (`PAR`: its normal
/// form is the letters lower-cased).
#[inline]
fn three_letters(name: &str, any_case: bool) -> Option<usize> {
    let letter = |x: &u8| if any_case { x.is_ascii_alphabetic() } else { x.is_ascii_lowercase() };
    match name.as_bytes() {
        &[a, b, c] if [a, b, c].iter().all(letter) => {
            let [a, b, c] = [a, b, c].map(|x| (x.to_ascii_lowercase() - b'a') as usize);
            Some((a * 26 + b) * 26 + c)
        }
        _ => None,
    }
}

/// A name of at most 8 bytes as one number (bytes in order, so numbers
/// compare as the names do).
fn packed(name: &str) -> Option<u64> {
    let bytes = name.as_bytes();
    (bytes.len() <= 8).then(|| {
        bytes.iter().fold(0u64, |n, &b| (n << 8) | b as u64).checked_shl(8 * (8 - bytes.len() as u32)).unwrap_or(0)
    })
}

impl<V> NameMap<V> {
    /// The quick path for a name of three lower-case letters, already in
    /// normal form: Some(what `get` would say), or None for other names.
    #[inline]
    pub fn get_three_letters(&self, name: &str) -> Option<Option<&V>> {
        self.at_three_letters(three_letters(name, false))
    }

    /// `get_three_letters` for three letters of either case (`PAR`, `par`).
    #[inline]
    pub fn get_three_letters_any_case(&self, name: &str) -> Option<Option<&V>> {
        self.at_three_letters(three_letters(name, true))
    }

    #[inline]
    fn at_three_letters(&self, i: Option<usize>) -> Option<Option<&V>> {
        i.map(|i| self.three.get(i).and_then(Option::as_ref))
    }

    pub fn get(&self, name: &str) -> Option<&V> {
        if let Some(found) = self.get_three_letters(name) {
            return found;
        }
        match packed(name) {
            Some(key) => self.short.binary_search_by_key(&key, |(k, _)| *k).ok().map(|i| &self.short[i].1),
            None => self.long.get(name),
        }
    }

    /// Adds a name; the value it had before, if any.
    pub fn insert(&mut self, name: String, value: V) -> Option<V> {
        if let Some(i) = three_letters(&name, false) {
            if self.three.is_empty() {
                self.three.resize_with(26 * 26 * 26, || None);
            }
            return self.three[i].replace(value);
        }
        match packed(&name) {
            Some(key) => match self.short.binary_search_by_key(&key, |(k, _)| *k) {
                Ok(i) => Some(std::mem::replace(&mut self.short[i].1, value)),
                Err(i) => {
                    self.short.insert(i, (key, value));
                    None
                }
            },
            None => self.long.insert(name, value),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{normalize, with_normal};

    #[test]
    fn separators_fold_to_one_space() {
        assert_eq!(normalize("St. Petersburg"), "st petersburg");
        assert_eq!(normalize("stp(nc)"), "stp nc");
        assert_eq!(normalize("  Mid-Atlantic  Ocean "), "mid atlantic ocean");
        assert_ne!(normalize("mar S"), normalize("mars"));
    }

    #[test]
    fn short_and_long_names_are_found() {
        let mut m = super::NameMap::default();
        for (i, n) in ["stp", "stp nc", "a", "st petersburg", "abcdefgh", "abcdefghi", "ab"].iter().enumerate() {
            assert_eq!(m.insert(n.to_string(), i), None);
        }
        assert_eq!(m.insert("ab".into(), 9), Some(6));
        for (n, i) in
            [("stp", 0), ("stp nc", 1), ("a", 2), ("st petersburg", 3), ("abcdefgh", 4), ("abcdefghi", 5), ("ab", 9)]
        {
            assert_eq!(m.get(n), Some(&i), "{n}");
        }
        for n in ["", "s", "st", "stpx", "abcdefg", "abcdefghij"] {
            assert_eq!(m.get(n), None, "{n}");
        }
    }

    /// Three letters of either case are found inline as their normal form
    /// (`PAR` as `par`); the strict look-up leaves any but lower case to
    /// `get`, and other names to both.
    #[test]
    fn three_letters_of_either_case_are_found_inline() {
        let mut m = super::NameMap::default();
        m.insert("par".to_string(), 1);
        m.insert("paris".to_string(), 2);
        for n in ["par", "PAR", "Par", "pAr"] {
            assert_eq!(m.get_three_letters_any_case(n), Some(Some(&1)), "{n}");
        }
        assert_eq!(m.get_three_letters_any_case("BUR"), Some(None));
        assert_eq!(m.get_three_letters("PAR"), None);
        assert_eq!(m.get_three_letters("par"), Some(Some(&1)));
        for n in ["pa1", "PA-", "paris", "pa", "pär"] {
            assert_eq!(m.get_three_letters_any_case(n), None, "{n}");
        }
    }

    #[test]
    fn the_quick_form_is_the_same() {
        for name in [
            "stp",
            "St. Petersburg",
            "stp(nc)",
            "  Mid-Atlantic  Ocean ",
            "mar S",
            "STP/NC",
            "Zürich",
            "x".repeat(70).as_str(),
            "",
        ] {
            assert_eq!(with_normal(name, |n| n.to_string()), normalize(name), "{name}");
        }
    }
}
