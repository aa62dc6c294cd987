//! The command-line tools, run as a user runs them.

use crate::common;
use common::huo_chess;

#[test]
fn perft_prints_the_stockfish_style_last_line() {
    let (ok, out, _) = huo_chess(&["perft", "4"]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("Nodes searched: 197281"));
}

#[test]
fn perft_divide_lists_root_moves() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let (ok, out, _) = huo_chess(&["perft", "2", "--divide", "--fen", kiwipete]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().filter(|l| l.contains(": ")).collect();
    assert_eq!(lines.len(), 49, "48 moves and the total");
    assert!(lines.contains(&"e1g1: 43"), "{out}");
    assert_eq!(out.lines().last(), Some("Nodes searched: 2039"));
}

#[test]
fn perft_rejects_bad_input_with_a_message() {
    let (ok, _, err) = huo_chess(&["perft", "3", "--fen", "not a fen"]);
    assert!(!ok);
    assert!(err.starts_with("huo-chess: Invalid FEN"), "{err}");
    let (ok, _, err) = huo_chess(&["perft", "-1"]);
    assert!(!ok);
    assert!(err.starts_with("huo-chess: Unexpected argument"), "{err}");
    let (ok, _, err) = huo_chess(&["perft", "deep"]);
    assert!(!ok);
    assert!(err.starts_with("huo-chess: Invalid depth 'deep'"), "{err}");
}

#[test]
fn eval_explains_a_position_and_rejects_a_bad_one() {
    // White a queen up: the material part and the final score say so.
    let (ok, out, _) = huo_chess(&["eval", "--fen", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"]);
    assert!(ok);
    let material: Vec<f64> = out
        .lines()
        .find(|l| l.starts_with("Material"))
        .unwrap()
        .split_whitespace()
        .skip(1)
        .map(|n| n.parse().unwrap())
        .collect();
    assert!(
        material.len() == 3 && material.iter().all(|&p| p > 8.0),
        "{out}"
    );
    let (_, white, _) = common::read_breakdown(&out);
    assert!(white > 800, "{out}");
    let (ok, _, err) = huo_chess(&["eval", "--fen", "8/8/8 w - - 0 1"]);
    assert!(!ok);
    assert!(err.contains("FEN"), "{err}");
}

/// The node count `bench` prints on stdout.
fn bench_nodes(out: &str) -> u64 {
    out.lines()
        .find_map(|l| l.strip_prefix("Nodes searched  : "))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no node count in {out}"))
}

#[test]
fn bench_searches_with_the_evaluation_of_an_explicit_config() {
    let dir = common::tempdir("bench-config");
    let cheap_queen = dir.join("queen1.toml");
    std::fs::write(&cheap_queen, "[pieces]\nqueen = 1.0\n").unwrap();
    let (ok, out, _) = huo_chess(&["bench", "--depth", "5"]);
    assert!(ok);
    let builtin = bench_nodes(&out);
    // Same search, another evaluation: another tree.
    let file = cheap_queen.to_str().unwrap();
    let (ok, out, err) = huo_chess(&["--config", file, "bench", "--depth", "5"]);
    assert!(ok, "{err}");
    assert_ne!(bench_nodes(&out), builtin);
    assert!(err.contains("not the signature"), "{err}");
    // A broken file is refused with its place, not benchmarked with the defaults.
    std::fs::write(&cheap_queen, "[pieces]\nqueen = \"nine\"\n").unwrap();
    let (ok, out, err) = huo_chess(&["--config", file, "bench", "--depth", "5"]);
    assert!(!ok);
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("queen"), "{err}");
}

/// `huo-chess eval` lists every part of the score, the bonus for having the move too (it
/// was in no line: every total was 0.25 off), and they add up to the score the search
/// uses, to the centipawn, on every bench position and with either side to move.
#[test]
fn eval_lines_add_up_to_the_score_the_search_uses() {
    let e = huo_chess::eval::Evaluator::default();
    for fen in huo_chess::search::bench::POSITIONS {
        let (ok, out, err) = huo_chess(&["eval", "--fen", fen]);
        assert!(ok, "{fen}: {err}");
        let (parts, white, side_to_move) = common::read_breakdown(&out);
        assert!(
            parts
                .iter()
                .any(|(name, _)| name.starts_with("Side to move (")),
            "{out}"
        );
        assert_eq!(
            parts.iter().map(|p| p.1).sum::<i32>(),
            white,
            "{fen}: {out}"
        );
        let pos = huo_chess::Position::from_fen(fen).unwrap();
        assert_eq!(side_to_move, e.evaluate(&pos), "{fen}");
        let sign = if pos.turn() == huo_chess::Color::White {
            1
        } else {
            -1
        };
        assert_eq!(white, sign * side_to_move, "{fen}: {out}");
    }
}

/// A command whose reader went away (`huo-book dump | head -1`) ends as Unix programs do:
/// killed by SIGPIPE at its next write (status 141 in a shell), with no panic message.
#[cfg(unix)]
#[test]
fn a_command_whose_reader_went_away_ends_quietly() {
    use std::os::unix::process::ExitStatusExt;
    use std::process::{Command, Stdio};
    let runs: [(&str, &[&str]); 3] = [
        (env!("CARGO_BIN_EXE_huo-book"), &["dump"]),
        (env!("CARGO_BIN_EXE_huo-book"), &["show"]),
        (env!("CARGO_BIN_EXE_huo-chess"), &["perft", "3", "--divide"]),
    ];
    for (bin, args) in runs {
        // A pipe whose reader is gone before the command starts: its first write meets a
        // closed pipe. (Dropping the reader after the start raced with a quick command
        // on a loaded machine: all its output fitted in the pipe before the drop.)
        let mut fds = [0; 2];
        assert_eq!(unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) }, 0);
        let (reader, writer) = unsafe {
            use std::os::fd::{FromRawFd, OwnedFd};
            (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1]))
        };
        drop(reader);
        let out = Command::new(bin)
            .args(args)
            .stdout(Stdio::from(writer))
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{bin} {args:?}: {err}");
        assert_eq!(
            out.status.signal(),
            Some(libc::SIGPIPE),
            "{bin} {args:?}: {:?}, {err}",
            out.status
        );
    }
}
