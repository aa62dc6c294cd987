//! Perft: the move generator against the published leaf counts of `tests/data/perft.epd`
//! (74 positions covering castling, en passant, promotions, pins, checks and mates).
//!
//! The default run checks every position at every depth up to 300 million nodes (seconds in
//! release mode). The four deepest counts (billions of nodes) run with `--ignored`.

use crate::common;

use huo_chess::core::{Position, perft, perft_divide};

const DEFAULT_LIMIT: u64 = 300_000_000;

fn check(select: impl Fn(u64) -> bool) {
    let jobs: Vec<(usize, String, u32, u64)> = common::perft_suite()
        .into_iter()
        .flat_map(|c| {
            let (line, fen) = (c.line, c.fen);
            c.counts
                .into_iter()
                .filter(|&(_, n)| select(n))
                .map(move |(d, n)| (line, fen.clone(), d, n))
        })
        .collect();
    assert!(!jobs.is_empty());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let failures: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let jobs = &jobs;
                s.spawn(move || {
                    let mut bad = Vec::new();
                    for (line, fen, depth, expected) in jobs.iter().skip(t).step_by(threads) {
                        let pos = Position::from_fen(fen).unwrap();
                        let got = perft(&pos, *depth);
                        if got != *expected {
                            bad.push(format!(
                                "line {line} `{fen}` depth {depth}: expected {expected}, got {got}"
                            ));
                        }
                    }
                    bad
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}

#[test]
fn every_position_matches_the_published_counts() {
    // Every line is covered, at least at depths 1-4.
    for case in common::perft_suite() {
        assert!(
            case.counts
                .iter()
                .any(|&(d, n)| d >= 4 && n <= DEFAULT_LIMIT)
        );
    }
    check(|n| n <= DEFAULT_LIMIT);
}

#[test]
#[ignore = "billions of nodes: run with `cargo test --release -- --ignored`"]
fn deepest_published_counts() {
    check(|n| n > DEFAULT_LIMIT);
}

#[test]
fn divide_sums_to_perft_and_lists_every_root_move() {
    let pos =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    let divide = perft_divide(&pos, 3);
    assert_eq!(divide.len(), 48);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 97862);
    let e1g1 = divide.iter().find(|(m, _)| m.to_string() == "e1g1");
    assert_eq!(e1g1.map(|(_, n)| *n), Some(2059));
}

#[test]
fn terminal_positions_have_no_moves() {
    let mate = Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
        .unwrap();
    assert!(mate.is_checkmate());
    assert_eq!(perft(&mate, 1), 0);
    let stalemate = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(stalemate.is_stalemate());
    assert!(!stalemate.is_checkmate());
}

/// `gives_check` (asked before the move, for pruning) agrees with playing the move and
/// looking, on every move of a 3-ply tree from every suite position: direct, discovered,
/// double checks, and the played-out special moves.
#[test]
fn gives_check_agrees_with_playing_the_move() {
    fn walk(pos: &Position, depth: u32, checks: &mut u64) {
        for &mv in pos.legal_moves().iter() {
            let child = pos.after(mv);
            assert_eq!(
                pos.gives_check(mv),
                child.in_check(),
                "{} in `{}`",
                mv.uci(),
                pos.fen()
            );
            *checks += child.in_check() as u64;
            if depth > 1 {
                walk(&child, depth - 1, checks);
            }
        }
    }
    let mut checks = 0;
    for case in common::perft_suite() {
        walk(&Position::from_fen(&case.fen).unwrap(), 3, &mut checks);
    }
    assert!(checks > 10_000, "only {checks} checking moves seen");
}

/// `key_after` (the early key the search fetches the table entry with) is the real key of
/// the child for every move that leaves castling rights and en passant alone, and differs
/// only for those: checked on every move of a 2-ply tree from every suite position.
#[test]
fn key_after_is_the_childs_key_for_ordinary_moves() {
    fn walk(pos: &Position, depth: u32, same: &mut u64, special: &mut u64) {
        for &mv in pos.legal_moves().iter() {
            let role = pos.role_on(mv.from()).unwrap();
            let child = pos.after(mv);
            let ordinary = child.castling() == pos.castling()
                && child.ep_square().is_none()
                && (role != huo_chess::core::Role::Pawn || pos.ep_square() != Some(mv.to()))
                && !(role == huo_chess::core::Role::King
                    && (mv.to() as i32 - mv.from() as i32).abs() == 2);
            if ordinary {
                assert_eq!(
                    pos.key_after(mv, role),
                    child.key(),
                    "{} in `{}`",
                    mv.uci(),
                    pos.fen()
                );
                *same += 1;
            } else {
                *special += 1;
            }
            if depth > 1 {
                walk(&child, depth - 1, same, special);
            }
        }
    }
    let (mut same, mut special) = (0, 0);
    for case in common::perft_suite() {
        walk(
            &Position::from_fen(&case.fen).unwrap(),
            2,
            &mut same,
            &mut special,
        );
    }
    assert!(
        same > 10_000 && special > 100,
        "{same} ordinary, {special} special"
    );
}
