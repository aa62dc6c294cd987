//! The strong search: iterative deepening, negamax alpha-beta with principal-variation
//! search, quiescence search and the usual ways of looking at fewer moves.
//!
//! - **Alpha-beta**: once one reply refutes a move, the other replies need not be looked
//!   at. With good move ordering this searches about the square root of the MiniMax tree.
//! - **Principal-variation search**: after the first (expected best) move, each other move
//!   is first searched with a null window that only asks "is it better?"; only a "yes" is
//!   searched again with the full window.
//! - **Iterative deepening**: depth 1, 2, 3… Each iteration fills the transposition table
//!   and the killers that order the next, and there is always a finished answer when time
//!   runs out.
//! - **Quiescence search**: at depth 0 we keep looking at captures until the position is
//!   quiet, so the evaluation never stops in the middle of an exchange.
//! - **Pruning and reductions**: null move (if passing still wins, the position is too good
//!   to need a full search), reverse futility, late-move reductions (moves ordered late are
//!   searched less deep first), late-move pruning; check extension (a check adds a ply).
//! - **Mate scores** count the distance from the root, so the engine prefers the shortest
//!   mate and the longest defence; repetitions and the fifty-move rule score as draws.

use super::ordering::{Heuristics, MAX_PLY, Picker, see};
use super::time::TimeControl;
use super::tt::{Bound, Hit, TranspositionTable};
use crate::core::{Bitboard, Move, MoveList, Position, Rank, Role};
use crate::eval::Evaluator;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Mate in 0 plies; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
pub const INFINITY: i32 = MATE + 1;

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

/// Everything one search needs, borrowed from the [`super::Searcher`] for its duration.
pub struct Worker<'a> {
    pub eval: &'a Evaluator,
    pub tt: &'a mut TranspositionTable,
    pub heur: &'a mut Heuristics,
    /// Keys of the game's positions then of the search path: repetition detection.
    pub keys: &'a mut Vec<u64>,
    pub pv: &'a mut PvTable,
    pub stop: &'a AtomicBool,
    /// While set, the clock does not run (UCI pondering).
    pub ponder: Option<&'a AtomicBool>,
    pub tc: TimeControl,
    pub node_limit: Option<u64>,
    /// Evaluation noise in centipawns (weaker levels), and its seed.
    pub noise: i32,
    pub seed: u64,
    pub nodes: u64,
    pub seldepth: u32,
    pub aborted: bool,
    /// The best root move of the iteration in progress, once one is known.
    pub root_best: Option<(Move, i32)>,
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

/// The score a table entry proves for this window, if it proves one: an exact score, a
/// lower bound at or above beta, or an upper bound at or below alpha.
#[inline]
fn cutoff(h: Hit, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let s = from_tt(h.score, ply);
    let usable = match h.bound {
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
    };
    usable.then_some(s)
}

/// Late-move reduction in plies for a move searched `index`-th at `depth`.
fn reduction(depth: u32, index: usize) -> u32 {
    let r = 0.75 + (depth as f64).ln() * (index as f64).ln() / 2.25;
    r as u32
}

