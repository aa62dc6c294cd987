//! Game analysis: the engine's verdict on every move of a game.
//!
//! Every position of the game is searched by the one engine service (through
//! [`Analyser`]); each move is then judged by what it lost: the evaluation before the move
//! (where the engine's best move is assumed) against the evaluation after the move played,
//! both seen from the mover's side. A move that loses at least the configured thresholds
//! (`[analysis]` in the configuration) is an inaccuracy `?!`, a mistake `?` or a blunder
//! `??`. A move that lets a forced mate slip, or walks into one, loses the most there is.
//!
//! The parts, from the bottom up:
//! - here: [`Eval`] (an evaluation from White's side, centipawns or mate), [`PositionEval`]
//!   (what the engine says about one position), [`Judgement`] and [`Thresholds`], and the
//!   judging of a move ([`review_move`]) and of a whole game ([`GameAnalysis`]). Nothing
//!   here searches: a front end that drives the engine itself (the game screen) builds
//!   [`PositionEval`]s from the replies with [`PositionEval::from_search`] and judges them
//!   with the same functions;
//! - [`analyser`]: [`AnalysisJob`], a game's analysis in progress that a screen feeds its
//!   own engine's replies to, and [`Analyser`], which runs jobs to the end on an engine
//!   service of its own, blocking;
//! - [`annotate`]: the game written as PGN with `[%eval]` comments, NAGs and the best line
//!   as a variation;
//! - [`batch`]: `huo-chess analyse FILE.pgn`: many games, streamed, with a progress line.

pub mod analyser;
pub mod annotate;
pub mod batch;

pub use analyser::{AnalyseError, Analyser, AnalysisJob};
pub use annotate::write_annotated;

use crate::config::AnalysisConfig;
use crate::core::{Color, Move, Position, san};
use crate::game::Game;
use crate::search::{Score, SearchResult};
use std::fmt;

/// What a forced mate is worth on the scale of [`Eval::value`]: far beyond any material.
pub const MATE_VALUE: i32 = 100_000;

/// Past this many centipawns (ten pawns) a game is decided: when moves are judged, an
/// evaluation counts at most this much (a mate still counts in full), so a move that keeps
/// a decided game decided loses nothing.
pub const DECIDED: i32 = 1000;

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

    /// White's centipawns held within ±`cap` (a mate is ±`cap`): for graphs.
    pub fn clamped(self, cap: i32) -> i32 {
        self.value(Color::White).clamp(-cap, cap)
    }

    /// [`Eval::value`] as moves are judged: centipawns held within ±[`DECIDED`].
    pub fn judged_value(self, side: Color) -> i32 {
        match self {
            Eval::Cp(_) => self.value(side).clamp(-DECIDED, DECIDED),
            Eval::Mate { .. } => self.value(side),
        }
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

/// What the engine says about one position.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionEval {
    pub eval: Eval,
    /// The engine's move (`None` when the game is over here).
    pub best: Option<Move>,
    /// The principal variation: `best` first, every move legal in turn.
    pub pv: Vec<Move>,
    /// Search depth reached (0: not searched, the game is over).
    pub depth: u32,
    pub nodes: u64,
}

impl PositionEval {
    /// From a finished search of `pos` and the principal variation of its last
    /// iteration (`pv` may be empty or stale: it is used only if it starts with the
    /// search's move, and only as far as its moves are legal).
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
        })
    }
}

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

/// How many centipawns a move may lose before it is an inaccuracy, a mistake, a blunder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thresholds {
    pub inaccuracy: i32,
    pub mistake: i32,
    pub blunder: i32,
}

impl Default for Thresholds {
    /// Half a pawn, a pawn, two pawns (the shipped configuration).
    fn default() -> Self {
        Thresholds {
            inaccuracy: 50,
            mistake: 100,
            blunder: 200,
        }
    }
}

impl Thresholds {
    /// The `[analysis]` section's thresholds (in pawns there), in centipawns.
    pub fn from_config(config: &AnalysisConfig) -> Thresholds {
        let cp = |pawns: f64| (pawns * 100.0).round() as i32;
        Thresholds {
            inaccuracy: cp(config.inaccuracy),
            mistake: cp(config.mistake),
            blunder: cp(config.blunder),
        }
    }

    /// The judgement on a move that lost `loss` centipawns (the worst threshold reached).
    pub fn classify(&self, loss: i32) -> Option<Judgement> {
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
    /// The evaluation before the move (best play assumed) and after it, White's side.
    pub before: Eval,
    pub after: Eval,
    /// The engine's move and line in the position before the move.
    pub best: Option<Move>,
    pub pv: Vec<Move>,
    /// Centipawns the move lost, from the mover's side (0 when it was the engine's move or
    /// did no worse; evaluations count up to ±[`DECIDED`]; a mate let slip or let in loses
    /// [`MATE_VALUE`] and more, less a few).
    pub loss: i32,
    pub judgement: Option<Judgement>,
}

impl MoveReview {
    /// Did the mover play the engine's move?
    pub fn is_best(&self) -> bool {
        self.best == Some(self.mv)
    }
}

/// Judges `mv`, played in `pos`, from the engine's view of the position before it and of
/// the one after it.
pub fn review_move(
    ply: usize,
    pos: &Position,
    mv: Move,
    before: &PositionEval,
    after: &PositionEval,
    thresholds: &Thresholds,
) -> MoveReview {
    let mover = pos.turn();
    let loss = if before.best == Some(mv) {
        0
    } else {
        (before.eval.judged_value(mover) - after.eval.judged_value(mover)).max(0)
    };
    MoveReview {
        ply,
        mv,
        san: san(pos, mv),
        mover,
        before: before.eval,
        after: after.eval,
        best: before.best,
        pv: before.pv.clone(),
        loss,
        judgement: thresholds.classify(loss),
    }
}

/// A whole game analysed: the engine on every position, the verdict on every move.
#[derive(Clone, Debug, PartialEq)]
pub struct GameAnalysis {
    /// One per position of the game: `positions[0]` is the start, `positions[i + 1]`
    /// follows move `i`.
    pub positions: Vec<PositionEval>,
    /// One per move.
    pub moves: Vec<MoveReview>,
}

impl GameAnalysis {
    /// Judges every move of `game` from the engine's view of each of its positions
    /// (`evals` holds one per position, as [`Game::positions`] lists them; moves past the
    /// last evaluated position are not judged).
    pub fn from_evals(game: &Game, evals: Vec<PositionEval>, thresholds: &Thresholds) -> Self {
        let positions = game.positions();
        let moves = game
            .moves()
            .iter()
            .enumerate()
            .take(evals.len().saturating_sub(1))
            .map(|(i, &mv)| review_move(i, &positions[i], mv, &evals[i], &evals[i + 1], thresholds))
            .collect();
        GameAnalysis {
            positions: evals,
            moves,
        }
    }

