//! The classic Huo Chess levels: plain MiniMax, exactly as the tutorials teach it.
//!
//! Look at every legal move, then every reply, then every reply to that, down to a fixed
//! depth of 1, 3 or 5 half-moves, and score the positions at the bottom with the
//! evaluation. Going back up, the engine takes the *maximum* at its own turns (it picks its
//! best move) and the *minimum* at the opponent's (the opponent picks the move worst for
//! us). No pruning at all: the tree grows about 35 times with each half-move, which is why
//! the original stopped at 5.
//!
//! The original's developer editions wrote the tree to text files ("Nodes before",
//! "Nodes after") that grew until memory ran out. We report the first two plies of the
//! tree as [`Event::Node`] lines, and stop logging after [`NODE_LOG_CAP`] lines.

use super::alphabeta::PvTable;
use super::time::TimeBudget;
use super::tree_top::{TopMove, TreeTop};
use super::types::{Event, Iteration, MATE, Progress, SearchResult, score_of};
use crate::core::{Move, MoveList, Position, notation};
use crate::eval::Evaluator;
use std::sync::atomic::{AtomicBool, Ordering};

/// At most this many node lines per search: the log can never exhaust memory.
pub const NODE_LOG_CAP: usize = 5000;

pub struct Classic<'a> {
    pub eval: &'a Evaluator,
    pub stop: &'a AtomicBool,
    pub budget: TimeBudget,
    pub pv: &'a mut PvTable,
    pub nodes: u64,
    pub logged: usize,
    pub aborted: bool,
    pub on_event: &'a mut dyn FnMut(Event),
    /// The replies of the root move being searched, with their values (the tree's
    /// second ply, kept for the tree browser).
    pub replies: Vec<(crate::core::Move, i32)>,
}

impl Classic<'_> {
    /// Searches the root `moves` of `pos` (at least one) to `depth` half-moves and reports
    /// the result: the best `multipv` lines (at least one), best first. MiniMax scores every
    /// root move exactly, so the alternatives cost nothing more than remembering them.
    pub fn run(
        &mut self,
        pos: &Position,
        moves: &MoveList,
        depth: u32,
        multipv: usize,
    ) -> SearchResult {
        let keep = multipv.clamp(1, moves.len());
        // The best lines so far, best first; among equal scores the move searched first.
        let mut lines: Vec<(i32, Vec<Move>)> = Vec::with_capacity(keep + 1);
        let mut top = Vec::with_capacity(moves.len());
        for (i, &mv) in moves.iter().enumerate() {
            (self.on_event)(Event::Progress(Progress {
                mv,
                index: i + 1,
                count: moves.len(),
                nodes: self.nodes,
                time: self.budget.elapsed(),
                best: lines.first().map(|(s, pv)| (pv[0], score_of(*s))),
            }));
            let child = pos.after(mv);
            self.replies.clear();
            let score = self.minimax(&child, depth as i32 - 1, 1, false);
            if self.aborted {
                break;
            }
            self.log(0, pos, mv, score);
            top.push(TopMove {
                mv,
                value: score,
                replies: std::mem::take(&mut self.replies),
            });
            let at = lines.partition_point(|&(s, _)| s >= score);
            if at < keep {
                self.pv.update(0, mv);
                lines.insert(at, (score, self.pv.line()));
                lines.truncate(keep);
            }
        }
        let elapsed = self.budget.elapsed();
        for (i, (score, pv)) in lines.iter().enumerate() {
            (self.on_event)(Event::Iteration(Iteration {
                depth,
                multipv: i + 1,
                seldepth: depth,
                score: score_of(*score),
                nodes: self.nodes,
                nps: (self.nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64,
                time: elapsed,
                pv: pv.clone(),
                hashfull: 0,
            }));
        }
        // The tree as far as it got: a search stopped early hands over the root moves it
        // finished (and says how many it did not).
        (self.on_event)(Event::Tree(Box::new(TreeTop {
            depth,
            root: *pos,
            moves: top,
            total: moves.len(),
        })));
        if self.logged >= NODE_LOG_CAP {
            (self.on_event)(Event::Message(format!(
                "Node log stopped after {NODE_LOG_CAP} lines ({} nodes searched)",
                self.nodes
            )));
        }
        let (score, pv) = lines.into_iter().next().unwrap_or((0, Vec::new()));
        SearchResult {
            best: pv.first().copied().or_else(|| moves.first().copied()),
            ponder: pv.get(1).copied(),
            score: score_of(score),
            depth,
            nodes: self.nodes,
        }
    }

    /// The MiniMax value of `pos` for the engine (the side to move at the root).
    /// `maximizing`: is it the engine's turn here?
    pub(crate) fn minimax(
        &mut self,
        pos: &Position,
        depth: i32,
        ply: usize,
        maximizing: bool,
    ) -> i32 {
        self.nodes += 1;
        self.pv.len[ply] = 0;
        if self.nodes & 1023 == 0
            && (self.stop.load(Ordering::Relaxed) || self.budget.out_of_time())
        {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            // Checkmate is the worst (or best) of all scores, sooner being more so.
            let mate = MATE - ply as i32;
            return match (pos.in_check(), maximizing) {
                (true, true) => -mate,
                (true, false) => mate,
                (false, _) => 0,
            };
        }
        if depth <= 0 {
            // The evaluation speaks for the side to move: turn it to the engine's view.
            let e = self.eval.evaluate(pos);
            return if maximizing { e } else { -e };
        }
        let mut best = if maximizing { i32::MIN } else { i32::MAX };
        for &mv in moves.iter() {
            let child = pos.after(mv);
            let score = self.minimax(&child, depth - 1, ply + 1, !maximizing);
            if self.aborted {
                return 0;
            }
            if ply == 1 {
                self.log(1, pos, mv, score);
                self.replies.push((mv, score));
            }
            let better = if maximizing {
                score > best
            } else {
                score < best
            };
            if better {
                best = score;
                self.pv.update(ply, mv);
            }
        }
        best
    }

    /// One line of the node log: the move, indented by ply, and its MiniMax value.
    fn log(&mut self, ply: usize, pos: &Position, mv: Move, score: i32) {
        if self.logged >= NODE_LOG_CAP {
            return;
        }
        self.logged += 1;
        let who = if ply.is_multiple_of(2) {
            "my move"
        } else {
            "reply"
        };
        // The value is the engine's (the side to move at the root); the log says it for
        // White, as every score the game shows.
        let engine = if ply.is_multiple_of(2) {
            pos.turn()
        } else {
            !pos.turn()
        };
        let for_white = if engine == crate::core::Color::White {
            score
        } else {
            -score
        };
        (self.on_event)(Event::Node(format!(
            "{}{} {} ({}): {:+.2} for White",
            "    ".repeat(ply),
            who,
            notation::huo(mv),
            notation::san(pos, mv),
            for_white as f64 / 100.0
        )));
    }
}
