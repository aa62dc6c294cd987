//! What a PGN import is told: how games become book moves ([`PgnImportOptions`]), and
//! how a game's result counts for each side ([`outcome_for`]).

use crate::book::batch::Layout;
use crate::book::results::{Outcome, WeightPolicy};
use crate::core::Color;

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
    /// Memory bound of the [`Layout::Files`] import: when this many positions are counted,
    /// they are staged (counts add up in the staged files) and counting starts afresh. Not
    /// with `min_games` > 1 or `min_score`, which need the whole file's counts. The other
    /// layouts count everything, then write once (the tally needs about 60 bytes per
    /// position). Either way the book changes only at the end, all at once.
    pub flush_positions: usize,
    /// Files, pack, or chosen by size.
    pub layout: Layout,
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
            layout: Layout::Auto,
        }
    }
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
