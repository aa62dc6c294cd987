//! Polyglot `.bin` books, the format most chess programs read.
//!
//! A `.bin` book is a list of 16-byte big-endian entries sorted by key: the position's
//! Polyglot key (u64), a move (u16), a weight (u16) and a learn value (u32, written 0).
//! A move packs to-file (bits 0-2), to-rank (3-5), from-file (6-8), from-rank (9-11) and a
//! promotion piece (12-14: 1 knight, 2 bishop, 3 rook, 4 queen). Castling is stored as the
//! king taking its own rook (`e1h1`), where our files write the king's move (`e1g1`).
//!
//! A `.bin` file has keys, not positions, so [`import`] finds positions by walking: from the
//! initial position and from every position already in the book, it follows the `.bin`'s
//! moves, matching keys. Entries of positions that no such walk reaches (books made from
//! other start positions, or whose lines start outside the book) cannot be imported; they
//! are counted in [`ImportReport::unreached`].

use super::{Book, BookError};
use crate::core::{Move, Position, Role, Square};
use std::collections::{HashMap, HashSet, VecDeque};
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
    /// Entries whose position no walk reached.
    pub unreached: usize,
    /// Entries whose move is not legal in their position.
    pub bad_moves: usize,
    pub errors: Vec<BookError>,
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

/// Reads a `.bin` file's entries.
pub fn read_entries(bytes: &[u8]) -> Result<Vec<Entry>, String> {
    if !bytes.len().is_multiple_of(16) {
        return Err(format!(
            "{} bytes is not a whole number of 16-byte entries",
            bytes.len()
        ));
    }
    Ok(bytes
        .chunks_exact(16)
        .map(|c| Entry {
            key: u64::from_be_bytes(c[0..8].try_into().unwrap()),
            mv: u16::from_be_bytes(c[8..10].try_into().unwrap()),
            weight: u16::from_be_bytes(c[10..12].try_into().unwrap()),
            learn: u32::from_be_bytes(c[12..16].try_into().unwrap()),
        })
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

/// The entries of a book, weights scaled down per position when one exceeds 65535.
pub fn book_entries(book: &Book) -> (Vec<Entry>, ExportReport) {
    let mut report = ExportReport::default();
    let mut entries = Vec::new();
    for file in book.scan() {
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
            entries.push(Entry {
                key: pos.key(),
                mv: encode_move(&pos, m.mv),
                weight: weight as u16,
                learn: 0,
            });
        }
    }
    report.entries = entries.len();
    (entries, report)
}

/// Writes the book as a Polyglot `.bin` file.
pub fn export(book: &Book, path: &Path) -> Result<ExportReport, BookError> {
    let (mut entries, report) = book_entries(book);
    let bytes = write_entries(&mut entries);
    crate::util::files::write_atomic(path, bytes)
        .map_err(|e| BookError(format!("cannot write {}: {e}", path.display())))?;
    Ok(report)
}

/// Adds the moves of a Polyglot `.bin` file to the book (weights are added to the existing
/// ones), for every position reachable as the module documentation explains.
pub fn import(book: &Book, path: &Path) -> Result<ImportReport, BookError> {
    let bytes = std::fs::read(path)
        .map_err(|e| BookError(format!("cannot read {}: {e}", path.display())))?;
    let entries =
        read_entries(&bytes).map_err(|e| BookError(format!("{}: {e}", path.display())))?;
    let mut by_key: HashMap<u64, Vec<(u16, u16)>> = HashMap::new();
    for e in &entries {
        by_key.entry(e.key).or_default().push((e.mv, e.weight));
    }
    let mut report = ImportReport {
        entries: entries.len(),
        ..Default::default()
    };
    // Seeds: the initial position, every position of the book and the positions after
    // its moves.
    let mut queue: VecDeque<Position> = VecDeque::new();
    queue.push_back(Position::startpos());
    for f in book.scan() {
        if let Some(pos) = f.position {
            queue.push_back(pos);
            for m in &f.moves {
                queue.push_back(pos.after(m.mv));
            }
        }
    }
    let mut seen: HashSet<u64> = HashSet::new();
    let mut batch: Vec<(Position, Vec<(Move, u32)>)> = Vec::new();
    while let Some(pos) = queue.pop_front() {
        if !seen.insert(pos.key()) {
            continue;
        }
        let Some(list) = by_key.get(&pos.key()) else {
            continue;
        };
        let mut adds: Vec<(Move, u32)> = Vec::new();
        for &(bits, weight) in list {
            match decode_move(&pos, bits) {
                Some(mv) => {
                    if !adds.iter().any(|(m, _)| *m == mv) {
                        adds.push((mv, weight as u32));
                        queue.push_back(pos.after(mv));
                    }
                }
                None => report.bad_moves += 1,
            }
        }
        if !adds.is_empty() {
            report.positions += 1;
            report.moves += adds.len();
            batch.push((pos, adds));
        }
    }
    report.unreached = by_key
        .iter()
        .filter(|(k, _)| !seen.contains(k))
        .map(|(_, v)| v.len())
        .sum();
    batch.sort_by_key(|(p, _)| p.key());
    let r = book.record_batch(batch)?;
    report.errors = r.errors;
    Ok(report)
}
