//! Polyglot `.bin` books, the format most chess programs read.
//!
//! A `.bin` book is a list of 16-byte big-endian entries sorted by key: the position's
//! Polyglot key (u64), a move (u16), a weight (u16) and a learn value (u32).
//! A move packs to-file (bits 0-2), to-rank (3-5), from-file (6-8), from-rank (9-11) and a
//! promotion piece (12-14: 1 knight, 2 bishop, 3 rook, 4 queen). Castling is stored as the
//! king taking its own rook (`e1h1`), where our files write the king's move (`e1g1`).
//! A non-zero learn value is kept as the move's `learn=N` field, and written back on export.
//!
//! A `.bin` file has keys, not positions, so [`import`] finds positions by walking: from the
//! initial position and from every position already in the book, it plays **every legal
//! move** (not only the book's: `polyglot make-book` drops moves only played in lost games,
//! so a book position's parent move may be missing), and continues from each child whose key
//! is in the `.bin`. Between two book positions it crosses up to
//! [`PolyglotImportOptions::max_gap`] plies of positions that are not in the book (2 by
//! default: a missing move of each side). The walk stops as soon as every key is found.
//! Entries of positions that no walk reaches (books made from other start positions, lines
//! starting deeper than the gap) are counted in [`ImportReport::unreached`].
//!
//! An import holds the `.bin`'s entries (16 bytes each) and, per position found, how it
//! was reached (a few bytes), never the positions and their moves: it then writes them one
//! by one in key order, the order of the pack, into the book ([`merge_bin`]).

use super::{Book, BookError, BookMove, Doing, Incoming};
use crate::core::{Move, Position, Role, Square};
use std::collections::{HashMap, VecDeque};
use std::fs::File;
use std::hash::{BuildHasherDefault, Hasher};
use std::io::{BufReader, Read};
use std::path::Path;

/// One `.bin` entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: u64,
    pub mv: u16,
    pub weight: u16,
    pub learn: u32,
}

/// What an export wrote.
#[derive(Clone, Debug, Default)]
pub struct ExportReport {
    pub positions: usize,
    pub entries: usize,
    /// Files with problems (their valid moves were still exported).
    pub problems: Vec<String>,
}

/// What an import found.
#[derive(Clone, Debug, Default)]
pub struct ImportReport {
    pub entries: usize,
    pub positions: usize,
    pub moves: usize,
    /// Entries whose position no walk reached, and how many positions (keys) they are.
    pub unreached: usize,
    pub unreached_positions: usize,
    /// Entries reached only across positions that are not in the book (see the module
    /// documentation): without the all-moves walk they would have been lost.
    pub reached_across_gaps: usize,
    /// Entries whose move is not legal in their position.
    pub bad_moves: usize,
    /// The walk stopped at [`PolyglotImportOptions::walk_limit`] before every entry was
    /// found or ruled out: some of `unreached` may be reachable.
    pub walk_stopped: bool,
    /// Entries repeating a (key, move) pair already read (their weights are added).
    pub duplicates: usize,
    /// Problems with the file itself (a truncated last entry, keys out of order), each
    /// naming the file and byte offset.
    pub warnings: Vec<String>,
    /// Positions written (files or packed records), and whether into the pack.
    pub written: usize,
    pub packed: bool,
}

/// How a `.bin` is walked.
#[derive(Clone, Copy, Debug)]
pub struct PolyglotImportOptions {
    /// Plies of positions not in the book crossed between two book positions.
    pub max_gap: u32,
    /// At most this many positions are made while looking for entries off the book's own
    /// moves (a search two plies past each of 200 000 positions is 5 billion). `None`:
    /// 1 500 per entry (at least 10 million), enough to search one ply past every position
    /// of a book: a `make-book` book of 433 000 entries needs 230 million (about 20 s).
    pub walk_limit: Option<u64>,
}

impl Default for PolyglotImportOptions {
    fn default() -> Self {
        PolyglotImportOptions {
            max_gap: 2,
            walk_limit: None,
        }
    }
}

