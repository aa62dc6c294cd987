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
//! or to `alphabeta`, which runs the iterative deepening. What they all share, the
//! limits, scores, events and results, is in `types`.
//!
//! **Threads (Lazy SMP).** At full strength the searcher may think on several threads:
//! helper threads search the same root at the same time, each with its own histories and
//! stack but all writing to and reading from the one transposition table. They choose no
//! move and report nothing; what they leave in the table (scores, best moves, cut-offs)
//! lets the main thread search its tree faster, and a helper that searches a ply deeper
//! often hands the main thread its next iteration ready-made. The main thread alone
//! manages the time, reports, decides the move, and stops the helpers when it is done.
//! The weaker levels, limited to so many nodes or plies, always think on one thread.

pub(crate) mod alphabeta;
pub(crate) mod aspiration;
pub mod bench;
pub mod classic;
pub(crate) mod correction;
pub(crate) mod human;
pub(crate) mod ordering;
pub(crate) mod params;
pub(crate) mod resign;
pub mod time;
pub mod tree;
pub mod tree_top;
pub(crate) mod tt;
pub(crate) mod types;

use crate::core::MoveList;
use crate::eval::{Evaluator, PawnCache};
use crate::game::Game;
pub use crate::level::{Level, LevelLimits};
use crate::util::rng;
use alphabeta::{PvTable, Stack, Worker};
use classic::Classic;
use ordering::Heuristics;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use time::TimeBudget;
use tt::TranspositionTable;
use types::MATE;
pub use types::{Event, Iteration, Limits, MAX_PLY, Progress, Score, SearchResult, score_of};

/// The most search threads a searcher accepts (the `Threads` option, `search.threads`).
pub const MAX_THREADS: usize = 256;

/// Stack of a helper thread: the same recursion as the engine thread's, with room to spare.
const HELPER_STACK_BYTES: usize = 8 * 1024 * 1024;

/// How many threads this machine runs at once (1 if it cannot tell): the most it is worth
/// searching with.
pub fn available_threads() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .min(MAX_THREADS)
}

/// What a search thread (the main one or a helper) keeps from search to search:
/// everything it needs but the evaluation and the transposition table, which are shared.
struct ThreadState {
    pawns: PawnCache,
    heur: Heuristics,
    keys: Vec<u64>,
    pv: PvTable,
    stack: Box<Stack>,
}

impl ThreadState {
    fn new() -> ThreadState {
        ThreadState {
            pawns: PawnCache::default(),
            heur: Heuristics::default(),
            keys: Vec::with_capacity(4096),
            pv: PvTable::default(),
            stack: Box::new([alphabeta::Frame::default(); alphabeta::STACK_LEN]),
        }
    }

    /// A worker on this thread's state for one search of the root `moves`, with no
    /// limits, weak player's eyes or reports of its own: the caller sets those it needs.
    fn worker<'a>(
        &'a mut self,
        eval: &'a Evaluator,
        tt: &'a TranspositionTable,
        stop: &'a AtomicBool,
        budget: TimeBudget,
        root: (&MoveList, &MoveList),
        on_event: &'a mut dyn FnMut(Event),
    ) -> Worker<'a> {
        let (moves, skip) = root;
        let mut w = Worker {
            eval,
            pawns: &mut self.pawns,
            tt,
            heur: &mut self.heur,
            keys: &mut self.keys,
            pv: &mut self.pv,
            stack: &mut self.stack,
            stop,
            ponder: None,
            budget,
            node_limit: None,
            vision: None,
            capture_limit: usize::MAX,
            contempt: 0,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            root_best: None,
            root_skip: skip.clone(),
            root_excluded: MoveList::new(),
            root_count: moves.len(),
            root_nodes: Vec::new(),
            on_event,
            helper_nodes: &[],
            publish: None,
            depth_offset: 0,
            null_floor: 0,
        };
        w.reset_stack();
        w
    }
}

/// Raises a flag when dropped: the helpers stop even if the main thread's search panics
/// (otherwise the scope would wait for them forever).
struct RaiseOnDrop<'a>(&'a AtomicBool);

