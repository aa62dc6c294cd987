//! Game results in the book: how many games followed a move, and how they ended for the
//! side that played it.
//!
//! A move line carries them as fields, from the mover's point of view:
//!
//! ```text
//! e2e4 weight=12 games=12 w=5 d=4 l=3
//! ```
//!
//! `games` counts every game, `w`/`d`/`l` the decided ones and draws (a game without a
//! result, `*`, counts in `games` only). The fields are optional; a book without them is
//! a book without results.

use super::entry::BookMove;

/// The field names, in the order they are written.
pub const FIELDS: [&str; 4] = ["games", "w", "d", "l"];

/// Games, wins, draws and losses after a move, for the side that played it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Results {
    pub games: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

/// A game's result for the side to move: `1-0` is a win for White.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
    /// `*` or anything else: counted as a game, not as a result.
    Unknown,
}

impl Results {
    /// One game with `outcome` for the mover.
    pub fn one(outcome: Outcome) -> Results {
        let mut r = Results {
            games: 1,
            ..Results::default()
        };
        match outcome {
            Outcome::Win => r.wins = 1,
            Outcome::Draw => r.draws = 1,
            Outcome::Loss => r.losses = 1,
            Outcome::Unknown => {}
        }
        r
    }

    /// The results written on a move, `None` when it has none of the fields. A field that
    /// is not a whole number counts as absent (`huo-book check` reports it).
    pub fn of(m: &BookMove) -> Option<Results> {
        let get = |name: &str| {
            m.fields
                .iter()
                .find(|(k, _)| k == name)
                .and_then(|(_, v)| v.parse::<u64>().ok())
        };
        let [g, w, d, l] = FIELDS.map(get);
        if g.is_none() && w.is_none() && d.is_none() && l.is_none() {
            return None;
        }
        let (wins, draws, losses) = (w.unwrap_or(0), d.unwrap_or(0), l.unwrap_or(0));
        Some(Results {
            games: g
                .unwrap_or(0)
                .max(wins.saturating_add(draws).saturating_add(losses)),
            wins,
            draws,
            losses,
        })
    }

    /// Writes the results into a move's fields: existing result fields are updated in
    /// place, missing ones appended in the order `games w d l`; other fields untouched.
    pub fn store(&self, m: &mut BookMove) {
        let values = [self.games, self.wins, self.draws, self.losses];
        for (name, value) in FIELDS.iter().zip(values) {
            match m.fields.iter_mut().find(|(k, _)| k == name) {
                Some((_, v)) => *v = value.to_string(),
                None => m.fields.push((name.to_string(), value.to_string())),
            }
        }
    }

    /// Adds another count (saturating).
    pub fn add(&mut self, o: &Results) {
        self.games = self.games.saturating_add(o.games);
        self.wins = self.wins.saturating_add(o.wins);
        self.draws = self.draws.saturating_add(o.draws);
        self.losses = self.losses.saturating_add(o.losses);
    }

    /// Games with a result (wins + draws + losses).
    pub fn decided(&self) -> u64 {
        self.wins
            .saturating_add(self.draws)
            .saturating_add(self.losses)
    }

    /// The mover's score, 0.0 to 1.0 ((wins + draws/2) / decided games); `None` without
    /// decided games.
    pub fn score(&self) -> Option<f64> {
        let n = self.decided();
        (n > 0).then(|| (self.wins as f64 + self.draws as f64 / 2.0) / n as f64)
    }

    /// Win, draw and loss percentages of the decided games.
    pub fn percentages(&self) -> Option<(f64, f64, f64)> {
        let n = self.decided() as f64;
        (n > 0.0).then(|| {
            (
                self.wins as f64 * 100.0 / n,
                self.draws as f64 * 100.0 / n,
                self.losses as f64 * 100.0 / n,
            )
        })
    }

    /// `W 42% D 33% L 25% (12 games)`, or `12 games` without decided games. The shares
    /// are of the finished games: unfinished ones are counted apart, `(1 finished, 1
    /// unfinished)`, so one loss never reads as `L 100% (2 games)`.
    pub fn summary(&self) -> String {
        let decided = self.decided();
        match self.percentages() {
            Some((w, d, l)) if self.games > decided => format!(
                "W {w:.0}% D {d:.0}% L {l:.0}% ({decided} finished, {} unfinished)",
                self.games - decided
            ),
            Some((w, d, l)) => format!(
                "W {w:.0}% D {d:.0}% L {l:.0}% ({} game{})",
                self.games,
                if self.games == 1 { "" } else { "s" }
            ),
            None => format!(
                "{} game{}",
                self.games,
                if self.games == 1 { "" } else { "s" }
            ),
        }
    }