/// Encodes a legal move of `pos` the Polyglot way (castling as king takes rook).
pub fn encode_move(pos: &Position, mv: Move) -> u16 {
    let (from, mut to) = (mv.from(), mv.to());
    if pos.role_on(from) == Some(Role::King) && from.file().index().abs_diff(to.file().index()) == 2
    {
        let rook_file = if to.file().index() > from.file().index() {
            7
        } else {
            0
        };
        to = Square::from_index(from.rank().index() * 8 + rook_file);
    }
    let promo = mv.promotion().map_or(0, |r| r as u16);
    to.file().index() as u16
        | (to.rank().index() as u16) << 3
        | (from.file().index() as u16) << 6
        | (from.rank().index() as u16) << 9
        | promo << 12
}

/// Decodes a Polyglot move in `pos`; `None` when no legal move matches.
pub fn decode_move(pos: &Position, bits: u16) -> Option<Move> {
    let sq = |file: u16, rank: u16| Square::from_index((rank * 8 + file) as usize);
    let from = sq(bits >> 6 & 7, bits >> 9 & 7);
    let mut to = sq(bits & 7, bits >> 3 & 7);
    let promo = match bits >> 12 & 7 {
        0 => None,
        1 => Some(Role::Knight),
        2 => Some(Role::Bishop),
        3 => Some(Role::Rook),
        4 => Some(Role::Queen),
        _ => return None,
    };
    if pos.role_on(from) == Some(Role::King)
        && pos.piece_on(to) == Some(crate::core::Piece::new(pos.turn(), Role::Rook))
        && from.rank() == to.rank()
    {
        let file = if to.file().index() > from.file().index() {
            6
        } else {
            2
        };
        to = Square::from_index(from.rank().index() * 8 + file);
    }
    let mv = Move::new(from, to, promo);
    pos.is_legal(mv).then_some(mv)
}

/// A `.bin` whose length is no whole number of 16-byte entries: how many bytes it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartialEntry {
    pub bytes: usize,
}

impl std::fmt::Display for PartialEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} bytes is not a whole number of 16-byte entries",
            self.bytes
        )
    }
}

impl std::error::Error for PartialEntry {}

/// Reads a `.bin` file's entries.
///
/// ```
/// use huo_chess::book::polyglot::read_entries;
/// assert_eq!(read_entries(&[0; 32]).unwrap().len(), 2);
/// assert_eq!(
///     read_entries(&[0; 20]).unwrap_err().to_string(),
///     "20 bytes is not a whole number of 16-byte entries"
/// );
/// ```
pub fn read_entries(bytes: &[u8]) -> Result<Vec<Entry>, PartialEntry> {
    if !bytes.len().is_multiple_of(16) {
        return Err(PartialEntry { bytes: bytes.len() });
    }
    Ok(bytes
        .chunks_exact(16)
        .map(|c| entry(c.try_into().expect("16 bytes")))
        .collect())
}

/// Writes entries (sorted by key, then weight descending) as `.bin` bytes.
pub fn write_entries(entries: &mut [Entry]) -> Vec<u8> {
    entries.sort_by(|a, b| {
        a.key
            .cmp(&b.key)
            .then(b.weight.cmp(&a.weight))
            .then(a.mv.cmp(&b.mv))
    });
    let mut out = Vec::with_capacity(entries.len() * 16);
    for e in entries.iter() {
        out.extend_from_slice(&e.key.to_be_bytes());
        out.extend_from_slice(&e.mv.to_be_bytes());
        out.extend_from_slice(&e.weight.to_be_bytes());
        out.extend_from_slice(&e.learn.to_be_bytes());
    }
    out
}

