//! UCI sessions scripted through the engine's standard input, as a GUI would drive it.

use crate::common;

use huo_chess::core::{Position, parse_uci};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

/// How long any answer may take before a test gives up on the engine (generous: the
/// machine may be busy; a hung engine fails the test instead of hanging it).
const PATIENCE: Duration = Duration::from_secs(600);

struct Engine {
    child: Child,
    stdin: ChildStdin,
    /// The engine's output, line by line, read on a thread of its own so that waiting
    /// for a line can time out.
    lines: Receiver<String>,
}

impl Engine {
    fn start(extra: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_huo-chess"))
            .args(extra)
            .arg("uci")
            .env("HUO_CONFIG", "")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("huo-chess starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in stdout.lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        self.until_within(prefix, PATIENCE)
    }

    /// [`Engine::until`], failing if the line has not come within `timeout`.
    fn until_within(&mut self, prefix: &str, timeout: Duration) -> Vec<String> {
        let deadline = std::time::Instant::now() + timeout;
        let mut lines = Vec::new();
        loop {
            let wait = deadline.saturating_duration_since(std::time::Instant::now());
            let line = match self.lines.recv_timeout(wait) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    let _ = self.child.kill();
                    panic!("no '{prefix}' within {timeout:?}: {lines:?}")
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("engine closed its output while waiting for '{prefix}': {lines:?}")
                }
            };
            let line = line.trim_end().to_string();
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// The lines the engine has sent so far, without waiting.
    fn sent_so_far(&mut self) -> Vec<String> {
        self.lines.try_iter().collect()
    }

    fn bestmove(&mut self) -> String {
        let lines = self.until("bestmove");
        lines
            .last()
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap()
            .to_string()
    }

    fn quit(mut self) {
        self.send("quit");
        let status = self.child.wait().unwrap();
        assert!(status.success());
    }
}

#[test]
fn handshake_lists_the_options() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    let lines = e.until("uciok");
    assert!(lines[0].starts_with("id name Huo Chess"));
    for option in [
        "Hash",
        "OwnBook",
        "BookPath",
        "Level",
        "UCI_LimitStrength",
        "UCI_Elo",
        "Contempt",
        "MultiPV",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {option} "))),
            "{option} missing: {lines:?}"
        );
    }
    e.send("isready");
    assert_eq!(e.until("readyok"), vec!["readyok"]);
    e.quit();
}

#[test]
fn plays_the_config_example_at_depth_six() {
    let mut e = Engine::start(&[]);
    e.send("position fen 7k/2q5/5r2/3N4/8/8/8/7K w - - 0 1");
    e.send("go depth 6");
    let lines = e.until("bestmove");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 6 ")),
        "{lines:?}"
    );
    assert!(lines.last().unwrap().starts_with("bestmove d5c7"));
    e.quit();
}

#[test]
fn piece_values_from_a_config_file_change_the_move() {
    let dir = common::tempdir("uci");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("cheap-queen.toml");
    std::fs::write(&file, "[pieces]\nqueen = 1.0\n").unwrap();
    let mut e = Engine::start(&["--config", file.to_str().unwrap()]);
    e.send("position fen 7k/2q5/5r2/3N4/8/8/8/7K w - - 0 1");
    e.send("go depth 6");
    assert_eq!(e.bestmove(), "d5f6");
    e.quit();
}

#[test]
fn garbage_is_explained_and_ignored() {
    let mut e = Engine::start(&[]);
    for junk in [
        "hello world",
        "position",
        "position fen not/a/fen w - - 0 1",
        "position startpos moves e2e4 e2e4",
        "go depth banana",
        "setoption name Hash value -5",
        "setoption name Contempt value 500",
        "setoption name NoSuchOption value 1",
        "setoption",
        "\u{1b}[A\u{0}\u{7f}",
    ] {
        e.send(junk);
        e.send("isready");
        let lines = e.until("readyok");
        if junk.starts_with("go") {
            continue;
        }
        assert!(
            lines.iter().any(|l| l.starts_with("info string")),
            "no explanation for {junk:?}: {lines:?}"
        );
    }
    // After all that the engine still plays, from the last good position.
    e.send("position startpos moves e2e4");
    e.send("go depth 3");
    let mv = e.bestmove();
    let pos =
        huo_chess::Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
            .unwrap();
    assert!(huo_chess::core::parse_uci(&pos, &mv).is_ok(), "{mv}");
    e.quit();
}

