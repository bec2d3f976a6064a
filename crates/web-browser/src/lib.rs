//! Nothing here: this package holds the web judge's browser test
//! (tests/browser.rs), a package of its own so that the plain `cargo test`
//! does not build its WebDriver client. `cargo test -p polemarch-web-browser`.
