//! Synthetic games for the book benchmarks (`tools/book-bench.sh`): random legal games
//! written as PGN to standard output, with a result each (so that weights by results,
//! `polyglot make-book`'s, have something to count).
//!
//! Each move is drawn from the position's legal moves, skewed towards the first ones
//! (index `n * u^3`, `u` uniform), so that games share their first moves and branch out
//! later, as the games of a real database do: a book made of them is a tree, not a fan.
//!
//! ```text
//! cargo run --release --example random_games -- --games 100000 --plies 24 > games.pgn
//! ```

use huo_chess::Game;
use huo_chess::pgn::write_game;
use huo_chess::util::rng::splitmix64;
use std::io::Write;

/// Write random games as PGN.
#[derive(clap::Parser)]
struct Options {
    /// Games to write.
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Half-moves per game (fewer when a game ends before).
    #[arg(long, default_value_t = 24)]
    plies: usize,
    /// The random seed: the same seed gives the same games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn main() -> std::io::Result<()> {
    let opts: Options = clap::Parser::parse();
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let mut rng = opts.seed;
    for i in 0..opts.games {
        let mut game = Game::new();
        for _ in 0..opts.plies {
            if game.outcome().is_some() {
                break;
            }
            let moves = game.position().legal_moves();
            rng = splitmix64(rng);
            let u = (rng >> 11) as f64 / (1u64 << 53) as f64;
            let i = ((moves.len() as f64 * u * u * u) as usize).min(moves.len() - 1);
            game.play(moves[i]).expect("a legal move");
        }
        rng = splitmix64(rng);
        let result = ["1-0", "0-1", "1/2-1/2"][(rng % 3) as usize];
        let headers = vec![
            ("Event".to_string(), format!("Random {}", i + 1)),
            ("Result".to_string(), result.to_string()),
        ];
        out.write_all(write_game(&game, &headers, Some(result)).as_bytes())?;
    }
    out.flush()
}
