//! The one atomic file writer: a crash, a full disk or a second writer never leaves half
//! a file. The text goes to a temporary file in the same folder, which is then renamed
//! over the target (a rename within one folder is atomic on every file system we run on).
//! [`write_atomic`] writes text or bytes at once; [`AtomicFile`] a file written in pieces;
//! [`super::transaction`] many files together, all or none.
//!
//! A write keeps what the path is:
//! - a symbolic link is followed and the file it names is replaced (the link stays);
//! - a FIFO or a character device (`/dev/stdout`, a pipe made with `mkfifo`) is written to
//!   in place: a stream cannot be replaced, and that is what writing to it means;
//! - anything else that is not a regular file (a folder, a block device, a socket) is
//!   refused, as is a missing folder: nothing is created that the user did not ask for
//!   (the program's own folders are created by their owners, [`create_folder_of`]).

use super::failpoint;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// When a file written by [`write_atomic_with`] is made durable (on disk, surviving a
/// crash). Readers see the old file or the new one, never half of one, either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Durability {
    /// Synced before the rename (one `fsync` per file): [`write_atomic`].
    Now,
    /// A file that replaces another is synced before the rename, as with `Now`; a new
    /// file is left for the system to write back. A crash may then lose new files (or
    /// leave them empty), never the content of an older file. For batches creating many
    /// files, where an `fsync` each (a journal commit each on ext4) would dominate: an
    /// import of 100 000 games writes half a million new files.
    NewFilesUnsynced,
}

/// Replaces `path` with `contents` (text or bytes) atomically. Its folder must exist.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("huo-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("note.txt");
/// huo_chess::util::files::write_atomic(&path, "e2e4\n").unwrap();
/// assert_eq!(std::fs::read_to_string(&path).unwrap(), "e2e4\n");
/// // A missing folder is refused, not created.
/// assert!(huo_chess::util::files::write_atomic(&dir.join("typo/x.pgn"), "").is_err());
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn write_atomic(path: &Path, contents: impl AsRef<[u8]>) -> io::Result<()> {
    write_atomic_with(path, contents, Durability::Now)
}

/// Deletes `path`; a file already gone is no error (the wish is that it not be there).
pub fn remove_if_present(path: &Path) -> io::Result<()> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// Creates the folder `path` goes in (and its parents) when it is missing: for the
/// program's own folders (the book's subfolders, the user's data folder), never for a
/// path the user typed.
pub fn create_folder_of(path: &Path) -> io::Result<()> {
    let folder = folder_of(path);
    if folder.is_dir() {
        return Ok(());
    }
    failpoint::hit("files.mkdir")?;
    fs::create_dir_all(folder)
}

/// [`write_atomic`], choosing when the file is made durable.
pub fn write_atomic_with(
    path: &Path,
    contents: impl AsRef<[u8]>,
    durability: Durability,
) -> io::Result<()> {
    let (target, exists) = match resolve(path)? {
        Target::Stream(p) => return write_in_place(&p, contents.as_ref()),
        Target::File { path, exists } => (path, exists),
    };
    let tmp = temporary_name(&target);
    let result = (|| -> io::Result<()> {
        failpoint::hit("files.create")?;
        let mut f = File::create(&tmp)?;
        failpoint::hit("files.write")?;
        f.write_all(contents.as_ref())?;
        if exists {
            keep_permissions(&target, &f)?;
        }
        if durability == Durability::Now || exists {
            failpoint::hit("files.sync")?;
            f.sync_all()?;
        }
        drop(f);
        failpoint::hit("files.rename")?;
        fs::rename(&tmp, &target)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// What a write to a path lands on, once symbolic links are followed.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Target {
    /// A regular file (or none yet, in an existing folder): replaced atomically.
    File { path: PathBuf, exists: bool },
    /// A FIFO or a character device: written in place.
    Stream(PathBuf),
}

/// Follows `path`'s symbolic links to what they name and says how to write it.
pub(super) fn resolve(path: &Path) -> io::Result<Target> {
    let refuse = |p: &Path, why: &str| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} {why}: not replaced", p.display()),
        )
    };
    let mut p = path.to_path_buf();
    // As the system does, give up on a loop of links after 40 of them.
    for _ in 0..40 {
        let meta = match fs::symlink_metadata(&p) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let folder = folder_of(&p);
                if !folder.is_dir() {
                    return Err(io::Error::new(
                        io::ErrorKind::NotFound,
                        format!("the folder {} does not exist", folder.display()),
                    ));
                }
                return Ok(Target::File {
                    path: p,
                    exists: false,
                });
            }
            other => other?,
        };
        let kind = meta.file_type();
        if kind.is_symlink() {
            let link = fs::read_link(&p)?;
            p = folder_of(&p).join(link); // an absolute link replaces the folder
        } else if kind.is_file() {
            return Ok(Target::File {
                path: p,
                exists: true,
            });
        } else if kind.is_dir() {
            return Err(refuse(&p, "is a folder"));
        } else if is_stream(&kind) {
            return Ok(Target::Stream(p));
        } else {
            return Err(refuse(&p, "is not a regular file"));
        }
    }
    Err(refuse(path, "is a loop of symbolic links"))
}

