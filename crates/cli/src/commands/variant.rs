//! `polemarch variant check|list`.

use polemarch_engine::variant::{check::summary, embedded_ids, embedded_variant, load_dir};
use polemarch_engine::Variant;
use polemarch_render::{Board, Projection};
use std::path::Path;
use std::process::ExitCode;

pub fn check(name: &str) -> Result<ExitCode, String> {
    let path = Path::new(name);
    let loaded = if path.join("variant.toml").exists() || path.is_dir() {
        load_dir(path)
    } else {
        embedded_variant(name).ok_or_else(|| {
            format!("unknown variant `{name}` (built in: {}; or give a folder)", embedded_ids().join(", "))
        })?
    };
    match loaded {
        Ok(v) => {
            print!("{}", summary(&v));
            match picture(&v) {
                Ok(line) => {
                    println!("{line}");
                    Ok(ExitCode::SUCCESS)
                }
                Err(problem) => {
                    println!("{problem}");
                    println!("{name}: 1 problem");
                    Ok(ExitCode::FAILURE)
                }
            }
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

/// The picture's line of the summary: schematic, or the real coastline
/// with its georeference; a problem if the coastline file cannot be read
/// or the places fix no projection, or a province's point falls on the
/// wrong side of the coast (docs/variant-format.md).
fn picture(v: &Variant) -> Result<String, String> {
    let Some(picture) = &v.picture else { return Ok("  picture: schematic (no [picture] in map.toml)".into()) };
    let text = crate::variants::land_text(v)?.unwrap_or_default();
    let board = Board::with_land(v, &text).map_err(|e| format!("map.toml: picture: {e}"))?;
    let wrong = board.misplaced(v);
    if !wrong.is_empty() {
        return Err(format!(
            "map.toml: picture.places: with this georeference the {} of {} {} on the wrong side of the coast (give the \
             province a place, or move a place nearby inland or out to sea)",
            if wrong.len() == 1 { "point" } else { "points" },
            wrong.join(", "),
            if wrong.len() == 1 { "falls" } else { "fall" }
        ));
    }
    let projection = Projection::of(v)?;
    let places: Vec<([f64; 2], polemarch_render::Pt)> = picture
        .places
        .iter()
        .map(|&(p, ll)| (ll, polemarch_render::Pt::new(v.province(p).at[0], v.province(p).at[1])))
        .collect();
    let shore = board.shore.as_ref().expect("a board with land");
    Ok(format!(
        "  picture: real coastline ({}: {} rings of land, {} of them the board's); georeference: {} places, bent up to \
         {:.0} map units from an affine map; every point on its side of the coast",
        picture.coastline,
        shore.rings.len(),
        shore.played.iter().filter(|&&p| p).count(),
        picture.places.len(),
        projection.bend(&places)
    ))
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
