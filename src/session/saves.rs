//! Where a session keeps games between runs: the autosave (the game in progress, offered
//! at the next start) and the games *set aside* when a new game, a load or a `:fen`
//! replaced them, or a finished game when the program ended (`left.pgn` beside the
//! autosave, one after the other; `:restore` brings the latest back). Every write is whole
//! or nothing ([`crate::util::files`]).

use crate::pgn::PgnError;
use crate::util::files::{create_folder_of, remove_if_present, write_atomic};
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// Where games are kept: the autosave, and the game left behind (in memory and beside
/// the autosave as `left.pgn`).
#[derive(Debug)]
pub struct Saves {
    autosave: Option<PathBuf>,
    /// The games new games, loads and `:fen` replaced, as PGN, the latest last: each
    /// one set aside is kept, so setting aside a second game never loses the first.
    pub left: Vec<String>,
}

impl Saves {
    /// `autosave`: where the game in progress is saved on quit (`None`: not saved).
    pub fn new(autosave: Option<PathBuf>) -> Saves {
        let left = autosave
            .as_deref()
            .and_then(|p| std::fs::read_to_string(left_path(p)).ok())
            .map(|text| split_games(&text))
            .unwrap_or_default();
        Saves { autosave, left }
    }

    /// Is there a saved game to offer?
    pub fn has_autosave(&self) -> bool {
        self.autosave.as_deref().is_some_and(Path::exists)
    }

    /// The autosave file.
    pub fn autosave(&self) -> Option<&Path> {
        self.autosave.as_deref()
    }

    /// The file that keeps the game left behind, beside the autosave.
    pub fn left_file(&self) -> Option<PathBuf> {
        self.autosave.as_deref().map(left_path)
    }
}

fn left_path(autosave: &Path) -> PathBuf {
    crate::util::dirs::left_path(autosave)
}

/// The games of a PGN file of games set aside, one text each. Every game this program
/// writes opens with its `[Event` tag, so a new game starts at each one (a file edited
/// by hand without tags stays one game).
fn split_games(text: &str) -> Vec<String> {
    let mut games: Vec<String> = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        if line.starts_with("[Event ") && !current.trim().is_empty() {
            games.push(std::mem::take(&mut current));
        }
        current.push_str(line);
        current.push('\n');
    }
    if !current.trim().is_empty() {
        games.push(current);
    }
    games
}

/// The games set aside could not be written: where, and the system's error.
#[derive(Debug)]
pub struct KeepError {
    pub path: PathBuf,
    pub source: io::Error,
}

impl std::fmt::Display for KeepError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Cannot keep the games in {}: {}",
            self.path.display(),
            self.source
        )
    }
}

impl std::error::Error for KeepError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

impl Saves {
    /// Sets `text` (a game as PGN) aside, latest last, and writes the games set aside. On
    /// a failed write it stays set aside in memory; the error says why.
    pub fn set_aside(&mut self, text: String) -> Result<(), KeepError> {
        self.left.push(text);
        self.write_left()
    }

    /// Writes the games set aside to `left.pgn`, one after the other (none: no file).
    pub fn write_left(&self) -> Result<(), KeepError> {
        let Some(file) = self.left_file() else {
            return Ok(());
        };
        let result = if self.left.is_empty() {
            remove_if_present(&file)
        } else {
            let texts: Vec<&str> = self.left.iter().map(|t| t.trim_end()).collect();
            // The data folder is the program's own: made on its first use.
            create_folder_of(&file).and_then(|()| write_atomic(&file, texts.join("\n\n") + "\n"))
        };
        result.map_err(|source| KeepError { path: file, source })
    }

    /// Takes in the games of `files` (another window's autosave and games set aside) as
    /// games set aside here, then removes each file once its games are written here:
    /// never both lost. Returns how many games came in.
    pub fn adopt(&mut self, files: &[PathBuf]) -> usize {
        let mut adopted = 0;
        for file in files {
            let Ok(text) = std::fs::read_to_string(file) else {
                continue;
            };
            let games = split_games(&text);
            adopted += games.len();
            self.left.extend(games);
            if self.write_left().is_ok() && self.left_file().is_some_and(|f| f.exists()) {
                let _ = std::fs::remove_file(file);
            }
        }
        adopted
    }

    /// Saves `game` (PGN) as the autosave, or removes the autosave when there is no game
    /// to resume (`None`).
    pub fn autosave_game(&self, game: Option<&str>) -> io::Result<()> {
        let Some(path) = self.autosave() else {
            return Ok(());
        };
        match game {
            Some(text) => {
                create_folder_of(path)?;
                write_atomic(path, text)
            }
            None => remove_if_present(path),
        }
    }
}

/// Why the autosaved game cannot be resumed; said after "Cannot resume: " or "--resume: ".
#[derive(Debug)]
pub enum ResumeError {
    /// No data folder: no autosave.
    NoPlace,
    /// The autosave could not be read.
    Read { path: PathBuf, source: io::Error },
    /// The autosave is no game that can be read.
    Game { path: PathBuf, source: PgnError },
}

impl fmt::Display for ResumeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResumeError::NoPlace => f.write_str("there is no place for a saved game"),
            ResumeError::Read { path, source } => {
                write!(f, "cannot read {}: {source}", path.display())
            }
            ResumeError::Game { path, source } => write!(f, "{}: {source}", path.display()),
        }
    }
}

impl std::error::Error for ResumeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ResumeError::NoPlace => None,
            ResumeError::Read { source, .. } => Some(source),
            ResumeError::Game { source, .. } => Some(source),
        }
    }
}
