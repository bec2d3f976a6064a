//! Reading and writing game record files. A record is written to a
//! temporary file beside it, flushed to disk, then renamed over the old one,
//! so a crash at any moment leaves either the old record or the new one.

use crate::variants;
use polemarch_engine::game::{check_game, check_record, GameRecord};
use polemarch_engine::Variant;
use std::io::Write;
use std::path::{Path, PathBuf};

pub fn read(path: &Path) -> Result<GameRecord, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let rec: GameRecord = serde_json::from_str(&text).map_err(|e| format!("{}: line {} column {}: {e}", path.display(), e.line(), e.column()))?;
    check_record(&rec).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(rec)
}

/// Reads a record and loads the variant it names.
pub fn open(path: &Path) -> Result<(Variant, GameRecord), String> {
    let rec = read(path)?;
    let v = variants::load(&rec.variant, None).map_err(|e| format!("{}: variant `{}`: {e}", path.display(), rec.variant))?;
    check_game(&v, &rec).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((v, rec))
}

fn temporary(path: &Path) -> PathBuf {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

pub fn write(path: &Path, rec: &GameRecord) -> Result<(), String> {
    let text = serde_json::to_string_pretty(rec).expect("records serialize") + "\n";
    let tmp = temporary(path);
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            // Make the rename itself durable.
            std::fs::File::open(dir)?.sync_all()?;
        }
        Ok::<(), std::io::Error>(())
    })();
    result.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("{}: cannot write the record: {e}", path.display())
    })
}

/// Now, as RFC 3339 in UTC (`2026-11-22T03:04:05Z`).
pub fn now() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0) as i64;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z", rem / 3600, rem % 3600 / 60, rem % 60)
}