#[test]
fn eval_shows_the_parts_of_the_evaluation() {
    let mut e = Engine::start(&[]);
    e.send("position startpos moves e2e4");
    e.send("eval");
    e.send("isready");
    let lines = e.until("readyok");
    for part in [
        "Material",
        "Mobility",
        "King safety",
        "Score for the side to move",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string") && l.contains(part)),
            "{part} missing: {lines:?}"
        );
    }
    e.quit();
}

/// UCI's `eval` prints the same breakdown as `huo-chess eval`: its lines add up to the
/// score for White, the bonus for having the move included, which is the side to move's
/// score turned round.
#[test]
fn eval_lines_add_up_to_the_score() {
    let mut e = Engine::start(&[]);
    for (moves, sign) in [("", 1), (" moves e2e4", -1), (" moves e2e4 c7c5 g1f3", -1)] {
        e.send(&format!("position startpos{moves}"));
        e.send("eval");
        e.send("isready");
        let lines = e.until("readyok");
        let text: Vec<&str> = lines
            .iter()
            .filter_map(|l| l.strip_prefix("info string "))
            .collect();
        let (parts, white, side_to_move) = common::read_breakdown(&text.join("\n"));
        assert_eq!(parts.iter().map(|p| p.1).sum::<i32>(), white, "{text:#?}");
        assert_eq!(white, sign * side_to_move, "{text:#?}");
        assert!(parts.iter().any(|p| p.0.starts_with("Side to move")));
    }
    e.quit();
}

#[test]
fn stop_ends_an_infinite_search_with_a_legal_move() {
    let mut e = Engine::start(&[]);
    e.send("ucinewgame");
    e.send("position startpos moves d2d4 d7d5 c2c4");
    e.send("go infinite");
    std::thread::sleep(std::time::Duration::from_millis(300));
    e.send("stop");
    let mv = e.bestmove();
    let pos = huo_chess::Position::from_fen(
        "rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2",
    )
    .unwrap();
    assert!(huo_chess::core::parse_uci(&pos, &mv).is_ok(), "{mv}");
    e.quit();
}

/// Panics unless `best` (a `bestmove` answer) is a legal move, in UCI form, in the position
/// `fen` + `moves`; the null move `0000` is not.
fn assert_legal(fen: &str, moves: &str, best: &str) {
    let mut pos = Position::from_fen(fen).unwrap();
    for m in moves.split_whitespace() {
        pos.play(parse_uci(&pos, m).unwrap());
    }
    match parse_uci(&pos, best) {
        Ok(mv) => {
            assert!(
                pos.is_legal(mv),
                "bestmove {best} is illegal in {}",
                pos.fen()
            );
            assert_eq!(mv.to_string(), best, "bestmove not in UCI form");
        }
        Err(e) => panic!("bestmove {best} in {}: {e}", pos.fen()),
    }
}

#[test]
#[should_panic(expected = "bestmove 0000")]
fn the_legality_check_refuses_the_null_move() {
    assert_legal(Position::STARTING_FEN, "", "0000");
}

#[test]
#[should_panic(expected = "while your king is in check")]
fn the_legality_check_refuses_an_illegal_move() {
    assert_legal("4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1", "", "a1a2");
}

/// The number after `key` in the last line that has one.
fn last_value(lines: &[String], key: &str) -> Option<u64> {
    lines.iter().rev().find_map(|l| {
        let words: Vec<&str> = l.split_whitespace().collect();
        let i = words.iter().position(|w| *w == key)?;
        words.get(i + 1)?.parse().ok()
    })
}

