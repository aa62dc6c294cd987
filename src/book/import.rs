//! Importing into a book: PGN games, and the book files of the original Huo Chess.

use super::results::{Outcome, Results, WeightPolicy};
use super::{Batch, BatchReport, Book, BookError, BookMove, Incoming, WeightMerge, merge_move};
use crate::core::{Color, Move, Piece, Position, Role, Square};
use crate::pgn::{PgnError, read_games};
use std::collections::HashMap;
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
    /// Memory bound: when this many positions are counted, they are written to the book
    /// and counting starts afresh (counts add up in the book), so a PGN of any size is
    /// imported in bounded memory. Not with `min_games` > 1 or `min_score`, which need
    /// the whole file's counts: then everything is counted first.
    pub flush_positions: usize,
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
    /// Position files written and moves written to them (a position counted again after
    /// a flush, see [`PgnImportOptions::flush_positions`], is written again).
    pub positions: usize,
    pub moves: usize,
    /// How many times the counts were written to the book before the end of the file.
    pub flushes: usize,
    /// Positions dropped by `min_games`.
    pub dropped: usize,
    /// Moves dropped by `min_score`.
    pub dropped_moves: usize,
    /// Files that could not be changed.
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

/// Counts of moves and their results per position, gathered from games before anything
/// is written.
#[derive(Default)]
pub struct Tally {
    map: HashMap<u64, (Position, Vec<(Move, Results)>)>,
}

impl Tally {
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
        let mut pos = *start;
        for &mv in moves.iter().take(opts.max_ply as usize) {
            if opts.only.is_none_or(|c| c == pos.turn()) {
                let one = if pos.turn() == Color::White {
                    &for_white
                } else {
                    &for_black
                };
                let (_, list) = self
                    .map
                    .entry(pos.key())
                    .or_insert_with(|| (pos, Vec::new()));
                match list.iter_mut().find(|(m, _)| *m == mv) {
                    Some((_, r)) => r.add(one),
                    None => list.push((mv, *one)),
                }
            }
            pos.play(mv);
        }
    }

    /// How many positions are counted.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// The positions with at least `min_games` games, sorted by key, each move with its
    /// results as fields and its weight by `opts.weights`; moves under `opts.min_score`
    /// left out. Returns the positions, the positions dropped and the moves dropped.
    pub fn into_incoming(self, opts: &PgnImportOptions) -> (Vec<Incoming>, usize, usize) {
        let total = self.map.len();
        let mut dropped_moves = 0;
        let out: Vec<Incoming> = self
            .into_sorted()
            .into_iter()
            .filter_map(|(pos, list)| incoming(pos, list, opts, &mut dropped_moves))
            .collect();
        let dropped = total - out.len();
        (out, dropped, dropped_moves)
    }

    /// The counted positions, sorted by key.
    fn into_sorted(self) -> Vec<(Position, Vec<(Move, Results)>)> {
        let mut v: Vec<_> = self.map.into_values().collect();
        v.sort_unstable_by_key(|(p, _)| p.key());
        v
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
pub fn import_pgn<R: BufRead>(
    book: &Book,
    reader: R,
    opts: &PgnImportOptions,
    mut progress: impl FnMut(usize),
) -> Result<PgnImportReport, BookError> {
    let mut report = PgnImportReport::default();
    let mut tally = Tally::default();
    let can_flush = opts.min_games <= 1 && opts.min_score.is_none();
    for (i, game) in read_games(reader).enumerate() {
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
    write_tally(book, tally, opts, &mut report)?;
    Ok(report)
}

/// Writes counted games into the book, adding to `report`. The positions are turned into
/// book moves one at a time as they are written, so the counts are the only copy in memory.
fn write_tally(
    book: &Book,
    tally: Tally,
    opts: &PgnImportOptions,
    report: &mut PgnImportReport,
) -> Result<(), BookError> {
    let total = tally.len();
    let (mut kept, mut moves, mut dropped_moves) = (0, 0, 0);
    let items = tally.into_sorted().into_iter().filter_map(|(pos, list)| {
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