/// Is `path` (through its links) a stream, a FIFO or a device, that a write goes through
/// in place rather than replacing? Each write to it is read once: a writer that would
/// rewrite a file as it grows should write a stream only once, at the end.
pub fn is_stream_path(path: &Path) -> bool {
    matches!(resolve(path), Ok(Target::Stream(_)))
}

#[cfg(unix)]
fn is_stream(kind: &fs::FileType) -> bool {
    use std::os::unix::fs::FileTypeExt;
    kind.is_fifo() || kind.is_char_device()
}

#[cfg(not(unix))]
fn is_stream(_: &fs::FileType) -> bool {
    false
}

/// Writes a stream (a FIFO, a device) in place: nothing to replace, nothing created.
fn write_in_place(path: &Path, contents: &[u8]) -> io::Result<()> {
    let mut f = OpenOptions::new().write(true).open(path)?;
    f.write_all(contents)?;
    f.flush()
}

/// The new file gets the permissions of the file it replaces (a private file stays private).
fn keep_permissions(old: &Path, new: &File) -> io::Result<()> {
    new.set_permissions(fs::metadata(old)?.permissions())
}

/// The folder `path` is in (`.` for a bare name).
pub(super) fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Puts the finished file `from` in place of `target` (a path [`resolve`] gave: a regular
/// file, or none yet): one atomic rename, or, when `target` is on another file system
/// than `from` (reached through a symbolic link to another disk), a copy written beside
/// `target` and renamed over it, as [`AtomicFile`] writes. Either way `target` is replaced
/// whole, and what names it (the link) stays.
pub(super) fn put_in_place(from: &Path, target: &Path) -> io::Result<()> {
    match fs::rename(from, target) {
        Err(e) if e.kind() == io::ErrorKind::CrossesDevices => {
            let mut copy = AtomicFile::create(target)?;
            io::copy(&mut File::open(from)?, copy.file())?;
            copy.commit()?;
            fs::remove_file(from)
        }
        other => other,
    }
}

/// A file written in pieces and then put in place atomically: the bytes go to a temporary
/// file in the target's folder; [`AtomicFile::commit`] syncs it and renames it over the
/// target. Dropped without a commit, or when the commit fails, the temporary file is
/// removed and the target is left as it was. For files too large to build in memory first
/// (a packed book). The target is a regular file (or none yet): a symbolic link is followed,
/// anything else refused.
pub struct AtomicFile {
    file: Option<File>,
    tmp: PathBuf,
    target: PathBuf,
    exists: bool,
}

impl AtomicFile {
    /// Starts writing `path` (its folder must exist).
    pub fn create(path: &Path) -> io::Result<AtomicFile> {
        let (target, exists) = match resolve(path)? {
            Target::File { path, exists } => (path, exists),
            Target::Stream(p) => {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!("{} is not a regular file: not replaced", p.display()),
                ));
            }
        };
        let tmp = temporary_name(&target);
        let file = File::create(&tmp)?;
        Ok(AtomicFile {
            file: Some(file),
            tmp,
            target,
            exists,
        })
    }

    /// The temporary file, to write (and seek) into.
    pub fn file(&mut self) -> &mut File {
        self.file.as_mut().expect("present until commit")
    }

    /// Syncs the file and renames it over the target: one `fsync` for the whole file. On
    /// failure the temporary file is removed (by `drop`) and the target is untouched.
    pub fn commit(mut self) -> io::Result<()> {
        let f = self.file.as_ref().expect("present until commit");
        if self.exists {
            keep_permissions(&self.target, f)?;
        }
        f.sync_all()?;
        fs::rename(&self.tmp, &self.target)?;
        self.file = None; // renamed: nothing left to clean up
        Ok(())
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file().write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file().flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.file.take().is_some() {
            let _ = fs::remove_file(&self.tmp);
        }
    }
}

/// A temporary name beside `path`, unique per process and per call (two writers never
/// share one), that [`is_temporary`] recognises.
fn temporary_name(path: &Path) -> PathBuf {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
    folder_of(path).join(format!(
        ".{name}.{}.{}.tmp",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ))
}

