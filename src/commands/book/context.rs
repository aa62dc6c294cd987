//! What every `huo-book` command starts from: the book it works on with its layers and the
//! configuration ([`Context`]), the position given by `--fen` ([`FenArg`]), and a line of
//! moves played out from there ([`walk`]), or why it cannot be ([`StartError`]).

use crate::book::Book;
use crate::book::layers::{Books, LayerPolicy};
use crate::commands::error::CommandError;
use crate::config::Config;
use crate::core::{FenError, Move, MoveError, Position, parse_move};
use clap::Args;
use std::path::{Path, PathBuf};

/// What a command works on: the user's book as given, the layers, the configuration.
pub struct Context {
    /// `--book DIR`, if given.
    pub book: Option<PathBuf>,
    /// `--layers`: which books reading commands consult (both when not given).
    pub layers: LayerPolicy,
    /// `--layers` as given: the trainer asks only the user's book unless told otherwise.
    pub layers_given: Option<LayerPolicy>,
    pub config: Config,
}

impl Context {
    /// The user's book as given: the flag, else the configuration.
    pub(super) fn explicit_dir(&self) -> Option<&Path> {
        self.book.as_deref().or(self.config.book.path.as_deref())
    }

    /// One book for whole-book commands (stats, check, export): flag > config > ./books >
    /// user data dir > the built-in book.
    pub fn reading_book(&self) -> Book {
        match self.explicit_dir() {
            Some(p) => Book::open(p),
            None => Book::locate(None),
        }
    }

    /// The book for writing: like reading, but instead of the built-in, the data folder's
    /// book (created), as [`Books::locate_for_writing`] finds it.
    pub fn writing_book(&self) -> Book {
        let b = self.reading_book();
        if b.dir().is_some() {
            return b;
        }
        Books::locate_for_writing(self.explicit_dir(), LayerPolicy::UserOnly)
            .user()
            .cloned()
            .unwrap_or_else(|| Book::open("books"))
    }

    /// The layered books, as the game sees them: the user's book (if any) over the built-in.
    pub fn layered(&self) -> Books {
        Books::locate(self.explicit_dir(), self.layers)
    }

    /// Which books the trainer asks: the user's repertoire, unless `--layers` says
    /// otherwise (`both` adds the built-in lines).
    pub fn training_layers(&self) -> LayerPolicy {
        self.layers_given.unwrap_or(LayerPolicy::UserOnly)
    }

    /// The layered books for training: the [`Context::training_layers`]; without a user
    /// book, the one in the user's data folder, whatever the current folder.
    pub fn layered_for_training(&self) -> Books {
        Books::locate_for_training(self.explicit_dir(), self.training_layers())
    }

    /// The layered books for changes: without a user book, the data folder's (created on
    /// write).
    pub fn layered_for_writing(&self) -> Books {
        Books::locate_for_writing(self.explicit_dir(), self.layers)
    }
}

/// `--fen`: the position a command starts from.
#[derive(Args, Clone, Debug, Default)]
pub struct FenArg {
    /// Start from this position instead of the initial one.
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
}

impl FenArg {
    /// The position given, or the initial one.
    pub fn position(&self) -> Result<Position, StartError> {
        match &self.fen {
            Some(f) => Position::from_fen(f).map_err(StartError::Fen),
            None => Ok(Position::startpos()),
        }
    }
}

/// Why a command's line of moves cannot be followed: its `--fen` or one of its moves
/// (counted from 1), the reader's error kept as the source.
#[derive(Clone, Debug, PartialEq)]
pub enum StartError {
    Fen(FenError),
    Move { number: usize, source: MoveError },
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::Fen(e) => write!(f, "invalid FEN: {e}"),
            StartError::Move { number, source } => write!(f, "move {number}: {source}"),
        }
    }
}

impl std::error::Error for StartError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StartError::Fen(e) => Some(e),
            StartError::Move { source, .. } => Some(source),
        }
    }
}

impl From<StartError> for CommandError {
    fn from(e: StartError) -> Self {
        CommandError::Failed(Box::new(e))
    }
}

/// Plays `moves` from `start`: each position with the move played from it.
pub(super) fn walk(start: Position, moves: &[String]) -> Result<Vec<(Position, Move)>, StartError> {
    let mut pos = start;
    let mut out = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        let mv = parse_move(&pos, text).map_err(|source| StartError::Move {
            number: i + 1,
            source,
        })?;
        out.push((pos, mv));
        pos.play(mv);
    }
    Ok(out)
}

#[cfg(test)]
mod start_tests {
    use super::*;
    use std::error::Error as _;

    #[test]
    fn a_line_not_followed_says_where_and_keeps_the_readers_error() {
        let arg = FenArg {
            fen: Some("8/8/8 w".into()),
        };
        let e = arg.position().unwrap_err();
        let fen = e.source().unwrap().downcast_ref::<FenError>().unwrap();
        assert_eq!(e.to_string(), format!("invalid FEN: {fen}"));
        let moves = ["e4".to_string(), "e4".to_string()];
        let e = walk(Position::startpos(), &moves).unwrap_err();
        let StartError::Move { number: 2, .. } = e else {
            panic!("{e:?}");
        };
        let moved = e
            .source()
            .unwrap()
            .downcast_ref::<MoveError>()
            .unwrap()
            .clone();
        assert_eq!(e.to_string(), format!("move 2: {moved}"));
        // Through a command's error, the chain still reaches the reader's error.
        let e = CommandError::from(e);
        assert_eq!(e.to_string(), format!("move 2: {moved}"));
        let start = e.source().unwrap().downcast_ref::<StartError>().unwrap();
        assert!(start.source().unwrap().is::<MoveError>());
    }
}