#[test]
fn clocks_movetime_nodes_and_levels_all_answer() {
    let start = Position::STARTING_FEN;
    // White in check from the rook: only king moves (not castling) are legal.
    let check = "4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1";
    let promotion = "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1";
    let mut e = Engine::start(&[]);
    e.send("setoption name OwnBook value false");
    e.send("position startpos");
    e.send("go wtime 2000 btime 2000 winc 100 binc 100");
    assert_legal(start, "", &e.bestmove());
    // A movetime search answers by itself, no `stop` needed (the budget's arithmetic is
    // search::time's unit test).
    e.send("position startpos moves e2e4 e7e5 g1f3");
    e.send("go movetime 100");
    let lines = e.until_within("bestmove", Duration::from_secs(120));
    assert_legal(
        start,
        "e2e4 e7e5 g1f3",
        lines.last().unwrap().split_whitespace().nth(1).unwrap(),
    );
    // A node budget is spent, and overshot by less than the 1024 nodes between two looks
    // at the limit.
    e.send("position startpos");
    e.send("go nodes 5000");
    let lines = e.until("bestmove");
    let nodes = last_value(&lines, "nodes").expect("an info line with nodes");
    assert!(
        (5000..5000 + 1024).contains(&nodes),
        "{nodes} nodes: {lines:?}"
    );
    e.send(&format!("position fen {check}"));
    e.send("go nodes 3000");
    assert_legal(check, "", &e.bestmove());
    e.send("setoption name Level value classic-3");
    e.send(&format!("position fen {promotion}"));
    e.send("go depth 1");
    assert_legal(promotion, "", &e.bestmove());
    e.send("setoption name UCI_LimitStrength value true");
    e.send("setoption name UCI_Elo value 1200");
    e.send("position startpos moves e2e4");
    e.send("go movetime 100");
    assert_legal(start, "e2e4", &e.bestmove());
    e.quit();
}

#[test]
fn a_mated_side_answers_with_the_null_move() {
    let mut e = Engine::start(&[]);
    e.send("position fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    e.send("go depth 3");
    assert_eq!(e.bestmove(), "0000");
    e.quit();
}

#[test]
fn ponder_then_ponderhit() {
    let mut e = Engine::start(&[]);
    e.send("position startpos moves e2e4 e7e5");
    // A second on each clock: pondering for longer than that must still not answer,
    // for the opponent has not moved yet.
    e.send("go ponder wtime 1000 btime 1000");
    std::thread::sleep(Duration::from_millis(1500));
    e.send("isready");
    let waiting = e.until("readyok");
    assert!(
        !waiting.iter().any(|l| l.starts_with("bestmove")),
        "bestmove before ponderhit: {waiting:?}"
    );
    e.send("ponderhit");
    assert_legal(Position::STARTING_FEN, "e2e4 e7e5", &e.bestmove());
    e.quit();
}

/// The `info` lines of one depth that carry a `multipv`: (index, first move of the pv).
fn multipv_lines(lines: &[String], depth: u32) -> Vec<(usize, String)> {
    lines
        .iter()
        .filter(|l| l.starts_with(&format!("info depth {depth} ")))
        .filter_map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let after = |key: &str| {
                let i = words.iter().position(|w| *w == key)?;
                words.get(i + 1).map(|w| w.to_string())
            };
            Some((after("multipv")?.parse().ok()?, after("pv")?))
        })
        .collect()
}

#[test]
fn multipv_three_reports_three_distinct_lines() {
    let mut e = Engine::start(&[]);
    // The book stays on: a GUI that asks for alternatives gets a search, not a book move.
    e.send("setoption name MultiPV value 3");
    e.send("position startpos moves e2e4");
    e.send("go depth 6");
    let lines = e.until("bestmove");
    let six = multipv_lines(&lines, 6);
    let index: Vec<usize> = six.iter().map(|l| l.0).collect();
    assert_eq!(index, vec![1, 2, 3], "{lines:?}");
    assert!(six[0].1 != six[1].1 && six[1].1 != six[2].1 && six[0].1 != six[2].1);
    let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    assert_eq!(best, six[0].1, "{lines:?}");
    assert!(
        lines.iter().any(|l| l.contains(" hashfull ")),
        "no hashfull: {lines:?}"
    );
    // Back to one line (and no book, which would answer this one).
    e.send("setoption name MultiPV value 1");
    e.send("setoption name OwnBook value false");
    e.send("go depth 4");
    let lines = e.until("bestmove");
    assert_eq!(multipv_lines(&lines, 4).len(), 1, "{lines:?}");
    e.send("setoption name MultiPV value 0");
    e.send("isready");
    let lines = e.until("readyok");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string option MultiPV"))
    );
    e.quit();
}

