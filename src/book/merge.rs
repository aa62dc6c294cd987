//! Merging another book into a book: a book directory, the built-in book, or a Polyglot
//! `.bin` (walked as [`super::polyglot`] explains).
//!
//! Each move of the other book is added to the same position's moves: the weights are
//! summed or the larger kept ([`WeightMerge`]), the result fields (`games w d l`) added,
//! other fields and comments kept (the book's own first; the other book's where the book
//! has none), and the other file's `#` notes added to the file's. Files of the other book
//! with problems give their valid moves; the problems are reported with file:line. The
//! merge is all or nothing, in the book's layout ([`super::batch`]): a damaged other book
//! (a pack or file that cannot be read), or a position of this book with a problem, stops
//! it, and nothing is written.

use super::polyglot::{self, ImportReport, PolyglotImportOptions};
use super::{Book, BookError, Incoming, Layout, WeightMerge, merge_move};
use std::path::Path;

/// Where the other book comes from.
#[derive(Clone, Debug)]
pub enum Source<'a> {
    /// A book directory.
    Dir(&'a Path),
    /// The book compiled into the binary.
    BuiltIn,
    /// A Polyglot `.bin` file.
    Polyglot(&'a Path),
}

impl<'a> Source<'a> {
    /// `builtin` (or `built-in`), a `.bin` file, else a directory.
    pub fn parse(text: &'a str) -> Source<'a> {
        let p = Path::new(text);
        if text.eq_ignore_ascii_case("builtin") || text.eq_ignore_ascii_case("built-in") {
            Source::BuiltIn
        } else if p.is_file() || text.to_ascii_lowercase().ends_with(".bin") {
            Source::Polyglot(p)
        } else {
            Source::Dir(p)
        }
    }
}

/// What a merge did.
#[derive(Clone, Debug, Default)]
pub struct MergeReport {
    /// Positions and moves read from the other book.
    pub positions: usize,
    pub moves: usize,
    /// Positions written in this book (files or packed records), and whether packed.
    pub written: usize,
    pub packed: bool,
    /// Problems of the other book's files (their valid moves were merged).
    pub problems: Vec<String>,
    /// For a `.bin`: what its walk found.
    pub polyglot: Option<ImportReport>,
}

/// Merges `other` into `book` (see the module documentation).
pub fn merge(
    book: &Book,
    other: &Source,
    weights: WeightMerge,
    opts: &PolyglotImportOptions,
) -> Result<MergeReport, BookError> {
    let mut report = MergeReport::default();
    let items: Vec<Incoming> = match other {
        Source::Polyglot(path) => {
            // Streamed into the book as the walk finds it.
            let r =
                polyglot::merge_bin(book, path, opts, |old, new| merge_move(old, new, weights))?;
            report.problems.extend(r.warnings.iter().cloned());
            (report.positions, report.moves) = (r.positions, r.moves);
            (report.written, report.packed) = (r.written, r.packed);
            report.polyglot = Some(r);
            return Ok(report);
        }
        Source::Dir(dir) => {
            if !dir.is_dir() {
                return Err(BookError::Refused(format!(
                    "{} is not a book directory nor a .bin file",
                    dir.display()
                )));
            }
            if let (Some(mine), Ok(theirs)) = (book.dir(), dir.canonicalize())
                && mine.canonicalize().is_ok_and(|m| m == theirs)
            {
                return Err(BookError::Refused(format!(
                    "{} is this book: nothing to merge",
                    dir.display()
                )));
            }
            files_of(&Book::open(*dir), &mut report)?
        }
        Source::BuiltIn => files_of(&Book::embedded(), &mut report)?,
    };
    report.positions = items.len();
    report.moves = items.iter().map(|i| i.moves.len()).sum();
    let r = book.merge_batch(items, Layout::Auto, |old, new| {
        merge_move(old, new, weights)
    })?;
    report.written = r.written;
    report.packed = r.packed;
    Ok(report)
}

fn files_of(other: &Book, report: &mut MergeReport) -> Result<Vec<Incoming>, BookError> {
    let mut items = Vec::new();
    for f in other.scan_iter() {
        if let Some(e) = f.damage() {
            return Err(e);
        }
        report.problems.extend(f.problems.iter().cloned());
        let Some(pos) = f.position else { continue };
        if f.moves.is_empty() {
            continue;
        }
        items.push(Incoming {
            pos,
            moves: f.moves,
            notes: f.notes,
        });
    }
    Ok(items)
}
