//! A small memory of pawn structures already scored.
//!
//! The pawns move far less often than the pieces: most positions a search visits share
//! their pawn structure with thousands of others. So the part of the evaluation that
//! depends on the pawns alone (doubled, isolated, backward, connected and passed pawns) is
//! kept here, keyed by the two sides' pawn sets themselves, so a stored entry is never
//! mistaken for another structure.

use super::taper::Pair;
use crate::core::Bitboard;

/// log2 of the number of entries.
const BITS: u32 = 14;

#[derive(Clone, Copy, Default)]
struct Entry {
    white: u64,
    black: u64,
    score: Pair,
    passed: u64,
}

/// Pawn structure scores by pawn sets (about half a megabyte, allocated once).
pub struct PawnCache {
    entries: Box<[Entry]>,
    bits: u32,
}

impl Default for PawnCache {
    fn default() -> Self {
        PawnCache::with_bits(BITS)
    }
}

impl PawnCache {
    /// A cache of 2^`bits` entries (1 to 32 bits).
    pub(super) fn with_bits(bits: u32) -> Self {
        let bits = bits.clamp(1, 32);
        PawnCache {
            entries: vec![Entry::default(); 1 << bits].into_boxed_slice(),
            bits,
        }
    }

    /// Forgets everything (the evaluation's weights changed).
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    /// The score (White minus Black) and passed pawns of this structure: remembered, or
    /// computed by `compute` and remembered. (An empty entry stands for "no pawns at all",
    /// which is right: no pawns, no score, no passed pawns.)
    #[inline]
    pub(super) fn get(
        &mut self,
        white: Bitboard,
        black: Bitboard,
        compute: impl FnOnce() -> (Pair, Bitboard),
    ) -> (Pair, Bitboard) {
        let mix = (white.0 ^ black.0.rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let e = &mut self.entries[(mix >> (64 - self.bits)) as usize];
        if e.white != white.0 || e.black != black.0 {
            let (score, passed) = compute();
            *e = Entry {
                white: white.0,
                black: black.0,
                score,
                passed: passed.0,
            };
        }
        (e.score, Bitboard(e.passed))
    }
}
