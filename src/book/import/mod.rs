//! Importing into a book: PGN games (here, counted in [`tally`], each position kept as a
//! [`snapshot`]), and the book files of the original Huo Chess ([`huo`]).
//!
//! A PGN import streams the games (only the first `max_ply` moves of each are read as
//! moves, the rest is skipped as text), counts each position's moves and results in a
//! compact [`Tally`], then writes once, in key order, all or nothing ([`super::batch`]):
//! in the layout the book has (its pack, or the positions' own files), or packed for a
//! large import. Either way the book's existing positions keep their comments, notes and
//! other fields, and counts add up.

mod huo;
mod options;
mod snapshot;
mod tally;

use super::batch::{self, BatchWriter};
pub use super::batch::{Layout, PACK_MIN_POSITIONS};
use super::results::{Results, WeightPolicy};
use super::{Book, BookError, BookMove, Incoming, WeightMerge, format, merge_move};
use crate::core::{Color, Move, Position};
use crate::pgn::{PgnError, PgnGame, read_openings};
pub use huo::{HuoError, HuoImportReport, huo_files, import_huo, parse_huo};
pub use options::{PgnImportOptions, outcome_for};
use snapshot::Snapshot;
use std::io::BufRead;
pub use tally::Tally;
use tally::node_moves;

/// What a PGN import did.
#[derive(Clone, Debug, Default)]
pub struct PgnImportReport {
    /// Games read without error.
    pub games: usize,
    /// Games skipped, with the reason.
    pub bad_games: Vec<PgnError>,
    /// Positions written (files or packed records), and the moves imported into them.
    pub positions: usize,
    pub moves: usize,
    /// How many times the counts were staged before the end of the file.
    pub flushes: usize,
    /// Whether the positions went to the packed book.
    pub packed: bool,
    /// Positions dropped by `min_games`.
    pub dropped: usize,
    /// Moves dropped by `min_score`.
    pub dropped_moves: usize,
    /// Of the positions written, those with White to move and those with Black to move.
    pub white_positions: usize,
    pub black_positions: usize,
    /// Games left out by the game filter ([`import_pgn_with`]: another player's).
    pub other_games: usize,
}

/// Which of a game's moves an import takes ([`import_pgn_with`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Take {
    /// None: the game is left out.
    Skip,
    /// Those of this side (`None`: both).
    Side(Option<Color>),
}

/// The side `player` had in a game (the name in its White or Black tag, any case), if
/// either: the games of `huo-book import-pgn --player NAME`.
pub fn side_of(game: &PgnGame, player: &str) -> Option<Color> {
    let name = player.to_lowercase();
    let is = |tag: &str| {
        game.header(tag)
            .is_some_and(|p| p.trim().to_lowercase() == name)
    };
    if is("White") {
        Some(Color::White)
    } else if is("Black") {
        Some(Color::Black)
    } else {
        None
    }
}

/// Is a move kept by `opts.min_score`? (Moves without a decided game are.)
fn scores_enough(r: &Results, opts: &PgnImportOptions) -> bool {
    !matches!((opts.min_score, r.score()), (Some(min), Some(score)) if score * 100.0 < min)
}

/// Writes the packed record of a position the book does not have yet, as
/// [`format::write_record`] writes the moves [`incoming`] makes (weight, then the result
/// fields; heaviest first, then by UCI), straight into `out`. Returns the moves written:
/// 0 when the position is dropped (under `min_games`, or no move left by `min_score`).
fn write_new_record(
    out: &mut String,
    snapshot: &Snapshot,
    list: &mut [(Move, Results)],
    opts: &PgnImportOptions,
    dropped_moves: &mut usize,
) -> usize {
    out.clear();
    let games: u64 = list.iter().map(|(_, r)| r.games).sum();
    if games < opts.min_games as u64 {
        return 0;
    }
    let mut kept: Vec<(u32, Move, &Results)> = Vec::with_capacity(list.len());
    for (mv, r) in list.iter() {
        if scores_enough(r, opts) {
            kept.push((opts.weights.weight(r), *mv, r));
        } else {
            *dropped_moves += 1;
        }
    }
    if kept.is_empty() {
        return 0;
    }
    kept.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.uci_bytes().cmp(&b.1.uci_bytes())));
    format::write_fen_line(out, &snapshot.epd());
    for (weight, mv, r) in &kept {
        let fields = [
            ("games", r.games),
            ("w", r.wins),
            ("d", r.draws),
            ("l", r.losses),
        ];
        format::write_move_line(out, &mv.uci(), *weight, fields, None);
    }
    kept.len()
}

/// A counted position as moves for the book: `None` under `min_games`, or when `min_score`
/// leaves no move (the moves it drops are counted in `dropped_moves`).
fn incoming(
    pos: Position,
    list: Vec<(Move, Results)>,
    opts: &PgnImportOptions,
    dropped_moves: &mut usize,
) -> Option<Incoming> {
    let games: u64 = list.iter().map(|(_, r)| r.games).sum();
    if games < opts.min_games as u64 {
        return None;
    }
    let mut moves = Vec::with_capacity(list.len());
    for (mv, r) in list {
        if !scores_enough(&r, opts) {
            *dropped_moves += 1;
            continue;
        }
        let mut m = BookMove::new(mv, opts.weights.weight(&r));
        r.store(&mut m);
        moves.push(m);
    }
    (!moves.is_empty()).then(|| Incoming {
        pos,
        moves,
        notes: Vec::new(),
    })
}