/// The entries of a book, weights scaled down per position when one exceeds 65535. A
/// damaged book (a pack or a file that cannot be read) is an error naming it.
pub fn book_entries(book: &Book) -> Result<(Vec<Entry>, ExportReport), BookError> {
    let mut report = ExportReport::default();
    let mut entries = Vec::new();
    for file in book.scan_iter() {
        if let Some(e) = file.damage() {
            return Err(e);
        }
        report.problems.extend(file.problems.iter().cloned());
        let Some(pos) = file.position else { continue };
        if file.moves.is_empty() {
            continue;
        }
        report.positions += 1;
        let max = file.moves.iter().map(|m| m.weight).max().unwrap_or(0) as u64;
        for m in &file.moves {
            let w = m.weight as u64;
            let weight = if max > 65535 {
                if w == 0 { 0 } else { (w * 65535 / max).max(1) }
            } else {
                w
            };
            let learn = match m.fields.iter().find(|(k, _)| k == "learn") {
                None => 0,
                Some((_, v)) => v.parse::<u32>().unwrap_or_else(|_| {
                    report.problems.push(format!(
                        "{}: {} learn '{v}' is not a number 0-4294967295: written as 0",
                        file.file,
                        m.mv.uci()
                    ));
                    0
                }),
            };
            entries.push(Entry {
                key: pos.key(),
                mv: encode_move(&pos, m.mv),
                weight: weight as u16,
                learn,
            });
        }
    }
    report.entries = entries.len();
    Ok((entries, report))
}

/// Writes the book as a Polyglot `.bin` file. A damaged book is an error, and nothing is
/// written.
pub fn export(book: &Book, path: &Path) -> Result<ExportReport, BookError> {
    let (mut entries, report) = book_entries(book)?;
    let bytes = write_entries(&mut entries);
    crate::util::files::write_atomic(path, bytes)
        .map_err(|e| BookError::io(Doing::Write, path, e))?;
    Ok(report)
}

/// Adds the moves of a Polyglot `.bin` file to the book (weights are added to the existing
/// ones), for every position reachable as the module documentation explains.
pub fn import(book: &Book, path: &Path) -> Result<ImportReport, BookError> {
    import_with(book, path, &PolyglotImportOptions::default())
}

/// [`import`] with options.
pub fn import_with(
    book: &Book,
    path: &Path,
    opts: &PolyglotImportOptions,
) -> Result<ImportReport, BookError> {
    merge_bin(book, path, opts, |old, new| {
        super::merge_move(old, new, super::WeightMerge::Sum)
    })
}

/// Merges the positions of the `.bin` file `path` that the walk finds into `book`, all or
/// nothing, in the layout the book has (packed for a large import): a move the book already
/// has is combined by `merge(existing, incoming)`.
///
/// In constant memory per position: what is held is the `.bin`'s entries (16 bytes each),
/// its keys and, per position found, the link to the position it was reached from (a few
/// bytes); a position itself is made again from those links when it is needed. The
/// positions are then written one by one in key order, the order of the `.bin` and of the
/// pack, so the book is streamed into the new pack as in every batch ([`super::batch`]).
pub fn merge_bin<F>(
    book: &Book,
    path: &Path,
    opts: &PolyglotImportOptions,
    merge: F,
) -> Result<ImportReport, BookError>
where
    F: FnMut(&mut BookMove, &BookMove),
{
    let seeds = seeds_of(book)?;
    let bin = Bin::read(path)?;
    let mut walk = Walk::new(&bin, &seeds);
    let walk_stopped = walk.run(opts);
    let mut report = ImportReport {
        entries: bin.entries.len(),
        walk_stopped,
        warnings: bin.warnings.clone(),
        ..Default::default()
    };
    for k in 0..bin.keys.len() {
        if walk.found[k].is_none() {
            report.unreached += bin.entries_of(k).len();
            report.unreached_positions += 1;
        }
    }
    let found = walk.count;
    let items = (0..bin.keys.len()).filter_map(|k| {
        let origin = walk.found[k]?;
        let pos = walk.position(Node::Key(k as u32));
        let mut moves: Vec<BookMove> = Vec::new();
        for e in bin.entries_of(k) {
            let Some(mv) = decode_move(&pos, e.mv) else {
                report.bad_moves += 1;
                continue;
            };
            if origin.across {
                report.reached_across_gaps += 1;
            }
            match moves.iter_mut().find(|m| m.mv == mv) {
                Some(m) => {
                    report.duplicates += 1;
                    m.weight = m.weight.saturating_add(e.weight as u32);
                }
                None => {
                    let mut m = BookMove::new(mv, e.weight as u32);
                    if e.learn != 0 {
                        m.fields.push(("learn".into(), e.learn.to_string()));
                    }
                    moves.push(m);
                }
            }
        }
        if moves.is_empty() {
            return None;
        }
        report.positions += 1;
        report.moves += moves.len();
        Some(Incoming {
            pos,
            moves,
            notes: Vec::new(),
        })
    });
    let r = book.merge_sorted(items, found, super::Layout::Auto, merge)?;
    report.written = r.written;
    report.packed = r.packed;
    Ok(report)
}

