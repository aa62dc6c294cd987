//! Many files of one folder changed together, all or none: the atomic writer
//! ([`super::files`]) for a batch.
//!
//! 1. **Staging.** Each new content is written to a file of its own in a staging folder
//!    inside the root (the caller names it). An error here (a full disk, a bad path, the
//!    caller giving up) leaves the root as it was: dropping the transaction removes the
//!    staging folder.
//! 2. **Commit point.** [`Transaction::commit`] syncs the staged files that replace a file
//!    (all of them with [`Durability::Now`]), keeps each file about to be replaced or
//!    deleted (a hard link in the staging folder, else a copy), and writes a journal
//!    listing the changes, synced.
//! 3. **Switch-over.** One atomic rename per file (a deletion for a removed one). An
//!    error here puts every file back as it was (the kept ones renamed back, new ones
//!    deleted, folders made for them removed); the error is returned.
//! 4. The staging folder is removed.
//!
//! A crash (power cut, `kill -9`) before the commit point leaves a staging folder without
//! a journal: [`recover`] deletes it. A crash during the switch-over leaves the journal:
//! [`recover`] finishes the renames, since every new content is complete by then. The
//! caller runs [`recover`] before its next change (the book does, when it takes its lock).
//! Readers never see half a file; during the switch-over (after the commit point) they
//! may see some files new and some still old.
//!
//! Targets are written as [`super::files::write_atomic`] writes them: a symbolic link is
//! followed (the link stays, the file it names is replaced, on another file system too:
//! [`super::files::put_in_place`]), a missing folder under the root is made (the caller's
//! own folders), anything that is not a regular file is refused before the commit point.
//!
//! For the fault tests, a build with the `failpoints` feature (never a shipped one) reads
//! `HUO_CHESS_TEST_FAIL` to make a transaction fail on purpose: `bytes:N` (the disk is full
//! once N bytes are staged), `commit:N` (a rename fails after N), `crash:N` (the process
//! exits at once, cleaning nothing up, after N renames).

use super::files::{
    Durability, Target, create_folder_of, folder_of, put_in_place, resolve, write_atomic,
};
use std::collections::HashMap;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// The journal's name in the staging folder.
const JOURNAL: &str = "journal";

/// A failure made on purpose (a test's, or `HUO_CHESS_TEST_FAIL` with the `failpoints` feature).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailPoint {
    /// Staging fails once this many bytes are staged (a full disk).
    Bytes(u64),
    /// The switch-over fails after this many renames.
    Commit(usize),
    /// The process exits at once after this many renames (a crash: nothing cleaned up).
    Crash(usize),
}

impl FailPoint {
    /// Without the `failpoints` feature: none, whatever the environment says.
    #[cfg(not(feature = "failpoints"))]
    fn from_env() -> Option<FailPoint> {
        None
    }

    #[cfg(feature = "failpoints")]
    fn from_env() -> Option<FailPoint> {
        static POINT: std::sync::OnceLock<Option<FailPoint>> = std::sync::OnceLock::new();
        *POINT.get_or_init(|| {
            let text = std::env::var("HUO_CHESS_TEST_FAIL").ok()?;
            let (what, n) = text.split_once(':')?;
            let n: u64 = n.trim().parse().ok()?;
            match what.trim() {
                "bytes" => Some(FailPoint::Bytes(n)),
                "commit" => Some(FailPoint::Commit(n as usize)),
                "crash" => Some(FailPoint::Crash(n as usize)),
                _ => None,
            }
        })
    }
}

/// One change: the target (relative to the root) and its staged content (`None`: the
/// target is deleted).
struct Change {
    target: PathBuf,
    staged: Option<PathBuf>,
}

/// A batch of file changes under one root, applied all or none (see the module docs).
pub struct Transaction {
    root: PathBuf,
    staging: PathBuf,
    changes: Vec<Change>,
    /// A target's change, by target.
    index: HashMap<PathBuf, usize>,
    /// Bytes staged so far (shared with the [`StagedFile`]s).
    staged_bytes: Arc<AtomicU64>,
    next_name: u64,
    /// A failure made on purpose (tests).
    pub fail: Option<FailPoint>,
}

