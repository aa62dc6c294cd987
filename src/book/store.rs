//! The book directory on disk: where a position's file lives, atomic writes, and the lock
//! that serialises read-modify-write cycles between threads and processes.
//!
//! - A position's file is `DIR/xx/xxxxxxxxxxxxxxxx.txt`: its Polyglot key in 16 lowercase
//!   hex digits, in a folder named by the first two. A lookup opens that path and, when it
//!   is missing and the book has a pack, bisects the pack ([`super::pack`]).
//! - Every change takes an exclusive lock on `DIR/.lock` (`File::lock`, an advisory lock
//!   the OS releases if the process dies), reads the file, changes it, writes a temporary
//!   file in the same folder and renames it over the old one. Readers never lock: a rename
//!   is atomic, so they see the old file or the new one, never half of one.
//! - A batch (an import, a merge) stages all its changes in `DIR/.batch.tmp` and switches
//!   them over together ([`super::batch`]); taking the lock first finishes (or discards) a
//!   batch a crash interrupted.

use super::error::{BookError, Doing};
use crate::util::files::{
    Durability, create_folder_of, is_temporary, remove_if_present, write_atomic_with,
};
use crate::util::transaction;
use std::fs::{self, File, OpenOptions};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

/// `xx/xxxxxxxxxxxxxxxx.txt` for a key.
pub fn relative_path(key: u64) -> String {
    format!("{:02x}/{:016x}.txt", key >> 56, key)
}

/// The key a file name stands for, if `folder/name` is a well-formed book file name.
pub fn key_of_name(folder: &str, name: &str) -> Option<u64> {
    let stem = name.strip_suffix(".txt")?;
    if stem.len() != 16
        || !stem
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        || folder != &stem[..2]
    {
        return None;
    }
    u64::from_str_radix(stem, 16).ok()
}

/// Holds the book's lock until dropped.
pub struct LockGuard {
    file: File,
}

impl Drop for LockGuard {
    fn drop(&mut self) {
        let _ = self.file.unlock();
    }
}

/// The folder a batch stages its changes in, inside the book directory.
pub const STAGING: &str = ".batch.tmp";

/// Takes the book's exclusive lock (waiting for other writers), creating the directory.
/// A batch a crash interrupted is finished (past its commit point) or discarded first.
pub fn lock(dir: &Path) -> Result<LockGuard, BookError> {
    fs::create_dir_all(dir).map_err(|e| BookError::io(Doing::CreateDir, dir, e))?;
    let path = dir.join(".lock");
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| BookError::io(Doing::OpenLock, &path, e))?;
    file.lock()
        .map_err(|e| BookError::io(Doing::Lock, &path, e))?;
    let guard = LockGuard { file };
    transaction::recover(dir, STAGING)
        .map_err(|e| BookError::io(Doing::Recover, dir.join(STAGING), e))?;
    Ok(guard)
}

/// Reads a file; `Ok(None)` when it does not exist.
pub fn read(path: &Path) -> Result<Option<String>, BookError> {
    match fs::read(path) {
        Ok(bytes) => String::from_utf8(bytes)
            .map(Some)
            .map_err(|source| BookError::NotText {
                path: path.to_path_buf(),
                source,
            }),
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
        Err(e) => Err(BookError::io(Doing::Read, path, e)),
    }
}

/// Replaces `path` with `text` atomically ([`crate::util::files::write_atomic`]), the error
/// naming the file.
pub fn write(path: &Path, text: &str) -> Result<(), BookError> {
    write_with(path, text, Durability::Now)
}

/// [`write()`], choosing when the file is made durable: large batches write new files with
/// [`Durability::NewFilesUnsynced`].
pub fn write_with(path: &Path, text: &str, durability: Durability) -> Result<(), BookError> {
    let result = match write_atomic_with(path, text, durability) {
        // A position's folder (`46/`) is the book's own: made when its first file is.
        Err(e) if e.kind() == ErrorKind::NotFound => {
            create_folder_of(path).and_then(|()| write_atomic_with(path, text, durability))
        }
        other => other,
    };
    result.map_err(|e| BookError::io(Doing::Write, path, e))
}

/// Deletes `path` (and its folder when it becomes empty).
pub fn remove(path: &Path) -> Result<(), BookError> {
    remove_if_present(path).map_err(|e| BookError::io(Doing::Delete, path, e))?;
    if let Some(folder) = path.parent() {
        let _ = fs::remove_dir(folder); // fails harmlessly when not empty
    }
    Ok(())
}

/// The book's two-hex-digit folders, sorted: (the keys' first byte, name).
pub fn list_folders(dir: &Path) -> Vec<(u8, String)> {
    let mut out = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return out;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if name.len() != 2 || !name.bytes().all(|b| b.is_ascii_hexdigit()) {
            continue;
        }
        if let Ok(first) = u8::from_str_radix(&name, 16) {
            out.push((first, name));
        }
    }
    out.sort();
    out
}

/// The files of one folder (`name`), sorted: (the key a well-formed name stands for, path).
/// Writers' temporary files are left out.
pub fn list_folder(dir: &Path, name: &str) -> Vec<(Option<u64>, PathBuf)> {
    let mut out = Vec::new();
    let Ok(inner) = fs::read_dir(dir.join(name)) else {
        return out;
    };
    for f in inner.flatten() {
        let fname = f.file_name().to_string_lossy().into_owned();
        if is_temporary(&fname) {
            continue; // a writer's temporary file
        }
        out.push((key_of_name(name, &fname), f.path()));
    }
    out.sort_by(|a, b| a.1.cmp(&b.1));
    out
}

/// The keys of every position file of a book (for an import deciding, position by
/// position, between a file and the pack).
pub fn file_keys(dir: &Path) -> std::collections::HashSet<u64> {
    list_folders(dir)
        .iter()
        .flat_map(|(_, name)| list_folder(dir, name))
        .filter_map(|(k, _)| k)
        .collect()
}

/// Every file under the book's two-hex-digit folders, sorted: (relative path, full path).
pub fn list_files(dir: &Path) -> Vec<(String, PathBuf)> {
    list_folders(dir)
        .iter()
        .flat_map(|(_, name)| {
            list_folder(dir, name).into_iter().map(move |(_, path)| {
                let file = path.file_name().map(|f| f.to_string_lossy().into_owned());
                (format!("{name}/{}", file.unwrap_or_default()), path)
            })
        })
        .collect()
}
