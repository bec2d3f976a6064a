//! The command line at its edges: output cut short by the reader, checks
//! given nothing to check, input past the caps (docs/orders.md).

mod common;

use common::*;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

/// `polemarch ... | head -1`: the reader closes the pipe after one line; the
/// program ends quietly (exit 0 or killed by SIGPIPE), with no panic.
#[test]
fn a_closed_output_pipe_ends_the_program_quietly() {
    // Four times the case files: more than a pipe's buffer, so the program
    // is still writing when the pipe closes.
    let mut child = Command::new(env!("CARGO_BIN_EXE_polemarch"))
        .args(["cases", "--verbose", "tests/cases", "tests/cases", "tests/cases", "tests/cases"])
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("polemarch runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    assert!(first.starts_with("ok "), "{first}");
    // The reader is dropped here: the pipe is closed.
    let out = child.wait_with_output().unwrap();
    let err = stderr(&out);
    assert!(!err.contains("panicked"), "{err}");
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        assert!(out.status.success() || out.status.signal() == Some(13 /* SIGPIPE */), "{:?}\n{err}", out.status);
    }
    #[cfg(not(unix))]
    assert!(out.status.success(), "{:?}\n{err}", out.status);
}

/// `polemarch cases` on an empty file, a folder without case files, or a
/// file of comments only: an error naming the path, not `0 passed, 0 failed`.
#[test]
fn cases_on_nothing_fail_with_a_clear_error() {
    let dir = tempdir("cases-on-nothing");
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "").unwrap();
    let comments = dir.join("comments.txt");
    std::fs::write(&comments, "# a case file with no case yet\n\n").unwrap();
    let empty_dir = dir.join("emptydir");
    std::fs::create_dir_all(empty_dir.join("sub")).unwrap();
    std::fs::write(empty_dir.join("notes.md"), "not a case file").unwrap();
    for (path, said) in [(&empty, "no cases found in"), (&comments, "no cases found in"), (&empty_dir, "no case files (*.txt) found in")] {
        let out = polemarch(&["cases", path.to_str().unwrap()]);
        assert!(!out.status.success(), "{}: {}", path.display(), stdout(&out));
        assert!(!stdout(&out).contains("0 passed"), "{}", stdout(&out));
        let err = stderr(&out);
        assert!(err.contains(said) && err.contains(path.to_str().unwrap()), "{err}");
    }
}

/// A test that needs ../shared fails when it is absent under CI.
#[test]
#[should_panic(expected = "is absent, and CI is set")]
fn a_missing_shared_folder_fails_under_ci() {
    shared_at(&tempdir("no-shared").join("shared"), "reference/games", Some("true"));
}

/// Outside CI (or with `CI=false`) it is skipped, loudly.
#[test]
fn a_missing_shared_folder_is_skipped_outside_ci() {
    let base = tempdir("no-shared-local").join("shared");
    assert_eq!(shared_at(&base, "reference/games", None), None);
    assert_eq!(shared_at(&base, "reference/games", Some("false")), None);
    std::fs::create_dir_all(base.join("reference/games")).unwrap();
    assert_eq!(shared_at(&base, "reference/games", Some("true")), Some(base.join("reference/games")));
}

/// A copy of the built-in variant `id` with its first phase set to `first`.
fn variant_starting(id: &str, tag: &str, first: &str) -> String {
    let dir = tempdir(tag);
    let src = root().join("variants").join(id);
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        if path.is_file() {
            std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
        }
    }
    let toml = std::fs::read_to_string(dir.join("variant.toml")).unwrap();
    let line = toml.lines().find(|l| l.starts_with("first = ")).expect("a first phase").to_string();
    std::fs::write(dir.join("variant.toml"), toml.replacen(&line, &format!("first = \"{first}\""), 1)).unwrap();
    dir.to_str().unwrap().to_string()
}

/// `variant check` refuses a first year that year arithmetic could run off
/// the end of, or one outside the calendar's era; it accepts the ends of
/// the range.
#[test]
fn variant_check_refuses_a_first_year_out_of_range() {
    for (id, first) in [
        ("standard", "Spring 2147483647 movement"),
        ("standard", "Spring 10000 movement"),
        ("standard", "Spring 0 movement"),
        ("hoplite_wars", "Winter 10000 BC adjustment"),
        ("hoplite_wars", "Winter 3 AD adjustment"),
    ] {
        let out = polemarch(&["variant", "check", &variant_starting(id, "first-year-bad", first)]);
        let text = stdout(&out);
        assert!(!out.status.success(), "{first}: {text}");
        assert!(text.contains("variant.toml: calendar.first: "), "{first}: {text}");
    }
    for (id, first) in [("standard", "Spring 9999 movement"), ("hoplite_wars", "Winter 1 BC adjustment")] {
        ok(&["variant", "check", &variant_starting(id, "first-year-good", first)]);
    }
}