#[test]
fn searchmoves_restrict_the_answer() {
    let mut e = Engine::start(&[]);
    e.send("position startpos");
    e.send("go searchmoves e2e4 d2d4 depth 5");
    let lines = e.until("bestmove");
    let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    assert!(["e2e4", "d2d4"].contains(&best), "{lines:?}");
    for (_, first) in multipv_lines(&lines, 5) {
        assert!(["e2e4", "d2d4"].contains(&first.as_str()), "{lines:?}");
    }
    // Moves that are not legal are named and left out.
    e.send("go searchmoves e2e5 a2a3 nonsense depth 3");
    let lines = e.until("bestmove");
    for bad in ["e2e5", "nonsense"] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string go searchmoves") && l.contains(bad)),
            "{bad}: {lines:?}"
        );
    }
    assert!(
        lines.last().unwrap().starts_with("bestmove a2a3"),
        "{lines:?}"
    );
    e.quit();
}

/// The machine's cores: the most `Threads` accepts.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Asks for two threads: taken quietly where the machine has two cores (true), refused
/// with an `info string` on a one-core machine (false), so no test passes on one thread
/// believing it used two.
fn two_threads(e: &mut Engine) -> bool {
    e.send("setoption name Threads value 2");
    e.send("isready");
    let lines = e.until("readyok");
    if cores() >= 2 {
        assert_eq!(
            lines,
            vec!["readyok"],
            "Threads 2 refused on {} cores",
            cores()
        );
        true
    } else {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string option Threads: ")),
            "Threads 2 accepted on one core: {lines:?}"
        );
        false
    }
}

#[test]
fn threads_is_offered_up_to_the_cores_and_bad_values_are_refused() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    let lines = e.until("uciok");
    let want = format!(
        "option name Threads type spin default 1 min 1 max {}",
        cores()
    );
    assert!(lines.contains(&want), "{want} missing: {lines:?}");
    let too_many = (cores() + 1).to_string();
    for bad in ["0", "abc", "-1", "", too_many.as_str()] {
        e.send(&format!("setoption name Threads value {bad}"));
        e.send("isready");
        let lines = e.until("readyok");
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string option Threads: ")),
            "Threads {bad:?} not refused: {lines:?}"
        );
    }
    e.send(&format!("setoption name Threads value {}", cores()));
    e.send("isready");
    assert_eq!(
        e.until("readyok"),
        vec!["readyok"],
        "a good value is taken quietly"
    );
    e.quit();
}

#[test]
fn two_threads_answer_legal_moves() {
    let mut e = Engine::start(&[]);
    two_threads(&mut e);
    e.send("setoption name OwnBook value false");
    for (fen, moves, go) in [
        (Position::STARTING_FEN, "e2e4 c7c5 g1f3", "go depth 7"),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "",
            "go movetime 150",
        ),
        (
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "",
            "go nodes 30000",
        ),
        (
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            "",
            "go wtime 2000 btime 2000 winc 20 binc 20",
        ),
    ] {
        e.send(&format!("position fen {fen} moves {moves}"));
        e.send(go);
        let lines = e.until("bestmove");
        let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
        assert_legal(fen, moves, best);
    }
    e.quit();
}

