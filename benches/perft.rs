//! Perft speed, ours against cozy-chess (a fast MIT-licensed Rust move generator), measured
//! the same way in the same run: leaf nodes of the start position at depth 6 and of Kiwipete
//! at depth 5, the last ply counted in bulk (moves counted, not played).
//!
//! `cargo bench --bench perft` runs the criterion measurements, then prints a summary with
//! both speeds and their ratio (interleaved runs, median of each).

use criterion::Criterion;
use huo_chess::core::{Position, perft};
use std::hint::black_box;
use std::time::{Duration, Instant};

const CASES: [(&str, &str, u32, u64); 2] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
        119_060_324,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        193_690_690,
    ),
];

/// cozy-chess perft with the same bulk counting at the last ply.
fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

fn ours(fen: &str, depth: u32) -> u64 {
    perft(&Position::from_fen(fen).unwrap(), depth)
}

fn cozy(fen: &str, depth: u32) -> u64 {
    cozy_perft(&fen.parse().unwrap(), depth)
}

fn criterion_benches(c: &mut Criterion) {
    for (name, fen, depth, _) in CASES {
        let mut group = c.benchmark_group(format!("perft/{name}-d{depth}"));
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(8));
        group.bench_function("huo-chess", |b| b.iter(|| ours(black_box(fen), depth)));
        group.bench_function("cozy-chess", |b| b.iter(|| cozy(black_box(fen), depth)));
        group.finish();
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Interleaved runs A B A B ..., so drift in machine speed hits both alike.
fn summary() {
    println!("\nSummary (median of 5 interleaved runs, million leaf nodes per second):");
    for (name, fen, depth, expected) in CASES {
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for _ in 0..5 {
            let t = Instant::now();
            assert_eq!(ours(fen, depth), expected);
            a.push(expected as f64 / t.elapsed().as_secs_f64() / 1e6);
            let t = Instant::now();
            assert_eq!(cozy(fen, depth), expected);
            b.push(expected as f64 / t.elapsed().as_secs_f64() / 1e6);
        }
        let (a, b) = (median(a), median(b));
        println!(
            "  {name:<9} depth {depth}: huo-chess {a:7.1} Mnps, cozy-chess {b:7.1} Mnps, ratio {:.2}",
            a / b
        );
    }
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    criterion_benches(&mut c);
    c.final_summary();
    summary();
}
