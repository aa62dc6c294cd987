//! The packed book: every position of a book in one text file, `DIR/packed.book`, for books
//! too big for a file per position (half a million files is the file system's problem, and
//! git's).
//!
//! The pack is text only, records sorted by key ([`text`] has the exact rules):
//!
//! ```text
//! # Huo Chess opening book, packed: ...
//!
//! [463b96181691fc9c]
//! fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -
//! e2e4 weight=3 games=3 w=2 d=1 l=0
//!
//! [823c9b50fd114196]
//! # a note on the position
//! fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -
//! e7e5 weight=2
//! ```
//!
//! Each record is what the position's own file holds, less the generated header and
//! diagram (which would triple the size): `git diff` shows a changed move as a changed
//! line, and two branches adding different positions merge without a conflict. There is
//! no index to go stale: a lookup bisects the sorted records by byte offset, reading a few
//! kilobytes whatever the size of the book (about 20 reads of 4 KiB at a million
//! positions), and checks on its way that the keys it meets are in order. [`Records`]
//! streams the whole pack (one handle, so one consistent file even if an import replaces
//! it meanwhile), checking every line.
//!
//! A position file (`DIR/xx/key.txt`) wins over the packed record of the same key: editing
//! a packed position writes its file (`Book::update`). The pack is rewritten
//! whole by the batch writers ([`super::batch`]), and a damaged pack is reported with its
//! line, never a panic, never used for writing.

pub mod text;

use super::error::{BookError, Doing};
use std::fs::File;
use std::io::{BufRead, BufReader, ErrorKind, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The pack's name in the book directory.
pub const FILE_NAME: &str = "packed.book";
/// The first bytes of the binary packs of earlier versions.
const BINARY_MAGIC: &[u8] = b"HUOPACK1";
/// Bytes read at a time by a lookup.
const CHUNK: usize = 4096;
/// Below this many bytes a lookup reads the records in turn instead of bisecting.
const WINDOW: u64 = 2 * CHUNK as u64;

/// The pack of book directory `dir`.
pub fn path(dir: &Path) -> PathBuf {
    dir.join(FILE_NAME)
}

/// A packed record as shown to the user: `books/packed.book#463b96181691fc9c`.
pub fn shown(dir: &Path, key: u64) -> String {
    format!("{}#{key:016x}", path(dir).display())
}

fn damaged(p: &Path, what: &str) -> BookError {
    BookError::DamagedPack {
        path: p.to_path_buf(),
        what: what.to_string(),
    }
}

fn io_error(p: &Path, e: std::io::Error) -> BookError {
    BookError::io(Doing::Read, p, e)
}

fn binary(p: &Path) -> BookError {
    BookError::OldPack {
        path: p.to_path_buf(),
    }
}

/// Opens `dir`'s pack: `Ok(None)` when there is none.
fn open(p: &Path) -> Result<Option<File>, BookError> {
    match File::open(p) {
        Ok(f) => Ok(Some(f)),
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
        Err(e) => Err(io_error(p, e)),
    }
}

/// Reads positioned chunks of one open pack.
struct Bisect<'a> {
    file: &'a File,
    len: u64,
    path: &'a Path,
}

