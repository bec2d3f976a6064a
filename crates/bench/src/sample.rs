//! The replay benchmark's games: the 300 Droidippy games of
//! ../shared/reference/games/droidippy_sample (godip text), kept beside the
//! checkout.

use std::path::{Path, PathBuf};

/// Where the sample is.
pub fn droidippy_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/reference/games/droidippy_sample")
}

/// The text of every game of the sample (`game_*.txt`, in name order);
/// None when the folder is not there.
pub fn droidippy_games() -> Option<Vec<String>> {
    let entries = std::fs::read_dir(droidippy_dir()).ok()?;
    let mut paths: Vec<_> = entries
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("game_")))
        .collect();
    paths.sort();
    Some(paths.iter().map(|p| std::fs::read_to_string(p).expect("a game text")).collect())
}
