//! The games of a match: game `i` starts from opening `i / 2` (round the list again when
//! the games outnumber the openings), engine 1 has White in even games and Black in odd
//! ones, so each opening is played twice with colours swapped. `concurrency` worker
//! threads take the next game in turn, each with one searcher per engine (cleared between
//! games); finished games come back to the caller's thread, which keeps the tally, and
//! are returned in their order. A game's seed is its number, so a fixed-nodes match plays
//! the same games however many run at once.

use super::elo::Elo;
use super::openings::Opening;
use super::play::{self, Control, Played, Side, Termination};
use crate::core::{Color, Position};
use crate::eval::Evaluator;
use crate::player::Player;
use crate::search::Searcher;
use crate::util::rng;
use std::collections::BTreeMap;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// The PGN `Event` of match games.
pub const EVENT: &str = "Huo Chess match";

/// What to play.
#[derive(Clone, Debug)]
pub struct MatchSpec {
    pub engine1: Player,
    pub engine2: Player,
    pub games: usize,
    pub control: Control,
    /// Empty: every game starts from the initial position.
    pub openings: Vec<Opening>,
    /// Games played at once (at least 1).
    pub concurrency: usize,
}

/// One finished game of the match.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// From 0, in the match's order.
    pub index: usize,
    /// The start's label in its file (see [`Opening::label`]).
    pub start: Option<String>,
    /// Did engine 1 have White?
    pub engine1_white: bool,
    pub played: Played,
}

impl GameRecord {
    /// Engine 1's score in this game: 1, ½ or 0.
    pub fn engine1_points(&self) -> f64 {
        let engine1 = if self.engine1_white {
            Color::White
        } else {
            Color::Black
        };
        match self.played.termination.winner() {
            None => 0.5,
            Some(c) if c == engine1 => 1.0,
            Some(_) => 0.0,
        }
    }
}

/// The running count, from engine 1's side.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// How games ended ([`Termination::reason`]) and how many did.
    pub reasons: BTreeMap<&'static str, u32>,
}

impl Tally {
    fn add(&mut self, record: &GameRecord) {
        let points = record.engine1_points();
        if points == 1.0 {
            self.wins += 1;
        } else if points == 0.0 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
        *self
            .reasons
            .entry(record.played.termination.reason())
            .or_default() += 1;
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The Elo difference of engine 1 over engine 2 the tally stands for.
    pub fn elo(&self) -> Elo {
        Elo::new(self.wins, self.draws, self.losses)
    }

    /// Games lost on time by either side.
    pub fn time_losses(&self) -> u32 {
        self.reasons.get("time forfeit").copied().unwrap_or(0)
    }
}

/// A game of a match that ended with its search failing (a bug, caught): said as
/// `game N: the search failed`. Nothing underneath: the panic's payload is not kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameFailed {
    /// The game's number, from 1.
    pub game: usize,
}

impl std::fmt::Display for GameFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "game {}: the search failed", self.game)
    }
}

impl std::error::Error for GameFailed {}

/// A match played.
#[derive(Clone, Debug)]
pub struct Summary {
    pub games: Vec<GameRecord>,
    pub tally: Tally,
    /// Games that failed (a bug in the search, caught): which and why.
    pub failed: Vec<GameFailed>,
}

impl MatchSpec {
    /// The names in the PGN and the report: the players' own, told apart when equal.
    pub fn names(&self) -> (String, String) {
        let (a, b) = (&self.engine1.name, &self.engine2.name);
        if a == b {
            (format!("{a} (1)"), format!("{b} (2)"))
        } else {
            (a.clone(), b.clone())
        }
    }

    /// Plays the match; after every game `on_game` sees the games finished so far (in the
    /// order they finished, the new one last) with the tally.
    pub fn run(&self, on_game: &mut dyn FnMut(&[GameRecord], &Tally)) -> Summary {
        let next = AtomicUsize::new(0);
        let (tx, rx) = mpsc::channel::<Result<GameRecord, GameFailed>>();
        let workers = self.concurrency.clamp(1, self.games.max(1));
        let mut summary = Summary {
            games: Vec::with_capacity(self.games),
            tally: Tally::default(),
            failed: Vec::new(),
        };
        std::thread::scope(|scope| {
            for _ in 0..workers {
                let tx = tx.clone();
                let next = &next;
                scope.spawn(move || self.worker(next, &tx));
            }
            drop(tx);
            for message in rx {
                match message {
                    Ok(record) => {
                        summary.tally.add(&record);
                        summary.games.push(record);
                        on_game(&summary.games, &summary.tally);
                    }
                    Err(e) => summary.failed.push(e),
                }
            }
        });
        summary.games.sort_by_key(|r| r.index);
        summary
    }

