//! The opening book: one human-readable text file per position, consulted before thinking.

use serde::Deserialize;

/// How a move is chosen among a position's book moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PickMode {
    /// At random, in proportion to the weights (the default: varied games).
    #[default]
    Weighted,
    /// Always the move with the highest weight.
    Best,
}

// ---- Contract skeleton (the book module replaces the bodies) ----

use crate::core::{Move, Position};
use std::path::{Path, PathBuf};

/// One suggested move of a book position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookMove {
    pub mv: Move,
    /// 0: known, never played. Higher: played more often.
    pub weight: u32,
    /// Other `key=value` fields, kept as they were read.
    pub fields: Vec<(String, String)>,
    pub comment: Option<String>,
}

/// A position's entry: its moves and the file they came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookEntry {
    pub moves: Vec<BookMove>,
    /// The file, as shown to the user (`books/82/823c9b50fd114196.txt`).
    pub file: String,
    /// Problems met while reading (skipped lines, with file:line).
    pub warnings: Vec<String>,
}

/// A book that cannot be written, or a file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError(pub String);

impl std::fmt::Display for BookError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BookError {}

/// An opening book: a directory of per-position files, or the book embedded in the binary.
#[derive(Clone, Debug)]
pub struct Book {
    dir: Option<PathBuf>,
}

impl Book {
    /// The book in directory `dir` (which may not exist yet).
    pub fn open(dir: impl Into<PathBuf>) -> Book {
        Book {
            dir: Some(dir.into()),
        }
    }

    /// The default book compiled into the binary (read-only).
    pub fn embedded() -> Book {
        Book { dir: None }
    }

    /// `explicit` if given, else `./books`, else the user data dir, else the embedded book.
    pub fn locate(explicit: Option<&Path>) -> Book {
        match explicit {
            Some(p) => Book::open(p),
            None => Book::embedded(),
        }
    }

    /// Where this book lives, for messages: the directory, or `embedded`.
    pub fn describe(&self) -> String {
        match &self.dir {
            Some(d) => d.display().to_string(),
            None => "embedded".into(),
        }
    }

    /// The entry of `pos`, if the book has it.
    pub fn lookup(&self, pos: &Position) -> Option<BookEntry> {
        let _ = pos;
        None
    }

    /// Picks a playable move (weight > 0) for `pos`: at random in proportion to the weights
    /// (`seed` drives the choice), or the heaviest. Returns the move and its file.
    pub fn pick(&self, pos: &Position, mode: PickMode, seed: u64) -> Option<(Move, String)> {
        let _ = (pos, mode, seed);
        None
    }

    /// Adds `mv` to `pos`'s entry with weight `weight`, or raises its weight by `weight`.
    pub fn record(&self, pos: &Position, mv: Move, weight: u32) -> Result<(), BookError> {
        let _ = (pos, mv, weight);
        Err(BookError("not implemented".into()))
    }

    /// Sets the weight of a stored move.
    pub fn set_weight(&self, pos: &Position, mv: Move, weight: u32) -> Result<(), BookError> {
        let _ = (pos, mv, weight);
        Err(BookError("not implemented".into()))
    }

    /// Sets (or clears, with `None`) the comment of a stored move.
    pub fn set_comment(
        &self,
        pos: &Position,
        mv: Move,
        comment: Option<&str>,
    ) -> Result<(), BookError> {
        let _ = (pos, mv, comment);
        Err(BookError("not implemented".into()))
    }

    /// Deletes a stored move (and the file when no move is left).
    pub fn remove(&self, pos: &Position, mv: Move) -> Result<(), BookError> {
        let _ = (pos, mv);
        Err(BookError("not implemented".into()))
    }
}
