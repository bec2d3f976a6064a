//! `polemarch replay FILE...`: replays recorded games (godip text, MILA
//! saved games, polemarch records), each under the edition of the judge
//! that wrote it unless `--edition` says otherwise, and ends with `N passed,
//! M failed` (with `D differ only by rule choice` under another judge's
//! edition, and `K record errors` where records contradict themselves).

use crate::{input, variants};
use polemarch_engine::replay::{detect, import, replay, ReplayReport};
use polemarch_engine::rules::{Choice, Edition};
use polemarch_engine::Variant;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::rc::Rc;

/// What became of one file.
enum Replayed {
    /// Replayed under the edition named.
    Done(ReplayReport, &'static str),
    /// The file is not a record polemarch can read, or the record
    /// contradicts itself where it cannot be read around.
    Record(String),
    /// The file could not be read.
    Unreadable(String),
}

/// Variants loaded once for all files, by id and edition.
#[derive(Default)]
struct Variants(HashMap<(String, &'static str), Result<Rc<Variant>, String>>);

impl Variants {
    fn get(&mut self, id: &str, edition: Option<Edition>) -> Result<Rc<Variant>, String> {
        let key = (id.to_string(), edition.map_or("", |e| e.name));
        self.0
            .entry(key)
            .or_insert_with(|| variants::load_as(id, None, edition.map(|e| e.name)).map(Rc::new).map_err(|e| format!("variant `{id}`: {e}")))
            .clone()
    }
}

/// Replays one file under `edition` (None: the record's own judge's).
fn one(file: &Path, variant: Option<&str>, edition: Option<Edition>, cache: &mut Variants) -> Replayed {
    let text = match input::read_open_file(file, input::MAX_FILE_BYTES, "a recorded game") {
        Ok(text) => text,
        Err(e) => return Replayed::Unreadable(e.to_string()),
    };
    let found = match detect(&text) {
        Ok(found) => found,
        Err(e) => return Replayed::Record(e),
    };
    let id = found.variant.clone().or(variant.map(String::from)).unwrap_or_else(|| "standard".into());
    let own = match cache.get(&id, None) {
        Ok(v) => v,
        Err(e) => return Replayed::Unreadable(e),
    };
    // The record's judge's edition: the format's, or the one a polemarch
    // record names, or its variant's own.
    let native = match (found.format.judge_edition(), &found.edition) {
        (Some(e), _) => e,
        (None, Some(name)) => match Edition::named(name) {
            Ok(e) => e,
            Err(e) => return Replayed::Record(e),
        },
        (None, None) => own.rules.edition,
    };
    let used = edition.unwrap_or(native);
    let v = match cache.get(&id, Some(used)) {
        Ok(v) => v,
        Err(e) => return Replayed::Unreadable(e),
    };
    match import(&v, found.format, &text) {
        Ok(game) => Replayed::Done(replay(&v, &game, native), used.name),
        Err(e) => Replayed::Record(format!("{}: {e}", found.format.name())),
    }
}

pub fn run(files: &[PathBuf], variant: Option<&str>, edition: Option<&str>) -> Result<ExitCode, String> {
    let edition = edition.map(Edition::named).transpose()?;
    let mut cache = Variants::default();
    let (mut passed, mut failed, mut differ, mut record_errors) = (0, 0, 0, 0);
    // Differences explained by the edition: by choice, phases and games.
    let mut by_choice: BTreeMap<Choice, (usize, usize)> = BTreeMap::new();
    for file in files {
        let name = file.display();
        match one(file, variant, edition, &mut cache) {
            Replayed::Done(report, used) => {
                let by_choice_only = !report.edition_differences.is_empty();
                match (&report.first_difference, report.record_errors.is_empty()) {
                    (Some(d), _) => {
                        failed += 1;
                        println!("FAIL {name} (edition {used}): {d}");
                    }
                    (None, true) if by_choice_only => {
                        differ += 1;
                        let n = report.edition_differences.len();
                        let differ_word = if n == 1 { "differs" } else { "differ" };
                        println!(
                            "DIFF {name} ({} phases, edition {used}): {n} {} {differ_word} from the record, each only by a rule choice",
                            report.phases,
                            plural(n, "phase")
                        );
                    }
                    (None, true) => {
                        passed += 1;
                        println!("OK {name} ({} phases, edition {used})", report.phases);
                    }
                    (None, false) => {
                        record_errors += 1;
                        let unchecked = report.unchecked;
                        println!(
                            "RECORD {name} ({} phases, edition {used}): the record contradicts itself; {unchecked} {} could not be checked, the others agree",
                            report.phases,
                            plural(unchecked, "phase")
                        );
                    }
                }
                for e in &report.record_errors {
                    println!("    record: {e}");
                }
                let mut chosen: Vec<Choice> = Vec::new();
                for (choice, d) in &report.edition_differences {
                    println!("    {}: {d}", choice.describe());
                    by_choice.entry(*choice).or_default().0 += 1;
                    if !chosen.contains(choice) {
                        chosen.push(*choice);
                        by_choice.entry(*choice).or_default().1 += 1;
                    }
                }
                for note in &report.notes {
                    println!("    note: {note}");
                }
            }
            Replayed::Record(e) => {
                record_errors += 1;
                println!("RECORD {name}: {e}");
            }
            Replayed::Unreadable(e) => {
                failed += 1;
                println!("FAIL {name}: {e}");
            }
        }
    }
    if !by_choice.is_empty() {
        println!("Differences from the records' own judges, each removed by that judge's answer to one choice (docs/conformance.md):");
        for (choice, (phases, games)) in &by_choice {
            println!("    {}: {phases} {} in {games} {}", choice.describe(), plural(*phases, "phase"), plural(*games, "game"));
        }
    }
    let differing = if differ > 0 { format!(", {differ} differ only by rule choice") } else { String::new() };
    let records = if record_errors > 0 { format!(", {record_errors} record {}", plural(record_errors, "error")) } else { String::new() };
    println!("{passed} passed, {failed} failed{differing}{records}");
    Ok(if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        word.into()
    } else {
        format!("{word}s")
    }
}
