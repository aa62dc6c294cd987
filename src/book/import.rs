//! Importing into a book: PGN games, and the book files of the original Huo Chess.
//!
//! A PGN import streams the games (only the first `max_ply` moves of each are read as
//! moves, the rest is skipped as text), counts each position's moves and results in a
//! compact [`Tally`], then writes once, in key order, all or nothing ([`super::batch`]):
//! in the layout the book has (its pack, or the positions' own files), or packed for a
//! large import. Either way the book's existing positions keep their comments, notes and
//! other fields, and counts add up.

use super::batch::{self, BatchWriter};
pub use super::batch::{Layout, PACK_MIN_POSITIONS};
use super::results::{Outcome, Results, WeightPolicy};
use super::{Batch, Book, BookError, BookMove, Incoming, WeightMerge, format, merge_move};
use crate::core::{Color, Move, Piece, Position, Role, Square};
use crate::pgn::{PgnError, read_openings};
use std::io::BufRead;
use std::path::{Path, PathBuf};

/// How games become book moves.
#[derive(Clone, Copy, Debug)]
pub struct PgnImportOptions {
    /// Only the first `max_ply` half-moves of each game are recorded.
    pub max_ply: u32,
    /// Positions reached by fewer games are dropped.
    pub min_games: u32,
    /// Record only the moves of this side (`None`: both).
    pub only: Option<Color>,
    /// How a move's results become its weight.
    pub weights: WeightPolicy,
    /// Moves whose score for the mover ((wins + draws/2) / decided games, in percent) is
    /// below this are dropped, as `polyglot make-book -min-score` does. Moves without a
    /// decided game are kept.
    pub min_score: Option<f64>,
    /// Memory bound of the [`Layout::Files`] import: when this many positions are counted,
    /// they are staged (counts add up in the staged files) and counting starts afresh. Not
    /// with `min_games` > 1 or `min_score`, which need the whole file's counts. The other
    /// layouts count everything, then write once (the tally needs about 60 bytes per
    /// position). Either way the book changes only at the end, all at once.
    pub flush_positions: usize,
    /// Files, pack, or chosen by size.
    pub layout: Layout,
}

impl Default for PgnImportOptions {
    fn default() -> Self {
        PgnImportOptions {
            max_ply: 20,
            min_games: 1,
            only: None,
            weights: WeightPolicy::Games,
            min_score: None,
            flush_positions: 200_000,
            layout: Layout::Auto,
        }
    }
}

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
}

/// The outcome of a game's result tag for `side`.
pub fn outcome_for(result: &str, side: Color) -> Outcome {
    let white = match result.trim() {
        "1-0" => Outcome::Win,
        "0-1" => Outcome::Loss,
        "1/2-1/2" | "½-½" => Outcome::Draw,
        _ => return Outcome::Unknown,
    };
    match (side, white) {
        (Color::White, o) => o,
        (Color::Black, Outcome::Win) => Outcome::Loss,
        (Color::Black, Outcome::Loss) => Outcome::Win,
        (Color::Black, o) => o,
    }
}

/// Finds a position's node by its key: open addressing with linear probing over node
/// numbers (4 bytes a slot, at most half full; the keys are read from the nodes). The slot
/// is the key's top bits as they are: a Zobrist key needs no second hash. About a third of
/// the memory of a `HashMap<u64, u32>`, and as fast.
#[derive(Default)]
struct NodeIndex {
    slots: Vec<u32>,
    /// 64 - log2(slots): the key's top bits number the slot.
    shift: u32,
}

/// Slots of the first table (it doubles when half full).
const MIN_SLOTS: usize = 1 << 10;

impl NodeIndex {
    /// The node with `key`, or `next` (the number of the node to be made) entered for it.
    /// `nodes` are the nodes made so far, every one of them in the index.
    fn find_or_insert(&mut self, key: u64, nodes: &[Node], next: u32) -> u32 {
        if (nodes.len() + 1) * 2 > self.slots.len() {
            self.grow(nodes);
        }
        let mask = self.slots.len() - 1;
        let mut i = (key >> self.shift) as usize;
        loop {
            let n = self.slots[i];
            if n == NONE {
                self.slots[i] = next;
                return next;
            }
            if nodes[n as usize].key == key {
                return n;
            }
            i = (i + 1) & mask;
        }
    }

