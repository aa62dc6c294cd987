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

impl Score {
    /// The same score from White's side, `turn` being the side to move it was given for
    /// (the game screen and plain mode show every score so, as PGN's `[%eval]` and lichess
    /// do; UCI keeps the side to move's).
    pub fn for_white(self, turn: crate::core::Color) -> Score {
        match (self, turn) {
            (s, crate::core::Color::White) => s,
            (Score::Cp(cp), _) => Score::Cp(-cp),
            (Score::Mate(n), _) => Score::Mate(-n),
        }
    }
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

/// When to stop thinking (the UCI `go` parameters), and what to look at. All `None`/false:
/// think until stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub wtime: Option<Duration>,
    pub btime: Option<Duration>,
    pub winc: Option<Duration>,
    pub binc: Option<Duration>,
    /// Moves to play before the next time control (0 counts as none given).
    pub movestogo: Option<u32>,
    pub infinite: bool,
    /// How many best lines to find and report (UCI `MultiPV`): the best move, then the
    /// best of the others, and so on, each with its exact score. 1 (0 counts as 1): the
    /// best move only. The modern search and the classic levels both honour it.
    pub multipv: usize,
    /// Only these root moves are searched (UCI `go searchmoves`); empty: all. Moves that
    /// are not legal are ignored, and if none is legal every move is searched.
    pub searchmoves: Vec<Move>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            depth: None,
            nodes: None,
            movetime: None,
            wtime: None,
            btime: None,
            winc: None,
            binc: None,
            movestogo: None,
            infinite: false,
            multipv: 1,
            searchmoves: Vec::new(),
        }
    }
}

/// One line of a completed iteration of the search (one UCI `info` line). With MultiPV,
/// an iteration reports one per line, best first: `multipv` 1, 2, 3…, scores not rising.
#[derive(Clone, Debug, PartialEq)]
pub struct Iteration {
    pub depth: u32,
    /// Which line this is, from 1 (the best move); see [`Limits::multipv`].
    pub multipv: usize,
    pub seldepth: u32,
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    pub time: Duration,
    pub pv: Vec<Move>,
    /// How full the transposition table is, per mille (0 for the classic levels, which
    /// keep none).
    pub hashfull: u32,
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
    Tree(Box<super::tree_top::TreeTop>),
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
