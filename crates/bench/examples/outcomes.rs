//! Prints everything adjudication says, for comparing two builds byte for
//! byte: for every case of the case files and every phase of the recorded
//! games named (files or folders), each order's result (the order, its
//! verdict, its reason in words) and the whole next position; for every
//! game, the replay's report too. (The phases of a game are adjudicated
//! with one `Adjudicator`, reused from phase to phase.)
//!
//! `target/release/examples/outcomes tests/cases ../shared/reference/games > out.txt`

use polemarch_engine::adjudicate::Adjudicator;
use polemarch_engine::cases::{order_line, parse_cases, prestate};
use polemarch_engine::replay::{detect, import, replay};
use polemarch_engine::variant::embedded_variant;
use polemarch_engine::{Order, Position, Variant};
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

fn collect(path: &Path, files: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> =
            std::fs::read_dir(path).expect("a folder").map(|e| e.expect("an entry").path()).collect();
        entries.sort();
        for e in entries {
            collect(&e, files);
        }
    } else if path.extension().is_some_and(|x| x == "txt" || x == "json") {
        files.push(path.to_path_buf());
    }
}

fn print_outcome(out: &mut impl Write, judge: &mut Adjudicator, pos: &Position, orders: &[Order]) {
    let v = judge.variant();
    let outcome = judge.adjudicate(pos, orders);
    for r in &outcome.results {
        writeln!(out, "  {} {} {:?} {}", r.order.display(v), r.verdict(), r.reason, r.reason.describe(v)).unwrap();
    }
    writeln!(out, "  next {:?}", outcome.next).unwrap();
}

fn main() {
    let mut files = Vec::new();
    for a in std::env::args().skip(1) {
        collect(Path::new(&a), &mut files);
    }
    let mut variants: HashMap<String, Option<Variant>> = HashMap::new();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a text file");
        writeln!(out, "FILE {}", file.display()).unwrap();
        match detect(&text) {
            Ok(found) => {
                let Some(Ok(mut v)) = embedded_variant(found.variant.as_deref().unwrap_or("standard")) else {
                    writeln!(out, "  no variant").unwrap();
                    continue;
                };
                let native = found.format.judge_edition().unwrap_or(v.rules.edition);
                v.rules.edition = native;
                match import(&v, found.format, &text) {
                    Ok(game) => {
                        // One context for every phase of the game.
                        let mut judge = Adjudicator::new(&v);
                        for phase in &game.phases {
                            writeln!(out, " PHASE {}", phase.label).unwrap();
                            print_outcome(&mut out, &mut judge, &phase.start, &phase.orders);
                        }
                        writeln!(out, " REPORT {:?}", replay(&v, &game, native)).unwrap();
                    }
                    Err(e) => writeln!(out, "  unreadable: {e}").unwrap(),
                }
            }
            Err(_) => {
                for case in parse_cases(&text) {
                    writeln!(out, " CASE {} {}", case.id, case.title).unwrap();
                    let v = variants
                        .entry(case.variant.clone())
                        .or_insert_with(|| embedded_variant(&case.variant).and_then(Result::ok));
                    let Some(v) = v.as_ref() else { continue };
                    let Ok(pos) = prestate(&case, v) else { continue };
                    let Ok(orders) = case.orders.iter().map(|l| order_line(v, l)).collect::<Result<Vec<_>, _>>() else {
                        continue;
                    };
                    print_outcome(&mut out, &mut Adjudicator::new(v), &pos, &orders);
                }
            }
        }
    }
}