/// What a transaction holds for a target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Staged {
    /// The new content is in this file.
    Written(PathBuf),
    /// The target is to be deleted.
    Removed,
}

impl Transaction {
    /// Starts a transaction on the files under `root`, staging in `root/name` (which must
    /// not exist: [`recover`] first).
    pub fn begin(root: &Path, name: &str) -> io::Result<Transaction> {
        let staging = root.join(name);
        fs::create_dir(&staging)?;
        Ok(Transaction {
            root: root.to_path_buf(),
            staging,
            changes: Vec::new(),
            index: HashMap::new(),
            staged_bytes: Arc::new(AtomicU64::new(0)),
            next_name: 0,
            fail: FailPoint::from_env(),
        })
    }

    /// How many targets are changed.
    pub fn len(&self) -> usize {
        self.changes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.changes.is_empty()
    }

    /// What the transaction holds for `target` (relative to the root), if anything.
    pub fn staged(&self, target: &Path) -> Option<Staged> {
        let c = &self.changes[*self.index.get(target)?];
        Some(match &c.staged {
            Some(p) => Staged::Written(p.clone()),
            None => Staged::Removed,
        })
    }

    /// The staged file for `target`, replacing what was staged for it before.
    fn slot(&mut self, target: &Path) -> PathBuf {
        let name = self.staging.join(self.next_name.to_string());
        self.next_name += 1;
        match self.index.get(target) {
            Some(&i) => {
                if let Some(old) = self.changes[i].staged.replace(name.clone()) {
                    let _ = fs::remove_file(old);
                }
            }
            None => {
                self.index.insert(target.to_path_buf(), self.changes.len());
                self.changes.push(Change {
                    target: target.to_path_buf(),
                    staged: Some(name.clone()),
                });
            }
        }
        name
    }

    /// The limit of staged bytes a test sets.
    fn limit(&self) -> Option<u64> {
        match self.fail {
            Some(FailPoint::Bytes(n)) => Some(n),
            _ => None,
        }
    }

    /// Stages `contents` as the new content of `target` (relative to the root).
    pub fn write(&mut self, target: &Path, contents: impl AsRef<[u8]>) -> io::Result<()> {
        let contents = contents.as_ref();
        charge(&self.staged_bytes, self.limit(), contents.len())?;
        let path = self.slot(target);
        let mut f = File::create(&path)?;
        f.write_all(contents)
    }

    /// Stages a new content of `target` written in pieces (a file too large to build in
    /// memory first): the file to write it to.
    pub fn create(&mut self, target: &Path) -> io::Result<StagedFile> {
        let path = self.slot(target);
        let file = File::create(&path)?;
        Ok(StagedFile {
            file,
            staged: self.staged_bytes.clone(),
            limit: self.limit(),
        })
    }

    /// Deletes `target` (relative to the root) at the commit; a missing target is no error.
    pub fn remove(&mut self, target: &Path) {
        match self.index.get(target) {
            Some(&i) => {
                if let Some(old) = self.changes[i].staged.take() {
                    let _ = fs::remove_file(old);
                }
            }
            None => {
                self.index.insert(target.to_path_buf(), self.changes.len());
                self.changes.push(Change {
                    target: target.to_path_buf(),
                    staged: None,
                });
            }
        }
    }

