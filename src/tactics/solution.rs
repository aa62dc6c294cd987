//! The only move: is there exactly one way to punish a blunder?
//!
//! A tactic is worth setting as a puzzle only if its answer is unambiguous. After the
//! blunder, the solver's best move must win (stand [`MARGIN_CP`] better at least, or mate)
//! and beat every other move clearly: by [`MARGIN_CP`] centipawns *and* [`MARGIN_CHANCES`]
//! winning chances, every other move leaving at most [`SECOND_MAX_CP`] (two ways of
//! winning a won game are not a puzzle: any other move must give most of the win back),
//! or by mating where no other move mates. The opponent then answers with its best defence and the solver's
//! next move is tested the same way. A line that wins material ends at the last solver move
//! that is the only one; a mate must run to the mate (every mating move but the last the
//! only one; the last may be any mate, and the trainer accepts any).
//!
//! A blunder can also throw away a win: then the solver, lost before it, may have exactly
//! one move that holds the balance, every other move still losing ([`hold`]: the
//! defensive puzzle, lichess's `equality`).
//!
//! Each solver move is judged by a search of its two best moves (MultiPV 2). [`solve`]
//! searches the line cheaply first (depth 12) and deeply only if it passes, and keeps it
//! only if it ends in mate or wins two pawns' worth counted from before the blunder
//! ([`shows_something`]): taking back what the blunder took is forced, but no puzzle.

use super::material::{gain, walk};
use crate::core::{Move, Position};
use crate::eval::chances::winning_chances;
use crate::game::Game;
use crate::search::{Event, Level, Limits, Score, Searcher};
use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;

/// Centipawns the solver must stand better by after its move, and beat the second by.
pub const MARGIN_CP: i32 = 150;
/// Winning chances the best move must beat the second by.
pub const MARGIN_CHANCES: f64 = 0.2;
/// The most the second best move may leave the solver, in centipawns: any other move
/// must give most of the advantage back, not merely win less.
pub const SECOND_MAX_CP: i32 = 250;
/// Centipawns from which a score is an advantage: below, either way, the game is about
/// level (lichess's `equality`).
pub const ADVANTAGE_CP: i32 = 200;
/// The most a defensive puzzle's first move may leave either side, in centipawns: the
/// defence must hold the game within a pawn of level, so that a stronger engine, whose
/// scores differ from ours by a pawn here and there, still calls it level.
pub const HOLD_CP: i32 = 100;
/// The most solver moves a puzzle asks for.
pub const MAX_SOLVER_MOVES: usize = 5;
/// The depth of the first, cheap look at a candidate.
pub const QUICK_DEPTH: u32 = 12;
/// A score standing for mate, in centipawns, when mates and centipawns are compared.
const MATE_CP: i32 = 10_000;

/// A verified solution: the solver's moves and the opponent's replies, starting and
/// ending with a solver move, and the solver's score after its first move.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    pub line: Vec<Move>,
    pub score: Score,
}

/// The lines a search of `game`'s position reports at its last completed depth, best
/// first (as many as `limits.multipv`): each a score, from the side to move, and its moves.
pub fn best_lines(
    s: &mut Searcher,
    game: &Game,
    level: Level,
    limits: &Limits,
) -> Vec<(Score, Vec<Move>)> {
    let stop = AtomicBool::new(false);
    let mut lines: BTreeMap<usize, (Score, Vec<Move>)> = BTreeMap::new();
    let mut last_depth = 0;
    let res = s.think(game, level, limits, &stop, &mut |e| {
        if let Event::Iteration(it) = e {
            if it.depth != last_depth {
                last_depth = it.depth;
                lines.clear();
            }
            lines.insert(it.multipv, (it.score, it.pv));
        }
    });
    let mut out: Vec<_> = lines.into_values().collect();
    if out.is_empty()
        && let Some(best) = res.best
    {
        out.push((res.score, vec![best]));
    }
    out
}

