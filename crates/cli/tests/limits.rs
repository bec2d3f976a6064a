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
    for (path, said) in [
        (&empty, "no cases found in"),
        (&comments, "no cases found in"),
        (&empty_dir, "no case files (*.txt) found in"),
    ] {
        let out = polemarch(&["cases", path.to_str().unwrap()]);
        assert!(!out.status.success(), "{}: {}", path.display(), stdout(&out));
        assert!(!stdout(&out).contains("0 passed"), "{}", stdout(&out));
        let err = stderr(&out);
        assert!(err.contains(said) && err.contains(path.to_str().unwrap()), "{err}");
    }
}

/// A test that needs ../shared fails, naming the file, when it is absent
/// (it runs only where the folder is, or in CI: crates/cli/build.rs).
#[test]
#[should_panic(expected = "is absent: the reference material in ../shared must be beside the checkout")]
fn a_missing_shared_file_fails_the_test() {
    shared_at(&tempdir("no-shared").join("shared"), "reference/games");
}

/// A copy of the built-in variant `id` with its first phase set to `first`
/// (the folder goes with the guard: use it within the statement).
fn variant_starting(id: &str, tag: &str, first: &str) -> TempDir {
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
    dir
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
        let out = polemarch(&["variant", "check", variant_starting(id, "first-year-bad", first).to_str().unwrap()]);
        let text = stdout(&out);
        assert!(!out.status.success(), "{first}: {text}");
        assert!(text.contains("variant.toml: calendar.first: "), "{first}: {text}");
    }
    for (id, first) in [("standard", "Spring 9999 movement"), ("hoplite_wars", "Winter 1 BC adjustment")] {
        ok(&["variant", "check", variant_starting(id, "first-year-good", first).to_str().unwrap()]);
    }
}

/// An orders file of `text` in a fresh folder: the folder's guard and the
/// file's path.
fn orders_in(tag: &str, text: &str) -> (TempDir, String) {
    let dir = tempdir(tag);
    let path = dir.join("orders.txt");
    std::fs::write(&path, text).unwrap();
    let path = path.to_str().unwrap().to_string();
    (dir, path)
}

/// `adjudicate` refuses the file whole, with an error that names the cap
/// and is short, whatever the size of the input.
fn refused(file: &str, said: &str) {
    let out = polemarch(&["adjudicate", "--orders", file]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(err.contains(said), "{}", &err[..err.len().min(500)]);
    assert!(err.len() < 300, "{} bytes of error", err.len());
}

#[test]
fn an_orders_file_over_1_mib_is_refused() {
    // 1 MiB and a line: every line a good order.
    let (_dir, file) = orders_in("over-1-mib", &"France: A par H\n".repeat((1 << 20) / 16 + 1));
    refused(&file, "an orders file may be at most 1 MiB (1048576 bytes)");
}

#[test]
fn a_line_over_1000_characters_is_refused_and_quoted_in_part() {
    let (_dir, file) = orders_in("long-line", &format!("France: A par H\nFrance: A mar - {}\n", "x".repeat(5_000)));
    refused(&file, "line 2: longer than 1000 characters (`France: A mar - xxx");
}

#[test]
fn more_than_10000_order_lines_are_refused_but_comments_do_not_count() {
    let (_dir, file) = orders_in("many-lines", &"France: A par H\n".repeat(10_001));
    refused(&file, "more than 10000 order lines (line 10001");
    let (_dir, file) = orders_in(
        "many-comments",
        &format!("{}{}", "# a comment\n\n".repeat(10_000), "France: A par H\n".repeat(10_000)),
    );
    ok(&["adjudicate", "--orders", &file]);
}

/// A bad line is quoted in its error cut to 60 characters and `…`, both as
/// the line and as what was found.
#[test]
fn an_error_quotes_a_long_line_in_part() {
    let (_dir, file) = orders_in("long-bad-line", &format!("France: A par - {}\n", "y".repeat(900)));
    let out = polemarch(&["adjudicate", "--orders", &file]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2));
    let line = err.lines().find(|l| l.starts_with("line 1:")).unwrap_or_else(|| panic!("{err}"));
    let cut = format!("`{}…`", "y".repeat(60));
    assert!(line.starts_with(&format!("line 1: `France: A par - {}…`: column 17:", "y".repeat(44))), "{line}");
    assert!(line.ends_with(&format!("found {cut}")), "{line}");
    assert!(line.chars().count() < 250, "{line}");
}

