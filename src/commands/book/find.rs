//! `find`: the named openings matching a name or an ECO code, their moves, and how far the
//! user's book follows each.

use super::context::Context;
use crate::book::Book;
use crate::commands::error::CommandResult;
use crate::core::{Move, Position};
use crate::openings::{self, Opening};
use clap::Args;
use std::process::ExitCode;

/// `huo-book find`.
#[derive(Args)]
#[command(
    long_about = "Lists the named openings matching TEXT: a piece of the name (case, accents \
    and punctuation aside: `kings gambit`, `najdorf`) or an ECO code or its start (`B90`, \
    `B9`, `C`). Each with its ECO code, name and moves, and how much of it your book \
    covers.\n\nYour book covers a line when every position along it has the line's next move \
    among its moves in your book (the user's book; the built-in book is not counted), at \
    any weight. Otherwise it follows the line for its first N plies (a ply is one side's \
    move: 4 plies are 1. e4 c5 2. Nf3 d6): the plies before the first position where it lacks \
    the next one."
)]
pub struct Find {
    /// A piece of an opening's name, or an ECO code or its start.
    #[arg(required = true, num_args = 1.., value_name = "TEXT")]
    text: Vec<String>,
}

/// How much of a line a book has: its first `known` plies of `len` (a ply is one side's
/// move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coverage {
    pub known: usize,
    pub len: usize,
}

impl Coverage {
    /// `book`'s share of `line` (moves from the initial position): the moves, from the
    /// first, each found among the book moves of the position before it.
    pub fn of(book: &Book, line: &[Move]) -> Coverage {
        let mut pos = Position::startpos();
        let mut known = 0;
        for &mv in line {
            let has = book
                .lookup(&pos)
                .is_some_and(|e| e.moves.iter().any(|m| m.mv == mv));
            if !has {
                break;
            }
            known += 1;
            pos.play(mv);
        }
        Coverage {
            known,
            len: line.len(),
        }
    }

    /// Every move of the line is in the book.
    pub fn complete(self) -> bool {
        self.known == self.len
    }
}

impl std::fmt::Display for Coverage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.known {
            k if k == self.len => write!(f, "covers it"),
            0 => write!(f, "does not have its first move"),
            // Counted in plies (a move of one side), as the line's length is.
            1 => write!(f, "follows its first ply of {}", self.len),
            k => write!(f, "follows its first {k} plies of {}", self.len),
        }
    }
}

impl Find {
    pub fn run(&self, ctx: &Context) -> CommandResult {
        let query = self.text.join(" ");
        let found = openings::find::find(&query);
        if found.is_empty() {
            return Err(format!(
                "no named opening matches \"{query}\" (a piece of a name, or an ECO code \
                 A00-E99 or its start)"
            )
            .into());
        }
        let books = ctx.layered();
        let user = books.user().filter(|b| b.dir().is_some_and(|d| d.is_dir()));
        let mut covered = 0;
        for o in &found {
            println!("{}", entry(o));
            if let Some(book) = user {
                let c = Coverage::of(book, &o.moves);
                covered += c.complete() as usize;
                println!("     your book {c}");
            }
        }
        let lines = match found.len() {
            1 => "1 named opening".to_string(),
            n => format!("{n} named openings"),
        };
        match user {
            Some(book) => println!(
                "{lines} match \"{query}\"; your book ({}) covers {covered} of them.",
                book.describe()
            ),
            None => println!(
                "{lines} match \"{query}\". No book of yours was found (`--book DIR`, \
                 ./books or the data folder's): record moves with `huo-book record` or \
                 the editor to build one."
            ),
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// `B90  Sicilian Defense: Najdorf Variation` and, indented below, the moves.
fn entry(o: &Opening) -> String {
    format!("{}  {}\n     {}", o.eco, o.name, o.movetext)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::parse_move;

    #[test]
    fn coverage_counts_the_moves_from_the_first_until_one_is_missing() {
        let dir = crate::util::scratch::Scratch::new("find-cover");
        let book = Book::open(dir.path());
        let najdorf = openings::find::find("B90")
            .into_iter()
            .find(|o| o.name == "Sicilian Defense: Najdorf Variation")
            .unwrap();
        assert_eq!(najdorf.moves.len(), 10);
        assert_eq!(Coverage::of(&book, &najdorf.moves).known, 0);
        let mut pos = Position::startpos();
        for (i, text) in ["e4", "c5", "Nf3", "d6"].iter().enumerate() {
            let mv = parse_move(&pos, text).unwrap();
            // Weight 0 counts: the book knows the move.
            book.record(&pos, mv, (i % 2) as u32).unwrap();
            pos.play(mv);
        }
        let c = Coverage::of(&book, &najdorf.moves);
        assert_eq!((c.known, c.len, c.complete()), (4, 10, false));
        assert_eq!(c.to_string(), "follows its first 4 plies of 10");
        // A move of the line missing in the middle: coverage stops there.
        let mut rest = pos;
        for text in ["d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6"] {
            let mv = parse_move(&rest, text).unwrap();
            if text != "cxd4" {
                book.record(&rest, mv, 1).unwrap();
            }
            rest.play(mv);
        }
        assert_eq!(Coverage::of(&book, &najdorf.moves).known, 5);
        let after_d4 = pos.after(parse_move(&pos, "d4").unwrap());
        book.record(&after_d4, parse_move(&after_d4, "cxd4").unwrap(), 1)
            .unwrap();
        let c = Coverage::of(&book, &najdorf.moves);
        assert!(c.complete());
        assert_eq!(c.to_string(), "covers it");
    }
}
