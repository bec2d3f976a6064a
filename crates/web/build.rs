// Decides, when the tests are built, whether their PostgreSQL variants
// run: with `DATABASE_URL` set (or in CI, `CI` set, where they must run
// and fail without it) the cfg `polemarch_postgres` is on; without, the
// PostgreSQL variants are `#[ignore]`d with their reason, so that
// `cargo test` counts them ignored, never passed (tests/common/mod.rs).
// crates/web-browser's build script is this one too.

pub fn main() {
    println!("cargo::rerun-if-env-changed=DATABASE_URL");
    println!("cargo::rerun-if-env-changed=CI");
    println!("cargo::rustc-check-cfg=cfg(polemarch_postgres)");
    let set = |var| std::env::var_os(var).is_some_and(|v| !v.is_empty());
    if set("DATABASE_URL") || set("CI") {
        println!("cargo::rustc-cfg=polemarch_postgres");
    }
}
