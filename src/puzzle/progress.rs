//! The user's puzzle progress, `progress.txt` in the data folder's `puzzles` folder: one
//! text line per puzzle played, oldest first. Everything else is worked out from it: the
//! rating (the last rated line's), the rating history, the puzzles already seen, success
//! by theme, and when a failed puzzle comes back (spaced repetition, [`crate::train::fsrs`]).
//!
//! ```text
//! 2026-12-06 solved 1523.41125 290.331 0.0599991 | 00008,r6k/pp2r2p/...,f2g3 e6e7,1877,...
//! 2026-12-09 failed - | 00008,r6k/pp2r2p/...,f2g3 e6e7,1877,...
//! ```
//!
//! A line is the day, `solved` or `failed`, the user's Glicko-2 rating after it (rating,
//! deviation, volatility), or `-` when the puzzle was not rated (it had been played
//! before), then ` | ` and the puzzle itself as a puzzle file has it ([`super::csv`]): a
//! failed puzzle can come back even from a collection since replaced. The file is read
//! strictly: a damaged line is named `file:line` and the file is then never rewritten
//! ([`crate::train::textfile`]); each puzzle played is saved at once, atomically.

use super::csv;
use super::glicko::Rating;
use super::record::Puzzle;
use crate::train::fsrs::{Grade, Memory, Params};
use crate::train::textfile::{self, StoreError, TextFile};
use crate::util::date;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// The file's name in `<data>/puzzles`.
pub const FILE_NAME: &str = "progress.txt";

/// How the file is named in its problems.
const WHAT: &str = "the puzzle progress";

/// The lines at the top of the file.
const HEADER: &str = "\
# Huo Chess puzzle progress (huo-chess puzzle): a line per puzzle played, oldest first:
# the day, solved or failed, your rating after it (rating, deviation, volatility; - when
# the puzzle was played before and not rated again), then | and the puzzle.
";

/// One puzzle played.
#[derive(Clone, Debug, PartialEq)]
pub struct Attempt {
    /// Days since 1970-01-01.
    pub day: i64,
    pub solved: bool,
    /// The user's rating after it, when it was rated.
    pub rating: Option<Rating>,
    pub puzzle: Puzzle,
}

impl Attempt {
    /// The attempt's line.
    fn line(&self) -> String {
        let rating = match self.rating {
            // Every digit needed to read back the same number.
            Some(r) => format!("{} {} {}", r.rating, r.deviation, r.volatility),
            None => "-".into(),
        };
        // A puzzle read from a file was checked to be writable; one made in memory with
        // a comma in a field is kept without the field's text rather than lose the line.
        let puzzle = csv::to_line(&self.puzzle).unwrap_or_else(|_| {
            let mut p = self.puzzle.clone();
            p.game_url.clear();
            p.opening_tags.clear();
            p.themes.retain(|t| !t.contains([',', '\n', '\r']));
            p.id = p.id.replace([',', '\n', '\r'], "_");
            csv::to_line(&p).unwrap_or_default()
        });
        format!(
            "{} {} {rating} | {puzzle}",
            date::iso(self.day),
            if self.solved { "solved" } else { "failed" }
        )
    }

    /// Reads an attempt's line: what is wrong otherwise.
    fn parse(line: &str) -> Result<Attempt, String> {
        let Some((head, puzzle)) = line.split_once(" | ") else {
            return Err("expected the day, solved or failed, the rating, | and the puzzle".into());
        };
        let words: Vec<&str> = head.split_whitespace().collect();
        let day = words
            .first()
            .and_then(|d| date::parse_iso(d))
            .ok_or_else(|| {
                format!(
                    "'{}' is not a day (YYYY-MM-DD)",
                    words.first().unwrap_or(&"")
                )
            })?;
        let solved = match words.get(1) {
            Some(&"solved") => true,
            Some(&"failed") => false,
            other => {
                return Err(format!(
                    "'{}' is neither solved nor failed",
                    other.unwrap_or(&"")
                ));
            }
        };
        let rating = match &words[2..] {
            ["-"] => None,
            [r, d, v] => {
                let number = |what: &str, s: &str| {
                    s.parse::<f64>()
                        .ok()
                        .filter(|x| x.is_finite())
                        .ok_or_else(|| format!("the {what} '{s}' is not a number"))
                };
                let rating = Rating {
                    rating: number("rating", r)?,
                    deviation: number("rating deviation", d)?,
                    volatility: number("volatility", v)?,
                };
                if rating.deviation <= 0.0 || rating.volatility <= 0.0 {
                    return Err("the rating deviation and volatility must be above 0".into());
                }
                Some(rating)
            }
            _ => {
                return Err(
                    "expected the rating, its deviation and volatility, or - (not rated)".into(),
                );
            }
        };
        let puzzle = csv::parse_line(puzzle).map_err(|e| format!("the puzzle's {e}"))?;
        Ok(Attempt {
            day,
            solved,
            rating,
            puzzle,
        })
    }
}

/// The progress as read.
#[derive(Clone, Debug, Default)]
pub struct Progress {
    attempts: Vec<Attempt>,
    problems: Vec<String>,
}

impl TextFile for Progress {
    fn parse(text: &str, shown: &str) -> Progress {
        let mut p = Progress::default();
        for (i, line) in text.lines().enumerate() {
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            match Attempt::parse(trimmed) {
                Ok(a) => p.attempts.push(a),
                Err(e) => p.problems.push(format!("{shown}:{}: {e}", i + 1)),
            }
        }
        p
    }

    fn problems(&self) -> &[String] {
        &self.problems
    }

