//! Puzzle themes: what a tactic's line shows, in lichess's tags (`fork`, `mateIn2`, …),
//! so puzzles can be chosen and counted by theme.
//!
//! A theme is named only when the line shows it: the patterns come from the same motif
//! finder that explains blunders ([`super::motifs`]): mates, forks, pins, skewers, hanging
//! pieces, promotions. The line itself adds what the finder does not look for:
//! - a **discovered attack**: a solver move uncovers a bishop's, rook's or queen's attack
//!   on the king (a discovered check) or on a piece the line then takes;
//! - a **sacrifice**: the solver gives up two pawns' worth or more, taken by the opponent,
//!   on the way to mate or to ending up no worse in material;
//! - a **quiet move**: a solver move before the last that neither captures, checks nor
//!   promotes, in a line that still wins (mates, or two pawns or more): the hard kind
//!   to find, since nothing forces the eye to it;
//! - a **defensive move**: the line wins nothing (no mate, no material gained) and the
//!   solver's score stays about even (under two pawns either way): the puzzle's point is
//!   the only move that does not lose. (Every solver move of a verified line is the only
//!   one, the second best at least one and a half pawns worse: [`super::solution`].)
//!   Such a puzzle is `equality`, not `advantage`;
//! - how much it wins: `mate`, `crushing` (six pawns or more) or `advantage`;
//! - the phase: `opening` (the first ten moves), `endgame` (no queens and at most 26 points
//!   of pieces, or at most 13), else `middlegame`;
//! - the length: `oneMove`, `short` (two solver moves), `long` (three), `veryLong`.

use super::material::{balance, settled_for, value, walk};
use super::patterns::{Motif, motifs};
use super::solution::ADVANTAGE_CP;
use crate::core::attacks::{bishop_attacks, queen_attacks, rook_attacks};
use crate::core::{Color, Move, Position, Role};
use crate::search::Score;

/// Centipawns from which a win is `crushing` rather than an `advantage`.
pub const CRUSHING_CP: i32 = 600;

/// The theme tags `solution` shows, played from `after` (the position after the
/// opponent's blunder, the solver to move); `score` is the solver's score after its first
/// move. The solution is a verified one: each solver move the only one.
pub fn themes(after: &Position, solution: &[Move], score: Score) -> Vec<String> {
    let us = after.turn();
    let mut out: Vec<String> = Vec::new();
    let mut add = |t: &str| {
        if !out.iter().any(|o| o == t) {
            out.push(t.to_string());
        }
    };
    let ps = walk(after, solution);
    let mated = ps.last().is_some_and(|p| p.is_checkmate());
    for m in motifs(after, solution) {
        match m {
            Motif::Mate { moves, back_rank } => {
                if mated {
                    add(&match moves {
                        1..=5 => format!("mateIn{moves}"),
                        _ => "mate".to_string(),
                    });
                    add("mate");
                    if back_rank {
                        add("backRankMate");
                    }
                }
            }
            Motif::Fork { .. } => add("fork"),
            Motif::Pin { .. } => add("pin"),
            Motif::Skewer { .. } => add("skewer"),
            Motif::Hanging { .. } => add("hangingPiece"),
            Motif::Promotion { .. } => add("promotion"),
            Motif::MaterialWon { .. } => {}
        }
    }
    if discovered(&ps, solution, us) {
        add("discoveredAttack");
    }
    if sacrifice(&ps, us, mated) {
        add("sacrifice");
    }
    let cp = match score {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n > 0 => i32::MAX,
        Score::Mate(_) => i32::MIN,
    };
    if (mated || cp >= ADVANTAGE_CP) && quiet(&ps, solution) {
        add("quietMove");
    }
    let defensive = !mated && cp.abs() < ADVANTAGE_CP && wins_nothing(&ps, us);
    if defensive {
        add("defensiveMove");
    }
    if !mated {
        add(if defensive {
            "equality"
        } else if cp >= CRUSHING_CP {
            "crushing"
        } else {
            "advantage"
        });
    }
    add(phase(after));
    add(match solution.len().div_ceil(2) {
        1 => "oneMove",
        2 => "short",
        3 => "long",
        _ => "veryLong",
    });
    out
}

/// `opening`, `middlegame` or `endgame`.
pub fn phase(pos: &Position) -> &'static str {
    let pieces: i32 = [Color::White, Color::Black]
        .iter()
        .flat_map(|&c| {
            [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
                .into_iter()
                .map(move |r| value(r) * pos.pieces(c, r).count() as i32)
        })
        .sum();
    let queens = pos.by_role(Role::Queen).count();
    if queens == 0 && pieces <= 26 || pieces <= 13 {
        "endgame"
    } else if pos.fullmove_number() <= 10 {
        "opening"
    } else {
        "middlegame"
    }
}

