//! A game in progress: the starting position, the moves played, and the ways a game ends.
//!
//! The positions after each move are kept, so taking a move back is just forgetting the last
//! one, and "has this position occurred three times?" is a look back through the keys
//! since the last capture or pawn move (positions before it can never come back).

// Every public item here has a doc comment: a new one without is a warning (an error in CI).
#![warn(missing_docs)]

use crate::core::{Color, Move, MoveError, Position, notation};
use std::fmt;

/// Why a game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move is checkmated: in check, with no legal move.
    Checkmate {
        /// The side that gave the mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Fifty moves by each side without a capture or a pawn move.
    FiftyMoves,
    /// The same position (same side to move, rights and en-passant chance) for the third time.
    ThreefoldRepetition,
    /// Neither side can possibly mate.
    InsufficientMaterial,
}

impl Outcome {
    /// The winner, or `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner } => Some(winner),
            _ => None,
        }
    }

    /// The PGN result token: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(self) -> &'static str {
        match self.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Checkmate { winner } => write!(f, "Checkmate! {winner} wins"),
            Outcome::Stalemate => f.write_str("Stalemate: draw"),
            Outcome::FiftyMoves => f.write_str("Draw by the fifty-move rule"),
            Outcome::ThreefoldRepetition => f.write_str("Draw by threefold repetition"),
            Outcome::InsufficientMaterial => f.write_str("Draw: insufficient material"),
        }
    }
}

/// A game: a start position and the legal moves played from it. Only legal moves get in,
/// any move can be taken back, and the game knows when it is over: checkmate, stalemate
/// or one of the draw rules.
///
/// ```
/// use huo_chess::{Color, Game, Outcome};
///
/// let mut game = Game::new();
/// // Moves in any notation: SAN (`f3`), UCI (`e7e5`), Huo coordinates (`g2-g4`).
/// for text in ["f3", "e7e5", "g2-g4"] {
///     game.play_text(text).unwrap();
/// }
/// // An illegal move is refused and changes nothing.
/// assert!(game.play_text("e5e3").is_err());
/// assert_eq!(game.moves().len(), 3);
/// assert_eq!(game.outcome(), None);
///
/// // The fool's mate: the fastest checkmate there is.
/// game.play_text("Qh4").unwrap();
/// assert_eq!(game.outcome(), Some(Outcome::Checkmate { winner: Color::Black }));
/// assert_eq!(game.movetext(), "1. f3 e5 2. g4 Qh4#");
///
/// // Taken back, the game goes on.
/// assert_eq!(game.undo().map(|m| m.uci()), Some("d8h4".to_string()));
/// assert_eq!(game.outcome(), None);
/// assert_eq!(game.position().turn(), Color::Black);
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    /// `positions[0]` is the start; `positions[i + 1]` follows `moves[i]`.
    positions: Vec<Position>,
    moves: Vec<Move>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

impl Game {
    /// A game from the usual starting position.
    pub fn new() -> Game {
        Game::from_position(Position::startpos())
    }

    /// A game from any position (for example one read from a FEN).
    pub fn from_position(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .expect("a game always has its start position")
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position of the game, the start first and the current one last.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// Plays a move if it is legal here; an illegal move changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        if !self.position().is_legal(mv) {
            return Err(MoveError::Illegal {
                text: mv.uci(),
                reason: "not a legal move in this position".to_string(),
            });
        }
        let next = self.position().after(mv);
        self.positions.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// Reads a move in any notation (Huo `c2c4`, UCI, SAN) and plays it.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = notation::parse_move(self.position(), text)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Takes the last move back; `None` at the start of the game.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        Some(mv)
    }

    /// How many times the current position has occurred in this game (1 the first time).
    /// The same position means the same pieces on the same squares, the same side to move,
    /// and the same castling and en-passant chances.
    ///
    /// ```
    /// use huo_chess::{Game, Outcome};
    ///
    /// // Both knights out and back, twice: the start position comes round a third time.
    /// let mut game = Game::new();
    /// for text in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
    ///     game.play_text(text).unwrap();
    /// }
    /// // Black's knight out, Black to move: seen after move 2 too.
    /// assert_eq!(game.repetitions(), 2);
    /// game.play_text("Ng8").unwrap();
    /// assert_eq!(game.repetitions(), 3);
    /// assert_eq!(game.outcome(), Some(Outcome::ThreefoldRepetition));
    /// ```
    pub fn repetitions(&self) -> usize {
        self.repetitions_at(self.positions.len() - 1)
    }

    /// How many times position `index` of the game (0: the start) had occurred when it
    /// was reached, itself included.
    pub fn repetitions_at(&self, index: usize) -> usize {
        let current = &self.positions[index];
        let reversible = current.halfmove_clock() as usize;
        self.positions[..=index]
            .iter()
            .rev()
            .take(reversible + 1)
            .step_by(2)
            .filter(|p| p.key() == current.key())
            .count()
    }

    /// The way the game has ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        if !pos.has_legal_moves() {
            return Some(if pos.in_check() {
                Outcome::Checkmate {
                    winner: !pos.turn(),
                }
            } else {
                Outcome::Stalemate
            });
        }
        if pos.is_insufficient_material() {
            Some(Outcome::InsufficientMaterial)
        } else if pos.halfmove_clock() >= 100 {
            Some(Outcome::FiftyMoves)
        } else if self.repetitions() >= 3 {
            Some(Outcome::ThreefoldRepetition)
        } else {
            None
        }
    }

    /// The moves in SAN, each written in the position it was played from.
    pub fn san_moves(&self) -> Vec<String> {
        self.moves
            .iter()
            .zip(&self.positions)
            .map(|(&mv, pos)| notation::san(pos, mv))
            .collect()
    }

    /// The move list as in a score sheet: `1. e4 e5 2. Nf3 Nc6`.
    pub fn movetext(&self) -> String {
        notation::san_movetext(self.start(), &self.moves).join(" ")
    }
}

