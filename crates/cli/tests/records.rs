//! The record file as the file system sees it: concurrent writers, the
//! record's permissions and owner, and temporary files that an attacker
//! cannot redirect.
#![cfg(unix)]

use polemarch_engine::game::GameRecord;
use std::io::Write;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;
use std::process::{Command, Stdio};

mod common;
use common::{new_game, ok, orders_file, polemarch, stderr, stdout, tempdir};

fn record(file: &str) -> GameRecord {
    serde_json::from_str(&std::fs::read_to_string(file).unwrap()).expect("the record is valid JSON")
}

fn mode(path: impl AsRef<Path>) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

fn set_mode(path: impl AsRef<Path>, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// Two game masters' scripts submit 50 times each, France and Germany, at
/// the same time to one record: every one of the 100 submissions is in it.
#[test]
fn concurrent_submissions_are_all_kept() {
    let dir = tempdir("concurrent");
    let (file, _) = new_game(&dir, "standard", 5);
    const EACH: usize = 50;
    let writers: Vec<_> = [("France", "A par H"), ("Germany", "A ber H")]
        .into_iter()
        .map(|(power, order)| {
            let orders = orders_file(&file, power, order);
            let file = file.clone();
            std::thread::spawn(move || {
                for i in 0..EACH {
                    let out = polemarch(&["game", "orders", &file, power, &orders]);
                    assert!(out.status.success(), "{power}'s submission {i} failed:\n{}{}", stdout(&out), stderr(&out));
                }
            })
        })
        .collect();
    for w in writers {
        w.join().unwrap();
    }
    let rec = record(&file);
    let subs = &rec.phases.last().unwrap().submissions;
    let count = |power: &str| subs.iter().filter(|s| s.power == power).count();
    assert_eq!((count("France"), count("Germany")), (EACH, EACH), "{} of {} submissions kept", subs.len(), 2 * EACH);
}

/// A record readable only by its owner and group stays so after every
/// command that rewrites it.
#[test]
fn the_records_mode_survives_a_rewrite() {
    let dir = tempdir("mode");
    let (file, _) = new_game(&dir, "standard", 6);
    set_mode(&file, 0o640);
    ok(&["game", "orders", &file, "France", &orders_file(&file, "France", "A par - bur")]);
    assert_eq!(mode(&file), 0o640, "after game orders");
    ok(&["game", "process", &file]);
    assert_eq!(mode(&file), 0o640, "after game process");
    set_mode(&file, 0o600);
    ok(&["game", "undo", &file]);
    assert_eq!(mode(&file), 0o600, "after game undo");
}

/// A record owned by another user and group (set up only where the test
/// may give files away, as root) keeps its owner and group on rewrite.
#[test]
fn the_records_owner_survives_a_rewrite() {
    let dir = tempdir("owner");
    let (file, _) = new_game(&dir, "standard", 7);
    let other = 4242;
    if std::os::unix::fs::chown(&file, Some(other), Some(other)).is_err() {
        // Not root: the record cannot be given away, and then it is ours.
        ok(&["game", "orders", &file, "France", &orders_file(&file, "France", "A par H")]);
        assert_eq!(std::fs::metadata(&file).unwrap().uid(), std::fs::metadata(&dir).unwrap().uid());
        return;
    }
    ok(&["game", "orders", &file, "France", &orders_file(&file, "France", "A par H")]);
    let meta = std::fs::metadata(&file).unwrap();
    assert_eq!((meta.uid(), meta.gid()), (other, other), "the owner and group of the record");
}

/// A record made read-only is refused, and left as it was.
#[test]
fn a_read_only_record_is_refused() {
    let dir = tempdir("read-only");
    let (file, _) = new_game(&dir, "standard", 8);
    set_mode(&file, 0o444);
    let before = std::fs::read(&file).unwrap();
    for args in [vec!["game", "orders", &file, "France"], vec!["game", "process", &file], vec!["game", "draw", &file]] {
        let mut args = args;
        let orders = orders_file(&file, "France", "A par - bur");
        if args[1] == "orders" {
            args.push(&orders);
        }
        let out = polemarch(&args);
        assert!(!out.status.success(), "{args:?} succeeded on a read-only record");
        let said = stderr(&out);
        assert!(
            said.starts_with(&format!("polemarch: {file}: the record is read-only: nothing was changed")),
            "{args:?}: {said}"
        );
        assert_eq!(std::fs::read(&file).unwrap(), before, "{args:?} changed the read-only record");
        assert_eq!(mode(&file), 0o444);
    }
}

/// A record that this user may not write, though its mode has write bits
/// (root's 0644 record in a folder open to all, changed by `nobody`), is
/// refused and left as it was: the check asks whether the file may be
/// opened for writing, not only its mode bits. Set up only where the test
/// runs as root, since only root may run a command as another user.
#[test]
fn a_record_another_user_owns_is_refused() {
    use std::os::unix::process::CommandExt;
    let dir = tempdir("not-mine");
    let (file, _) = new_game(&dir, "standard", 12);
    if std::fs::metadata(&dir).unwrap().uid() != 0 {
        return;
    }
    set_mode(&dir, 0o777);
    set_mode(&file, 0o644);
    let orders = orders_file(&file, "France", "A par - bur");
    let before = std::fs::read(&file).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_polemarch"))
        .args(["game", "orders", &file, "France", &orders])
        .uid(65534)
        .gid(65534)
        .output()
        .unwrap();
    assert!(!out.status.success(), "nobody changed root's record: {}", stdout(&out));
    assert!(
        stderr(&out).starts_with(&format!("polemarch: {file}: the record is read-only for this user (")),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read(&file).unwrap(), before);
    assert_eq!(std::fs::metadata(&file).unwrap().uid(), 0, "the record is still root's");
}

/// The lock file beside a record has the record's mode: not readable by
/// all when the record is not.
#[test]
fn the_lock_file_has_the_records_mode() {
    let dir = tempdir("lock-mode");
    let (file, _) = new_game(&dir, "standard", 13);
    let lock = dir.join(".game.json.lock");
    set_mode(&file, 0o640);
    ok(&["game", "orders", &file, "France", &orders_file(&file, "France", "A par H")]);
    assert_eq!(mode(&lock), 0o640);
    set_mode(&file, 0o600);
    std::fs::remove_file(&lock).unwrap();
    ok(&["game", "process", &file]);
    assert_eq!(mode(&lock), 0o600, "a lock file made beside a 0600 record");
}

/// A symlink planted at the name the temporary file used to have
/// (`.NAME.PID.tmp`, the child's id being known once it waits for its
/// orders on standard input) is not followed: its target is unchanged.
#[test]
fn a_symlink_at_the_old_temporary_name_is_not_followed() {
    let dir = tempdir("symlink");
    let (file, _) = new_game(&dir, "standard", 9);
    let target = dir.join("victim.txt");
    std::fs::write(&target, "precious\n").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_polemarch"))
        .args(["game", "orders", &file, "France", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let planted = dir.join(format!(".game.json.{}.tmp", child.id()));
    std::os::unix::fs::symlink(&target, &planted).unwrap();
    child.stdin.take().unwrap().write_all(b"A par - bur\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "precious\n", "the symlink's target was overwritten");
    assert!(std::fs::symlink_metadata(&planted).unwrap().file_type().is_symlink(), "the planted link is left alone");
    assert_eq!(record(&file).phases.last().unwrap().submissions.len(), 1, "the orders are recorded");
}

/// `demo FILE` writes its record where it is told; without FILE it writes
/// into a new folder of its own under the temporary directory, never at a
/// fixed name there (where another user may have planted a link).
#[test]
fn demo_writes_where_it_is_told_or_in_a_fresh_folder() {
    let dir = tempdir("demo");
    let file = dir.join("my-demo.json");
    let text = ok(&["demo", file.to_str().unwrap()]);
    assert!(text.contains(&format!("The whole game is recorded in {}.", file.display())), "{text}");
    assert_eq!(record(file.to_str().unwrap()).phases.len(), 6);
    // An existing file is not replaced without --force.
    let out = polemarch(&["demo", file.to_str().unwrap()]);
    assert!(!out.status.success() && stderr(&out).contains("exists"), "{}", stderr(&out));
    ok(&["demo", file.to_str().unwrap(), "--force"]);

    let tmp = tempdir("demo-tmp");
    let fixed = tmp.join("polemarch-demo.json");
    std::os::unix::fs::symlink(tmp.join("victim.txt"), &fixed).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_polemarch")).arg("demo").env("TMPDIR", tmp.path()).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let path = text
        .lines()
        .find_map(|l| l.strip_prefix("The whole game is recorded in "))
        .and_then(|l| l.strip_suffix('.'))
        .expect("the record's path");
    let path = Path::new(path);
    assert_ne!(path, fixed);
    let folder = path.parent().unwrap();
    assert_eq!(folder.parent().unwrap(), tmp.path(), "a folder of its own under TMPDIR");
    assert_eq!(mode(folder), 0o700, "the folder is the user's alone");
    assert_eq!(record(path.to_str().unwrap()).phases.len(), 6);
    assert!(!tmp.join("victim.txt").exists(), "nothing written through the planted link");
}

/// A record that is not there is said so, and no lock file is left beside
/// nothing.
#[test]
fn a_missing_record_leaves_no_lock_file() {
    let dir = tempdir("missing");
    let file = dir.join("none.json");
    let orders = orders_file(file.to_str().unwrap(), "France", "A par H");
    let out = polemarch(&["game", "orders", file.to_str().unwrap(), "France", &orders]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("none.json: No such file"), "{}", stderr(&out));
    assert!(!dir.join(".none.json.lock").exists(), "a lock file was left");
}

/// A record opened through a symlink is changed where it is: the lock and
/// the rename act on the real file, and the link still points at it.
#[test]
fn a_record_opened_through_a_symlink_keeps_the_link() {
    let dir = tempdir("through-link");
    let (file, _) = new_game(&dir, "standard", 10);
    let link = dir.join("link.json");
    std::os::unix::fs::symlink("game.json", &link).unwrap();
    let link = link.to_str().unwrap();
    ok(&["game", "orders", link, "France", &orders_file(&file, "France", "A par - bur")]);
    ok(&["game", "process", link]);
    ok(&["game", "new", "standard", link, "--seed", "11", "--force"]);
    ok(&["game", "orders", link, "France", &orders_file(&file, "France", "A par H")]);
    assert!(std::fs::symlink_metadata(link).unwrap().file_type().is_symlink(), "the link was replaced by a file");
    assert_eq!(std::fs::read_link(link).unwrap(), Path::new("game.json"));
    let rec = record(&file);
    assert_eq!(
        (rec.seed, rec.phases.len(), rec.phases[0].submissions.len()),
        (11, 1, 1),
        "the real record has every change"
    );
    assert!(
        dir.join(".game.json.lock").exists() && !dir.join(".link.json.lock").exists(),
        "the lock is the real record's"
    );
    // A link to nothing is not followed to make a record.
    let dangling = dir.join("dangling.json");
    std::os::unix::fs::symlink("nowhere.json", &dangling).unwrap();
    let out = polemarch(&["game", "new", "standard", dangling.to_str().unwrap()]);
    assert!(
        !out.status.success() && stderr(&out).contains("dangling.json: cannot follow the link"),
        "{}",
        stderr(&out)
    );
    assert!(!dir.join("nowhere.json").exists());
}
