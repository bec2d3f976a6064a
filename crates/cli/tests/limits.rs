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
