//! Every case file under tests/cases (docs/case-files.md) as one test, named
//! by its path there, so that a failure names its file; and the case files
//! of the other rule editions (crates/engine/tests/editions/EDITION.txt),
//! each under the edition its name gives.

use libtest_mimic::{Arguments, Failed, Trial};
use polemarch_engine::cases::{parse_cases, run_case};
use polemarch_engine::rules::Edition;
use polemarch_engine::variant::embedded_variant;
use polemarch_engine::Variant;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// The `*.txt` files under `dir`, recursively, in sorted order.
fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for e in entries {
        if e.is_dir() {
            collect(&e, files);
        } else if e.extension().is_some_and(|x| x == "txt") {
            files.push(e);
        }
    }
}

/// Runs every case of one file, under `edition` (None: each variant's own);
/// fails on an unreadable file, a file with no case, or any case that fails
/// (including one that cannot be parsed).
fn run_file(file: &Path, name: &str, edition: Option<Edition>) -> Result<(), Failed> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{name}: {e}"))?;
    let cases = parse_cases(&text);
    if cases.is_empty() {
        return Err(format!("{name}: no cases").into());
    }
    let mut cache: HashMap<String, Result<Rc<Variant>, String>> = HashMap::new();
    let mut variant_of = |id: &str| {
        let load = || match embedded_variant(id) {
            Some(result) => result
                .map(|mut v| {
                    if let Some(e) = edition {
                        v.rules.edition = e;
                    }
                    Rc::new(v)
                })
                .map_err(|p| p.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("\n")),
            None => Err(format!("no built-in variant `{id}`")),
        };
        cache.entry(id.to_string()).or_insert_with(load).clone()
    };
    let mut failures = Vec::new();
    for case in &cases {
        let report = run_case(case, &mut variant_of);
        if !report.passed {
            failures.push(format!("FAIL {} {} ({name}:{})", report.id, report.title, report.line));
            failures.extend(report.problems.iter().map(|p| format!("       {p}")));
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n").into())
    }
}

fn main() {
    let args = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases");
    let mut files = Vec::new();
    collect(&root, &mut files);
    let mut trials: Vec<Trial> = files
        .into_iter()
        .map(|file| {
            let name = file
                .strip_prefix(&root)
                .unwrap()
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/");
            Trial::test(name.clone(), move || run_file(&file, &name, None))
        })
        .collect();
    for edition in [Edition::DROIDIPPY, Edition::MILA, Edition::WEBDIPLOMACY] {
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/editions/{}.txt", edition.name));
        let name = format!("editions/{}.txt (edition {})", edition.name, edition.name);
        trials.push(Trial::test(name.clone(), move || run_file(&file, &name, Some(edition))));
    }
    if trials.is_empty() {
        let message = format!("{}: no case files", root.display());
        trials.push(Trial::test("no_case_files", move || Err(message.into())));
    }
    libtest_mimic::run(&args, trials).exit();
}
