//! Importing a puzzle database (`huo-chess puzzle import FILE.csv[.zst]`), lichess's
//! whole file included (4 million lines, a gigabyte of text): read as a stream, in
//! constant memory, into the data folder's [`super::index`] pair.
//!
//! 1. Each line is checked as any puzzle line is ([`super::csv`]); a bad one is counted
//!    and skipped (the first few are kept, with their line numbers, to be shown). A good
//!    one is copied to the new data file, and its index entry (rating, offset, themes)
//!    goes to a scratch file in the order read, while the ratings are counted.
//! 2. The entries are sorted by rating with a counting sort: ratings are small whole
//!    numbers, so the count of each rating tells where its run starts in the index, and
//!    each entry read back from the scratch file is written straight to its place (a few
//!    entries buffered per rating, so that the writes come in runs).
//! 3. The data file and the index replace the old ones together or not at all
//!    ([`crate::util::transaction`]): an input that fails part-way, or holds no puzzle,
//!    leaves the previous import as it was. The folder is locked meanwhile (the lock the
//!    progress is saved under), so two imports never mix.

use super::csv::{self, LineError, MAX_RATING};
use super::index::{DATA_NAME, ENTRY_LEN, Entry, HEADER_LEN, INDEX_NAME, MAX_OFFSET, header};
use crate::util::files::{Durability, create_folder_of};
use crate::util::transaction::{self, Transaction};
use std::fmt;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// How many bad lines are kept to be shown.
pub const SHOWN_BAD: usize = 5;

/// The staging folder's name in the puzzles' folder.
const STAGING: &str = ".import-staging";

/// Entries buffered per rating while sorting.
const RUN: usize = 32;

/// What an import did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Puzzles imported.
    pub imported: u64,
    /// Lines skipped as bad.
    pub bad: u64,
    /// The first bad lines ([`SHOWN_BAD`] at most), each `file:line: field: what`.
    pub first_bad: Vec<LineError>,
}

/// Why an import failed (nothing was changed).
#[derive(Debug)]
pub enum ImportError {
    /// The input could not be read (part-way: a truncated archive).
    Read(io::Error),
    /// The import could not be written in the puzzles' folder.
    Write { dir: PathBuf, source: io::Error },
    /// Not one line of the input is a puzzle: its bad lines, if any.
    Nothing { name: String, report: Report },
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Read(e) => write!(f, "{e}"),
            ImportError::Write { dir, source } => {
                write!(f, "cannot write the puzzles in {}: {source}", dir.display())
            }
            ImportError::Nothing { name, report } => {
                write!(f, "{name}: no puzzle found")?;
                if report.bad > 0 {
                    write!(f, " ({} bad line(s)):", report.bad)?;
                    for e in &report.first_bad {
                        write!(f, "\n  {e}")?;
                    }
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for ImportError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ImportError::Read(e) | ImportError::Write { source: e, .. } => Some(e),
            ImportError::Nothing { .. } => None,
        }
    }
}