impl Bisect<'_> {
    /// Up to `n` bytes from `at` (fewer at the end of the file).
    fn read(&self, at: u64, n: usize) -> Result<Vec<u8>, BookError> {
        let mut f = self.file;
        f.seek(SeekFrom::Start(at))
            .map_err(|e| io_error(self.path, e))?;
        let mut buf = Vec::with_capacity(n);
        f.take(n as u64)
            .read_to_end(&mut buf)
            .map_err(|e| io_error(self.path, e))?;
        Ok(buf)
    }

    /// The first record whose key line starts in `[from, to)`: (where its key line
    /// starts, its key, where its text starts).
    fn next_key(&self, from: u64, to: u64) -> Result<Option<(u64, u64, u64)>, BookError> {
        // A key line starts at 0 or after a '\n': read from the byte before `from`.
        let mut at = from.saturating_sub(1);
        let mut first = from == 0;
        while at < to.min(self.len) {
            let buf = self.read(at, CHUNK)?;
            if buf.is_empty() {
                return Ok(None);
            }
            let hit = if first && buf[0] == b'[' {
                Some(0)
            } else {
                buf.windows(2).position(|w| w == b"\n[").map(|i| i + 1)
            };
            first = false;
            if let Some(i) = hit {
                let start = at + i as u64;
                if start >= to {
                    return Ok(None);
                }
                let line = self.read(start, 24)?;
                let end = line
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(line.len(), |e| e + 1);
                let key = text::key_of_line(&line[..end]).ok_or_else(|| {
                    damaged(
                        self.path,
                        &format!("byte {start}: a line starting with '[' is not a key line"),
                    )
                })?;
                return Ok(Some((start, key, start + end as u64)));
            }
            // The last byte may be the '\n' before a key line: read it again.
            at += (buf.len() as u64 - 1).max(1);
        }
        Ok(None)
    }

    /// The text of the record whose text starts at `text_at`: up to the next key line
    /// (checked to be one) or the end of the file.
    fn text(&self, text_at: u64) -> Result<String, BookError> {
        let mut out: Vec<u8> = Vec::new();
        let mut end;
        loop {
            let buf = self.read(text_at + out.len() as u64, CHUNK)?;
            let joined_at = out.len();
            out.extend_from_slice(&buf);
            // A key line right at the start (an empty record), or after a '\n'.
            end = if joined_at == 0 && out.first() == Some(&b'[') {
                Some(0)
            } else {
                let from = joined_at.saturating_sub(1);
                out[from..]
                    .windows(2)
                    .position(|w| w == b"\n[")
                    .map(|i| from + i + 1)
            };
            if end.is_some() || buf.len() < CHUNK {
                break;
            }
        }
        if let Some(end) = end {
            let at = text_at + end as u64;
            let line = self.read(at, 24)?;
            let len = line
                .iter()
                .position(|&b| b == b'\n')
                .map_or(line.len(), |e| e + 1);
            if text::key_of_line(&line[..len]).is_none() {
                return Err(damaged(
                    self.path,
                    &format!("byte {at}: a line starting with '[' is not a key line"),
                ));
            }
            out.truncate(end);
        }
        out.truncate(text::without_separator(&out));
        String::from_utf8(out).map_err(|_| damaged(self.path, "a record is not UTF-8 text"))
    }
}

/// The record of `key` in `dir`'s pack: `Ok(None)` without a pack or without the key. The
/// file is opened once and bisected (see the module docs); keys met out of order make it
/// an error.
pub fn lookup(dir: &Path, key: u64) -> Result<Option<String>, BookError> {
    let p = path(dir);
    let Some(file) = open(&p)? else {
        return Ok(None);
    };
    let len = file.metadata().map_err(|e| io_error(&p, e))?.len();
    let b = Bisect {
        file: &file,
        len,
        path: &p,
    };
    if b.read(0, BINARY_MAGIC.len())? == BINARY_MAGIC {
        return Err(binary(&p));
    }
    // The record of `key`, if any, has its key line in [lo, hi); the keys met so far
    // below and above it bound every key met later.
    let (mut lo, mut hi) = (0u64, len);
    let (mut below, mut above): (Option<u64>, Option<u64>) = (None, None);
    let out_of_order = |start: u64| damaged(&p, &format!("byte {start}: keys out of order"));
    while hi - lo > WINDOW {
        let mid = lo + (hi - lo) / 2;
        match b.next_key(mid, hi)? {
            None => hi = mid,
            Some((start, k, text_at)) => {
                if below.is_some_and(|b| k <= b) || above.is_some_and(|a| k >= a) {
                    return Err(out_of_order(start));
                }
                if k == key {
                    return b.text(text_at).map(Some);
                } else if k < key {
                    (lo, below) = (text_at, Some(k));
                } else {
                    (hi, above) = (start, Some(k));
                }
            }
        }
    }
    // The window: every record in it read (in order), and the two after it, so that a
    // record swapped with its neighbour is an error rather than a miss.
    let (mut at, mut found) = (lo, None);
    while let Some((start, k, text_at)) = b.next_key(at, hi)? {
        if below.is_some_and(|b| k <= b) || above.is_some_and(|a| k >= a) {
            return Err(out_of_order(start));
        }
        if k == key {
            found = Some(text_at);
        }
        (at, below) = (text_at, Some(k));
    }
    let mut at = hi;
    for _ in 0..2 {
        let Some((start, k, text_at)) = b.next_key(at, len)? else {
            break;
        };
        if below.is_some_and(|b| k <= b) {
            return Err(out_of_order(start));
        }
        (at, below) = (text_at, Some(k));
    }
    found.map(|at| b.text(at)).transpose()
}

