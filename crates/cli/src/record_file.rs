//! Reading and writing game record files. A record is written to a
//! temporary file beside it, flushed to disk, then renamed over the old one,
//! so a crash at any moment leaves either the old record or the new one.
//! Every read-modify-write of a record holds an exclusive advisory lock on
//! a lock file beside it (`.NAME.lock`), so that two commands changing one
//! record at once (two players submitting) both keep their change.

use crate::{fresh, input, variants};
use polemarch_engine::game::{check_game, GameRecord};
use polemarch_engine::Variant;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Reads a record, loads the variant it names and checks the record
/// against it (`check_game`, which checks its format first).
pub fn open(path: &Path) -> Result<(Variant, GameRecord), String> {
    let text = input::read_file(path, input::MAX_FILE_BYTES, "a game record")?;
    let rec: GameRecord = serde_json::from_str(&text)
        .map_err(|e| format!("{}: line {} column {}: {e}", path.display(), e.line(), e.column()))?;
    let v = variants::load_as(&rec.variant, None, rec.edition.as_deref())
        .map_err(|e| format!("{}: variant `{}`: {e}", path.display(), rec.variant))?;
    check_game(&v, &rec).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((v, rec))
}

/// An exclusive advisory lock on a record (flock(2) on `.NAME.lock` beside
/// it), held until dropped. Only the commands that change the record take
/// it: readers need none, since a record is replaced by a rename.
struct Lock {
    _file: std::fs::File,
}

fn lock_path(path: &Path) -> PathBuf {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    path.with_file_name(format!(".{name}.lock"))
}

/// Waits for the lock of the record at `path` and takes it. The lock file
/// holds nothing; it is made when missing and left in place (removing it
/// would let two commands lock two different files). It has the record's
/// permission bits, where the user may set them: it is no more readable
/// than the record.
fn lock(path: &Path) -> Result<Lock, String> {
    let at = lock_path(path);
    let file = open_lock_file(&at).and_then(|f| flock(&f).map(|()| f));
    let file = file.map_err(|e| format!("{}: cannot lock the record: {e}", at.display()))?;
    if let Ok(record) = std::fs::metadata(path) {
        // Another user's lock file keeps its mode.
        let _ = same_mode(&file, &record);
    }
    Ok(Lock { _file: file })
}

#[cfg(unix)]
fn open_lock_file(at: &Path) -> std::io::Result<std::fs::File> {
    use std::io::ErrorKind;
    use std::os::unix::fs::OpenOptionsExt;
    loop {
        // Opened for reading, so that whoever may read the lock file may
        // lock it; never through a symlink. Made with a new file's mode,
        // as a new record is, then given the record's mode if it has one.
        match std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC).open(at) {
            Err(e) if e.kind() == ErrorKind::NotFound => {}
            found => return found,
        }
        match std::fs::OpenOptions::new().write(true).create_new(true).custom_flags(libc::O_CLOEXEC).open(at) {
            Err(e) if e.kind() == ErrorKind::AlreadyExists => continue,
            made => return made,
        }
    }
}

#[cfg(unix)]
fn flock(f: &std::fs::File) -> std::io::Result<()> {
    use std::os::unix::io::AsRawFd;
    loop {
        // SAFETY: flock on a file descriptor that `f` owns and keeps open.
        if unsafe { libc::flock(f.as_raw_fd(), libc::LOCK_EX) } == 0 {
            return Ok(());
        }
        let e = std::io::Error::last_os_error();
        if e.kind() != std::io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

// Elsewhere than Unix the lock file is made but not locked: concurrent
// changes to one record are then the user's to avoid.
#[cfg(not(unix))]
fn open_lock_file(at: &Path) -> std::io::Result<std::fs::File> {
    std::fs::OpenOptions::new().write(true).create(true).truncate(false).open(at)
}

#[cfg(not(unix))]
fn flock(_: &std::fs::File) -> std::io::Result<()> {
    Ok(())
}

/// Reads the record at `path` under its lock, lets `change` change it, and
/// writes it back before the lock is released: the variant, the record as
/// written and what `change` returned. Nothing is written when `change`
/// fails.
pub fn edit<T>(
    path: &Path,
    change: impl FnOnce(&Variant, &mut GameRecord) -> Result<T, String>,
) -> Result<(Variant, GameRecord, T), String> {
    // A record that is not there is said so, and no lock file is left
    // beside nothing.
    std::fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let path = &real_file(path)?;
    let _lock = lock(path)?;
    let (v, mut rec) = open(path)?;
    let out = change(&v, &mut rec)?;
    write(path, &rec)?;
    Ok((v, rec, out))
}

/// The file a record at `path` is: `path` itself, or the file a symlink
/// there points to, so that the lock and the rename act on the real record
/// and the link is kept. A link to nothing is an error: it is not followed
/// to make a record.
fn real_file(path: &Path) -> Result<PathBuf, String> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => std::fs::canonicalize(path)
            .map_err(|e| format!("{}: cannot follow the link to the record: {e}", path.display())),
        _ => Ok(path.to_path_buf()),
    }
}

