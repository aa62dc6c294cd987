//! `huo-chess bench`: a fixed set of positions searched to a fixed depth.
//!
//! The total node count is a signature of the search: it changes only when the search or
//! the evaluation changes (commits that change them record the new count). The speed, in
//! nodes per second, is the engine's raw speed on this machine.
//!
//! The signature is that of one thread. With more (`--threads N`) the threads race each
//! other, so the count changes from run to run; the time to reach the depth is then what
//! tells whether the threads help (compare it with a one-thread run).

use super::{Level, Limits, Searcher};
use crate::core::Position;
use crate::eval::Evaluator;
use crate::game::Game;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The depth `huo-chess bench` searches by default.
pub const DEPTH: u32 = 9;

/// The node count of `huo-chess bench` at [`DEPTH`] with the built-in evaluation and one
/// thread: the search's signature, recorded here and nowhere else. A change to the search
/// or the evaluation changes it, and must change this number on purpose (a test compares).
pub const SIGNATURE: u64 = 175_579;

/// Openings, middlegames and endings of every kind, including checks, promotions and mates.
pub const POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    "rnbqkb1r/pp3ppp/2p1pn2/3p4/2PP4/2N2N2/PP2PPPP/R1BQKB1R w KQkq - 0 5",
    "r1bq1rk1/ppp1ppbp/2np1np1/8/2PPP3/2N2N2/PP2BPPP/R1BQ1RK1 b - - 3 7",
    "r2qkb1r/pp2pppp/2n2n2/3p1b2/3P1B2/2N1PN2/PP3PPP/R2QKB1R b KQkq - 2 7",
    "rnbqk2r/pppp1ppp/4pn2/8/1bPP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4",
    "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6",
    "r1bqk2r/2ppbppp/p1n2n2/1p2p3/4P3/1B3N2/PPPP1PPP/RNBQR1K1 b kq - 1 7",
    "2rq1rk1/pp1bppbp/2np1np1/8/3NP3/1BN1BP2/PPPQ2PP/2KR3R b - - 5 11",
    "r1b2rk1/2q1bppp/p2ppn2/1p6/3BPP2/2NB1Q2/PPP3PP/R4RK1 w - - 0 13",
    "r2q1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PN1PN2/PB2BPPP/R2Q1RK1 w - - 0 10",
    "3r1rk1/p4ppp/1qp1b3/2b1P3/8/1BN5/PP3PPP/R2Q1R1K w - - 0 18",
    "r4rk1/pp3ppp/2n1b3/q1pp4/3P4/P1P1PN2/3QBPPP/R4RK1 b - - 2 14",
    "2r2rk1/1bqnbppp/pp1ppn2/8/2PNP3/1PN1B1P1/P3QPBP/2RR2K1 w - - 2 15",
    "r1bq1rk1/pp2nppp/4p3/3pP3/1b1P4/2NB1N2/PP3PPP/R2QK2R w KQ - 3 10",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/8/4k3/8/2K5/3Q4/8/8 w - - 0 1",
    "8/8/8/4k3/8/8/8/R3K3 w Q - 0 1",
    "8/5pk1/6p1/8/1P6/6PP/5PK1/8 w - - 0 40",
    "8/3k4/8/3PK3/8/8/8/8 w - - 0 1",
    "8/8/1p3k2/p1p5/P1P2K2/1P6/8/8 w - - 0 45",
    "6k1/pp3ppp/8/3r4/8/8/PP3PPP/3R2K1 w - - 0 30",
    "8/6k1/8/8/8/4N3/3B4/2K5 w - - 0 1",
    "4r1k1/1p3ppp/p1p5/3n4/3P4/PB3N2/1P3PPP/4R1K1 w - - 0 25",
    "2kr3r/ppp2ppp/2n5/2b1q3/4P1b1/2NP4/PPP1BPPP/R1BQ1RK1 w - - 0 10",
    "r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 0 7",
    "5rk1/1q3ppp/p3p3/1p1nP3/3P4/P2B4/1P3QPP/5RK1 b - - 0 24",
    "1r4k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1",
    "6k1/5p2/6p1/8/7p/8/6PP/6K1 b - - 0 50",
    "8/8/8/8/8/5k2/3p4/5K2 b - - 0 1",
    "r1bqkbnr/pppp1Qpp/2n5/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
    "2r3k1/5pp1/4p2p/3pP3/1q1P4/1P3QP1/5P1P/2R3K1 w - - 0 30",
    "r3r1k1/pp3pbp/1qp1b1p1/2B5/2BP4/Q1n2N2/P4PPP/3R1K1R w - - 4 18",
    "3q1rk1/5pbp/5np1/1p1p4/3P4/1PN1P1P1/4QPBP/2R3K1 b - - 0 22",
];

/// What a bench run measured.
#[derive(Clone, Copy, Debug)]
pub struct BenchResult {
    pub nodes: u64,
    pub time: Duration,
}

impl BenchResult {
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(1e-9)) as u64
    }
}

/// Searches every bench position to `depth` with a fresh 16 MB table each, at full strength.
pub fn run(depth: u32, each: impl FnMut(usize, &str, u64)) -> BenchResult {
    run_threads(depth, 1, each)
}

/// [`run`] on `threads` search threads (the node count is a signature only with one).
pub fn run_threads(depth: u32, threads: usize, each: impl FnMut(usize, &str, u64)) -> BenchResult {
    run_with(&Evaluator::default(), depth, threads, each)
}

/// [`run_threads`] with another evaluation (a configuration's weights): the node count is
/// then that configuration's, not the built-in signature.
pub fn run_with(
    eval: &Evaluator,
    depth: u32,
    threads: usize,
    mut each: impl FnMut(usize, &str, u64),
) -> BenchResult {
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut total = 0;
    let start = Instant::now();
    for (i, fen) in POSITIONS.iter().enumerate() {
        // Every FEN here is checked by a test: a bad one would change the signature silently.
        let pos = Position::from_fen(fen).expect("bench positions are legal");
        let mut searcher = Searcher::new(eval.clone(), 16);
        searcher.set_threads(threads);
        let game = Game::from_position(pos);
        let r = searcher.think(&game, Level::FULL, &limits, &stop, &mut |_| {});
        total += r.nodes;
        each(i + 1, fen, r.nodes);
    }
    BenchResult {
        nodes: total,
        time: start.elapsed(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bench_position_is_legal_and_distinct() {
        for fen in POSITIONS {
            if let Err(e) = Position::from_fen(fen) {
                panic!("{fen}: {e}");
            }
        }
        let mut keys: Vec<_> = POSITIONS
            .iter()
            .map(|f| Position::from_fen(f).unwrap().key())
            .collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), POSITIONS.len());
    }
}
