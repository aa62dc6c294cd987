//! The one atomic file writer: a crash, a full disk or a second writer never leaves half
//! a file. The text goes to a temporary file in the same folder, which is then renamed
//! over the target (a rename within one folder is atomic on every file system we run on).
//! [`write_atomic`] writes text or bytes at once; [`AtomicFile`] a file written in pieces.

use std::fs::{self, File};
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

/// Replaces `path` with `contents` (text or bytes) atomically, creating its folder if needed.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("huo-doc-{}", std::process::id()));
/// let path = dir.join("note.txt");
/// huo_chess::util::files::write_atomic(&path, "e2e4\n").unwrap();
/// assert_eq!(std::fs::read_to_string(&path).unwrap(), "e2e4\n");
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

/// [`write_atomic`], choosing when the file is made durable.
pub fn write_atomic_with(
    path: &Path,
    contents: impl AsRef<[u8]>,
    durability: Durability,
) -> io::Result<()> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let tmp = temporary_name(path);
    let result = (|| -> io::Result<()> {
        // The folder is created only when missing (most writes go to an existing one).
        let mut f = match File::create(&tmp) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                fs::create_dir_all(folder)?;
                File::create(&tmp)?
            }
            other => other?,
        };
        f.write_all(contents.as_ref())?;
        if durability == Durability::Now || path.exists() {
            f.sync_all()?;
        }
        drop(f);
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// A file written in pieces and then put in place atomically: the bytes go to a temporary
/// file in the target's folder; [`AtomicFile::commit`] syncs it and renames it over the
/// target. Dropped without a commit, the temporary file is removed and the target is left
/// as it was. For files too large to build in memory first (a packed book).
pub struct AtomicFile {
    file: Option<File>,
    tmp: PathBuf,
    target: PathBuf,
}

impl AtomicFile {
    /// Starts writing `path` (its folder must exist).
    pub fn create(path: &Path) -> io::Result<AtomicFile> {
        let tmp = temporary_name(path);
        let file = File::create(&tmp)?;
        Ok(AtomicFile {
            file: Some(file),
            tmp,
            target: path.to_path_buf(),
        })
    }

    /// The temporary file, to write (and seek) into.
    pub fn file(&mut self) -> &mut File {
        self.file.as_mut().expect("present until commit")
    }

    /// Syncs the file and renames it over the target: one `fsync` for the whole file.
    pub fn commit(mut self) -> io::Result<()> {
        let f = self.file.take().expect("present until commit");
        f.sync_all()?;
        drop(f);
        fs::rename(&self.tmp, &self.target)
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
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
    folder.join(format!(
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

    #[test]
    fn writes_replace_and_leave_no_temporary_file() {
        let dir = Scratch::new("files");
        let path = dir.join("sub").join("a.txt");
        write_atomic(&path, "one").unwrap();
        write_atomic(&path, "two").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "two");
        let names: Vec<String> = fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, vec!["a.txt".to_string()]);
        assert!(is_temporary(".a.txt.1.2.tmp"));
        assert!(!is_temporary("a.txt"));
    }

    #[test]
    fn unsynced_new_files_are_still_written_atomically() {
        let dir = Scratch::new("files-new");
        let path = dir.join("d/f.txt");
        write_atomic_with(&path, "one", Durability::NewFilesUnsynced).unwrap();
        write_atomic_with(&path, "two", Durability::NewFilesUnsynced).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "two");
        let names: Vec<String> = fs::read_dir(dir.join("d"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, vec!["f.txt".to_string()]);
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
    fn a_folder_in_the_way_is_an_error_not_a_panic() {
        let dir = Scratch::new("files-err");
        fs::create_dir_all(dir.join("taken")).unwrap();
        assert!(write_atomic(&dir.join("taken"), "x").is_err());
    }
}
