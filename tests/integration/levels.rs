//! The levels as an opponent meets them: every numbered level finishes a won ending
//! (king and queen, king and rook, king and pawn against a bare king) before the
//! fifty-move rule or a repetition, against a defence of the engine's own.

use huo_chess::core::{Color, Position};
use huo_chess::eval::Evaluator;
use huo_chess::game::{Game, Outcome};
use huo_chess::search::{Level, Limits, Searcher};
use std::sync::atomic::AtomicBool;

/// Won endings, the strong side to move: two with a queen, two with a rook, two with a
/// pawn (each a win by Stockfish's king-and-pawn knowledge).
const WON: [&str; 6] = [
    "8/8/8/4k3/8/8/8/4K2Q w - - 0 1",
    "8/1k6/8/8/8/5K2/8/6Q1 w - - 0 1",
    "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
    "8/3k4/8/8/8/8/1R6/6K1 w - - 0 1",
    "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1",
    "8/5k2/8/8/5K2/5P2/8/8 w - - 0 1",
];

/// Nodes a move for the defence: full strength, deterministic, quick.
const DEFENCE_NODES: u64 = 4_000;

/// Plays `fen` out, `level` for the side to move against the engine's own defence, and
/// returns how the game ended (`None`: still going after 150 moves, which the fifty-move
/// rule makes impossible without a capture or pawn move... or with them, a failure too).
fn play_out(fen: &str, level: Level, seed: u64) -> (Option<Outcome>, Game) {
    let start = Position::from_fen(fen).unwrap();
    let strong = start.turn();
    let mut game = Game::from_position(start);
    let mut attacker = Searcher::new(Evaluator::default(), 8);
    attacker.set_seed(seed);
    let mut defender = Searcher::new(Evaluator::default(), 8);
    defender.set_seed(seed);
    let stop = AtomicBool::new(false);
    // Level 10 has no budget of its own without a clock: give it the largest rung's.
    let attack = if level == Level::FULL {
        Limits {
            nodes: Level::Modern(9).limits().nodes,
            ..Limits::default()
        }
    } else {
        Limits::default()
    };
    let defend = Limits {
        nodes: Some(DEFENCE_NODES),
        ..Limits::default()
    };
    for _ in 0..300 {
        if let Some(outcome) = game.outcome() {
            return (Some(outcome), game);
        }
        let (searcher, lvl, limits) = if game.position().turn() == strong {
            (&mut attacker, level, &attack)
        } else {
            (&mut defender, Level::FULL, &defend)
        };
        let r = searcher.think(&game, lvl, limits, &stop, &mut |_| {});
        game.play(r.best.expect("a legal move")).unwrap();
    }
    (game.outcome(), game)
}

#[test]
fn every_level_mates_a_bare_king_in_time() {
    for n in 1..=Level::MAX_MODERN {
        let level = Level::Modern(n);
        for (i, fen) in WON.iter().enumerate() {
            let strong = Position::from_fen(fen).unwrap().turn();
            let (outcome, game) = play_out(fen, level, 17 + i as u64);
            assert_eq!(
                outcome,
                Some(Outcome::Checkmate { winner: strong }),
                "level {level} from {fen}: {}",
                game.movetext()
            );
        }
    }
}

#[test]
fn a_rating_between_rungs_finishes_a_won_ending_too() {
    let (outcome, game) = play_out(WON[3], Level::Rated(1200), 5);
    assert_eq!(
        outcome,
        Some(Outcome::Checkmate {
            winner: Color::White
        }),
        "{}",
        game.movetext()
    );
}

/// The move `level` plays in `fen` with `seed`.
fn choice(fen: &str, level: Level, seed: u64) -> String {
    let game = Game::from_position(Position::from_fen(fen).unwrap());
    let mut s = Searcher::new(Evaluator::default(), 8);
    s.set_seed(seed);
    let stop = AtomicBool::new(false);
    let r = s.think(&game, level, &Limits::default(), &stop, &mut |_| {});
    r.best.expect("a legal move").uci()
}

#[test]
fn weak_levels_promote_to_a_queen_unless_a_knight_mates() {
    // dxe8 takes the rook whatever it becomes, and the king takes back any piece: no
    // under-promotion wins anything, so a player takes a queen (before, level 1 took a
    // rook 38 times in 40).
    for n in 1..=5 {
        for seed in 0..12 {
            let mv = choice("4r3/3P1k2/8/8/8/8/8/6K1 w - - 0 1", Level::Modern(n), seed);
            assert_eq!(mv, "d7e8q", "level {n}, seed {seed}");
        }
    }
    // exf1=N is mate (exf1=Q is not even check): every level finds the knight.
    for n in 1..=5 {
        for seed in 0..6 {
            let mv = choice(
                "8/8/8/8/7k/4b2P/4p1PK/5B1N b - - 0 1",
                Level::Modern(n),
                seed,
            );
            assert_eq!(mv, "e2f1n", "level {n}, seed {seed}");
        }
    }
}
