//! One match game: two searchers take turns from an opening until the game ends by the
//! rules, on time, or by adjudication.
//!
//! Adjudication keeps hopeless and endless games short, as match tools do:
//! - **resignation**: the loser's own search has scored at most −[`RESIGN_CP`] (or seen
//!   itself mated) for `resign::IN_A_ROW` moves in a row (the game screen's rule), and the
//!   winner's last search agrees (+[`RESIGN_CP`] or a mate);
//! - **length**: after [`MAX_PLIES`] half-moves the game is a draw.

use crate::core::{Color, Move};
use crate::game::{Ending, Game, Outcome};
use crate::level::Level;
use crate::search::resign::{self, Streak};
use crate::search::{Limits, Score, Searcher};
use crate::timecontrol::{BareBase, TimeControl, TimeControlError};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// A side whose search scores this many centipawns against it, move after move, has lost.
pub const RESIGN_CP: i32 = 1000;
/// A game still going after this many half-moves is adjudicated a draw.
pub const MAX_PLIES: usize = 400;

/// How long each side may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// This many nodes a move: the same games on any computer, whatever its load.
    Nodes(u64),
    /// A chess clock per side: its base for the game, plus its increment after each move.
    Clock(TimeControl),
}

impl Control {
    /// Reads a match's time control: units as [`crate::timecontrol`] reads them, on every
    /// number (`10s+0.1s`), since a bare `10+0.1` reads as minutes in the game but seconds
    /// in other match tools.
    pub fn parse_clock(text: &str) -> Result<Control, TimeControlError> {
        TimeControl::parse(text, BareBase::Refused).map(Control::Clock)
    }
}

impl std::fmt::Display for Control {
    /// `3000 nodes/move` or `10 s + 0.1 s a side`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Control::Nodes(n) => write!(f, "{n} nodes/move"),
            Control::Clock(tc) => write!(f, "{tc} a side"),
        }
    }
}

/// How a match game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// Mate, stalemate or a draw rule.
    Board(Outcome),
    /// `loser`'s flag fell (a draw instead if the other side has no mating material).
    Time {
        loser: Color,
    },
    TimeButNoMate {
        flagged: Color,
    },
    /// Adjudicated lost for `loser` (see the module docs).
    Resigned {
        loser: Color,
    },
    /// Adjudicated a draw after [`MAX_PLIES`] half-moves.
    Length,
}

impl Termination {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(self) -> &'static str {
        match self {
            Termination::Board(o) => o.result(),
            Termination::Time { loser } | Termination::Resigned { loser } => match loser {
                Color::White => "0-1",
                Color::Black => "1-0",
            },
            Termination::TimeButNoMate { .. } | Termination::Length => "1/2-1/2",
        }
    }

    /// The winner, or `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self.result() {
            "1-0" => Some(Color::White),
            "0-1" => Some(Color::Black),
            _ => None,
        }
    }

    /// The reason, as the match report counts them (no colours).
    pub fn reason(self) -> &'static str {
        match self {
            Termination::Board(Outcome::Checkmate { .. }) => "checkmate",
            Termination::Board(Outcome::Stalemate) => "stalemate",
            Termination::Board(Outcome::ThreefoldRepetition) => "repetition",
            Termination::Board(Outcome::FiftyMoves) => "fifty moves",
            Termination::Board(Outcome::InsufficientMaterial) => "insufficient material",
            Termination::Time { .. } => "time forfeit",
            Termination::TimeButNoMate { .. } => "time, no mating material",
            Termination::Resigned { .. } => "adjudicated: resign",
            Termination::Length => "adjudicated: length",
        }
    }

    /// The PGN `Termination` tag: `normal`, `time forfeit` or `adjudication`.
    pub fn pgn_tag(self) -> &'static str {
        match self {
            Termination::Board(_) => "normal",
            Termination::Time { .. } | Termination::TimeButNoMate { .. } => "time forfeit",
            Termination::Resigned { .. } | Termination::Length => "adjudication",
        }
    }
}

impl std::fmt::Display for Termination {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Termination::Board(o) => o.fmt(f),
            Termination::Time { loser } => Ending::Time { loser: *loser }.fmt(f),
            Termination::TimeButNoMate { flagged } => {
                Ending::TimeButNoMate { flagged: *flagged }.fmt(f)
            }
            Termination::Resigned { loser } => write!(
                f,
                "{loser} resigns (adjudicated: {} searches at -{} or worse)",
                resign::IN_A_ROW,
                RESIGN_CP / 100
            ),
            Termination::Length => write!(f, "Draw adjudicated after {MAX_PLIES} half-moves"),
        }
    }
}