    /// Puts every change in place (see the module docs): all of them, or, on an error,
    /// none.
    pub fn commit(self, durability: Durability) -> io::Result<()> {
        // Where each change lands, checked before anything is touched.
        let mut plan = Vec::with_capacity(self.changes.len());
        for c in &self.changes {
            let wanted = self.root.join(&c.target);
            let (target, exists) = match resolve(&wanted) {
                Ok(Target::File { path, exists }) => (path, exists),
                // A folder of the root's own, made at the switch-over.
                Err(e) if e.kind() == io::ErrorKind::NotFound => (wanted, false),
                Err(e) => return Err(e),
                Ok(Target::Stream(p)) => {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidInput,
                        format!("{} is not a regular file: not replaced", p.display()),
                    ));
                }
            };
            if target.to_string_lossy().contains('\n') {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!("{}: a line break in a file name", target.display()),
                ));
            }
            plan.push((target, exists, c.staged.clone()));
        }
        // The new contents made durable, the files to be replaced kept.
        let mut kept: Vec<Option<PathBuf>> = Vec::with_capacity(plan.len());
        for (i, (target, exists, staged)) in plan.iter().enumerate() {
            if let Some(s) = staged
                && (*exists || durability == Durability::Now)
            {
                let f = OpenOptions::new().write(true).open(s)?;
                if *exists {
                    f.set_permissions(fs::metadata(target)?.permissions())?;
                }
                f.sync_all()?;
            }
            kept.push(if *exists {
                let keep = self.staging.join(format!("kept-{i}"));
                if fs::hard_link(target, &keep).is_err() {
                    fs::copy(target, &keep)?;
                }
                Some(keep)
            } else {
                None
            });
        }
        let mut journal = String::new();
        for (target, _, staged) in &plan {
            match staged {
                Some(s) => journal.push_str(&s.file_name().unwrap_or_default().to_string_lossy()),
                None => journal.push('-'),
            }
            journal.push(' ');
            journal.push_str(&target.to_string_lossy());
            journal.push('\n');
        }
        write_atomic(&self.staging.join(JOURNAL), journal)?;
        // The commit point is passed: the switch-over.
        let mut made_folders = Vec::new();
        let mut done = 0;
        let result = (|| -> io::Result<()> {
            for (target, _, staged) in &plan {
                match self.fail {
                    Some(FailPoint::Commit(n)) if done == n => {
                        return Err(io::Error::other("a rename failed (HUO_CHESS_TEST_FAIL)"));
                    }
                    Some(FailPoint::Crash(n)) if done == n => std::process::exit(134),
                    _ => {}
                }
                apply(target, staged.as_deref(), &mut made_folders)?;
                done += 1;
            }
            Ok(())
        })();
        if let Err(e) = result {
            // Back as it was, newest first. Without the journal, a crash now is not
            // finished by `recover` (the renames already undone would be redone).
            let _ = fs::remove_file(self.staging.join(JOURNAL));
            for ((target, _, staged), keep) in plan[..done].iter().zip(&kept).rev() {
                match keep {
                    Some(k) => {
                        let _ = create_folder_of(target);
                        let _ = put_in_place(k, target);
                    }
                    None if staged.is_some() => {
                        let _ = fs::remove_file(target);
                    }
                    None => {}
                }
            }
            for folder in made_folders.iter().rev() {
                let _ = fs::remove_dir(folder);
            }
            return Err(e);
        }
        Ok(()) // dropping self removes the staging folder
    }
}

impl Drop for Transaction {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.staging);
    }
}

/// Counts `n` more staged bytes in `staged`; a full disk past a test's `limit`.
fn charge(staged: &AtomicU64, limit: Option<u64>, n: usize) -> io::Result<()> {
    let total = staged.fetch_add(n as u64, Ordering::Relaxed) + n as u64;
    match limit {
        Some(limit) if total > limit => Err(io::Error::new(
            io::ErrorKind::StorageFull,
            "no space left on device (HUO_CHESS_TEST_FAIL)",
        )),
        _ => Ok(()),
    }
}

/// A staged file being written ([`Transaction::create`]); its bytes count towards the
/// transaction's staged total.
pub struct StagedFile {
    file: File,
    staged: Arc<AtomicU64>,
    limit: Option<u64>,
}

impl Write for StagedFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        charge(&self.staged, self.limit, buf.len())?;
        self.file.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

/// A staged file may be written out of order (an index filled bucket by bucket); a byte
/// written twice counts twice towards the staged total.
impl io::Seek for StagedFile {
    fn seek(&mut self, pos: io::SeekFrom) -> io::Result<u64> {
        self.file.seek(pos)
    }
}

