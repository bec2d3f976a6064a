//! What the command-line tests share: running `polemarch` from the project
//! root and reading what it printed.
#![allow(dead_code)]

pub mod play;

use polemarch_engine::Variant;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs `polemarch` with `args` in the project root.
pub fn polemarch(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_polemarch")).args(args).current_dir(root()).output().expect("polemarch runs")
}

/// The built-in variant `name`, which must load.
pub fn variant(name: &str) -> Variant {
    polemarch_engine::variant::embedded_variant(name)
        .unwrap_or_else(|| panic!("`{name}` is built in"))
        .unwrap_or_else(|e| panic!("`{name}` loads: {e:?}"))
}

/// The project root (where `tests/cases` and `variants` are).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `polemarch` with `args`, which must succeed (else both what it
/// printed and what it said on standard error are shown); its standard
/// output.
pub fn ok(args: &[&str]) -> String {
    let out = polemarch(args);
    assert!(out.status.success(), "polemarch {args:?} failed ({}):\n{}\n{}", out.status, stdout(&out), stderr(&out));
    stdout(&out)
}

/// A new game of `variant` dealt by `seed`, recorded as `game.json` in `dir`:
/// the record's path, and what `game new` said.
pub fn new_game(dir: &Path, variant: &str, seed: u64) -> (String, String) {
    let file = dir.join("game.json").to_str().expect("a UTF-8 path").to_string();
    let said = ok(&["game", "new", variant, &file, "--seed", &seed.to_string()]);
    (file, said)
}

/// Writes `orders` to `<power>.txt` beside the record `file`: that file's path.
pub fn orders_file(file: &str, power: &str, orders: &str) -> String {
    let path = Path::new(file).with_file_name(format!("{power}.txt"));
    std::fs::write(&path, orders).unwrap();
    path.to_str().expect("a UTF-8 path").to_string()
}

/// Submits `orders` for `power` in the game recorded in `file` (`game
/// orders` with an orders file), which must succeed: every order accepted
/// or replacing an earlier one. What `game orders` printed.
pub fn submit(file: &str, power: &str, orders: &str) -> String {
    ok(&["game", "orders", file, power, &orders_file(file, power, orders)])
}

/// Submits `orders` for `power` with `game orders`, which may reject some
/// of them: what it printed on standard output.
pub fn submit_any(file: &str, power: &str, orders: &str) -> String {
    stdout(&polemarch(&["game", "orders", file, power, &orders_file(file, power, orders)]))
}

/// `rel` in `../shared` beside the checkout (reference material kept out of
/// the repository). The tests that call it are ignored, with their reason,
/// where the folder is absent, and run in CI (`CI` set), where it must be
/// (the cfg `polemarch_shared` of build.rs): so that a missing file here
/// fails the test, never passes it.
pub fn shared(rel: &str) -> PathBuf {
    shared_at(&root().join("../shared"), rel)
}

/// `rel` in the folder `base`, which must hold it.
pub fn shared_at(base: &Path, rel: &str) -> PathBuf {
    let path = base.join(rel);
    assert!(
        path.exists(),
        "{} is absent: the reference material in ../shared must be beside the checkout",
        path.display()
    );
    path
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh scratch folder for one test, removed when the guard is dropped
/// (a failing test's too: some tests are meant to panic) unless
/// `POLEMARCH_KEEP_TEST_DIRS` is set, to look into a failure. Hold it in a
/// variable for as long as the folder is used (`let dir = tempdir("x");`).
pub fn tempdir(name: &str) -> TempDir {
    let dir = std::env::temp_dir().join(format!("polemarch-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    TempDir(dir)
}

/// A scratch folder that goes when its test is done (see `tempdir`).
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl std::ops::Deref for TempDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        if std::env::var_os("POLEMARCH_KEEP_TEST_DIRS").is_none() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}