/// Mates and centipawns on one scale (a mate beyond every centipawn score, a quicker one
/// higher).
pub fn centipawns(score: Score) -> i32 {
    match score {
        Score::Cp(c) => c,
        Score::Mate(n) if n > 0 => MATE_CP - n,
        Score::Mate(n) => -MATE_CP - n,
    }
}

/// Winning chances (−1 to 1) of a score; a mate is certain.
pub fn chances(score: Score) -> f64 {
    match score {
        Score::Mate(n) if n > 0 => 1.0,
        Score::Mate(_) => -1.0,
        Score::Cp(c) => winning_chances(c),
    }
}

/// The solution after `blunder`, played from `before` (`after` is the game once it is
/// played, the solver to move), if every solver move of it is the only one and the line
/// shows something: searched to [`QUICK_DEPTH`] first, then to `depth`.
pub fn solve(
    s: &mut Searcher,
    before: &Position,
    blunder: Move,
    after: &Game,
    depth: u32,
) -> Option<Solution> {
    let quick = only_moves(s, after, depth.min(QUICK_DEPTH))?;
    if !shows_something(before, blunder, &quick.line) {
        return None;
    }
    let deep = only_moves(s, after, depth)?;
    shows_something(before, blunder, &deep.line).then_some(deep)
}

/// The defensive line after a blunder that threw a win away (`after`: the game once it
/// is played, the solver to move): each solver move the only one that keeps the game
/// level (under [`ADVANTAGE_CP`] either way), every other move leaving the opponent
/// [`ADVANTAGE_CP`] or more and [`MARGIN_CHANCES`] better, and the first leaving the
/// game within [`HOLD_CP`] of level; searched to [`QUICK_DEPTH`] first, then to `depth`.
/// Whether the line wins nothing back, so that its point is the defence alone, the
/// themes say (`defensiveMove`).
pub fn hold(s: &mut Searcher, after: &Game, depth: u32) -> Option<Solution> {
    line_of(s, after, depth.min(QUICK_DEPTH), Aim::Hold)?;
    let deep = line_of(s, after, depth, Aim::Hold)?;
    matches!(deep.score, Score::Cp(cp) if cp.abs() < HOLD_CP).then_some(deep)
}

/// The line from `game`'s position (the solver to move) searched to `depth`, as long as
/// each solver move is the only one that wins.
pub fn only_moves(s: &mut Searcher, game: &Game, depth: u32) -> Option<Solution> {
    line_of(s, game, depth, Aim::Win)
}

/// What each solver move of a line must do.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Aim {
    Win,
    Hold,
}

fn line_of(s: &mut Searcher, game: &Game, depth: u32, aim: Aim) -> Option<Solution> {
    let mut game = game.clone();
    let mut line = Vec::new();
    let mut first_score = None;
    loop {
        let limits = Limits {
            depth: Some(depth),
            multipv: 2,
            ..Limits::default()
        };
        let lines = best_lines(s, &game, Level::FULL, &limits);
        let step = match aim {
            Aim::Win => verdict(&lines),
            Aim::Hold => holds(&lines),
        };
        let mating = matches!(lines.first().map(|l| l.0), Some(Score::Mate(_)));
        match step {
            Some(Step::Only) | Some(Step::LastMate) => {}
            None if mating => return None,
            None => break,
        }
        let (score, pv) = lines[0].clone();
        first_score.get_or_insert(score);
        line.push(pv[0]);
        game.play(pv[0]).ok()?;
        if game.outcome().is_some() || matches!(step, Some(Step::LastMate)) {
            break;
        }
        if line.len().div_ceil(2) >= MAX_SOLVER_MOVES {
            // A mate too long to ask for, or a line that never ends.
            if mating {
                return None;
            }
            break;
        }
        // The opponent's best defence.
        let reply = match pv.get(1) {
            Some(&r) => r,
            None => {
                let limits = Limits {
                    depth: Some(depth),
                    ..Limits::default()
                };
                *best_lines(s, &game, Level::FULL, &limits)
                    .first()?
                    .1
                    .first()?
            }
        };
        line.push(reply);
        game.play(reply).ok()?;
        if game.outcome().is_some() {
            return None;
        }
    }
    // The line ends on a solver move.
    if line.len() % 2 == 0 {
        line.pop();
    }
    if line.is_empty() {
        return None;
    }
    Some(Solution {
        line,
        score: first_score?,
    })
}

