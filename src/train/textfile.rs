//! The trainer's text files, the training schedule ([`super::schedule`]) and the drills'
//! deck ([`super::deck`]), kept alike: read strictly (each problem named `file:line`, and a
//! file with a problem is never rewritten, so nothing the user wrote is lost), and each
//! change saved at once: under the lock of the file's folder the file is read again
//! (another program may have changed other records), changed, and replaced whole,
//! atomically ([`crate::util::files`]).

use crate::book::{BookError, store};
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// A file's text as read: its records, and the problems found.
pub trait TextFile: Default {
    /// Reads the text; `shown` names the file in the problems.
    fn parse(text: &str, shown: &str) -> Self;
    /// The problems found (`file:line: message` each).
    fn problems(&self) -> &[String];
    /// The text to write back.
    fn write(&self) -> String;
}

/// Why a text file of the trainer cannot be read, or a change to it was not saved.
#[derive(Debug)]
pub enum StoreError {
    /// The file could not be read, or its folder locked: the book store's error, said as
    /// it is (its source is the store's own: the system's error, when there is one).
    Store(BookError),
    /// The file has problems (`file:line: message` each), so it is refused: `what` names
    /// it (`the drills' deck`).
    Problems {
        what: &'static str,
        problems: Vec<String>,
    },
    /// A change was not saved: the file, read again, could not be read or has problems.
    NotSaved(Box<StoreError>),
    /// A change was not saved: the file could not be written.
    Write { path: PathBuf, source: io::Error },
    /// An answer was not saved: the exercise is no longer in the deck.
    NoLongerInDeck,
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Store(e) => write!(f, "{e}"),
            StoreError::Problems { what, problems } => write!(
                f,
                "{what} has problems (fix them by hand):\n  {}",
                problems.join("\n  ")
            ),
            StoreError::NotSaved(e) => write!(f, "not saved: {e}"),
            StoreError::Write { path, source } => {
                write!(f, "not saved: cannot write {}: {source}", path.display())
            }
            StoreError::NoLongerInDeck => {
                f.write_str("not saved: the exercise is no longer in the deck")
            }
        }
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            // Said as the store says it: its cause is this error's cause.
            StoreError::Store(e) => e.source(),
            StoreError::NotSaved(e) => Some(e.as_ref()),
            StoreError::Write { source, .. } => Some(source),
            StoreError::Problems { .. } | StoreError::NoLongerInDeck => None,
        }
    }
}

impl From<BookError> for StoreError {
    fn from(e: BookError) -> Self {
        StoreError::Store(e)
    }
}

/// Reads the file at `path`, its problems included (empty when it does not exist).
pub fn read<F: TextFile>(path: &Path) -> Result<F, StoreError> {
    match store::read(path)? {
        Some(text) => Ok(F::parse(&text, &path.display().to_string())),
        None => Ok(F::default()),
    }
}

/// The problems of the file at `path`, for `check` commands: none when it does not exist.
pub fn check<F: TextFile>(path: &Path) -> Vec<String> {
    match read::<F>(path) {
        Ok(f) => f.problems().to_vec(),
        Err(e) => vec![e.to_string()],
    }
}

/// Reads the file at `path`, refusing it when it has problems; `what` names it
/// (`the drills' deck`).
pub fn read_clean<F: TextFile>(path: &Path, what: &'static str) -> Result<F, StoreError> {
    let f = read::<F>(path)?;
    if f.problems().is_empty() {
        Ok(f)
    } else {
        Err(StoreError::Problems {
            what,
            problems: f.problems().to_vec(),
        })
    }
}

/// Changes the file at `path` with `change` and saves it: read again under its folder's
/// lock, refused when it has problems now, replaced atomically. Returns what `change`
/// returned.
pub fn update<F: TextFile, T>(
    path: &Path,
    what: &'static str,
    change: impl FnOnce(&mut F) -> T,
) -> Result<T, StoreError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let _guard = store::lock(dir)?;
    let mut current = read_clean::<F>(path, what).map_err(|e| StoreError::NotSaved(Box::new(e)))?;
    let result = change(&mut current);
    crate::util::files::write_atomic(path, current.write()).map_err(|source| {
        StoreError::Write {
            path: path.to_path_buf(),
            source,
        }
    })?;
    Ok(result)
}
