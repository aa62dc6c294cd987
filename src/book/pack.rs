//! The packed book: many positions in one file, `DIR/packed.book`, for books too big for
//! a file per position (a large `import-pgn` writes one file instead of half a million).
//!
//! Each position is a text record in the book file format (`#` notes, the `fen` line, the
//! moves; no generated diagram), so its text reads like a position file. A binary index
//! finds a record in O(1): a lookup reads the header, two directory slots, the few index
//! entries of one bucket and the record, whatever the size of the book.
//!
//! ```text
//! header   32 bytes: "HUOPACK1", bucket bits (u32), 0 (u32), records (u64), index offset (u64)
//! records  the text records, sorted by key, back to back
//! index    directory: 2^bits + 1 u32, the first entry of each bucket (bucket = the key's
//!          top `bits` bits), then one entry per record: key (u64), record offset (u64)
//! ```
//!
//! All numbers little-endian; a record ends where the next begins (the last at the index).
//! A position file (`DIR/xx/key.txt`) wins over the packed record of the same key: editing
//! a packed position writes its file ([`super::Book::update`]). The pack is rewritten whole,
//! atomically ([`PackWriter`]), and a damaged pack is reported, never a panic.

use super::BookError;
use crate::util::files::AtomicFile;
use std::fs::File;
use std::io::{BufReader, BufWriter, ErrorKind, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The pack's name in the book directory.
pub const FILE_NAME: &str = "packed.book";
const MAGIC: &[u8; 8] = b"HUOPACK1";
const HEADER_LEN: u64 = 32;
/// Bytes of one index entry: key and offset.
const ENTRY_LEN: u64 = 16;
/// Records per directory bucket, on average: a lookup reads about this many entries.
const RECORDS_PER_BUCKET: u64 = 4;
/// The directory is at most 2^MAX_BITS slots (64 MiB of u32).
const MAX_BITS: u32 = 24;

/// The pack of book directory `dir`.
pub fn path(dir: &Path) -> PathBuf {
    dir.join(FILE_NAME)
}

/// A packed record as shown to the user: `books/packed.book#463b96181691fc9c`.
pub fn shown(dir: &Path, key: u64) -> String {
    format!("{}#{key:016x}", path(dir).display())
}

fn damaged(p: &Path, what: &str) -> BookError {
    BookError(format!(
        "{}: damaged packed book ({what}); re-import, or delete it",
        p.display()
    ))
}

fn io_error(p: &Path, e: std::io::Error) -> BookError {
    BookError(format!("cannot read {}: {e}", p.display()))
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().expect("4 bytes"))
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().expect("8 bytes"))
}

/// The header of an open pack, checked against the file's length.
#[derive(Clone, Copy, Debug)]
struct Header {
    bits: u32,
    count: u64,
    index: u64,
}

impl Header {
    fn directory_len(&self) -> u64 {
        ((1u64 << self.bits) + 1) * 4
    }

    fn entries_at(&self) -> u64 {
        self.index + self.directory_len()
    }

    fn bucket(&self, key: u64) -> u64 {
        if self.bits == 0 {
            0
        } else {
            key >> (64 - self.bits)
        }
    }
}

fn read_header(file: &mut File, p: &Path) -> Result<Header, BookError> {
    let len = file.metadata().map_err(|e| io_error(p, e))?.len();
    let mut b = [0u8; HEADER_LEN as usize];
    file.read_exact(&mut b).map_err(|e| match e.kind() {
        ErrorKind::UnexpectedEof => damaged(p, "too short"),
        _ => io_error(p, e),
    })?;
    if &b[..8] != MAGIC {
        return Err(damaged(p, "not a packed book"));
    }
    let h = Header {
        bits: u32_at(&b, 8),
        count: u64_at(&b, 16),
        index: u64_at(&b, 24),
    };
    let fits = h.bits <= MAX_BITS
        && h.index >= HEADER_LEN
        && h.count
            .checked_mul(ENTRY_LEN)
            .and_then(|n| n.checked_add(h.entries_at()))
            == Some(len);
    if !fits {
        return Err(damaged(p, "its sizes do not add up"));
    }
    Ok(h)
}