/// Where a walk starts: the initial position, every position of `book` and the positions
/// after its moves. A damaged book is an error naming it.
pub fn seeds_of(book: &Book) -> Result<Seeds, BookError> {
    let mut seeds = Seeds {
        start: Position::startpos(),
        boards: Vec::new(),
        seeds: Vec::new(),
    };
    seeds.seeds.push(Seed {
        key: seeds.start.key(),
        board: None,
        mv: None,
    });
    for f in book.scan_iter() {
        if let Some(e) = f.damage() {
            return Err(e);
        }
        if let Some(pos) = f.position {
            let board = Some(seeds.boards.len() as u32);
            seeds.boards.push(Board::of(&pos));
            seeds.seeds.push(Seed {
                key: pos.key(),
                board,
                mv: None,
            });
            seeds.seeds.extend(f.moves.iter().map(|m| Seed {
                key: pos.after(m.mv).key(),
                board,
                mv: Some(m.mv),
            }));
        }
    }
    Ok(seeds)
}

/// The positions a walk starts from ([`seeds_of`]), held compactly (a book of 300 000
/// positions gives 650 000 of them): each position of the book in 35 bytes, each position
/// after one of its moves as that position and the move.
pub struct Seeds {
    /// The initial position.
    start: Position,
    /// The book's positions.
    boards: Vec<Board>,
    seeds: Vec<Seed>,
}

/// One seed: its key, its position (the initial one for `None`, else a book position) and
/// the move played from it, if any.
#[derive(Clone, Copy)]
struct Seed {
    key: u64,
    board: Option<u32>,
    mv: Option<Move>,
}

impl Seeds {
    /// How many seeds there are.
    pub fn len(&self) -> usize {
        self.seeds.len()
    }

    pub fn is_empty(&self) -> bool {
        self.seeds.is_empty()
    }

    /// The key of seed `i`.
    fn key(&self, i: usize) -> u64 {
        self.seeds[i].key
    }

    /// The position of seed `i`.
    pub fn position(&self, i: usize) -> Position {
        let seed = self.seeds[i];
        let pos = match seed.board {
            None => self.start,
            Some(b) => self.boards[b as usize].position(),
        };
        match seed.mv {
            Some(mv) => pos.after(mv),
            None => pos,
        }
    }
}

/// A position in 35 bytes: a nibble per square (0 empty, 1-12 the pieces in the order of
/// `PIECES`, from a8 to h1 as a FEN lists them), the side to move and castling rights
/// (`KQkq` as bits 0-3, Black to move bit 4) and the en-passant square (64: none).
#[derive(Clone, Copy)]
struct Board {
    squares: [u8; 32],
    flags: u8,
    ep: u8,
}

/// The pieces as FEN writes them, in the order of their [`Board`] codes (from 1).
const PIECES: &[u8; 12] = b"PNBRQKpnbrqk";
const CASTLING: &[u8; 4] = b"KQkq";

