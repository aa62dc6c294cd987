//! The strong search: iterative deepening, negamax alpha-beta with principal-variation
//! search, quiescence search and the usual ways of looking at fewer moves.
//!
//! - **Alpha-beta**: once one reply refutes a move, the other replies need not be looked
//!   at. With good move ordering this searches about the square root of the MiniMax tree.
//! - **Principal-variation search**: after the first (expected best) move, each other move
//!   is first searched with a null window that only asks "is it better?"; only a "yes" is
//!   searched again with the full window.
//! - **Iterative deepening**: depth 1, 2, 3… Each iteration fills the transposition table
//!   and the histories that order the next, and there is always a finished answer when
//!   time runs out.
//! - **Quiescence search**: at depth 0 we keep looking at captures until the position is
//!   quiet, so the evaluation never stops in the middle of an exchange.
//! - **Looking at fewer moves** where the position is clear: if passing (a *null move*)
//!   still wins, or the static evaluation is far above beta, the node is cut at once
//!   (*reverse futility*); far below alpha, a quiescence search decides (*razoring*); late
//!   quiet moves at low depth, quiet moves that cannot reach alpha (*futility*) and moves
//!   that lose material by static exchange are skipped; and moves ordered late are searched
//!   less deep first (*late-move reductions*), more so when the position is not improving.
//! - **Looking deeper** where it matters: a check adds a ply, and so does the hash move
//!   when every other move is clearly worse (a *singular* move: the position hangs on it).
//! - **Mate scores** count the distance from the root, so the engine prefers the shortest
//!   mate and the longest defence; repetitions and the fifty-move rule score as draws.
//!
//! The margins, depth limits and reductions of all this are named, and explained, in
//! [`super::params`].

use super::aspiration::Aspiration;
use super::correction::corrected;
use super::human::Vision;
use super::ordering::{Context, Heuristics, Kind, Picker, PieceTo, piece_to, see_ge};
use super::params::*;
use super::time::{self, TimeBudget};
use super::tt::{Bound, Hit, NO_EVAL, TranspositionTable};
use super::types::{
    Event, INFINITY, Iteration, Limits, MATE, MATE_BOUND, MAX_PLY, Progress, Score, SearchResult,
    score_of,
};
use crate::core::{Move, MoveList, Position, Role};
use crate::eval::{Evaluator, PawnCache};
use std::sync::LazyLock;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The root moves are reported ([`Event::Progress`]) only once a search has run this long:
/// a short search would print more about its moves than about its results.
const PROGRESS_AFTER: Duration = Duration::from_secs(1);

/// The principal variation found at each ply (a triangular table).
pub struct PvTable {
    moves: Box<[[Option<Move>; MAX_PLY]; MAX_PLY]>,
    pub(super) len: [usize; MAX_PLY],
}

impl Default for PvTable {
    fn default() -> Self {
        PvTable {
            moves: Box::new([[None; MAX_PLY]; MAX_PLY]),
            len: [0; MAX_PLY],
        }
    }
}

impl PvTable {
    pub(super) fn update(&mut self, ply: usize, mv: Move) {
        self.moves[ply][0] = Some(mv);
        let child = if ply + 1 < MAX_PLY {
            self.len[ply + 1]
        } else {
            0
        };
        for i in 0..child.min(MAX_PLY - 1) {
            self.moves[ply][i + 1] = self.moves[ply + 1][i];
        }
        self.len[ply] = child + 1;
    }

    /// The principal variation from the root.
    pub fn line(&self) -> Vec<Move> {
        self.moves[0][..self.len[0]]
            .iter()
            .flatten()
            .copied()
            .collect()
    }
}

/// What the search remembers about each ply of the line it is looking at.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    /// The static evaluation here, or [`NO_EVAL`] in check.
    eval: i32,
    /// The move being searched from here (its piece and destination), `None` for a null
    /// move: the continuation history of the plies below.
    moved: Option<PieceTo>,
    /// The move left out by a singular-extension search of this node.
    excluded: Option<Move>,
    /// Double extensions on the path to here (limited, or the search could explode).
    double_extensions: u8,
}

impl Default for Frame {
    fn default() -> Self {
        Frame {
            eval: NO_EVAL,
            moved: None,
            excluded: None,
            double_extensions: 0,
        }
    }
}

/// Frames below the root, so that `ply - 4` always has one.
const FRAME_OFFSET: usize = 4;
/// The frames of one search line, preallocated.
pub type Stack = [Frame; STACK_LEN];
/// Frames per search line.
pub const STACK_LEN: usize = MAX_PLY + FRAME_OFFSET + 2;

