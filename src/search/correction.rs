//! Correction history: learning, during the search, how wrong the static evaluation is.
//!
//! A hand-written evaluation is wrong in ways that repeat: it may like a pawn structure
//! that the search keeps finding worse than it looks (a weak pawn that falls, a passed
//! pawn that is blockaded), or underrate one that keeps working. Each time a search of a
//! quiet node comes back with a score, the difference *score − static evaluation* is a
//! sample of that error. We keep a running average of it for each pawn structure and side
//! to move, and add it to the static evaluation wherever the search *decides* something
//! from the evaluation (whether to prune, whether the position is improving, the score a
//! quiescence search stands on): those decisions then follow what the search has learned,
//! not only what the evaluation thinks.
//!
//! The transposition table keeps the raw evaluation: the correction belongs to this thread
//! (each Lazy-SMP thread learns its own) and changes as it learns.

use super::params::{
    CORRECTION_BITS, CORRECTION_GRAIN, CORRECTION_LIMIT, CORRECTION_MAX_WEIGHT,
    CORRECTION_WEIGHT_SCALE,
};
use crate::core::{Color, Position, Role};

/// Running averages of the evaluation's error, by side to move and pawn structure, in
/// 1/[`CORRECTION_GRAIN`] centipawns (so small corrections do not round away).
pub struct CorrectionHistory {
    table: Box<[i32]>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory {
            table: vec![0; 2 << CORRECTION_BITS].into_boxed_slice(),
        }
    }
}

impl CorrectionHistory {
    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.table.fill(0);
    }

    /// The slot of `pos`: its side to move, and a hash of the two sides' pawns. Two
    /// structures may share a slot; they then share a (slightly blurred) correction.
    #[inline]
    fn slot(pos: &Position) -> usize {
        let white = pos.pieces(Color::White, Role::Pawn).0;
        let black = pos.pieces(Color::Black, Role::Pawn).0;
        let mix = (white ^ black.rotate_left(23)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let index = (mix >> (64 - CORRECTION_BITS)) as usize;
        ((pos.turn() as usize) << CORRECTION_BITS) | index
    }

    /// The correction, in centipawns, to add to the static evaluation of `pos`.
    #[inline]
    pub fn get(&self, pos: &Position) -> i32 {
        self.table[Self::slot(pos)] / CORRECTION_GRAIN
    }

    /// A search `depth` plies deep of `pos` (not in check, its best move quiet) scored
    /// `score` where the static evaluation said `static_eval` (raw, uncorrected): move the
    /// average toward the difference, the more so the deeper the search.
    pub fn update(&mut self, pos: &Position, depth: i32, score: i32, static_eval: i32) {
        let limit = CORRECTION_LIMIT * CORRECTION_GRAIN;
        let sample = ((score - static_eval) * CORRECTION_GRAIN).clamp(-limit, limit);
        let weight = (depth + 1).min(CORRECTION_MAX_WEIGHT);
        let entry = &mut self.table[Self::slot(pos)];
        *entry = ((*entry * (CORRECTION_WEIGHT_SCALE - weight) + sample * weight)
            / CORRECTION_WEIGHT_SCALE)
            .clamp(-limit, limit);
    }
}

/// The static evaluation with its correction, kept clear of the mate scores.
#[inline]
pub fn corrected(static_eval: i32, correction: i32) -> i32 {
    use super::types::MATE_BOUND;
    (static_eval + correction).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
}
