//! `huo-book train --stats`: how far the learner is with a repertoire, from its schedule.
//!
//! The learner's positions split four ways that add up: new (never answered), due now
//! (asked today), learning (answered, not due today, but not yet remembered for three
//! weeks) and learned (remembered for three weeks or more: [`LEARNED_STABILITY`]). The
//! success rate counts every answer saved for these positions.

use super::repertoire::Repertoire;
pub use super::schedule::LEARNED_STABILITY;
use super::schedule::Schedule;

/// One of the hardest positions: the most often wrong.
#[derive(Clone, Debug, PartialEq)]
pub struct Hard {
    /// The moves to it, as a score sheet writes them.
    pub line: String,
    pub opening: Option<String>,
    pub reps: u32,
    pub lapses: u32,
}

/// The figures of a repertoire's training.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    /// The learner's positions.
    pub positions: u32,
    pub new: u32,
    pub due: u32,
    pub learning: u32,
    pub learned: u32,
    /// Answers saved for these positions, and the right ones among them.
    pub answers: u32,
    pub right: u32,
    /// The next day after today with positions due, and how many.
    pub next: Option<(i64, u32)>,
    /// The positions most often wrong (at most five), the worst first.
    pub hardest: Vec<Hard>,
    /// Positions of the schedule not among these (the other side's, other starts, lines
    /// since removed from the book).
    pub elsewhere: u32,
}

/// How many hardest positions are listed.
const HARDEST: usize = 5;

/// The figures of `repertoire` on `today` by `schedule`.
pub fn stats(repertoire: &Repertoire, schedule: &Schedule, today: i64) -> Stats {
    let mut s = Stats::default();
    let mut wrong: Vec<(u64, f64, u32, u32)> = Vec::new();
    for &key in repertoire.learner_keys() {
        s.positions += 1;
        let Some(r) = schedule.get(key) else {
            s.new += 1;
            continue;
        };
        if r.is_due(today) {
            s.due += 1;
        } else {
            if r.learned() {
                s.learned += 1;
            } else {
                s.learning += 1;
            }
            let due = r.memory.due;
            s.next = match s.next {
                Some((d, n)) if d == due => Some((d, n + 1)),
                Some((d, n)) if d < due => Some((d, n)),
                _ => Some((due, 1)),
            };
        }
        s.answers += r.reps;
        s.right += r.reps - r.lapses;
        if r.lapses > 0 {
            wrong.push((key, r.memory.difficulty, r.lapses, r.reps));
        }
    }
    let on_lines: std::collections::HashSet<u64> =
        repertoire.learner_keys().iter().copied().collect();
    s.elsewhere = schedule
        .records()
        .keys()
        .filter(|k| !on_lines.contains(k))
        .count() as u32;
    // The most wrong answers first; then the hardest by the scheduler's difficulty.
    wrong.sort_by(|a, b| b.2.cmp(&a.2).then(b.1.total_cmp(&a.1)).then(a.0.cmp(&b.0)));
    s.hardest = wrong
        .iter()
        .take(HARDEST)
        .map(|&(key, _, lapses, reps)| {
            let game = repertoire.game_to(key);
            Hard {
                line: game.movetext(),
                opening: crate::openings::of_game(&game).map(|o| o.label()),
                reps,
                lapses,
            }
        })
        .collect();
    s
}