/// Everything one search thread needs, borrowed from the [`super::Searcher`] for its
/// duration. With several threads (Lazy SMP) each has its own worker: the table is shared,
/// everything else (histories, stack, principal variation) is the thread's own.
pub struct Worker<'a> {
    pub eval: &'a Evaluator,
    /// Pawn structures already scored.
    pub pawns: &'a mut PawnCache,
    pub tt: &'a TranspositionTable,
    pub heur: &'a mut Heuristics,
    /// Keys of the game's positions then of the search path: repetition detection.
    pub keys: &'a mut Vec<u64>,
    pub pv: &'a mut PvTable,
    pub stack: &'a mut Stack,
    pub stop: &'a AtomicBool,
    /// While set, the clock does not run (UCI pondering).
    pub ponder: Option<&'a AtomicBool>,
    pub budget: TimeBudget,
    pub node_limit: Option<u64>,
    /// A weak level's eyes: the moves it overlooks and the ones it likes (`None`: sees
    /// everything, as the full engine does).
    pub vision: Option<Vision>,
    /// The quiescence search stops following captures at this ply (a weak level's
    /// capture horizon; `usize::MAX`: never).
    pub capture_limit: usize,
    /// How much the side to move at the root dislikes a draw, in centipawns.
    pub contempt: i32,
    pub nodes: u64,
    pub seldepth: u32,
    pub aborted: bool,
    /// The best root move of the iteration in progress, once one is known.
    pub root_best: Option<(Move, i32)>,
    /// Legal root moves that are not searched at all (outside `go searchmoves`).
    pub root_skip: MoveList,
    /// Root moves left out of this pass: the lines already found in this iteration
    /// (MultiPV searches the best move, then the best of the others, and so on).
    pub root_excluded: MoveList,
    /// How many root moves this pass searches (for [`Event::Progress`]).
    pub root_count: usize,
    /// The nodes this thread spent below each root move, over the whole search: a best
    /// move that took most of the effort is settled (see [`time::effort_scale`]).
    pub root_nodes: Vec<(Move, u64)>,
    /// Where progress and results go.
    pub on_event: &'a mut dyn FnMut(Event),
    /// The main thread's view of its helpers: each one's node count so far, added to its
    /// own in what it reports and in the node limit (empty with one thread, and in a helper).
    pub helper_nodes: &'a [AtomicU64],
    /// A helper's own counter, which it keeps up to date for the main thread.
    pub publish: Option<&'a AtomicU64>,
    /// A helper searches each iteration this many plies deeper than its number, so that
    /// the threads do not all search the same tree in the same order (0 for the main one).
    pub depth_offset: u32,
    /// The index in `keys` of the position after the latest null move on the search path:
    /// a repetition never reaches back past a move that is not a move.
    pub null_floor: usize,
}

#[inline]
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Does the last key of `keys` occur earlier, among the positions with the same side to
/// move, at most `halfmove` plies back (the moves since the last capture or pawn move, which
/// no position before can repeat) and not before index `floor` (the position after a null
/// move: what came before the pass is not on the same footing)?
fn repeats(keys: &[u64], halfmove: u16, floor: usize) -> bool {
    let n = keys.len();
    let Some(&key) = keys.last() else {
        return false;
    };
    let oldest = n.saturating_sub(halfmove as usize + 1).max(floor);
    (oldest..n.saturating_sub(2))
        .rev()
        .step_by(2)
        .any(|i| keys[i] == key)
}

/// The score a table entry proves for this window, if it proves one: an exact score, a
/// lower bound at or above beta, or an upper bound at or below alpha.
#[inline]
fn cutoff(h: Hit, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let s = from_tt(h.score, ply);
    let usable = match h.bound {
        Bound::None => false,
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
    };
    usable.then_some(s)
}

/// The table's move, if it is legal here. The table may hand over another position's
/// entry (two keys alike in their low bits, or, with several threads, a slot rewritten
/// between probe and use), so its move is never trusted blindly: only a legal move may be
/// searched, or remembered as best.
#[inline]
pub fn hash_move(hit: Option<Hit>, pos: &Position) -> Option<Move> {
    hit.and_then(|h| h.mv).filter(|&m| pos.is_legal(m))
}

/// The static evaluation, sharpened by a table score that bounds it from the right side.
#[inline]
fn refine(static_eval: i32, hit: Option<Hit>, ply: usize) -> i32 {
    let Some(h) = hit else { return static_eval };
    let s = from_tt(h.score, ply);
    if s.abs() >= MATE_BOUND {
        return static_eval;
    }
    match h.bound {
        Bound::Exact => s,
        Bound::Lower if s > static_eval => s,
        Bound::Upper if s < static_eval => s,
        _ => static_eval,
    }
}

/// Late-move reductions in plies, by depth and by how many moves were tried before.
static REDUCTIONS: LazyLock<[[u8; 64]; 64]> = LazyLock::new(|| {
    let mut t = [[0u8; 64]; 64];
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            *r = (LMR_BASE + (d as f64).ln() * (m as f64).ln() / LMR_DIVISOR) as u8;
        }
    }
    t
});

#[inline]
fn reduction(depth: i32, moves: usize) -> i32 {
    REDUCTIONS[depth.clamp(0, 63) as usize][moves.min(63)] as i32
}

/// How many moves a node `depth` plies from the horizon tries before it skips quiet moves.
#[inline]
fn late_move_limit(depth: i32, improving: bool) -> usize {
    let n = LMP_BASE + depth * depth;
    (if improving { n } else { n / 2 }) as usize
}

/// Has the side to move pieces besides pawns and king? (Without them, zugzwang is common
/// and the null move lies.)
#[inline]
fn has_pieces(pos: &Position) -> bool {
    (pos.by_color(pos.turn()) & !(pos.by_role(Role::Pawn) | pos.by_role(Role::King))).any()
}

