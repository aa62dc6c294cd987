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

use super::{Book, BookError, BookMove, Incoming};
use crate::core::{Move, Position, Role, Square};
use std::collections::hash_map::Entry as Slot;
use std::collections::{HashMap, VecDeque};
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

/// Reads a `.bin` file's entries, tolerating a truncated file: the whole entries are
/// returned, with a warning naming `file` and the byte offset of what was left out, and one
/// for keys out of order (a reader that bisects would miss entries).
pub fn read_entries_lenient(bytes: &[u8], file: &str) -> (Vec<Entry>, Vec<String>) {
    let whole = bytes.len() - bytes.len() % 16;
    let mut warnings = Vec::new();
    if whole != bytes.len() {
        warnings.push(format!(
            "{file}: {} bytes is not a whole number of 16-byte entries: the last {} bytes \
             (from byte {whole}) are not an entry and were ignored",
            bytes.len(),
            bytes.len() - whole
        ));
    }
    let entries = read_entries(&bytes[..whole]).unwrap_or_default();
    if let Some(i) = entries.windows(2).position(|w| w[0].key > w[1].key) {
        warnings.push(format!(
            "{file}: keys out of order at byte {} (entry {}): other programs may not find \
             every entry",
            (i + 1) * 16,
            i + 2
        ));
    }
    (entries, warnings)
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
        .map_err(|e| BookError(format!("cannot write {}: {e}", path.display())))?;
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
    let (items, mut report) = read_book(path, &seeds_of(book)?, opts)?;
    let r = book.merge_batch(items, super::Layout::Auto, |old, new| {
        super::merge_move(old, new, super::WeightMerge::Sum)
    })?;
    report.written = r.written;
    report.packed = r.packed;
    Ok(report)
}

/// Where a walk starts: the initial position, every position of `book` and the positions
/// after its moves. A damaged book is an error naming it.
pub fn seeds_of(book: &Book) -> Result<Vec<Position>, BookError> {
    let mut seeds = vec![Position::startpos()];
    for f in book.scan_iter() {
        if let Some(e) = f.damage() {
            return Err(e);
        }
        if let Some(pos) = f.position {
            seeds.push(pos);
            seeds.extend(f.moves.iter().map(|m| pos.after(m.mv)));
        }
    }
    Ok(seeds)
}

/// Reads a `.bin` file into positions with their moves (weight, and `learn=N` when not 0),
/// sorted by key, walking from `seeds` as the module documentation explains.
pub fn read_book(
    path: &Path,
    seeds: &[Position],
    opts: &PolyglotImportOptions,
) -> Result<(Vec<Incoming>, ImportReport), BookError> {
    let bytes = std::fs::read(path)
        .map_err(|e| BookError(format!("cannot read {}: {e}", path.display())))?;
    let (entries, warnings) = read_entries_lenient(&bytes, &path.display().to_string());
    let mut report = walk(&entries, seeds, opts);
    report.1.warnings = warnings;
    Ok(report)
}

/// Plays every legal move of `pos` and, through children not in the book, `depth` plies
/// further; book positions not found yet are added to `found` and `fresh`. `work` counts the
/// positions made.
fn search(
    pos: &Position,
    depth: usize,
    in_book: &impl Fn(&Position) -> bool,
    found: &mut HashMap<u64, (Position, bool)>,
    fresh: &mut Vec<Position>,
    work: &mut u64,
) {
    for mv in pos.legal_moves().iter() {
        let child = pos.after(*mv);
        *work += 1;
        if in_book(&child) {
            if let Slot::Vacant(v) = found.entry(child.key()) {
                v.insert((child, true));
                fresh.push(child);
            }
        } else if depth > 0 {
            search(&child, depth - 1, in_book, found, fresh, work);
        }
    }
}

/// The walk of [`read_book`] over entries already read.
pub fn walk(
    entries: &[Entry],
    seeds: &[Position],
    opts: &PolyglotImportOptions,
) -> (Vec<Incoming>, ImportReport) {
    let mut by_key: HashMap<u64, Vec<&Entry>> = HashMap::new();
    for e in entries {
        by_key.entry(e.key).or_default().push(e);
    }
    let mut report = ImportReport {
        entries: entries.len(),
        ..Default::default()
    };
    let in_book = |p: &Position| by_key.contains_key(&p.key());
    // The book positions found, by key, and whether only the all-moves walk found them.
    let mut found: HashMap<u64, (Position, bool)> = HashMap::new();

    // 1. Book moves only, from the seeds in the book (what every reader can follow).
    let mut queue: VecDeque<Position> = VecDeque::new();
    for s in seeds.iter().filter(|s| in_book(s)) {
        if found.insert(s.key(), (*s, false)).is_none() {
            queue.push_back(*s);
        }
    }
    while let Some(pos) = queue.pop_front() {
        for e in &by_key[&pos.key()] {
            if let Some(mv) = decode_move(&pos, e.mv) {
                let child = pos.after(mv);
                if in_book(&child)
                    && let Slot::Vacant(v) = found.entry(child.key())
                {
                    v.insert((child, false));
                    queue.push_back(child);
                }
            }
        }
    }

    // 2. Every legal move, crossing up to `max_gap` plies of positions not in the book.
    // `levels[k]` holds positions to search k plies past positions not in the book: a
    // position goes through levels 0, 1, ... in turn, and the lowest level is served first,
    // so the cheap searches (30 positions for level 0, 900 for level 1, 27 000 for level
    // 2) are done everywhere before any dearer one. A seed not in the book is one such ply
    // already (`base` 1).
    let max_gap = opts.max_gap as usize;
    let mut levels: Vec<VecDeque<(Position, usize)>> = vec![VecDeque::new(); max_gap + 1];
    levels[0].extend(found.values().map(|(p, _)| (*p, 0)));
    if max_gap >= 1 {
        levels[0].extend(seeds.iter().filter(|s| !in_book(s)).map(|s| (*s, 1)));
    }
    let mut work: u64 = 0;
    let limit = opts
        .walk_limit
        .unwrap_or_else(|| (entries.len() as u64).saturating_mul(1500).max(10_000_000));
    while found.len() < by_key.len() {
        let Some((level, (pos, base))) = levels
            .iter_mut()
            .enumerate()
            .find_map(|(i, q)| q.pop_front().map(|p| (i, p)))
        else {
            break;
        };
        if work >= limit {
            report.walk_stopped = true;
            break;
        }
        let mut fresh = Vec::new();
        search(&pos, level, &in_book, &mut found, &mut fresh, &mut work);
        levels[0].extend(fresh.into_iter().map(|p| (p, 0)));
        if base + level < max_gap {
            levels[level + 1].push_back((pos, base));
        }
    }
    // The entries of the positions found, as book moves.
    let mut items: Vec<Incoming> = Vec::new();
    let mut keys: Vec<&u64> = found.keys().collect();
    keys.sort();
    for key in keys {
        let (pos, across) = found[key];
        let mut moves: Vec<BookMove> = Vec::new();
        for e in &by_key[key] {
            let Some(mv) = decode_move(&pos, e.mv) else {
                report.bad_moves += 1;
                continue;
            };
            if across {
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
        if !moves.is_empty() {
            report.positions += 1;
            report.moves += moves.len();
            items.push(Incoming {
                pos,
                moves,
                notes: Vec::new(),
            });
        }
    }
    for (key, list) in &by_key {
        if !found.contains_key(key) {
            report.unreached += list.len();
            report.unreached_positions += 1;
        }
    }
    (items, report)
}
