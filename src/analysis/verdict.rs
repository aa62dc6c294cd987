//! The verdict on a move: what the engine's searches say it was worth, and how bad a move
//! it was.
//!
//! [`Eval`] is an evaluation from White's side (centipawns or a forced mate), put on
//! lichess's *winning chances* scale to judge; [`PositionEval`] is what the engine says
//! about one position and the move played there; [`review_move`] weighs the move played
//! against the engine's best by the chances it gave away, and [`Thresholds`] turn that loss
//! into a [`Judgement`] (`?!`, `?`, `??`); [`GameAnalysis`] is a whole game judged, with
//! each player's [`accuracy`]. Nothing here searches: the searches come from
//! `analyser.rs`.

use crate::book::Book;
use crate::config::AnalysisConfig;
use crate::core::{Color, Move, Position, san};
use crate::game::Game;
use crate::search::{Score, SearchResult};
use crate::tactics::{Kind, Lines, Reason};
use std::fmt;

/// What a forced mate is worth on the scale of [`Eval::value`]: far beyond any material.
pub const MATE_VALUE: i32 = 100_000;

pub use crate::eval::chances::{LOGISTIC_K, winning_chances};

/// The expected score (0 to 1: a win counts 1, a draw one half) of a side that stands
/// `cp` centipawns better: the winning chances moved onto 0 to 1, `(1 + wc) / 2`
/// (lichess calls it "win%" when shown in percent).
pub fn expected_score(cp: i32) -> f64 {
    (1.0 + winning_chances(cp)) / 2.0
}

/// An evaluation from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// Centipawns; above 0 White stands better.
    Cp(i32),
    /// A forced mate: `winner` mates in `moves` of its own moves (0: the side to move is
    /// already checkmated).
    Mate { winner: Color, moves: u32 },
}

impl Eval {
    /// A search score (from the side to move, `turn`) seen from White's side.
    pub fn from_score(score: Score, turn: Color) -> Eval {
        match score {
            Score::Cp(cp) if turn == Color::White => Eval::Cp(cp),
            Score::Cp(cp) => Eval::Cp(-cp),
            Score::Mate(n) if n > 0 => Eval::Mate {
                winner: turn,
                moves: n as u32,
            },
            // Mate(0) is the side to move already mated.
            Score::Mate(n) => Eval::Mate {
                winner: !turn,
                moves: n.unsigned_abs(),
            },
        }
    }

    /// The evaluation as a search score from `side`'s point of view.
    pub fn score(self, side: Color) -> Score {
        match self {
            Eval::Cp(cp) if side == Color::White => Score::Cp(cp),
            Eval::Cp(cp) => Score::Cp(-cp),
            Eval::Mate { winner, moves } if winner == side => Score::Mate(moves as i32),
            Eval::Mate { moves, .. } => Score::Mate(-(moves as i32)),
        }
    }

    /// A number to compare and subtract, from `side`'s point of view: centipawns, and a
    /// forced mate ±[`MATE_VALUE`] (less the moves it takes: a quicker mate is better).
    pub fn value(self, side: Color) -> i32 {
        match self {
            Eval::Cp(cp) if side == Color::White => cp,
            Eval::Cp(cp) => -cp,
            Eval::Mate { winner, moves } => {
                let v = MATE_VALUE - moves.min(1000) as i32;
                if winner == side { v } else { -v }
            }
        }
    }

    /// `side`'s expected score ([`expected_score`]): a forced mate is a certain result,
    /// 1 for the side that mates and 0 for the other, however long it takes.
    pub fn expected(self, side: Color) -> f64 {
        match self {
            Eval::Cp(_) => expected_score(self.value(side)),
            Eval::Mate { winner, .. } if winner == side => 1.0,
            Eval::Mate { .. } => 0.0,
        }
    }

    /// A search's score for a move of `mover` (this evaluation, counted from the position
    /// before the move), seen from the position after it: a mate of the mover's comes
    /// one of its moves nearer (a mate in 1 is then the other side mated, `#0`).
    pub fn after_move(self, mover: Color) -> Eval {
        match self {
            Eval::Mate { winner, moves } if winner == mover => Eval::Mate {
                winner,
                moves: moves.saturating_sub(1),
            },
            other => other,
        }
    }

    /// The centipawn evaluation at which `side` has winning chances `wc` (−1 to 1, held
    /// within ±0.999): the inverse of [`Eval::chances`] for scores that are not mates.
    pub fn from_chances(wc: f64, side: Color) -> Eval {
        let wc = wc.clamp(-0.999, 0.999);
        let cp = (((1.0 + wc) / (1.0 - wc)).ln() / LOGISTIC_K).round() as i32;
        Eval::Cp(if side == Color::White { cp } else { -cp })
    }

    /// `side`'s winning chances ([`winning_chances`]), −1 to 1: a forced mate is ±1.
    pub fn chances(self, side: Color) -> f64 {
        2.0 * self.expected(side) - 1.0
    }

    /// White's centipawns held within ±`cap` (a mate is ±`cap`): for graphs.
    pub fn clamped(self, cap: i32) -> i32 {
        self.value(Color::White).clamp(-cap, cap)
    }

    /// Is it a forced mate?
    pub fn is_mate(self) -> bool {
        matches!(self, Eval::Mate { .. })
    }
}

impl fmt::Display for Eval {
    /// As PGN's `[%eval]` writes it: pawns with two decimals from White's side (`0.35`,
    /// `-1.20`), or a mate in moves, `#3` for White and `#-2` for Black (`#0`: the side to
    /// move is mated).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Eval::Cp(cp) => {
                let sign = if cp < 0 { "-" } else { "" };
                let a = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", a / 100, a % 100)
            }
            Eval::Mate { moves: 0, .. } => f.write_str("#0"),
            Eval::Mate {
                winner: Color::White,
                moves,
            } => write!(f, "#{moves}"),
            Eval::Mate { moves, .. } => write!(f, "#-{moves}"),
        }
    }
}

