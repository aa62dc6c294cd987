//! The aspiration window: the bounds each iteration of the deepening search starts with.
//!
//! Most iterations agree with the one before within a few centipawns, and a search with a
//! narrow window (alpha, beta) cuts far more than one that must find the exact score of
//! every line. So an iteration first expects its score near the last one. When the score
//! falls outside, the search "failed": low (every move is worse than hoped) or high (some
//! move is better). The window then moves toward the score and widens, and the search runs
//! again, until the score lands inside.
//!
//! A fail high is good news that needs less proof: it is searched again a ply less deep
//! (per fail high in a row), which confirms it sooner. A fail low is bad news that needs
//! the full depth: the top of the window comes down to its old middle, and the depth
//! returns.

use super::params::{
    ASPIRATION_DELTA, ASPIRATION_FAIL_HIGH_REDUCTION, ASPIRATION_GROWTH, ASPIRATION_MAX_DELTA,
    ASPIRATION_MIN_DEPTH,
};
use super::types::{INFINITY, MATE_BOUND};

/// One iteration's window, as it moves from search to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aspiration {
    /// The lower bound: a score at or below it failed low.
    pub alpha: i32,
    /// The upper bound: a score at or above it failed high.
    pub beta: i32,
    /// Half the width the window has now (`INFINITY`: no window at all).
    delta: i32,
    /// Plies to search less, after fail highs in a row.
    reduction: i32,
}

impl Aspiration {
    /// The first window of an iteration of `depth` plies, around the last iteration's
    /// score. Shallow iterations are cheap and their scores jumpy: they search every score.
    pub fn new(depth: u32, last_score: i32) -> Aspiration {
        let delta = if depth >= ASPIRATION_MIN_DEPTH {
            ASPIRATION_DELTA
        } else {
            INFINITY
        };
        let (alpha, beta) = if delta >= INFINITY {
            (-INFINITY, INFINITY)
        } else {
            (
                (last_score - delta).max(-INFINITY),
                (last_score + delta).min(INFINITY),
            )
        };
        Aspiration {
            alpha,
            beta,
            delta,
            reduction: 0,
        }
    }

    /// How deep the next search of an iteration of `depth` plies goes.
    pub fn depth(&self, depth: u32) -> i32 {
        (depth as i32 - self.reduction).max(1)
    }

    /// Takes the score a search returned: `true` when it lies inside the window (the
    /// iteration is done); otherwise the window moves for the next search.
    pub fn settle(&mut self, score: i32) -> bool {
        if score > self.alpha && score < self.beta {
            return true;
        }
        self.delta = self.delta.saturating_mul(ASPIRATION_GROWTH);
        if self.delta > ASPIRATION_MAX_DELTA {
            // A score that swings this much is not worth guessing at: every score.
            self.delta = INFINITY;
            (self.alpha, self.beta) = (-INFINITY, INFINITY);
            self.reduction = 0;
        } else if score <= self.alpha {
            self.beta = (self.alpha + self.beta) / 2;
            self.alpha = (score - self.delta).max(-INFINITY);
            self.reduction = 0;
        } else {
            self.beta = (score + self.delta).min(INFINITY);
            // A mate found is searched at full depth: its distance must be exact.
            if score.abs() < MATE_BOUND {
                self.reduction += ASPIRATION_FAIL_HIGH_REDUCTION;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shallow_iterations_search_every_score() {
        let w = Aspiration::new(ASPIRATION_MIN_DEPTH - 1, 40);
        assert_eq!((w.alpha, w.beta), (-INFINITY, INFINITY));
        assert_eq!(
            w.depth(ASPIRATION_MIN_DEPTH - 1),
            ASPIRATION_MIN_DEPTH as i32 - 1
        );
        let w = Aspiration::new(ASPIRATION_MIN_DEPTH, 40);
        assert_eq!(
            (w.alpha, w.beta),
            (40 - ASPIRATION_DELTA, 40 + ASPIRATION_DELTA)
        );
    }

    #[test]
    fn a_score_inside_ends_the_iteration() {
        let mut w = Aspiration::new(10, 0);
        let before = w;
        assert!(w.settle(ASPIRATION_DELTA - 1));
        assert_eq!(w, before, "a score inside leaves the window as it was");
    }

    #[test]
    fn a_fail_low_moves_the_window_down_at_full_depth() {
        let mut w = Aspiration::new(10, 0);
        let (alpha, beta) = (w.alpha, w.beta);
        assert!(!w.settle(alpha - 50));
        assert_eq!(
            w.beta,
            (alpha + beta) / 2,
            "the top comes down to the old middle"
        );
        assert!(w.alpha < alpha - 50, "the failed score is now inside");
        assert_eq!(w.depth(10), 10);
    }

    #[test]
    fn fail_highs_search_shallower_until_a_fail_low() {
        let mut w = Aspiration::new(10, 0);
        let alpha = w.alpha;
        assert!(!w.settle(w.beta + 5));
        assert_eq!(w.alpha, alpha, "a fail high keeps the bottom");
        assert!(
            w.beta > ASPIRATION_DELTA + 5,
            "the failed score is now inside"
        );
        assert_eq!(w.depth(10), 10 - ASPIRATION_FAIL_HIGH_REDUCTION);
        assert!(!w.settle(w.beta));
        assert_eq!(w.depth(10), 10 - 2 * ASPIRATION_FAIL_HIGH_REDUCTION);
        assert!(!w.settle(w.alpha));
        assert_eq!(w.depth(10), 10, "a fail low puts the depth back");
    }

    #[test]
    fn a_found_mate_keeps_the_full_depth() {
        let mut w = Aspiration::new(10, 0);
        assert!(!w.settle(MATE_BOUND + 3));
        assert_eq!(w.depth(10), 10);
    }

    #[test]
    fn a_score_that_keeps_failing_gets_the_full_window() {
        let mut w = Aspiration::new(10, 0);
        let mut score = 0;
        for _ in 0..64 {
            score += 1_000;
            if w.settle(score.min(INFINITY - 1)) {
                break;
            }
            if (w.alpha, w.beta) == (-INFINITY, INFINITY) {
                assert_eq!(w.depth(10), 10, "the full window searches at full depth");
                assert!(w.settle(score.min(INFINITY - 1)));
                return;
            }
        }
        panic!("the window never opened to every score");
    }
}
