//! The TOML configuration: piece values, evaluation weights, search, book, log and screen
//! settings. (Contract skeleton: the loader with file/line errors follows.)

use crate::book::PickMode;
use crate::search::Level;
use std::path::{Path, PathBuf};

/// Piece values in pawns, as the Huo Chess tutorials give them (`queen = 9.5` works).
#[derive(Clone, Debug, PartialEq)]
pub struct PieceValues {
    pub pawn: f64,
    pub knight: f64,
    pub bishop: f64,
    pub rook: f64,
    pub queen: f64,
}

/// Search settings.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    /// The level the game starts at.
    pub level: Level,
    /// Transposition table size in MB.
    pub hash_mb: usize,
}

/// Opening book settings.
#[derive(Clone, Debug, PartialEq)]
pub struct BookConfig {
    pub enabled: bool,
    /// `None`: `./books`, else the user data dir, else the embedded book.
    pub path: Option<PathBuf>,
    /// Stop consulting the book after this many plies.
    pub max_ply: u32,
    pub pick: PickMode,
}

/// The thinking log written to a file (the log pane always shows it).
#[derive(Clone, Debug, PartialEq)]
pub struct LogConfig {
    pub file: Option<PathBuf>,
    /// Rotate the file when it passes this size.
    pub max_kb: u64,
    /// How many rotated files to keep (`huo.log.1`, `huo.log.2`, ...).
    pub keep: u32,
}

/// Key bindings of the game screen: each action's key, one character.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyBindings {
    pub new_game: char,
    pub takeback: char,
    pub flip: char,
    pub switch_sides: char,
    pub hint: char,
    pub move_now: char,
    pub level: char,
    pub save: char,
    pub load: char,
    pub copy_fen: char,
    pub toggle_log: char,
    pub help: char,
    pub quit: char,
}

/// Screen settings.
#[derive(Clone, Debug, PartialEq)]
pub struct TuiConfig {
    /// `qbasic` (the default) or `modern`.
    pub theme: String,
    /// Does the engine resign hopeless positions ("I resign!")?
    pub resign: bool,
    /// Resign when the search says we are this many pawns down (or mated) for a few moves.
    pub resign_threshold: f64,
    pub keys: KeyBindings,
}

/// The whole configuration.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub pieces: PieceValues,
    pub search: SearchConfig,
    pub book: BookConfig,
    pub log: LogConfig,
    pub tui: TuiConfig,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            pieces: PieceValues {
                pawn: 1.0,
                knight: 3.0,
                bishop: 3.0,
                rook: 5.0,
                queen: 9.0,
            },
            search: SearchConfig {
                level: Level::Modern(6),
                hash_mb: 32,
            },
            book: BookConfig {
                enabled: true,
                path: None,
                max_ply: 24,
                pick: PickMode::Weighted,
            },
            log: LogConfig {
                file: None,
                max_kb: 1024,
                keep: 3,
            },
            tui: TuiConfig {
                theme: "qbasic".into(),
                resign: true,
                resign_threshold: 9.0,
                keys: KeyBindings {
                    new_game: 'n',
                    takeback: 'b',
                    flip: 'f',
                    switch_sides: 's',
                    hint: 'i',
                    move_now: 'm',
                    level: 'v',
                    save: 'w',
                    load: 'o',
                    copy_fen: 'c',
                    toggle_log: 'g',
                    help: '?',
                    quit: 'q',
                },
            },
        }
    }
}

/// A configuration error: which file, line and key, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct ConfigError {
    pub file: String,
    pub line: Option<usize>,
    pub key: Option<String>,
    pub message: String,
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        if let Some(key) = &self.key {
            write!(f, ": {key}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for ConfigError {}

/// A loaded configuration and where it came from.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub config: Config,
    /// The file read, or `None` for the built-in defaults.
    pub source: Option<PathBuf>,
}

impl Config {
    /// Loads the configuration: `explicit` (the `--config` flag) > `HUO_CONFIG` >
    /// `./config/huo.toml` > the user config dir > built-in.
    pub fn load(explicit: Option<&Path>) -> Result<Loaded, ConfigError> {
        let _ = explicit;
        Ok(Loaded {
            config: Config::default(),
            source: None,
        })
    }
}