/// Writes a new record at `path` under its lock; an existing file is
/// replaced only when `force` is given.
pub fn create(path: &Path, rec: &GameRecord, force: bool) -> Result<(), String> {
    let path = &real_file(path)?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty() && !d.is_dir()) {
        return Err(format!("{}: cannot write the record: {} is not a folder", path.display(), dir.display()));
    }
    let _lock = lock(path)?;
    may_create(path, force)?;
    write(path, rec)
}

/// Refuses to make a new record where a file is, unless `force` says to
/// replace it. `create` asks under the lock; a command may ask first too,
/// before doing the work whose record it would write.
pub fn may_create(path: &Path, force: bool) -> Result<(), String> {
    if path.exists() && !force {
        return Err(format!("{} exists: choose another file, or add --force to replace it", path.display()));
    }
    Ok(())
}

/// Candidate names for the temporary file of the record at `path`:
/// `.NAME.PID.RANDOM.tmp` beside it, RANDOM 64 bits drawn afresh for each
/// (the process id tells a test which process left one behind; the random
/// part makes the name unguessable).
fn temporaries(path: &Path) -> impl Iterator<Item = PathBuf> + '_ {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let pid = std::process::id();
    (0..100).map(move |_| path.with_file_name(format!(".{name}.{pid}.{}.tmp", fresh::random_hex())))
}

/// Creates the first of `names` that does not exist yet, exclusively
/// (`create_new`, O_EXCL: never through a symlink or over another's file),
/// readable and writable by its owner only when `private`.
fn create_temporary(names: impl Iterator<Item = PathBuf>, private: bool) -> std::io::Result<(std::fs::File, PathBuf)> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    if private {
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    }
    #[cfg(not(unix))]
    let _ = private;
    fresh::make_first(names, |name| options.open(name))
}

/// Writes the record at `path` atomically; the caller holds its lock. A
/// record made read-only is refused; the new record keeps the old one's
/// permission bits and, where the user may set them, its owner and group.
fn write(path: &Path, rec: &GameRecord) -> Result<(), String> {
    let old = match std::fs::metadata(path) {
        Ok(meta) => Some(meta),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    if let Some(old) = &old {
        may_write(path, old)?;
    }
    let text = serde_json::to_string_pretty(rec)
        .map_err(|e| format!("{}: cannot write the record: {e}", path.display()))?
        + "\n";
    // A record past the cap could not be opened again.
    if text.len() as u64 > input::MAX_FILE_BYTES {
        let mib = input::MAX_FILE_BYTES >> 20;
        return Err(format!(
            "{}: the record would be larger than {mib} MiB, the most that is read: nothing was changed",
            path.display()
        ));
    }
    // An existing record's temporary file is private until it has the
    // record's owner and mode; a new record's has the usual mode.
    let (mut f, tmp) = create_temporary(temporaries(path), old.is_some())
        .map_err(|e| format!("{}: cannot write the record: {e}", path.display()))?;
    let result = (|| {
        if let Some(old) = &old {
            keep_mode_and_owner(&f, old)?;
        }
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            // Make the rename itself durable.
            std::fs::File::open(dir)?.sync_all()?;
        }
        Ok::<(), std::io::Error>(())
    })();
    result.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("{}: cannot write the record: {e}", path.display())
    })
}

/// Refuses a record the user may not write: one made read-only, or one
/// that cannot be opened for writing (another user's, say, though it has
/// write bits; root may open any file, so the bits are asked first). It is
/// opened, not changed: the new record replaces it by a rename.
fn may_write(path: &Path, old: &std::fs::Metadata) -> Result<(), String> {
    let p = path.display();
    if old.permissions().readonly() {
        return Err(format!(
            "{p}: the record is read-only: nothing was changed (make it writable, e.g. `chmod u+w {p}`, \
             to change the game)"
        ));
    }
    match std::fs::OpenOptions::new().append(true).open(path) {
        Ok(_) => Ok(()),
        Err(e) => Err(format!(
            "{p}: the record is read-only for this user ({e}): nothing was changed (its owner may change the game)"
        )),
    }
}