/// Does the line (after `blunder` from `before`) end in mate, or win material: two pawns'
/// worth or more, counted from before the blunder, the exchanges at its end played out?
pub fn shows_something(before: &Position, blunder: Move, line: &[Move]) -> bool {
    let after = before.after(blunder);
    let ps = walk(&after, line);
    let end = ps.last().expect("at least the start");
    end.is_checkmate() || gain(before, end, after.turn()) >= 2
}

/// What a MultiPV-2 search says of the solver's move where it was made.
enum Step {
    /// The best move is the only one.
    Only,
    /// It mates at once (any mating move will do).
    LastMate,
}

fn verdict(lines: &[(Score, Vec<Move>)]) -> Option<Step> {
    let (best, pv) = lines.first()?;
    pv.first()?;
    if *best == Score::Mate(1) {
        return Some(Step::LastMate);
    }
    // One legal move: no puzzle in that.
    let second = lines.get(1)?.0;
    match (*best, second) {
        (Score::Mate(a), Score::Mate(b)) if a > 0 && b > 0 => None,
        (Score::Mate(a), _) if a > 0 => Some(Step::Only),
        (Score::Mate(_), _) => None,
        (Score::Cp(b), s) => {
            let wins = b >= MARGIN_CP;
            let clear = b - centipawns(s) >= MARGIN_CP
                && chances(Score::Cp(b)) - chances(s) >= MARGIN_CHANCES
                && centipawns(s) <= SECOND_MAX_CP;
            (wins && clear).then_some(Step::Only)
        }
    }
}

