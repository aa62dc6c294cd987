//! When a side gives up: its own searches, several in a row, say the game is lost (a
//! score at or below the threshold, or a mate against it). One bad search is not enough:
//! a deeper look on the next move may find the resource the last one missed.

use super::Score;

/// How many hopeless searches in a row it takes to resign.
pub const IN_A_ROW: u32 = 3;

/// Does `score` (from the searching side) say its game is lost: at most `-cp`, or mated?
pub fn hopeless(score: Score, cp: i32) -> bool {
    match score {
        Score::Cp(s) => s <= -cp,
        Score::Mate(n) => n < 0,
    }
}

/// Does `score` (from the searching side) say its game is won: at least `cp`, or mating?
pub fn winning(score: Score, cp: i32) -> bool {
    match score {
        Score::Cp(s) => s >= cp,
        Score::Mate(n) => n > 0,
    }
}

/// One side's run of hopeless searches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Streak(pub u32);

impl Streak {
    /// Counts a finished search scored `score` against the threshold `cp`; true once the
    /// side has seen its game lost [`IN_A_ROW`] times running.
    pub fn after_search(&mut self, score: Score, cp: i32) -> bool {
        self.0 = if hopeless(score, cp) { self.0 + 1 } else { 0 };
        self.0 >= IN_A_ROW
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_hopeless_searches_running_resign_and_a_good_one_resets() {
        let mut s = Streak::default();
        assert!(!s.after_search(Score::Cp(-1200), 1000));
        assert!(!s.after_search(Score::Mate(-3), 1000));
        assert!(
            !s.after_search(Score::Cp(-999), 1000),
            "above the threshold resets"
        );
        assert_eq!(s, Streak(0));
        assert!(!s.after_search(Score::Cp(-1000), 1000));
        assert!(!s.after_search(Score::Cp(-1000), 1000));
        assert!(s.after_search(Score::Cp(-1000), 1000));
        assert!(winning(Score::Mate(2), 1000) && !winning(Score::Cp(999), 1000));
    }
}