impl Board {
    fn of(pos: &Position) -> Board {
        let epd = pos.epd();
        let mut fields = epd.split(' ');
        let mut board = Board {
            squares: [0; 32],
            flags: 0,
            ep: 64,
        };
        let mut sq = 0;
        for c in fields.next().unwrap_or_default().bytes() {
            match c {
                b'1'..=b'8' => sq += (c - b'0') as usize,
                b'/' => {}
                _ => {
                    let code = PIECES.iter().position(|&p| p == c).map_or(0, |i| i + 1) as u8;
                    board.squares[sq / 2] |= code << (4 * (sq % 2));
                    sq += 1;
                }
            }
        }
        if fields.next() == Some("b") {
            board.flags |= 16;
        }
        for c in fields.next().unwrap_or_default().bytes() {
            if let Some(i) = CASTLING.iter().position(|&x| x == c) {
                board.flags |= 1 << i;
            }
        }
        if let Some([file @ b'a'..=b'h', rank @ b'1'..=b'8']) = fields.next().map(str::as_bytes) {
            board.ep = (file - b'a') + 8 * (rank - b'1');
        }
        board
    }

    fn position(&self) -> Position {
        let mut fen = String::with_capacity(90);
        for rank in 0..8 {
            let mut empty = 0;
            for file in 0..8 {
                let sq = rank * 8 + file;
                match self.squares[sq / 2] >> (4 * (sq % 2)) & 15 {
                    0 => empty += 1,
                    code => {
                        if empty > 0 {
                            fen.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        fen.push(PIECES[code as usize - 1] as char);
                    }
                }
            }
            if empty > 0 {
                fen.push((b'0' + empty) as char);
            }
            fen.push(if rank < 7 { '/' } else { ' ' });
        }
        fen.push(if self.flags & 16 != 0 { 'b' } else { 'w' });
        fen.push(' ');
        if self.flags & 15 == 0 {
            fen.push('-');
        }
        for (i, &c) in CASTLING.iter().enumerate() {
            if self.flags & (1 << i) != 0 {
                fen.push(c as char);
            }
        }
        fen.push(' ');
        if self.ep < 64 {
            fen.push((b'a' + self.ep % 8) as char);
            fen.push((b'1' + self.ep / 8) as char);
        } else {
            fen.push('-');
        }
        fen.push_str(" 0 1");
        Position::from_fen(&fen).expect("a position written by Board::of")
    }
}

/// Hashes a position's key as itself: its bits are already random (Zobrist).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = self.0.rotate_left(8) ^ *b as u64;
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// Bits of the [`Bin::filter`]: 2^23 bits, a megabyte.
const FILTER_BITS: u32 = 23;

/// The two bits of [`Bin::filter`] that stand for `key` (from two parts of its bits).
#[inline]
fn filter_bits(key: u64) -> [u64; 2] {
    let mask = (1 << FILTER_BITS) - 1;
    [key & mask, key >> FILTER_BITS & mask]
}

/// A `.bin` file read for a walk: its entries in key order and its keys.
struct Bin {
    entries: Vec<Entry>,
    /// The distinct keys, increasing, and where the entries of each start (one more: the
    /// end).
    keys: Vec<u64>,
    starts: Vec<usize>,
    /// A key's index in `keys`.
    index: HashMap<u64, usize, BuildHasherDefault<KeyHasher>>,
    /// Two bits per key of the `.bin` ([`filter_bits`]; a Bloom filter): most positions a
    /// walk makes are not in the `.bin`, and one of their two bits is clear (but for one in
    /// 200): they are ruled out here, in a table small enough to stay in the processor's
    /// cache, rather than in `index`.
    filter: Vec<u64>,
    /// Problems with the file (a truncated last entry, keys out of order), naming it and
    /// the byte offset.
    warnings: Vec<String>,
}

impl Bin {
    /// Reads `path` as a stream of 16-byte entries. A truncated last entry is left out,
    /// keys out of order are sorted (entries of one key keep their order): each with a
    /// warning.
    fn read(path: &Path) -> Result<Bin, BookError> {
        let shown = path.display().to_string();
        let error = |e: std::io::Error| BookError::io(Doing::Read, path, e);
        let file = File::open(path).map_err(error)?;
        let len = file.metadata().map_err(error)?.len();
        let mut reader = BufReader::with_capacity(1 << 16, file);
        let mut entries = Vec::with_capacity((len / 16) as usize);
        let mut warnings = Vec::new();
        let mut chunk = [0u8; 16];
        let mut read: u64 = 0;
        let mut disorder = None;
        loop {
            let mut got = 0;
            while got < 16 {
                match reader.read(&mut chunk[got..]) {
                    Ok(0) => break,
                    Ok(n) => got += n,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(error(e)),
                }
            }
            if got < 16 {
                if got > 0 {
                    warnings.push(format!(
                        "{shown}: {} bytes is not a whole number of 16-byte entries: the \
                         last {got} bytes (from byte {read}) are not an entry and were \
                         ignored",
                        read + got as u64
                    ));
                }
                break;
            }
            read += 16;
            let e = entry(&chunk);
            if disorder.is_none() && entries.last().is_some_and(|l: &Entry| l.key > e.key) {
                disorder = Some(entries.len());
            }
            entries.push(e);
        }
        if entries.len() > u32::MAX as usize {
            return Err(BookError::invalid(
                &shown,
                format!("{} entries: more than a book can import", entries.len()),
            ));
        }
        if let Some(i) = disorder {
            warnings.push(format!(
                "{shown}: keys out of order at byte {} (entry {}): other programs may not \
                 find every entry",
                i * 16,
                i + 1
            ));
            entries.sort_by_key(|e| e.key); // stable
        }
        let mut keys = Vec::new();
        let mut starts = Vec::new();
        for (i, e) in entries.iter().enumerate() {
            if keys.last() != Some(&e.key) {
                keys.push(e.key);
                starts.push(i);
            }
        }
        starts.push(entries.len());
        let mut index = HashMap::with_capacity_and_hasher(keys.len(), Default::default());
        let mut filter = vec![0u64; 1 << (FILTER_BITS - 6)];
        for (i, &k) in keys.iter().enumerate() {
            index.insert(k, i);
            for bit in filter_bits(k) {
                filter[(bit >> 6) as usize] |= 1 << (bit & 63);
            }
        }
        Ok(Bin {
            entries,
            keys,
            starts,
            index,
            filter,
            warnings,
        })
    }

