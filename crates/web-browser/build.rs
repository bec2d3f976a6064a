// The browser test's cfgs: `polemarch_postgres` as crates/web's (its
// PostgreSQL variant runs with DATABASE_URL, or in CI), and
// `polemarch_chromium` when Debian's Chromium and its driver are installed
// (or in CI, where the test must run and fails without them); without it
// the test is `#[ignore]`d with its reason.

mod web {
    include!("../web/build.rs");
}

const NEEDED: [&str; 2] = ["/usr/bin/chromium", "/usr/bin/chromedriver"];

fn main() {
    web::main();
    println!("cargo::rustc-check-cfg=cfg(polemarch_chromium)");
    // Their parent folder: a file that does not exist would make cargo run
    // this script at every build.
    println!("cargo::rerun-if-changed=/usr/bin");
    let ci = std::env::var_os("CI").is_some_and(|v| !v.is_empty());
    if ci || NEEDED.iter().all(|p| std::path::Path::new(p).exists()) {
        println!("cargo::rustc-cfg=polemarch_chromium");
    }
}
