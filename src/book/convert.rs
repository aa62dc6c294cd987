//! A book from one layout to the other, losslessly: [`pack`] puts every position file into
//! the pack, [`unpack`] every packed record into its own file (`huo-book pack` /
//! `unpack`).
//!
//! A record is its file's text without the generated header and diagram, line for line
//! (notes, moves, fields, comments, even their spacing, as written); unpacking puts the
//! generated lines back on top. A book of files as the writers write them comes back byte
//! for byte. Where a position has both a file and a record, the file is what the book
//! shows, so it is what is kept. A book with any problem is refused (nothing written):
//! a line that cannot be read could not be carried over faithfully. Both conversions are
//! one batch ([`super::batch`]): all or nothing.

use super::{BookError, Doing, format, pack, store};
use crate::core::Position;
use crate::util::files::Durability;
use crate::util::transaction::Transaction;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// What a conversion did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConvertReport {
    /// Positions moved into the other layout.
    pub positions: usize,
    /// Positions already in the target layout whose other copy (a packed record under a
    /// file) was dropped: the book never showed it.
    pub shadowed: usize,
}

/// The text of a position for its file or record, checked against its position: an
/// error naming `shown` and the line when it has any problem.
fn checked(text: &str, key: u64, shown: &str, first_line: usize) -> Result<Position, BookError> {
    let parsed = format::parse_from(text, first_line);
    let pos = match format::fen_position(&parsed) {
        Some(Ok(p)) => p,
        Some(Err(e)) => return Err(BookError::invalid(shown, format!("invalid fen: {e}"))),
        None => {
            let (line, msg) = parsed.errors.first().cloned().unwrap_or_default();
            return Err(BookError::invalid(format!("{shown}:{line}"), msg));
        }
    };
    if pos.key() != key {
        return Err(BookError::invalid(
            shown,
            format!("the fen's key is {:016x}, not {key:016x}", pos.key()),
        ));
    }
    let r = format::resolve(&parsed, &pos, shown);
    if let Some(p) = r.problems.first() {
        return Err(BookError::Problems(vec![p.clone()]));
    }
    Ok(pos)
}

fn refuse(e: BookError) -> BookError {
    BookError::Unconverted(Box::new(e))
}

/// The lines of a file's text that the writer did not generate, as written.
fn without_generated(text: &str, pos: &Position) -> String {
    let generated = format::generated_comments(pos);
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let bare = line.trim_end();
        if !generated.iter().any(|g| g.trim_end() == bare) {
            out.push_str(line);
        }
    }
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// Every position file of `dir` in key order: (key, path). A file with a bad name is an
/// error.
fn position_files(dir: &Path) -> Result<Vec<(u64, PathBuf)>, BookError> {
    let mut out = Vec::new();
    for (_, name) in store::list_folders(dir) {
        for (key, path) in store::list_folder(dir, &name) {
            let key = key.ok_or_else(|| {
                refuse(BookError::invalid(
                    path.display(),
                    "not a book file name (xx/<16 lowercase hex digits>.txt)",
                ))
            })?;
            out.push((key, path));
        }
    }
    Ok(out)
}

fn write_error(path: &Path, e: std::io::Error) -> BookError {
    BookError::io(Doing::Write, path, e)
}

/// Puts every position file of book directory `dir` into its pack (the records already
/// there kept), and deletes the files.
pub fn pack(dir: &Path) -> Result<ConvertReport, BookError> {
    let _guard = store::lock(dir)?;
    let mut report = ConvertReport::default();
    let files = position_files(dir)?;
    let mut old = pack::Records::open(dir)?;
    let mut tx = Transaction::begin(dir, store::STAGING)
        .map_err(|e| BookError::io(Doing::WriteIn, dir, e))?;
    let pack_path = pack::path(dir);
    let staged = tx
        .create(Path::new(pack::FILE_NAME))
        .map_err(|e| write_error(&pack_path, e))?;
    let mut new = pack::PackWriter::new(BufWriter::with_capacity(1 << 16, staged), &pack_path)?;
    let mut copy_old = |up_to: u64, new: &mut pack::PackWriter<_>| -> Result<bool, BookError> {
        // Copies the records before `up_to`; true when `up_to` had one (dropped).
        let Some(records) = old.as_mut() else {
            return Ok(false);
        };
        while records.peek_key().is_some_and(|k| k <= up_to) {
            let r = records.next_record().expect("a peeked record")?;
            if r.key == up_to {
                return Ok(true);
            }
            let shown = format!("{}:{}", pack_path.display(), r.line);
            checked(&r.text, r.key, &shown, r.line).map_err(refuse)?;
            new.add(r.key, &r.text)?;
        }
        Ok(false)
    };
    for (key, path) in &files {
        report.shadowed += copy_old(*key, &mut new)? as usize;
        let shown = path.display().to_string();
        let text = store::read(path)?
            .ok_or_else(|| BookError::invalid(&shown, "vanished while reading"))?;
        let pos = checked(&text, *key, &shown, 1).map_err(refuse)?;
        new.add(*key, &without_generated(&text, &pos))?;
        tx.remove(Path::new(&store::relative_path(*key)));
        report.positions += 1;
    }
    copy_old(u64::MAX, &mut new)?;
    new.finish()?
        .into_inner()
        .map_err(|e| write_error(&pack_path, e.into_error()))?
        .flush()
        .map_err(|e| write_error(&pack_path, e))?;
    tx.commit(Durability::Now)
        .map_err(|e| BookError::io(Doing::WriteIn, dir, e))?;
    Ok(report)
}

/// Writes every packed record of book directory `dir` to its own file (a position that
/// has a file keeps it), and deletes the pack.
pub fn unpack(dir: &Path) -> Result<ConvertReport, BookError> {
    let _guard = store::lock(dir)?;
    let mut report = ConvertReport::default();
    let mut files = std::collections::HashSet::new();
    // The files stay as they are, but a damaged book is refused whole, as `pack` does.
    for (key, path) in position_files(dir)? {
        let shown = path.display().to_string();
        let text = store::read(&path)?
            .ok_or_else(|| BookError::invalid(&shown, "vanished while reading"))?;
        checked(&text, key, &shown, 1).map_err(refuse)?;
        files.insert(key);
    }
    let Some(records) = pack::Records::open(dir)? else {
        return Ok(report);
    };
    let pack_path = pack::path(dir);
    let mut tx = Transaction::begin(dir, store::STAGING)
        .map_err(|e| BookError::io(Doing::WriteIn, dir, e))?;
    for r in records {
        let r = r?;
        let shown = format!("{}:{}", pack_path.display(), r.line);
        let pos = checked(&r.text, r.key, &shown, r.line).map_err(refuse)?;
        if files.contains(&r.key) {
            report.shadowed += 1;
            continue;
        }
        let mut text = String::with_capacity(400 + r.text.len());
        for l in format::generated_comments(&pos) {
            text.push_str(&l);
            text.push('\n');
        }
        text.push_str(&r.text);
        let rel = store::relative_path(r.key);
        tx.write(Path::new(&rel), text)
            .map_err(|e| write_error(&dir.join(&rel), e))?;
        report.positions += 1;
    }
    tx.remove(Path::new(pack::FILE_NAME));
    tx.commit(Durability::NewFilesUnsynced)
        .map_err(|e| BookError::io(Doing::WriteIn, dir, e))?;
    Ok(report)
}
