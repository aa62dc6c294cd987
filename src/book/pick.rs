//! How a move is chosen among a position's book moves: a setting the configuration reads
//! and the book obeys, so it lives apart from both (no crate imports).

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
