//! Tracing the evaluation, for tuning its weights.
//!
//! A trace records, for one position, every weight of [`super::terms`] the evaluation used
//! and how often (White's counts minus Black's), and for each king the counts that made up
//! its danger. With the traces of many positions labelled with how good they really are,
//! the weights can be fitted by gradient descent ("Texel tuning"): this is how the numbers
//! in `tables.rs` were made (see `examples/tune.rs`).
//!
//! The tuner sees the weights as one flat vector of numbers: the middlegame and endgame
//! value of each term, then the danger weights ([`mg`], [`eg`], [`danger`]).

use super::taper::{FULL_SCALE, MAX_PHASE, Pair};
use super::terms::{COUNT, DANGER_COUNT};

/// Receives the weights the evaluation uses, with their counts. The evaluation is generic
/// over it; the real search uses [`NoTrace`], which compiles to nothing.
pub trait Trace {
    /// Whose counts follow: 0 for White, 1 for Black.
    fn side(&mut self, side: usize);
    /// Term `term` was used `n` times.
    fn add(&mut self, term: usize, n: i32);
    /// King-danger weight `weight` counted `n` times against the current side's king.
    fn danger(&mut self, weight: usize, n: i32);
    /// Complexity term `term` counted `n` times (for the whole board, not per side).
    fn complexity(&mut self, term: usize, n: i32);
    /// A Huo hint worth `v` was added for the current side (a configured weight, which
    /// the tuner leaves alone; the explanation shows it).
    fn hint(&mut self, v: Pair);
}

/// The trace that records nothing: what the search uses.
pub struct NoTrace;

impl Trace for NoTrace {
    #[inline(always)]
    fn side(&mut self, _: usize) {}
    #[inline(always)]
    fn add(&mut self, _: usize, _: i32) {}
    #[inline(always)]
    fn danger(&mut self, _: usize, _: i32) {}
    #[inline(always)]
    fn complexity(&mut self, _: usize, _: i32) {}
    #[inline(always)]
    fn hint(&mut self, _: Pair) {}
}

/// Index of a term's middlegame value in the flat weight vector.
pub const fn mg(term: usize) -> usize {
    2 * term
}
/// Index of a term's endgame value.
pub const fn eg(term: usize) -> usize {
    2 * term + 1
}
/// Index of a king-danger weight.
pub const fn danger(weight: usize) -> usize {
    2 * COUNT + weight
}
/// Length of the flat weight vector.
pub const PARAMS: usize = 2 * COUNT + DANGER_COUNT;

/// A king danger count `d` costs d²/`DANGER_MG` in the middlegame (an attack grows
/// with the square of its strength) and d/`DANGER_EG` in the ending.
pub const DANGER_MG: i32 = 720;
pub const DANGER_EG: i32 = 20;

/// The middlegame and endgame cost of a king danger count (centipawns, before scaling).
pub fn danger_cost(d: f64) -> (f64, f64) {
    if d > 0.0 {
        (d * d / DANGER_MG as f64, d / DANGER_EG as f64)
    } else {
        (0.0, 0.0)
    }
}

/// How much the complexity `cx` moves the ending score `eg`: away from zero when `cx` is
/// positive, towards it when negative, but never past it (the sign of `eg` stays). One rule
/// for the evaluation (whole centipawns) and for the tuner and explanations (fractions).
pub fn complexity_shift<T>(eg: T, cx: T) -> T
where
    T: Copy + Default + PartialOrd + std::ops::Neg<Output = T>,
{
    let zero = T::default();
    let at_least = |a: T, b: T| if a > b { a } else { b };
    if eg > zero {
        at_least(cx, -eg)
    } else if eg < zero {
        -at_least(cx, eg)
    } else {
        zero
    }
}

/// The weights used in one position, White's point of view.
#[derive(Clone, Debug, Default)]
pub struct Features {
    /// `(term, count)`: White's count minus Black's, one entry per term used.
    pub terms: Vec<(u16, i16)>,
    /// Per king (White's, Black's): the danger counts against it, or `None` when no attack
    /// on it was counted.
    pub danger: [Option<Vec<(u16, i16)>>; 2],
    /// `(term, count)` of the complexity terms (see [`super::terms::COMPLEXITY`]).
    pub complexity: Vec<(u16, i16)>,
    /// The game phase, 24 (all pieces) down to 0 (pawn ending).
    pub phase: i32,
    /// Share of the endgame score that counts, in 64ths (drawish endings count less).
    pub eg_scale: i32,
    side: usize,
}

impl Trace for Features {
    fn side(&mut self, side: usize) {
        self.side = side;
    }
    fn add(&mut self, term: usize, n: i32) {
        let n = if self.side == 0 { n } else { -n };
        match self.terms.iter_mut().find(|t| t.0 as usize == term) {
            Some(t) => t.1 += n as i16,
            None => self.terms.push((term as u16, n as i16)),
        }
    }
    fn danger(&mut self, weight: usize, n: i32) {
        let counts = self.danger[self.side].get_or_insert_with(Vec::new);
        match counts.iter_mut().find(|t| t.0 as usize == weight) {
            Some(t) => t.1 += n as i16,
            None => counts.push((weight as u16, n as i16)),
        }
    }
    fn complexity(&mut self, term: usize, n: i32) {
        self.complexity.push((term as u16, n as i16));
    }
    /// The hints are not fitted: the traced score leaves them out.
    fn hint(&mut self, _: Pair) {}
}

impl Features {
    /// A king's danger count under the weights `theta`.
    pub fn danger_count(counts: &[(u16, i16)], theta: &[f64]) -> f64 {
        counts
            .iter()
            .map(|&(w, n)| theta[danger(w as usize)] * n as f64)
            .sum()
    }

    /// The complexity under the weights `theta`.
    pub fn complexity_count(&self, theta: &[f64]) -> f64 {
        self.complexity
            .iter()
            .map(|&(t, n)| theta[eg(t as usize)] * n as f64)
            .sum()
    }

    /// The middlegame and endgame sums of the traced weights (the danger cost included,
    /// the complexity not).
    pub fn sums(&self, theta: &[f64], king_safety: f64) -> (f64, f64) {
        let (mut m, mut e) = self.terms.iter().fold((0.0, 0.0), |(m, e), &(t, n)| {
            let t = t as usize;
            (m + theta[mg(t)] * n as f64, e + theta[eg(t)] * n as f64)
        });
        for (side, counts) in self.danger.iter().enumerate() {
            if let Some(counts) = counts {
                let (dm, de) = danger_cost(Self::danger_count(counts, theta));
                let sign = if side == 0 { -1.0 } else { 1.0 };
                m += sign * dm * king_safety;
                e += sign * de * king_safety;
            }
        }
        (m, e)
    }

    /// The traced part of the evaluation for the weights `theta` (laid out as [`mg`],
    /// [`eg`], [`danger`] say), White's point of view, with `king_safety` the configured
    /// scale of the danger cost.
    pub fn score(&self, theta: &[f64], king_safety: f64) -> f64 {
        let (m, mut e) = self.sums(theta, king_safety);
        e += complexity_shift(e, self.complexity_count(theta));
        let (p, max) = (self.phase as f64, MAX_PHASE as f64);
        (m * p + e * (max - p) * self.eg_scale as f64 / FULL_SCALE as f64) / max
    }
}
