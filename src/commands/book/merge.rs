//! `merge`: another book (a directory, a Polyglot .bin or the built-in book) added into
//! the user's book.

use super::context::Context;
use crate::book::{WeightMerge, merge, polyglot};
use crate::commands::error::CommandResult;
use clap::Args;
use std::process::ExitCode;

/// `huo-book merge`.
#[derive(Args)]
pub struct Merge {
    /// The other book: DIR, FILE.bin or builtin.
    other: String,
    /// How the weights of a move both books have combine: sum or max.
    #[arg(long, default_value = "sum", value_name = "HOW")]
    weights: WeightMerge,
    /// For a .bin: plies of positions not in it crossed between two of its positions.
    #[arg(long, default_value_t = 2)]
    max_gap: u32,
    /// For a .bin: at most N positions made while searching off its own moves (default:
    /// 1500 per entry, at least 10 million).
    #[arg(long, value_name = "N")]
    walk_limit: Option<u64>,
}

impl Merge {
    pub fn run(&self, ctx: &Context) -> CommandResult {
        let book = ctx.writing_book();
        let other = &self.other;
        let source = merge::Source::parse(other);
        let opts = polyglot::PolyglotImportOptions {
            max_gap: self.max_gap,
            walk_limit: self.walk_limit,
        };
        let r = merge::merge(&book, &source, self.weights, &opts)?;
        for p in &r.problems {
            crate::commands::say("huo-book", &format!("warning: {p}"));
        }
        println!(
            "Merged {} positions ({} moves) of {other} into {}: {} positions written{}",
            r.positions,
            r.moves,
            book.describe(),
            r.written,
            if r.packed {
                format!(" ({})", crate::book::pack::FILE_NAME)
            } else {
                String::new()
            }
        );
        if let Some(p) = &r.polyglot
            && p.unreached > 0
        {
            println!(
                "{} entries ({} positions) of the .bin unreachable from the start \
                 position or the book",
                p.unreached, p.unreached_positions
            );
        }
        Ok(ExitCode::SUCCESS)
    }
}
