//! `polemarch render` and `game process --pictures` (docs/rendering.md).

mod common;

use common::{new_game, ok, polemarch, stderr, submit, tempdir};
use std::path::Path;

fn is_png(path: &Path) -> bool {
    std::fs::read(path).map(|b| b.starts_with(b"\x89PNG\r\n\x1a\n")).unwrap_or(false)
}

#[test]
fn a_variant_start_as_svg_and_as_png() {
    let dir = tempdir("render-start");
    let svg = dir.join("s.svg");
    ok(&["render", "standard", "--out", svg.to_str().unwrap()]);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.contains("Spring 1901, Movement"), "{}", &text[..200.min(text.len())]);
    assert_eq!(text.matches("class=\"force\"").count(), 22);
    let png = dir.join("s.png");
    ok(&["render", "standard", "--out", png.to_str().unwrap(), "--width", "400"]);
    assert!(is_png(&png));
}

#[test]
fn a_processed_phase_with_its_orders_and_pictures_beside_the_record() {
    let dir = tempdir("render-game");
    let (file, _) = new_game(&dir, "standard", 3);
    submit(&file, "France", "A par - bur\nA mar - bur\nF bre - mao\n");
    submit(&file, "Germany", "A mun - bur\n");
    let pictures = dir.join("pictures");
    ok(&["game", "process", &file, "--pictures", pictures.to_str().unwrap()]);
    let orders_png = pictures.join("001-spring-1901-movement-orders.png");
    assert!(is_png(&orders_png), "{}", orders_png.display());
    assert!(is_png(&pictures.join("002-autumn-1901-movement.png")));
    let svg = dir.join("orders.svg");
    ok(&["render", "--game", &file, "--phase", "Spring 1901, Movement", "--orders", "--out", svg.to_str().unwrap()]);
    let text = std::fs::read_to_string(&svg).unwrap();
    // 22 units: 19 hold by default, three bounce in Burgundy.
    assert_eq!(text.matches("<g class=\"order ").count(), 22);
    assert_eq!(text.matches("<g class=\"order failed\"").count(), 3, "par, mar and mun bounce");
    // Without --phase, --orders draws the last phase played (the open
    // phase has no orders yet), as the main --help's example promises.
    let last = dir.join("last.svg");
    ok(&["render", "--game", &file, "--orders", "--out", last.to_str().unwrap()]);
    assert_eq!(std::fs::read_to_string(&last).unwrap(), text);
    // The standoff is drawn on the next phase.
    let next = dir.join("next.svg");
    ok(&["render", "--game", &file, "--out", next.to_str().unwrap()]);
    assert!(std::fs::read_to_string(&next).unwrap().contains("Autumn 1901, Movement"));
}

