//! What the search shares with the rest of the program and among its own parts: the
//! limits a search is given, the scores and events it reports, the result it returns, and
//! the bounds of its score scale (mates, plies). Nothing here searches.

use crate::core::Move;
use std::fmt;
use std::time::Duration;

/// The deepest line any search follows, in plies.
pub const MAX_PLY: usize = 128;
/// Mate in 0 plies; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// Above every score: the widest search window.
pub const INFINITY: i32 = MATE + 1;

/// A search score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (full moves, as UCI counts them); negative: we are mated.
    Mate(i32),
}

/// An internal score as the user sees it: centipawns, or mate in so many moves.
pub fn score_of(v: i32) -> Score {
    if v > MATE_BOUND {
        Score::Mate((MATE - v + 1) / 2)
    } else if v < -MATE_BOUND {
        Score::Mate(-(MATE + v) / 2)
    } else {
        Score::Cp(v)
    }
}

impl fmt::Display for Score {
    /// `+0.35` in pawns, or `#3` / `#-2` for mates.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "{:+.2}", *cp as f64 / 100.0),
            Score::Mate(n) => write!(f, "#{n}"),
        }
    }
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
    /// The search starts on another root move (the classic levels report each, so a
    /// learner sees the MiniMax tree being walked, one root move after another).
    Progress(Progress),
    /// A classic search has finished: the first two plies of its MiniMax tree with their
    /// values, for the tree browser ([`super::tree`]).
    Tree(Box<super::tree::TreeTop>),
    /// Anything else worth telling the user.
    Message(String),
}

/// Where a long search stands: which root move of how many, the nodes so far, the time.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// The root move now being searched.
    pub mv: Move,
    /// Its number, from 1, and how many root moves there are.
    pub index: usize,
    pub count: usize,
    pub nodes: u64,
    pub time: Duration,
    /// The best root move so far and its score.
    pub best: Option<(Move, Score)>,
}

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
