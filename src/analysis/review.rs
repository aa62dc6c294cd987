//! Reviewing a game with the engine's verdicts: what the analysis says of one position,
//! in words.

use super::{Eval, PositionEval};
use crate::core::Position;

/// The engine's view of `pos` in words: `Evaluation +0.35 for White (depth 12)` (pawns for White,
/// always signed), `White mates in 3 (depth 9)`, or, where the game is over, the rule that
/// ended it.
pub fn evaluation_text(e: &PositionEval, pos: &Position) -> String {
    if !pos.has_legal_moves() {
        return if pos.in_check() {
            format!("Checkmate: {} wins", !pos.turn())
        } else {
            "Stalemate: a draw".into()
        };
    }
    match e.eval {
        Eval::Cp(cp) => format!(
            "Evaluation {:+.2} for White (depth {})",
            cp as f64 / 100.0,
            e.depth
        ),
        Eval::Mate { winner, moves } => format!("{winner} mates in {moves} (depth {})", e.depth),
    }
}
