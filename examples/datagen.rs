//! Training positions for the tuner: fast self-play games of the full search.
//!
//! Each game starts with a few random moves (for variety), then both sides search a fixed
//! number of nodes per move. Positions from the game where the side to move is not in
//! check and the search's choice is a quiet move are written once, as `FEN|result` (the
//! result for White: 1.0, 0.5, 0.0), a few per game so that no game weighs too much.
//! `tools/tune-data.py label` then scores them with a reference engine, and
//! `examples/tune.rs` fits the evaluation to those scores.
//!
//! ```text
//! cargo run --release --example datagen -- positions.txt --games 20000 --nodes 3000
//! ```

use huo_chess::eval::Evaluator;
use huo_chess::search::{Level, Limits, Searcher};
use huo_chess::util::rng::XorShift;
use huo_chess::{Color, Game, Position};
use std::collections::HashSet;
use std::io::Write;
use std::sync::atomic::AtomicBool;

/// Play fast self-play games and write their quiet positions.
#[derive(clap::Parser)]
struct Options {
    /// Where to write the positions (`FEN|result` lines).
    out: String,
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 3000)]
    nodes: u64,
    /// Positions kept per game at most (chosen at random among its quiet ones).
    #[arg(long, default_value_t = 24)]
    per_game: usize,
    /// Seed of the random opening moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// A game started by `random` random moves, or `None` if it ended during them.
fn random_start(rng: &mut XorShift, random: usize) -> Option<Game> {
    let mut game = Game::new();
    for _ in 0..random {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            return None;
        }
        game.play(moves[rng.below(moves.len())]).ok()?;
    }
    (!game.position().legal_moves().is_empty()).then_some(game)
}

fn main() {
    let o = <Options as clap::Parser>::parse();
    let mut rng = XorShift::new(o.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut searcher = Searcher::new(Evaluator::default(), 16);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        nodes: Some(o.nodes),
        ..Limits::default()
    };
    let file = std::fs::File::create(&o.out).unwrap_or_else(|e| {
        eprintln!("datagen: {}: {e}", o.out);
        std::process::exit(1);
    });
    let mut out = std::io::BufWriter::new(file);
    let mut seen: HashSet<u64> = HashSet::new();
    let mut written = 0usize;
    for g in 0..o.games {
        let random = 4 + rng.below(6);
        let Some(mut game) = random_start(&mut rng, random) else {
            continue;
        };
        searcher.clear();
        let mut quiet: Vec<Position> = Vec::new();
        let outcome = loop {
            if let Some(outcome) = game.outcome() {
                break outcome.winner();
            }
            if game.moves().len() > 400 {
                break None;
            }
            let pos = *game.position();
            let result = searcher.think(&game, Level::FULL, &limits, &stop, &mut |_| {});
            let Some(mv) = result.best else { break None };
            if !pos.in_check() && !pos.is_capture(mv) && mv.promotion().is_none() {
                quiet.push(pos);
            }
            if game.play(mv).is_err() {
                break None;
            }
        };
        let result = match outcome {
            Some(Color::White) => "1.0",
            Some(Color::Black) => "0.0",
            None => "0.5",
        };
        // A random sample of the game's quiet positions, each position once overall.
        for _ in 0..o.per_game.min(quiet.len()) {
            let i = rng.below(quiet.len());
            let pos = quiet.swap_remove(i);
            if seen.insert(pos.key()) {
                let _ = writeln!(out, "{}|{result}", pos.fen());
                written += 1;
            }
        }
        if (g + 1) % 100 == 0 {
            let _ = out.flush();
            eprintln!("{} games, {written} positions", g + 1);
        }
    }
    let _ = out.flush();
    eprintln!("{} games, {written} positions", o.games);
}