impl Drop for RaiseOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The engine's thinking state: evaluation, transposition table, move-ordering history.
/// Create one per game (or UCI session) and reuse it move after move. Nothing in it grows
/// while it searches: the table's size is fixed here, the rest is preallocated.
pub struct Searcher {
    eval: Evaluator,
    tt: TranspositionTable,
    /// The main thread's own state.
    main: ThreadState,
    seed: u64,
    /// Centipawns the engine gives up to avoid a draw (see [`Searcher::set_contempt`]).
    contempt: i32,
    /// The helper threads' own state: one less than the threads searching at full strength.
    helpers: Vec<ThreadState>,
}

impl Searcher {
    /// A searcher with a transposition table of `hash_mb` megabytes (fixed for its life).
    pub fn new(eval: Evaluator, hash_mb: usize) -> Searcher {
        Searcher {
            eval,
            tt: TranspositionTable::new(hash_mb),
            main: ThreadState::new(),
            // Tests and reproducible games set their own (see `set_seed`).
            seed: rng::seed_from_clock(),
            contempt: 0,
            helpers: Vec::new(),
        }
    }

    /// Searches at full strength on `threads` threads (1 to [`MAX_THREADS`]; outside,
    /// the nearest). The weaker levels always use one.
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = threads.clamp(1, MAX_THREADS) - 1;
        self.helpers.truncate(helpers);
        while self.helpers.len() < helpers {
            self.helpers.push(ThreadState::new());
        }
    }

    /// How many threads a full-strength search uses.
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Forgets everything learned (new game) and draws a new seed for what the weak levels
    /// overlook.
    pub fn clear(&mut self) {
        self.tt.clear();
        for t in std::iter::once(&mut self.main).chain(&mut self.helpers) {
            t.heur.clear();
        }
        self.seed = rng::splitmix64(self.seed);
    }

    /// Sets the seed of the weak levels' randomness (for reproducible games and tests): the
    /// same seed, game and level, the same moves.
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

    /// Replaces the evaluation (new weights) and forgets what it had judged: the table's
    /// scores, the scored pawn structures and how far searches corrected it.
    pub fn set_evaluator(&mut self, eval: Evaluator) {
        self.eval = eval;
        self.tt.clear();
        for t in std::iter::once(&mut self.main).chain(&mut self.helpers) {
            t.pawns.clear();
            t.heur.correction.clear();
        }
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
    /// (the expected move was played) the time budget starts counting.
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
        // A seed for this move: the game's seed and the position.
        let move_seed = rng::splitmix64(self.seed ^ pos.key());
        let mut own = level.limits_for_move((move_seed >> 11) as f64 / (1u64 << 53) as f64);
        // A technically won ending: every level sees everything and looks far enough to
        // finish it (see `human`).
        if own.player.is_some() && human::technical_win(&pos) {
            own = LevelLimits {
                depth: None,
                nodes: Some(own.nodes.unwrap_or(0).max(human::TECHNIQUE_NODES)),
                player: None,
                ..own
            };
        }
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
        let budget = TimeBudget::new(&limits, pos.turn());
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
                budget,
                pv: &mut self.main.pv,
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
        self.main.keys.clear();
        self.main
            .keys
            .extend(game.positions().iter().map(|p| p.key()));
        // Only full strength thinks on several threads: the weaker levels are defined by
        // their node and depth limits, which helpers would blur.
        let helpers: &mut [ThreadState] = if level == Level::FULL {
            &mut self.helpers
        } else {
            &mut []
        };
        for h in helpers.iter_mut() {
            h.keys.clone_from(&self.main.keys);
        }
        let counters: Vec<AtomicU64> = helpers.iter().map(|_| AtomicU64::new(0)).collect();
        let mut w = Worker {
            ponder,
            node_limit: match (limits.nodes, own.nodes) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            vision: own.player.map(|p| {
                let time_left = match pos.turn() {
                    crate::core::Color::White => limits.wtime,
                    crate::core::Color::Black => limits.btime,
                };
                let last_to = game.moves().last().map(|m| m.to());
                human::Vision::new(&p, &pos, last_to, time_left, move_seed)
            }),
            contempt: self.contempt,
            helper_nodes: &counters,
            ..self.main.worker(
                &self.eval,
                &self.tt,
                stop,
                budget,
                (&moves, &skip),
                on_event,
            )
        };
        if helpers.is_empty() {
            return w.iterative_deepening(&pos, &moves, max_depth, &limits);
        }
        // The helpers search until the main thread is done: no clock, no node limit, one
        // line, no report.
        let helper_limits = Limits {
            infinite: true,
            multipv: 1,
            ..limits.clone()
        };
        let helpers_stop = AtomicBool::new(false);
        let (eval, tt, contempt) = (&self.eval, &self.tt, self.contempt);
        let mut result = std::thread::scope(|scope| {
            let _stop_helpers = RaiseOnDrop(&helpers_stop);
            for (k, (h, counter)) in helpers.iter_mut().zip(&counters).enumerate() {
                let (moves, skip, limits) = (&moves, &skip, &helper_limits);
                let stop = &helpers_stop;
                let spawned = std::thread::Builder::new()
                    .name(format!("huo-helper-{}", k + 1))
                    .stack_size(HELPER_STACK_BYTES)
                    .spawn_scoped(scope, move || {
                        let mut quiet = |_: Event| {};
                        let mut hw = Worker {
                            contempt,
                            publish: Some(counter),
                            // Every other helper a ply ahead of the main thread.
                            depth_offset: (k as u32 + 1) % 2,
                            ..h.worker(
                                eval,
                                tt,
                                stop,
                                TimeBudget::new(limits, pos.turn()),
                                (moves, skip),
                                &mut quiet,
                            )
                        };
                        hw.iterative_deepening(&pos, moves, max_depth, limits);
                        counter.store(hw.nodes, Ordering::Relaxed);
                    });
                // A thread the system refuses is a helper less, not a failed search.
                drop(spawned);
            }
            w.iterative_deepening(&pos, &moves, max_depth, &limits)
        });
        // Joined: every helper's final count is in.
        result.nodes = w.nodes
            + counters
                .iter()
                .map(|c| c.load(Ordering::Relaxed))
                .sum::<u64>();
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Position, Square};
    use tt::{Bound, Hit};

    #[test]
    fn a_hash_move_from_another_position_is_refused() {
        // e2e4 is a fine move at the start, and impossible with the e-pawn gone.
        let start = Position::startpos();
        let no_e_pawn =
            Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1").unwrap();
        let hit = Some(Hit {
            mv: Some(crate::core::Move::new(Square::E2, Square::E4, None)),
            score: 0,
            eval: 0,
            depth: 9,
            bound: Bound::Exact,
            pv: false,
        });
        assert!(alphabeta::hash_move(hit, &start).is_some());
        assert_eq!(alphabeta::hash_move(hit, &no_e_pawn), None);
        assert_eq!(alphabeta::hash_move(None, &start), None);
    }

    #[test]
    fn a_poisoned_table_never_makes_an_illegal_move() {
        // Every position one and two plies from the root remembers, deep and exact, a move
        // that is illegal there (a rook move from an empty a4): the searchers on one and
        // on two threads must still answer legal moves.
        let pos =
            Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
                .unwrap();
        let bogus = crate::core::Move::new(Square::A4, Square::H4, None);
        for threads in [1, 2] {
            let mut searcher = Searcher::new(Evaluator::default(), 1);
            searcher.set_threads(threads);
            let mut keys = vec![pos.key()];
            for &mv in pos.legal_moves().iter() {
                let child = pos.after(mv);
                keys.push(child.key());
                keys.extend(child.legal_moves().iter().map(|&r| child.after(r).key()));
            }
            for &k in &keys {
                searcher
                    .tt
                    .store(k, Some(bogus), 0, 0, 60, Bound::Exact, false);
            }
            let limits = Limits {
                depth: Some(6),
                ..Limits::default()
            };
            let stop = AtomicBool::new(false);
            let game = Game::from_position(pos);
            let r = searcher.think(&game, Level::FULL, &limits, &stop, &mut |_| {});
            let best = r.best.unwrap();
            assert!(pos.is_legal(best), "{threads} threads: {best}");
            if let Some(p) = r.ponder {
                assert!(pos.after(best).is_legal(p), "{threads} threads: ponder {p}");
            }
        }
    }

    #[test]
    fn threads_are_counted_from_one_to_the_most() {
        let mut searcher = Searcher::new(Evaluator::default(), 1);
        assert_eq!(searcher.threads(), 1);
        searcher.set_threads(0);
        assert_eq!(searcher.threads(), 1);
        searcher.set_threads(3);
        assert_eq!(searcher.threads(), 3);
        searcher.set_threads(100_000);
        assert_eq!(searcher.threads(), MAX_THREADS);
        searcher.set_threads(2);
        assert_eq!(searcher.threads(), 2);
    }
}
