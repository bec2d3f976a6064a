//! `polemarch game export FILE --format mila`: a game record written in
//! another judge's format.

use crate::record_file;
use polemarch_engine::replay::export_mila;
use std::path::Path;
use std::process::ExitCode;

pub fn run(file: &Path, format: &str, output: Option<&Path>) -> Result<ExitCode, String> {
    if !format.eq_ignore_ascii_case("mila") {
        return Err(format!(
            "unknown export format `{format}`: the only format is `mila` (the MILA diplomacy saved game)"
        ));
    }
    let (v, rec) = record_file::open(file)?;
    let json = export_mila(&v, &rec).map_err(|e| format!("{}: {e}", file.display()))?;
    let text = serde_json::to_string_pretty(&json).expect("JSON values serialize") + "\n";
    match output {
        None => print!("{text}"),
        Some(path) => std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?,
    }
    Ok(ExitCode::SUCCESS)
}