fn read_at(file: &mut File, p: &Path, at: u64, buf: &mut [u8]) -> Result<(), BookError> {
    file.seek(SeekFrom::Start(at)).map_err(|e| io_error(p, e))?;
    file.read_exact(buf).map_err(|e| io_error(p, e))
}

fn record_text(p: &Path, bytes: Vec<u8>) -> Result<String, BookError> {
    String::from_utf8(bytes).map_err(|_| damaged(p, "a record is not UTF-8 text"))
}

/// The record of `key` in `dir`'s pack: `Ok(None)` without a pack or without the key.
pub fn lookup(dir: &Path, key: u64) -> Result<Option<String>, BookError> {
    let p = path(dir);
    let mut file = match File::open(&p) {
        Ok(f) => f,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_error(&p, e)),
    };
    let h = read_header(&mut file, &p)?;
    let mut slots = [0u8; 8];
    read_at(&mut file, &p, h.index + h.bucket(key) * 4, &mut slots)?;
    let (lo, hi) = (u32_at(&slots, 0) as u64, u32_at(&slots, 4) as u64);
    if lo > hi || hi > h.count {
        return Err(damaged(&p, "a directory slot is out of range"));
    }
    // The bucket's entries and the one after (where the last record ends).
    let n = (hi - lo + 1).min(h.count - lo);
    let mut entries = vec![0u8; (n * ENTRY_LEN) as usize];
    read_at(&mut file, &p, h.entries_at() + lo * ENTRY_LEN, &mut entries)?;
    for i in 0..(hi - lo) as usize {
        if u64_at(&entries, i * 16) != key {
            continue;
        }
        let start = u64_at(&entries, i * 16 + 8);
        let end = if i + 1 < n as usize {
            u64_at(&entries, (i + 1) * 16 + 8)
        } else {
            h.index
        };
        if start < HEADER_LEN || start > end || end > h.index {
            return Err(damaged(&p, "a record offset is out of range"));
        }
        let mut text = vec![0u8; (end - start) as usize];
        read_at(&mut file, &p, start, &mut text)?;
        return record_text(&p, text).map(Some);
    }
    Ok(None)
}

/// Every record of a pack, in key order, read as a stream (two buffered readers: the
/// index entries and the records), in constant memory.
pub struct Records {
    path: PathBuf,
    entries: BufReader<File>,
    data: BufReader<File>,
    header: Header,
    /// Entries read so far, and the next entry (key, offset) once read.
    read: u64,
    next: Option<(u64, u64)>,
}

impl Records {
    /// The records of `dir`'s pack; `Ok(None)` when there is no pack.
    pub fn open(dir: &Path) -> Result<Option<Records>, BookError> {
        let p = path(dir);
        let mut file = match File::open(&p) {
            Ok(f) => f,
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(io_error(&p, e)),
        };
        let header = read_header(&mut file, &p)?;
        // A second handle of its own (a cloned handle would share the file position).
        let mut entries = File::open(&p).map_err(|e| io_error(&p, e))?;
        entries
            .seek(SeekFrom::Start(header.entries_at()))
            .map_err(|e| io_error(&p, e))?;
        let mut records = Records {
            path: p,
            entries: BufReader::new(entries),
            data: BufReader::new(file),
            header,
            read: 0,
            next: None,
        };
        records.next = records.read_entry()?;
        if records.next.is_some_and(|(_, first)| first != HEADER_LEN) {
            return Err(damaged(&records.path, "the first record is misplaced"));
        }
        Ok(Some(records))
    }

    /// How many records the pack has.
    pub fn count(&self) -> u64 {
        self.header.count
    }