/// Is the best move the only one that keeps the game level, every other move losing?
fn holds(lines: &[(Score, Vec<Move>)]) -> Option<Step> {
    let (best, pv) = lines.first()?;
    pv.first()?;
    let second = lines.get(1)?.0;
    let Score::Cp(b) = *best else {
        return None;
    };
    let level = b.abs() < ADVANTAGE_CP;
    let clear = b - centipawns(second) >= MARGIN_CP
        && chances(*best) - chances(second) >= MARGIN_CHANCES
        && centipawns(second) <= -ADVANTAGE_CP;
    (level && clear).then_some(Step::Only)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::parse_uci;
    use crate::eval::Evaluator;

    fn game_after(fen: &str, blunder: &str) -> (Position, Move, Game) {
        let before = Position::from_fen(fen).unwrap();
        let mv = parse_uci(&before, blunder).unwrap();
        let mut game = Game::from_position(before);
        game.play(mv).unwrap();
        (before, mv, game)
    }

    fn uci(line: &[Move]) -> Vec<String> {
        line.iter().map(|m| m.uci()).collect()
    }

    #[test]
    fn a_king_walking_into_a_knight_fork_is_punished_by_the_fork_and_the_capture() {
        // Black's king steps onto e8, where Nc7+ forks it with the rook on a8.
        let (before, blunder, after) = game_after("r4k2/6pp/8/1N6/8/8/6PP/4K3 b - - 0 1", "f8e8");
        let mut s = Searcher::new(Evaluator::default(), 8);
        let sol = solve(&mut s, &before, blunder, &after, 8).expect("a puzzle");
        let line = uci(&sol.line);
        assert_eq!(line[0], "b5c7");
        assert_eq!(line[2], "c7a8");
        assert_eq!(line.len() % 2, 1, "ends on the solver's move: {line:?}");
        assert!(
            matches!(sol.score, Score::Cp(cp) if cp >= MARGIN_CP),
            "{:?}",
            sol.score
        );
    }

    #[test]
    fn a_back_rank_mate_is_a_one_move_line_and_any_mate_will_do() {
        let game = Game::from_position(
            Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").unwrap(),
        );
        let mut s = Searcher::new(Evaluator::default(), 8);
        let sol = only_moves(&mut s, &game, 6).expect("mate in one");
        assert_eq!(uci(&sol.line), ["a1a8"]);
        assert_eq!(sol.score, Score::Mate(1));
    }

    #[test]
    fn two_ways_of_winning_the_same_queen_are_no_puzzle() {
        // Either knight takes the queen on d5: no only move.
        let game =
            Game::from_position(Position::from_fen("4k3/8/8/3q4/8/2N1N3/8/4K3 w - - 0 1").unwrap());
        let mut s = Searcher::new(Evaluator::default(), 8);
        assert_eq!(only_moves(&mut s, &game, 6), None);
    }

    #[test]
    fn the_one_move_that_saves_a_lost_ending_is_a_defensive_line() {
        // The g-pawn attacks the knight on h4, and the bishop guards its retreats f3 and
        // g2: only Nf5+ saves it, and the ending stays level.
        let game =
            Game::from_position(Position::from_fen("8/8/7k/3b2p1/7N/8/P7/1K6 w - - 0 40").unwrap());
        let mut s = Searcher::new(Evaluator::default(), 8);
        let sol = hold(&mut s, &game, 8).expect("a defence");
        assert_eq!(uci(&sol.line)[0], "h4f5");
        assert!(
            matches!(sol.score, Score::Cp(cp) if cp.abs() < HOLD_CP),
            "{:?}",
            sol.score
        );
        // A won position asks for a win, not a defence: the knight forks king and rook.
        let won = Game::from_position(
            Position::from_fen("r3k3/6pp/8/1N6/8/8/6PP/4K3 w - - 0 1").unwrap(),
        );
        assert_eq!(hold(&mut s, &won, 8), None);
        // Without the a-pawn Nf5+ still saves the knight, but leaves White more than a
        // pawn behind: a line of the hold's rule, not a defensive puzzle.
        let behind =
            Game::from_position(Position::from_fen("8/8/7k/3b2p1/7N/8/8/K7 w - - 0 40").unwrap());
        let mut s = Searcher::new(Evaluator::default(), 8);
        let line = line_of(&mut s, &behind, 8, Aim::Hold).expect("the hold's rule");
        assert_eq!(uci(&line.line)[0], "h4f5");
        assert!(
            matches!(line.score, Score::Cp(cp) if (-ADVANTAGE_CP..=-HOLD_CP).contains(&cp)),
            "{:?}",
            line.score
        );
        assert_eq!(hold(&mut s, &behind, 8), None);
        // Nor is a level position where any move will do.
        let quiet =
            Game::from_position(Position::from_fen("4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1").unwrap());
        assert_eq!(hold(&mut s, &quiet, 8), None);
    }

    #[test]
    fn taking_back_what_the_blunder_took_shows_nothing() {
        // Black takes a defended knight with its bishop: recapturing is forced, but no gain.
        let before = Position::from_fen("4k3/8/8/3b4/8/5N2/6P1/4K3 b - - 0 1").unwrap();
        let blunder = parse_uci(&before, "d5f3").unwrap();
        let after = before.after(blunder);
        let recapture = parse_uci(&after, "g2f3").unwrap();
        assert!(!shows_something(&before, blunder, &[recapture]));
        // Whereas winning the bishop for nothing does.
        let before = Position::from_fen("4k3/8/8/3b4/8/8/2N3P1/4K3 b - - 0 1").unwrap();
        let hang = parse_uci(&before, "d5f3").unwrap();
        let take = parse_uci(&before.after(hang), "g2f3").unwrap();
        assert!(shows_something(&before, hang, &[take]));
    }
}
