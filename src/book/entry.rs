//! What a book holds for a position: its suggested moves ([`BookMove`]: the move, how often
//! it was played, the other fields and a comment, as the file's line has them) and the
//! entry they make together with the file they came from ([`BookEntry`]).

use crate::core::Move;

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

impl BookMove {
    /// A move with a weight, no other field and no comment.
    pub fn new(mv: Move, weight: u32) -> BookMove {
        BookMove {
            mv,
            weight,
            fields: Vec::new(),
            comment: None,
        }
    }
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
