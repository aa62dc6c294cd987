//! `stats` and `check`: the whole book read once, file by file (and packed record by
//! packed record), counted and validated; `check` validates the training schedule too.

use super::context::Context;
use crate::book::{Book, FileReport};
use crate::commands::error::CommandResult;
use crate::util::progress;
use clap::Args;
use std::io::Write;
use std::process::ExitCode;

/// `huo-book stats`.
#[derive(Args)]
pub struct Stats {}

impl Stats {
    pub fn run(&self, ctx: &Context) -> CommandResult {
        let book = ctx.reading_book();
        let mut t = Totals::default();
        for f in scanned(&book) {
            t.add(&f);
            if !f.problems.is_empty() {
                t.bad
                    .push(format!("  {} ({} problem(s))", f.file, f.problems.len()));
            }
        }
        println!("Book:      {}", book.describe());
        println!("Files:     {}", t.files);
        println!("Positions: {}", t.positions);
        println!("Moves:     {} ({} playable)", t.moves, t.playable);
        println!("Files with problems: {}", t.bad.len());
        for b in &t.bad {
            println!("{b}");
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// `huo-book check`.
#[derive(Args)]
pub struct Check {}

impl Check {
    pub fn run(&self, ctx: &Context) -> CommandResult {
        let book = ctx.reading_book();
        let (mut files, mut bad_files, mut problems) = (0usize, 0usize, 0usize);
        let mut out = std::io::stdout().lock();
        for f in scanned(&book) {
            files += 1;
            bad_files += (!f.problems.is_empty()) as usize;
            for p in &f.problems {
                let _ = writeln!(out, "{p}");
                problems += 1;
            }
        }
        // The training schedule beside the positions (`huo-book train`), line by line.
        if let Some(dir) = book.dir()
            && crate::train::schedule::path_in(dir).exists()
        {
            let found = crate::train::schedule::check(dir);
            files += 1;
            bad_files += (!found.is_empty()) as usize;
            for p in &found {
                let _ = writeln!(out, "{p}");
                problems += 1;
            }
        }
        if problems > 0 {
            let _ = writeln!(out, "{problems} problem(s) in {bad_files} of {files} files");
            Ok(ExitCode::FAILURE)
        } else {
            let _ = writeln!(out, "{}: {files} files, no problems", book.describe());
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// What `stats` counts, one file (or packed record) at a time.
#[derive(Default)]
struct Totals {
    files: usize,
    positions: usize,
    moves: usize,
    playable: usize,
    /// One line per file with problems.
    bad: Vec<String>,
}

impl Totals {
    fn add(&mut self, f: &FileReport) {
        self.files += 1;
        self.positions += (!f.moves.is_empty()) as usize;
        self.moves += f.moves.len();
        self.playable += f.moves.iter().filter(|m| m.weight > 0).count();
    }
}

/// The book's files and packed records, streamed one at a time, with a progress bar on
/// standard error when it is a terminal (cleared at the end).
fn scanned(book: &Book) -> impl Iterator<Item = FileReport> {
    let mut scan = book.scan_iter();
    // In thousandths of the key space (keys are spread evenly: that tracks the work).
    let bar = progress::bar(1000, "{percent:>3}% {msg}");
    let mut count = 0u64;
    std::iter::from_fn(move || {
        let next = scan.next();
        count += 1;
        if next.is_none() {
            bar.finish_and_clear();
        } else if count.is_multiple_of(64) {
            bar.set_position((scan.fraction() * 1000.0) as u64);
            bar.set_message(format!("{count} files"));
        }
        next
    })
}