#[test]
fn two_threads_search_until_stopped() {
    let mut e = Engine::start(&[]);
    two_threads(&mut e);
    e.send("position startpos moves d2d4 g8f6 c2c4 e7e6");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    // An infinite search never answers by itself...
    assert!(
        !e.sent_so_far().iter().any(|l| l.starts_with("bestmove")),
        "an infinite search answered before stop"
    );
    // ... and answers once stopped (a hang fails the test within its patience).
    e.send("stop");
    let lines = e.until("bestmove");
    let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    assert_legal(Position::STARTING_FEN, "d2d4 g8f6 c2c4 e7e6", best);
    e.quit();
}

#[test]
fn a_book_built_by_recording_is_all_the_engine_plays_where_it_has_moves() {
    // 1.e4 e5 2.Nf3 Nc6 and 1.Nf3 Nc6 2.e4 e5, recorded into a fresh book.
    let dir = common::tempdir("uci-recorded");
    let books = huo_chess::book::layers::Books::new(
        Some(huo_chess::book::Book::open(dir.as_path())),
        huo_chess::book::layers::LayerPolicy::Both,
    );
    for line in ["e2e4 e7e5 g1f3 b8c6", "g1f3 b8c6 e2e4 e7e5"] {
        let mut pos = Position::startpos();
        for m in line.split_whitespace() {
            let m = parse_uci(&pos, m).unwrap();
            books.record(&pos, m, 1).unwrap();
            pos.play(m);
        }
    }
    // The heaviest book move, so the answer does not depend on chance.
    let config = dir.join("best.toml");
    std::fs::write(
        &config,
        format!(
            "[book]\npath = {:?}\npick = \"best\"\n",
            dir.to_str().unwrap()
        ),
    )
    .unwrap();
    let mut e = Engine::start(&["--config", config.to_str().unwrap()]);
    let book_line = |lines: &[String]| {
        lines
            .iter()
            .find(|l| l.starts_with("info string book move"))
            .cloned()
            .unwrap_or_default()
    };
    // After 1.Nf3 the built-in book's heaviest move is d5; the user recorded Nc6 alone.
    e.send("position startpos moves g1f3");
    e.send("go depth 1");
    let lines = e.until("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove b8c6", "{lines:?}");
    assert!(
        book_line(&lines).contains(dir.to_str().unwrap()),
        "{lines:?}"
    );
    // At the start: e4 (e4 and Nf3 weigh 1 each; the first in canonical order).
    e.send("position startpos");
    e.send("go depth 1");
    let lines = e.until("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove e2e4", "{lines:?}");
    // A position the user's book lacks: the built-in book answers.
    e.send("position startpos moves d2d4");
    e.send("go depth 1");
    let lines = e.until("bestmove");
    let line = book_line(&lines);
    assert!(
        line.starts_with("info string book move") && !line.contains(dir.to_str().unwrap()),
        "{lines:?}"
    );
    e.quit();
}

/// The `info string` lines among `lines` that speak of the book path.
fn book_warnings(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string BookPath"))
        .collect()
}

