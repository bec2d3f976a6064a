//! `polemarch replay FILE...`: replays recorded games (godip text, MILA
//! saved games, polemarch records) and ends with `N passed, M failed`.

use crate::{input, variants};
use polemarch_engine::replay::{detect, import, replay};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Replays one file: the report, or why it could not be read.
fn one(file: &Path, variant: Option<&str>) -> Result<polemarch_engine::replay::ReplayReport, String> {
    let source = std::fs::File::open(file).map_err(|e| e.to_string())?;
    let text = input::read_text(source, input::MAX_FILE_BYTES, "a recorded game")?;
    let (format, named) = detect(&text)?;
    let id = named.or(variant.map(String::from)).unwrap_or_else(|| "standard".into());
    let v = variants::load(&id, None).map_err(|e| format!("variant `{id}`: {e}"))?;
    let game = import(&v, format, &text).map_err(|e| format!("{}: {e}", format.name()))?;
    Ok(replay(&v, &game))
}

pub fn run(files: &[PathBuf], variant: Option<&str>) -> Result<ExitCode, String> {
    let (mut passed, mut failed) = (0, 0);
    for file in files {
        match one(file, variant) {
            Ok(report) => {
                match &report.first_difference {
                    None => {
                        passed += 1;
                        println!("OK {} ({} phases)", file.display(), report.phases);
                    }
                    Some(d) => {
                        failed += 1;
                        println!("FAIL {}: {d}", file.display());
                    }
                }
                for note in &report.notes {
                    println!("    note: {note}");
                }
            }
            Err(e) => {
                failed += 1;
                println!("FAIL {}: {e}", file.display());
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    Ok(if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