/// Merges a move imported from games into the book's move: results added, the weight
/// added (game counts, Polyglot scores) or recomputed from the summed results (win rate).
pub fn merge_imported(existing: &mut BookMove, incoming: &BookMove, policy: WeightPolicy) {
    merge_move(existing, incoming, WeightMerge::Sum);
    if !policy.additive()
        && let Some(r) = Results::of(existing)
    {
        existing.weight = policy.weight(&r);
    }
}

/// Reads games from `reader` and adds their moves to the book with their results: a
/// move's `games w d l` fields grow by the games that played it, its weight as
/// `opts.weights` says. `progress` is called after each game with the count.
///
/// Only the first `opts.max_ply` moves of a game are checked and recorded: a game with an
/// illegal move after them is imported (its opening is sound), one with an illegal move
/// among them is reported and skipped. The book changes all at once at the end, or not at
/// all: a position that cannot be changed (its file has a problem), a damaged pack or a
/// write error stops the import, and the book is as it was; so does an input that cannot
/// be read to its end (a damaged or truncated archive). Without a game read, nothing is
/// written.
pub fn import_pgn<R: BufRead>(
    book: &Book,
    reader: R,
    opts: &PgnImportOptions,
    progress: impl FnMut(usize),
) -> Result<PgnImportReport, BookError> {
    import_pgn_with(book, reader, opts, |_| Take::Side(opts.only), progress)
}

/// [`import_pgn`], `take` choosing for each game whether it is imported and whose moves
/// (`huo-book import-pgn --player NAME`: only that player's games, only their moves). A
/// game left out counts in the report's `other_games`.
pub fn import_pgn_with<R: BufRead>(
    book: &Book,
    reader: R,
    opts: &PgnImportOptions,
    mut take: impl FnMut(&PgnGame) -> Take,
    mut progress: impl FnMut(usize),
) -> Result<PgnImportReport, BookError> {
    let dir = book.writable_dir()?;
    let mut report = PgnImportReport::default();
    let mut tally = Tally::default();
    let can_flush = opts.layout == Layout::Files && opts.min_games <= 1 && opts.min_score.is_none();
    // A files import that flushes takes the book's lock at its first flush.
    let mut writer: Option<BatchWriter> = None;
    for (i, game) in read_openings(reader, opts.max_ply as usize).enumerate() {
        match game {
            Ok(g) => match take(&g) {
                Take::Skip => report.other_games += 1,
                Take::Side(only) => {
                    report.games += 1;
                    let opts = PgnImportOptions { only, ..*opts };
                    tally.add_game(&g.start, &g.moves, &g.result, &opts);
                }
            },
            Err(e) if e.read_failed => {
                return Err(BookError::Refused(format!(
                    "game {}, line {}: {}; nothing imported",
                    e.game, e.line, e.message
                )));
            }
            Err(e) => report.bad_games.push(e),
        }
        if can_flush && tally.len() >= opts.flush_positions.max(1) {
            let w = match &mut writer {
                Some(w) => w,
                None => writer.insert(BatchWriter::begin(dir, false)?),
            };
            write_tally(w, std::mem::take(&mut tally), opts, &mut report)?;
            report.flushes += 1;
        }
        progress(i + 1);
    }
    if report.games == 0 {
        return Ok(report);
    }
    let mut w = match writer {
        Some(w) => w,
        None => BatchWriter::begin(dir, opts.layout.packs(dir, tally.len()))?,
    };
    report.packed = w.is_packed();
    write_tally(&mut w, tally, opts, &mut report)?;
    report.positions = w.commit()?;
    Ok(report)
}

/// Stages counted games in `w`, in key order, adding to `report`: a position the book does
/// not have gets its record straight from the counts; one it has gets the counts merged in
/// (its notes, comments and other fields kept). A position whose stored text has a problem
/// stops the import (the error names it).
fn write_tally(
    w: &mut BatchWriter,
    tally: Tally,
    opts: &PgnImportOptions,
    report: &mut PgnImportReport,
) -> Result<(), BookError> {
    let total = tally.len();
    let mut kept = 0;
    let policy = opts.weights;
    let mut merge = |old: &mut BookMove, new: &BookMove| merge_imported(old, new, policy);
    let (nodes, edges) = tally.into_sorted();
    // Reused for every record: the moves of a position and the record's text.
    let (mut list, mut text) = (Vec::new(), String::new());
    for node in &nodes {
        let key = node.key;
        node_moves(&edges, node, &mut list);
        let Some(current) = w.current(key)? else {
            // A new position: its record is written straight from the counts.
            let n = write_new_record(
                &mut text,
                &node.snapshot,
                &mut list,
                opts,
                &mut report.dropped_moves,
            );
            if n > 0 {
                w.put(key, text.as_bytes(), || node.snapshot.position())?;
                kept += 1;
                report.moves += n;
                count_side(report, node.snapshot.black_to_move());
            }
            continue;
        };
        let pos = node.snapshot.position()?;
        let list = std::mem::take(&mut list);
        let Some(item) = incoming(pos, list, opts, &mut report.dropped_moves) else {
            continue;
        };
        let (mut moves, mut notes) = batch::stored_moves(&current, &pos)?;
        kept += 1;
        count_side(report, pos.turn() == Color::Black);
        report.moves += item.moves.len();
        super::incoming::merge_into(&mut moves, &mut notes, item.moves, item.notes, &mut merge);
        let record = format::write_record(&pos, &moves, &notes);
        w.put(key, record.as_bytes(), || Ok(pos))?;
    }
    report.dropped += total - kept;
    Ok(())
}

/// Counts a position written for the side to move there.
fn count_side(report: &mut PgnImportReport, black: bool) {
    if black {
        report.black_positions += 1;
    } else {
        report.white_positions += 1;
    }
}
