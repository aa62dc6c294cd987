//! The figures of `huo-chess puzzle --stats`, all worked out from the progress: the
//! rating and how it went day by day, success by theme (over the puzzles rated, each the
//! first time it was played), the weakest themes, and the failed puzzles due again.
//!
//! A theme's success is the share of its puzzles solved; a theme is called weak only
//! once enough of its puzzles were played ([`WEAK_AFTER`]) for the share to mean much.

use super::progress::Progress;
use crate::util::date;
use std::collections::BTreeMap;

/// Puzzles of a theme played before it can be called weak.
pub const WEAK_AFTER: u32 = 3;

/// How many days of rating history are shown.
const HISTORY_DAYS: usize = 10;

/// How many weak themes are named.
const WEAKEST: usize = 3;

/// Solved and played, for a theme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub solved: u32,
    pub played: u32,
}

impl Score {
    pub fn percent(&self) -> f64 {
        100.0 * f64::from(self.solved) / f64::from(self.played.max(1))
    }
}

/// Success by theme over the rated puzzles, theme by theme.
pub fn by_theme(progress: &Progress) -> BTreeMap<String, Score> {
    let mut scores: BTreeMap<String, Score> = BTreeMap::new();
    for a in progress.attempts().iter().filter(|a| a.rating.is_some()) {
        for t in &a.puzzle.themes {
            let s = scores.entry(t.clone()).or_default();
            s.played += 1;
            s.solved += u32::from(a.solved);
        }
    }
    scores
}

/// The weakest themes (the lowest success first, among those played [`WEAK_AFTER`] times
/// or more).
pub fn weakest(progress: &Progress) -> Vec<(String, Score)> {
    let mut weak: Vec<(String, Score)> = by_theme(progress)
        .into_iter()
        .filter(|(_, s)| s.played >= WEAK_AFTER && s.solved < s.played)
        .collect();
    weak.sort_by(|(an, a), (bn, b)| {
        a.percent()
            .total_cmp(&b.percent())
            .then(b.played.cmp(&a.played))
            .then(an.cmp(bn))
    });
    weak.truncate(WEAKEST);
    weak
}

/// The text of `--stats`, every theme; `file` names where the progress is kept.
pub fn text(progress: &Progress, file: &str, today: i64) -> String {
    lines(progress, file, today, usize::MAX)
        .into_iter()
        .map(|l| l + "\n")
        .collect()
}

/// The lines of `--stats` with at most `themes` themes (the most played), the rest
/// counted: what a window of the puzzle screen has room for.
pub fn lines(progress: &Progress, file: &str, today: i64, themes: usize) -> Vec<String> {
    let rated: Vec<_> = progress
        .attempts()
        .iter()
        .filter_map(|a| a.rating.map(|r| (a, r)))
        .collect();
    let mut out = vec![format!("Puzzles: {file}")];
    let now = progress.rating();
    let solved = rated.iter().filter(|(a, _)| a.solved).count();
    out.push(format!(
        "Rating: {:.0} (deviation {:.0}), {} puzzle{} rated, {solved} solved",
        now.rating,
        now.deviation,
        rated.len(),
        if rated.len() == 1 { "" } else { "s" }
    ));
    if rated.is_empty() {
        out.push("Rating history: no puzzle rated yet".into());
    } else {
        // The rating at the end of each day played, the last few days.
        let mut days: Vec<(i64, f64, u32)> = Vec::new();
        for (a, r) in &rated {
            match days.last_mut() {
                Some((d, last, n)) if *d == a.day => {
                    *last = r.rating;
                    *n += 1;
                }
                _ => days.push((a.day, r.rating, 1)),
            }
        }
        out.push("Rating history (at the end of each day played):".into());
        let skip = days.len().saturating_sub(HISTORY_DAYS);
        for (day, rating, n) in &days[skip..] {
            out.push(format!(
                "  {}  {rating:.0}  ({n} puzzle{})",
                date::iso(*day),
                if *n == 1 { "" } else { "s" }
            ));
        }
    }
    let by = by_theme(progress);
    if by.is_empty() {
        out.push("Success by theme: no puzzle rated yet".into());
    } else {
        out.push("Success by theme:".into());
        let mut sorted: Vec<_> = by.iter().collect();
        sorted.sort_by(|(an, a), (bn, b)| b.played.cmp(&a.played).then(an.cmp(bn)));
        for (name, s) in sorted.iter().take(themes) {
            out.push(format!(
                "  {name:<20} {:>3.0}%  ({} of {})",
                s.percent(),
                s.solved,
                s.played
            ));
        }
        if sorted.len() > themes {
            out.push(format!(
                "  and {} more (huo-chess puzzle --stats lists them all)",
                sorted.len() - themes
            ));
        }
    }
    let weak = weakest(progress);
    if weak.is_empty() {
        out.push(format!(
            "Weakest themes: none yet (a theme needs {WEAK_AFTER} puzzles played, one failed)"
        ));
    } else {
        let names: Vec<String> = weak
            .iter()
            .map(|(n, s)| format!("{n} ({:.0}%)", s.percent()))
            .collect();
        out.push(format!("Weakest themes: {}", names.join(", ")));
    }
    let due = progress.due(today).len();
    let waiting = progress
        .schedule()
        .values()
        .filter(|m| !m.is_due(today))
        .count();
    out.push(format!(
        "Failed puzzles: {due} due now, {waiting} coming back later"
    ));
    out
}