#[test]
fn a_book_path_that_cannot_be_read_is_said_once_and_the_built_in_book_answers() {
    let dir = common::tempdir("uci-bookpath");
    let missing = dir.join("no-such-book");
    let mut e = Engine::start(&[]);
    e.send("uci");
    e.until("uciok");
    // Missing: one warning naming the path and what answers instead, then the built-in
    // book plays as before.
    e.send(&format!(
        "setoption name BookPath value {}",
        missing.display()
    ));
    e.send("isready");
    let lines = e.until("readyok");
    let warned = book_warnings(&lines);
    assert_eq!(warned.len(), 1, "{lines:?}");
    assert!(
        warned[0].contains(&missing.display().to_string())
            && warned[0].contains("cannot read the book folder")
            && warned[0].ends_with("the built-in book answers alone"),
        "{lines:?}"
    );
    e.send("position startpos");
    e.send("go depth 1");
    let lines = e.until("bestmove");
    assert!(
        lines.iter().any(|l| l.starts_with("info string book move")),
        "{lines:?}"
    );
    // Said once: nothing more on the next searches.
    assert!(book_warnings(&lines).is_empty(), "{lines:?}");
    // A file (a Polyglot book, say) is not a book folder.
    let file = dir.join("book.bin");
    std::fs::write(&file, [0u8; 16]).unwrap();
    e.send(&format!("setoption name BookPath value {}", file.display()));
    e.send("isready");
    let lines = e.until("readyok");
    let warned = book_warnings(&lines);
    assert!(
        warned.len() == 1 && warned[0].contains("a file, not a book folder"),
        "{lines:?}"
    );
    // A folder whose pack is damaged (here the binary pack of an earlier version).
    let damaged = dir.join("damaged");
    std::fs::create_dir(&damaged).unwrap();
    std::fs::write(damaged.join("packed.book"), b"HUOPACK1\0\0\0\x01").unwrap();
    e.send(&format!(
        "setoption name BookPath value {}",
        damaged.display()
    ));
    e.send("isready");
    let lines = e.until("readyok");
    let warned = book_warnings(&lines);
    assert!(
        warned.len() == 1 && warned[0].contains("packed.book"),
        "{lines:?}"
    );
    // A good (empty) book folder: no warning.
    let good = dir.join("good");
    std::fs::create_dir(&good).unwrap();
    e.send(&format!("setoption name BookPath value {}", good.display()));
    e.send("isready");
    let lines = e.until("readyok");
    assert!(book_warnings(&lines).is_empty(), "{lines:?}");
    e.quit();

    // The configuration's book.path: said once, after the first handshake.
    let config = dir.join("missing.toml");
    std::fs::write(
        &config,
        format!("[book]\npath = {:?}\n", missing.to_str().unwrap()),
    )
    .unwrap();
    let mut e = Engine::start(&["--config", config.to_str().unwrap()]);
    e.send("uci");
    e.send("isready");
    let lines = e.until("readyok");
    assert_eq!(book_warnings(&lines).len(), 1, "{lines:?}");
    e.send("uci");
    e.send("isready");
    let lines = e.until("readyok");
    assert!(book_warnings(&lines).is_empty(), "{lines:?}");
    e.quit();
}

#[test]
fn a_runaway_line_is_echoed_cut_short_with_its_control_bytes_escaped() {
    let mut e = Engine::start(&[]);
    // Two megabytes of one word, then an escape sequence that would recolour a terminal.
    let long = format!("{}\u{1b}[31m", "x".repeat(2_000_000));
    e.send(&long);
    e.send("isready");
    let lines = e.until("readyok");
    let echo = lines
        .iter()
        .find(|l| l.starts_with("info string unknown command"))
        .unwrap_or_else(|| panic!("no echo: {} lines", lines.len()));
    assert!(echo.len() < 200, "{} bytes", echo.len());
    assert!(echo.contains("more characters"), "{echo}");
    // A terminal title change and a bell, in a command and in an option's value: escaped.
    for junk in [
        "\u{1b}]0;owned\u{7}",
        "setoption name Hash value \u{1b}]0;owned\u{7}",
        "position fen \u{1b}[2J",
        "go depth 1 \u{1b}[2J",
    ] {
        e.send(junk);
        e.send("isready");
        let lines = e.until("readyok");
        let said: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info string"))
            .collect();
        assert!(!said.is_empty(), "{junk:?}: {lines:?}");
        // (A search may say more, a book move say, before or after the echo.)
        assert!(said.iter().any(|l| l.contains("\\u{1b}")), "{said:?}");
        for l in &said {
            assert!(!l.chars().any(|c| c.is_control()), "{l:?}");
        }
        if junk.starts_with("go") && !lines.iter().any(|l| l.starts_with("bestmove")) {
            e.until("bestmove");
        }
    }
    // A line that is not UTF-8 is read (its bad bytes replaced), not the end of the session.
    e.stdin.write_all(b"\xff\xfe garbage\n").unwrap();
    e.send("isready");
    let lines = e.until("readyok");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string unknown command '\u{fffd}\u{fffd}'")),
        "{lines:?}"
    );
    e.send("position startpos");
    e.send("go depth 2");
    e.bestmove();
    e.quit();
}
