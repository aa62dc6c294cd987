//! Correction history: learning, during the search, how wrong the static evaluation is.
//!
//! A hand-written evaluation is wrong in ways that repeat: it may like a pawn structure
//! that the search keeps finding worse than it looks (a weak pawn that falls, a passed
//! pawn that is blockaded), or underrate one that keeps working. Each time a search of a
//! quiet node comes back with a score, the difference *score − static evaluation* is a
//! sample of that error. We keep a running average of it for each pawn structure and side
//! to move, and another for each side's pieces and where they stand (everything but the
//! pawns: an attack the evaluation underrates, a piece worse placed than it looks), and
//! add their blend to the static evaluation wherever the search *decides* something
//! from the evaluation (whether to prune, whether the position is improving, the score a
//! quiescence search stands on): those decisions then follow what the search has learned,
//! not only what the evaluation thinks.
//!
//! The transposition table keeps the raw evaluation: the correction belongs to this thread
//! (each Lazy-SMP thread learns its own) and changes as it learns.

use super::params::{
    CORRECTION_BITS, CORRECTION_GRAIN, CORRECTION_LIMIT, CORRECTION_MAX_WEIGHT,
    CORRECTION_PAWN_SHARE, CORRECTION_PIECE_SHARE, CORRECTION_SHARES, CORRECTION_WEIGHT_SCALE,
};
use crate::core::{Color, Position};

/// Running averages of the evaluation's error, by side to move and pawn structure, and by
/// side to move and either side's pieces, in 1/[`CORRECTION_GRAIN`] centipawns (so small
/// corrections do not round away). Kept as 16-bit numbers: the tables are read at every
/// node, and half the memory is half the cache they take.
pub struct CorrectionHistory {
    pawns: Box<[i16]>,
    /// White's pieces, then Black's.
    pieces: [Box<[i16]>; 2],
}

// Every entry stays within the limit, which a 16-bit number holds.
const _: () = assert!(CORRECTION_LIMIT * CORRECTION_GRAIN <= i16::MAX as i32);

fn table() -> Box<[i16]> {
    vec![0; 2 << CORRECTION_BITS].into_boxed_slice()
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory {
            pawns: table(),
            pieces: [table(), table()],
        }
    }
}

/// A slot from a 64-bit hash and the side to move.
#[inline]
fn slot_of(mix: u64, turn: Color) -> usize {
    ((turn as usize) << CORRECTION_BITS) | (mix >> (64 - CORRECTION_BITS)) as usize
}

/// One running-average step of `entry` toward `sample` with `weight`.
#[inline]
fn blend(entry: &mut i16, sample: i32, weight: i32, limit: i32) {
    let old = *entry as i32;
    *entry = ((old * (CORRECTION_WEIGHT_SCALE - weight) + sample * weight)
        / CORRECTION_WEIGHT_SCALE)
        .clamp(-limit, limit) as i16;
}

impl CorrectionHistory {
    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.pawns.fill(0);
        for t in &mut self.pieces {
            t.fill(0);
        }
    }

    /// The pawn slot of `pos`: its side to move, and its pawns' key (kept up to date as
    /// moves are made). Two structures may share a slot; they then share a (slightly
    /// blurred) correction.
    #[inline]
    fn pawn_slot(pos: &Position) -> usize {
        slot_of(pos.pawn_key(), pos.turn())
    }

    /// The slot of `color`'s pieces (knights to king), by their key.
    #[inline]
    fn piece_slot(pos: &Position, color: Color) -> usize {
        slot_of(pos.piece_key(color), pos.turn())
    }

    /// The correction, in centipawns, to add to the static evaluation of `pos`: the blend
    /// of the pawn structure's and each side's pieces' averages (see
    /// [`CORRECTION_PAWN_SHARE`]).
    #[inline]
    pub fn get(&self, pos: &Position) -> i32 {
        let pawns = self.pawns[Self::pawn_slot(pos)] as i32;
        let white = self.pieces[0][Self::piece_slot(pos, Color::White)] as i32;
        let black = self.pieces[1][Self::piece_slot(pos, Color::Black)] as i32;
        let blend = CORRECTION_PAWN_SHARE * pawns + CORRECTION_PIECE_SHARE * (white + black);
        (blend / (CORRECTION_SHARES * CORRECTION_GRAIN)).clamp(-CORRECTION_LIMIT, CORRECTION_LIMIT)
    }

    /// A search `depth` plies deep of `pos` (not in check, its best move quiet) scored
    /// `score` where the static evaluation said `static_eval` (raw, uncorrected): move the
    /// averages toward the difference, the more so the deeper the search.
    pub fn update(&mut self, pos: &Position, depth: i32, score: i32, static_eval: i32) {
        let limit = CORRECTION_LIMIT * CORRECTION_GRAIN;
        let sample = ((score - static_eval) * CORRECTION_GRAIN).clamp(-limit, limit);
        let weight = (depth + 1).min(CORRECTION_MAX_WEIGHT);
        blend(&mut self.pawns[Self::pawn_slot(pos)], sample, weight, limit);
        for color in [Color::White, Color::Black] {
            let slot = Self::piece_slot(pos, color);
            blend(
                &mut self.pieces[color as usize][slot],
                sample,
                weight,
                limit,
            );
        }
    }
}

/// The static evaluation with its correction, kept clear of the mate scores.
#[inline]
pub fn corrected(static_eval: i32, correction: i32) -> i32 {
    use super::types::MATE_BOUND;
    (static_eval + correction).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    const ITALIAN: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";

    #[test]
    fn learns_toward_the_search_and_stays_within_its_limit() {
        let mut c = CorrectionHistory::default();
        let p = pos(ITALIAN);
        assert_eq!(c.get(&p), 0);
        for _ in 0..200 {
            c.update(&p, 12, 30, 0);
        }
        // Each table has learnt the error of 30; their blend weighs 2/3 + 1/3 + 1/3.
        assert!((38..=40).contains(&c.get(&p)), "{}", c.get(&p));
        for _ in 0..400 {
            c.update(&p, 12, -5_000, 0);
        }
        assert_eq!(c.get(&p), -CORRECTION_LIMIT);
        c.clear();
        assert_eq!(c.get(&p), 0);
    }

    #[test]
    fn the_pawns_and_each_sides_pieces_are_learnt_apart() {
        let mut c = CorrectionHistory::default();
        for _ in 0..200 {
            c.update(&pos(ITALIAN), 12, 60, 0);
        }
        let learnt = |fen| c.get(&pos(fen));
        // The same pawns, both sides' pieces elsewhere: the pawns' two thirds only.
        let both_moved = "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3";
        assert!((39..=40).contains(&learnt(both_moved)));
        // Only Black's pieces elsewhere: the pawns and White's pieces.
        let black_moved = "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        assert!((59..=60).contains(&learnt(black_moved)));
        // The same pieces, other pawns: the two sides' pieces, a third each.
        let other_pawns = "r1bqkbnr/ppp2ppp/2n5/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3";
        assert!((39..=40).contains(&learnt(other_pawns)));
        // The other side to move has learnt nothing.
        let black_to_move = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 3";
        assert_eq!(learnt(black_to_move), 0);
    }
}
