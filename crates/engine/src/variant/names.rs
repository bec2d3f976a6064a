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

#[cfg(test)]
mod tests {
    use super::normalize;

    #[test]
    fn separators_fold_to_one_space() {
        assert_eq!(normalize("St. Petersburg"), "st petersburg");
        assert_eq!(normalize("stp(nc)"), "stp nc");
        assert_eq!(normalize("  Mid-Atlantic  Ocean "), "mid atlantic ocean");
        assert_ne!(normalize("mar S"), normalize("mars"));
    }
}