/// What the engine says about one position, and about the move the game played there.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionEval {
    /// The evaluation with the engine's best move.
    pub eval: Eval,
    /// The engine's move (`None` when the game is over here).
    pub best: Option<Move>,
    /// The principal variation: `best` first, every move legal in turn.
    pub pv: Vec<Move>,
    /// Search depth reached (0: not searched, the game is over).
    pub depth: u32,
    pub nodes: u64,
    /// The score of the move the game played from here, from a search of this position
    /// at the same depth, counted from here like `eval` (`eval` itself when the engine's
    /// move was played; `None` at the game's last position, or until that search is
    /// done).
    pub played: Option<Eval>,
}

impl PositionEval {
    /// From a finished search of `pos` and the principal variation of its last
    /// iteration (`pv` may be empty or stale: it is used only if it starts with the
    /// search's move, and only as far as its moves are legal). The played move's score
    /// is not known yet.
    pub fn from_search(pos: &Position, result: &SearchResult, pv: &[Move]) -> PositionEval {
        let mut line: Vec<Move> = match result.best {
            Some(best) if pv.first() == Some(&best) => pv.to_vec(),
            Some(best) => [Some(best), result.ponder].into_iter().flatten().collect(),
            None => Vec::new(),
        };
        let mut p = *pos;
        let legal = line
            .iter()
            .take_while(|&&mv| {
                let ok = p.is_legal(mv);
                if ok {
                    p = p.after(mv);
                }
                ok
            })
            .count();
        line.truncate(legal);
        PositionEval {
            eval: Eval::from_score(result.score, pos.turn()),
            best: line.first().copied(),
            pv: line,
            depth: result.depth,
            nodes: result.nodes,
            played: None,
        }
    }

    /// A position without a legal move needs no search: checkmate or stalemate.
    pub fn terminal(pos: &Position) -> Option<PositionEval> {
        if pos.has_legal_moves() {
            return None;
        }
        let eval = if pos.in_check() {
            Eval::Mate {
                winner: !pos.turn(),
                moves: 0,
            }
        } else {
            Eval::Cp(0)
        };
        Some(PositionEval {
            eval,
            best: None,
            pv: Vec::new(),
            depth: 0,
            nodes: 0,
            played: None,
        })
    }
}

/// How many of `game`'s moves, from its start, are known opening theory: each one a
/// move the built-in opening book plays in the position before it (a weight above 0).
/// The first move out of the book ends the theory, whatever follows.
pub fn theory_moves(game: &Game) -> usize {
    let book = Book::embedded();
    let positions = game.positions();
    game.moves()
        .iter()
        .enumerate()
        .take_while(|&(i, &mv)| {
            book.lookup(&positions[i])
                .is_some_and(|e| e.moves.iter().any(|b| b.mv == mv && b.weight > 0))
        })
        .count()
}

/// The move played, judged twice: by its own search from the position before it (`played`)
/// and by the search of the position after it (`next`, the opponent to move), each to the
/// analysis depth. One search alone can miss or imagine a tactic at its horizon; where the
/// two disagree, the move's score is their mean on the winning-chances scale. A mate found
/// by either is kept as the restricted search found it (a mate has no mean with a score).
fn second_opinion(
    before: &PositionEval,
    next: Option<&PositionEval>,
    mover: Color,
) -> PositionEval {
    let mut e = before.clone();
    if let (
        Some(played @ Eval::Cp(_)),
        Some(PositionEval {
            eval: after @ Eval::Cp(_),
            ..
        }),
    ) = (before.played, next)
    {
        let mean = (played.chances(mover) + after.chances(mover)) / 2.0;
        e.played = Some(Eval::from_chances(mean, mover));
    }
    e
}

/// Winning chances at which a game counts as won: a move between two positions won by this
/// much, each by its own search, is not marked.
pub const STILL_WON: f64 = 0.9;

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Judgement {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Judgement {
    /// The annotation symbol: `?!`, `?` or `??`.
    pub fn symbol(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }

    /// The PGN Numeric Annotation Glyph: `$6` dubious, `$2` poor, `$4` very poor.
    pub fn nag(self) -> u8 {
        match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }

    /// The word: "inaccuracy", "mistake", "blunder".
    pub fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }
}

impl fmt::Display for Judgement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// How much of the mover's winning chances (−1 to 1, [`winning_chances`]) a move may give
/// away before it is an inaccuracy, a mistake, a blunder.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thresholds {
    pub inaccuracy: f64,
    pub mistake: f64,
    pub blunder: f64,
}

impl Default for Thresholds {
    /// lichess's: 0.1, 0.2 and 0.3 of the winning chances (the shipped configuration).
    fn default() -> Self {
        Thresholds {
            inaccuracy: 0.1,
            mistake: 0.2,
            blunder: 0.3,
        }
    }
}

impl Thresholds {
    /// The `[analysis]` section's thresholds.
    pub fn from_config(config: &AnalysisConfig) -> Thresholds {
        Thresholds {
            inaccuracy: config.inaccuracy_chances,
            mistake: config.mistake_chances,
            blunder: config.blunder_chances,
        }
    }

    /// The judgement on a move that gave away `loss` of its expected score (the worst
    /// threshold reached).
    pub fn classify(&self, loss: f64) -> Option<Judgement> {
        if loss >= self.blunder {
            Some(Judgement::Blunder)
        } else if loss >= self.mistake {
            Some(Judgement::Mistake)
        } else if loss >= self.inaccuracy {
            Some(Judgement::Inaccuracy)
        } else {
            None
        }
    }
}