    /// A bar of `width` characters: `W` wins, `=` draws, `L` losses (by share of the
    /// decided games), for a text opening-tree view.
    pub fn bar(&self, width: usize) -> String {
        let Some((w, d, _)) = self.percentages() else {
            return " ".repeat(width);
        };
        let nw = (w * width as f64 / 100.0).round() as usize;
        let nd = ((w + d) * width as f64 / 100.0).round() as usize - nw.min(width);
        let nw = nw.min(width);
        let nd = nd.min(width - nw);
        format!(
            "{}{}{}",
            "W".repeat(nw),
            "=".repeat(nd),
            "L".repeat(width - nw - nd)
        )
    }
}

/// How import-pgn turns a move's results into its weight.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WeightPolicy {
    /// The number of games that played the move (the default).
    #[default]
    Games,
    /// Polyglot `make-book`'s score: 2 per win plus 1 per draw.
    Polyglot,
    /// The mover's score in percent, 0 to 100 (a move that only lost weighs 0: never
    /// played); a move without decided games weighs 50.
    WinRate,
}

impl WeightPolicy {
    /// The weight for `r`.
    pub fn weight(self, r: &Results) -> u32 {
        let v = match self {
            WeightPolicy::Games => r.games,
            WeightPolicy::Polyglot => r.wins.saturating_mul(2).saturating_add(r.draws),
            WeightPolicy::WinRate => r.score().map_or(50, |s| (s * 100.0).round() as u64),
        };
        v.min(u32::MAX as u64) as u32
    }

    /// Is the weight a sum over games (so two imports add up), or a rate of the totals?
    pub fn additive(self) -> bool {
        !matches!(self, WeightPolicy::WinRate)
    }
}

impl std::str::FromStr for WeightPolicy {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "games" => Ok(WeightPolicy::Games),
            "polyglot" | "score" => Ok(WeightPolicy::Polyglot),
            "winrate" | "win-rate" => Ok(WeightPolicy::WinRate),
            other => Err(format!(
                "'{other}' is not a weight policy (games, polyglot, winrate)"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Position, parse_move};

    #[test]
    fn fields_round_trip_and_percentages() {
        let pos = Position::startpos();
        let mut m = BookMove::new(parse_move(&pos, "e4").unwrap(), 1);
        m.fields.push(("source".into(), "me".into()));
        assert_eq!(Results::of(&m), None);
        let r = Results {
            games: 13,
            wins: 5,
            draws: 4,
            losses: 3,
        };
        r.store(&mut m);
        assert_eq!(
            m.fields,
            vec![
                ("source".to_string(), "me".to_string()),
                ("games".into(), "13".into()),
                ("w".into(), "5".into()),
                ("d".into(), "4".into()),
                ("l".into(), "3".into()),
            ]
        );
        assert_eq!(Results::of(&m), Some(r));
        let (w, d, l) = r.percentages().unwrap();
        assert!((w - 41.666).abs() < 0.01 && (d - 33.333).abs() < 0.01 && (l - 25.0).abs() < 0.01);
        assert_eq!(r.summary(), "W 42% D 33% L 25% (12 finished, 1 unfinished)");
        let one_loss = Results {
            games: 2,
            losses: 1,
            ..Results::default()
        };
        assert_eq!(
            one_loss.summary(),
            "W 0% D 0% L 100% (1 finished, 1 unfinished)"
        );
        let all_done = Results {
            games: 2,
            wins: 1,
            losses: 1,
            ..Results::default()
        };
        assert_eq!(all_done.summary(), "W 50% D 0% L 50% (2 games)");
        assert_eq!(r.bar(12), "WWWWW====LLL");
        assert_eq!(WeightPolicy::Games.weight(&r), 13);
        assert_eq!(WeightPolicy::Polyglot.weight(&r), 14);
        assert_eq!(WeightPolicy::WinRate.weight(&r), 58);
        assert_eq!(Results::default().bar(3), "   ");
        // Huge counts saturate instead of overflowing.
        let mut m = BookMove::new(parse_move(&pos, "d4").unwrap(), 1);
        let max = u64::MAX.to_string();
        for f in FIELDS {
            m.fields.push((f.to_string(), max.clone()));
        }
        let r = Results::of(&m).unwrap();
        assert_eq!((r.games, r.decided()), (u64::MAX, u64::MAX));
        assert_eq!(r.bar(3).len(), 3);
        assert_eq!(WeightPolicy::Games.weight(&r), u32::MAX);
    }
}
