//! What the front ends and the engine thread say to each other: a request to think
//! ([`Think`], with its [`BookPolicy`]), the other requests on the service's channel, the
//! replies ([`Reply`]: progress, then the move and its [`Origin`]), the service's
//! [`Settings`], and the count of answered requests both sides read (`Answered`).

use crate::book::PickMode;
use crate::book::layers::Books;
use crate::eval::Evaluator;
use crate::game::Game;
use crate::search::{Event, Level, Limits, SearchResult};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// Where the service's replies go.
pub type Sink = Box<dyn FnMut(Reply) + Send>;

/// When and how the book answers instead of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookPolicy {
    /// The book is asked only while the game has fewer half-moves than this (and than
    /// the level knows: [`crate::level::Level::book_plies`], which the service applies).
    pub max_ply: u32,
    /// Weighted at random, or always the heaviest move.
    pub pick: PickMode,
    /// Drives the weighted choice.
    pub seed: u64,
}

/// One request to think.
#[derive(Clone, Debug)]
pub struct Think {
    /// The game: its last position is thought about, its history shows repetitions.
    pub game: Game,
    /// How strongly to play: a classic depth, a modern rung or an Elo.
    pub level: Level,
    /// When to stop: depth, nodes, time or the clock (none given: until told to stop).
    pub limits: Limits,
    /// Ask the book first (`None`: search only).
    pub book: Option<BookPolicy>,
    /// With one legal move, answer it at once without searching.
    pub instant_forced: bool,
    /// Start as a ponder search: the clock does not run until `Engine::ponder_hit`.
    pub ponder: bool,
}

impl Think {
    /// A plain search of `game` at `level` within `limits`: no book, no shortcuts.
    pub fn search(game: &Game, level: Level, limits: Limits) -> Think {
        Think {
            game: game.clone(),
            level,
            limits,
            book: None,
            instant_forced: false,
            ponder: false,
        }
    }
}

/// Where a finished request's move came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The search chose it.
    Search,
    /// The opening book: the layer and file that hold the position (`built-in book,
    /// 82/823c….txt`), the move's weight and its share of the position's weights in
    /// percent.
    Book {
        /// The layer and the file that answered.
        file: String,
        /// The move's weight in the file.
        weight: u32,
        /// Its share of the position's playable weights, in percent.
        share: u32,
    },
    /// The only legal move.
    Forced,
}

/// What the service sends back.
#[derive(Debug)]
pub enum Reply {
    /// Progress of request `id`: a depth finished, a new best line, a search statistic.
    Event {
        /// The request, as `Engine::think` numbered it.
        id: u64,
        /// What the search reports.
        event: Event,
    },
    /// Request `id` is answered.
    Done {
        /// The request, as `Engine::think` numbered it.
        id: u64,
        /// The move (`None` only when there is no legal move), the expected reply, the
        /// score, depth and nodes.
        result: SearchResult,
        /// Where the move came from: the search, the book or the only legal move.
        origin: Origin,
    },
    /// Request `id` failed (a bug in the search, caught); the service lives on.
    Failed {
        /// The request, as `Engine::think` numbered it.
        id: u64,
        /// What went wrong, for the log.
        message: String,
    },
}

impl Reply {
    /// The request this reply belongs to.
    pub fn id(&self) -> u64 {
        match self {
            Reply::Event { id, .. } | Reply::Done { id, .. } | Reply::Failed { id, .. } => *id,
        }
    }

    /// Does it end its request?
    pub fn is_final(&self) -> bool {
        !matches!(self, Reply::Event { .. })
    }
}

/// What the service starts with.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The evaluation: piece values and weights (from the configuration).
    pub eval: Evaluator,
    /// The transposition table's size in megabytes.
    pub hash_mb: usize,
    /// Threads a full-strength search uses (at most the machine's cores: more are
    /// counted as that many; the weaker levels always use one).
    pub threads: usize,
    /// Centipawns a draw costs the engine.
    pub contempt: i32,
    /// The opening books the service consults, the user's over the built-in one
    /// (`None`: no book at all).
    pub book: Option<Books>,
}

/// Requests on the service's channel.
pub(crate) enum Request {
    Think {
        id: u64,
        think: Box<Think>,
        stop: Arc<AtomicBool>,
        ponder: Arc<AtomicBool>,
    },
    Clear,
    SetHash(usize),
    SetThreads(usize),
    SetContempt(i32),
    SetEvaluator(Box<Evaluator>),
    SetBook(Option<Books>),
}

/// How far the service has got: the last request it answered (counted before the answer
/// goes out, so whoever reads it and asks "still thinking?" gets "no"), the last whose
/// answer has gone out, and whether it has ended. Waiters sleep until these change.
#[derive(Debug, Default)]
pub(crate) struct Answered {
    state: Mutex<Progress>,
    changed: Condvar,
}

#[derive(Debug, Default)]
struct Progress {
    answered: u64,
    sent: u64,
    ended: bool,
}

impl Answered {
    fn state(&self) -> MutexGuard<'_, Progress> {
        // Only plain numbers are kept: a panic elsewhere cannot leave them half-written.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(crate) fn last(&self) -> u64 {
        self.state().answered
    }

    /// Request `id` is answered (its answer about to go out).
    pub(crate) fn answer(&self, id: u64) {
        self.state().answered = id;
    }

    /// Request `id` is answered and its answer has gone out (or there is no service to
    /// send it).
    pub(crate) fn sent(&self, id: u64) {
        let mut s = self.state();
        s.answered = s.answered.max(id);
        s.sent = id;
        drop(s);
        self.changed.notify_all();
    }

    /// The service has ended: nothing more will be answered.
    pub(crate) fn end(&self) {
        self.state().ended = true;
        self.changed.notify_all();
    }

    /// Waits until the answer to request `id` has gone out or the service ends, at most
    /// `timeout`; `true` if it went out.
    pub(crate) fn wait_for(&self, id: u64, timeout: Duration) -> bool {
        let (state, _) = self
            .changed
            .wait_timeout_while(self.state(), timeout, |s| s.sent < id && !s.ended)
            .unwrap_or_else(|e| e.into_inner());
        state.sent >= id
    }
}