    fn read_entry(&mut self) -> Result<Option<(u64, u64)>, BookError> {
        if self.read == self.header.count {
            return Ok(None);
        }
        let mut b = [0u8; ENTRY_LEN as usize];
        self.entries
            .read_exact(&mut b)
            .map_err(|e| io_error(&self.path, e))?;
        self.read += 1;
        Ok(Some((u64_at(&b, 0), u64_at(&b, 8))))
    }

    /// The key of the next record, without reading it.
    pub fn peek_key(&self) -> Option<u64> {
        self.next.map(|(k, _)| k)
    }

    /// The next record: (key, text). An error ends the stream (the pack is damaged).
    pub fn next_record(&mut self) -> Option<Result<(u64, String), BookError>> {
        let (key, start) = self.next?;
        let result = (|| {
            let following = self.read_entry()?;
            let end = following.map_or(self.header.index, |(_, o)| o);
            if following.is_some_and(|(k, _)| k <= key) {
                return Err(damaged(&self.path, "the keys are not in order"));
            }
            if end < start || end > self.header.index {
                return Err(damaged(&self.path, "a record offset is out of range"));
            }
            let mut text = vec![0u8; (end - start) as usize];
            self.data
                .read_exact(&mut text)
                .map_err(|e| io_error(&self.path, e))?;
            self.next = following;
            Ok((key, record_text(&self.path, text)?))
        })();
        if result.is_err() {
            self.next = None;
        }
        Some(result)
    }
}

/// Writes a new pack for `dir`, records given in increasing key order; [`PackWriter::finish`]
/// puts it in place of the old one atomically (one `fsync` for the whole book).
pub struct PackWriter {
    path: PathBuf,
    out: BufWriter<AtomicFile>,
    entries: Vec<(u64, u64)>,
    at: u64,
}

impl PackWriter {
    /// Starts the new pack of `dir` (which must exist; the caller holds the book's lock).
    pub fn create(dir: &Path) -> Result<PackWriter, BookError> {
        let p = path(dir);
        let err = |e: std::io::Error| BookError(format!("cannot write {}: {e}", p.display()));
        let file = AtomicFile::create(&p).map_err(err)?;
        let mut out = BufWriter::with_capacity(1 << 16, file);
        // The header is written last, when the sizes are known.
        out.write_all(&[0u8; HEADER_LEN as usize]).map_err(err)?;
        Ok(PackWriter {
            path: p,
            out,
            entries: Vec::new(),
            at: HEADER_LEN,
        })
    }

    fn error(&self, e: std::io::Error) -> BookError {
        BookError(format!("cannot write {}: {e}", self.path.display()))
    }

    /// Adds the record of `key` (greater than every key added before).
    pub fn add(&mut self, key: u64, text: &str) -> Result<(), BookError> {
        self.add_bytes(key, text.as_bytes())
    }

    /// [`PackWriter::add`] of a record already in bytes (which must be UTF-8 text).
    pub(crate) fn add_bytes(&mut self, key: u64, text: &[u8]) -> Result<(), BookError> {
        if self.entries.last().is_some_and(|&(k, _)| k >= key) {
            return Err(BookError(format!(
                "{}: records must come in increasing key order ({key:016x})",
                self.path.display()
            )));
        }
        self.out.write_all(text).map_err(|e| self.error(e))?;
        self.entries.push((key, self.at));
        self.at += text.len() as u64;
        Ok(())
    }

