//! `export-polyglot`, `export-pgn` and `dump`: the book written out for other programs
//! and for reading.

use super::context::{Context, FenArg};
use crate::book::{Book, BookError, pack, polyglot, tree};
use crate::commands::error::CommandResult;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// `huo-book export-polyglot`.
#[derive(Args)]
pub struct ExportPolyglot {
    /// The Polyglot .bin file to write.
    file: PathBuf,
}

impl ExportPolyglot {
    pub fn run(&self, ctx: &Context) -> CommandResult {
        let book = ctx.reading_book();
        let r = polyglot::export(&book, &self.file)?;
        for p in &r.problems {
            crate::commands::say("huo-book", &format!("warning: {p}"));
        }
        println!(
            "Wrote {} entries for {} positions to {}",
            r.entries,
            r.positions,
            self.file.display()
        );
        Ok(ExitCode::SUCCESS)
    }
}

/// `huo-book export-pgn`.
#[derive(Args)]
pub struct ExportPgn {
    /// The PGN file to write.
    file: PathBuf,
    #[command(flatten)]
    fen: FenArg,
    /// Stop lines after N half-moves.
    #[arg(long, value_name = "N")]
    max_ply: Option<u32>,
}

impl ExportPgn {
    pub fn run(&self, ctx: &Context) -> CommandResult {
        let book = ctx.reading_book();
        refuse_damaged(&book)?;
        let start = self.fen.position()?;
        let headers = vec![
            ("Site".to_string(), book.describe()),
            ("Date".to_string(), crate::util::date::pgn_today()),
        ];
        let (text, r) = tree::export_pgn(&book, start, self.max_ply, &headers);
        for p in &r.problems {
            crate::commands::say("huo-book", &format!("warning: {p}"));
        }
        let file = &self.file;
        crate::util::files::write_atomic(file, &text)
            .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
        println!(
            "Wrote {} positions, {} moves ({} transpositions marked{}) to {}",
            r.positions,
            r.moves,
            r.transpositions,
            if r.cut > 0 {
                format!(", {} lines cut by --max-ply", r.cut)
            } else {
                String::new()
            },
            file.display()
        );
        Ok(ExitCode::SUCCESS)
    }
}

/// `huo-book dump`.
#[derive(Args)]
pub struct Dump {
    #[command(flatten)]
    fen: FenArg,
    /// Stop lines after N half-moves (a cut line ends with "...").
    #[arg(long, value_name = "N")]
    max_ply: Option<u32>,
}

impl Dump {
    pub fn run(&self, ctx: &Context) -> CommandResult {
        let book = ctx.reading_book();
        refuse_damaged(&book)?;
        let start = self.fen.position()?;
        let (lines, r) = tree::dump(&book, start, self.max_ply);
        for p in &r.problems {
            crate::commands::say("huo-book", &format!("warning: {p}"));
        }
        let mut out = std::io::stdout().lock();
        for l in &lines {
            if writeln!(out, "{l}").is_err() {
                return Ok(ExitCode::SUCCESS); // a closed pipe (| head)
            }
        }
        eprintln!(
            "{} lines, {} positions, {} transpositions",
            lines.len(),
            r.positions,
            r.transpositions
        );
        Ok(ExitCode::SUCCESS)
    }
}

/// An export walks the book position by position: a damaged pack, whose records a lookup
/// may not all find, stops it before anything is written.
fn refuse_damaged(book: &Book) -> Result<(), BookError> {
    match book.dir() {
        Some(dir) => pack::verify(dir).map(|_| ()),
        None => Ok(()),
    }
}
