//! Name matching: every name is compared in a normal form, lower case with
//! only letters and digits, so `St. Petersburg`, `st petersburg` and
//! `STPETERSBURG` are one name.

pub fn normalize(name: &str) -> String {
    name.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}