    /// How many records were added.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Writes the index and the header, syncs and renames the pack into place.
    pub fn finish(mut self) -> Result<(), BookError> {
        let count = self.entries.len() as u64;
        let bits = bucket_bits(count);
        let index = self.at;
        let mut directory = vec![0u32; (1usize << bits) + 1];
        for &(key, _) in &self.entries {
            let b = if bits == 0 { 0 } else { key >> (64 - bits) };
            directory[b as usize + 1] += 1;
        }
        for i in 1..directory.len() {
            directory[i] += directory[i - 1];
        }
        let write = |out: &mut BufWriter<AtomicFile>| -> std::io::Result<()> {
            for d in &directory {
                out.write_all(&d.to_le_bytes())?;
            }
            for &(k, o) in &self.entries {
                out.write_all(&k.to_le_bytes())?;
                out.write_all(&o.to_le_bytes())?;
            }
            let mut header = Vec::with_capacity(HEADER_LEN as usize);
            header.extend_from_slice(MAGIC);
            header.extend_from_slice(&bits.to_le_bytes());
            header.extend_from_slice(&0u32.to_le_bytes());
            header.extend_from_slice(&count.to_le_bytes());
            header.extend_from_slice(&index.to_le_bytes());
            out.flush()?;
            let f = out.get_mut().file();
            f.seek(SeekFrom::Start(0))?;
            f.write_all(&header)
        };
        write(&mut self.out).map_err(|e| self.error(e))?;
        let path = self.path.clone();
        let file = self
            .out
            .into_inner()
            .map_err(|e| BookError(format!("cannot write {}: {e}", path.display())))?;
        file.commit()
            .map_err(|e| BookError(format!("cannot write {}: {e}", path.display())))
    }
}

/// Directory bits for `count` records: about [`RECORDS_PER_BUCKET`] records per bucket.
fn bucket_bits(count: u64) -> u32 {
    let buckets = (count / RECORDS_PER_BUCKET).max(1);
    (64 - (buckets - 1).leading_zeros()).min(MAX_BITS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::scratch::Scratch;

    #[test]
    fn records_are_found_by_key_and_streamed_in_order() {
        let dir = Scratch::new("pack-rw");
        let keys: Vec<u64> = (0..1000u64).map(crate::util::rng::splitmix64).collect();
        let mut sorted = keys.clone();
        sorted.sort_unstable();
        let mut w = PackWriter::create(&dir).unwrap();
        for k in &sorted {
            w.add(*k, &format!("fen {k}\n")).unwrap();
        }
        assert!(w.add(sorted[0], "again").is_err());
        w.finish().unwrap();
        for k in &keys {
            assert_eq!(lookup(&dir, *k).unwrap(), Some(format!("fen {k}\n")));
        }
        assert_eq!(lookup(&dir, 12345).unwrap(), None);
        let mut r = Records::open(&dir).unwrap().unwrap();
        assert_eq!(r.count(), 1000);
        let mut seen = Vec::new();
        while let Some(rec) = r.next_record() {
            seen.push(rec.unwrap().0);
        }
        assert_eq!(seen, sorted);
    }

    #[test]
    fn an_empty_pack_and_no_pack() {
        let dir = Scratch::new("pack-empty");
        assert_eq!(lookup(&dir, 1).unwrap(), None);
        assert!(Records::open(&dir).unwrap().is_none());
        PackWriter::create(&dir).unwrap().finish().unwrap();
        assert_eq!(lookup(&dir, 1).unwrap(), None);
        assert!(
            Records::open(&dir)
                .unwrap()
                .unwrap()
                .next_record()
                .is_none()
        );
    }

    #[test]
    fn a_damaged_pack_is_an_error_not_a_panic() {
        let dir = Scratch::new("pack-bad");
        let mut w = PackWriter::create(&dir).unwrap();
        w.add(5, "fen x\n").unwrap();
        w.finish().unwrap();
        let full = std::fs::read(path(&dir)).unwrap();
        for cut in [0, 10, 40, full.len() - 1] {
            std::fs::write(path(&dir), &full[..cut]).unwrap();
            assert!(lookup(&dir, 5).is_err(), "cut at {cut}");
            assert!(Records::open(&dir).is_err(), "cut at {cut}");
        }
        let mut scrambled = full.clone();
        scrambled[HEADER_LEN as usize + 8..].fill(0xff);
        std::fs::write(path(&dir), &scrambled).unwrap();
        let _ = lookup(&dir, 5); // an error or nothing, never a panic
    }
}
