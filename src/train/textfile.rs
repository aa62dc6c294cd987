//! The trainer's text files, the training schedule ([`super::schedule`]) and the drills'
//! deck ([`super::deck`]), kept alike: read strictly (each problem named `file:line`, and a
//! file with a problem is never rewritten, so nothing the user wrote is lost), and each
//! change saved at once: under the lock of the file's folder the file is read again
//! (another program may have changed other records), changed, and replaced whole,
//! atomically ([`crate::util::files`]).

use crate::book::store;
use std::path::Path;

/// A file's text as read: its records, and the problems found.
pub trait TextFile: Default {
    /// Reads the text; `shown` names the file in the problems.
    fn parse(text: &str, shown: &str) -> Self;
    /// The problems found (`file:line: message` each).
    fn problems(&self) -> &[String];
    /// The text to write back.
    fn write(&self) -> String;
}

/// Reads the file at `path`, its problems included (empty when it does not exist).
pub fn read<F: TextFile>(path: &Path) -> Result<F, String> {
    match store::read(path) {
        Ok(Some(text)) => Ok(F::parse(&text, &path.display().to_string())),
        Ok(None) => Ok(F::default()),
        Err(e) => Err(e.to_string()),
    }
}

/// The problems of the file at `path`, for `check` commands: none when it does not exist.
pub fn check<F: TextFile>(path: &Path) -> Vec<String> {
    match read::<F>(path) {
        Ok(f) => f.problems().to_vec(),
        Err(e) => vec![e],
    }
}

/// Reads the file at `path`, refusing it when it has problems; `what` names it
/// (`the drills' deck`).
pub fn read_clean<F: TextFile>(path: &Path, what: &str) -> Result<F, String> {
    let f = read::<F>(path)?;
    if f.problems().is_empty() {
        Ok(f)
    } else {
        Err(format!(
            "{what} has problems (fix them by hand):\n{}",
            f.problems().join("\n")
        ))
    }
}

/// Changes the file at `path` with `change` and saves it: read again under its folder's
/// lock, refused when it has problems now, replaced atomically. Returns what `change`
/// returned.
pub fn update<F: TextFile, T>(
    path: &Path,
    what: &str,
    change: impl FnOnce(&mut F) -> T,
) -> Result<T, String> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let _guard = store::lock(dir).map_err(|e| e.to_string())?;
    let mut current = read_clean::<F>(path, what).map_err(|e| format!("not saved: {e}"))?;
    let result = change(&mut current);
    crate::util::files::write_atomic(path, current.write())
        .map_err(|e| format!("not saved: cannot write {}: {e}", path.display()))?;
    Ok(result)
}