    /// Loads the slot of `key` and the node it names, so that they are in the cache when
    /// [`NodeIndex::find_or_insert`] comes: the loads of a game's positions then overlap
    /// instead of each waiting for memory in turn (most positions of a large import are
    /// far apart in memory).
    fn touch(&self, key: u64, nodes: &[Node]) {
        let Some(&n) = self.slots.get((key >> self.shift) as usize) else {
            return;
        };
        if let Some(node) = nodes.get(n as usize) {
            std::hint::black_box((node.key, node.more));
        }
    }

    /// Doubles the table, entering the nodes again (read in order, the old table freed
    /// first: the peak is the new table alone).
    fn grow(&mut self, nodes: &[Node]) {
        let size = (self.slots.len() * 2).max(MIN_SLOTS);
        self.slots = Vec::new();
        self.slots = vec![NONE; size];
        self.shift = 64 - size.trailing_zeros();
        let mask = size - 1;
        for (n, node) in nodes.iter().enumerate() {
            let mut i = (node.key >> self.shift) as usize;
            while self.slots[i] != NONE {
                i = (i + 1) & mask;
            }
            self.slots[i] = n as u32;
        }
    }
}

/// No edge (the end of a list).
const NONE: u32 = u32::MAX;

/// The FEN letters of the pieces, by [`Snapshot`] code (colour * 6 + role).
const FEN_LETTERS: [u8; 12] = {
    let mut t = [0u8; 12];
    let mut i = 0;
    while i < 12 {
        let color = if i < 6 { Color::White } else { Color::Black };
        t[i] = Piece::new(color, Role::ALL[i % 6]).fen_char() as u8;
        i += 1;
    }
    t
};
/// Marks a square with a piece in a [`RANK_SHAPES`] entry.
const PIECE_SLOT: u8 = 0;
/// The FEN of a rank by its occupancy (bit f: file f occupied): its length and its bytes,
/// a digit for each run of empty squares and [`PIECE_SLOT`] for each piece.
const RANK_SHAPES: [(u8, [u8; 8]); 256] = {
    let mut t = [(0u8, [0u8; 8]); 256];
    let mut occupied = 0;
    while occupied < 256 {
        let (mut len, mut empty) = (0, 0);
        let mut file = 0;
        while file < 8 {
            if occupied >> file & 1 == 0 {
                empty += 1;
            } else {
                if empty > 0 {
                    t[occupied].1[len] = b'0' + empty;
                    len += 1;
                    empty = 0;
                }
                t[occupied].1[len] = PIECE_SLOT;
                len += 1;
            }
            file += 1;
        }
        if empty > 0 {
            t[occupied].1[len] = b'0' + empty;
            len += 1;
        }
        t[occupied].0 = len as u8;
        occupied += 1;
    }
    t
};
/// FEN castling letters by bit of [`crate::core::CastlingRights::bits`].
const CASTLING_LETTERS: [u8; 4] = *b"KQkq";

/// What a position's `fen` line says (board, side, castling rights, en-passant square) in
/// 26 bytes, taken when the position is first met: writing the book then needs no replay
/// of the games, and the records' text is made straight from it.
#[derive(Clone, Copy)]
struct Snapshot {
    /// Occupied squares, a `u64` in little-endian bytes (bytes, so that the snapshot packs
    /// into a node without padding): bit i is the i-th square in FEN order (a8, ..., h1).
    occupied: [u8; 8],
    /// The pieces of the occupied squares in FEN order, a 4-bit code each (low half of a
    /// byte first): colour * 6 + role.
    pieces: [u8; 16],
    /// Bit 0: Black to move; bits 1-4: the castling rights.
    state: u8,
    /// The en-passant square's index + 1, or 0 for none.
    ep: u8,
}

