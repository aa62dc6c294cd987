//! The tapered score: most terms of the evaluation have a middlegame and an endgame value
//! (a [`Pair`]), blended by the *phase*, how much non-pawn material is left (24 at the
//! start: knight and bishop 1, rook 2, queen 4; 0 in a pawn ending). A king must hide while
//! the queens are on and walk to the centre once they are gone: the blend lets one term
//! say both.

use crate::core::{Position, Role};

/// A middlegame and an endgame value, blended by the phase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pair(pub i32, pub i32);

impl std::ops::Add for Pair {
    type Output = Pair;
    fn add(self, o: Pair) -> Pair {
        Pair(self.0 + o.0, self.1 + o.1)
    }
}
impl std::ops::Sub for Pair {
    type Output = Pair;
    fn sub(self, o: Pair) -> Pair {
        Pair(self.0 - o.0, self.1 - o.1)
    }
}
impl std::ops::AddAssign for Pair {
    fn add_assign(&mut self, o: Pair) {
        *self = *self + o;
    }
}
impl std::ops::SubAssign for Pair {
    fn sub_assign(&mut self, o: Pair) {
        *self = *self - o;
    }
}
impl std::ops::Mul<i32> for Pair {
    type Output = Pair;
    fn mul(self, k: i32) -> Pair {
        Pair(self.0 * k, self.1 * k)
    }
}

/// The phase weight of each piece kind (pawn, knight, bishop, rook, queen, king).
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
pub(super) const MAX_PHASE: i32 = 24;
/// Endgame scale factors are in 64ths.
pub(super) const FULL_SCALE: i32 = 64;

/// The tapered blend of a middlegame and an endgame value: the middlegame counts
/// `phase`/24, the ending (first scaled by `eg_scale`/64: drawish endings count less) the
/// rest. Whole centipawns, rounded towards zero, as the evaluation does it.
pub fn taper(score: Pair, phase: i32, eg_scale: i32) -> i32 {
    let eg = score.1 * eg_scale / FULL_SCALE;
    (score.0 * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE
}

/// The same blend unrounded, in [`TAPER_UNIT`]ths of a centipawn: exact, so the shares of
/// several parts add up to the share of their sum.
pub fn taper_exact(score: Pair, phase: i32, eg_scale: i32) -> i64 {
    let (mg, eg) = (score.0 as i64, score.1 as i64);
    let (phase, eg_scale) = (phase as i64, eg_scale as i64);
    mg * phase * FULL_SCALE as i64 + eg * eg_scale * (MAX_PHASE as i64 - phase)
}

/// [`taper_exact`]'s unit: this many make a centipawn.
pub const TAPER_UNIT: i64 = (MAX_PHASE * FULL_SCALE) as i64;

/// How much non-pawn material is on the board, 24 at the start down to 0.
pub(super) fn phase(pos: &Position) -> i32 {
    Role::ALL
        .iter()
        .map(|&r| PHASE[r as usize] * pos.by_role(r).count() as i32)
        .sum::<i32>()
        .min(MAX_PHASE)
}
