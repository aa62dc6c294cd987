//! Importing into a book: PGN games, and the book files of the original Huo Chess.
//!
//! A PGN import streams the games (only the first `max_ply` moves of each are read as
//! moves, the rest is skipped as text), counts each position's moves and results in a
//! compact [`Tally`], then writes once, in key order: to the positions' own files, or,
//! for a large import, to the packed book ([`super::pack`]), one file instead of one per
//! position. Either way the book's existing positions keep their comments, notes and
//! other fields, and counts add up.

use super::results::{Outcome, Results, WeightPolicy};
use super::{
    Batch, BatchReport, Book, BookError, BookMove, Incoming, WeightMerge, format, merge_move, pack,
    store,
};
use crate::core::{Color, Move, Piece, Position, Role, Square};
use crate::pgn::{PgnError, read_games_upto};
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::io::BufRead;
use std::path::{Path, PathBuf};

/// Where an import writes its positions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// The pack when there are at least [`PACK_MIN_POSITIONS`] positions to write, else
    /// their files.
    #[default]
    Auto,
    /// One file per position (counts may be flushed early to bound memory).
    Files,
    /// The packed book (positions that have their own file are still written there).
    Packed,
}

/// From this many positions an automatic import writes the pack: below it, a file per
/// position costs little and stays easiest to read and edit.
pub const PACK_MIN_POSITIONS: usize = 10_000;

impl std::str::FromStr for Layout {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "auto" => Ok(Layout::Auto),
            "files" => Ok(Layout::Files),
            "packed" | "pack" => Ok(Layout::Packed),
            other => Err(format!("'{other}' is not a layout (auto, files, packed)")),
        }
    }
}

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
    /// they are written to the book and counting starts afresh (counts add up in the
    /// book). Not with `min_games` > 1 or `min_score`, which need the whole file's counts.
    /// The other layouts count everything, then write once (the tally needs about 60
    /// bytes per position).
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
    /// Positions written (files or packed records) and moves written to them (a position
    /// counted again after a flush, see [`PgnImportOptions::flush_positions`], is written
    /// again).
    pub positions: usize,
    pub moves: usize,
    /// How many times the counts were written to the book before the end of the file.
    pub flushes: usize,
    /// Whether the positions went to the packed book.
    pub packed: bool,
    /// Positions dropped by `min_games`.
    pub dropped: usize,
    /// Moves dropped by `min_score`.
    pub dropped_moves: usize,
    /// Files (or packed records) that could not be changed.
    pub errors: Vec<BookError>,
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

/// The move of a start position's node (it has none).
const UNUSED_MOVE: Move = Move::new(Square::A1, Square::A1, None);
/// Hashes a position key for the tally's map: the key is already a Zobrist hash (uniform
/// bits), so it is used as it is instead of being hashed again (SipHash cost ~10% of an
/// import).
#[derive(Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

/// No node or edge (the end of a list, a position without a parent).
const NONE: u32 = u32::MAX;
/// Marks [`Node::parent`] as an index into [`Tally::roots`] (a game's start position).
const ROOT: u32 = 1 << 31;

/// A position met in the games: how to rebuild it (its parent and the move from there,
/// or a start position) and its first counted move.
#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    mv: Move,
    first_edge: u32,
}

/// A counted move of a position: its games and results (games, wins, draws, losses for
/// the mover), and the position's next counted move.
#[derive(Clone, Copy)]
struct Edge {
    mv: Move,
    next: u32,
    counts: [u32; 4],
}

/// Counts of moves and their results per position, gathered from games before anything
/// is written. Compact: a position is a key in a map, a parent link and its moves' counts
/// (no board is kept; it is rebuilt from the parent links when written).
#[derive(Default)]
pub struct Tally {
    index: HashMap<u64, u32, BuildHasherDefault<KeyHasher>>,
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    roots: Vec<Position>,
    /// Positions with at least one counted move.
    counted: usize,
}

impl Tally {
    /// The node of `pos`, made if new: its parent is `from` (node and move), or the
    /// position is a start position.
    fn node(&mut self, pos: &Position, from: Option<(u32, Move)>) -> u32 {
        if let Some(&n) = self.index.get(&pos.key()) {
            return n;
        }
        let (parent, mv) = match from {
            Some(link) => link,
            None => {
                self.roots.push(*pos);
                (ROOT | (self.roots.len() - 1) as u32, UNUSED_MOVE)
            }
        };
        let n = self.nodes.len() as u32;
        self.nodes.push(Node {
            parent,
            mv,
            first_edge: NONE,
        });
        self.index.insert(pos.key(), n);
        n
    }

    fn count(&mut self, node: u32, mv: Move, one: &Results) {
        let add = [one.games, one.wins, one.draws, one.losses].map(|c| c as u32);
        let mut e = self.nodes[node as usize].first_edge;
        if e == NONE {
            self.counted += 1;
        }
        while e != NONE {
            let edge = &mut self.edges[e as usize];
            if edge.mv == mv {
                for (c, a) in edge.counts.iter_mut().zip(add) {
                    *c = c.saturating_add(a);
                }
                return;
            }
            e = edge.next;
        }
        self.edges.push(Edge {
            mv,
            next: self.nodes[node as usize].first_edge,
            counts: add,
        });
        self.nodes[node as usize].first_edge = (self.edges.len() - 1) as u32;
    }