/// Puts one change in place: `staged` renamed over `target` (its folder made when
/// missing, and remembered in `made_folders`), or `target` deleted (and its folder when
/// that leaves it empty).
fn apply(target: &Path, staged: Option<&Path>, made_folders: &mut Vec<PathBuf>) -> io::Result<()> {
    match staged {
        Some(s) => {
            let folder = folder_of(target);
            if !folder.is_dir() {
                let mut missing = Vec::new();
                let mut f = Some(folder);
                while let Some(d) = f.filter(|d| !d.as_os_str().is_empty() && !d.is_dir()) {
                    missing.push(d.to_path_buf());
                    f = d.parent();
                }
                create_folder_of(target)?;
                made_folders.extend(missing.into_iter().rev());
            }
            put_in_place(s, target)
        }
        None => {
            match fs::remove_file(target) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
                _ => {}
            }
            let _ = fs::remove_dir(folder_of(target)); // fails harmlessly when not empty
            Ok(())
        }
    }
}

/// Finishes or discards a transaction a crash interrupted in `root/name`: with its journal
/// (past the commit point) the remaining renames are done; without, the staging folder is
/// deleted. Returns whether a transaction was found.
pub fn recover(root: &Path, name: &str) -> io::Result<bool> {
    let staging = root.join(name);
    if fs::symlink_metadata(&staging).is_err() {
        return Ok(false);
    }
    if let Ok(journal) = fs::read_to_string(staging.join(JOURNAL)) {
        let mut made = Vec::new();
        for line in journal.lines() {
            let Some((staged, target)) = line.split_once(' ') else {
                continue;
            };
            let target = Path::new(target);
            if staged == "-" {
                apply(target, None, &mut made)?;
            } else {
                let s = staging.join(staged);
                if s.exists() {
                    apply(target, Some(&s), &mut made)?;
                }
            }
        }
    }
    fs::remove_dir_all(&staging)?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::scratch::Scratch;

    /// Every file under `dir` with its bytes, and every folder.
    fn tree(dir: &Path) -> Vec<(String, Option<Vec<u8>>)> {
        let mut out = Vec::new();
        let mut stack = vec![dir.to_path_buf()];
        while let Some(d) = stack.pop() {
            for e in fs::read_dir(&d).unwrap() {
                let p = e.unwrap().path();
                let name = p.strip_prefix(dir).unwrap().display().to_string();
                if p.is_dir() {
                    stack.push(p.clone());
                    out.push((name, None));
                } else {
                    out.push((name, Some(fs::read(&p).unwrap())));
                }
            }
        }
        out.sort();
        out
    }

    fn setup() -> Scratch {
        let dir = Scratch::new("tx");
        fs::create_dir(dir.join("a")).unwrap();
        fs::write(dir.join("a/one"), "old one").unwrap();
        fs::write(dir.join("a/two"), "old two").unwrap();
        dir
    }

    fn stage(tx: &mut Transaction) -> io::Result<()> {
        tx.write(Path::new("a/one"), "new one")?;
        tx.write(Path::new("b/three"), "new three")?;
        tx.remove(Path::new("a/two"));
        let mut f = tx.create(Path::new("big"))?;
        for _ in 0..100 {
            f.write_all(b"0123456789")?;
        }
        Ok(())
    }

    #[test]
    fn a_commit_puts_every_change_in_place() {
        let dir = setup();
        let mut tx = Transaction::begin(&dir, ".tx.tmp").unwrap();
        tx.fail = None;
        stage(&mut tx).unwrap();
        assert_eq!(tx.len(), 4);
        assert!(matches!(
            tx.staged(Path::new("a/one")),
            Some(Staged::Written(_))
        ));
        assert_eq!(tx.staged(Path::new("a/two")), Some(Staged::Removed));
        assert_eq!(tx.staged(Path::new("a/zzz")), None);
        tx.commit(Durability::NewFilesUnsynced).unwrap();
        assert_eq!(fs::read_to_string(dir.join("a/one")).unwrap(), "new one");
        assert_eq!(
            fs::read_to_string(dir.join("b/three")).unwrap(),
            "new three"
        );
        assert!(!dir.join("a/two").exists());
        assert_eq!(fs::read(dir.join("big")).unwrap().len(), 1000);
        assert!(!dir.join(".tx.tmp").exists());
        assert!(!recover(&dir, ".tx.tmp").unwrap());
    }

    #[test]
    fn a_failure_anywhere_leaves_the_folder_as_it_was() {
        let dir = setup();
        let before = tree(&dir);
        // A full disk while staging, at every byte count up to the end.
        for limit in [0, 5, 7, 16, 500] {
            let mut tx = Transaction::begin(&dir, ".tx.tmp").unwrap();
            tx.fail = Some(FailPoint::Bytes(limit));
            let e = stage(&mut tx).unwrap_err();
            assert_eq!(e.kind(), io::ErrorKind::StorageFull);
            drop(tx);
            assert_eq!(tree(&dir), before, "full after {limit} bytes");
        }
        // A rename failing after each number of renames: every file put back.
        for n in 0..4 {
            let mut tx = Transaction::begin(&dir, ".tx.tmp").unwrap();
            tx.fail = Some(FailPoint::Commit(n));
            stage(&mut tx).unwrap();
            assert!(tx.commit(Durability::Now).is_err());
            assert_eq!(tree(&dir), before, "failed after {n} renames");
        }
    }

    #[test]
    fn recovery_finishes_a_committed_switch_over_and_discards_the_rest() {
        let dir = setup();
        let before = tree(&dir);
        // Staged, never committed (a crash while staging): discarded.
        let mut tx = Transaction::begin(&dir, ".tx.tmp").unwrap();
        stage(&mut tx).unwrap();
        std::mem::forget(tx);
        assert!(recover(&dir, ".tx.tmp").unwrap());
        assert_eq!(tree(&dir), before);
        // A crash after two of four renames (made by hand: the journal and what is left).
        let mut tx = Transaction::begin(&dir, ".tx.tmp").unwrap();
        stage(&mut tx).unwrap();
        let staging = tx.staging.clone();
        let journal_before: Vec<(PathBuf, Option<PathBuf>)> = tx
            .changes
            .iter()
            .map(|c| (dir.join(&c.target), c.staged.clone()))
            .collect();
        std::mem::forget(tx);
        let mut journal = String::new();
        for (target, staged) in &journal_before {
            match staged {
                Some(s) => journal.push_str(&s.file_name().unwrap().to_string_lossy()),
                None => journal.push('-'),
            }
            journal.push(' ');
            journal.push_str(&target.to_string_lossy());
            journal.push('\n');
        }
        fs::write(staging.join(JOURNAL), journal).unwrap();
        let mut made = Vec::new();
        for (target, staged) in &journal_before[..2] {
            apply(target, staged.as_deref(), &mut made).unwrap();
        }
        assert!(recover(&dir, ".tx.tmp").unwrap());
        assert_eq!(fs::read_to_string(dir.join("a/one")).unwrap(), "new one");
        assert_eq!(
            fs::read_to_string(dir.join("b/three")).unwrap(),
            "new three"
        );
        assert!(!dir.join("a/two").exists());
        assert_eq!(fs::read(dir.join("big")).unwrap().len(), 1000);
        assert!(!staging.exists());
    }

    #[test]
    fn a_target_that_is_not_a_file_is_refused_before_anything_changes() {
        let dir = setup();
        fs::create_dir(dir.join("taken")).unwrap();
        let before = tree(&dir);
        let mut tx = Transaction::begin(&dir, ".tx.tmp").unwrap();
        tx.fail = None;
        tx.write(Path::new("a/one"), "new").unwrap();
        tx.write(Path::new("taken"), "x").unwrap();
        let e = tx.commit(Durability::Now).unwrap_err();
        assert!(e.to_string().contains("is a folder"), "{e}");
        assert_eq!(tree(&dir), before);
    }
}
