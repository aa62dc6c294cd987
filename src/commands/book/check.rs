//! `stats` and `check`: the whole book read once, position by position (its own file, or
//! its record in the pack), counted and validated; `check` validates the training schedule
//! too. Both count positions, never files (a packed book is one file of many positions),
//! and say how the book is stored.

use super::context::Context;
use crate::book::{Book, FileReport, pack};
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
        println!("Book:      {} ({})", book.describe(), t.layout());
        println!("Positions: {}", t.counted());
        println!("Moves:     {} ({} playable)", t.moves, t.playable);
        println!("Positions with problems: {}", t.bad.len());
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
        let mut t = Totals::default();
        let (mut bad_positions, mut problems) = (0usize, 0usize);
        let mut out = std::io::stdout().lock();
        for f in scanned(&book) {
            t.add(&f);
            bad_positions += (!f.problems.is_empty()) as usize;
            for p in &f.problems {
                let _ = writeln!(out, "{p}");
                problems += 1;
            }
        }
        // The training schedule beside the positions (`huo-book train`), line by line.
        let mut schedule = None;
        if let Some(dir) = book.dir()
            && crate::train::schedule::path_in(dir).exists()
        {
            let found = crate::train::schedule::check(dir);
            for p in &found {
                let _ = writeln!(out, "{p}");
                problems += 1;
            }
            schedule = Some(found.len());
        }
        let positions = t.counted();
        if problems > 0 {
            let in_schedule = match schedule {
                Some(n) if n > 0 => format!(", {n} in the training schedule"),
                _ => String::new(),
            };
            let _ = writeln!(
                out,
                "{problems} problem(s): in {bad_positions} of {positions} positions ({}){in_schedule}",
                t.layout()
            );
            Ok(ExitCode::FAILURE)
        } else {
            let _ = writeln!(
                out,
                "{}: {positions} positions ({}){}, no problems",
                book.describe(),
                t.layout(),
                if schedule.is_some() {
                    " and the training schedule"
                } else {
                    ""
                }
            );
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// What `stats` and `check` count, one position (its file, or its packed record) at a time.
#[derive(Default)]
struct Totals {
    /// Positions read from the pack, and from files of their own.
    packed: usize,
    files: usize,
    moves: usize,
    playable: usize,
    /// One line per position with problems.
    bad: Vec<String>,
}

impl Totals {
    fn add(&mut self, f: &FileReport) {
        if is_packed(f) {
            self.packed += 1;
        } else {
            self.files += 1;
        }
        self.moves += f.moves.len();
        self.playable += f.moves.iter().filter(|m| m.weight > 0).count();
    }

    /// The positions read (a packed record and its own file are one position: the file
    /// wins, and the scan gives it once).
    fn counted(&self) -> usize {
        self.packed + self.files
    }

    /// How the book is stored, in words: `packed: all in packed.book`, `packed: 3 in
    /// packed.book, 2 in files of their own`, `a file per position`.
    fn layout(&self) -> String {
        match (self.packed, self.files) {
            (0, _) => "a file per position".to_string(),
            (_, 0) => format!("packed: all in {}", pack::FILE_NAME),
            (p, f) => format!(
                "packed: {p} in {}, {f} in files of their own",
                pack::FILE_NAME
            ),
        }
    }
}

/// Was this position read from the pack (shown as `DIR/packed.book#key`)?
fn is_packed(f: &FileReport) -> bool {
    f.file.contains(&format!("{}#", pack::FILE_NAME))
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
            bar.set_message(format!("{count} positions"));
        }
        next
    })
}