    /// Adds one game's moves, each with the game's result for the side that played it.
    pub fn add_game(
        &mut self,
        start: &Position,
        moves: &[Move],
        result: &str,
        opts: &PgnImportOptions,
    ) {
        let for_white = Results::one(outcome_for(result, Color::White));
        let for_black = Results::one(outcome_for(result, Color::Black));
        let moves = &moves[..moves.len().min(opts.max_ply as usize)];
        let mut pos = *start;
        let mut node = self.node(&pos, None);
        for (i, &mv) in moves.iter().enumerate() {
            if opts.only.is_none_or(|c| c == pos.turn()) {
                let one = if pos.turn() == Color::White {
                    &for_white
                } else {
                    &for_black
                };
                self.count(node, mv, one);
            }
            pos.play(mv);
            if i + 1 < moves.len() {
                node = self.node(&pos, Some((node, mv)));
            }
        }
    }

    /// How many positions are counted (with at least one move).
    pub fn len(&self) -> usize {
        self.counted
    }

    pub fn is_empty(&self) -> bool {
        self.counted == 0
    }

    /// The counted positions' keys and nodes, sorted by key.
    fn sorted(&self) -> Vec<(u64, u32)> {
        let mut v: Vec<(u64, u32)> = self
            .index
            .iter()
            .filter(|&(_, &n)| self.nodes[n as usize].first_edge != NONE)
            .map(|(&k, &n)| (k, n))
            .collect();
        v.sort_unstable();
        v
    }

    /// A node's position, rebuilt by playing the moves from its start position.
    fn position(&self, node: u32) -> Position {
        let mut path = Vec::new();
        let mut n = node;
        loop {
            let nd = self.nodes[n as usize];
            if nd.parent & ROOT != 0 {
                let mut pos = self.roots[(nd.parent & !ROOT) as usize];
                for &mv in path.iter().rev() {
                    pos.play(mv);
                }
                return pos;
            }
            path.push(nd.mv);
            n = nd.parent;
        }
    }

    /// A node's counted moves with their results, in the order first met.
    fn moves(&self, node: u32) -> Vec<(Move, Results)> {
        let mut out = Vec::new();
        let mut e = self.nodes[node as usize].first_edge;
        while e != NONE {
            let edge = &self.edges[e as usize];
            let [games, wins, draws, losses] = edge.counts.map(u64::from);
            let r = Results {
                games,
                wins,
                draws,
                losses,
            };
            out.push((edge.mv, r));
            e = edge.next;
        }
        out.reverse();
        out
    }

    /// The counted positions in key order: (key, position, moves with results).
    fn drain_sorted(self) -> impl Iterator<Item = (u64, Position, Vec<(Move, Results)>)> {
        let order = self.sorted();
        order
            .into_iter()
            .map(move |(k, n)| (k, self.position(n), self.moves(n)))
    }

    /// The positions with at least `min_games` games, sorted by key, each move with its
    /// results as fields and its weight by `opts.weights`; moves under `opts.min_score`
    /// left out. Returns the positions, the positions dropped and the moves dropped.
    pub fn into_incoming(self, opts: &PgnImportOptions) -> (Vec<Incoming>, usize, usize) {
        let total = self.len();
        let mut dropped_moves = 0;
        let out: Vec<Incoming> = self
            .drain_sorted()
            .filter_map(|(_, pos, list)| incoming(pos, list, opts, &mut dropped_moves))
            .collect();
        let dropped = total - out.len();
        (out, dropped, dropped_moves)
    }

