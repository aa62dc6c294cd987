//! `record` and `remove`: the two commands that change a position's moves.

use super::{Context, FenArg, walk};
use crate::book::{Book, Written};
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
    /// Weight added to each move (a move already there has its weight raised).
    #[arg(long, default_value_t = 1)]
    weight: u32,
    /// Records every line of this file (one line of moves per row, '#' comments).
    /// All lines are checked before anything is written.
    #[arg(long, value_name = "FILE")]
    from_file: Option<PathBuf>,
}

impl Record {
    pub fn run(&self, ctx: &Context) -> Result<ExitCode, String> {
        let books = ctx.layered_for_writing();
        let start = self.fen.position()?;
        let mut lines: Vec<(String, Vec<(Position, Move)>)> = Vec::new();
        if !self.moves.is_empty() {
            lines.push(("command line".into(), walk(start, &self.moves)?));
        }
        if let Some(file) = &self.from_file {
            let text = std::fs::read_to_string(file)
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
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
                return Err(format!("nothing recorded:\n{}", bad.join("\n")));
            }
        }
        if lines.is_empty() {
            return Err("no moves to record (give moves or --from-file FILE)".into());
        }
        let mut n = 0;
        let mut copied = 0;
        for (_, steps) in &lines {
            for (pos, mv) in steps {
                let w = books
                    .record(pos, *mv, self.weight)
                    .map_err(|e| e.to_string())?;
                copied += (w == Written::CopiedFromBuiltIn) as usize;
                n += 1;
            }
        }
        let user = books.user().map_or_else(String::new, Book::describe);
        println!(
            "Recorded {n} move{} in {user}{}",
            if n == 1 { "" } else { "s" },
            match copied {
                0 => String::new(),
                1 => " (1 position copied from the built-in book first)".into(),
                c => format!(" ({c} positions copied from the built-in book first)"),
            }
        );
        Ok(ExitCode::SUCCESS)
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
    pub fn run(&self, ctx: &Context) -> Result<ExitCode, String> {
        let books = ctx.layered_for_writing();
        let start = self.fen.position()?;
        let steps = walk(start, &self.moves)?;
        let Some((pos, mv)) = steps.last() else {
            return Err("give the moves leading to the move to remove, and that move".into());
        };
        let w = books.remove(pos, *mv).map_err(|e| e.to_string())?;
        println!(
            "Removed {} ({}) from {}{}",
            san(pos, *mv),
            mv.uci(),
            books.file_of(pos),
            if w == Written::CopiedFromBuiltIn {
                " (the position was copied from the built-in book first)"
            } else {
                ""
            }
        );
        Ok(ExitCode::SUCCESS)
    }
}
