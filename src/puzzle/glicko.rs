//! The Glicko-2 rating system (Mark Glickman, "Example of the Glicko-2 system"), for the
//! user's puzzle rating. A rating is three numbers: the rating `r` (1500 is average), its
//! deviation `RD` (how unsure it is: a new player's 350 means "somewhere between 800 and
//! 2200"; it shrinks with every result) and the volatility `σ` (how much the player's
//! strength seems to change: it grows when results keep surprising).
//!
//! Each puzzle is a game against the puzzle's own rating and deviation, won when solved
//! and lost when failed. After it, on Glickman's internal scale (μ = (r − 1500)/173.7178,
//! φ = RD/173.7178):
//! 1. the expected score against each opponent j is E = 1/(1 + e^(−g(φj)(μ − μj))), where
//!    g(φ) = 1/√(1 + 3φ²/π²) discounts an opponent whose rating is unsure;
//! 2. the variance of the rating from the results is v = 1/Σ g(φj)² E (1 − E), and the
//!    improvement they show Δ = v Σ g(φj)(sj − E);
//! 3. the new volatility σ' solves f(x) = 0 for x = ln σ'², with
//!    f(x) = e^x(Δ² − φ² − v − e^x) / (2(φ² + v + e^x)²) − (x − ln σ²)/τ², found by the
//!    Illinois variant of regula falsi (a bracket that always shrinks);
//! 4. the deviation first grows by the volatility, φ* = √(φ² + σ'²), then shrinks by what
//!    the results tell: φ' = 1/√(1/φ*² + 1/v); and μ' = μ + φ'² Σ g(φj)(sj − E).
//!
//! τ limits how fast the volatility may change. Glickman suggests 0.3 to 1.2; the trainer
//! uses 0.75 ([`TAU`]), as lichess does for puzzles: a puzzle solver's strength does
//! change quickly (practice pays), each result is a noisy yes or no, and a larger τ lets
//! the rating follow a real improvement without chasing every lucky guess; it also keeps
//! our ratings on a scale a lichess player knows.

/// Glickman's scale factor between the rating and the internal scale.
const SCALE: f64 = 173.7178;

/// The trainer's τ (see the module's text).
pub const TAU: f64 = 0.75;

/// The convergence tolerance of the volatility's iteration.
const EPSILON: f64 = 0.000001;

/// A player's (or a puzzle's) rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Rating {
    /// A new player: 1500, deviation 350, volatility 0.06.
    pub const NEW: Rating = Rating {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };

    /// The largest deviation (a new player's): never more unsure than knowing nothing.
    pub const MAX_DEVIATION: f64 = 350.0;

    /// An opponent of rating `rating` and deviation `deviation` (its volatility is not
    /// used).
    pub fn opponent(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// The rating after one rating period of `games`: each an opponent and the score
    /// (1 won, 0 lost, 0.5 drawn); τ as given. Without games only the deviation grows.
    pub fn after(&self, games: &[(Rating, f64)], tau: f64) -> Rating {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        if games.is_empty() {
            let grown = (phi * phi + sigma * sigma).sqrt();
            return Rating {
                deviation: (grown * SCALE).min(Self::MAX_DEVIATION),
                ..*self
            };
        }
        let mut inverse_v = 0.0;
        let mut sum = 0.0;
        for (opponent, score) in games {
            let mu_j = (opponent.rating - 1500.0) / SCALE;
            let g = g(opponent.deviation / SCALE);
            let e = 1.0 / (1.0 + (-g * (mu - mu_j)).exp());
            inverse_v += g * g * e * (1.0 - e);
            sum += g * (score - e);
        }
        let v = 1.0 / inverse_v;
        let delta = v * sum;
        let sigma2 = new_volatility(phi, sigma, v, delta, tau);
        let phi_star = (phi * phi + sigma2 * sigma2).sqrt();
        let phi2 = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu2 = mu + phi2 * phi2 * sum;
        Rating {
            rating: SCALE * mu2 + 1500.0,
            deviation: (SCALE * phi2).min(Self::MAX_DEVIATION),
            volatility: sigma2,
        }
    }

    /// The rating after one puzzle: `solved` it or not.
    pub fn after_puzzle(&self, puzzle_rating: f64, puzzle_deviation: f64, solved: bool) -> Rating {
        let score = if solved { 1.0 } else { 0.0 };
        self.after(
            &[(Rating::opponent(puzzle_rating, puzzle_deviation), score)],
            TAU,
        )
    }
}

/// How much an opponent's result counts, given how unsure its rating is.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// Step 3: the new volatility, by the Illinois iteration.
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let mut fa = f(big_a);
    let mut fb = f(big_b);
    while (big_b - big_a).abs() > EPSILON {
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Glickman's worked example (glicko2.pdf): r = 1500, RD = 200, σ = 0.06, τ = 0.5,
    /// three games against 1400/30 (won), 1550/100 and 1700/300 (lost).
    #[test]
    fn glickmans_example() {
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let games = [
            (Rating::opponent(1400.0, 30.0), 1.0),
            (Rating::opponent(1550.0, 100.0), 0.0),
            (Rating::opponent(1700.0, 300.0), 0.0),
        ];
        let after = player.after(&games, 0.5);
        // To the published precision, one unit of its last digit: the paper rounds its
        // steps to four decimals (μ' = -0.2069), unrounded the rating is 1464.0507.
        let near = |value: f64, published: f64, unit: f64| (value - published).abs() <= unit;
        assert!(near(after.rating, 1464.06, 0.01), "{after:?}");
        assert!(near(after.deviation, 151.52, 0.01), "{after:?}");
        assert!(near(after.volatility, 0.05999, 0.00001), "{after:?}");
    }

    #[test]
    fn a_solved_puzzle_raises_the_rating_and_a_failed_one_lowers_it() {
        let me = Rating::NEW;
        let up = me.after_puzzle(1500.0, 80.0, true);
        let down = me.after_puzzle(1500.0, 80.0, false);
        assert!(up.rating > 1500.0 && down.rating < 1500.0);
        // An even game: the same amount either way, and less unsure after it.
        assert!((up.rating - 1500.0 - (1500.0 - down.rating)).abs() < 1e-9);
        assert!(up.deviation < 350.0);
        // Solving a harder puzzle is worth more.
        assert!(me.after_puzzle(1800.0, 80.0, true).rating > up.rating);
        // Without games only the deviation grows, never past a new player's.
        let idle = Rating {
            deviation: 100.0,
            ..me
        }
        .after(&[], TAU);
        assert!(idle.deviation > 100.0 && idle.rating == 1500.0);
        assert_eq!(me.after(&[], TAU).deviation, 350.0);
    }
}