impl Snapshot {
    fn of(pos: &Position) -> Snapshot {
        // Square index (a1 = 0) to piece code, from the twelve piece bitboards.
        let mut codes = [0u8; 64];
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in pos.pieces(color, role) {
                    codes[sq as usize] = (color as u8) * 6 + role as u8;
                }
            }
        }
        // FEN order runs from rank 8 down: reversing the bytes (ranks) of the bitboard
        // turns square index s into FEN index s ^ 56.
        let occupied = pos.occupied().0.swap_bytes();
        let mut pieces = [0u8; 16];
        let mut bits = occupied;
        let mut n = 0;
        while bits != 0 {
            let sq = bits.trailing_zeros() as usize ^ 56;
            // A position has at most 32 pieces (the FEN reader sees to it).
            pieces[n / 2 % 16] |= codes[sq] << ((n % 2) * 4);
            n += 1;
            bits &= bits - 1;
        }
        Snapshot {
            occupied: occupied.to_le_bytes(),
            pieces,
            state: (pos.turn() == Color::Black) as u8 | pos.castling().bits() << 1,
            ep: pos.ep_square().map_or(0, |sq| sq as u8 + 1),
        }
    }

    /// Appends the four position fields of the FEN, as [`Position::epd`] writes them.
    fn write_epd(&self, out: &mut Vec<u8>) {
        // The placement is at most 8 * 8 + 7 bytes, made in a local buffer: each rank's
        // shape (digits and piece slots) comes from [`RANK_SHAPES`], a slot takes the next
        // piece, without a branch per square.
        let mut buf = [0u8; 71];
        let (mut at, mut n) = (0, 0);
        for row in 0..8 {
            let (len, shape) = RANK_SHAPES[self.occupied[row] as usize];
            for &b in &shape[..len as usize] {
                // (Read also for a digit, when n may be past the last piece: wrapped.)
                let code = self.pieces[n / 2 % 16] >> ((n % 2) * 4) & 15;
                let letter = FEN_LETTERS[code as usize % 12];
                let is_piece = b == PIECE_SLOT;
                buf[at] = if is_piece { letter } else { b };
                n += is_piece as usize;
                at += 1;
            }
            if row < 7 {
                buf[at] = b'/';
                at += 1;
            }
        }
        out.extend_from_slice(&buf[..at]);
        out.extend_from_slice(if self.state & 1 == 0 { b" w " } else { b" b " });
        let rights = self.state >> 1;
        if rights == 0 {
            out.push(b'-');
        }
        for (bit, &letter) in CASTLING_LETTERS.iter().enumerate() {
            if rights >> bit & 1 != 0 {
                out.push(letter);
            }
        }
        out.push(b' ');
        match self.ep {
            0 => out.push(b'-'),
            e => out.extend_from_slice(&square_name(e - 1)),
        }
    }

    /// The position (clocks at `0 1`), read back from its FEN fields. The position came
    /// from legal play, so the strict FEN reader accepts it.
    fn position(&self) -> Result<Position, BookError> {
        let mut epd = Vec::with_capacity(96);
        self.write_epd(&mut epd);
        let epd = String::from_utf8_lossy(&epd);
        Position::from_fen(&epd)
            .map_err(|e| BookError(format!("a counted position {epd} cannot be rebuilt: {e}")))
    }
}

/// `e4` for square index 28.
fn square_name(sq: u8) -> [u8; 2] {
    [b'a' + sq % 8, b'1' + sq / 8]
}

/// A move's UCI text as bytes, padded with zeros: comparing two of these orders moves as
/// comparing their UCI strings does (`e7e8` before `e7e8q`).
fn uci_bytes(mv: Move) -> [u8; 5] {
    let [a, b] = square_name(mv.from() as u8);
    let [c, d] = square_name(mv.to() as u8);
    let promo = mv.promotion().map_or(0, |r| r.lower_char() as u8);
    [a, b, c, d, promo]
}