    /// How many moves of `side` were judged `judgement`.
    pub fn count(&self, side: Color, judgement: Judgement) -> usize {
        self.moves
            .iter()
            .filter(|m| m.mover == side && m.judgement == Some(judgement))
            .count()
    }

    /// The average loss of `side`'s moves in centipawns, each loss counted up to 1000 (a
    /// lost queen and a missed mate weigh alike); `None` if it made no move.
    pub fn average_loss(&self, side: Color) -> Option<i32> {
        let losses: Vec<i64> = self
            .moves
            .iter()
            .filter(|m| m.mover == side)
            .map(|m| m.loss.min(1000) as i64)
            .collect();
        (!losses.is_empty()).then(|| (losses.iter().sum::<i64>() / losses.len() as i64) as i32)
    }
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
    }

    #[test]
    fn losses_are_classified_by_the_worst_threshold_reached() {
        let t = Thresholds::default();
        assert_eq!(t.classify(0), None);
        assert_eq!(t.classify(49), None);
        assert_eq!(t.classify(50), Some(Judgement::Inaccuracy));
        assert_eq!(t.classify(99), Some(Judgement::Inaccuracy));
        assert_eq!(t.classify(100), Some(Judgement::Mistake));
        assert_eq!(t.classify(199), Some(Judgement::Mistake));
        assert_eq!(t.classify(200), Some(Judgement::Blunder));
        assert_eq!(t.classify(MATE_VALUE), Some(Judgement::Blunder));
        let config = AnalysisConfig {
            depth: 1,
            inaccuracy: 0.3,
            mistake: 0.75,
            blunder: 1.5,
        };
        let t = Thresholds::from_config(&config);
        assert_eq!((t.inaccuracy, t.mistake, t.blunder), (30, 75, 150));
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

    fn eval(eval: Eval, best: Option<Move>) -> PositionEval {
        PositionEval {
            eval,
            best,
            pv: best.into_iter().collect(),
            depth: 1,
            nodes: 1,
        }
    }

    #[test]
    fn a_move_is_judged_by_what_it_lost_for_its_mover() {
        use Color::*;
        let t = Thresholds::default();
        let start = Position::startpos();
        let e4 = crate::core::parse_move(&start, "e4").unwrap();
        let d4 = crate::core::parse_move(&start, "d4").unwrap();
        let review = |before, after| {
            review_move(
                0,
                &start,
                e4,
                &eval(before, Some(d4)),
                &eval(after, None),
                &t,
            )
        };
        let r = review(Eval::Cp(30), Eval::Cp(-250));
        assert_eq!(
            (r.loss, r.judgement, r.san.as_str()),
            (280, Some(Judgement::Blunder), "e4")
        );
        assert_eq!(
            review(Eval::Cp(30), Eval::Cp(-80)).judgement,
            Some(Judgement::Mistake)
        );
        assert_eq!(
            review(Eval::Cp(30), Eval::Cp(-30)).judgement,
            Some(Judgement::Inaccuracy)
        );
        // Doing better than the engine expected loses nothing.
        assert_eq!(review(Eval::Cp(30), Eval::Cp(90)).loss, 0);
        // Past ten pawns the game is decided: keeping it decided loses nothing.
        assert_eq!(review(Eval::Cp(1400), Eval::Cp(1150)).loss, 0);
        assert_eq!(review(Eval::Cp(300), Eval::Cp(-1200)).loss, 1300);
        // A mate let slip, or let in, is the largest loss.
        let r = review(
            Eval::Mate {
                winner: White,
                moves: 2,
            },
            Eval::Cp(900),
        );
        assert_eq!(r.judgement, Some(Judgement::Blunder));
        let r = review(
            Eval::Cp(0),
            Eval::Mate {
                winner: Black,
                moves: 5,
            },
        );
        assert!(r.loss >= MATE_VALUE - 5);
        // A slower mate is still a mate: nothing lost worth a mark.
        let r = review(
            Eval::Mate {
                winner: White,
                moves: 2,
            },
            Eval::Mate {
                winner: White,
                moves: 4,
            },
        );
        assert_eq!(r.judgement, None);
        // The engine's own move is never marked, whatever the deeper look after it says.
        let r = review_move(
            0,
            &start,
            e4,
            &eval(Eval::Cp(30), Some(e4)),
            &eval(Eval::Cp(-400), None),
            &t,
        );
        assert_eq!((r.loss, r.judgement, r.is_best()), (0, None, true));
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
}
