//! `polemarch variant check|list`.

use polemarch_engine::variant::{check::summary, embedded_ids, embedded_variant, load_dir};
use std::path::Path;
use std::process::ExitCode;

pub fn check(name: &str) -> Result<ExitCode, String> {
    let path = Path::new(name);
    let loaded = if path.join("variant.toml").exists() || path.is_dir() {
        load_dir(path)
    } else {
        embedded_variant(name).ok_or_else(|| format!("unknown variant `{name}` (built in: {}; or give a folder)", embedded_ids().join(", ")))?
    };
    match loaded {
        Ok(v) => {
            print!("{}", summary(&v));
            Ok(ExitCode::SUCCESS)
        }
        Err(problems) => {
            for p in &problems {
                println!("{p}");
            }
            println!("{}: {} problem{}", name, problems.len(), if problems.len() == 1 { "" } else { "s" });
            Ok(ExitCode::FAILURE)
        }
    }
}

pub fn list() -> Result<ExitCode, String> {
    for id in embedded_ids() {
        match embedded_variant(id) {
            Some(Ok(v)) => println!("{id:<24} {}", v.name),
            _ => println!("{id:<24} (does not load: run `polemarch variant check {id}`)"),
        }
    }
    Ok(ExitCode::SUCCESS)
}