    fn write(&self) -> String {
        let mut out = HEADER.to_string();
        for a in &self.attempts {
            out.push_str(&a.line());
            out.push('\n');
        }
        out
    }
}

/// Where the progress is kept: `<data>/puzzles/progress.txt`.
pub fn default_path() -> Option<PathBuf> {
    crate::util::dirs::data_dir().map(|d| d.join("puzzles").join(FILE_NAME))
}

impl Progress {
    /// Reads the file at `path` (none yet: no progress), refusing it when damaged.
    pub fn load(path: &Path) -> Result<Progress, StoreError> {
        textfile::read_clean(path, WHAT)
    }

    /// Adds `attempt` and saves it at once: the file is read again under its folder's
    /// lock, refused when damaged now, and replaced atomically. Kept here either way.
    pub fn record(&mut self, path: &Path, attempt: Attempt) -> Result<(), StoreError> {
        let saved = textfile::update(path, WHAT, |p: &mut Progress| {
            p.attempts.push(attempt.clone());
        });
        self.attempts.push(attempt);
        saved
    }

    /// Adds `attempt` here only (nothing is saved).
    pub fn push(&mut self, attempt: Attempt) {
        self.attempts.push(attempt);
    }

    /// Every puzzle played, oldest first.
    pub fn attempts(&self) -> &[Attempt] {
        &self.attempts
    }

    /// The user's rating now: a new player's until a puzzle is rated.
    pub fn rating(&self) -> Rating {
        self.attempts
            .iter()
            .rev()
            .find_map(|a| a.rating)
            .unwrap_or(Rating::NEW)
    }

    /// The puzzles played (by id).
    pub fn seen(&self) -> HashSet<&str> {
        self.attempts.iter().map(|a| a.puzzle.id.as_str()).collect()
    }

    /// When each puzzle ever failed comes back: its memory, by the scheduler, from its
    /// first failure on (a puzzle solved the first time is not asked again).
    pub fn schedule(&self) -> HashMap<&str, Memory> {
        let params = Params::default();
        let mut memories: HashMap<&str, Memory> = HashMap::new();
        for a in &self.attempts {
            let id = a.puzzle.id.as_str();
            let before = memories.get(id).copied();
            if before.is_none() && a.solved {
                continue;
            }
            let grade = if a.solved { Grade::Good } else { Grade::Again };
            memories.insert(id, params.review(before.as_ref(), grade, a.day));
        }
        memories
    }

    /// The puzzles due on `today` (failed before, their day come), each once as last
    /// played, oldest due first.
    pub fn due(&self, today: i64) -> Vec<&Puzzle> {
        let schedule = self.schedule();
        let mut due: Vec<(&Puzzle, i64)> = Vec::new();
        let mut listed = HashSet::new();
        for a in self.attempts.iter().rev() {
            let id = a.puzzle.id.as_str();
            if let Some(m) = schedule.get(id)
                && m.is_due(today)
                && listed.insert(id)
            {
                due.push((&a.puzzle, m.due));
            }
        }
        due.sort_by_key(|(_, d)| *d);
        due.into_iter().map(|(p, _)| p).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::scratch::Scratch;

    const LINE: &str = "00sHx,q3k1nr/1pp1nQpp/3p4/1P2p3/4P3/B1PP1b2/B5PP/5K2 b k - 0 17,e8d7 a2e6 d7d8 f7f8,1760,80,83,72,mate mateIn2 middlegame short,https://lichess.org/yyznGmXs/black#34,";

    fn attempt(day: i64, solved: bool, rated: bool) -> Attempt {
        Attempt {
            day,
            solved,
            rating: rated.then(|| Rating::NEW.after_puzzle(1760.0, 80.0, solved)),
            puzzle: csv::parse_line(LINE).unwrap(),
        }
    }

    #[test]
    fn progress_round_trips_and_a_failed_puzzle_comes_back_when_due() {
        let dir = Scratch::new("puzzle-progress");
        let path = dir.path().join("puzzles").join(FILE_NAME);
        let mut p = Progress::load(&path).unwrap();
        assert_eq!(p.rating(), Rating::NEW);
        p.record(&path, attempt(20_000, false, true)).unwrap();
        let again = Progress::load(&path).unwrap();
        assert_eq!(again.attempts(), p.attempts());
        assert!(again.rating().rating < 1500.0);
        // Failed today: due again today (the next session), then by the schedule.
        assert_eq!(again.due(20_000).len(), 1);
        p.record(&path, attempt(20_001, true, false)).unwrap();
        let p = Progress::load(&path).unwrap();
        let next = p.schedule()["00sHx"].due;
        assert!(next > 20_001);
        assert!(p.due(20_001).is_empty());
        assert_eq!(p.due(next).len(), 1);
        // The unrated attempt left the rating as the rated one set it.
        assert_eq!(p.rating(), p.attempts()[0].rating.unwrap());
    }

    #[test]
    fn a_damaged_line_is_named_and_the_file_never_rewritten() {
        let dir = Scratch::new("puzzle-progress-damaged");
        let path = dir.path().join(FILE_NAME);
        let text = format!("{HEADER}2026-12-06 maybe - | {LINE}\n");
        std::fs::write(&path, &text).unwrap();
        let e = Progress::load(&path).unwrap_err().to_string();
        assert!(
            e.contains(&format!(
                "{}:4: 'maybe' is neither solved nor failed",
                path.display()
            )),
            "{e}"
        );
        let mut p = Progress::default();
        assert!(p.record(&path, attempt(20_000, true, true)).is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    }
}