    /// The index of `key` among the `.bin`'s keys, if it has it.
    #[inline]
    fn find(&self, key: u64) -> Option<usize> {
        let clear = |bit: u64| self.filter[(bit >> 6) as usize] & (1 << (bit & 63)) == 0;
        if filter_bits(key).into_iter().any(clear) {
            return None;
        }
        self.index.get(&key).copied()
    }

    /// The entries of the key of index `k`.
    fn entries_of(&self, k: usize) -> &[Entry] {
        &self.entries[self.starts[k]..self.starts[k + 1]]
    }
}

/// One 16-byte entry.
fn entry(c: &[u8; 16]) -> Entry {
    Entry {
        key: u64::from_be_bytes(c[0..8].try_into().unwrap()),
        mv: u16::from_be_bytes(c[8..10].try_into().unwrap()),
        weight: u16::from_be_bytes(c[10..12].try_into().unwrap()),
        learn: u32::from_be_bytes(c[12..16].try_into().unwrap()),
    }
}

/// A position of a walk: one of the `.bin`'s (by index), or a seed.
#[derive(Clone, Copy, Debug)]
enum Node {
    Key(u32),
    Seed(u32),
}

/// How a walk found a position of the `.bin`: from which position, by which moves (a
/// slice of [`Walk::paths`]: one move, more across positions not in the `.bin`), and
/// whether only the all-moves search found it.
#[derive(Clone, Copy, Debug)]
struct Origin {
    from: Node,
    path: (u32, u16),
    across: bool,
}

/// The walk of the module documentation over a read `.bin`.
struct Walk<'a> {
    bin: &'a Bin,
    seeds: &'a Seeds,
    /// By key index: how the position was found, if it was.
    found: Vec<Option<Origin>>,
    /// How many were found.
    count: usize,
    /// The moves of every [`Origin::path`].
    paths: Vec<Move>,
}