/// Is this the name of a writer's temporary file (to be skipped when listing a folder)?
pub fn is_temporary(name: &str) -> bool {
    name.starts_with('.') && name.ends_with(".tmp")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::scratch::Scratch;

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn writes_replace_and_leave_no_temporary_file() {
        let dir = Scratch::new("files");
        let path = dir.join("a.txt");
        write_atomic(&path, "one").unwrap();
        write_atomic(&path, "two").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "two");
        assert_eq!(names(&dir), vec!["a.txt".to_string()]);
        assert!(is_temporary(".a.txt.1.2.tmp"));
        assert!(!is_temporary("a.txt"));
    }

    #[test]
    fn a_missing_folder_is_refused_and_not_created() {
        let dir = Scratch::new("files-typo");
        let path = dir.join("typo/dir/x.pgn");
        let e = write_atomic(&path, "x").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::NotFound);
        assert!(e.to_string().contains("typo/dir does not exist"), "{e}");
        assert!(names(&dir).is_empty());
        assert!(AtomicFile::create(&path).is_err());
        // The program's own folders are made on purpose.
        create_folder_of(&path).unwrap();
        write_atomic(&path, "x").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "x");
    }

    #[test]
    fn unsynced_new_files_are_still_written_atomically() {
        let dir = Scratch::new("files-new");
        let path = dir.join("f.txt");
        write_atomic_with(&path, "one", Durability::NewFilesUnsynced).unwrap();
        write_atomic_with(&path, "two", Durability::NewFilesUnsynced).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "two");
        assert_eq!(names(&dir), vec!["f.txt".to_string()]);
    }

    #[test]
    fn an_atomic_file_appears_only_on_commit() {
        let dir = Scratch::new("files-af");
        let path = dir.join("big.bin");
        fs::write(&path, "old").unwrap();
        let mut f = AtomicFile::create(&path).unwrap();
        f.file().write_all(b"new").unwrap();
        drop(f); // no commit: the old file stays, no temporary file is left
        assert_eq!(fs::read_to_string(&path).unwrap(), "old");
        let mut f = AtomicFile::create(&path).unwrap();
        f.file().write_all(b"new").unwrap();
        f.commit().unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
    }

    #[test]
    fn a_failed_commit_leaves_no_temporary_file() {
        let dir = Scratch::new("files-af-fail");
        let path = dir.join("book");
        let mut f = AtomicFile::create(&path).unwrap();
        f.file().write_all(b"new").unwrap();
        // A folder takes the target's name before the commit: the rename fails.
        fs::create_dir(&path).unwrap();
        assert!(f.commit().is_err());
        assert_eq!(names(&dir), vec!["book".to_string()]);
        assert!(path.is_dir());
    }

    #[test]
    fn a_folder_in_the_way_is_an_error_not_a_panic() {
        let dir = Scratch::new("files-err");
        fs::create_dir_all(dir.join("taken")).unwrap();
        let e = write_atomic(&dir.join("taken"), "x").unwrap_err();
        assert!(e.to_string().contains("is a folder"), "{e}");
        assert!(dir.join("taken").is_dir());
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_is_written_through_and_stays_a_link() {
        use std::os::unix::fs::symlink;
        let dir = Scratch::new("files-link");
        fs::create_dir(dir.join("real")).unwrap();
        let target = dir.join("real/game.pgn");
        fs::write(&target, "old").unwrap();
        let link = dir.join("game.pgn");
        symlink("real/game.pgn", &link).unwrap(); // relative to the link's folder
        write_atomic(&link, "new").unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read_to_string(&target).unwrap(), "new");
        // A chain of links, the last one dangling: the file it names is created.
        let dangling = dir.join("next.pgn");
        symlink(dir.join("real/next.pgn"), &dangling).unwrap();
        let chain = dir.join("chain.pgn");
        symlink("next.pgn", &chain).unwrap();
        let mut f = AtomicFile::create(&chain).unwrap();
        f.file().write_all(b"chained").unwrap();
        f.commit().unwrap();
        assert!(
            fs::symlink_metadata(&chain)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert!(
            fs::symlink_metadata(&dangling)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(
            fs::read_to_string(dir.join("real/next.pgn")).unwrap(),
            "chained"
        );
        assert_eq!(names(&dir.join("real")), vec!["game.pgn", "next.pgn"]);
        // A loop is refused.
        symlink("loop-b", dir.join("loop-a")).unwrap();
        symlink("loop-a", dir.join("loop-b")).unwrap();
        let e = write_atomic(&dir.join("loop-a"), "x").unwrap_err();
        assert!(e.to_string().contains("loop"), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_written_in_place_never_replaced() {
        use std::os::unix::fs::FileTypeExt;
        let null = Path::new("/dev/null");
        write_atomic(null, "discarded").unwrap();
        assert!(fs::metadata(null).unwrap().file_type().is_char_device());
        // /dev/full refuses every write: the error comes back, the device stays.
        let full = Path::new("/dev/full");
        if full.exists() {
            assert!(write_atomic(full, "x").is_err());
            assert!(fs::metadata(full).unwrap().file_type().is_char_device());
        }
        assert!(AtomicFile::create(null).is_err());
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_written_in_place() {
        use std::os::unix::fs::FileTypeExt;
        let dir = Scratch::new("files-fifo");
        let fifo = dir.join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            return; // no mkfifo on this system
        }
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
        };
        write_atomic(&fifo, "through the pipe").unwrap();
        assert_eq!(reader.join().unwrap(), "through the pipe");
        assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
        assert_eq!(names(&dir), vec!["pipe".to_string()]);
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = Scratch::new("files-mode");
        let path = dir.join("private.pgn");
        fs::write(&path, "old").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
        write_atomic(&path, "new").unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }
}
