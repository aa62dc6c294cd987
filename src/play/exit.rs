//! The way in and the way out of a game, the same for every view. On the way in: each
//! running game claims an autosave slot of its own in the data folder (two windows never
//! write over each other's game), and the games another window left behind when it ended
//! are found, to be taken in. On the way out: the game in progress is autosaved for next
//! time (a finished one set aside); when that cannot be done, and the game would be lost,
//! it is written to the temporary folder instead, and the failure names where.

use crate::session::saves::KeepError;
use crate::util::dirs::AutosaveSlot;
use std::fmt;
use std::io;
use std::path::PathBuf;

/// Why the game could not be kept on quitting.
#[derive(Debug)]
pub enum ExitSaveError {
    /// The finished game could not be set aside.
    Finished(KeepError),
    /// The game in progress could not be autosaved (to `path`, when there is a place).
    InProgress {
        path: Option<PathBuf>,
        source: io::Error,
    },
}

impl fmt::Display for ExitSaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExitSaveError::Finished(e) => write!(f, "Could not keep the finished game: {e}"),
            ExitSaveError::InProgress { path, source } => {
                write!(f, "Could not save the game in progress")?;
                if let Some(p) = path {
                    write!(f, " to {}", p.display())?;
                }
                write!(f, ": {source}")
            }
        }
    }
}

impl std::error::Error for ExitSaveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ExitSaveError::Finished(e) => Some(e),
            ExitSaveError::InProgress { source, .. } => Some(source),
        }
    }
}

/// Where a game starting now keeps itself: the data folder and the autosave slot it
/// claimed (none without a data folder).
pub struct Start {
    dir: Option<PathBuf>,
    slot: Option<AutosaveSlot>,
}

impl Start {
    /// Claims an autosave slot in the user's data folder.
    pub fn claim() -> Start {
        let dir = crate::util::dirs::data_dir();
        let slot = dir.as_deref().and_then(crate::util::dirs::claim_autosave);
        Start { dir, slot }
    }

    /// The game's autosave file.
    pub fn autosave(&self) -> Option<PathBuf> {
        self.slot.as_ref().map(|s| s.path.clone())
    }

    /// The files of games other windows left behind (their autosaves and games set
    /// aside), to be taken in as games set aside here.
    pub fn abandoned(&self) -> Vec<PathBuf> {
        match (&self.dir, &self.slot) {
            (Some(dir), Some(slot)) => crate::util::dirs::abandoned_games(dir, &slot.path),
            _ => Vec::new(),
        }
    }
}

/// Where a game that could not be kept is written instead.
pub fn fallback_path() -> PathBuf {
    std::env::temp_dir().join(format!("huo-chess-game-{}.pgn", std::process::id()))
}

/// The way out: `kept` is how keeping the game went; when it failed, the game (`pgn`) is
/// written to [`fallback_path`] and the error says where it went (or that it could not).
pub fn shutdown(kept: Result<(), ExitSaveError>, pgn: impl FnOnce() -> String) -> io::Result<()> {
    let Err(e) = kept else {
        return Ok(());
    };
    let fallback = fallback_path();
    let where_ = match crate::util::files::write_atomic(&fallback, pgn()) {
        Ok(()) => format!("the game was written to {} instead", fallback.display()),
        Err(e2) => format!("nor to {}: {e2}", fallback.display()),
    };
    Err(io::Error::other(format!("{e}; {where_}")))
}
