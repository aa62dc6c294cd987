//! From a match score to an Elo difference, and how sure it is.
//!
//! The logistic model: a player expected to score `s` is `-400·log10(1/s − 1)` Elo
//! stronger (75% ⇒ +191, 50% ⇒ 0). Each game scores 1, ½ or 0 (a trinomial); the spread
//! of those per-game scores around their mean gives the standard error of the mean
//! score, and the 95% interval of the score, mapped through the same curve, gives the
//! margin: `+35 ± 40` means the difference lies between −5 and +75 with 95% confidence.
//! More games, narrower margin (as 1/√n).

/// z for a two-sided 95% interval of the normal distribution.
const Z_95: f64 = 1.959_964;
/// Elo points per factor of ten in the odds of winning (the logistic model's scale).
const ELO_SCALE: f64 = 400.0;

/// A match's result from one player's side, and what it says about the Elo difference.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Elo {
    pub fn new(wins: u32, draws: u32, losses: u32) -> Elo {
        Elo {
            wins,
            draws,
            losses,
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The mean score per game, 0 to 1 (`None` before any game).
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(n))
    }

    /// The Elo difference the score stands for; `None` at 0% or 100% (unbounded).
    pub fn diff(&self) -> Option<f64> {
        self.score().and_then(elo_of_score)
    }

    /// Half the width of the 95% interval of the difference, in Elo; `None` when an end
    /// of the interval is unbounded (a score too near 0% or 100% for the games played).
    pub fn margin(&self) -> Option<f64> {
        let s = self.score()?;
        let n = f64::from(self.games());
        // The variance of one game's score: wins score 1, draws ½, losses 0.
        let var = (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n;
        let delta = Z_95 * (var / n).sqrt();
        let (lo, hi) = (elo_of_score(s - delta)?, elo_of_score(s + delta)?);
        Some((hi - lo) / 2.0)
    }
}

/// The Elo difference of a player expected to score `s` (0 < s < 1).
pub fn elo_of_score(s: f64) -> Option<f64> {
    (s > 0.0 && s < 1.0).then(|| -ELO_SCALE * (1.0 / s - 1.0).log10())
}

impl std::fmt::Display for Elo {
    /// `+191.0 ± 95.3`, `+inf`, `-inf`, or `0.0 ± …`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.score(), self.diff()) {
            (None, _) => f.write_str("no games"),
            (Some(s), None) => f.write_str(if s >= 1.0 { "+inf" } else { "-inf" }),
            (Some(_), Some(d)) => match self.margin() {
                Some(m) => write!(f, "{d:+.1} ± {m:.1}"),
                None => write!(f, "{d:+.1} ± inf"),
            },
        }
    }
}