#[test]
fn pictures_that_cannot_be_written_do_not_undo_the_processing() {
    let dir = tempdir("render-pictures-blocked");
    let (file, _) = new_game(&dir, "standard", 3);
    let pictures = dir.join("pictures");
    // A folder where the first picture would go.
    std::fs::create_dir_all(pictures.join("001-spring-1901-movement-orders.png")).unwrap();
    let o = polemarch(&["game", "process", &file, "--pictures", pictures.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("warning: the phase was processed and saved, but its pictures could not be written"),
        "{}",
        stderr(&o)
    );
    assert!(ok(&["game", "show", &file]).contains("Autumn 1901, Movement"), "the record moved on");
}

#[test]
fn mistakes_are_refused_with_a_reason() {
    let dir = tempdir("render-errors");
    let out = |args: &[&str]| {
        let o = polemarch(args);
        assert!(!o.status.success(), "{args:?} should fail");
        stderr(&o)
    };
    assert!(
        out(&["render", "standard", "--out", dir.join("s.jpg").to_str().unwrap()]).contains("must end in .svg or .png")
    );
    assert!(
        out(&["render", "standard", "--orders", "--out", dir.join("s.svg").to_str().unwrap()]).contains("need --game")
    );
    assert!(out(&["render", "--out", dir.join("s.svg").to_str().unwrap()]).contains("name a variant"));
    assert!(out(&["render", "atlantis", "--out", dir.join("s.svg").to_str().unwrap()]).contains("unknown variant"));
    for width in ["0", "15", "8001", "4000000000"] {
        let said = out(&["render", "standard", "--width", width, "--out", dir.join("s.png").to_str().unwrap()]);
        assert!(said.contains(&format!("--width: expected 16 to 8000 pixels, not {width}")), "{said}");
    }
    assert!(out(&["render", "standard", "--width", "400", "--out", dir.join("s.svg").to_str().unwrap()])
        .contains("--width is for a PNG"));
    assert!(!dir.join("s.png").exists() && !dir.join("s.svg").exists(), "nothing is written");
    let (file, _) = new_game(&dir, "standard", 1);
    assert!(out(&["render", "--game", &file, "--orders", "--out", dir.join("s.svg").to_str().unwrap()])
        .contains("no phase has been processed yet"));
    assert!(out(&[
        "render",
        "--game",
        &file,
        "--phase",
        "1",
        "--orders",
        "--out",
        dir.join("s.svg").to_str().unwrap()
    ])
    .contains("has not been processed"));
}

#[test]
fn a_position_file_is_drawn_with_its_standoff() {
    let dir = tempdir("render-position");
    let orders = dir.join("orders.txt");
    std::fs::write(&orders, "Austria: A vie - gal\nRussia: A war - gal\nFrance: A par - bur\n").unwrap();
    let said = ok(&["adjudicate", "--orders", orders.to_str().unwrap(), "--json"]);
    let json: serde_json::Value = serde_json::from_str(&said).unwrap();
    let pos = dir.join("pos.json");
    std::fs::write(&pos, json["next"].to_string()).unwrap();
    let svg = dir.join("pos.svg");
    ok(&["render", "standard", "--position", pos.to_str().unwrap(), "--out", svg.to_str().unwrap()]);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("Autumn 1901, Movement"));
    assert_eq!(text.matches("class=\"standoff\"").count(), 1, "Galicia");
    assert_eq!(text.matches("class=\"force\"").count(), 22);
    std::fs::write(&pos, "{\"phase\": 3}").unwrap();
    let o = polemarch(&["render", "standard", "--position", pos.to_str().unwrap(), "--out", svg.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("pos.json"), "the error names the file: {}", stderr(&o));
}

/// A copy of the standard variant in a folder of its own, map and
/// coastline included, with `edit` applied to its map.toml.
fn standard_folder(dir: &Path, edit: &dyn Fn(String) -> String) -> String {
    let folder = dir.join("std");
    std::fs::create_dir_all(&folder).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants/standard");
    for f in ["variant.toml", "coast.txt"] {
        std::fs::copy(root.join(f), folder.join(f)).unwrap();
    }
    std::fs::write(folder.join("map.toml"), edit(std::fs::read_to_string(root.join("map.toml")).unwrap())).unwrap();
    folder.to_str().unwrap().to_string()
}

/// A variant read from a folder draws the coastline file beside its
/// map.toml, and `variant check` reports the picture: the georeference, a
/// missing coastline file, and a place that puts a province's point on the
/// wrong side of the coast (docs/variant-format.md).
#[test]
fn a_folder_variant_draws_its_own_coastline_and_check_reports_the_picture() {
    let dir = tempdir("render-coast");
    let folder = standard_folder(&dir, &|m| m);
    let svg = dir.join("s.svg");
    ok(&["render", &folder, "--out", svg.to_str().unwrap()]);
    assert_eq!(std::fs::read_to_string(&svg).unwrap().matches("id=\"coastline\"").count(), 1);
    let text = ok(&["variant", "check", &folder]);
    assert!(
        text.contains("picture: real coastline (coast.txt")
            && text.contains("75 places")
            && text.contains("every point on its side of the coast"),
        "{text}"
    );
    assert!(ok(&["variant", "check", "nikjon"]).contains("picture: schematic"));

    std::fs::remove_file(Path::new(&folder).join("coast.txt")).unwrap();
    let out = polemarch(&["variant", "check", &folder]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("cannot read the coastline file"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let out = polemarch(&["render", &folder, "--out", svg.to_str().unwrap()]);
    assert!(!out.status.success() && stderr(&out).contains("cannot read the coastline file"), "{}", stderr(&out));

    // Paris placed out in the Bay of Biscay: the coast of France is bent
    // over the points of Brest and Gascony, and over a region hint of the
    // Mid-Atlantic.
    let wet = standard_folder(&dir, &|m| m.replace("par = [2.0, 48.0]", "par = [-5.0, 46.5]"));
    let out = polemarch(&["variant", "check", &wet]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        !out.status.success()
            && text.contains("the points of bre, gas, mao (its region hint 2) fall on the wrong side of the coast"),
        "{text}"
    );
    let unknown = standard_folder(&dir, &|m| m.replace("par = [2.0, 48.0]", "paris_x = [2.0, 48.0]"));
    let text = String::from_utf8_lossy(&polemarch(&["variant", "check", &unknown]).stdout).into_owned();
    assert!(text.contains("picture.places.paris_x: `paris_x` is not a province of the map"), "{text}");
}