/// A pack read once for many lookups in a row (a walk through the whole repertoire, as
/// `huo-book train` and `train --stats` make): the file's bytes in memory and where each
/// record is, so that a lookup is a search in memory instead of some twenty reads of the
/// file. A snapshot: the pack as it was when read (a pack replaced later is not seen),
/// which is what one walk wants. Keys out of order, a line starting with `[` that is not a
/// key line, or an old binary pack are errors, as for [`lookup`].
pub struct Index {
    path: PathBuf,
    bytes: Vec<u8>,
    /// Each record's key, where its text starts and where it ends, by key.
    records: Vec<(u64, usize, usize)>,
}

impl std::fmt::Debug for Index {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Index({}, {} records)",
            self.path.display(),
            self.records.len()
        )
    }
}

impl Index {
    /// `dir`'s pack read whole: `Ok(None)` when there is none.
    pub fn open(dir: &Path) -> Result<Option<Index>, BookError> {
        let p = path(dir);
        let bytes = match std::fs::read(&p) {
            Ok(b) => b,
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(io_error(&p, e)),
        };
        if bytes.starts_with(BINARY_MAGIC) {
            return Err(binary(&p));
        }
        let mut records: Vec<(u64, usize, usize)> = Vec::new();
        let mut at = 0;
        while at < bytes.len() {
            let end = bytes[at..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(bytes.len(), |i| at + i + 1);
            if bytes[at] == b'[' {
                let key = text::key_of_line(&bytes[at..end]).ok_or_else(|| {
                    damaged(
                        &p,
                        &format!("byte {at}: a line starting with '[' is not a key line"),
                    )
                })?;
                if let Some(last) = records.last_mut() {
                    if key <= last.0 {
                        return Err(damaged(&p, &format!("byte {at}: keys out of order")));
                    }
                    last.2 = last.1 + text::without_separator(&bytes[last.1..at]);
                }
                records.push((key, end, bytes.len()));
            }
            at = end;
        }
        if let Some(last) = records.last_mut() {
            last.2 = last.1 + text::without_separator(&bytes[last.1..]);
        }
        Ok(Some(Index {
            path: p,
            bytes,
            records,
        }))
    }

    /// The record of `key`, as [`lookup`] gives it.
    pub fn get(&self, key: u64) -> Result<Option<String>, BookError> {
        let Ok(i) = self.records.binary_search_by_key(&key, |r| r.0) else {
            return Ok(None);
        };
        let (_, from, to) = self.records[i];
        String::from_utf8(self.bytes[from..to].to_vec())
            .map(Some)
            .map_err(|_| damaged(&self.path, "a record is not UTF-8 text"))
    }

    /// How many records the pack has.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }
}

/// One record of a pack, as [`Records`] reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub key: u64,
    /// Its lines, without the key line and the blank line after the record.
    pub text: String,
    /// The line number in the pack of its first text line.
    pub line: usize,
}

