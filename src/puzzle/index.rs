//! An imported puzzle database kept so that the next puzzle is found at once among
//! millions: the puzzles' lines as they were read (`imported.csv`), and beside them an
//! index (`imported.idx`) of fixed-width entries sorted by rating. An entry is 16 bytes:
//! the rating (2 bytes), the line's byte offset in the data file (6 bytes) and the
//! puzzle's themes as a bit mask (8 bytes, [`super::record::THEMES`]), all little-endian,
//! after a 24-byte header (`HUOPZIX1`, the entry count, the data file's length).
//!
//! Sorted by rating, the puzzles near a rating are a run of entries found by binary
//! search (about 22 reads for 4 million); a random entry of the run, and the next ones
//! whose themes match, give the next puzzle without reading the rest.

use super::csv;
use super::record::Puzzle;
use crate::util::rng::XorShift;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// The puzzles' lines.
pub const DATA_NAME: &str = "imported.csv";
/// Their index.
pub const INDEX_NAME: &str = "imported.idx";
/// The index's first bytes.
pub const MAGIC: &[u8; 8] = b"HUOPZIX1";
/// The header's size.
pub const HEADER_LEN: u64 = 24;
/// An entry's size.
pub const ENTRY_LEN: usize = 16;
/// The largest data file an entry's offset can point into (6 bytes).
pub const MAX_OFFSET: u64 = (1 << 48) - 1;

/// One entry of the index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub rating: u16,
    /// Where the puzzle's line starts in the data file.
    pub offset: u64,
    pub themes: u64,
}

impl Entry {
    pub fn encode(&self) -> [u8; ENTRY_LEN] {
        let mut b = [0u8; ENTRY_LEN];
        b[0..2].copy_from_slice(&self.rating.to_le_bytes());
        b[2..8].copy_from_slice(&self.offset.to_le_bytes()[0..6]);
        b[8..16].copy_from_slice(&self.themes.to_le_bytes());
        b
    }

    pub fn decode(b: &[u8]) -> Entry {
        let mut offset = [0u8; 8];
        offset[0..6].copy_from_slice(&b[2..8]);
        Entry {
            rating: u16::from_le_bytes([b[0], b[1]]),
            offset: u64::from_le_bytes(offset),
            themes: u64::from_le_bytes(b[8..16].try_into().expect("8 bytes")),
        }
    }
}

/// The index's header: its magic, the entry count, the data file's length.
pub fn header(count: u64, data_len: u64) -> [u8; HEADER_LEN as usize] {
    let mut h = [0u8; HEADER_LEN as usize];
    h[0..8].copy_from_slice(MAGIC);
    h[8..16].copy_from_slice(&count.to_le_bytes());
    h[16..24].copy_from_slice(&data_len.to_le_bytes());
    h
}

/// An imported database, opened.
pub struct Imported {
    data: File,
    index: File,
    count: u64,
    data_path: PathBuf,
}

/// The error of a damaged import: what is wrong, and how to mend it.
fn damaged(path: &Path, what: impl std::fmt::Display) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!(
            "{}: {what} (import the puzzles again: huo-chess puzzle import FILE)",
            path.display()
        ),
    )
}

/// Which of the puzzles near a rating to take.
pub struct Wanted<'a> {
    /// The lowest and highest rating.
    pub low: u16,
    pub high: u16,
    /// Themes the puzzle must all have (0: any).
    pub themes: u64,
    /// Puzzles not to take (already played, or taken in this session), by id.
    pub skip: &'a dyn Fn(&str) -> bool,
}

