// Decides, when the tests are built, whether the tests that read reference
// material kept out of the repository (the DATC's jDip file, recorded
// games, in `../shared/reference` beside the checkout) run: the cfg
// `polemarch_shared` is on where that folder is, and always in CI (`CI`
// set), where it must be, so that they fail without it. Elsewhere they are
// `#[ignore]`d with their reason, so that `cargo test` counts them ignored,
// never passed. A `../shared` put beside the checkout later is seen at the
// next build (the build script watches its folder once it is there, and
// otherwise runs at every build: it only looks for a folder).

use std::path::Path;

pub fn main() {
    println!("cargo::rerun-if-env-changed=CI");
    println!("cargo::rustc-check-cfg=cfg(polemarch_shared)");
    let reference = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/reference");
    // A path that does not exist keeps the script running at every build,
    // so that the folder is seen when it arrives.
    println!("cargo::rerun-if-changed={}", reference.display());
    let ci =
        std::env::var("CI").is_ok_and(|v| !matches!(v.trim().to_ascii_lowercase().as_str(), "" | "0" | "false" | "no"));
    if ci || reference.is_dir() {
        println!("cargo::rustc-cfg=polemarch_shared");
    }
}
