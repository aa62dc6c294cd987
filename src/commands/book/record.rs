//! `record`, `remove` and `adopt`: the commands that change a position's moves.
//!
//! A position new to the user's book holds exactly the moves recorded there; the built-in
//! book's moves are copied only on request (`record --adopt`, `adopt`).

use super::context::{Context, FenArg, walk};
use crate::book::Book;
use crate::commands::error::{CommandError, CommandResult};
use crate::core::{Move, Position, san};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// `huo-book record`.
#[derive(Args)]
pub struct Record {
    /// The moves, from the start position (or --fen).
    moves: Vec<String>,
    #[command(flatten)]
    fen: FenArg,
    /// The weight of each move new to the book (a move already there keeps its weight:
    /// change it with set-weight, or + and - in the editor).
    #[arg(long, default_value_t = 1)]
    weight: u32,
    /// Records every line of this file (one line of moves per row, '#' comments).
    /// All lines are checked before anything is written.
    #[arg(long, value_name = "FILE")]
    from_file: Option<PathBuf>,
    /// Before recording a move, copy the built-in book's moves of its position into the
    /// user's book (those it lacks there), as `adopt` does. Without it, a position new to
    /// the user's book holds only the moves recorded.
    #[arg(long)]
    adopt: bool,
}

impl Record {
    pub fn run(&self, ctx: &Context) -> CommandResult {
        let books = ctx.layered_for_writing();
        let start = self.fen.position()?;
        let mut lines: Vec<(String, Vec<(Position, Move)>)> = Vec::new();
        if !self.moves.is_empty() {
            lines.push(("command line".into(), walk(start, &self.moves)?));
        }
        if let Some(file) = &self.from_file {
            let text = std::fs::read_to_string(file).map_err(|source| CommandError::Io {
                doing: format!("cannot read {}", file.display()),
                source,
            })?;
            let mut bad = Vec::new();
            for (i, line) in text.lines().enumerate() {
                let line = line.split('#').next().unwrap_or("").trim();
                if line.is_empty() {
                    continue;
                }
                let words: Vec<String> = line.split_whitespace().map(String::from).collect();
                match walk(start, &words) {
                    Ok(w) => lines.push((format!("{}:{}", file.display(), i + 1), w)),
                    Err(e) => bad.push(format!("{}:{}: {e}", file.display(), i + 1)),
                }
            }
            if !bad.is_empty() {
                return Err(format!("nothing recorded:\n{}", bad.join("\n")).into());
            }
        }
        if lines.is_empty() {
            return Err("no moves to record (give moves or --from-file FILE)".into());
        }
        // All or nothing: a position that cannot be rewritten leaves the book unchanged.
        let steps: Vec<(Position, Move)> = lines.into_iter().flat_map(|(_, s)| s).collect();
        let done = books
            .record_all(&steps, self.weight, self.adopt)
            .map_err(|e| format!("nothing recorded: {e}"))?;
        let n = done.moves;
        let adopted = Adoptions {
            positions: done.adopted_positions,
            moves: done.adopted_moves,
        };
        let own = done.new_over_builtin;
        let user = books.user().map_or_else(String::new, Book::describe);
        println!(
            "Recorded {n} move{} in {user}{}",
            if n == 1 { "" } else { "s" },
            adopted.summary()
        );
        if done.already > 0 {
            println!(
                "{} already in the book: {} left as {} (+/- or :weight in the editor \
                 changes a weight)",
                plural(done.already, "move"),
                if done.already == 1 {
                    "its weight"
                } else {
                    "their weights"
                },
                if done.already == 1 {
                    "it was"
                } else {
                    "they were"
                },
            );
        }
        if own > 0 {
            println!(
                "{} {} new to {user}: there it plays only the moves recorded, not the \
                 built-in book's (record --adopt, or adopt, copies those)",
                plural(own, "position"),
                if own == 1 { "was" } else { "were" },
            );
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// `2 positions`, `1 move`.
fn plural(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// The positions adopted by a command, counted.
struct Adoptions {
    positions: usize,
    moves: usize,
}

impl Adoptions {
    /// ` (12 built-in moves of 2 positions adopted first)`, or nothing.
    fn summary(&self) -> String {
        if self.moves == 0 {
            return String::new();
        }
        format!(
            " ({} of {} adopted first)",
            plural(self.moves, "built-in move"),
            plural(self.positions, "position")
        )
    }
}

/// `huo-book remove`.
#[derive(Args)]
pub struct Remove {
    /// The moves leading to the position, then the move to remove from it.
    moves: Vec<String>,
    #[command(flatten)]
    fen: FenArg,
}

impl Remove {
    pub fn run(&self, ctx: &Context) -> CommandResult {
        let books = ctx.layered_for_writing();
        let start = self.fen.position()?;
        let steps = walk(start, &self.moves)?;
        let Some((pos, mv)) = steps.last() else {
            return Err("give the moves leading to the move to remove, and that move".into());
        };
        let edit = books.remove(pos, *mv)?;
        let last = if !edit.after.moves.is_empty() {
            ""
        } else if books.builtin_answers(pos) {
            ": it was the position's last move there, so the built-in book answers it again"
        } else {
            ": it was the position's last move, so the file is gone"
        };
        println!(
            "Removed {} ({}) from {}{last}",
            san(pos, *mv),
            mv.uci(),
            books.file_of(pos),
        );
        Ok(ExitCode::SUCCESS)
    }
}

/// `huo-book adopt`.
#[derive(Args)]
pub struct Adopt {
    /// The moves leading to the position to adopt (none: the start position, or --fen).
    moves: Vec<String>,
    #[command(flatten)]
    fen: FenArg,
}

impl Adopt {
    pub fn run(&self, ctx: &Context) -> CommandResult {
        let books = ctx.layered_for_writing();
        let start = self.fen.position()?;
        let steps = walk(start, &self.moves)?;
        let pos = steps.last().map_or(start, |(p, m)| p.after(*m));
        let a = books.adopt(&pos)?;
        let file = books.file_of(&pos);
        if a.added == 0 {
            println!("Nothing to adopt: {file} has every built-in move of the position");
        } else {
            println!(
                "Adopted {} into {file}{}",
                plural(a.added, "built-in move"),
                if a.kept > 0 {
                    format!(
                        " ({} already there kept as they were)",
                        plural(a.kept, "move")
                    )
                } else {
                    String::new()
                }
            );
        }
        Ok(ExitCode::SUCCESS)
    }
}