/// Every record of a pack, in key order, read as a stream through one handle (a pack
/// replaced meanwhile is read to its end as it was opened), in constant memory. Every line
/// is checked ([`text::Splitter`]): a damaged pack gives an error naming its line, which
/// ends the stream.
pub struct Records {
    path: PathBuf,
    reader: BufReader<File>,
    splitter: text::Splitter,
    /// The next record's key and the line after its key line, once its key line is read.
    next: Option<(u64, usize)>,
    /// A line read ahead (the key line that ended the last record).
    line: Vec<u8>,
    count: u64,
}

impl Records {
    /// The records of `dir`'s pack; `Ok(None)` when there is no pack. An error when it
    /// cannot be read or does not start as a pack.
    pub fn open(dir: &Path) -> Result<Option<Records>, BookError> {
        let p = path(dir);
        let Some(file) = open(&p)? else {
            return Ok(None);
        };
        let mut records = Records {
            path: p,
            reader: BufReader::with_capacity(1 << 16, file),
            splitter: text::Splitter::default(),
            next: None,
            line: Vec::new(),
            count: 0,
        };
        let head = records
            .reader
            .fill_buf()
            .map_err(|e| io_error(&records.path, e))?;
        if head.starts_with(BINARY_MAGIC) {
            return Err(binary(&records.path));
        }
        // The preamble, up to the first key line.
        while records.next.is_none() {
            if !records.read_line()? {
                break;
            }
            if let text::Line::Key(k) = records.classify()? {
                records.next = Some((k, records.splitter.line + 1));
            }
        }
        Ok(Some(records))
    }

    /// The pack's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// How many records were read so far.
    pub fn records_read(&self) -> u64 {
        self.count
    }

    /// Reads the next line into `self.line`; false at the end.
    fn read_line(&mut self) -> Result<bool, BookError> {
        self.line.clear();
        let n = self
            .reader
            .read_until(b'\n', &mut self.line)
            .map_err(|e| io_error(&self.path, e))?;
        Ok(n > 0)
    }

    fn classify(&mut self) -> Result<text::Line, BookError> {
        self.splitter
            .next(&self.line)
            .map_err(|e| damaged(&self.path, &e.to_string()))
    }

    /// The key of the next record, without reading it.
    pub fn peek_key(&self) -> Option<u64> {
        self.next.map(|(k, _)| k)
    }

    /// The next record. An error ends the stream (the pack is damaged).
    pub fn next_record(&mut self) -> Option<Result<Record, BookError>> {
        let (key, line) = self.next.take()?;
        let result = (|| {
            let mut text: Vec<u8> = Vec::new();
            while self.read_line()? {
                if let text::Line::Key(k) = self.classify()? {
                    self.next = Some((k, self.splitter.line + 1));
                    break;
                }
                text.extend_from_slice(&self.line);
            }
            text.truncate(text::without_separator(&text));
            let text = String::from_utf8(text).map_err(|_| {
                damaged(
                    &self.path,
                    &format!("line {line}: the record is not UTF-8 text"),
                )
            })?;
            self.count += 1;
            Ok(Record { key, text, line })
        })();
        if result.is_err() {
            self.next = None;
        }
        Some(result)
    }
}

impl Iterator for Records {
    type Item = Result<Record, BookError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_record()
    }
}

/// Reads `dir`'s whole pack, checking every line: the number of records, or the first
/// problem (naming its line). No pack: 0.
pub fn verify(dir: &Path) -> Result<u64, BookError> {
    let Some(mut records) = Records::open(dir)? else {
        return Ok(0);
    };
    for r in records.by_ref() {
        r?;
    }
    Ok(records.records_read())
}

