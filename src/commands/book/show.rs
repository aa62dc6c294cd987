//! `show`: one position with its book moves, as the game would consult them, and the name
//! of the opening the moves reach.

use super::context::{Context, FenArg, walk};
use crate::book::{BookMove, Results, format, results};
use crate::commands::error::CommandResult;
use crate::core::{Position, san};
use crate::openings;
use clap::Args;
use std::process::ExitCode;

/// `huo-book show`.
#[derive(Args)]
pub struct Show {
    /// Moves leading to the position.
    moves: Vec<String>,
    #[command(flatten)]
    fen: FenArg,
}

impl Show {
    pub fn run(&self, ctx: &Context) -> CommandResult {
        let books = ctx.layered();
        let start = self.fen.position()?;
        let steps = walk(start, &self.moves)?;
        let pos = steps.last().map_or(start, |(p, m)| p.after(*m));
        print!("{}", pos.ascii());
        println!("fen  {}", pos.epd());
        println!("key  {:016x}", pos.key());
        let positions: Vec<Position> = steps.iter().map(|(p, _)| *p).chain([pos]).collect();
        if let Some(o) = openings::of_positions(&positions) {
            println!("name {}", o.label());
        }
        let found = books.lookup(&pos);
        match &found {
            Some(l) if !l.entry.moves.is_empty() => {
                println!("file {}", l.entry.file);
                println!(
                    "from {}{}",
                    l.layer,
                    if l.read_only() {
                        " (read-only: `adopt` copies it into the user book)"
                    } else {
                        ""
                    }
                );
            }
            _ => println!("file {}", books.file_of(&pos)),
        }
        match found.map(|l| l.entry) {
            None => println!("No book moves."),
            Some(entry) => {
                for w in &entry.warnings {
                    crate::commands::say("huo-book", &format!("warning: {w}"));
                }
                let total: u64 = entry.moves.iter().map(|m| m.weight as u64).sum();
                let mut ms: Vec<BookMove> = entry.moves.clone();
                format::sort_moves(&mut ms);
                if ms.is_empty() {
                    println!("No book moves.");
                }
                for m in &ms {
                    println!("{}", move_line(&pos, m, total));
                }
            }
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// One move of `show`: SAN, UCI, weight and share, then the results as a W/D/L bar with
/// percentages (an opening-tree line), the other fields and the comment.
fn move_line(pos: &Position, m: &BookMove, total: u64) -> String {
    let pct = if total > 0 {
        m.weight as f64 * 100.0 / total as f64
    } else {
        0.0
    };
    let mut line = format!(
        "  {:<8} {:<6} weight={:<5} {:>5.1}%",
        san(pos, m.mv),
        m.mv.uci(),
        m.weight,
        pct
    );
    if let Some(r) = Results::of(m) {
        line.push_str(&format!("  [{}] {}", r.bar(10), r.summary()));
    }
    for (k, v) in &m.fields {
        if !results::FIELDS.contains(&k.as_str()) {
            line.push_str(&format!(" {k}={v}"));
        }
    }
    if let Some(c) = &m.comment {
        line.push_str(&format!(" ; {c}"));
    }
    line.trim_end().to_string()
}