/// Imports the puzzles of `input` (named `name` in the messages) into `dir` (the data
/// folder's `puzzles`), replacing the previous import as a whole.
pub fn import(input: impl BufRead, name: &str, dir: &Path) -> Result<Report, ImportError> {
    let writing = |source: io::Error| ImportError::Write {
        dir: dir.to_path_buf(),
        source,
    };
    create_folder_of(&dir.join(DATA_NAME)).map_err(writing)?;
    // One import at a time (a second one waits), and none while progress is saved there.
    let _lock =
        crate::book::store::lock(dir).map_err(|e| writing(io::Error::other(e.to_string())))?;
    transaction::recover(dir, STAGING).map_err(writing)?;
    let mut tx = Transaction::begin(dir, STAGING).map_err(writing)?;
    let mut data =
        BufWriter::with_capacity(1 << 16, tx.create(Path::new(DATA_NAME)).map_err(writing)?);
    // The entries in the order read, to be sorted; removed when dropped.
    let mut scratch = Scratch::create(dir).map_err(writing)?;
    let mut counts = vec![0u64; usize::from(MAX_RATING) + 1];
    let mut report = Report::default();
    let mut offset = 0u64;
    {
        let mut entries = BufWriter::with_capacity(1 << 16, &mut scratch.file);
        let mut input = input;
        let mut line = Vec::with_capacity(512);
        let mut number = 0u64;
        loop {
            line.clear();
            if input
                .read_until(b'\n', &mut line)
                .map_err(ImportError::Read)?
                == 0
            {
                break;
            }
            number += 1;
            while matches!(line.last(), Some(b'\n' | b'\r')) {
                line.pop();
            }
            let text = match std::str::from_utf8(&line) {
                Ok(t) => t,
                Err(_) => {
                    bad_line(
                        &mut report,
                        name,
                        number,
                        csv::FieldError {
                            field: "line",
                            message: "not UTF-8 text".into(),
                        },
                    );
                    continue;
                }
            };
            if text.trim().is_empty() || (number == 1 && csv::is_header(text)) {
                continue;
            }
            let puzzle = match csv::parse_line(text) {
                Ok(p) => p,
                Err(e) => {
                    bad_line(&mut report, name, number, e);
                    continue;
                }
            };
            if offset > MAX_OFFSET {
                return Err(writing(io::Error::other("the input is too large to index")));
            }
            let entry = Entry {
                rating: puzzle.rating,
                offset,
                themes: puzzle.theme_mask(),
            };
            data.write_all(&line).map_err(writing)?;
            data.write_all(b"\n").map_err(writing)?;
            offset += line.len() as u64 + 1;
            entries.write_all(&entry.encode()).map_err(writing)?;
            counts[usize::from(puzzle.rating)] += 1;
            report.imported += 1;
        }
        entries.flush().map_err(writing)?;
    }
    if report.imported == 0 {
        return Err(ImportError::Nothing {
            name: name.to_string(),
            report,
        });
    }
    data.flush().map_err(writing)?;
    drop(data);
    let index = tx.create(Path::new(INDEX_NAME)).map_err(writing)?;
    sort_into(index, &mut scratch.file, &counts, report.imported, offset).map_err(writing)?;
    drop(scratch);
    tx.commit(Durability::Now).map_err(writing)?;
    Ok(report)
}

/// Counts a bad line, keeping the first few.
fn bad_line(report: &mut Report, name: &str, line: u64, error: csv::FieldError) {
    report.bad += 1;
    if report.first_bad.len() < SHOWN_BAD {
        report.first_bad.push(LineError {
            file: name.to_string(),
            line,
            error,
        });
    }
}

/// Step 2: the entries of `scratch` (in the order read) written to `index` in rating
/// order, after its header.
fn sort_into(
    mut index: impl Write + Seek,
    scratch: &mut std::fs::File,
    counts: &[u64],
    count: u64,
    data_len: u64,
) -> io::Result<()> {
    index.write_all(&header(count, data_len))?;
    // Where the next entry of each rating goes.
    let mut next = Vec::with_capacity(counts.len());
    let mut start = 0u64;
    for &c in counts {
        next.push(start);
        start += c;
    }
    let mut runs: Vec<Vec<u8>> = vec![Vec::new(); counts.len()];
    let flush = |index: &mut dyn WriteSeek, run: &mut Vec<u8>, at: &mut u64| -> io::Result<()> {
        index.seek(SeekFrom::Start(HEADER_LEN + *at * ENTRY_LEN as u64))?;
        index.write_all(run)?;
        *at += (run.len() / ENTRY_LEN) as u64;
        run.clear();
        Ok(())
    };
    scratch.seek(SeekFrom::Start(0))?;
    let mut reader = BufReader::with_capacity(1 << 16, scratch);
    let mut b = [0u8; ENTRY_LEN];
    loop {
        match reader.read_exact(&mut b) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => break,
            Err(e) => return Err(e),
        }
        let r = usize::from(Entry::decode(&b).rating);
        let run = &mut runs[r];
        if run.capacity() == 0 {
            run.reserve_exact(RUN * ENTRY_LEN);
        }
        run.extend_from_slice(&b);
        if run.len() == RUN * ENTRY_LEN {
            flush(&mut index, run, &mut next[r])?;
        }
    }
    for (r, run) in runs.iter_mut().enumerate() {
        if !run.is_empty() {
            flush(&mut index, run, &mut next[r])?;
        }
    }
    index.flush()
}

/// A writer that seeks (for the sort's writes in place).
trait WriteSeek: Write + Seek {}
impl<T: Write + Seek> WriteSeek for T {}

/// The scratch file of the entries in the order read: beside the import, read and
/// written, removed when dropped (however the import ends).
struct Scratch {
    file: std::fs::File,
    path: PathBuf,
}

impl Scratch {
    fn create(dir: &Path) -> io::Result<Scratch> {
        let path = dir.join(format!(".imported-entries.{}.tmp", std::process::id()));
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(&path)?;
        Ok(Scratch { file, path })
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}
