//! Thinking: how Huo Chess chooses a move.
//!
//! Two searchers share one interface:
//! - the **classic** Huo levels (1, 3, 5 half-moves): plain MiniMax over every legal move,
//!   evaluation at the leaves, no pruning, exactly as the Huo Chess tutorials teach;
//! - the **modern** ladder: iterative deepening alpha-beta with the usual refinements.
//!
//! Both report their progress as [`Event`]s, which the TUI's log pane and the UCI `info`
//! lines both consume.

use crate::core::Move;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How strongly the engine plays: the classic Huo depths, or a rung of the modern ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Plain MiniMax to 1, 3 or 5 half-moves, as the original Huo Chess thought.
    Classic(u8),
    /// The modern ladder, 1 (beginner) to [`Level::MAX_MODERN`] (full strength).
    Modern(u8),
}

impl Level {
    /// The top of the modern ladder.
    pub const MAX_MODERN: u8 = 10;
    /// Full strength: the default in UCI mode.
    pub const FULL: Level = Level::Modern(Level::MAX_MODERN);
    /// The classic depths of the original.
    pub const CLASSIC_DEPTHS: [u8; 3] = [1, 3, 5];

    /// Every level, classic first, then the ladder from weakest to strongest.
    pub fn all() -> Vec<Level> {
        let mut v: Vec<Level> = Self::CLASSIC_DEPTHS
            .iter()
            .map(|&d| Level::Classic(d))
            .collect();
        v.extend((1..=Self::MAX_MODERN).map(Level::Modern));
        v
    }
}

impl fmt::Display for Level {
    /// `classic-3` or `7`: the same text [`Level::from_str`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Classic(d) => write!(f, "classic-{d}"),
            Level::Modern(n) => write!(f, "{n}"),
        }
    }
}

impl FromStr for Level {
    type Err = String;

    /// Reads `classic-1`, `classic-3`, `classic-5` (also `c1`, `c3`, `c5`), a ladder rung
    /// `1`..=`10`, or `max`/`full`.
    fn from_str(s: &str) -> Result<Level, String> {
        let t = s.trim().to_ascii_lowercase();
        let classic = t
            .strip_prefix("classic-")
            .or_else(|| t.strip_prefix("classic"))
            .or_else(|| t.strip_prefix('c'));
        if let Some(d) = classic {
            return match d.parse::<u8>() {
                Ok(d) if Self::CLASSIC_DEPTHS.contains(&d) => Ok(Level::Classic(d)),
                _ => Err(format!("'{s}': the classic depths are 1, 3 and 5")),
            };
        }
        if t == "max" || t == "full" {
            return Ok(Level::FULL);
        }
        match t.parse::<u8>() {
            Ok(n) if (1..=Self::MAX_MODERN).contains(&n) => Ok(Level::Modern(n)),
            _ => Err(format!(
                "'{s}': expected classic-1, classic-3, classic-5 or a level from 1 to {}",
                Self::MAX_MODERN
            )),
        }
    }
}

/// A search score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (full moves, as UCI counts them); negative: we are mated.
    Mate(i32),
}

/// When to stop thinking (the UCI `go` parameters). All `None`/false: think until stopped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub wtime: Option<Duration>,
    pub btime: Option<Duration>,
    pub winc: Option<Duration>,
    pub binc: Option<Duration>,
    pub movestogo: Option<u32>,
    pub infinite: bool,
}

/// One completed iteration of the search (one UCI `info` line).
#[derive(Clone, Debug, PartialEq)]
pub struct Iteration {
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    pub time: Duration,
    pub pv: Vec<Move>,
}

/// What a search reports while it thinks.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A depth was completed.
    Iteration(Iteration),
    /// The classic MiniMax node log: one line per node, indented by ply ("Nodes before /
    /// Nodes after" in the original's logs). Bounded: the search stops logging after a cap.
    Node(String),
    /// The move came from the opening book; `file` is where it was found.
    Book { mv: Move, file: String },
    /// Anything else worth telling the user.
    Message(String),
}

// ---- Contract skeleton (the searcher replaces the bodies) ----

use crate::eval::Evaluator;
use crate::game::Game;
use std::sync::atomic::AtomicBool;

/// What a finished search decided.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// `None` only when the side to move has no legal move.
    pub best: Option<Move>,
    /// The expected reply (second move of the principal variation).
    pub ponder: Option<Move>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
}

/// The engine's thinking state: evaluation, transposition table, move-ordering history.
/// Create one per game (or UCI session) and reuse it move after move.
pub struct Searcher {
    eval: Evaluator,
}

impl Searcher {
    /// A searcher with a transposition table of `hash_mb` megabytes (fixed for its life).
    pub fn new(eval: Evaluator, hash_mb: usize) -> Searcher {
        let _ = hash_mb;
        Searcher { eval }
    }

    /// Forgets everything learned (new game).
    pub fn clear(&mut self) {}

    /// Thinks about the position at the end of `game` (its history is used to see
    /// repetitions) at `level` within `limits`, reporting progress through `on_event`.
    /// Returns soon after `stop` becomes true. The book is not consulted here.
    pub fn think(
        &mut self,
        game: &Game,
        level: Level,
        limits: &Limits,
        stop: &AtomicBool,
        on_event: &mut dyn FnMut(Event),
    ) -> SearchResult {
        let _ = (level, limits, stop, on_event, &self.eval);
        let best = game.position().legal_moves().first().copied();
        SearchResult {
            best,
            ponder: None,
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
        }
    }
}