/// Writes a pack to `out`, records given in increasing key order.
pub struct PackWriter<W: Write> {
    out: W,
    /// The pack, named in messages.
    shown: PathBuf,
    last: Option<u64>,
    count: usize,
}

impl<W: Write> PackWriter<W> {
    /// Starts a pack (its header line) in `out`; `shown` names it in messages.
    pub fn new(mut out: W, shown: &Path) -> Result<PackWriter<W>, BookError> {
        let shown = shown.to_path_buf();
        let header = format!("{}\n", text::HEADER);
        out.write_all(header.as_bytes())
            .map_err(|e| BookError::io(Doing::Write, &shown, e))?;
        Ok(PackWriter {
            out,
            shown,
            last: None,
            count: 0,
        })
    }

    fn error(&self, e: std::io::Error) -> BookError {
        BookError::io(Doing::Write, &self.shown, e)
    }

    /// Adds the record of `key` (greater than every key added before): the lines of the
    /// position's file without the generated header and diagram. No line of it may start
    /// with `[`.
    pub fn add(&mut self, key: u64, text: &str) -> Result<(), BookError> {
        self.add_bytes(key, text.as_bytes())
    }

    /// [`PackWriter::add`] of a record already in bytes (UTF-8 text).
    pub fn add_bytes(&mut self, key: u64, text: &[u8]) -> Result<(), BookError> {
        if self.last.is_some_and(|k| k >= key) {
            return Err(BookError::invalid(
                self.shown.display(),
                format!("records must come in increasing key order ({key:016x})"),
            ));
        }
        if text.first() == Some(&b'[') || text.windows(2).any(|w| w == b"\n[") {
            return Err(BookError::invalid(
                self.shown.display(),
                format!(
                    "the record of {key:016x} has a line starting with '[', which would start \
                     another record"
                ),
            ));
        }
        self.out
            .write_all(text::key_line(key).as_bytes())
            .and_then(|()| self.out.write_all(text))
            .and_then(|()| {
                self.out
                    .write_all(if text.is_empty() || text.ends_with(b"\n") {
                        b"\n"
                    } else {
                        b"\n\n"
                    })
            })
            .map_err(|e| self.error(e))?;
        self.last = Some(key);
        self.count += 1;
        Ok(())
    }