impl Worker<'_> {
    /// Clears the frames for a new search from the root.
    pub fn reset_stack(&mut self) {
        self.stack.fill(Frame::default());
    }

    /// Iterative deepening from the root `pos` (the root `moves` to search given, at least
    /// one, the legal moves left out being in `root_skip`): depth 1, 2, 3… up to
    /// `max_depth`, each iteration in an aspiration window around the last score, reported
    /// through `on_event`, until the limits, the clock or `stop` end it. Returns the best
    /// move of the last finished iteration (or, with one line, of a half-finished one that
    /// proved a move better).
    ///
    /// With [`Limits::multipv`] = k > 1 each iteration then searches the root k − 1 more
    /// times, each time without the moves already found and with a full window, so that
    /// every alternative's score is exact, not a bound. The time management follows the
    /// best line, as with one.
    pub fn iterative_deepening(
        &mut self,
        pos: &Position,
        moves: &MoveList,
        max_depth: u32,
        limits: &Limits,
    ) -> SearchResult {
        let mut best = SearchResult {
            best: moves.first().copied(),
            ponder: None,
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
        };
        let mut last_score = 0;
        // Iterations in a row with the same best move (for time management).
        let mut stable = 0;
        let lines = limits.multipv.clamp(1, moves.len());
        // With MultiPV, the lines of the last finished iteration.
        let mut previous: Vec<(i32, Vec<Move>)> = Vec::new();
        for iteration in 1..=max_depth {
            let depth = (iteration + self.depth_offset).min(max_depth);
            if let Some(h) = self.vision.as_ref().and_then(|v| v.capture_horizon()) {
                self.capture_limit = (depth + h) as usize;
            }
            self.root_best = None;
            self.root_excluded = MoveList::new();
            self.root_count = moves.len();
            self.seldepth = 0;
            // Aspiration window: expect a score near the last one; move it when wrong.
            let mut window = Aspiration::new(depth, last_score);
            let score = loop {
                let s = self.search(
                    pos,
                    window.depth(depth),
                    window.alpha,
                    window.beta,
                    0,
                    false,
                );
                if self.aborted || window.settle(s) {
                    break s;
                }
            };
            if self.aborted {
                // A half-finished iteration still counts if it proved a move better. Not
                // with several lines: the move played must be the first line shown.
                if let Some((mv, s)) = self.root_best
                    && lines == 1
                    && s > last_score - PARTIAL_ITERATION_TOLERANCE
                    && depth > 1
                {
                    best.best = Some(mv);
                    best.ponder = None;
                }
                break;
            }
            let mut found = Vec::with_capacity(lines);
            found.push((score, self.pv.line()));
            // MultiPV: the best of the moves not found yet, with a full window (exact).
            while found.len() < lines {
                let Some(&mv) = found.last().and_then(|(_, pv)| pv.first()) else {
                    break;
                };
                self.root_excluded.push(mv);
                self.root_count -= 1;
                self.root_best = None;
                let s = self.search(pos, depth as i32, -INFINITY, INFINITY, 0, false);
                if self.aborted {
                    break;
                }
                found.push((s, self.pv.line()));
            }
            // Searched apart, an alternative may come out above the line found first
            // (the table and the histories changed in between): best first all the same.
            found.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
            let score = found[0].0;
            let drop = last_score - score;
            last_score = score;
            // Shown and returned as the search judged them, without a weak level's taste.
            for (s, pv) in found.iter_mut() {
                *s = self.untasted(pos, *s, pv.first().copied());
            }
            let score = found[0].0;
            let pv = &found[0].1;
            if depth > 1 && pv.first().copied() == best.best {
                stable += 1;
            } else {
                stable = 0;
            }
            let elapsed = self.budget.elapsed();
            best = SearchResult {
                best: pv.first().copied().or(best.best),
                ponder: pv.get(1).copied(),
                score: score_of(score),
                depth,
                nodes: self.total_nodes(),
            };
            let (hashfull, nodes, seldepth) = (self.tt.hashfull(), best.nodes, self.seldepth);
            let line = |multipv: usize, depth: u32, (s, pv): (i32, Vec<Move>)| {
                Event::Iteration(Iteration {
                    depth,
                    multipv,
                    seldepth: seldepth.max(depth),
                    score: score_of(s),
                    nodes,
                    nps: (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64,
                    time: elapsed,
                    pv,
                    hashfull,
                })
            };
            // Stopped among the alternatives: the lines found, then, to make up the number,
            // the last iteration's other lines at their depth, so that the lines a GUI
            // shows are still as many distinct moves (Stockfish does so).
            let others: Vec<_> = if self.aborted {
                previous
                    .iter()
                    .filter(|(_, pv)| !found.iter().any(|(_, f)| f.first() == pv.first()))
                    .take(lines - found.len())
                    .cloned()
                    .collect()
            } else {
                Vec::new()
            };
            if lines > 1 && !self.aborted {
                previous.clone_from(&found);
            }
            let first_other = found.len() + 1;
            for (i, found) in found.into_iter().enumerate() {
                (self.on_event)(line(i + 1, depth, found));
            }
            for (i, other) in others.into_iter().enumerate() {
                (self.on_event)(line(first_other + i, depth - 1, other));
            }
            if self.aborted {
                break;
            }
            // A forced move needs no thought; a found mate needs no deeper search.
            let pondering = self.ponder.is_some_and(|p| p.load(Ordering::Relaxed));
            if !limits.infinite && !pondering && limits.depth.is_none() {
                if moves.len() == 1
                    || score.abs() > MATE_BOUND && depth >= 2 * (MATE - score.abs()) as u32 + 2
                {
                    break;
                }
                let effort = if depth >= time::EFFORT_MIN_DEPTH {
                    let total: u64 = self.root_nodes.iter().map(|&(_, n)| n).sum();
                    let on_best = self
                        .root_nodes
                        .iter()
                        .find(|&&(m, _)| Some(m) == best.best)
                        .map_or(0, |&(_, n)| n);
                    time::effort_scale(on_best, total)
                } else {
                    1.0
                };
                if !self
                    .budget
                    .may_deepen(time::soft_scale(stable, drop) * effort)
                {
                    break;
                }
            }
        }
        best.nodes = self.total_nodes();
        if !moves.contains(best.best.unwrap_or(moves[0])) {
            best.best = moves.first().copied();
        }
        best
    }

    #[inline]
    fn frame(&self, ply: usize) -> &Frame {
        &self.stack[ply + FRAME_OFFSET]
    }

    #[inline]
    fn frame_mut(&mut self, ply: usize) -> &mut Frame {
        &mut self.stack[ply + FRAME_OFFSET]
    }

    /// The frame `back` plies above `ply` (`back` ≤ 4; a default frame above the root).
    #[inline]
    fn frame_back(&self, ply: usize, back: usize) -> &Frame {
        &self.stack[ply + FRAME_OFFSET - back]
    }

    /// The previous moves quiet moves at `ply` are judged after.
    #[inline]
    fn context(&self, ply: usize) -> Context {
        Context {
            prev: [
                self.frame_back(ply, 1).moved,
                self.frame_back(ply, 2).moved,
                self.frame_back(ply, 4).moved,
            ],
        }
    }

    /// Tells which root move is searched now, once the search has run long enough for it
    /// to be worth telling (the UCI `currmove`). Nothing is allocated here.
    fn report_root_move(&mut self, mv: Move, index: usize) {
        let time = self.budget.elapsed();
        if time < PROGRESS_AFTER {
            return;
        }
        let best = self.root_best.map(|(m, s)| (m, score_of(s)));
        let nodes = self.total_nodes();
        (self.on_event)(Event::Progress(Progress {
            mv,
            index,
            count: self.root_count,
            nodes,
            time,
            best,
        }));
    }

    /// The nodes searched so far by this thread and, for the main thread, its helpers.
    pub fn total_nodes(&self) -> u64 {
        self.nodes
            + self
                .helper_nodes
                .iter()
                .map(|n| n.load(Ordering::Relaxed))
                .sum::<u64>()
    }

    /// Checks every 1024 nodes whether the search must stop (and, in a helper, tells the
    /// main thread how many nodes it has searched).
    #[inline]
    fn poll(&mut self) -> bool {
        if self.nodes & 1023 == 0 && !self.aborted {
            if let Some(counter) = self.publish {
                counter.store(self.nodes, Ordering::Relaxed);
            }
            if self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            } else if let Some(p) = self.ponder {
                if p.load(Ordering::Relaxed) {
                    // Pondering: the clock starts when the opponent actually moves.
                    self.budget.start = Instant::now();
                } else if self.budget.out_of_time() {
                    self.aborted = true;
                }
            } else if self.budget.out_of_time() {
                self.aborted = true;
            }
            if self.node_limit.is_some_and(|n| self.total_nodes() >= n) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// Where the move that led to `ply` landed (`None` at the root, or after a null move).
    #[inline]
    fn last_to(&self, ply: usize) -> Option<crate::core::Square> {
        self.frame_back(ply, 1)
            .moved
            .map(|pt| crate::core::Square::from_index(pt & 63))
    }

    /// What a weak level's taste adds to the root move `mv` (0 at full strength).
    #[inline]
    fn root_bonus(&self, pos: &Position, mv: Move) -> i32 {
        self.vision.as_ref().map_or(0, |v| v.root_bonus(pos, mv))
    }

    /// A root score as the search judged it, without the level's taste for `mv`, the move
    /// that got it.
    fn untasted(&self, pos: &Position, score: i32, mv: Option<Move>) -> i32 {
        match mv {
            Some(mv) if score.abs() < MATE_BOUND => score - self.root_bonus(pos, mv),
            _ => score,
        }
    }

    /// The evaluation.
    #[inline]
    fn evaluate(&mut self, pos: &Position) -> i32 {
        self.eval.evaluate_cached(pos, self.pawns)
    }

    /// The static evaluation of a position not in check: from the table when it has it,
    /// else computed (and remembered there).
    #[inline]
    fn static_eval(&mut self, pos: &Position, hit: Option<Hit>) -> i32 {
        match hit {
            Some(h) if h.eval != NO_EVAL => h.eval,
            _ => {
                let e = self.evaluate(pos);
                if hit.is_none() {
                    self.tt.store(pos.key(), None, 0, e, 0, Bound::None, false);
                }
                e
            }
        }
    }

    /// The score of a draw for the side to move at `ply`: with contempt, the root side
    /// (to move at even plies) counts a draw as a small loss and plays on instead.
    #[inline]
    fn draw(&self, ply: usize) -> i32 {
        if ply.is_multiple_of(2) {
            -self.contempt
        } else {
            self.contempt
        }
    }

    /// Has the position at the end of `keys` occurred before since the last irreversible move
    /// (or null move)?
    fn is_repetition(&self, halfmove: u16) -> bool {
        repeats(self.keys, halfmove, self.null_floor)
    }

    /// Negamax alpha-beta with PVS. Returns the score from the side to move's view.
    /// `cut_node`: a null-window node expected to fail high (its parent expects a refutation).
    pub fn search(
        &mut self,
        pos: &Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        let root = ply == 0;
        // A root that searches only some of its moves (`searchmoves`, MultiPV alternatives).
        let partial_root = root && !(self.root_skip.is_empty() && self.root_excluded.is_empty());
        let pv_node = beta - alpha > 1;
        self.pv.len[ply] = 0;
        if !root {
            if pos.halfmove_clock() >= 100
                || self.is_repetition(pos.halfmove_clock())
                || pos.is_insufficient_material()
            {
                return self.draw(ply);
            }
            // Mate distance pruning: no line from here can beat a mate already found closer.
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let in_check = pos.in_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 || ply >= MAX_PLY - 4 {
            return self.qsearch(pos, alpha, beta, ply);
        }
        self.nodes += 1;
        if self.poll() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply as u32);

        let excluded = self.frame(ply).excluded;
        let key = pos.key();
        // A singular search leaves out a move: what the table says is not about it.
        let hit = if excluded.is_none() {
            self.tt.probe(key)
        } else {
            None
        };
        let tt_move = hash_move(hit, pos);
        // A node once on a principal variation (now or in an earlier search) is likely to
        // matter again: its late moves are reduced as a PV node's are.
        let tt_pv = pv_node || hit.is_some_and(|h| h.pv);
        if let Some(h) = hit
            && !pv_node
            && h.depth as i32 >= depth
            && let Some(s) = cutoff(h, ply, alpha, beta)
        {
            return s;
        }

        // The raw static evaluation (what the table keeps), and the one the search decides
        // by: corrected by what this thread has learned of its pawns' and pieces' worth.
        let (raw_eval, static_eval) = if in_check {
            (NO_EVAL, NO_EVAL)
        } else if excluded.is_some() {
            // A singular search of this same node: its evaluation is already in the frame
            // (and such a search neither stores nor teaches the correction).
            (NO_EVAL, self.frame(ply).eval)
        } else {
            let raw = self.static_eval(pos, hit);
            (raw, corrected(raw, self.heur.correction.get(pos)))
        };
        let eval = if in_check {
            NO_EVAL
        } else {
            refine(static_eval, hit, ply)
        };
        self.frame_mut(ply).eval = static_eval;
        // Improving: better than at our previous turn (two plies ago; four if we were in
        // check then), so the position deserves a closer look.
        let improving = !in_check && {
            let two = self.frame_back(ply, 2).eval;
            let four = self.frame_back(ply, 4).eval;
            if two != NO_EVAL {
                static_eval > two
            } else {
                four == NO_EVAL || static_eval > four
            }
        };
        if ply + 2 < MAX_PLY {
            self.heur.killers[ply + 2] = [None; 2];
        }

        if !pv_node && !in_check && excluded.is_none() && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta even after giving back a margin per ply.
            if depth <= RFP_MAX_DEPTH && eval - RFP_MARGIN * (depth - improving as i32) >= beta {
                return eval;
            }
            // Razoring: so far below alpha that only a capture could help: ask quiescence.
            if depth <= RAZOR_MAX_DEPTH && eval + RAZOR_MARGIN * depth <= alpha {
                let q = self.qsearch(pos, alpha, alpha + 1, ply);
                if self.aborted {
                    return 0;
                }
                if q <= alpha {
                    return q;
                }
            }
            // Null move: let the opponent move twice; if we still stay above beta, cut.
            let after_null = ply > 0 && self.frame_back(ply, 1).moved.is_none();
            if depth >= NMP_MIN_DEPTH
                && !after_null
                && eval >= beta
                && static_eval >= beta - NMP_EVAL_MARGIN_PER_PLY * depth + NMP_EVAL_MARGIN
                && has_pieces(pos)
            {
                let r = NMP_BASE_REDUCTION
                    + depth / NMP_DEPTH_DIVISOR
                    + ((eval - beta) / NMP_EVAL_DIVISOR).min(NMP_MAX_EVAL_REDUCTION);
                let mut child = *pos;
                child.play_null();
                self.keys.push(child.key());
                self.frame_mut(ply).moved = None;
                let floor = std::mem::replace(&mut self.null_floor, self.keys.len() - 1);
                let score = -self.search(&child, depth - r, -beta, -beta + 1, ply + 1, !cut_node);
                self.null_floor = floor;
                self.keys.pop();
                if self.aborted {
                    return 0;
                }
                if score >= beta {
                    return if score > MATE_BOUND { beta } else { score };
                }
            }

            // ProbCut: a capture that beats beta by a wide margin in a shallow search will
            // almost surely beat beta in the full one too.
            let probcut_beta = beta + PROBCUT_MARGIN - PROBCUT_IMPROVING_MARGIN * improving as i32;
            if depth >= PROBCUT_MIN_DEPTH
                && !hit.is_some_and(|h| {
                    h.depth as i32 >= depth - PROBCUT_TT_DEPTH_SLACK
                        && from_tt(h.score, ply) < probcut_beta
                })
            {
                let values = *self.eval.values();
                let ctx = Context::default();
                let mut picker = Picker::quiescence(pos, tt_move);
                while let Some((mv, _)) = picker.next(pos, self.heur, &ctx, &values) {
                    if !see_ge(pos, mv, &values, probcut_beta - static_eval) {
                        continue;
                    }
                    let child = pos.after(mv);
                    self.keys.push(child.key());
                    let role = pos.role_on(mv.from()).unwrap_or(Role::Pawn);
                    self.frame_mut(ply).moved = Some(piece_to(pos.turn(), role, mv.to()));
                    let mut score =
                        -self.qsearch(&child, -probcut_beta, -probcut_beta + 1, ply + 1);
                    if score >= probcut_beta {
                        score = -self.search(
                            &child,
                            depth - PROBCUT_REDUCTION,
                            -probcut_beta,
                            -probcut_beta + 1,
                            ply + 1,
                            !cut_node,
                        );
                    }
                    self.keys.pop();
                    if self.aborted {
                        return 0;
                    }
                    if score >= probcut_beta {
                        // Remembered as a bound one ply deeper than the search that proved it.
                        self.tt.store(
                            key,
                            Some(mv),
                            to_tt(score, ply),
                            raw_eval,
                            (depth - PROBCUT_REDUCTION + 1) as u32,
                            Bound::Lower,
                            tt_pv,
                        );
                        return score;
                    }
                }
            }
        }

        // Internal iterative reduction: with no remembered best move the ordering is a
        // guess, so a cheaper search first fills the table for the next iteration. (A
        // partial root remembers none, by design: it must search as deep as it is told.)
        if depth >= IIR_MIN_DEPTH && tt_move.is_none() && excluded.is_none() && !partial_root {
            depth -= 1;
        }

        let ctx = self.context(ply);
        let values = *self.eval.values();
        let us = pos.turn();
        let tt_capture = tt_move.is_some_and(|m| pos.is_capture(m));
        let prunable = !root && has_pieces(pos);
        let mut picker = Picker::new(pos, tt_move, self.heur, ply, &ctx);
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut moves_tried = 0usize;
        let mut quiets_tried = MoveList::new();
        let mut captures_tried = MoveList::new();
        let original_alpha = alpha;
        while let Some((mv, kind)) = picker.next(pos, self.heur, &ctx, &values) {
            if Some(mv) == excluded
                || root && (self.root_skip.contains(mv) || self.root_excluded.contains(mv))
            {
                continue;
            }
            // A weak level overlooks some moves (never the first it thinks of, and never a
            // way out of check: a player in check looks at every one).
            if let Some(v) = &self.vision
                && moves_tried > 0
                && !in_check
                && !v.sees(pos, mv, ply, self.last_to(ply))
            {
                continue;
            }
            moves_tried += 1;
            if root {
                self.report_root_move(mv, moves_tried);
            }
            let capture = pos.is_capture(mv);
            let quiet = !capture && mv.promotion().is_none();
            let role = pos.role_on(mv.from()).unwrap_or(Role::Pawn);
            // Ask for the child's table entry now: memory is slow, and the pruning
            // decisions below give it time to arrive.
            self.tt.prefetch(pos.key_after(mv, role));
            let history = if quiet {
                self.heur.quiet_score(pos, mv, role, &ctx)
            } else {
                0
            };
            let base_r = reduction(depth, moves_tried);

            if prunable && best > -MATE_BOUND {
                let lmr_depth = (depth - 1 - base_r).max(0);
                if quiet {
                    // Late-move pruning: deep in the list at low depth, quiet moves rarely
                    // matter. Futility: too far below alpha for a quiet move to help near
                    // the horizon. A quiet check is spared both: the horizon cannot see the
                    // mate it may threaten.
                    let late =
                        depth <= LMP_MAX_DEPTH && moves_tried >= late_move_limit(depth, improving);
                    let futile = !in_check
                        && lmr_depth <= FUTILITY_MAX_DEPTH
                        && static_eval + FUTILITY_MARGIN + FUTILITY_MARGIN_PER_PLY * lmr_depth
                            <= alpha;
                    if (late || futile) && !picker.gives_check(pos, mv) {
                        picker.skip_quiets();
                        continue;
                    }
                }
                if quiet {
                    // Moves that have failed everywhere before.
                    if lmr_depth <= HISTORY_PRUNE_MAX_DEPTH
                        && history < -HISTORY_PRUNE_MARGIN * depth
                    {
                        continue;
                    }
                    if lmr_depth <= SEE_QUIET_MAX_DEPTH
                        && !see_ge(pos, mv, &values, -SEE_QUIET_MARGIN * lmr_depth)
                    {
                        continue;
                    }
                } else if depth <= SEE_CAPTURE_MAX_DEPTH
                    && kind != Kind::GoodTactical
                    && !see_ge(pos, mv, &values, -SEE_CAPTURE_MARGIN * depth * depth)
                {
                    continue;
                }
            }

            // Singular extension: when the hash move is much better than every other move,
            // the position depends on it: look at it one ply deeper.
            let mut extension = 0;
            if !root
                && depth >= SE_MIN_DEPTH
                && Some(mv) == tt_move
                && excluded.is_none()
                && let Some(h) = hit
                && matches!(h.bound, Bound::Lower | Bound::Exact)
                && h.depth as i32 >= depth - SE_TT_DEPTH_SLACK
                && from_tt(h.score, ply).abs() < MATE_BOUND
            {
                let tt_score = from_tt(h.score, ply);
                let singular_beta = tt_score - SE_MARGIN_PER_PLY * depth;
                self.frame_mut(ply).excluded = Some(mv);
                let s = self.search(
                    pos,
                    (depth - 1) / 2,
                    singular_beta - 1,
                    singular_beta,
                    ply,
                    cut_node,
                );
                self.frame_mut(ply).excluded = None;
                if self.aborted {
                    return 0;
                }
                if s < singular_beta {
                    extension = 1;
                    if !pv_node
                        && s < singular_beta - SE_DOUBLE_MARGIN
                        && self.frame(ply).double_extensions < SE_MAX_DOUBLE_EXTENSIONS
                    {
                        extension = 2;
                    }
                } else if singular_beta >= beta {
                    // Multi-cut: even without the hash move another move beats beta.
                    return singular_beta;
                } else if tt_score >= beta {
                    extension = -1;
                }
            }

            let child = pos.after(mv);
            let gives_check = child.in_check();
            self.keys.push(child.key());
            let nodes_before = self.nodes;
            let double = self.frame(ply).double_extensions + (extension >= 2) as u8;
            self.frame_mut(ply).moved = Some(piece_to(us, role, mv.to()));
            self.frame_mut(ply + 1).double_extensions = double;
            let mut new_depth = depth - 1 + extension;
            // A weak level's taste for this root move: the move is searched as if the
            // window were that much lower, and its score raised by as much.
            let taste = if root { self.root_bonus(pos, mv) } else { 0 };
            let (lo, hi) = (alpha - taste, beta - taste);

            let mut score = 0;
            let reduce = depth >= LMR_MIN_DEPTH
                && moves_tried > 1 + root as usize
                && (quiet || kind == Kind::BadTactical);
            if reduce {
                let mut r = base_r;
                r += !pv_node as i32 + !improving as i32 + cut_node as i32;
                r += tt_capture as i32;
                r -= (tt_pv && !pv_node) as i32;
                r -= (kind == Kind::Refutation) as i32 + gives_check as i32;
                if quiet {
                    r -= history / LMR_HISTORY_DIVISOR;
                }
                let d = (new_depth - r).clamp(1, new_depth.max(1));
                score = -self.search(&child, d, -lo - 1, -lo, ply + 1, true);
                if score > lo && d < new_depth {
                    // The reduced search was wrong about this move. Far better than our
                    // best so far: look one ply deeper; barely better: one ply less.
                    let best = best - taste;
                    let deeper = score > best + DEEPER_MARGIN + DEEPER_MARGIN_PER_PLY * new_depth;
                    let shallower = score < best + SHALLOWER_MARGIN_PER_PLY * new_depth;
                    new_depth += deeper as i32 - shallower as i32;
                    if d < new_depth {
                        score = -self.search(&child, new_depth, -lo - 1, -lo, ply + 1, !cut_node);
                    }
                }
            } else if !pv_node || moves_tried > 1 {
                score = -self.search(&child, new_depth, -lo - 1, -lo, ply + 1, !cut_node);
            }
            if pv_node && (moves_tried == 1 || score > lo) {
                score = -self.search(&child, new_depth, -hi, -lo, ply + 1, false);
            }
            // A mate is a mate, whatever the taste.
            if score.abs() < MATE_BOUND {
                score += taste;
            }
            self.keys.pop();
            if root {
                let spent = self.nodes - nodes_before;
                match self.root_nodes.iter_mut().find(|(m, _)| *m == mv) {
                    Some((_, n)) => *n += spent,
                    None => self.root_nodes.push((mv, spent)),
                }
            }
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    if pv_node {
                        self.pv.update(ply, mv);
                    }
                    if root {
                        self.root_best = Some((mv, score));
                    }
                    if alpha >= beta {
                        break;
                    }
                    // The moves left must beat this one, and rarely do: a shallower
                    // search is enough to see whether they might.
                    if !root
                        && (ALPHA_RAISED_MIN_DEPTH..=ALPHA_RAISED_MAX_DEPTH).contains(&depth)
                        && score.abs() < MATE_BOUND
                    {
                        depth -= ALPHA_RAISED_REDUCTION;
                    }
                }
            }
            if Some(mv) != best_move {
                if quiet {
                    quiets_tried.push(mv);
                } else if capture {
                    captures_tried.push(mv);
                }
            }
        }
        if moves_tried == 0 {
            // No legal move (or only the excluded one): mate, stalemate, or "not singular".
            return if excluded.is_some() {
                alpha
            } else if in_check {
                -MATE + ply as i32
            } else {
                self.draw(ply)
            };
        }
        if best >= beta
            && let Some(mv) = best_move
        {
            let bonus_depth = depth + (best > beta + HISTORY_BIG_CUTOFF) as i32;
            if !pos.is_capture(mv) && mv.promotion().is_none() {
                self.heur
                    .reward_quiet(pos, mv, ply, bonus_depth, &ctx, &quiets_tried);
                self.heur
                    .reward_captures(pos, None, bonus_depth, &captures_tried);
            } else if pos.is_capture(mv) {
                self.heur
                    .reward_captures(pos, Some(mv), bonus_depth, &captures_tried);
            }
        }
        // A root that searched only some of its moves has no score of its own to remember.
        if excluded.is_none() && !partial_root {
            let bound = if best >= beta {
                Bound::Lower
            } else if alpha > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            // Correction history learns from quiet positions whose best move is quiet too
            // (a capture's score says more about the capture than about the evaluation),
            // and only from what the bound really proves: a fail-high (lower bound) below
            // the evaluation, or a fail-low (upper bound) above it, says nothing about how
            // far off the evaluation is.
            let quiet_best =
                best_move.is_none_or(|m| !pos.is_capture(m) && m.promotion().is_none());
            if !in_check
                && quiet_best
                && best.abs() < MATE_BOUND
                && !(bound == Bound::Lower && best <= static_eval)
                && !(bound == Bound::Upper && best >= static_eval)
            {
                self.heur.correction.update(pos, depth, best, raw_eval);
            }
            self.tt.store(
                key,
                best_move,
                to_tt(best, ply),
                raw_eval,
                depth as u32,
                bound,
                tt_pv,
            );
        }
        best
    }

    /// Captures (and queen promotions) only, until the position is quiet.
    pub fn qsearch(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.poll() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply as u32);
        let in_check = pos.in_check();
        if ply >= MAX_PLY - 1 {
            return if in_check { 0 } else { self.evaluate(pos) };
        }
        // The table also serves the quiescence search (entries of depth 0).
        let key = pos.key();
        let hit = self.tt.probe(key);
        if let Some(s) = hit.and_then(|h| cutoff(h, ply, alpha, beta)) {
            return s;
        }
        // A weak level follows captures only so far past its horizon.
        if ply >= self.capture_limit && !in_check {
            return self.evaluate(pos);
        }
        let original_alpha = alpha;
        let mut best_move = None;
        let mut best;
        let stand_pat;
        let static_eval;
        if in_check {
            // No standing pat in check: every evasion is searched, and none means mate.
            static_eval = NO_EVAL;
            stand_pat = -INFINITY;
            best = -MATE + ply as i32;
        } else {
            // The table keeps the raw evaluation; standing pat trusts the corrected one,
            // as the main search's pruning does.
            static_eval = self.static_eval(pos, hit);
            let corrected_eval = corrected(static_eval, self.heur.correction.get(pos));
            stand_pat = refine(corrected_eval, hit, ply);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
        }
        let values = *self.eval.values();
        let hash = hash_move(hit, pos);
        let ctx = Context::default();
        let mut picker = Picker::quiescence(pos, hash);
        let last_to = self.vision.is_some().then(|| self.last_to(ply)).flatten();
        let mut tried = 0;
        while let Some((mv, _)) = picker.next(pos, self.heur, &ctx, &values) {
            if let Some(v) = &self.vision
                && tried > 0
                && !in_check
                && !v.sees(pos, mv, ply, last_to)
            {
                continue;
            }
            tried += 1;
            if !in_check {
                if mv.promotion().is_none() {
                    // Delta pruning: even winning this piece cannot lift us to alpha.
                    let gain = pos
                        .role_on(mv.to())
                        .map(|r| values[r as usize])
                        .unwrap_or(values[Role::Pawn as usize]);
                    if stand_pat + gain + DELTA_MARGIN <= alpha {
                        continue;
                    }
                }
                // Captures that lose material in the exchange cannot raise the score.
                // (Asked second: the exchange costs more to work out.)
                if !see_ge(pos, mv, &values, 0) {
                    continue;
                }
            }
            let role = pos.role_on(mv.from()).unwrap_or(Role::Pawn);
            self.tt.prefetch(pos.key_after(mv, role));
            if self.vision.is_some() {
                // What a weak level's eyes ask below: where did the last capture land?
                self.frame_mut(ply).moved = Some(piece_to(pos.turn(), role, mv.to()));
            }
            let child = pos.after(mv);
            let score = -self.qsearch(&child, -beta, -alpha, ply + 1);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        // Never overwrite what a real search found here.
        if hit.is_none_or(|h| h.depth == 0) {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt.store(
                key,
                best_move,
                to_tt(best, ply),
                static_eval,
                0,
                bound,
                false,
            );
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::repeats;

    #[test]
    fn a_repetition_counts_back_to_the_last_irreversible_move_and_null_move() {
        // Positions 0..=6, the last equal to positions 2 and 4 (same side to move).
        let keys = [10, 11, 7, 12, 7, 13, 7];
        assert!(repeats(&keys, 50, 0));
        // Only two plies since a pawn move: position 4 is still reachable.
        assert!(repeats(&keys, 2, 0));
        // One ply: no earlier position with the same side to move.
        assert!(!repeats(&keys, 1, 0));
        // A null move played into position 5: nothing before it counts.
        assert!(!repeats(&keys, 50, 5));
        // Into position 3: position 4 comes after the pass and still counts.
        assert!(repeats(&keys, 50, 3));
        // A position an odd number of plies back had the other side to move: never a match.
        assert!(!repeats(&[5, 9, 3, 5], 50, 0));
        assert!(!repeats(&[], 50, 0));
    }
}