impl Worker<'_> {
    /// Checks every 1024 nodes whether the search must stop.
    #[inline]
    fn poll(&mut self) -> bool {
        if self.nodes & 1023 == 0 && !self.aborted {
            if self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            } else if let Some(p) = self.ponder {
                if p.load(Ordering::Relaxed) {
                    // Pondering: the clock starts when the opponent actually moves.
                    self.tc.start = Instant::now();
                } else if self.tc.out_of_time() {
                    self.aborted = true;
                }
            } else if self.tc.out_of_time() {
                self.aborted = true;
            }
            if self.node_limit.is_some_and(|n| self.nodes >= n) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// The evaluation, with the level's noise.
    #[inline]
    fn evaluate(&self, pos: &Position) -> i32 {
        let e = self.eval.evaluate(pos);
        if self.noise == 0 {
            return e;
        }
        // A fixed pseudo-random offset per position (splitmix64 of key and seed).
        let mut z = pos.key() ^ self.seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        e + (z % (2 * self.noise as u64 + 1)) as i32 - self.noise
    }

    /// Has the position at the end of `keys` occurred before since the last irreversible move?
    fn is_repetition(&self, halfmove: u16) -> bool {
        let n = self.keys.len();
        let key = self.keys[n - 1];
        let oldest = n.saturating_sub(halfmove as usize + 1);
        let mut i = n as isize - 3;
        while i >= oldest as isize {
            if self.keys[i as usize] == key {
                return true;
            }
            i -= 2;
        }
        false
    }

    /// Negamax alpha-beta with PVS. Returns the score from the side to move's view.
    pub fn search(
        &mut self,
        pos: &Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        can_null: bool,
    ) -> i32 {
        let root = ply == 0;
        let pv_node = beta - alpha > 1;
        self.pv.len[ply] = 0;
        if !root {
            if pos.halfmove_clock() >= 100
                || self.is_repetition(pos.halfmove_clock())
                || pos.is_insufficient_material()
            {
                return 0;
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
        if depth <= 0 || ply >= MAX_PLY - 2 {
            return self.qsearch(pos, alpha, beta, ply);
        }
        self.nodes += 1;
        if self.poll() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply as u32);

        let key = pos.key();
        let hit = self.tt.probe(key);
        let hash_move = hit.and_then(|h| h.mv).filter(|&m| pos.is_legal(m));
        if let Some(h) = hit
            && !pv_node
            && h.depth as i32 >= depth
            && let Some(s) = cutoff(h, ply, alpha, beta)
        {
            return s;
        }

        // Internal iterative reduction: with no remembered best move the ordering is a
        // guess, so a cheaper search first fills the table for the next iteration.
        if depth >= 4 && hash_move.is_none() {
            depth -= 1;
        }
        let static_eval = if in_check {
            -INFINITY
        } else {
            self.evaluate(pos)
        };
        if !pv_node && !in_check && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta even after giving back a margin per ply.
            if depth <= 6 && static_eval - 90 * depth >= beta {
                return static_eval;
            }
            // Null move: let the opponent move twice; if we still stay above beta, cut.
            let us = pos.turn();
            let pieces = pos.by_color(us) & !(pos.by_role(Role::Pawn) | pos.by_role(Role::King));
            if can_null && depth >= 3 && static_eval >= beta && pieces.any() {
                let r = 3 + depth / 6;
                let mut child = *pos;
                child.play_null();
                self.keys.push(child.key());
                let score = -self.search(&child, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                self.keys.pop();
                if self.aborted {
                    return 0;
                }
                if score >= beta {
                    return if score > MATE_BOUND { beta } else { score };
                }
            }
        }

        let moves = pos.legal_moves();
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        let picker = Picker::new(pos, moves, hash_move, self.heur, ply, self.eval.values());
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut quiets_tried = MoveList::new();
        let original_alpha = alpha;
        for (i, mv) in picker.enumerate() {
            let capture = pos.is_capture(mv);
            let quiet = !capture && mv.promotion().is_none();
            if quiet && !root && !in_check && best > -MATE_BOUND {
                // Late-move pruning: deep in the list at low depth, quiet moves rarely matter.
                if !pv_node && depth <= 4 && i >= 4 + (depth * depth) as usize {
                    continue;
                }
                // Futility: too far below alpha for a quiet move to help at the frontier.
                if !pv_node && depth <= 2 && static_eval + 120 * depth + 80 <= alpha {
                    continue;
                }
            }
            let child = pos.after(mv);
            let gives_check = child.in_check();
            self.keys.push(child.key());
            let score = if i == 0 {
                -self.search(&child, depth - 1, -beta, -alpha, ply + 1, true)
            } else {
                let mut r = 0;
                if depth >= 3 && i >= 3 && quiet && !in_check && !gives_check {
                    r = reduction(depth as u32, i);
                    if pv_node {
                        r = r.saturating_sub(1);
                    }
                    if self.heur.killers[ply].contains(&Some(mv)) {
                        r = r.saturating_sub(1);
                    }
                    r = r.min(depth as u32 - 2);
                }
                let mut s = -self.search(
                    &child,
                    depth - 1 - r as i32,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    true,
                );
                if s > alpha && r > 0 {
                    s = -self.search(&child, depth - 1, -alpha - 1, -alpha, ply + 1, true);
                }
                if s > alpha && s < beta {
                    s = -self.search(&child, depth - 1, -beta, -alpha, ply + 1, true);
                }
                s
            };
            self.keys.pop();
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.pv.update(ply, mv);
                    if root {
                        self.root_best = Some((mv, score));
                    }
                    if alpha >= beta {
                        if quiet {
                            self.heur
                                .reward(pos, mv, ply, depth as u32, quiets_tried.as_slice());
                        }
                        break;
                    }
                }
            }
            if quiet {
                quiets_tried.push(mv);
            }
        }
        if best == -INFINITY {
            // Every move was pruned: only possible for quiet moves far below alpha.
            return alpha;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, best_move, to_tt(best, ply), depth as u32, bound);
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
        let original_alpha = alpha;
        let mut best_move = None;
        let mut best;
        let stand_pat;
        let mut moves = MoveList::new();
        if in_check {
            // No standing pat in check: every evasion is searched, and none means mate.
            stand_pat = -INFINITY;
            best = -MATE + ply as i32;
            moves = pos.legal_moves();
        } else {
            stand_pat = self.evaluate(pos);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
            let them = pos.by_color(!pos.turn());
            let last_ranks = Bitboard::rank(Rank::Eighth) | Bitboard::rank(Rank::First);
            // Captures (en passant included: the mask holds the victim) and queen promotions.
            pos.generate(them | last_ranks, |pm| {
                for mv in pm {
                    let wanted = match mv.promotion() {
                        Some(p) => p == Role::Queen,
                        None => pos.is_capture(mv),
                    };
                    if wanted {
                        moves.push(mv);
                    }
                }
                false
            });
        }
        let picker = Picker::new(pos, moves, None, self.heur, ply, self.eval.values());
        for mv in picker {
            // Captures that lose material in the exchange cannot raise the score: skip them.
            if !in_check && see(pos, mv, self.eval.values()) < 0 {
                continue;
            }
            if !in_check && mv.promotion().is_none() {
                // Delta pruning: even winning this piece cannot lift us to alpha.
                let gain = pos
                    .role_on(mv.to())
                    .map(|r| self.eval.value(r))
                    .unwrap_or(self.eval.value(Role::Pawn));
                if stand_pat + gain + 200 <= alpha {
                    continue;
                }
            }
            let child = pos.after(mv);
            let score = -self.qsearch(&child, -beta, -alpha, ply + 1);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
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
            self.tt.store(key, best_move, to_tt(best, ply), 0, bound);
        }
        best
    }
}