    /// The positions with at least `min_games` games, sorted by key, as (move, game count)
    /// pairs, and how many were dropped.
    pub fn into_batch(self, min_games: u32) -> (Batch, usize) {
        let opts = PgnImportOptions {
            min_games,
            ..PgnImportOptions::default()
        };
        let (items, dropped, _) = self.into_incoming(&opts);
        let batch = items
            .into_iter()
            .map(|i| (i.pos, i.moves.iter().map(|m| (m.mv, m.weight)).collect()))
            .collect();
        (batch, dropped)
    }
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
        if let (Some(min), Some(score)) = (opts.min_score, r.score())
            && score * 100.0 < min
        {
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
/// among them is reported and skipped.
pub fn import_pgn<R: BufRead>(
    book: &Book,
    reader: R,
    opts: &PgnImportOptions,
    mut progress: impl FnMut(usize),
) -> Result<PgnImportReport, BookError> {
    let mut report = PgnImportReport::default();
    let mut tally = Tally::default();
    let can_flush = opts.layout == Layout::Files && opts.min_games <= 1 && opts.min_score.is_none();
    for (i, game) in read_games_upto(reader, opts.max_ply as usize).enumerate() {
        match game {
            Ok(g) => {
                report.games += 1;
                tally.add_game(&g.start, &g.moves, &g.result, opts);
            }
            Err(e) => report.bad_games.push(e),
        }
        if can_flush && tally.len() >= opts.flush_positions.max(1) {
            write_tally(book, std::mem::take(&mut tally), opts, &mut report)?;
            report.flushes += 1;
        }
        progress(i + 1);
    }
    let packed = match opts.layout {
        Layout::Files => false,
        Layout::Packed => true,
        Layout::Auto => tally.len() >= PACK_MIN_POSITIONS,
    };
    if packed {
        write_packed(book, tally, opts, &mut report)?;
    } else {
        write_tally(book, tally, opts, &mut report)?;
    }
    Ok(report)
}

/// Writes counted games into the book's files, adding to `report`. The positions are
/// turned into book moves one at a time as they are written.
fn write_tally(
    book: &Book,
    tally: Tally,
    opts: &PgnImportOptions,
    report: &mut PgnImportReport,
) -> Result<(), BookError> {
    let total = tally.len();
    let (mut kept, mut moves, mut dropped_moves) = (0, 0, 0);
    let items = tally.drain_sorted().filter_map(|(_, pos, list)| {
        let item = incoming(pos, list, opts, &mut dropped_moves)?;
        kept += 1;
        moves += item.moves.len();
        Some(item)
    });
    let policy = opts.weights;
    let BatchReport { written, errors } =
        book.merge_batch(items, |old, new| merge_imported(old, new, policy))?;
    report.dropped += total - kept;
    report.dropped_moves += dropped_moves;
    report.moves += moves;
    report.positions += written;
    report.errors.extend(errors);
    Ok(())
}

/// Writes counted games into the book's pack, under the book's lock: a new pack is written
/// in key order from the old one and the counts (a position in both has its moves merged,
/// its notes, comments and other fields kept) and put in place of the old one. A position
/// that has its own file is merged into that file, which wins over the pack. A damaged
/// pack stops the import before anything is replaced.
fn write_packed(
    book: &Book,
    tally: Tally,
    opts: &PgnImportOptions,
    report: &mut PgnImportReport,
) -> Result<(), BookError> {
    let dir = book.writable_dir()?;
    let _guard = store::lock(dir)?;
    let files = store::file_keys(dir);
    let mut old = pack::Records::open(dir)?;
    let mut out = pack::PackWriter::create(dir)?;
    let mut next_old =
        |up_to: u64, out: &mut pack::PackWriter| -> Result<Option<String>, BookError> {
            // Copies the old records before `up_to`; returns the record of `up_to` itself.
            let Some(records) = old.as_mut() else {
                return Ok(None);
            };
            while records.peek_key().is_some_and(|k| k <= up_to) {
                let (k, text) = records.next_record().expect("a peeked record")?;
                if k == up_to {
                    return Ok(Some(text));
                }
                out.add(k, &text)?;
            }
            Ok(None)
        };
    let total = tally.len();
    let (mut kept, mut moves, mut dropped_moves) = (0, 0, 0);
    let policy = opts.weights;
    let mut merge = |old: &mut BookMove, new: &BookMove| merge_imported(old, new, policy);
    for (key, pos, list) in tally.drain_sorted() {
        let old_text = next_old(key, &mut out)?;
        let Some(item) = incoming(pos, list, opts, &mut dropped_moves) else {
            if let Some(t) = old_text {
                out.add(key, &t)?;
            }
            continue;
        };
        kept += 1;
        moves += item.moves.len();
        if files.contains(&key) {
            // The file wins: it gets the counts; the record underneath stays as it was.
            if let Some(t) = old_text {
                out.add(key, &t)?;
            }
            match super::merge_locked(dir, item, &mut merge) {
                Ok(()) => report.positions += 1,
                Err(e) => report.errors.push(e),
            }
            continue;
        }
        let Some(text) = old_text else {
            out.add(key, &format::write_record(&item.pos, &item.moves, &[]))?;
            report.positions += 1;
            continue;
        };
        let parsed = format::parse(&text);
        let r = format::resolve(&parsed, &item.pos, &pack::shown(dir, key));
        if !r.problems.is_empty() {
            report.errors.push(BookError(format!(
                "refusing to rewrite a packed position with problems ('huo-book check' \
                 lists them): {}",
                r.problems.join("; ")
            )));
            out.add(key, &text)?;
            continue;
        }
        let (mut current, mut notes) = (r.moves, format::notes(&parsed, &item.pos));
        super::merge_into(&mut current, &mut notes, item.moves, item.notes, &mut merge);
        out.add(key, &format::write_record(&item.pos, &current, &notes))?;
        report.positions += 1;
    }
    next_old(u64::MAX, &mut out)?.map_or(Ok(()), |t| out.add(u64::MAX, &t))?;
    out.finish()?;
    report.packed = true;
    report.dropped += total - kept;
    report.dropped_moves += dropped_moves;
    report.moves += moves;
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
    let r = book.record_batch(batch)?;
    report.problems.extend(r.errors.into_iter().map(|e| e.0));
    Ok(report)
}