/// Does a solver move uncover a line piece's attack on the king or on a piece of three
/// pawns' worth or more that the line then takes? `ps` are the line's positions.
fn discovered(ps: &[Position], line: &[Move], us: Color) -> bool {
    for (i, &mv) in line.iter().enumerate().step_by(2) {
        let (Some(before), Some(after)) = (ps.get(i), ps.get(i + 1)) else {
            break;
        };
        // Every (line piece, enemy piece it attacks), the piece that moved left out.
        let attacks = |p: &Position| {
            let occ = p.occupied();
            let mut a = Vec::new();
            for r in [Role::Bishop, Role::Rook, Role::Queen] {
                for sq in p.pieces(us, r) {
                    if sq == mv.to() {
                        continue;
                    }
                    let hits = match r {
                        Role::Bishop => bishop_attacks(sq, occ),
                        Role::Rook => rook_attacks(sq, occ),
                        _ => queen_attacks(sq, occ),
                    } & p.by_color(!us);
                    a.extend(hits.map(|t| (sq, t)));
                }
            }
            a
        };
        let old = attacks(before);
        for (from, target) in attacks(after) {
            if old.contains(&(from, target)) {
                continue;
            }
            let Some(role) = after.role_on(target) else {
                continue;
            };
            let taken_later = line[i + 1..]
                .iter()
                .enumerate()
                .any(|(j, m)| j % 2 == 1 && m.to() == target);
            if role == Role::King || (value(role) >= 3 && taken_later) {
                return true;
            }
        }
    }
    false
}

/// Is a solver move before the last one quiet: no capture, no check, no promotion? `ps`
/// are the line's positions.
fn quiet(ps: &[Position], line: &[Move]) -> bool {
    (0..line.len().saturating_sub(1)).step_by(2).any(|i| {
        let mv = line[i];
        ps.get(i).is_some_and(|p| {
            ps.len() > i + 1 && !p.is_capture(mv) && !p.gives_check(mv) && mv.promotion().is_none()
        })
    })
}

/// Does the line end with the solver no richer in material, on the board as it stands and
/// with the captures hanging there played out?
fn wins_nothing(ps: &[Position], us: Color) -> bool {
    let start = balance(&ps[0], us);
    let end = ps.last().expect("at least the start");
    balance(end, us) <= start && settled_for(end, us) <= start
}

