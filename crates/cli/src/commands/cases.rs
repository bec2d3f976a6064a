//! `polemarch cases PATH...`: runs case files and ends with `N passed, M failed`.

use crate::{input, variants};
use polemarch_engine::cases::{parse_cases, run_case};
use polemarch_engine::Variant;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::rc::Rc;

fn collect(path: &Path, files: &mut Vec<PathBuf>) -> Result<(), String> {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| format!("{}: {e}", path.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        entries.sort();
        for e in entries {
            if e.is_dir() || e.extension().is_some_and(|x| x == "txt") {
                collect(&e, files)?;
            }
        }
        Ok(())
    } else if path.is_file() {
        files.push(path.to_path_buf());
        Ok(())
    } else {
        Err(format!("{}: no such file or folder", path.display()))
    }
}

pub fn run(
    paths: &[PathBuf],
    verbose: bool,
    variant_dir: Option<&Path>,
    edition: Option<&str>,
) -> Result<ExitCode, String> {
    if let Some(name) = edition {
        polemarch_engine::rules::Edition::named(name)?;
    }
    let mut files = Vec::new();
    for p in paths {
        collect(p, &mut files)?;
    }
    // A check that ran nothing must not pass: a wrong path or an emptied
    // folder would otherwise read as `0 passed, 0 failed`.
    let named = || paths.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ");
    if files.is_empty() {
        return Err(format!("no case files (*.txt) found in {}", named()));
    }
    let mut cache: HashMap<String, Result<Rc<Variant>, String>> = HashMap::new();
    let mut variant_of = |id: &str| {
        cache.entry(id.to_string()).or_insert_with(|| variants::load_as(id, variant_dir, edition).map(Rc::new)).clone()
    };
    let (mut passed, mut failed) = (0, 0);
    for file in &files {
        let text = input::read_file(file, input::MAX_FILE_BYTES, "a case file")?;
        for case in parse_cases(&text) {
            let report = run_case(&case, &mut variant_of);
            if report.passed {
                passed += 1;
                if verbose {
                    println!("ok   {} ({}:{})", report.id, file.display(), report.line);
                }
            } else {
                failed += 1;
                println!("FAIL {} {} ({}:{})", report.id, report.title, file.display(), report.line);
                for p in &report.problems {
                    println!("       {p}");
                }
            }
        }
    }
    if passed + failed == 0 {
        return Err(format!("no cases found in {}: a case starts with a `CASE <id>` line", named()));
    }
    println!("{passed} passed, {failed} failed");
    Ok(if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