/// The verdict on one move of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// Index of the move in the game (0: the first move).
    pub ply: usize,
    pub mv: Move,
    /// The move in SAN.
    pub san: String,
    pub mover: Color,
    /// From the one search of the position before the move, White's side, each seen from
    /// the position after its move ([`Eval::after_move`]): the evaluation after the
    /// engine's best move, and after the move played (the one shown after the move).
    pub before: Eval,
    pub after: Eval,
    /// The engine's move and line in the position before the move.
    pub best: Option<Move>,
    pub pv: Vec<Move>,
    /// Winning chances the move gave away, 0 to 2, from the mover's side (0 when it was
    /// the engine's move or did no worse).
    pub loss: f64,
    /// Known opening theory ([`theory_moves`]): never judged.
    pub theory: bool,
    pub judgement: Option<Judgement>,
    /// Why a mistake or a blunder is one, in words the engine's lines bear out
    /// ([`crate::tactics::explain`]): `hangs the knight on f6 (Bxf6)`.
    pub reason: Option<Reason>,
}

/// Where a game is heading for one side, by its winning chances: won, level or lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Won,
    Level,
    Lost,
}

/// Winning chances (−1 to 1) from which a game counts as won (and below minus which as
/// lost): 0.25, about a pawn and a half up in a level position.
pub const OUTCOME_LINE: f64 = 0.25;

impl Outcome {
    /// Where `eval` leaves the game for `side`.
    pub fn of(eval: Eval, side: Color) -> Outcome {
        match eval.chances(side) {
            c if c >= OUTCOME_LINE => Outcome::Won,
            c if c <= -OUTCOME_LINE => Outcome::Lost,
            _ => Outcome::Level,
        }
    }
}

impl MoveReview {
    /// Does the move change where the game is heading for its mover (won to level, level
    /// to lost, ...)? The engine's move would have kept it at [`MoveReview::before`].
    pub fn changes_outcome(&self) -> bool {
        Outcome::of(self.before, self.mover) != Outcome::of(self.after, self.mover)
    }

    /// Did the mover play the engine's move?
    pub fn is_best(&self) -> bool {
        self.best == Some(self.mv)
    }

    /// What the move cost, in words: the mover's expected score with the engine's move
    /// and after the move played (`expected score 55% → 31%`), or `allows mate`.
    pub fn cost(&self) -> String {
        let (before, after) = (
            self.before.expected(self.mover),
            self.after.expected(self.mover),
        );
        let mates = |e: Eval, side| matches!(e, Eval::Mate { winner, .. } if winner == side);
        let missed = if mates(self.before, self.mover) && !mates(self.after, self.mover) {
            "misses a mate, "
        } else {
            ""
        };
        if mates(self.after, !self.mover) && !mates(self.before, !self.mover) {
            "allows mate".into()
        } else {
            format!(
                "{missed}expected score {:.0}% → {:.0}%",
                before * 100.0,
                after * 100.0
            )
        }
    }
}

/// Judges `mv`, played in `pos`, from the engine's search of `pos` (`before`, whose
/// `played` is the move's own score; a move not scored yet counts as the engine's
/// evaluation). `theory`: the move is known opening theory, never judged.
pub fn review_move(
    ply: usize,
    pos: &Position,
    mv: Move,
    before: &PositionEval,
    theory: bool,
    thresholds: &Thresholds,
) -> MoveReview {
    let mover = pos.turn();
    let played = match before.played {
        Some(e) if before.best != Some(mv) => e,
        _ => before.eval,
    };
    let loss = (before.eval.chances(mover) - played.chances(mover)).max(0.0);
    MoveReview {
        ply,
        mv,
        san: san(pos, mv),
        mover,
        before: before.eval.after_move(mover),
        after: played.after_move(mover),
        best: before.best,
        pv: before.pv.clone(),
        loss,
        theory,
        judgement: if theory {
            None
        } else {
            thresholds.classify(loss)
        },
        reason: None,
    }
}

/// Why `review`'s move is bad, from the engine's lines: its best line in the position
/// before the move (`before`) and its line in the position after it (`after`, the
/// opponent's best answer first).
fn reason_for(
    pos: &Position,
    review: &MoveReview,
    before: &PositionEval,
    after: &PositionEval,
) -> Reason {
    let mover = review.mover;
    crate::tactics::explain(&Lines {
        before: pos,
        played: review.mv,
        best: &before.pv,
        reply: &after.pv,
        after_score: after.eval.score(mover),
        best_score: before.eval.score(mover),
    })
}

/// A whole game analysed: the engine on every position, the verdict on every move.
#[derive(Clone, Debug, PartialEq)]
pub struct GameAnalysis {
    /// One per position of the game: `positions[0]` is the start, `positions[i + 1]`
    /// follows move `i`.
    pub positions: Vec<PositionEval>,
    /// One per move.
    pub moves: Vec<MoveReview>,
    /// What the moves were judged by.
    pub thresholds: Thresholds,
    /// Who analysed and how (`Huo Chess 0.1.0 (depth 12, 1 thread, hash 32 MB)`), when
    /// known.
    pub annotator: Option<String>,
}

