// Decides, when the tests are built, whether their PostgreSQL variants
// run: with `DATABASE_URL` set (or in CI, `CI` set, where they must run
// and fail without it) the cfg `polemarch_postgres` is on; without, the
// PostgreSQL variants are `#[ignore]`d with their reason, so that
// `cargo test` counts them ignored, never passed (tests/common/mod.rs).
// crates/web-browser's build script is this one too. Likewise the mail
// tests, against a real SMTP sink (Python's aiosmtpd), run (cfg
// `polemarch_smtp`) in CI or where `python3` imports aiosmtpd, and are
// ignored with their reason elsewhere.

pub fn main() {
    println!("cargo::rerun-if-env-changed=DATABASE_URL");
    println!("cargo::rerun-if-env-changed=CI");
    println!("cargo::rustc-check-cfg=cfg(polemarch_postgres)");
    let set = |var| std::env::var_os(var).is_some_and(|v| !v.is_empty());
    if set("DATABASE_URL") || set("CI") {
        println!("cargo::rustc-cfg=polemarch_postgres");
    }
    println!("cargo::rerun-if-env-changed=PATH");
    println!("cargo::rustc-check-cfg=cfg(polemarch_smtp)");
    let aiosmtpd = || {
        std::process::Command::new("python3").args(["-c", "import aiosmtpd"]).output().is_ok_and(|o| o.status.success())
    };
    if set("CI") || aiosmtpd() {
        println!("cargo::rustc-cfg=polemarch_smtp");
    }
}
