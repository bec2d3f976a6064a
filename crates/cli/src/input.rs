//! Input files read within a size cap: past it a file is refused whole,
//! with a clear error, before the rest is read (or held). The caps and
//! their errors are in docs/orders.md (orders files) and
//! docs/game-record.md (records, positions, case files, recorded games).

use std::io::Read;
use std::path::Path;

/// The largest game record, position file, case file or recorded game
/// read: 16 MiB, far above any real one.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// The text of the file at `path`, at most `max` bytes; `what` names the
/// kind of file in the error (`FILE: a game record may be at most ...`).
pub fn read_file(path: &Path, max: u64, what: &str) -> Result<String, String> {
    read_open_file(path, max, what).map_err(|e| format!("{}: {e}", path.display()))
}

/// As `read_file`, the error without the path; the buffer is sized from the
/// file's length, so a file is read with no copying as it grows.
pub fn read_open_file(path: &Path, max: u64, what: &str) -> Result<String, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let size = file.metadata().map(|m| m.len()).unwrap_or(0).min(max);
    read_sized(file, size, max, what)
}

/// The text `source` holds, at most `max` bytes of UTF-8; the error does
/// not say where it comes from.
pub fn read_text(source: impl Read, max: u64, what: &str) -> Result<String, String> {
    read_sized(source, 0, max, what)
}

/// `read_text` with room for `size` bytes made first.
fn read_sized(source: impl Read, size: u64, max: u64, what: &str) -> Result<String, String> {
    let mut bytes = Vec::new();
    read_capped(source, size, max, what, &mut bytes)?;
    String::from_utf8(bytes).map_err(|e| format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to() + 1))
}

/// As `read_open_file`, into `buf`: a command that reads many files one
/// after another (`replay`) keeps one buffer for all, and does not ask the
/// allocator for a large block per file.
pub fn read_open_file_into<'b>(path: &Path, max: u64, what: &str, buf: &'b mut Vec<u8>) -> Result<&'b str, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let size = file.metadata().map(|m| m.len()).unwrap_or(0).min(max);
    read_capped(file, size, max, what, buf)?;
    std::str::from_utf8(buf).map_err(|e| format!("not UTF-8 text (byte {})", e.valid_up_to() + 1))
}

/// Reads `source` into `buf` (emptied first, with room for `size` bytes
/// made), refusing more than `max` bytes.
fn read_capped(source: impl Read, size: u64, max: u64, what: &str, buf: &mut Vec<u8>) -> Result<(), String> {
    buf.clear();
    // One byte past the cap tells a file at the cap from a larger one,
    // without reading (or holding) the rest.
    buf.reserve(size as usize + 1);
    source.take(max + 1).read_to_end(buf).map_err(|e| e.to_string())?;
    if buf.len() as u64 > max {
        return Err(format!("{what} may be at most {} MiB ({max} bytes); this one is larger", max >> 20));
    }
    Ok(())
}
