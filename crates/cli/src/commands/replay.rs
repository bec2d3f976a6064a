//! `polemarch replay FILE...`: replays recorded games (godip text, MILA
//! saved games, polemarch records), each under the edition of the judge
//! that wrote it unless `--edition` says otherwise, and ends with `N passed,
//! M failed` (with `D differ only by rule choice` under another judge's
//! edition, and `K record errors` where records contradict themselves).

use crate::{input, variants};
use polemarch_engine::replay::{detect, replay_text_with, ReplayReport, Replayer};
use polemarch_engine::rules::{Choice, Edition};
use polemarch_engine::Variant;
use std::collections::{BTreeMap, HashMap};
use std::io::{BufWriter, Write};
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
    /// The variant `id` under `edition`: loaded once, and under an edition
    /// a copy of the one loaded, with the edition's choices (as
    /// `variants::load_as` does), not loaded again.
    fn get(&mut self, id: &str, edition: Option<Edition>) -> Result<Rc<Variant>, String> {
        let key = (id.to_string(), edition.map_or("", |e| e.name));
        if let Some(found) = self.0.get(&key) {
            return found.clone();
        }
        let loaded = match edition {
            None => variants::load_as(id, None, None).map(Rc::new).map_err(|e| format!("variant `{id}`: {e}")),
            Some(e) => self.get(id, None).and_then(|own| {
                let mut v = Variant::clone(&own);
                v.rules.edition = Edition::named(e.name).map_err(|e| format!("variant `{id}`: {e}"))?;
                Ok(Rc::new(v))
            }),
        };
        self.0.insert(key, loaded.clone());
        loaded
    }
}

/// Writes a line of the report (buffered: one write for many lines).
macro_rules! say {
    ($out:expr, $($arg:tt)*) => {
        writeln!($out, $($arg)*).map_err(|e| format!("writing the report: {e}"))?
    };
}

/// Replays one file under `edition` (None: the record's own judge's).
/// `buf` holds the file's text, and `replayer` what the replay works in,
/// both kept from file to file.
fn one(
    file: &Path,
    variant: Option<&str>,
    edition: Option<Edition>,
    cache: &mut Variants,
    buf: &mut Vec<u8>,
    replayer: &mut Replayer,
) -> Replayed {
    let text = match input::read_open_file_into(file, input::MAX_FILE_BYTES, "a recorded game", buf) {
        Ok(text) => text,
        Err(e) => return Replayed::Unreadable(e.to_string()),
    };
    let found = match detect(text) {
        Ok(found) => found,
        Err(e) => return Replayed::Record(e.to_string()),
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
            Err(e) => return Replayed::Record(e.to_string()),
        },
        (None, None) => own.rules.edition,
    };
    let used = edition.unwrap_or(native);
    let v = match cache.get(&id, Some(used)) {
        Ok(v) => v,
        Err(e) => return Replayed::Unreadable(e),
    };
    match replay_text_with(replayer, &v, found.format, text, native) {
        Ok(report) => Replayed::Done(report, used.name),
        Err(e) => Replayed::Record(format!("{}: {e}", found.format.name())),
    }
}

pub fn run(files: &[PathBuf], variant: Option<&str>, edition: Option<&str>) -> Result<ExitCode, String> {
    let edition = edition.map(Edition::named).transpose()?;
    let mut cache = Variants::default();
    let (mut passed, mut failed, mut differ, mut record_errors) = (0, 0, 0, 0);
    // Differences explained by the edition: by choice, phases and games.
    let mut by_choice: BTreeMap<Choice, (usize, usize)> = BTreeMap::new();
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut buf = Vec::new();
    let mut replayer = Replayer::default();
    for file in files {
        let name = file.display();
        match one(file, variant, edition, &mut cache, &mut buf, &mut replayer) {
            Replayed::Done(report, used) => {
                let by_choice_only = !report.edition_differences.is_empty();
                match (&report.first_difference, report.record_errors.is_empty()) {
                    (Some(d), _) => {
                        failed += 1;
                        say!(out, "FAIL {name} (edition {used}): {d}");
                    }
                    (None, true) if by_choice_only => {
                        differ += 1;
                        let n = report.edition_differences.len();
                        let differ_word = if n == 1 { "differs" } else { "differ" };
                        say!(
                            out,
                            "DIFF {name} ({} phases, edition {used}): {n} {} {differ_word} from the record, each only \
                             by a rule choice",
                            report.phases,
                            plural(n, "phase")
                        );
                    }
                    (None, true) => {
                        passed += 1;
                        say!(out, "OK {name} ({} phases, edition {used})", report.phases);
                    }
                    (None, false) => {
                        record_errors += 1;
                        let unchecked = report.unchecked;
                        say!(
                            out,
                            "RECORD {name} ({} phases, edition {used}): the record contradicts itself; {unchecked} {} \
                             could not be checked, the others agree",
                            report.phases,
                            plural(unchecked, "phase")
                        );
                    }
                }
                for e in &report.record_errors {
                    say!(out, "    record: {e}");
                }
                let mut chosen: Vec<Choice> = Vec::new();
                for (choice, d) in &report.edition_differences {
                    say!(out, "    {}: {d}", choice.describe());
                    by_choice.entry(*choice).or_default().0 += 1;
                    if !chosen.contains(choice) {
                        chosen.push(*choice);
                        by_choice.entry(*choice).or_default().1 += 1;
                    }
                }
                for note in &report.notes {
                    say!(out, "    note: {note}");
                }
            }
            Replayed::Record(e) => {
                record_errors += 1;
                say!(out, "RECORD {name}: {e}");
            }
            Replayed::Unreadable(e) => {
                failed += 1;
                say!(out, "FAIL {name}: {e}");
            }
        }
    }
    if !by_choice.is_empty() {
        say!(
            out,
            "Differences from the records' own judges, each removed by that judge's answer to one choice \
             (docs/conformance.md):"
        );
        for (choice, (phases, games)) in &by_choice {
            say!(
                out,
                "    {}: {phases} {} in {games} {}",
                choice.describe(),
                plural(*phases, "phase"),
                plural(*games, "game")
            );
        }
    }
    let differing = if differ > 0 { format!(", {differ} differ only by rule choice") } else { String::new() };
    let records = if record_errors > 0 {
        format!(", {record_errors} record {}", plural(record_errors, "error"))
    } else {
        String::new()
    };
    say!(out, "{passed} passed, {failed} failed{differing}{records}");
    out.flush().map_err(|e| format!("writing the report: {e}"))?;
    Ok(if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        word.into()
    } else {
        format!("{word}s")
    }
}