impl<'a> Walk<'a> {
    fn new(bin: &'a Bin, seeds: &'a Seeds) -> Walk<'a> {
        Walk {
            bin,
            seeds,
            found: vec![None; bin.keys.len()],
            count: 0,
            paths: Vec::new(),
        }
    }

    /// Records that the position of key index `k` was reached from `from` by `path`.
    /// False when it was found before.
    fn reach(&mut self, k: usize, from: Node, path: &[Move], across: bool) -> bool {
        if self.found[k].is_some() {
            return false;
        }
        let at = self.paths.len() as u32;
        self.paths.extend_from_slice(path);
        self.found[k] = Some(Origin {
            from,
            path: (at, path.len() as u16),
            across,
        });
        self.count += 1;
        true
    }

    /// The position of `node`, made again by replaying the moves that found it.
    fn position(&self, node: Node) -> Position {
        let mut links = Vec::new();
        let mut at = node;
        let mut pos = loop {
            match at {
                Node::Seed(s) => break self.seeds.position(s as usize),
                Node::Key(k) => {
                    let o = self.found[k as usize].expect("a position found");
                    links.push(o.path);
                    at = o.from;
                }
            }
        };
        for &(start, len) in links.iter().rev() {
            for &mv in &self.paths[start as usize..start as usize + len as usize] {
                pos.play(mv);
            }
        }
        pos
    }

    /// Walks (see the module documentation); returns whether it stopped at the limit.
    fn run(&mut self, opts: &PolyglotImportOptions) -> bool {
        let bin = self.bin;
        // 1. Book moves only, from the seeds in the book (what every reader can follow),
        // depth first from one seed at a time.
        let mut stack: Vec<(usize, Position)> = Vec::new();
        for s in 0..self.seeds.len() {
            if let Some(k) = bin.find(self.seeds.key(s))
                && self.reach(k, Node::Seed(s as u32), &[], false)
            {
                stack.push((k, self.seeds.position(s)));
            }
            while let Some((k, pos)) = stack.pop() {
                for e in bin.entries_of(k) {
                    if let Some(mv) = decode_move(&pos, e.mv) {
                        let child = pos.after(mv);
                        if let Some(c) = bin.find(child.key())
                            && self.reach(c, Node::Key(k as u32), &[mv], false)
                        {
                            stack.push((c, child));
                        }
                    }
                }
            }
        }

        // 2. Every legal move, crossing up to `max_gap` plies of positions not in the
        // book. `levels[k]` holds positions to search k plies past positions not in the
        // book: a position goes through levels 0, 1, ... in turn, and the lowest level is
        // served first, so the cheap searches (30 positions for level 0, 900 for level 1,
        // 27 000 for level 2) are done everywhere before any dearer one. A seed not in the
        // book is one such ply already (`base` 1).
        if self.count == bin.keys.len() {
            return false;
        }
        let max_gap = opts.max_gap as usize;
        let mut levels: Vec<VecDeque<(Node, u8)>> = vec![VecDeque::new(); max_gap + 1];
        levels[0].extend(
            (0..bin.keys.len())
                .filter(|&k| self.found[k].is_some())
                .map(|k| (Node::Key(k as u32), 0)),
        );
        if max_gap >= 1 {
            levels[0].extend(
                (0..self.seeds.len())
                    .filter(|&s| bin.find(self.seeds.key(s)).is_none())
                    .map(|s| (Node::Seed(s as u32), 1)),
            );
        }
        let mut work: u64 = 0;
        let limit = opts.walk_limit.unwrap_or_else(|| {
            (bin.entries.len() as u64)
                .saturating_mul(1500)
                .max(10_000_000)
        });
        let mut fresh = Vec::new();
        let mut line = Vec::new();
        while self.count < bin.keys.len() {
            let Some((level, (node, base))) = levels
                .iter_mut()
                .enumerate()
                .find_map(|(i, q)| q.pop_front().map(|p| (i, p)))
            else {
                break;
            };
            if work >= limit {
                return true;
            }
            let pos = self.position(node);
            self.search(&pos, node, level, &mut line, &mut fresh, &mut work);
            levels[0].extend(fresh.drain(..).map(|k| (Node::Key(k as u32), 0)));
            if base as usize + level < max_gap {
                levels[level + 1].push_back((node, base));
            }
        }
        false
    }

    /// Plays every legal move of `pos` (reached from `from` by `line`) and, through
    /// children not in the `.bin`, `depth` plies further; positions of the `.bin` not
    /// found yet are recorded and added to `fresh`. `work` counts the positions made.
    fn search(
        &mut self,
        pos: &Position,
        from: Node,
        depth: usize,
        line: &mut Vec<Move>,
        fresh: &mut Vec<usize>,
        work: &mut u64,
    ) {
        for &mv in pos.legal_moves().iter() {
            *work += 1;
            if depth == 0 {
                // The last ply: the child's key is enough.
                if let Some(c) = self.bin.find(key_after(pos, mv)) {
                    line.push(mv);
                    if self.reach(c, from, line, true) {
                        fresh.push(c);
                    }
                    line.pop();
                }
                continue;
            }
            let child = pos.after(mv);
            line.push(mv);
            match self.bin.find(child.key()) {
                Some(c) => {
                    if self.reach(c, from, line, true) {
                        fresh.push(c);
                    }
                }
                None => self.search(&child, from, depth - 1, line, fresh, work),
            }
            line.pop();
        }
    }
}