/// Gives the new record `f` the old one's owner and group where the user
/// may (root may give a file to anyone; others may give it to one of their
/// groups), then its permission bits, before anything is written to it.
#[cfg(unix)]
fn keep_mode_and_owner(f: &std::fs::File, old: &std::fs::Metadata) -> std::io::Result<()> {
    use std::os::unix::fs::{fchown, MetadataExt};
    let new = f.metadata()?;
    if (new.uid(), new.gid()) != (old.uid(), old.gid()) && fchown(f, Some(old.uid()), Some(old.gid())).is_err() {
        let _ = fchown(f, None, Some(old.gid()));
    }
    same_mode(f, old)
}

#[cfg(not(unix))]
fn keep_mode_and_owner(f: &std::fs::File, old: &std::fs::Metadata) -> std::io::Result<()> {
    same_mode(f, old)
}

/// Gives `f` the permission bits of the file `like` describes.
#[cfg(unix)]
fn same_mode(f: &std::fs::File, like: &std::fs::Metadata) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    f.set_permissions(std::fs::Permissions::from_mode(like.permissions().mode() & 0o777))
}

#[cfg(not(unix))]
fn same_mode(f: &std::fs::File, like: &std::fs::Metadata) -> std::io::Result<()> {
    f.set_permissions(like.permissions())
}

/// Now, as RFC 3339 in UTC (`2026-11-22T03:04:05Z`).
pub fn now() -> String {
    polemarch_engine::game::record::now()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A name taken by a planted symlink is passed over: the link's target
    /// is left as it was, and the next name is used.
    #[cfg(unix)]
    #[test]
    fn a_temporary_name_taken_by_a_symlink_is_not_followed() {
        let dir = std::env::temp_dir().join(format!("polemarch-unit-{}-symlink", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let target = dir.join("victim.txt");
        std::fs::write(&target, "precious\n").unwrap();
        let planted = dir.join(".game.json.1.tmp");
        std::os::unix::fs::symlink(&target, &planted).unwrap();
        let dangling = dir.join(".game.json.2.tmp");
        std::os::unix::fs::symlink(dir.join("nowhere.txt"), &dangling).unwrap();
        let names = [planted.clone(), dangling.clone(), dir.join(".game.json.3.tmp")];
        let (mut f, name) = create_temporary(names.into_iter(), true).unwrap();
        f.write_all(b"record\n").unwrap();
        assert_eq!(name, dir.join(".game.json.3.tmp"));
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "precious\n");
        assert!(!dir.join("nowhere.txt").exists(), "a dangling link is not followed either");
        assert!(create_temporary([planted].into_iter(), true).is_err(), "no free name is an error");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A record that would be past the cap on reading it is not written:
    /// it could not be opened again.
    #[test]
    fn a_record_past_the_cap_is_not_written() {
        let dir = std::env::temp_dir().join(format!("polemarch-unit-{}-too-big", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let v = polemarch_engine::variant::embedded_variant("standard").unwrap().unwrap();
        let mut rec = polemarch_engine::game::new_game(&v, "standard", 1);
        rec.phases[0].submissions.push(polemarch_engine::game::record::Submission {
            power: "France".into(),
            by: "x".repeat(input::MAX_FILE_BYTES as usize),
            at: now(),
            orders: Vec::new(),
        });
        let path = dir.join("game.json");
        let e = write(&path, &rec).unwrap_err();
        assert!(e.contains("the record would be larger than 16 MiB") && e.len() < 300, "{}", &e[..e.len().min(300)]);
        assert!(!path.exists());
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "no temporary file is left");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Every candidate name is beside the record, hidden, and different.
    #[test]
    fn temporary_names_are_beside_the_record_and_differ() {
        let names: Vec<PathBuf> = temporaries(Path::new("games/game.json")).collect();
        assert_eq!(names.len(), 100);
        let prefix = format!(".game.json.{}.", std::process::id());
        for n in &names {
            assert_eq!(n.parent(), Some(Path::new("games")));
            let file = n.file_name().unwrap().to_str().unwrap();
            assert!(
                file.starts_with(&prefix) && file.ends_with(".tmp") && file.len() == prefix.len() + 16 + 4,
                "{file}"
            );
        }
        assert_eq!(names.iter().collect::<std::collections::HashSet<_>>().len(), names.len());
    }
}
