//! Thinking: how Huo Chess chooses a move.
//!
//! Two searchers share one interface:
//! - the **classic** Huo levels (1, 3, 5 half-moves): plain MiniMax over every legal move,
//!   evaluation at the leaves, no pruning, exactly as the Huo Chess tutorials teach;
//! - the **modern** ladder: iterative deepening alpha-beta with the usual refinements.
//!
//! Both report their progress as [`Event`]s, which the TUI's log pane and the UCI `info`
//! lines both consume.
//!
//! [`Searcher`] (here) owns what lasts from move to move (the evaluation, the
//! transposition table, the move-ordering histories) and hands each search to [`classic`]
//! or to [`alphabeta`], which runs the iterative deepening. What they all share, the
//! limits, scores, events and results, is in [`types`].

pub mod alphabeta;
pub mod bench;
pub mod classic;
pub mod ordering;
pub mod time;
pub mod tree;
pub mod tt;
pub mod types;

use crate::core::MoveList;
use crate::eval::{Evaluator, PawnCache};
use crate::game::Game;
pub use crate::level::{Level, LevelLimits};
use crate::util::rng;
use alphabeta::{PvTable, Stack, Worker};
use classic::Classic;
use ordering::Heuristics;
use std::sync::atomic::AtomicBool;
use time::TimeControl;
use tt::TranspositionTable;
use types::MATE;
pub use types::{Event, Iteration, Limits, MAX_PLY, Progress, Score, SearchResult, score_of};

/// The engine's thinking state: evaluation, transposition table, move-ordering history.
/// Create one per game (or UCI session) and reuse it move after move. Nothing in it grows
/// while it searches: the table's size is fixed here, the rest is preallocated.
pub struct Searcher {
    eval: Evaluator,
    tt: TranspositionTable,
    pawns: PawnCache,
    heur: Heuristics,
    keys: Vec<u64>,
    pv: PvTable,
    stack: Box<Stack>,
    seed: u64,
    /// Centipawns the engine gives up to avoid a draw (see [`Searcher::set_contempt`]).
    contempt: i32,
}

impl Searcher {
    /// A searcher with a transposition table of `hash_mb` megabytes (fixed for its life).
    pub fn new(eval: Evaluator, hash_mb: usize) -> Searcher {
        Searcher {
            eval,
            tt: TranspositionTable::new(hash_mb),
            pawns: PawnCache::default(),
            heur: Heuristics::default(),
            keys: Vec::with_capacity(4096),
            pv: PvTable::default(),
            stack: Box::new([alphabeta::Frame::default(); alphabeta::STACK_LEN]),
            // Tests and reproducible games set their own (see `set_seed`).
            seed: rng::seed_from_clock(),
            contempt: 0,
        }
    }

    /// Forgets everything learned (new game) and draws a new seed for the weak levels' noise.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.heur.clear();
        self.seed = rng::splitmix64(self.seed);
    }

    /// Sets the seed of the weak levels' randomness (for reproducible games and tests).
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// How many centipawns a draw counts as a loss for the engine (0: a draw is a draw).
    /// A little contempt makes it play on against weaker opponents rather than repeat.
    pub fn set_contempt(&mut self, cp: i32) {
        self.contempt = cp;
    }

    /// The evaluation in use.
    pub fn evaluator(&self) -> &Evaluator {
        &self.eval
    }

    /// Replaces the evaluation (new weights) and forgets the table, whose scores used the old.
    pub fn set_evaluator(&mut self, eval: Evaluator) {
        self.eval = eval;
        self.tt.clear();
        self.pawns.clear();
    }

    /// Replaces the transposition table with one of `hash_mb` megabytes.
    pub fn resize(&mut self, hash_mb: usize) {
        self.tt = TranspositionTable::new(hash_mb);
    }

    /// How full the transposition table is, per mille.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Thinks about the position at the end of `game` (its history is used to see
    /// repetitions) at `level` within `limits`, reporting progress through `on_event`.
    /// Returns soon after `stop` becomes true, or when the limits are reached (an
    /// `infinite` search returns when its depth runs out: waiting for `stop` after that is
    /// the caller's rule, not the search's). The book is not consulted here.
    pub fn think(
        &mut self,
        game: &Game,
        level: Level,
        limits: &Limits,
        stop: &AtomicBool,
        on_event: &mut dyn FnMut(Event),
    ) -> SearchResult {
        self.think_pondering(game, level, limits, stop, None, on_event)
    }

    /// [`Searcher::think`] while the opponent may still be thinking: as long as `ponder`
    /// is set the clock does not run (the search stops only on `stop`); once it is cleared
    /// (the expected move was played) the time control starts counting.
    pub fn think_pondering(
        &mut self,
        game: &Game,
        level: Level,
        limits: &Limits,
        stop: &AtomicBool,
        ponder: Option<&AtomicBool>,
        on_event: &mut dyn FnMut(Event),
    ) -> SearchResult {
        let pos = *game.position();
        let own = level.limits();
        let mut limits = limits.clone();
        let unlimited = !limits.infinite
            && limits.movetime.is_none()
            && limits.wtime.is_none()
            && limits.btime.is_none()
            && limits.depth.is_none()
            && limits.nodes.is_none();
        if unlimited && let Some(ms) = own.movetime_ms {
            limits.movetime = Some(std::time::Duration::from_millis(ms));
        }
        let tc = TimeControl::new(&limits, pos.turn());
        let legal = pos.legal_moves();
        if legal.is_empty() {
            return SearchResult {
                best: None,
                ponder: None,
                score: score_of(if pos.in_check() { -MATE } else { 0 }),
                depth: 0,
                nodes: 0,
            };
        }
        // The root moves to search (`searchmoves`), and the legal ones left out.
        let (mut moves, mut skip) = (MoveList::new(), MoveList::new());
        for &mv in legal.iter() {
            if limits.searchmoves.is_empty() || limits.searchmoves.contains(&mv) {
                moves.push(mv);
            } else {
                skip.push(mv);
            }
        }
        if moves.is_empty() {
            // None of them is legal here: every move is.
            (moves, skip) = (legal, MoveList::new());
        }
        if let Level::Classic(depth) = level {
            let mut classic = Classic {
                eval: &self.eval,
                stop,
                tc,
                pv: &mut self.pv,
                nodes: 0,
                logged: 0,
                aborted: false,
                on_event,
                replies: Vec::new(),
            };
            return classic.run(&pos, &moves, depth as u32, limits.multipv);
        }
        let max_depth = match (limits.depth, own.depth) {
            (Some(a), Some(b)) => a.min(b),
            (a, b) => a.or(b).unwrap_or(MAX_PLY as u32 - 8),
        }
        .clamp(1, MAX_PLY as u32 - 8);

        self.tt.new_search();
        self.keys.clear();
        self.keys.extend(game.positions().iter().map(|p| p.key()));
        let mut w = Worker {
            eval: &self.eval,
            pawns: &mut self.pawns,
            tt: &mut self.tt,
            heur: &mut self.heur,
            keys: &mut self.keys,
            pv: &mut self.pv,
            stack: &mut self.stack,
            stop,
            ponder,
            tc,
            node_limit: match (limits.nodes, own.nodes) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            noise: own.noise,
            contempt: self.contempt,
            seed: self.seed,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            root_best: None,
            root_skip: skip,
            root_excluded: MoveList::new(),
            root_count: moves.len(),
            on_event,
        };
        w.reset_stack();
        w.iterative_deepening(&pos, &moves, max_depth, &limits)
    }
}