/// Appends a number in decimal.
fn push_number(out: &mut Vec<u8>, mut v: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

/// A position met in the games: its key, what its `fen` line says, and its counted moves:
/// the first one met here (most positions of a large import have just one), the others in
/// a list of [`Edge`]s. 56 bytes.
#[derive(Clone, Copy)]
struct Node {
    key: u64,
    snapshot: Snapshot,
    mv: Move,
    counts: [u32; 4],
    /// The other moves, last met first.
    more: u32,
}

/// A counted move of a position after its first: its games and results (games, wins,
/// draws, losses for the mover), and the position's next such move.
#[derive(Clone, Copy)]
struct Edge {
    mv: Move,
    next: u32,
    counts: [u32; 4],
}

/// Counts of moves and their results per position, gathered from games before anything
/// is written. Compact: a position is a slot in an index, a `Snapshot` of its board and its
/// moves' counts (no `Position` is kept).
#[derive(Default)]
pub struct Tally {
    index: NodeIndex,
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    /// The counted positions of the game being added, and their moves (reused).
    game: Vec<(Position, Move)>,
}

/// Adds counts (saturating).
fn add_counts(to: &mut [u32; 4], add: [u32; 4]) {
    for (c, a) in to.iter_mut().zip(add) {
        *c = c.saturating_add(a);
    }
}

impl Tally {
    /// Counts move `mv` of `pos` with `add` (games, wins, draws, losses).
    fn count(&mut self, pos: &Position, mv: Move, add: [u32; 4]) {
        let next = self.nodes.len() as u32;
        let n = self.index.find_or_insert(pos.key(), &self.nodes, next);
        if n == next {
            self.nodes.push(Node {
                key: pos.key(),
                snapshot: Snapshot::of(pos),
                mv,
                counts: add,
                more: NONE,
            });
            return;
        }
        let node = &mut self.nodes[n as usize];
        if node.mv == mv {
            add_counts(&mut node.counts, add);
            return;
        }
        let mut e = node.more;
        while e != NONE {
            let edge = &mut self.edges[e as usize];
            if edge.mv == mv {
                add_counts(&mut edge.counts, add);
                return;
            }
            e = edge.next;
        }
        self.edges.push(Edge {
            mv,
            next: node.more,
            counts: add,
        });
        node.more = (self.edges.len() - 1) as u32;
    }

    /// Adds one game's moves, each with the game's result for the side that played it.
    pub fn add_game(
        &mut self,
        start: &Position,
        moves: &[Move],
        result: &str,
        opts: &PgnImportOptions,
    ) {
        let counts = |r: Results| [r.games, r.wins, r.draws, r.losses].map(|c| c as u32);
        let for_white = counts(Results::one(outcome_for(result, Color::White)));
        let for_black = counts(Results::one(outcome_for(result, Color::Black)));
        let moves = &moves[..moves.len().min(opts.max_ply as usize)];
        // The positions first, their memory touched, then the counting.
        let mut game = std::mem::take(&mut self.game);
        game.clear();
        let mut pos = *start;
        for &mv in moves {
            if opts.only.is_none_or(|c| c == pos.turn()) {
                game.push((pos, mv));
            }
            pos.play(mv);
        }
        for (pos, _) in &game {
            self.index.touch(pos.key(), &self.nodes);
        }
        for (pos, mv) in &game {
            let one = if pos.turn() == Color::White {
                for_white
            } else {
                for_black
            };
            self.count(pos, *mv, one);
        }
        self.game = game;
    }

    /// How many positions are counted (with at least one move).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The counted positions, sorted by key (the index, no longer needed, is freed first).
    fn into_sorted(self) -> (Vec<Node>, Vec<Edge>) {
        let Tally {
            index,
            mut nodes,
            edges,
            ..
        } = self;
        drop(index);
        nodes.sort_unstable_by_key(|n| n.key);
        (nodes, edges)
    }
}

/// A node's counted moves with their results, in the order first met, into `out`.
fn node_moves(edges: &[Edge], node: &Node, out: &mut Vec<(Move, Results)>) {
    let results = |[games, wins, draws, losses]: [u32; 4]| Results {
        games: games.into(),
        wins: wins.into(),
        draws: draws.into(),
        losses: losses.into(),
    };
    out.clear();
    out.push((node.mv, results(node.counts)));
    let mut e = node.more;
    while e != NONE {
        let edge = &edges[e as usize];
        out.push((edge.mv, results(edge.counts)));
        e = edge.next;
    }
    out[1..].reverse();
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
    out: &mut Vec<u8>,
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
    let mut kept: Vec<(u32, [u8; 5], &Results)> = Vec::with_capacity(list.len());
    for (mv, r) in list.iter() {
        if scores_enough(r, opts) {
            kept.push((opts.weights.weight(r), uci_bytes(*mv), r));
        } else {
            *dropped_moves += 1;
        }
    }
    if kept.is_empty() {
        return 0;
    }
    kept.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    out.extend_from_slice(b"fen ");
    snapshot.write_epd(out);
    out.push(b'\n');
    for (weight, uci, r) in &kept {
        let len = if uci[4] == 0 { 4 } else { 5 };
        out.extend_from_slice(&uci[..len]);
        out.extend_from_slice(b" weight=");
        push_number(out, *weight as u64);
        for (name, value) in [
            (&b" games="[..], r.games),
            (b" w=", r.wins),
            (b" d=", r.draws),
            (b" l=", r.losses),
        ] {
            out.extend_from_slice(name);
            push_number(out, value);
        }
        out.push(b'\n');
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
            Ok(g) => {
                report.games += 1;
                tally.add_game(&g.start, &g.moves, &g.result, opts);
            }
            Err(e) if e.read_failed => {
                return Err(BookError(format!(
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
    let (mut list, mut text) = (Vec::new(), Vec::new());
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
                w.put(key, &text, || node.snapshot.position())?;
                kept += 1;
                report.moves += n;
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
        report.moves += item.moves.len();
        super::merge_into(&mut moves, &mut notes, item.moves, item.notes, &mut merge);
        let record = format::write_record(&pos, &moves, &notes);
        w.put(key, record.as_bytes(), || Ok(pos))?;
    }
    report.dropped += total - kept;
    Ok(())
}

// ---- The original Huo Chess book files ----

/// What a legacy import did.
#[derive(Clone, Debug, Default)]
pub struct HuoImportReport {
    pub files: usize,
    pub recorded: usize,
    /// `file: message` for each file that could not be read.
    pub problems: Vec<String>,
}

fn piece_of(text: &str) -> Result<Option<Piece>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let lower = t.to_ascii_lowercase();
    let color = match lower.as_bytes()[0] {
        b'w' => Color::White,
        b'b' => Color::Black,
        _ => return Err(format!("'{t}' is not a piece (WKing, BPawn, ... or empty)")),
    };
    let role = [
        ("knight", Role::Knight),
        ("king", Role::King),
        ("queen", Role::Queen),
        ("rook", Role::Rook),
        ("bishop", Role::Bishop),
        ("pawn", Role::Pawn),
    ]
    .iter()
    .find(|(name, _)| lower[1..].contains(name))
    .map(|&(_, r)| r)
    .ok_or_else(|| format!("'{t}' is not a piece (WKing, BPawn, ... or empty)"))?;
    Ok(Some(Piece::new(color, role)))
}

/// Splits a legacy file into values: quoted strings (possibly empty) or bare words.
fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c == '"' {
            chars.next();
            let mut s = String::new();
            for c in chars.by_ref() {
                if c == '"' {
                    break;
                }
                s.push(c);
            }
            out.push(s);
        } else if c.is_whitespace() || c == ',' {
            chars.next();
        } else {
            let mut s = String::new();
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() || c == ',' || c == '"' {
                    break;
                }
                s.push(c);
                chars.next();
            }
            out.push(s);
        }
    }
    out
}

/// Reads one legacy `Opening*.txt` file: 64 square contents, column by column (a1..a8,
/// b1..b8, ...), then `"Suggested Move"` and four numbers 1-8: start column, start rank,
/// finish column, finish rank. The side to move is the colour of the piece on the start
/// square; castling rights are inferred from kings and rooks on their home squares.
pub fn parse_huo(text: &str) -> Result<(Position, Move), String> {
    let is_marker = |s: &str| s.trim().eq_ignore_ascii_case("suggested move");
    let toks = tokens(text);
    let squares: Vec<String>;
    let numbers: Vec<String>;
    match toks.iter().position(|t| is_marker(t)) {
        Some(64) => {
            squares = toks[..64].to_vec();
            numbers = toks[65..].to_vec();
        }
        _ => {
            // One value per line, bare empty lines for empty squares.
            let lines: Vec<String> = text
                .lines()
                .map(|l| l.trim().trim_matches('"').to_string())
                .collect();
            let marker = lines
                .iter()
                .position(|l| is_marker(l))
                .ok_or("no \"Suggested Move\" line")?;
            let board: Vec<String> = lines[..marker].to_vec();
            let board: Vec<String> = if board.len() > 64 {
                // Trailing blank lines before the marker, or a blank first line.
                let trimmed: Vec<String> =
                    board.iter().skip_while(|l| l.is_empty()).cloned().collect();
                trimmed
            } else {
                board
            };
            if board.len() != 64 {
                return Err(format!(
                    "expected 64 square contents before \"Suggested Move\", found {}",
                    board.len()
                ));
            }
            squares = board;
            numbers = tokens(&lines[marker + 1..].join("\n"));
        }
    }
    let nums: Vec<usize> = numbers
        .iter()
        .take(4)
        .map(|n| {
            n.trim()
                .parse::<usize>()
                .ok()
                .filter(|v| (1..=8).contains(v))
                .ok_or_else(|| format!("'{n}' is not a column or rank 1-8"))
        })
        .collect::<Result<_, _>>()?;
    if nums.len() != 4 {
        return Err("the suggested move needs 4 numbers".into());
    }
    let mut board: [Option<Piece>; 64] = [None; 64];
    for (i, s) in squares.iter().enumerate() {
        let (file, rank) = (i / 8, i % 8);
        board[rank * 8 + file] = piece_of(s)?;
    }
    let from = Square::from_index((nums[1] - 1) * 8 + nums[0] - 1);
    let to = Square::from_index((nums[3] - 1) * 8 + nums[2] - 1);
    let mover =
        board[from as usize].ok_or_else(|| format!("no piece on the start square {from}"))?;
    // FEN of the board.
    let mut placement = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                Some(p) => {
                    if empty > 0 {
                        placement.push_str(&empty.to_string());
                        empty = 0;
                    }
                    placement.push(p.fen_char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            placement.push_str(&empty.to_string());
        }
        if rank > 0 {
            placement.push('/');
        }
    }
    let has = |sq: usize, c: Color, r: Role| board[sq] == Some(Piece::new(c, r));
    let mut castling = String::new();
    if has(4, Color::White, Role::King) {
        if has(7, Color::White, Role::Rook) {
            castling.push('K');
        }
        if has(0, Color::White, Role::Rook) {
            castling.push('Q');
        }
    }
    if has(60, Color::Black, Role::King) {
        if has(63, Color::Black, Role::Rook) {
            castling.push('k');
        }
        if has(56, Color::Black, Role::Rook) {
            castling.push('q');
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    let fen = format!("{placement} {} {castling} -", mover.color.fen_char());
    let pos = Position::from_fen(&fen).map_err(|e| format!("impossible position {fen}: {e}"))?;
    let promo = (mover.role == Role::Pawn && (to.rank().index() == 0 || to.rank().index() == 7))
        .then_some(Role::Queen);
    let mv = Move::new(from, to, promo);
    if !pos.is_legal(mv) {
        return Err(format!(
            "the suggested move {} is illegal in {fen}",
            mv.uci()
        ));
    }
    Ok((pos, mv))
}

/// Legacy files of a directory (and its subdirectories): names `Opening*.txt`, any case.
pub fn huo_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let name = e.file_name().to_string_lossy().to_ascii_lowercase();
                if name.starts_with("opening") && name.ends_with(".txt") {
                    out.push(p);
                }
            }
        }
    }
    out.sort();
    out
}

