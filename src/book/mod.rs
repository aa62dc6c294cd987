//! The opening book: one human-readable text file per position, consulted before thinking.

use serde::Deserialize;

/// How a move is chosen among a position's book moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PickMode {
    /// At random, in proportion to the weights (the default: varied games).
    #[default]
    Weighted,
    /// Always the move with the highest weight.
    Best,
}