impl Game {
    /// The pieces each side has taken in this game, White's captures first (so
    /// `captures()[0]` holds black pieces). Read from the moves played, not from what is
    /// missing on the board: a game set up from a FEN has taken nothing yet, and a
    /// promotion takes nothing either (the pawn that promoted is not "captured").
    pub fn captures(&self) -> [Vec<crate::core::Role>; 2] {
        let mut taken: [Vec<crate::core::Role>; 2] = [Vec::new(), Vec::new()];
        for (pos, &mv) in self.positions.iter().zip(&self.moves) {
            let mover = pos.turn();
            let victim = match pos.piece_on(mv.to()) {
                Some(p) if p.color != mover => Some(p.role),
                // A pawn moving diagonally to the en-passant square takes a pawn.
                _ if pos.ep_square() == Some(mv.to())
                    && pos
                        .piece_on(mv.from())
                        .is_some_and(|p| p.role == crate::core::Role::Pawn) =>
                {
                    Some(crate::core::Role::Pawn)
                }
                _ => None,
            };
            if let Some(role) = victim {
                taken[mover.index()].push(role);
            }
        }
        taken
    }
}

/// How a game ended: by the rules of the board ([`Outcome`]) or by the players (a
/// resignation, a flag falling, a draw agreed), or as a result read from a saved game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Checkmate, stalemate and the draw rules.
    Board(Outcome),
    /// `loser` resigned (the engine says "I resign!").
    Resigned {
        /// The side that gave up.
        loser: Color,
    },
    /// `loser`'s time ran out while the other side could still mate.
    Time {
        /// The side whose flag fell.
        loser: Color,
    },
    /// `flagged`'s time ran out, but the other side has no mating material: a draw.
    TimeButNoMate {
        /// The side whose flag fell.
        flagged: Color,
    },
    /// Both sides agreed to a draw.
    Agreed,
    /// A result recorded in a loaded game (`1-0`, `0-1`, `1/2-1/2`).
    Recorded(&'static str),
}

impl Ending {
    /// `flagged` ran out of time in `pos`: a loss, unless the other side has no mating
    /// material (a bare king, or king and one minor piece), then a draw.
    pub fn flag_fall(pos: &Position, flagged: Color) -> Ending {
        use crate::core::Role;
        let other = !flagged;
        let minors =
            pos.pieces(other, Role::Knight).count() + pos.pieces(other, Role::Bishop).count();
        let others = pos.by_color(other).count() - 1;
        if others == 0 || (others == 1 && minors == 1) {
            Ending::TimeButNoMate { flagged }
        } else {
            Ending::Time { loser: flagged }
        }
    }

    /// The result token a recorded `result` stands for, if it is one.
    pub fn recorded(result: &str) -> Option<Ending> {
        match result.trim() {
            "1-0" => Some(Ending::Recorded("1-0")),
            "0-1" => Some(Ending::Recorded("0-1")),
            "1/2-1/2" => Some(Ending::Recorded("1/2-1/2")),
            _ => None,
        }
    }

    /// The PGN result token.
    pub fn result(&self) -> &'static str {
        let wins = |c: Color| if c == Color::White { "1-0" } else { "0-1" };
        match self {
            Ending::Board(o) => o.result(),
            Ending::Resigned { loser } | Ending::Time { loser } => wins(!*loser),
            Ending::TimeButNoMate { .. } | Ending::Agreed => "1/2-1/2",
            Ending::Recorded(r) => r,
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Board(o) => o.fmt(f),
            Ending::Resigned { loser } => write!(f, "{loser} resigned"),
            Ending::Time { loser } => write!(f, "{loser} loses on time"),
            Ending::TimeButNoMate { flagged } => write!(
                f,
                "{flagged} runs out of time, but {} cannot mate: draw",
                !*flagged
            ),
            Ending::Agreed => f.write_str("Draw agreed"),
            Ending::Recorded(r) => write!(f, "Game ended {r}"),
        }
    }
}