/// Imports every legacy file of `dir`: each suggested move is recorded with weight 1.
pub fn import_huo(book: &Book, dir: &Path) -> Result<HuoImportReport, BookError> {
    if !dir.is_dir() {
        return Err(BookError(format!("{} is not a directory", dir.display())));
    }
    let mut report = HuoImportReport::default();
    let mut batch: Batch = Vec::new();
    for path in huo_files(dir) {
        report.files += 1;
        let text = match std::fs::read(&path) {
            Ok(b) => String::from_utf8_lossy(&b).into_owned(),
            Err(e) => {
                report.problems.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        match parse_huo(&text) {
            Ok((pos, mv)) => match batch.iter_mut().find(|(p, _)| p.key() == pos.key()) {
                Some((_, list)) => match list.iter_mut().find(|(m, _)| *m == mv) {
                    Some((_, w)) => *w += 1,
                    None => list.push((mv, 1)),
                },
                None => batch.push((pos, vec![(mv, 1)])),
            },
            Err(e) => report.problems.push(format!("{}: {e}", path.display())),
        }
    }
    report.recorded = batch.iter().map(|(_, l)| l.len()).sum();
    book.record_batch(batch)?;
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A snapshot writes the same `fen` fields as the position it was taken from, through
    /// castling, en passant and promotions (random games to the end).
    #[test]
    fn a_snapshot_writes_the_epd_of_its_position() {
        let mut rng = 7;
        let mut seen_ep = false;
        for _ in 0..200 {
            let mut pos = Position::startpos();
            for _ in 0..300 {
                let mut text = Vec::new();
                Snapshot::of(&pos).write_epd(&mut text);
                assert_eq!(String::from_utf8(text).unwrap(), pos.epd());
                assert_eq!(Snapshot::of(&pos).position().unwrap().key(), pos.key());
                seen_ep |= pos.ep_square().is_some();
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                rng = crate::util::rng::splitmix64(rng);
                pos.play(moves[(rng % moves.len() as u64) as usize]);
            }
        }
        assert!(seen_ep);
    }

    #[test]
    fn uci_bytes_order_moves_as_their_uci_text() {
        let pos = Position::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let mut moves: Vec<Move> = pos.legal_moves().to_vec();
        moves.sort_by_key(|&m| uci_bytes(m));
        let by_text: Vec<String> = moves.iter().map(|m| m.uci()).collect();
        let mut sorted = by_text.clone();
        sorted.sort();
        assert_eq!(by_text, sorted);
    }
}