/// `game orders` has the same caps, and stores nothing when the file is
/// refused; a rejected line is echoed cut short.
#[test]
fn game_orders_has_the_caps_and_echoes_a_rejected_line_cut_short() {
    let dir = tempdir("game-limits");
    let (file, _) = new_game(&dir, "standard", 1);
    let before = std::fs::read_to_string(&file).unwrap();
    let many = orders_file(&file, "France", &"A par H\n".repeat(10_001));
    let out = polemarch(&["game", "orders", &file, "France", &many]);
    assert_eq!(out.status.code(), Some(2), "{}", &stdout(&out)[..stdout(&out).len().min(300)]);
    assert!(stderr(&out).contains("more than 10000 order lines"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before, "the record is unchanged");

    let bad = orders_file(&file, "France", &format!("A par - {}\n", "z".repeat(900)));
    let out = polemarch(&["game", "orders", &file, "France", &bad]);
    let text = stdout(&out);
    let line = text.lines().find(|l| l.starts_with("rejected")).unwrap_or_else(|| panic!("{text}"));
    assert!(line.starts_with(&format!("rejected  A par - {}…  -- ", "z".repeat(52))), "{line}");
    assert!(line.chars().count() < 250, "{line}");
}

/// A file of `bytes` bytes (zeros, made sparse: the program must refuse it
/// before reading it all).
fn file_of(dir: &std::path::Path, name: &str, bytes: u64) -> String {
    let path = dir.join(name);
    std::fs::File::create(&path).unwrap().set_len(bytes).unwrap();
    path.to_str().unwrap().to_string()
}

/// A game record, a position file, a case file or a game to replay of
/// more than 16 MiB is refused with a clear error, not read into memory.
#[test]
fn records_positions_and_case_files_past_16_mib_are_refused() {
    let dir = tempdir("big-files");
    let over = (16 << 20) + 1;
    let orders = dir.join("orders.txt");
    std::fs::write(&orders, "France: A par H\n").unwrap();
    let record = file_of(&dir, "game.json", over);
    let position = file_of(&dir, "position.json", over);
    let cases = file_of(&dir, "cases.txt", over);
    let runs: [(Vec<&str>, String); 5] = [
        (
            vec!["game", "show", &record],
            format!("polemarch: {record}: a game record may be at most 16 MiB (16777216 bytes); this one is larger"),
        ),
        (
            vec!["game", "process", &record],
            format!("polemarch: {record}: a game record may be at most 16 MiB (16777216 bytes); this one is larger"),
        ),
        (
            vec!["adjudicate", "--position", &position, "--orders", orders.to_str().unwrap()],
            format!(
                "polemarch: {position}: a position file may be at most 16 MiB (16777216 bytes); this one is larger"
            ),
        ),
        (
            vec!["cases", &cases],
            format!("polemarch: {cases}: a case file may be at most 16 MiB (16777216 bytes); this one is larger"),
        ),
        (
            vec!["replay", &record],
            format!("FAIL {record}: a recorded game may be at most 16 MiB (16777216 bytes); this one is larger"),
        ),
    ];
    for (args, said) in runs {
        let out = polemarch(&args);
        assert!(!out.status.success(), "{args:?}");
        let all = stdout(&out) + &stderr(&out);
        assert!(all.contains(&said), "{args:?}: {}", all.chars().take(300).collect::<String>());
    }
    // At the cap is not past it: the file is read (and found not to be JSON).
    let at = file_of(&dir, "at.json", 16 << 20);
    let err = stderr(&polemarch(&["game", "show", &at]));
    assert!(!err.contains("16 MiB"), "{}", err.chars().take(300).collect::<String>());
}