    /// One worker: takes games until none are left.
    fn worker(&self, next: &AtomicUsize, tx: &mpsc::Sender<Result<GameRecord, GameFailed>>) {
        let searcher = |p: &Player| {
            let mut s = Searcher::new(Evaluator::from_config(&p.config), p.config.search.hash_mb);
            s.set_contempt(p.config.search.contempt_cp());
            s
        };
        let mut one = searcher(&self.engine1);
        let mut two = searcher(&self.engine2);
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= self.games {
                return;
            }
            let outcome = std::panic::catch_unwind(AssertUnwindSafe(|| {
                self.play_game(index, &mut one, &mut two)
            }));
            let message = outcome.map_err(|_| GameFailed { game: index + 1 });
            if tx.send(message).is_err() {
                return;
            }
        }
    }

    /// Game `index`, with a fresh start for both searchers.
    fn play_game(&self, index: usize, one: &mut Searcher, two: &mut Searcher) -> GameRecord {
        let (game, start) = match self.openings.get((index / 2) % self.openings.len().max(1)) {
            Some(o) => (o.game(), o.label.clone()),
            None => (crate::game::Game::from_position(Position::startpos()), None),
        };
        // The seed decides what the weak levels overlook: fixed per game, so matches repeat.
        let seed = rng::splitmix64(index as u64);
        for s in [&mut *one, &mut *two] {
            s.clear();
            s.set_seed(seed);
        }
        let engine1_white = index.is_multiple_of(2);
        let side1 = Side {
            searcher: one,
            level: self.engine1.level,
        };
        let side2 = Side {
            searcher: two,
            level: self.engine2.level,
        };
        let (white, black) = if engine1_white {
            (side1, side2)
        } else {
            (side2, side1)
        };
        GameRecord {
            index,
            start,
            engine1_white,
            played: play::play(game, white, black, self.control),
        }
    }

    /// The games as PGN: `Event`, `Date`, `Round`, `White`, `Black`, `Result`, `ECO` and
    /// `Opening` (the opening names'), `Termination` (`normal`, `time forfeit`,
    /// `adjudication`), `TimeControl`, `Start` (a start from a file: its label there) and
    /// `PlyCount`, the opening's moves first in each game's movetext.
    pub fn pgn(&self, games: &[GameRecord]) -> String {
        let (one, two) = self.names();
        let date = crate::util::date::pgn_today();
        let control = match self.control {
            Control::Nodes(_) => "-".to_string(),
            Control::Clock(tc) => tc.pgn_tag(),
        };
        let mut out = String::new();
        for r in games {
            let (white, black) = if r.engine1_white {
                (&one, &two)
            } else {
                (&two, &one)
            };
            let t: Termination = r.played.termination;
            let headers: Vec<(String, String)> = [
                ("Event", Some(EVENT.to_string())),
                ("Date", Some(date.clone())),
                ("Round", Some((r.index + 1).to_string())),
                ("White", Some(white.clone())),
                ("Black", Some(black.clone())),
                ("Result", Some(t.result().to_string())),
                ("Termination", Some(t.pgn_tag().to_string())),
                ("TimeControl", Some(control.clone())),
                ("Start", r.start.clone()),
                ("PlyCount", Some(r.played.game.moves().len().to_string())),
            ]
            .into_iter()
            .filter_map(|(k, v)| Some((k.to_string(), v?)))
            .collect();
            out.push_str(&crate::pgn::write_game(
                &r.played.game,
                &headers,
                Some(t.result()),
            ));
        }
        out
    }
}

#[cfg(test)]
mod failed_tests {
    use super::*;
    use std::error::Error as _;

    #[test]
    fn a_failed_game_is_said_by_its_number() {
        let e = GameFailed { game: 3 };
        assert_eq!(e.to_string(), "game 3: the search failed");
        assert!(e.source().is_none());
    }
}