/// The key of the position after the legal move `mv` of `pos`. Most moves only move
/// pieces (and perhaps take one): then the key is worked out from the pieces that move,
/// without making the position. A king's move, a move from or to a corner (castling
/// rights), a pawn's double step (perhaps an en-passant square) and an en-passant capture
/// are played.
fn key_after(pos: &Position, mv: Move) -> u64 {
    let (from, to) = (mv.from(), mv.to());
    let role = pos.role_on(from).unwrap_or(Role::Pawn);
    let corner = |s: Square| matches!(s as usize, 0 | 7 | 56 | 63);
    let simple = !corner(from)
        && !corner(to)
        && match role {
            Role::King => false,
            Role::Pawn => {
                let step = (to as usize).abs_diff(from as usize);
                step == 8 || (step != 16 && pos.role_on(to).is_some())
            }
            _ => true,
        };
    if simple {
        pos.key_after(mv, role)
    } else {
        pos.after(mv).key()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::rng::splitmix64;

    #[test]
    fn a_board_gives_back_its_position() {
        let mut rng = 3;
        for _ in 0..60 {
            let mut pos = Position::startpos();
            for _ in 0..120 {
                let board = Board::of(&pos).position();
                assert_eq!((board.epd(), board.key()), (pos.epd(), pos.key()));
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                rng = splitmix64(rng);
                pos.play(moves[(rng % moves.len() as u64) as usize]);
            }
        }
    }

    #[test]
    fn the_key_after_a_move_is_the_key_of_the_position_it_makes() {
        // Random games to their end: castling, en passant, promotions, captures on the
        // corners all come up.
        let mut rng = 7;
        let mut checked = 0;
        for _ in 0..150 {
            let mut pos = Position::startpos();
            for _ in 0..150 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &mv in moves.iter() {
                    assert_eq!(
                        key_after(&pos, mv),
                        pos.after(mv).key(),
                        "{} {}",
                        pos.fen(),
                        mv.uci()
                    );
                    checked += 1;
                }
                rng = splitmix64(rng);
                pos.play(moves[(rng % moves.len() as u64) as usize]);
            }
        }
        assert!(checked > 100_000, "{checked}");
    }
}
