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
