//! How hard a tactic is: the rating of the players who find it.
//!
//! The levels of the ladder are measured on one Elo scale ([`MEASURED_ELO`]), and the weak
//! ones overlook things as people do, differently from try to try. So a tactic's rating is
//! read off the ladder: each level, weakest first, tries to play the whole solution (the
//! opponent's replies given) a few times; the first level to succeed in most tries, and the
//! one below it, bound the Elo at which half the tries would succeed, found between their
//! two ratings in proportion to their success. Below the ladder stands a player of 600 who
//! finds nothing, above it one of level 10's rating plus 300 who finds everything, so
//! ratings run from about 800 to about 3000.
//!
//! Level 10 thinks 500 000 nodes a move here, about what it has in the fast games its
//! rating was measured in; the other levels think as they play.

use crate::game::Game;
use crate::level::MEASURED_ELO;
use crate::search::{Level, Limits, Searcher};
use crate::util::rng::splitmix64;
use std::sync::atomic::AtomicBool;

/// Nodes a move for level 10 (which plays by time in games).
pub const FULL_NODES: u64 = 500_000;
/// The rating of a player below the ladder who finds nothing.
const FLOOR: f64 = 600.0;
/// How far above level 10 the player who finds everything stands.
const ABOVE: f64 = 300.0;

/// Does `level` play the whole `solution` (solver's moves and the opponent's replies)
/// from `start`, the solver to move? Where the line's last move mates, any mate will do.
pub fn finds(
    s: &mut Searcher,
    start: &Game,
    solution: &[crate::core::Move],
    level: Level,
    seed: u64,
) -> bool {
    s.clear();
    s.set_seed(seed);
    let mut game = start.clone();
    for (i, &mv) in solution.iter().enumerate() {
        if i % 2 == 0 {
            let limits = Limits {
                nodes: level.limits().nodes.or(Some(FULL_NODES)),
                depth: level.limits().depth,
                ..Limits::default()
            };
            let stop = AtomicBool::new(false);
            let Some(chosen) = s.think(&game, level, &limits, &stop, &mut |_| {}).best else {
                return false;
            };
            let mates = |m| game.position().after(m).is_checkmate();
            let last = i + 1 == solution.len();
            if chosen != mv && !(last && mates(mv) && mates(chosen)) {
                return false;
            }
        }
        if game.play(mv).is_err() {
            return false;
        }
    }
    true
}

/// The tactic's rating: each level, weakest first, tries up to `tries` times (stopping
/// once most tries have gone one way) until one finds it in most; `seed` makes the tries
/// reproducible. Also returns each level's share of successes (1 for the levels above the
/// first that succeeds, which are not tried).
pub fn rate(
    s: &mut Searcher,
    start: &Game,
    solution: &[crate::core::Move],
    tries: u32,
    seed: u64,
) -> (u32, [f64; 10]) {
    let mut rates = [0.0; 10];
    for k in 1..=Level::MAX_MODERN {
        let (mut wins, mut losses) = (0, 0);
        for t in 0..tries {
            if 2 * wins > tries || 2 * losses > tries {
                break;
            }
            let sd = splitmix64(seed ^ (t as u64 * 7919));
            if finds(s, start, solution, Level::Modern(k), sd) {
                wins += 1;
            } else {
                losses += 1;
            }
        }
        rates[k as usize - 1] = wins as f64 / (wins + losses).max(1) as f64;
        if 2 * wins > tries {
            for r in rates.iter_mut().skip(k as usize) {
                *r = 1.0;
            }
            break;
        }
    }
    (rating_of(&rates), rates)
}

/// The Elo at which half the tries would succeed, from each level's share of successes.
///
/// ```
/// use huo_chess::tactics::difficulty::rating_of;
/// use huo_chess::level::MEASURED_ELO;
/// // Level 4 finds it always, level 3 never: half-way between their ratings.
/// let mut rates = [0.0; 10];
/// rates[3..].fill(1.0);
/// assert_eq!(rating_of(&rates), (MEASURED_ELO[2] + MEASURED_ELO[3]) / 2);
/// // Level 1 finds it in two tries of three: below level 1's rating.
/// rates[0] = 2.0 / 3.0;
/// assert!(rating_of(&rates) < MEASURED_ELO[0]);
/// ```
pub fn rating_of(rates: &[f64; 10]) -> u32 {
    let elo = |k: usize| -> f64 {
        match k {
            0 => FLOOR,
            11 => MEASURED_ELO[9] as f64 + ABOVE,
            k => MEASURED_ELO[k - 1] as f64,
        }
    };
    let rate = |k: usize| -> f64 {
        match k {
            0 => 0.0,
            11 => 1.0,
            k => rates[k - 1],
        }
    };
    let k = (1..=11).find(|&k| rate(k) > 0.5).unwrap_or(11);
    let (lo, hi) = (rate(k - 1).min(0.5), rate(k));
    let x = (0.5 - lo) / (hi - lo);
    (elo(k - 1) + x * (elo(k) - elo(k - 1))).round() as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Position, parse_uci};
    use crate::eval::Evaluator;

    fn start(fen: &str) -> Game {
        Game::from_position(Position::from_fen(fen).unwrap())
    }

    #[test]
    fn a_back_rank_mate_in_one_is_rated_below_level_six() {
        let mut s = Searcher::new(Evaluator::default(), 8);
        let mate = start("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
        let mv = parse_uci(mate.position(), "a1a8").unwrap();
        let (easy, rates) = rate(&mut s, &mate, &[mv], 3, 1);
        assert!(
            rates[9] == 1.0 && easy < MEASURED_ELO[5],
            "{easy} {rates:?}"
        );
        assert_eq!(easy, rating_of(&rates));
    }

    #[test]
    fn any_mate_in_one_counts_as_finding_the_last_move() {
        // Two rooks: Ra8# and Rb8# both mate; the line says Rb8#, a level playing Ra8# finds it.
        let g = start("6k1/5ppp/8/8/8/8/5PPP/RR4K1 w - - 0 1");
        let mut s = Searcher::new(Evaluator::default(), 8);
        for line in ["a1a8", "b1b8"] {
            let mv = parse_uci(g.position(), line).unwrap();
            assert!(finds(&mut s, &g, &[mv], Level::FULL, 1), "{line}");
        }
        // Where the line's move does not mate, only that move will do.
        let quiet = parse_uci(g.position(), "h2h3").unwrap();
        assert!(!finds(&mut s, &g, &[quiet], Level::FULL, 1));
    }
}
