//! Fresh names nobody can guess, for the files and folders polemarch makes
//! beside a record or under the temporary directory, and making the first
//! of them that is free.

use std::io::ErrorKind;
use std::path::{Path, PathBuf};

/// 64 bits drawn afresh at each call, as 16 hex digits.
pub fn random_hex() -> String {
    use std::hash::{BuildHasher, Hasher};
    // Each RandomState has fresh keys, seeded from the system's randomness;
    // the clock and the process are mixed in besides.
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0));
    h.write_u32(std::process::id());
    format!("{:016x}", h.finish())
}

/// Makes the first of `names` that is free with `make`, which makes one
/// exclusively (failing with `AlreadyExists` where a name is taken, a
/// planted link included): what it made, and its name.
pub fn make_first<T>(
    names: impl Iterator<Item = PathBuf>,
    make: impl Fn(&Path) -> std::io::Result<T>,
) -> std::io::Result<(T, PathBuf)> {
    for name in names {
        match make(&name) {
            Ok(made) => return Ok((made, name)),
            Err(e) if e.kind() == ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::new(ErrorKind::AlreadyExists, "no free name"))
}