/// Does the solver give up two pawns' worth or more (taken by the opponent) on the way to
/// mate or to ending up no worse in material?
fn sacrifice(ps: &[Position], us: Color, mated: bool) -> bool {
    let start = balance(&ps[0], us);
    let end = balance(ps.last().expect("at least the start"), us);
    let low = ps.iter().skip(2).step_by(2).map(|p| balance(p, us)).min();
    low.is_some_and(|low| low <= start - 2 && (mated || end >= start))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::parse_uci;

    fn line(pos: &Position, moves: &str) -> Vec<Move> {
        let mut p = *pos;
        moves
            .split(' ')
            .map(|m| {
                let mv = parse_uci(&p, m).unwrap();
                p.play(mv);
                mv
            })
            .collect()
    }

    #[test]
    fn a_back_rank_mate_in_one_is_named_so_and_nothing_else_is_claimed() {
        let pos = Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").unwrap();
        let t = themes(&pos, &line(&pos, "a1a8"), Score::Mate(1));
        assert_eq!(t, ["mateIn1", "mate", "backRankMate", "endgame", "oneMove"]);
    }

    #[test]
    fn a_knight_fork_that_wins_the_rook_is_a_fork_and_an_advantage() {
        let pos = Position::from_fen("r3k3/6pp/8/1N6/8/8/6PP/4K3 w - - 0 1").unwrap();
        let t = themes(&pos, &line(&pos, "b5c7 e8d7 c7a8"), Score::Cp(350));
        assert!(t.contains(&"fork".to_string()), "{t:?}");
        assert!(t.contains(&"advantage".to_string()), "{t:?}");
        assert!(t.contains(&"short".to_string()), "{t:?}");
        assert!(!t.iter().any(|x| x.starts_with("mate")), "{t:?}");
    }

    #[test]
    fn a_discovered_check_that_wins_the_queen_is_a_discovered_attack() {
        // The knight takes the queen on d6 and uncovers the rook's check along the e-file.
        let pos = Position::from_fen("4k3/8/3q4/8/4N3/8/8/4RK2 w - - 0 1").unwrap();
        let t = themes(&pos, &line(&pos, "e4d6"), Score::Cp(900));
        assert!(t.contains(&"discoveredAttack".to_string()), "{t:?}");
        assert!(t.contains(&"crushing".to_string()), "{t:?}");
    }

    #[test]
    fn giving_up_the_queen_for_a_smothered_mate_is_a_sacrifice() {
        // Qg8+ Rxg8 Nf7#: the queen is given, the king smothered by its own pieces.
        let pos = Position::from_fen("5r1k/6pp/7N/8/2Q5/8/6PP/6K1 w - - 0 1").unwrap();
        let t = themes(&pos, &line(&pos, "c4g8 f8g8 h6f7"), Score::Mate(2));
        assert!(t.contains(&"sacrifice".to_string()), "{t:?}");
        assert!(t.contains(&"mateIn2".to_string()), "{t:?}");
        // Taking a rook for free is no sacrifice.
        let pos = Position::from_fen("r3k3/6pp/8/1N6/8/8/6PP/4K3 w - - 0 1").unwrap();
        let t = themes(&pos, &line(&pos, "b5c7 e8d7 c7a8"), Score::Cp(350));
        assert!(!t.contains(&"sacrifice".to_string()), "{t:?}");
    }

    #[test]
    fn a_quiet_king_step_before_the_mate_is_a_quiet_move() {
        // 1.Kb6 (no capture, no check) takes a7 and b7 from the king; 1...Kb8 2.Rh8#.
        let pos = Position::from_fen("k7/8/2K5/8/8/8/8/7R w - - 0 1").unwrap();
        let t = themes(&pos, &line(&pos, "c6b6 a8b8 h1h8"), Score::Mate(2));
        assert!(t.contains(&"quietMove".to_string()), "{t:?}");
        assert!(t.contains(&"mateIn2".to_string()), "{t:?}");
        assert!(!t.contains(&"defensiveMove".to_string()), "{t:?}");
        // The knight fork starts with a check: nothing quiet about it, nor about a line
        // whose only move is the last (the mate in one).
        let pos = Position::from_fen("r3k3/6pp/8/1N6/8/8/6PP/4K3 w - - 0 1").unwrap();
        let t = themes(&pos, &line(&pos, "b5c7 e8d7 c7a8"), Score::Cp(350));
        assert!(!t.contains(&"quietMove".to_string()), "{t:?}");
        assert!(!t.contains(&"defensiveMove".to_string()), "{t:?}");
        let pos = Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").unwrap();
        let t = themes(&pos, &line(&pos, "a1a8"), Score::Mate(1));
        assert!(!t.contains(&"quietMove".to_string()), "{t:?}");
    }

    #[test]
    fn the_only_move_that_saves_a_trapped_knight_is_a_defensive_move() {
        use crate::eval::Evaluator;
        use crate::game::Game;
        use crate::search::{Level, Limits, Searcher};
        // The g-pawn attacks the knight on h4; the bishop takes f3 and g2, the king g6:
        // only Nf5+ saves it, and the ending stays level (knight and pawn against bishop
        // and pawn). Any other move loses the knight.
        let pos = Position::from_fen("8/8/7k/3b2p1/7N/8/P7/1K6 w - - 0 40").unwrap();
        let mut s = Searcher::new(Evaluator::default(), 8);
        let limits = Limits {
            depth: Some(8),
            multipv: 2,
            ..Limits::default()
        };
        let lines = crate::tactics::solution::best_lines(
            &mut s,
            &Game::from_position(pos),
            Level::FULL,
            &limits,
        );
        let (score, pv) = lines[0].clone();
        assert_eq!(pv[0].uci(), "h4f5", "{lines:?}");
        let (Score::Cp(best), Score::Cp(second)) = (score, lines[1].0) else {
            panic!("no mate either way: {lines:?}");
        };
        assert!(best.abs() < ADVANTAGE_CP, "{lines:?}");
        assert!(second <= best - 150, "{lines:?}");
        let t = themes(&pos, &pv[..1], score);
        assert!(t.contains(&"defensiveMove".to_string()), "{t:?}");
        // Level, not an advantage; and its only move is the last, so not a quiet move.
        assert!(t.contains(&"equality".to_string()), "{t:?}");
        assert!(!t.contains(&"advantage".to_string()), "{t:?}");
        assert!(!t.contains(&"quietMove".to_string()), "{t:?}");
        // A line that wins the rook is no defence, even at a modest score.
        let pos = Position::from_fen("r3k3/6pp/8/1N6/8/8/6PP/4K3 w - - 0 1").unwrap();
        let t = themes(&pos, &line(&pos, "b5c7 e8d7 c7a8"), Score::Cp(150));
        assert!(!t.contains(&"defensiveMove".to_string()), "{t:?}");
        assert!(t.contains(&"advantage".to_string()), "{t:?}");
    }

    #[test]
    fn the_phase_is_told_by_the_move_number_and_the_material() {
        assert_eq!(phase(&Position::startpos()), "opening");
        let middle =
            Position::from_fen("r1bq1rk1/pp3ppp/2n2n2/2bp4/8/2N2N2/PP2BPPP/R1BQ1RK1 w - - 0 12")
                .unwrap();
        assert_eq!(phase(&middle), "middlegame");
        let ending = Position::from_fen("8/5pk1/6p1/8/3R4/6P1/5PK1/3r4 w - - 0 40").unwrap();
        assert_eq!(phase(&ending), "endgame");
    }
}