impl GameAnalysis {
    /// Judges every move of `game` from the engine's view of the position before it
    /// (`evals` holds one per position, as [`Game::positions`] lists them; a move is
    /// judged once its position's `played` score is in, or the engine's move was played).
    /// Moves of known opening theory are not judged.
    pub fn from_evals(game: &Game, evals: Vec<PositionEval>, thresholds: &Thresholds) -> Self {
        let positions = game.positions();
        let theory = theory_moves(game);
        let moves = game
            .moves()
            .iter()
            .enumerate()
            .map_while(|(i, &mv)| {
                let e = evals.get(i)?;
                (e.played.is_some() || e.best == Some(mv)).then(|| {
                    // A draw by rule after the move is a fact the search of the position
                    // alone (without the game's history) does not know.
                    let drawn =
                        game.repetitions_at(i + 1) >= 3 || positions[i + 1].halfmove_clock() >= 100;
                    let next = evals.get(i + 1).filter(|_| !drawn);
                    let e = &second_opinion(e, next, positions[i].turn());
                    let mut review = review_move(i, &positions[i], mv, e, i < theory, thresholds);
                    // Won before the move and still won after it, each by its own search:
                    // the game stays won, whatever one search thought of the move.
                    let won = |e: &PositionEval| e.eval.chances(review.mover) >= STILL_WON;
                    if won(e) && evals.get(i + 1).is_some_and(won) {
                        review.judgement = None;
                    }
                    if review.judgement >= Some(Judgement::Mistake)
                        && let Some(after) = evals.get(i + 1)
                    {
                        let reason = reason_for(&positions[i], &review, &evals[i], after);
                        review.reason = (reason.kind != Kind::Unexplained).then_some(reason);
                    }
                    review
                })
            })
            .collect();
        GameAnalysis {
            positions: evals,
            moves,
            thresholds: *thresholds,
            annotator: None,
        }
    }

    /// Each player's accuracy, 0 to 100 (`[White, Black]`; `None` for a side with no
    /// judged move), by lichess's formula ([`accuracy`]).
    pub fn accuracy(&self) -> [Option<f64>; 2] {
        let start = self.positions.first().map_or(Eval::Cp(0), |p| p.eval);
        accuracy(start, &self.moves)
    }

    /// How many moves of `side` were judged `judgement`.
    pub fn count(&self, side: Color, judgement: Judgement) -> usize {
        self.moves
            .iter()
            .filter(|m| m.mover == side && m.judgement == Some(judgement))
            .count()
    }
}

/// lichess's win% of White (0 to 100) for an evaluation: the winning chances moved onto 0
/// to 100, the evaluation held within ten pawns first (so a mate counts as ten pawns, as
/// lichess counts it for accuracy).
fn win_percent(eval: Eval) -> f64 {
    let cp = eval.value(Color::White).clamp(-1000, 1000);
    50.0 + 50.0 * winning_chances(cp)
}

/// The accuracy of one move, 0 to 100, from the mover's win% with the best move and with
/// the move played (lichess's curve, fitted to how often players of each strength lose
/// that much; the last 1 is lichess's allowance for an engine that is not perfect). A move
/// that loses nothing is 100.
pub fn move_accuracy(win_before: f64, win_after: f64) -> f64 {
    if win_after >= win_before {
        return 100.0;
    }
    let raw = 103.1668 * (-0.04354 * (win_before - win_after)).exp() - 3.1669 + 1.0;
    raw.clamp(0.0, 100.0)
}

