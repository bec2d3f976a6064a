//! `polemarch demo`: a short scripted game of standard Diplomacy, from a new
//! game through a year and a half, run by the game manager and published
//! phase by phase as a game master would.

use crate::{fresh, record_file, report, variants};
use polemarch_engine::adjudicate::balances;
use polemarch_engine::game::{self, GameRecord, Status};
use polemarch_engine::state::{Component, Kind};
use polemarch_engine::variant::{LocId, PowerId};
use polemarch_engine::Variant;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The orders of each scripted phase; the winter's builds are chosen by
/// the demo (every power builds armies in its free home centres).
const SCRIPT: &[(&str, &str)] = &[
    ("Spring 1901", include_str!("../demo/1_spring_1901.txt")),
    ("Autumn 1901", include_str!("../demo/2_autumn_1901.txt")),
    ("Autumn 1901 retreats", include_str!("../demo/3_autumn_1901_retreat.txt")),
    ("Winter 1901", ""),
    ("Spring 1902", include_str!("../demo/4_spring_1902.txt")),
];

/// Plays the script and writes its record to `file`, which is replaced only
/// with `force`, or (no `file`) to `demo.json` in a new folder of its own.
pub fn run(file: Option<&Path>, force: bool) -> Result<ExitCode, String> {
    if let Some(file) = file {
        record_file::may_create(file, force)?;
    }
    let v = variants::load("standard", None)?;
    let mut rec = game::new_game(&v, "standard", 1901);
    println!("polemarch demo: a new game of standard Diplomacy, played by script\n");
    for (name, text) in SCRIPT {
        let text = if text.is_empty() { winter_builds(&v, &rec)? } else { text.to_string() };
        submit_all(&v, &mut rec, name, &text)?;
        let before = game::current(&v, &rec)?;
        let outcome = game::process(&v, &mut rec)?;
        println!("{}", "=".repeat(72));
        print!("{}", report::phase_report(&v, &before, &outcome));
        println!();
    }
    let path = match file {
        Some(file) => file.to_path_buf(),
        None => fresh_folder()?.join("demo.json"),
    };
    record_file::create(&path, &rec, force)?;
    println!("The whole game is recorded in {}.", path.display());
    println!("Try: polemarch game show {} --phase 2", path.display());
    Ok(ExitCode::SUCCESS)
}

/// A new folder under the temporary directory, `polemarch-demo-RANDOM`,
/// made exclusively (a name that exists, a planted link among them, is
/// passed over) and, on Unix, open to its owner only.
fn fresh_folder() -> Result<PathBuf, String> {
    let base = std::env::temp_dir();
    let mut builder = std::fs::DirBuilder::new();
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    let names = (0..100).map(|_| base.join(format!("polemarch-demo-{}", fresh::random_hex())));
    let made = fresh::make_first(names, |dir| builder.create(dir));
    made.map(|((), dir)| dir)
        .map_err(|e| format!("{}: cannot make a folder for the demo's record: {e}", base.display()))
}

/// Submits every power's lines of one phase, as each power would.
fn submit_all(v: &Variant, rec: &mut GameRecord, phase: &str, text: &str) -> Result<(), String> {
    for (p, power) in v.powers.iter().enumerate() {
        let prefix = format!("{}:", power.name);
        let lines: Vec<String> =
            text.lines().filter(|l| l.trim_start().starts_with(&prefix)).map(String::from).collect();
        if lines.is_empty() {
            continue;
        }
        let said = game::submit(v, rec, PowerId::new(p), &power.name, &record_file::now(), &lines)?;
        if let Some(bad) = said.iter().find(|s| s.status == Status::Rejected) {
            return Err(format!(
                "demo script, {phase}: `{}` was rejected: {}",
                bad.text,
                bad.reason.as_deref().unwrap_or("")
            ));
        }
    }
    Ok(())
}

/// Every power builds armies in its home centres where the rules allow a
/// build (owned and free), up to what it is due.
fn winter_builds(v: &Variant, rec: &GameRecord) -> Result<String, String> {
    let pos = game::current(v, rec)?;
    let mut text = String::new();
    for (p, due) in balances(v, &pos).into_iter().enumerate() {
        let army = Component { kind: Kind::ARMY, power: PowerId::new(p), free: false };
        let sites = v.powers[p]
            .homes
            .iter()
            .filter(|&&h| game::build_allowed(v, &pos, PowerId::new(p), army, LocId::of_province(h)));
        for home in sites.take((due / 2).max(0) as usize) {
            text += &format!("{}: BUILD A {}\n", v.powers[p].name, v.province(*home).abbr);
        }
    }
    Ok(text)
}