/// One side of a game: its searcher and the level it plays at.
pub struct Side<'a> {
    pub searcher: &'a mut Searcher,
    pub level: Level,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct Played {
    pub game: Game,
    pub termination: Termination,
}

/// Plays `game` (an opening, set up) to its end: `white` and `black` search in turn
/// within `control`.
pub fn play(mut game: Game, white: Side, black: Side, control: Control) -> Played {
    let mut sides = [white, black];
    let mut clocks = match control {
        Control::Clock(tc) => [tc.base; 2],
        Control::Nodes(_) => [Duration::ZERO; 2],
    };
    // Per side: consecutive searches that saw it lost, and its last score.
    let mut hopeless = [Streak::default(); 2];
    let mut last = [Score::Cp(0); 2];
    let never = AtomicBool::new(false);
    let termination = loop {
        if let Some(outcome) = game.outcome() {
            break Termination::Board(outcome);
        }
        if game.moves().len() >= MAX_PLIES {
            break Termination::Length;
        }
        let turn = game.position().turn();
        let me = turn.index();
        let limits = match control {
            Control::Nodes(n) => Limits {
                nodes: Some(n),
                ..Limits::default()
            },
            Control::Clock(tc) => Limits {
                wtime: Some(clocks[Color::White.index()]),
                btime: Some(clocks[Color::Black.index()]),
                winc: Some(tc.inc),
                binc: Some(tc.inc),
                ..Limits::default()
            },
        };
        let side = &mut sides[me];
        let started = Instant::now();
        let result = side
            .searcher
            .think(&game, side.level, &limits, &never, &mut |_| {});
        if let Control::Clock(tc) = control {
            let used = started.elapsed();
            if used >= clocks[me] {
                break match Ending::flag_fall(game.position(), turn) {
                    Ending::TimeButNoMate { .. } => Termination::TimeButNoMate { flagged: turn },
                    _ => Termination::Time { loser: turn },
                };
            }
            clocks[me] = clocks[me] - used + tc.inc;
        }
        last[me] = result.score;
        let other = (!turn).index();
        if hopeless[me].after_search(result.score, RESIGN_CP)
            && resign::winning(last[other], RESIGN_CP)
        {
            break Termination::Resigned { loser: turn };
        }
        let legal = game.position().legal_moves();
        let mv: Move = match result.best.filter(|m| legal.contains(*m)) {
            Some(m) => m,
            // The search always answers a legal move; should it not, the first one stands.
            None => legal[0],
        };
        let _ = game.play(mv);
    };
    Played { game, termination }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Position;
    use crate::eval::Evaluator;

    /// A clock of one nanosecond falls during the first search, whatever the machine.
    const NO_TIME: Duration = Duration::from_nanos(1);

    fn flag_first(fen: &str) -> Termination {
        let game = Game::from_position(Position::from_fen(fen).unwrap());
        let (mut w, mut b) = (
            Searcher::new(Evaluator::default(), 1),
            Searcher::new(Evaluator::default(), 1),
        );
        let side = |s| Side {
            searcher: s,
            level: Level::Modern(1),
        };
        let control = Control::Clock(TimeControl {
            base: NO_TIME,
            inc: Duration::ZERO,
        });
        play(game, side(&mut w), side(&mut b), control).termination
    }

    #[test]
    fn a_falling_flag_loses_unless_the_other_side_cannot_mate() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let t = flag_first(start);
        assert_eq!(
            t,
            Termination::Time {
                loser: Color::White
            }
        );
        assert_eq!((t.result(), t.pgn_tag()), ("0-1", "time forfeit"));
        let bare_king = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
        let t = flag_first(bare_king);
        assert_eq!(
            t,
            Termination::TimeButNoMate {
                flagged: Color::White
            }
        );
        assert_eq!(t.result(), "1/2-1/2");
    }

    #[test]
    fn clocks_parse() {
        let clock = |base, inc| Ok(Control::Clock(TimeControl { base, inc }));
        let (five, fifty_ms) = (Duration::from_secs(5), Duration::from_millis(50));
        assert!(
            Control::parse_clock("5+0.05").is_err(),
            "a bare form is refused"
        );
        assert_eq!(Control::parse_clock("5s+50ms"), clock(five, fifty_ms));
        assert_eq!(
            Control::parse_clock("5m+3s"),
            clock(Duration::from_secs(300), Duration::from_secs(3))
        );
        assert!(Control::parse_clock("0+1").is_err());
        assert!(Control::parse_clock("-1").is_err());
        assert!(Control::parse_clock("1e9").is_err());
    }
}