/// Each player's accuracy in a game (`[White, Black]`), lichess's way: every move's
/// [`move_accuracy`] (theory counts 100: known moves cost nothing), then per player the
/// mean of two means: one weighted by how wild the game was around the move (the standard
/// deviation of White's win% over a window of positions, held within 0.5 to 12, the window
/// a tenth of the game, 2 to 8 positions), so errors in sharp play count more; and the
/// harmonic mean, so a few blunders are not hidden by many easy moves. `start` is the
/// evaluation of the first position.
pub fn accuracy(start: Eval, moves: &[MoveReview]) -> [Option<f64>; 2] {
    // White's win% at each position: the start, then after each move played.
    let wins: Vec<f64> = std::iter::once(win_percent(start))
        .chain(moves.iter().map(|m| win_percent(m.after)))
        .collect();
    let size = (moves.len() / 10).clamp(2, 8);
    let window = |from: usize| {
        let w = &wins[from.min(wins.len() - 1)..(from + size).min(wins.len())];
        let mean = w.iter().sum::<f64>() / w.len() as f64;
        let variance = w.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / w.len() as f64;
        variance.sqrt().clamp(0.5, 12.0)
    };
    // The first moves share the first window; then it slides along with the game.
    let weights: Vec<f64> = (0..moves.len())
        .map(|i| window((i + 2).saturating_sub(size)))
        .collect();
    [Color::White, Color::Black].map(|side| {
        let mine: Vec<(f64, f64)> = moves
            .iter()
            .zip(&weights)
            .filter(|(m, _)| m.mover == side)
            .map(|(m, &weight)| {
                let acc = if m.theory {
                    100.0
                } else {
                    let win = |e: Eval| {
                        let w = win_percent(e);
                        if side == Color::White { w } else { 100.0 - w }
                    };
                    move_accuracy(win(m.before), win(m.after))
                };
                (acc, weight)
            })
            .collect();
        if mine.is_empty() {
            return None;
        }
        let weighted =
            mine.iter().map(|(a, w)| a * w).sum::<f64>() / mine.iter().map(|(_, w)| w).sum::<f64>();
        // A move of accuracy 0 makes the harmonic mean 0 (1/0 is infinite), as it should.
        let harmonic = mine.len() as f64 / mine.iter().map(|(a, _)| 1.0 / a).sum::<f64>();
        Some((weighted + harmonic) / 2.0)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evals_are_written_as_pgn_has_them() {
        assert_eq!(Eval::Cp(35).to_string(), "0.35");
        assert_eq!(Eval::Cp(-120).to_string(), "-1.20");
        assert_eq!(Eval::Cp(-5).to_string(), "-0.05");
        assert_eq!(Eval::Cp(0).to_string(), "0.00");
        assert_eq!(Eval::Cp(1234).to_string(), "12.34");
        let mate = |winner, moves| Eval::Mate { winner, moves };
        assert_eq!(mate(Color::White, 3).to_string(), "#3");
        assert_eq!(mate(Color::Black, 2).to_string(), "#-2");
        assert_eq!(mate(Color::Black, 0).to_string(), "#0");
    }

    #[test]
    fn scores_turn_to_whites_side() {
        use Color::*;
        assert_eq!(Eval::from_score(Score::Cp(50), White), Eval::Cp(50));
        assert_eq!(Eval::from_score(Score::Cp(50), Black), Eval::Cp(-50));
        let mate = |winner, moves| Eval::Mate { winner, moves };
        assert_eq!(Eval::from_score(Score::Mate(2), Black), mate(Black, 2));
        assert_eq!(Eval::from_score(Score::Mate(-3), Black), mate(White, 3));
        assert_eq!(Eval::from_score(Score::Mate(0), White), mate(Black, 0));
        for e in [Eval::Cp(-40), mate(White, 4), mate(Black, 1)] {
            for side in [White, Black] {
                assert_eq!(Eval::from_score(e.score(side), side), e);
            }
        }
        assert!(mate(White, 1).value(White) > mate(White, 5).value(White));
        assert!(mate(White, 5).value(White) > Eval::Cp(5000).value(White));
        assert!(mate(White, 0).value(Black) < mate(White, 9).value(Black));
        assert_eq!(mate(Black, 3).clamped(1000), -1000);
        // After the move scored: the mover's own mate is one move nearer, the other's not.
        assert_eq!(mate(White, 3).after_move(White), mate(White, 2));
        assert_eq!(mate(White, 1).after_move(White), mate(White, 0));
        assert_eq!(mate(White, 1).after_move(White).to_string(), "#0");
        assert_eq!(mate(Black, 3).after_move(White), mate(Black, 3));
        assert_eq!(Eval::Cp(40).after_move(Black), Eval::Cp(40));
    }

    #[test]
    fn centipawns_become_winning_chances_on_lichesss_curve() {
        use Color::*;
        assert_eq!(winning_chances(0), 0.0);
        assert_eq!(expected_score(0), 0.5);
        for cp in [1, 50, 200, 900, 5000] {
            // Symmetric: one side's chances are the other's, negated.
            assert!((winning_chances(cp) + winning_chances(-cp)).abs() < 1e-12);
            assert!(winning_chances(cp) > winning_chances(cp - 1));
            assert!((expected_score(cp) - (1.0 + winning_chances(cp)) / 2.0).abs() < 1e-12);
        }
        // lichess's values: a pawn 0.18, two pawns 0.35, nine pawns 0.93.
        assert!((winning_chances(100) - 0.182).abs() < 0.001);
        assert!((winning_chances(200) - 0.352).abs() < 0.001);
        assert!((winning_chances(900) - 0.930).abs() < 0.001);
        // A pawn is worth more in a level game than in a decided one.
        let pawn_at = |cp| winning_chances(cp + 100) - winning_chances(cp);
        assert!(pawn_at(0) > 3.0 * pawn_at(800));
        // A mate is a certain result, however far: chances ±1.
        let mate = |winner, moves| Eval::Mate { winner, moves };
        assert_eq!(mate(White, 12).chances(White), 1.0);
        assert_eq!(mate(White, 1).chances(Black), -1.0);
        assert_eq!(mate(Black, 0).expected(White), 0.0);
        assert!((Eval::Cp(-250).chances(Black) - winning_chances(250)).abs() < 1e-12);
    }

    #[test]
    fn losses_are_classified_by_the_worst_threshold_reached() {
        let t = Thresholds::default();
        // lichess's thresholds on its winning-chances scale.
        assert_eq!((t.inaccuracy, t.mistake, t.blunder), (0.1, 0.2, 0.3));
        assert_eq!(t.classify(0.0), None);
        assert_eq!(t.classify(0.099), None);
        assert_eq!(t.classify(0.1), Some(Judgement::Inaccuracy));
        assert_eq!(t.classify(0.19), Some(Judgement::Inaccuracy));
        assert_eq!(t.classify(0.2), Some(Judgement::Mistake));
        assert_eq!(t.classify(0.29), Some(Judgement::Mistake));
        assert_eq!(t.classify(0.3), Some(Judgement::Blunder));
        assert_eq!(t.classify(2.0), Some(Judgement::Blunder));
        let config = AnalysisConfig {
            depth: 1,
            inaccuracy_chances: 0.05,
            mistake_chances: 0.15,
            blunder_chances: 0.25,
            ..crate::config::Config::default().analysis
        };
        let t = Thresholds::from_config(&config);
        assert_eq!((t.inaccuracy, t.mistake, t.blunder), (0.05, 0.15, 0.25));
        // The older thresholds in pawns: what falling from level to that many pawns
        // down costs.
        assert!((crate::eval::chances::chances_of_pawns(2.0) - 0.352).abs() < 0.001);
        assert!((crate::eval::chances::chances_of_pawns(0.5) - 0.092).abs() < 0.001);
        assert_eq!(
            [
                Judgement::Inaccuracy,
                Judgement::Mistake,
                Judgement::Blunder
            ]
            .map(|j| (j.symbol(), j.nag())),
            [("?!", 6), ("?", 2), ("??", 4)]
        );
    }

    /// The search of a position: the engine's `best` at `eval`, the game's move at
    /// `played`.
    fn searched(eval: Eval, best: Option<Move>, played: Option<Eval>) -> PositionEval {
        PositionEval {
            eval,
            best,
            pv: best.into_iter().collect(),
            depth: 1,
            nodes: 1,
            played,
        }
    }

    #[test]
    fn a_move_is_judged_against_the_best_move_of_the_same_search() {
        use Color::*;
        let t = Thresholds::default();
        let start = Position::startpos();
        let mv = |s| crate::core::parse_move(&start, s).unwrap();
        let (e4, d4) = (mv("e4"), mv("d4"));
        // White plays e4 where the engine preferred d4.
        let review = |best: i32, played: i32| {
            review_move(
                0,
                &start,
                e4,
                &searched(Eval::Cp(best), Some(d4), Some(Eval::Cp(played))),
                false,
                &t,
            )
        };
        // A planted blunder: from level to two and a half pawns down.
        let r = review(30, -250);
        assert_eq!(
            (r.judgement, r.san.as_str(), r.after, r.before),
            (Some(Judgement::Blunder), "e4", Eval::Cp(-250), Eval::Cp(30))
        );
        assert_eq!(r.loss, winning_chances(30) - winning_chances(-250));
        assert_eq!(r.cost(), "expected score 53% → 28%");
        assert_eq!(review(30, -90).judgement, Some(Judgement::Mistake));
        assert_eq!(review(30, -30).judgement, Some(Judgement::Inaccuracy));
        assert_eq!(review(30, 0).judgement, None);
        // Doing better than the engine expected loses nothing.
        assert_eq!(review(30, 90).loss, 0.0);
        // +9 -> +6: still winning, no blunder (and no mistake).
        let r = review(900, 600);
        assert!(r.loss < t.mistake, "{r:?}");
        assert_eq!(r.judgement, Some(Judgement::Inaccuracy));
        assert_eq!(review(1400, 1100).judgement, None);
        // ... but from +3 to level is a blunder, and so is from +1 to -1.5.
        assert_eq!(review(300, 0).judgement, Some(Judgement::Blunder));
        assert_eq!(review(100, -150).judgement, Some(Judgement::Blunder));
        // Black's losses count from Black's side.
        let after_e4 = start.after(e4);
        let e5 = crate::core::parse_move(&after_e4, "e5").unwrap();
        let c5 = crate::core::parse_move(&after_e4, "c5").unwrap();
        let r = review_move(
            1,
            &after_e4,
            e5,
            &searched(Eval::Cp(-20), Some(c5), Some(Eval::Cp(300))),
            false,
            &t,
        );
        assert_eq!((r.mover, r.judgement), (Black, Some(Judgement::Blunder)));
        // Mates: letting one in is the largest loss; a slower mate is still a mate.
        let mate = |winner, moves| Some(Eval::Mate { winner, moves });
        let r = review_move(
            0,
            &start,
            e4,
            &searched(Eval::Cp(0), Some(d4), mate(Black, 5)),
            false,
            &t,
        );
        assert_eq!((r.loss, r.judgement), (1.0, Some(Judgement::Blunder)));
        assert_eq!(r.cost(), "allows mate");
        let win = Eval::Mate {
            winner: White,
            moves: 2,
        };
        let r = review_move(
            0,
            &start,
            e4,
            &searched(win, Some(d4), mate(White, 4)),
            false,
            &t,
        );
        assert_eq!((r.loss, r.judgement), (0.0, None));
        // Both seen after their move: mate in 1 with the best move, in 3 after e4.
        assert_eq!(
            (r.before.to_string(), r.after.to_string()),
            ("#1".into(), "#3".into())
        );
        // Missing a mate but staying nine pawns up keeps the game won: not a blunder;
        // missing it for a level game is one.
        let r = review_move(
            0,
            &start,
            e4,
            &searched(win, Some(d4), Some(Eval::Cp(900))),
            false,
            &t,
        );
        assert!(r.judgement < Some(Judgement::Mistake), "{r:?}");
        assert_eq!(r.cost(), "misses a mate, expected score 100% → 96%");
        let r = review_move(
            0,
            &start,
            e4,
            &searched(win, Some(d4), Some(Eval::Cp(0))),
            false,
            &t,
        );
        assert_eq!(r.judgement, Some(Judgement::Blunder));
        // The engine's own move is never marked: it is scored by the search's own eval.
        let r = review_move(
            0,
            &start,
            e4,
            &searched(Eval::Cp(30), Some(e4), None),
            false,
            &t,
        );
        assert_eq!((r.loss, r.judgement, r.is_best()), (0.0, None, true));
        assert_eq!(r.after, Eval::Cp(30));
        // Known theory is never marked, whatever it costs.
        let r = review_move(
            0,
            &start,
            e4,
            &searched(Eval::Cp(30), Some(d4), Some(Eval::Cp(-400))),
            true,
            &t,
        );
        assert_eq!((r.judgement, r.theory), (None, true));
        assert!(r.loss > t.blunder);
    }

    fn game(moves: &[&str]) -> Game {
        let mut g = Game::new();
        for m in moves {
            g.play_text(m).unwrap();
        }
        g
    }

    #[test]
    fn theory_is_the_built_in_book_from_the_start() {
        // The Italian game's main line is in the built-in book (books/lines.txt) ...
        let italian = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6"];
        assert_eq!(theory_moves(&game(&italian)), 8);
        // ... 3... Qf6 is not, and ends the theory even where the book knows a move again.
        let g = game(&["e4", "e5", "Nf3", "Qf6", "Bc4", "Qe7", "Ng1", "Qd8"]);
        assert_eq!(theory_moves(&g), 3);
        assert_eq!(theory_moves(&game(&["a3", "e5"])), 0);
        assert_eq!(theory_moves(&Game::new()), 0);
    }

    #[test]
    fn a_game_is_judged_move_by_move_and_theory_is_left_unmarked() {
        let t = Thresholds::default();
        // 1. e4 e5 2. Nf3 Nc6 3. Bc4 (theory), 3... Qh4 (out of the book, a blunder).
        let g = game(&["e4", "e5", "Nf3", "Nc6", "Bc4", "Qh4"]);
        let moves = g.moves().to_vec();
        let positions = g.positions();
        let nf6 = crate::core::parse_move(&positions[5], "Nf6").unwrap();
        let mut evals: Vec<PositionEval> = (0..5)
            .map(|i| {
                // Each theory move costs 0.6 pawns by the engine's lights: never marked.
                let e = Eval::Cp(if i % 2 == 0 { 60 } else { -60 });
                searched(e, None, Some(Eval::Cp(0)))
            })
            .collect();
        // (Black +0.30 with 3... Nf6, as the search after 3. Bc4 agrees.)
        evals.push(searched(Eval::Cp(-30), Some(nf6), Some(Eval::Cp(400))));
        evals.push(searched(Eval::Cp(400), None, None));
        let a = GameAnalysis::from_evals(&g, evals.clone(), &t);
        assert_eq!(a.moves.len(), 6);
        assert!(
            a.moves[..5]
                .iter()
                .all(|m| m.theory && m.judgement.is_none())
        );
        assert!(a.moves[..5].iter().all(|m| m.loss > t.inaccuracy));
        assert_eq!(a.moves[5].judgement, Some(Judgement::Blunder));
        assert!(!a.moves[5].theory);
        assert_eq!(a.count(Color::Black, Judgement::Blunder), 1);
        assert_eq!(a.count(Color::White, Judgement::Blunder), 0);
        assert_eq!(a.moves[5].mv, moves[5]);
        // A move whose own score is not in yet is not judged, nor any after it.
        evals[5].played = None;
        assert_eq!(GameAnalysis::from_evals(&g, evals, &t).moves.len(), 5);
    }

    #[test]
    fn a_move_is_judged_by_its_own_search_and_the_search_after_it() {
        let t = Thresholds::default();
        let g = game(&["e4", "a6"]);
        let positions = g.positions();
        let e5 = crate::core::parse_move(&positions[1], "e5").unwrap();
        let start = searched(Eval::Cp(30), None, Some(Eval::Cp(30)));
        let judged = |played: Eval, after: Eval| {
            let evals = vec![
                start.clone(),
                searched(Eval::Cp(30), Some(e5), Some(played)),
                searched(after, None, None),
            ];
            GameAnalysis::from_evals(&g, evals, &t).moves[1].clone()
        };
        // Its own search sees Black lose 3 pawns, the search after it only 1: the move is
        // worth the mean of the two on the chances scale, and shown so.
        let m = judged(Eval::Cp(300), Eval::Cp(100));
        let mean =
            (Eval::Cp(300).chances(Color::White) + Eval::Cp(100).chances(Color::White)) / 2.0;
        assert!(
            (m.after.chances(Color::White) - mean).abs() < 0.002,
            "{m:?}"
        );
        assert!((m.loss - (mean - Eval::Cp(30).chances(Color::White))).abs() < 0.002);
        assert_eq!(m.judgement, Some(Judgement::Mistake));
        // Both agree: a blunder, its score unchanged.
        let m = judged(Eval::Cp(300), Eval::Cp(300));
        assert_eq!(
            (m.after, m.judgement),
            (Eval::Cp(300), Some(Judgement::Blunder))
        );
        // A mate found by its own search stands as found.
        let mate = Eval::Mate {
            winner: Color::White,
            moves: 3,
        };
        let m = judged(mate, Eval::Cp(100));
        assert_eq!(m.judgement, Some(Judgement::Blunder));
        assert!(
            matches!(
                m.after,
                Eval::Mate {
                    winner: Color::White,
                    ..
                }
            ),
            "{m:?}"
        );
        // A move that completes a threefold repetition is a draw, whatever the search of
        // the position after it (which does not see the game's history) says.
        let knights = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"];
        let g = game(&knights);
        let e6 = crate::core::parse_move(&g.positions()[7], "e6").unwrap();
        let mut evals = vec![searched(Eval::Cp(0), None, Some(Eval::Cp(0))); 7];
        evals.push(searched(Eval::Cp(-20), Some(e6), Some(Eval::Cp(0))));
        evals.push(searched(Eval::Cp(300), None, None));
        let a = GameAnalysis::from_evals(&g, evals, &t);
        assert_eq!(a.moves[7].after, Eval::Cp(0), "{:?}", a.moves[7]);
        // The inverse of the chances: a score read back as itself.
        for cp in [-900, -35, 0, 35, 250] {
            for side in [Color::White, Color::Black] {
                let e = Eval::from_chances(Eval::Cp(cp).chances(side), side);
                assert!(
                    (e.value(Color::White) - cp).abs() <= 1,
                    "{cp} {side:?}: {e:?}"
                );
            }
        }
    }

    #[test]
    fn a_move_between_two_won_positions_is_not_marked() {
        let t = Thresholds::default();
        let g = game(&["a3", "e5", "h3"]);
        let positions = g.positions();
        let d4 = crate::core::parse_move(&positions[2], "d4").unwrap();
        // White +12 before 2. h3 by the engine's best move, +2.5 by its search of h3 alone:
        // a blunder by that one search ...
        let before_h3 = searched(Eval::Cp(1200), Some(d4), Some(Eval::Cp(250)));
        let judged = |after: i32| {
            let evals = vec![
                searched(Eval::Cp(1200), None, Some(Eval::Cp(1200))),
                searched(Eval::Cp(1200), None, Some(Eval::Cp(1200))),
                before_h3.clone(),
                searched(Eval::Cp(after), None, None),
            ];
            GameAnalysis::from_evals(&g, evals, &t).moves[2].judgement
        };
        // ... but the search of the position after it still sees White +16: won both
        // sides of the move, not marked.
        assert_eq!(judged(1615), None);
        // Where the position after it is no longer won, the mark stands.
        assert_eq!(judged(250), Some(Judgement::Blunder));
    }

    #[test]
    fn accuracy_is_lichesss_per_move_curve_and_game_means() {
        use Color::*;
        // A move that keeps the win% is 100; losing 10 of it about 64.6; 50 of it, 9.5.
        assert_eq!(move_accuracy(50.0, 50.0), 100.0);
        assert_eq!(move_accuracy(40.0, 55.0), 100.0);
        assert!((move_accuracy(60.0, 50.0) - 64.58).abs() < 0.01);
        assert!((move_accuracy(75.0, 25.0) - 9.53).abs() < 0.01);
        assert_eq!(move_accuracy(100.0, 0.0), 0.0);
        let g = game(&["e4", "e5", "Nf3", "Nc6", "Bc4", "Qh4"]);
        let positions = g.positions();
        let nf6 = crate::core::parse_move(&positions[5], "Nf6").unwrap();
        let evals = |blunder: i32| {
            let mut e: Vec<PositionEval> = (0..5)
                .map(|_| searched(Eval::Cp(20), None, Some(Eval::Cp(20))))
                .collect();
            e.push(searched(Eval::Cp(20), Some(nf6), Some(Eval::Cp(blunder))));
            e.push(searched(Eval::Cp(blunder), None, None));
            GameAnalysis::from_evals(&g, e, &t_default())
        };
        // Nobody lost anything: 100 each.
        assert_eq!(evals(20).accuracy(), [Some(100.0), Some(100.0)]);
        // Black's one blunder (level to six pawns down) costs Black, not White; the
        // harmonic mean keeps one bad move from hiding among good ones.
        let [white, black] = evals(600).accuracy();
        assert_eq!(white, Some(100.0));
        let black = black.unwrap();
        assert!(black < 75.0 && black > 30.0, "{black}");
        // No move of a side judged: no accuracy.
        assert_eq!(accuracy(Eval::Cp(0), &[]), [None, None]);
        let _ = (White, Black);
    }

    fn t_default() -> Thresholds {
        Thresholds::default()
    }

    #[test]
    fn a_pv_is_kept_only_as_far_as_it_is_legal() {
        let start = Position::startpos();
        let mv = |pos: &Position, s| crate::core::parse_move(pos, s).unwrap();
        let e4 = mv(&start, "e4");
        let e5 = mv(&start.after(e4), "e5");
        let result = SearchResult {
            best: Some(e4),
            ponder: Some(e5),
            score: Score::Cp(-20),
            depth: 3,
            nodes: 10,
        };
        // e4 e5 e4: the third is illegal.
        let p = PositionEval::from_search(&start.after(e4).after(e5), &result, &[]);
        assert_eq!(p.pv, Vec::<Move>::new(), "e4 is not legal there");
        let p = PositionEval::from_search(&start, &result, &[e4, e5, e4]);
        assert_eq!(p.pv, vec![e4, e5]);
        assert_eq!(p.eval, Eval::Cp(-20));
        // A stale line (not starting with the search's move) gives way to best + ponder.
        let d4 = mv(&start, "d4");
        let p = PositionEval::from_search(&start, &result, &[d4]);
        assert_eq!(p.pv, vec![e4, e5]);
    }

    #[test]
    fn positions_without_moves_need_no_search() {
        let mated =
            Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
                .unwrap();
        let p = PositionEval::terminal(&mated).unwrap();
        assert_eq!(
            p.eval,
            Eval::Mate {
                winner: Color::Black,
                moves: 0
            }
        );
        assert_eq!(p.eval.to_string(), "#0");
        let stalemate = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(
            PositionEval::terminal(&stalemate).unwrap().eval,
            Eval::Cp(0)
        );
        assert_eq!(PositionEval::terminal(&Position::startpos()), None);
    }

    #[test]
    fn a_move_changes_the_outcome_only_across_the_line() {
        use crate::core::Color::{Black, White};
        // Where the game is heading for a side, by its winning chances.
        assert_eq!(Outcome::of(Eval::Cp(0), White), Outcome::Level);
        assert_eq!(Outcome::of(Eval::Cp(200), White), Outcome::Won);
        assert_eq!(Outcome::of(Eval::Cp(200), Black), Outcome::Lost);
        let mated = Eval::Mate {
            winner: Black,
            moves: 3,
        };
        assert_eq!(Outcome::of(mated, White), Outcome::Lost);
        let review = |before: i32, after: i32| {
            let mut g = Game::new();
            g.play_text("e4").unwrap();
            let pos = g.positions()[0];
            let mv = g.moves()[0];
            let e = PositionEval {
                eval: Eval::Cp(before),
                best: None,
                pv: Vec::new(),
                depth: 1,
                nodes: 1,
                played: Some(Eval::Cp(after)),
            };
            review_move(0, &pos, mv, &e, false, &Thresholds::default())
        };
        // Level to lost: a blunder that loses the game, worth a drill.
        let level_to_lost = review(0, -250);
        assert_eq!(level_to_lost.judgement, Some(Judgement::Blunder));
        assert!(level_to_lost.changes_outcome());
        // Won by far to still won: a worse move, not a changed game.
        let still_won = review(900, 450);
        assert!(
            still_won.judgement >= Some(Judgement::Mistake),
            "{still_won:?}"
        );
        assert!(!still_won.changes_outcome());
        // Lost to lost by more.
        assert!(!review(-600, -1200).changes_outcome());
    }
}