impl Imported {
    /// The import in `dir`, if there is one; an index that does not match its data file
    /// is an error naming it.
    pub fn open(dir: &Path) -> io::Result<Option<Imported>> {
        let data_path = dir.join(DATA_NAME);
        let index_path = dir.join(INDEX_NAME);
        let index = match File::open(&index_path) {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        let data = File::open(&data_path)?;
        let mut imported = Imported {
            data,
            index,
            count: 0,
            data_path,
        };
        let mut h = [0u8; HEADER_LEN as usize];
        imported
            .index
            .read_exact(&mut h)
            .map_err(|_| damaged(&index_path, "too short for an index"))?;
        if &h[0..8] != MAGIC {
            return Err(damaged(&index_path, "not a puzzle index"));
        }
        let count = u64::from_le_bytes(h[8..16].try_into().expect("8 bytes"));
        let data_len = u64::from_le_bytes(h[16..24].try_into().expect("8 bytes"));
        let index_len = imported.index.metadata()?.len();
        if index_len != HEADER_LEN + count * ENTRY_LEN as u64 {
            return Err(damaged(
                &index_path,
                "its length does not match its entries",
            ));
        }
        if imported.data.metadata()?.len() != data_len {
            return Err(damaged(
                &imported.data_path,
                "its length is not the one its index was made for",
            ));
        }
        imported.count = count;
        Ok(Some(imported))
    }

    /// How many puzzles.
    pub fn len(&self) -> u64 {
        self.count
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Entry `i` (in rating order).
    pub fn entry(&mut self, i: u64) -> io::Result<Entry> {
        let mut b = [0u8; ENTRY_LEN];
        self.index
            .seek(SeekFrom::Start(HEADER_LEN + i * ENTRY_LEN as u64))?;
        self.index.read_exact(&mut b)?;
        Ok(Entry::decode(&b))
    }

    /// The first entry rated `rating` or more (`len` when none is).
    fn lower_bound(&mut self, rating: u16) -> io::Result<u64> {
        let (mut lo, mut hi) = (0, self.count);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.entry(mid)?.rating < rating {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        Ok(lo)
    }

    /// The entries rated from `low` to `high`: their first and one past their last.
    pub fn range(&mut self, low: u16, high: u16) -> io::Result<(u64, u64)> {
        let start = self.lower_bound(low)?;
        let end = match high.checked_add(1) {
            Some(h) => self.lower_bound(h)?,
            None => self.count,
        };
        Ok((start, end.max(start)))
    }

    /// The puzzle whose line starts at `offset`.
    pub fn puzzle_at(&mut self, offset: u64) -> io::Result<Puzzle> {
        self.data.seek(SeekFrom::Start(offset))?;
        let mut line = Vec::with_capacity(256);
        let mut chunk = [0u8; 512];
        loop {
            let n = self.data.read(&mut chunk)?;
            if n == 0 {
                break;
            }
            match chunk[..n].iter().position(|&b| b == b'\n') {
                Some(end) => {
                    line.extend_from_slice(&chunk[..end]);
                    break;
                }
                None => line.extend_from_slice(&chunk[..n]),
            }
            if line.len() > 1 << 16 {
                return Err(damaged(
                    &self.data_path,
                    format!("byte {offset}: no line end"),
                ));
            }
        }
        let text = std::str::from_utf8(&line)
            .map_err(|_| damaged(&self.data_path, format!("byte {offset}: not text")))?;
        csv::parse_line(text).map_err(|e| damaged(&self.data_path, format!("byte {offset}: {e}")))
    }

    /// A puzzle as `wanted` asks, chosen at random among those the index has there: the
    /// entries from a random one on (going round), the first whose themes match and that
    /// is not skipped. `None` when none is found (or too many were skipped to go on).
    pub fn pick(&mut self, wanted: &Wanted, rng: &mut XorShift) -> io::Result<Option<Puzzle>> {
        /// Entries read at once while looking for matching themes.
        const CHUNK: u64 = 4096;
        /// Puzzles read and found skipped before giving up on this range.
        const MAX_SKIPPED: u32 = 2000;
        let (start, end) = self.range(wanted.low, wanted.high)?;
        let n = end - start;
        if n == 0 {
            return Ok(None);
        }
        let first = start + rng.below(n as usize) as u64;
        let mut skipped = 0;
        let mut buf = vec![0u8; CHUNK as usize * ENTRY_LEN];
        // From `first` to the end, then from the start to `first`.
        for (from, to) in [(first, end), (start, first)] {
            let mut i = from;
            while i < to {
                let take = CHUNK.min(to - i);
                let bytes = &mut buf[..take as usize * ENTRY_LEN];
                self.index
                    .seek(SeekFrom::Start(HEADER_LEN + i * ENTRY_LEN as u64))?;
                self.index.read_exact(bytes)?;
                for k in 0..take as usize {
                    let e = Entry::decode(&bytes[k * ENTRY_LEN..(k + 1) * ENTRY_LEN]);
                    if e.themes & wanted.themes != wanted.themes {
                        continue;
                    }
                    let puzzle = self.puzzle_at(e.offset)?;
                    if !(wanted.skip)(&puzzle.id) {
                        return Ok(Some(puzzle));
                    }
                    skipped += 1;
                    if skipped >= MAX_SKIPPED {
                        return Ok(None);
                    }
                }
                i += take;
            }
        }
        Ok(None)
    }

    /// How many puzzles are rated from `low` to `high` (whatever their themes).
    pub fn count_between(&mut self, low: u16, high: u16) -> io::Result<u64> {
        let (s, e) = self.range(low, high)?;
        Ok(e - s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_round_trips() {
        let e = Entry {
            rating: 2875,
            offset: MAX_OFFSET,
            themes: u64::MAX - 5,
        };
        assert_eq!(Entry::decode(&e.encode()), e);
    }
}