    /// How many records were added.
    pub fn len(&self) -> usize {
        self.count
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Flushes the records and gives the output back.
    pub fn finish(mut self) -> Result<W, BookError> {
        self.out.flush().map_err(|e| self.error(e))?;
        Ok(self.out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::scratch::Scratch;

    fn write_pack(dir: &Path, records: &[(u64, String)]) -> Vec<u8> {
        let mut w = PackWriter::new(Vec::new(), &path(dir)).unwrap();
        for (k, t) in records {
            w.add(*k, t).unwrap();
        }
        let bytes = w.finish().unwrap();
        std::fs::write(path(dir), &bytes).unwrap();
        bytes
    }

    #[test]
    fn records_are_found_by_key_and_streamed_in_order() {
        let dir = Scratch::new("pack-rw");
        let keys: Vec<u64> = (0..3000u64).map(crate::util::rng::splitmix64).collect();
        let mut sorted = keys.clone();
        sorted.sort_unstable();
        // Records of every size, some longer than a read, one empty.
        let text = |k: u64| match k % 7 {
            0 => String::new(),
            1 => format!(
                "fen {k}\n{}",
                "e2e4 weight=1 ; a long comment\n".repeat(300)
            ),
            _ => format!("# note\nfen {k}\ne2e4 weight={}\n", k % 100),
        };
        let records: Vec<(u64, String)> = sorted.iter().map(|&k| (k, text(k))).collect();
        let bytes = write_pack(&dir, &records);
        assert!(!bytes.contains(&0), "text only");
        for k in &keys {
            assert_eq!(lookup(&dir, *k).unwrap(), Some(text(*k)), "{k:016x}");
        }
        for miss in [0, 12345, u64::MAX, sorted[10] + 1] {
            assert_eq!(lookup(&dir, miss).unwrap(), None);
        }
        // The index read once finds the same records, and misses the same keys.
        let index = Index::open(&dir).unwrap().unwrap();
        assert_eq!(index.len(), 3000);
        for k in &keys {
            assert_eq!(index.get(*k).unwrap(), Some(text(*k)), "{k:016x}");
        }
        for miss in [0, 12345, u64::MAX, sorted[10] + 1] {
            assert_eq!(index.get(miss).unwrap(), None);
        }
        // Keys out of order: refused, naming the byte, as a lookup would.
        let bad = Scratch::new("pack-index-order");
        let text_of = String::from_utf8(bytes.clone()).unwrap();
        let swapped = text_of.replacen(
            &format!("[{:016x}]", sorted[1]),
            &format!("[{:016x}]", sorted[0]),
            1,
        );
        std::fs::write(path(&bad), swapped).unwrap();
        let e = Index::open(&bad).unwrap_err().to_string();
        assert!(e.contains("keys out of order"), "{e}");
        assert!(
            Index::open(&Scratch::new("pack-index-none"))
                .unwrap()
                .is_none()
        );
        let mut r = Records::open(&dir).unwrap().unwrap();
        let mut seen = Vec::new();
        for rec in r.by_ref() {
            let rec = rec.unwrap();
            assert_eq!(rec.text, text(rec.key));
            seen.push(rec.key);
        }
        assert_eq!(seen, sorted);
        assert_eq!(r.records_read(), 3000);
        assert_eq!(verify(&dir).unwrap(), 3000);
        let mut w = PackWriter::new(Vec::new(), Path::new("x")).unwrap();
        w.add(5, "fen x\n").unwrap();
        assert!(w.add(5, "fen y\n").is_err());
        assert!(w.add(6, "fen y\n[Event]\n").is_err());
    }

    #[test]
    fn an_empty_pack_and_no_pack() {
        let dir = Scratch::new("pack-empty");
        assert_eq!(lookup(&dir, 1).unwrap(), None);
        assert!(Records::open(&dir).unwrap().is_none());
        assert_eq!(verify(&dir).unwrap(), 0);
        write_pack(&dir, &[]);
        assert_eq!(lookup(&dir, 1).unwrap(), None);
        assert!(Records::open(&dir).unwrap().unwrap().next().is_none());
    }

    #[test]
    fn a_stream_reads_the_pack_it_opened() {
        let dir = Scratch::new("pack-snapshot");
        let old: Vec<(u64, String)> = (1..=500).map(|k| (k, format!("fen old {k}\n"))).collect();
        write_pack(&dir, &old);
        let mut r = Records::open(&dir).unwrap().unwrap();
        let first = r.next().unwrap().unwrap();
        // Replaced meanwhile, as a writer does (a new file renamed over the old one).
        let new: Vec<(u64, String)> = (1..=9).map(|k| (k * 2, format!("fen new {k}\n"))).collect();
        let staged = Scratch::new("pack-snapshot-new");
        write_pack(&staged, &new);
        let bytes = std::fs::read(path(&staged)).unwrap();
        crate::util::files::write_atomic(&path(&dir), bytes).unwrap();
        let rest: Vec<Record> = r.map(Result::unwrap).collect();
        assert_eq!(first.text, "fen old 1\n");
        assert_eq!(rest.len(), 499);
        assert!(
            rest.iter()
                .all(|x| x.text == format!("fen old {}\n", x.key))
        );
        assert_eq!(lookup(&dir, 2).unwrap().as_deref(), Some("fen new 1\n"));
    }

    #[test]
    fn a_damaged_pack_is_an_error_naming_where() {
        let dir = Scratch::new("pack-bad");
        let records: Vec<(u64, String)> = (0..2000u64)
            .map(|i| (i * 1000, format!("fen {i}\ne2e4 weight=1\n")))
            .collect();
        let good = write_pack(&dir, &records);
        let text = String::from_utf8(good).unwrap();
        // Two records swapped near the middle: the stream names the line; a lookup whose
        // bisection meets them says so, and every lookup finds its record or an error.
        let a = "[00000000000f4240]\nfen 1000\ne2e4 weight=1\n\n";
        let b = "[00000000000f4628]\nfen 1001\ne2e4 weight=1\n\n";
        let swapped = text.replace(&format!("{a}{b}"), &format!("{b}{a}"));
        assert_ne!(swapped, text);
        std::fs::write(path(&dir), &swapped).unwrap();
        let e = verify(&dir).unwrap_err();
        assert!(
            e.to_string()
                .contains("line 4007: [00000000000f4240] comes after"),
            "{e}"
        );
        assert!(
            e.to_string().contains("packed.book: damaged packed book"),
            "{e}"
        );
        let (mut found, mut errors) = (0, 0);
        for (k, t) in &records {
            match lookup(&dir, *k) {
                Ok(Some(x)) => {
                    assert_eq!(&x, t);
                    found += 1;
                }
                Ok(None) => panic!("{k} lost without an error"),
                Err(e) => {
                    assert!(e.to_string().contains("keys out of order"), "{e}");
                    errors += 1;
                }
            }
        }
        // The two swapped records are never missed silently; most others are found.
        assert!(lookup(&dir, 1_000_000).is_err() && lookup(&dir, 1_001_000).is_err());
        assert!(
            errors < 200 && found + errors == 2000,
            "{found} found, {errors} errors"
        );
        // A line starting with '[' inside a record, and bytes that are not UTF-8.
        std::fs::write(
            path(&dir),
            text.replace("fen 7\n", "fen 7\n[Event \"x\"]\n"),
        )
        .unwrap();
        let e = verify(&dir).unwrap_err();
        assert!(
            e.to_string()
                .contains("line 33: '[Event \"x\"]' is not a record's key line"),
            "{e}"
        );
        let e = lookup(&dir, 7000).unwrap_err();
        assert!(e.to_string().contains("is not a key line"), "{e}");
        let mut bytes = text.clone().into_bytes();
        let at = text.find("fen 5\n").unwrap();
        bytes[at + 4] = 0xff;
        std::fs::write(path(&dir), &bytes).unwrap();
        let e = verify(&dir).unwrap_err();
        assert!(
            e.to_string()
                .contains("line 24: the record is not UTF-8 text"),
            "{e}"
        );
        assert!(
            lookup(&dir, 5000)
                .unwrap_err()
                .to_string()
                .contains("not UTF-8")
        );
        // Cut anywhere: a whole record or none, never half of a key line taken for one.
        for cut in [0, 10, 200, 205, text.len() / 2, text.len() - 3] {
            std::fs::write(path(&dir), &text.as_bytes()[..cut]).unwrap();
            let whole = text[..cut].matches("\n\n").count().saturating_sub(1);
            match verify(&dir) {
                Ok(n) => {
                    assert!(n as usize == whole || n as usize == whole + 1, "cut {cut}");
                    for (k, t) in records.iter().take(whole) {
                        assert_eq!(lookup(&dir, *k).unwrap().as_ref(), Some(t), "cut {cut}");
                    }
                }
                // Within a key line: the half line is named, never taken for a record.
                Err(e) => assert!(e.to_string().contains("is not a record's key line"), "{e}"),
            }
        }
        // A binary pack of an earlier version is named as such.
        std::fs::write(path(&dir), b"HUOPACK1\x10\0\0\0").unwrap();
        assert!(
            verify(&dir)
                .unwrap_err()
                .to_string()
                .contains("binary packed book")
        );
        assert!(
            lookup(&dir, 5)
                .unwrap_err()
                .to_string()
                .contains("binary packed book")
        );
    }
}
