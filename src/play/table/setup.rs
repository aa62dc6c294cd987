//! Why the game screen cannot start as asked: a command-line flag refused, a log file
//! that cannot be opened, `--resume` with no game to resume or one that cannot be read.
//! Said before the screen opens, and the program exits with a failure.

use crate::play::flags::FlagError;
use crate::session::saves::ResumeError;
use std::path::PathBuf;

/// Why the game screen cannot start as asked: a flag refused, the log file (`--log` or
/// `log.file`) that cannot be opened, or `--resume` with nothing to resume.
#[derive(Debug)]
pub enum SetupError {
    Flag(FlagError),
    Log {
        /// `--log` or `log.file`: where the path came from.
        whence: &'static str,
        path: PathBuf,
        source: std::io::Error,
    },
    /// `--resume`, and no game saved (at the autosave's place, when there is one).
    NoSavedGame {
        autosave: Option<PathBuf>,
    },
    Resume(ResumeError),
}

impl From<FlagError> for SetupError {
    fn from(e: FlagError) -> Self {
        SetupError::Flag(e)
    }
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::Flag(e) => e.fmt(f),
            SetupError::Log {
                whence,
                path,
                source,
            } => write!(f, "{whence} {}: cannot open: {source}", path.display()),
            SetupError::NoSavedGame { autosave } => {
                write!(f, "--resume: there is no saved game")?;
                match autosave {
                    Some(p) => write!(f, " ({} does not exist)", p.display()),
                    None => Ok(()),
                }
            }
            SetupError::Resume(e) => write!(f, "--resume: {e}"),
        }
    }
}

impl std::error::Error for SetupError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SetupError::Flag(e) => Some(e),
            SetupError::Log { source, .. } => Some(source),
            SetupError::NoSavedGame { .. } => None,
            SetupError::Resume(e) => Some(e),
        }
    }
}
