//! `huo-book`, run as a user runs it.

use crate::common;

use common::tempdir;
use std::path::Path;
use std::process::Command;

/// Runs `huo-book --book BOOK --layers user ARGS`: the book alone, as a fresh book behaves
/// without the built-in one under it.
fn huo_book(book: &Path, args: &[&str]) -> (bool, String, String) {
    huo_book_layers(book, "user", args)
}

fn huo_book_layers(book: &Path, layers: &str, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_huo-book"))
        .arg("--book")
        .arg(book)
        .args(["--layers", layers])
        .args(args)
        .output()
        .expect("run huo-book");
    outcome(out)
}

fn outcome(out: std::process::Output) -> (bool, String, String) {
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `huo-book ARGS` without `--book` in the directory `cwd`, as a new user would: no
/// configuration file and an empty data directory (HOME and XDG_* point into `cwd`).
fn huo_book_in(cwd: &Path, args: &[&str]) -> (bool, String, String) {
    let home = cwd.join(".home");
    std::fs::create_dir_all(&home).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_huo-book"))
        .current_dir(cwd)
        .env("HOME", &home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .args(args)
        .output()
        .expect("run huo-book");
    outcome(out)
}

#[test]
fn record_show_remove() {
    let dir = tempdir("rsr");
    let (ok, out, err) = huo_book(&dir, &["record", "e4", "e7e5", "Nf3", "--weight", "2"]);
    assert!(ok, "{err}");
    assert!(out.contains("Recorded 3 moves"), "{out}");
    let (ok, _, _) = huo_book(&dir, &["record", "e2-e4", "c5"]);
    assert!(ok);
    let (ok, out, _) = huo_book(&dir, &["show", "e4"]);
    assert!(ok);
    assert!(out.contains("key  823c9b50fd114196"), "{out}");
    assert!(out.contains("82/823c9b50fd114196.txt"), "{out}");
    assert!(out.contains("fen  rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"));
    let lines: Vec<&str> = out.lines().filter(|l| l.contains("weight=")).collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].contains("e5") && lines[0].contains("e7e5") && lines[0].contains("weight=2"));
    assert!(lines[1].contains("c5") && lines[1].contains("weight=1"));
    // e4 was there already: recording it again leaves its weight (2) alone.
    let (ok, out, _) = huo_book(&dir, &["show"]);
    assert!(ok && out.contains("e2e4   weight=2"), "{out}");

    let (ok, out, err) = huo_book(&dir, &["remove", "e4", "c5"]);
    assert!(ok, "{err}");
    assert!(out.contains("Removed c5"), "{out}");
    let (ok, _, err) = huo_book(&dir, &["remove", "e4", "c5"]);
    assert!(!ok && err.contains("not in"), "{err}");
    let (ok, out, _) = huo_book(&dir, &["stats"]);
    assert!(ok);
    assert!(out.contains("Positions: 3"), "{out}");
    // Errors are messages, not panics.
    let (ok, _, err) = huo_book(&dir, &["record", "e4", "e4"]);
    // In the programs' one voice: the program, then a sentence.
    assert!(!ok && err.starts_with("huo-book: Move 2"), "{err}");
    let (ok, _, err) = huo_book(&dir, &["show", "--fen", "nonsense"]);
    assert!(!ok && err.contains("invalid FEN"), "{err}");
    assert!(!err.contains("panicked"));
}

#[test]
fn check_reports_problems_with_file_and_line() {
    let dir = tempdir("check");
    assert!(huo_book(&dir, &["record", "d4", "d5"]).0);
    let (ok, out, _) = huo_book(&dir, &["check"]);
    assert!(ok, "{out}");
    std::fs::write(
        dir.join("46/463b96181691fc9c.txt"),
        "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nd2d4 weight=1\nd2d5\n",
    )
    .unwrap();
    std::fs::write(dir.join("46/0000000000000000.txt"), "fen x\n").unwrap();
    let (ok, out, _) = huo_book(&dir, &["check"]);
    assert!(!ok);
    assert!(out.contains("463b96181691fc9c.txt:3:"), "{out}");
    assert!(out.contains("0000000000000000.txt"), "{out}");
    let (ok, out, _) = huo_book(&dir, &["stats"]);
    assert!(ok && out.contains("Positions with problems: 2"), "{out}");
    // Writers refuse the broken file.
    let (ok, _, err) = huo_book(&dir, &["record", "e4"]);
    assert!(!ok && err.contains("463b96181691fc9c.txt:3"), "{err}");
}

#[test]
fn two_processes_lose_no_update() {
    let dir = tempdir("procs");
    // Two processes each record ten first moves of their own (and a reply after 1. e4),
    // into the same positions at once: neither loses the other's moves.
    let spawn = |name: &str, firsts: &[&str], reply: &str| {
        let mut script: Vec<String> = firsts.iter().map(|m| m.to_string()).collect();
        script.push(format!("e4 {reply}"));
        let file = dir.join(format!("lines-{name}.txt"));
        std::fs::write(&file, script.join("\n")).unwrap();
        Command::new(env!("CARGO_BIN_EXE_huo-book"))
            .arg("--book")
            .arg(&*dir)
            .args(["--layers", "user"])
            .arg("record")
            .arg("--from-file")
            .arg(&file)
            .spawn()
            .unwrap()
    };
    let mut a = spawn(
        "a",
        &["a3", "a4", "b3", "b4", "c3", "c4", "d3", "d4", "e3", "e4"],
        "e5",
    );
    let mut b = spawn(
        "b",
        &[
            "f3", "f4", "g3", "g4", "h3", "h4", "Na3", "Nc3", "Nf3", "Nh3",
        ],
        "c5",
    );
    assert!(a.wait().unwrap().success());
    assert!(b.wait().unwrap().success());
    let (ok, out, _) = huo_book(&dir, &["show"]);
    assert!(ok, "{out}");
    assert_eq!(out.matches("weight=1").count(), 20, "{out}");
    let (ok, out, _) = huo_book(&dir, &["show", "e4"]);
    assert!(ok && out.contains("e7e5") && out.contains("c7c5"), "{out}");
}

#[test]
fn pgn_import_and_polyglot_round_trip() {
    let dir = tempdir("pgn");
    let pgn = dir.join("games.pgn");
    std::fs::write(
        &pgn,
        "[Event \"1\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n\
         [Event \"2\"]\n\n1. e4 e5 2. Qh5 Ke6?? *\n\n\
         [Event \"3\"]\n\n1. e4 c5 2. Nf3 d6 0-1\n",
    )
    .unwrap();
    let book = dir.join("book");
    let (ok, out, err) = huo_book(
        &book,
        &["import-pgn", pgn.to_str().unwrap(), "--max-ply", "4"],
    );
    assert!(ok, "{err}");
    assert!(out.contains("Read 2 games (1 skipped)"), "{out}");
    assert!(
        err.contains("games.pgn:7: game 2 skipped: move 2... Ke6"),
        "{err}"
    );
    let (_, out, _) = huo_book(&book, &["show"]);
    assert!(out.contains("weight=2"), "{out}");

    let bin = dir.join("book.bin");
    let (ok, out, err) = huo_book(&book, &["export-polyglot", bin.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(out.contains("Wrote 7 entries for 6 positions"), "{out}");
    let book2 = dir.join("book2");
    let (ok, out, err) = huo_book(&book2, &["import-polyglot", bin.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(out.contains("6 positions, 7 moves imported"), "{out}");
    let bin2 = dir.join("book2.bin");
    assert!(huo_book(&book2, &["export-polyglot", bin2.to_str().unwrap()]).0);
    assert_eq!(std::fs::read(&bin).unwrap(), std::fs::read(&bin2).unwrap());
}

#[test]
fn import_huo_reads_legacy_files() {
    let dir = tempdir("huo");
    let legacy = dir.join("legacy");
    std::fs::create_dir_all(&legacy).unwrap();
    // A lone-kings-and-rook position, column-major; White's rook a1 to a8.
    let mut squares = vec![String::new(); 64];
    squares[0] = "WRook".into(); // a1
    squares[4 * 8] = "WKing".into(); // e1
    squares[7 * 8 + 7] = "BKing".into(); // h8
    let mut text: String = squares.iter().map(|s| format!("\"{s}\"\r\n")).collect();
    text.push_str("\"Suggested Move\"\r\n1\r\n1\r\n1\r\n8\r\n");
    std::fs::write(legacy.join("Opening7.txt"), text).unwrap();
    let book = dir.join("book");
    let (ok, out, err) = huo_book(&book, &["import-huo", legacy.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(out.contains("1 moves recorded"), "{out}");
    let (ok, out, _) = huo_book(&book, &["show", "--fen", "7k/8/8/8/8/8/8/R3K3 w Q - 0 1"]);
    assert!(ok && out.contains("a1a8"), "{out}");
}

#[test]
fn record_from_file_checks_every_line_first() {
    let dir = tempdir("fromfile");
    let lines = dir.join("lines.txt");
    std::fs::write(
        &lines,
        "# openings\ne4 e5 Nf3\n\nd4 d5 c4 # QGD\ne4 e5 Ke3\n",
    )
    .unwrap();
    let book = dir.join("book");
    let (ok, _, err) = huo_book(&book, &["record", "--from-file", lines.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("lines.txt:5: move 3"), "{err}");
    assert!(!book.join("46").exists(), "nothing recorded");
    std::fs::write(&lines, "# openings\ne4 e5 Nf3\n\nd4 d5 c4 # QGD\ne4 c5\n").unwrap();
    let (ok, out, err) = huo_book(&book, &["record", "--from-file", lines.to_str().unwrap()]);
    assert!(ok, "{err}");
    // e4 begins two lines: recorded once, its weight not raised by the second.
    assert!(out.contains("Recorded 7 moves"), "{out}");
    assert!(out.contains("1 move already in the book"), "{out}");
    let (_, out, _) = huo_book(&book, &["show"]);
    assert!(out.contains("e2e4   weight=1"), "{out}");
}

#[test]
fn a_new_user_sees_the_built_in_book_and_a_small_user_book_hides_nothing() {
    let cwd = tempdir("newuser");
    let builtin = huo_chess::book::Book::embedded();
    let start = huo_chess::core::Position::startpos();
    let d4 = start.after(huo_chess::core::parse_move(&start, "d4").unwrap());
    let builtin_moves = |pos: &huo_chess::core::Position| builtin.lookup(pos).unwrap().moves.len();
    // No book anywhere: `show` answers from the built-in book, read-only.
    let (ok, out, err) = huo_book_in(&cwd, &["show", "d4"]);
    assert!(ok, "{err}");
    assert!(out.contains("from built-in book (read-only"), "{out}");
    assert_eq!(
        out.lines().filter(|l| l.contains("weight=")).count(),
        builtin_moves(&d4),
        "{out}"
    );
    assert!(!cwd.join("books").exists(), "reading creates nothing");
    // Recording makes the book in the data folder (never ./books unasked), with the
    // recorded moves alone, and says so: then every folder finds it.
    let (ok, out, err) = huo_book_in(&cwd, &["record", "e4", "c5"]);
    assert!(ok, "{err}");
    let user_book = cwd.join(".home/data/huo-chess/books");
    let shown = user_book.display().to_string();
    assert!(
        out.starts_with(&format!("Recorded 2 moves in {shown}\n")),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "2 positions were new to {shown}: there it plays only the moves recorded, not the \
             built-in book's"
        )),
        "{out}"
    );
    assert!(!cwd.join("books").exists(), "{out}");
    let moves = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| l.contains("weight="))
            .map(|l| l.split_whitespace().nth(1).unwrap().to_string())
            .collect()
    };
    // 1. d4 still has the built-in replies; the start and 1. e4 answer from the user's
    // book, with the recorded moves only.
    let (_, out, _) = huo_book_in(&cwd, &["show", "d4"]);
    assert!(out.contains("from built-in book"), "{out}");
    assert_eq!(moves(&out).len(), builtin_moves(&d4));
    let (_, out, _) = huo_book_in(&cwd, &["show"]);
    assert!(out.contains("from user book"), "{out}");
    assert_eq!(moves(&out), ["e2e4"], "{out}");
    let (_, out, _) = huo_book_in(&cwd, &["show", "e4"]);
    assert!(out.contains("from user book"), "{out}");
    assert!(
        out.contains(&format!("file {shown}/82/823c9b50fd114196.txt")),
        "{out}"
    );
    assert_eq!(moves(&out), ["c7c5"], "{out}");
    // --layers user: the user's book alone.
    let (_, out, _) = huo_book_in(&cwd, &["--layers", "user", "show", "d4"]);
    assert!(out.contains("No book moves."), "{out}");
}

#[test]
fn import_pgn_results_and_show_wdl() {
    let dir = tempdir("wdl");
    let pgn = dir.join("games.pgn");
    std::fs::write(
        &pgn,
        "[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[Result \"0-1\"]\n\n1. e4 e5 0-1\n\n\
         [Result \"1/2-1/2\"]\n\n1. e4 c5 1/2-1/2\n\n[Result \"0-1\"]\n\n1. e4 e5 0-1\n\n\
         [Result \"1-0\"]\n\n1. d4 d5 2. Ke3 1-0\n",
    )
    .unwrap();
    let book = dir.join("book");
    let (ok, out, err) = huo_book(
        &book,
        &["import-pgn", pgn.to_str().unwrap(), "--weights", "polyglot"],
    );
    assert!(ok, "{err}");
    assert!(out.contains("Read 4 games (1 skipped)"), "{out}");
    assert!(
        err.contains("games.pgn:19: game 5 skipped: move 2. Ke3"),
        "{err}"
    );
    let (ok, out, _) = huo_book(&book, &["show"]);
    assert!(ok);
    // 1. e4: 1 win, 1 draw, 2 losses for White: weight 2*1+1 = 3.
    assert!(
        out.contains(
            "e4       e2e4   weight=3     100.0%  [WWW==LLLLL] W 25% D 25% L 50% (4 games)"
        ),
        "{out}"
    );
    let (_, out, _) = huo_book(&book, &["show", "e4"]);
    assert!(out.contains("e5       e7e5   weight=4"), "{out}");
    assert!(out.contains("W 67% D 0% L 33% (3 games)"), "{out}");
    // Bad options are messages.
    let (ok, _, err) = huo_book(
        &book,
        &["import-pgn", pgn.to_str().unwrap(), "--weights", "elo"],
    );
    assert!(!ok && err.contains("not a weight policy"), "{err}");
    let (ok, _, err) = huo_book(
        &book,
        &["import-pgn", pgn.to_str().unwrap(), "--min-score", "120"],
    );
    assert!(!ok && err.contains("0 to 100"), "{err}");
}

#[test]
fn merge_export_pgn_and_dump() {
    let dir = tempdir("mergecli");
    let a = dir.join("a");
    let b = dir.join("b");
    assert!(huo_book(&a, &["record", "e4", "e5", "Nf3", "--weight", "2"]).0);
    assert!(huo_book(&b, &["record", "e4", "c5", "--weight", "3"]).0);
    assert!(huo_book(&b, &["record", "Nf3", "e5", "e4"]).0);
    let (ok, out, err) = huo_book(&a, &["merge", b.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(out.contains("Merged 4 positions (5 moves)"), "{out}");
    let (_, out, _) = huo_book(&a, &["show"]);
    assert!(out.contains("e2e4   weight=5"), "{out}");
    let (ok, out, err) = huo_book(&a, &["merge", b.to_str().unwrap(), "--weights", "max"]);
    assert!(ok, "{err}");
    let (_, out2, _) = huo_book(&a, &["show"]);
    assert!(out2.contains("e2e4   weight=5"), "{out}\n{out2}");
    let (ok, _, err) = huo_book(&a, &["merge", dir.join("nothing").to_str().unwrap()]);
    assert!(
        !ok && err.contains("not a book directory nor a .bin file"),
        "{err}"
    );

    let (ok, out, err) = huo_book(&a, &["dump"]);
    assert!(ok, "{err}");
    assert_eq!(
        out, "1. e4 c5\n1. e4 e5 2. Nf3\n1. Nf3 e5 2. e4  = 1. e4 e5 2. Nf3\n",
        "{out}"
    );
    assert!(
        err.contains("3 lines, 5 positions, 1 transpositions"),
        "{err}"
    );
    let pgn = dir.join("book.pgn");
    let (ok, out, err) = huo_book(&a, &["export-pgn", pgn.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(
        out.contains("Wrote 5 positions, 7 moves (1 transpositions marked)"),
        "{out}"
    );
    let text = std::fs::read_to_string(&pgn).unwrap();
    let g = huo_chess::pgn::parse_game(&text).unwrap();
    assert_eq!(g.moves.len(), 2, "{text}");
    let flat = text.replace('\n', " ");
    assert!(
        flat.ends_with(
            "1. e4 {weight=5 (83%)} (1. Nf3 {weight=1 (17%)} 1... e5 {weight=1 (100%)} 2. e4 \
             {weight=1 (100%)}) 1... c5 {weight=3 (60%)} (1... e5 {weight=2 (40%)} 2. Nf3 \
             {weight=2 (100%)} {transposes to 1. Nf3 e5 2. e4}) *  "
        ),
        "{text}"
    );
}

#[test]
fn check_and_stats_count_positions_once_and_say_the_book_is_packed() {
    let dir = tempdir("packstats");
    let pgn = dir.join("games.pgn");
    std::fs::write(
        &pgn,
        "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n",
    )
    .unwrap();
    let book = dir.join("book");
    let (ok, out, err) = huo_book(
        &book,
        &["import-pgn", pgn.to_str().unwrap(), "--layout", "packed"],
    );
    assert!(ok, "{err}");
    assert!(out.contains("(packed.book)"), "{out}");
    // 4 positions packed: start (e4, d4), after e4 (e5), after e4 e5 (Nf3), after d4 (d5).
    // Two of them then get a file (which wins over the record): counted once.
    let (ok, _, err) = huo_book(&book, &["record", "e4", "c5"]);
    assert!(ok, "{err}");
    let (ok, _, err) = huo_book(&book, &["record", "c4"]);
    assert!(ok, "{err}");
    let (ok, out, _) = huo_book(&book, &["stats"]);
    assert!(ok);
    // Positions are counted, never files; the book says it is packed.
    assert!(
        out.contains("(packed: 2 in packed.book, 2 in files of their own)\n"),
        "{out}"
    );
    assert!(out.contains("Positions: 4\n"), "{out}");
    assert!(!out.contains("Files"), "{out}");
    // start: e4 d4 c4; after e4: e5 c5; after e4 e5: Nf3; after d4: d5.
    assert!(out.contains("Moves:     7 (7 playable)"), "{out}");
    assert!(out.contains("Positions with problems: 0"), "{out}");
    let (ok, out, _) = huo_book(&book, &["check"]);
    assert!(ok, "{out}");
    assert!(
        out.contains(
            ": 4 positions (packed: 2 in packed.book, 2 in files of their own), no problems"
        ),
        "{out}"
    );
    assert!(!out.contains("files,"), "{out}");
    // A broken hand-written file is listed by both.
    let bad = book.join("00").join("0000000000000001.txt");
    std::fs::create_dir_all(bad.parent().unwrap()).unwrap();
    std::fs::write(&bad, "fen nonsense\n").unwrap();
    let (ok, out, _) = huo_book(&book, &["check"]);
    assert!(!ok);
    assert!(out.contains("0000000000000001.txt:1"), "{out}");
    assert!(
        out.contains(
            "1 problem(s): in 1 of 5 positions (packed: 2 in packed.book, 3 in files of their own)"
        ),
        "{out}"
    );
    let (_, out, _) = huo_book(&book, &["stats"]);
    assert!(out.contains("Positions with problems: 1"), "{out}");
    // A book all packed says so.
    let only = dir.join("only-packed");
    let (ok, _, err) = huo_book(
        &only,
        &["import-pgn", pgn.to_str().unwrap(), "--layout", "packed"],
    );
    assert!(ok, "{err}");
    let (ok, out, _) = huo_book(&only, &["check"]);
    assert!(ok, "{out}");
    assert!(
        out.contains(": 4 positions (packed: all in packed.book), no problems"),
        "{out}"
    );
    let (_, out, _) = huo_book(&only, &["stats"]);
    assert!(
        out.contains("(packed: all in packed.book)\nPositions: 4\n"),
        "{out}"
    );
}

#[test]
fn adopt_takes_over_a_built_in_position_and_remove_gives_it_back() {
    let cwd = tempdir("adopt");
    let builtin = huo_chess::book::Book::embedded();
    let start = huo_chess::core::Position::startpos();
    let e4 = start.after(huo_chess::core::parse_move(&start, "e4").unwrap());
    let n = builtin.lookup(&e4).unwrap().moves.len();
    let count = |out: &str| out.lines().filter(|l| l.contains("weight=")).count();
    assert!(huo_book_in(&cwd, &["record", "e4", "c5", "--weight", "7"]).0);
    // `adopt e4`: the built-in replies join the user's c5, which keeps its weight.
    let (ok, out, err) = huo_book_in(&cwd, &["adopt", "e4"]);
    assert!(ok, "{err}");
    assert!(
        out.starts_with(&format!(
            "Adopted {} built-in moves into {}/82/",
            n - 1,
            cwd.join(".home/data/huo-chess/books").display()
        )),
        "{out}"
    );
    assert!(
        out.contains("(1 move already there kept as they were)"),
        "{out}"
    );
    let (_, out, _) = huo_book_in(&cwd, &["show", "e4"]);
    assert_eq!(count(&out), n, "{out}");
    assert!(out.contains("c7c5   weight=7 "), "{out}");
    let (ok, out, _) = huo_book_in(&cwd, &["adopt", "e4"]);
    assert!(ok && out.starts_with("Nothing to adopt"), "{out}");
    // `record --adopt`: the positions are taken over before the moves are recorded.
    let (ok, out, err) = huo_book_in(&cwd, &["record", "--adopt", "d4", "d5"]);
    assert!(ok, "{err}");
    assert!(out.contains("adopted first"), "{out}");
    assert!(!out.contains("new to books"), "{out}");
    let d4 = start.after(huo_chess::core::parse_move(&start, "d4").unwrap());
    let (_, out, _) = huo_book_in(&cwd, &["show", "d4"]);
    assert!(out.contains("from user book"), "{out}");
    assert_eq!(
        count(&out),
        builtin.lookup(&d4).unwrap().moves.len(),
        "{out}"
    );
    // Removing the last move of a position gives it back to the built-in book.
    assert!(huo_book_in(&cwd, &["record", "Nf3", "b6"]).0);
    let (ok, out, err) = huo_book_in(&cwd, &["remove", "Nf3", "b6"]);
    assert!(ok, "{err}");
    assert!(out.contains("the built-in book answers it again"), "{out}");
    let (_, out, _) = huo_book_in(&cwd, &["show", "Nf3"]);
    assert!(out.contains("from built-in book"), "{out}");
    // A position the built-in book lacks: nothing to adopt, an error.
    let (ok, _, err) = huo_book_in(&cwd, &["adopt", "a3", "h6"]);
    assert!(
        !ok && err.contains("The built-in book has no moves"),
        "{err}"
    );
}

#[test]
fn show_names_the_opening_by_position_and_keeps_it_out_of_theory() {
    let dir = tempdir("show-name");
    // A transposition: 1.Nf3 d5 2.d4 is named as 1.d4 d5 2.Nf3.
    let (ok, out, err) = huo_book(&dir, &["show", "Nf3", "d5", "d4"]);
    assert!(ok, "{err}");
    assert!(
        out.contains("\nname D02 Queen's Pawn Game: Zukertort Variation\n"),
        "{out}"
    );
    // Moves no line names: the last named position along them names the position.
    let najdorf = [
        "e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6",
    ];
    let mut moves = vec!["show"];
    moves.extend(najdorf);
    moves.extend(["Kd2", "Rg8"]);
    let (ok, out, _) = huo_book(&dir, &moves);
    assert!(ok);
    assert!(
        out.contains("\nname B90 Sicilian Defense: Najdorf Variation\n"),
        "{out}"
    );
    // The initial position has no name.
    let (_, out, _) = huo_book(&dir, &["show"]);
    assert!(!out.contains("\nname "), "{out}");
}

#[test]
fn find_lists_named_openings_and_what_the_book_covers() {
    let dir = tempdir("find");
    let (ok, out, err) = huo_book(&dir, &["record", "e4", "c5", "Nf3", "d6"]);
    assert!(ok, "{err}");
    let (ok, out2, err) = huo_book(&dir, &["find", "najdorf"]);
    assert!(ok, "{out}{err}");
    assert!(
        out2.contains(
            "B90  Sicilian Defense: Najdorf Variation\n     1. e4 c5 2. Nf3 d6 3. d4 cxd4 \
             4. Nxd4 Nf6 5. Nc3 a6\n     your book follows its first 4 plies of 10\n"
        ),
        "{out2}"
    );
    // Every listed line is a Najdorf; none is covered yet.
    let names: Vec<&str> = out2.lines().filter(|l| l.starts_with('B')).collect();
    assert!(names.len() > 5, "{out2}");
    assert!(names.iter().all(|l| l.contains("Najdorf")), "{out2}");
    assert!(out2.contains(&format!("{} named openings match \"najdorf\"", names.len())));
    assert!(out2.contains("covers 0 of them"), "{out2}");
    // An ECO code: the lines of that code; the book now covers the Modern Variations.
    let (ok, out, _) = huo_book(&dir, &["find", "B50"]);
    assert!(ok);
    assert!(
        out.lines()
            .filter(|l| l.starts_with('B'))
            .all(|l| l.starts_with("B50 "))
    );
    assert!(
        out.contains(
            "B50  Sicilian Defense: Modern Variations\n     1. e4 c5 2. Nf3 d6\n     \
             your book covers it\n"
        ),
        "{out}"
    );
    assert!(out.contains("covers 1 of them"), "{out}");
    // Words of a name, without the apostrophe; nothing found is an error.
    let (ok, out, _) = huo_book(&dir, &["find", "kings", "gambit", "accepted"]);
    assert!(ok);
    assert!(
        out.contains("C33  King's Gambit Accepted\n     1. e4 e5 2. f4 exf4\n"),
        "{out}"
    );
    let (ok, _, err) = huo_book(&dir, &["find", "Zzyzx"]);
    assert!(!ok);
    assert!(err.contains("No named opening matches \"Zzyzx\""), "{err}");
}

#[test]
fn find_without_a_user_book_says_so() {
    let dir = tempdir("find-none");
    let (ok, out, err) = huo_book_in(&dir, &["find", "B90"]);
    assert!(ok, "{err}");
    assert!(out.contains("Sicilian Defense: Najdorf Variation"), "{out}");
    assert!(!out.contains("your book follows"), "{out}");
    assert!(out.contains("No book of yours was found"), "{out}");
}

#[test]
fn export_pgn_names_a_named_root() {
    let dir = tempdir("export-name");
    let (ok, _, err) = huo_book(&dir, &["record", "e4", "c5", "Nf3", "d6", "d4"]);
    assert!(ok, "{err}");
    let out = dir.join("book.pgn");
    let out = out.to_str().unwrap();
    // From the initial position: no name.
    let (ok, _, err) = huo_book(&dir, &["export-pgn", out]);
    assert!(ok, "{err}");
    let text = std::fs::read_to_string(out).unwrap();
    assert!(!text.contains("[ECO "), "{text}");
    // From the Sicilian after 1.e4 c5 2.Nf3 d6: that position's name.
    let fen = "rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3";
    let (ok, _, err) = huo_book(&dir, &["export-pgn", out, "--fen", fen]);
    assert!(ok, "{err}");
    let text = std::fs::read_to_string(out).unwrap();
    assert!(
        text.contains("[ECO \"B50\"]\n[Opening \"Sicilian Defense: Modern Variations\"]\n"),
        "{text}"
    );
    assert!(text.contains("3. d4"), "{text}");
}

#[test]
fn a_refused_record_changes_nothing() {
    let dir = tempdir("record-all-or-nothing");
    assert!(huo_book(&dir, &["record", "e4", "e5"]).0);
    // The position after 1.e4 gets a damaged line: recording 1.e4 c5 must not raise
    // e2e4's weight at the start before it reaches that file.
    let e4 = dir.join("82/823c9b50fd114196.txt");
    let mut text = std::fs::read_to_string(&e4).unwrap();
    text.push_str("d7d9\n");
    std::fs::write(&e4, text).unwrap();
    let before = common::tree(&dir);
    let (ok, _, err) = huo_book(&dir, &["record", "e4", "c5"]);
    assert!(!ok, "a damaged file was rewritten");
    assert!(
        err.starts_with("huo-book: Nothing recorded") && err.contains("823c9b50fd114196.txt"),
        "{err}"
    );
    assert_eq!(common::tree(&dir), before, "the book changed");
}

#[test]
fn a_plain_file_given_as_the_book_is_refused() {
    let dir = tempdir("book-is-a-file");
    let file = dir.join("book.bin");
    std::fs::write(&file, b"not a folder").unwrap();
    // The editor (no command) would need a terminal: refused before it opens.
    for args in [&["stats"][..], &[], &["record", "e4"]] {
        let (ok, _, err) = huo_book(&file, args);
        assert!(!ok, "{args:?} accepted a file as the book");
        assert!(
            err.contains(&format!(
                "--book {}: a file, not a book folder",
                file.display()
            )),
            "{args:?}: {err}"
        );
    }
    assert_eq!(std::fs::read(&file).unwrap(), b"not a folder");
}

#[test]
fn departures_says_where_each_game_left_the_book_and_due_makes_it_due() {
    use huo_chess::core::{Position, parse_move};
    use huo_chess::train::schedule::Schedule;
    let dir = tempdir("departures");
    let book = dir.join("book");
    let (ok, _, err) = huo_book(&book, &["record", "e4", "e5", "Nf3"]);
    assert!(ok, "{err}");
    // Black's 1... e5 answered once before: due some days from now.
    let mut after_e4 = Position::startpos();
    after_e4.play(parse_move(&after_e4, "e4").unwrap());
    let today = huo_chess::util::date::today();
    Schedule::load(&book)
        .unwrap()
        .answer(after_e4.key(), huo_chess::train::fsrs::Grade::Good, today)
        .unwrap();
    let pgn = dir.join("games.pgn");
    std::fs::write(
        &pgn,
        "[White \"Friend\"]\n[Black \"Me\"]\n[Result \"*\"]\n\n1. e4 c5 2. Nf3 *\n\n\
         [White \"Me\"]\n[Black \"Friend\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nc3 *\n\n\
         [White \"Other\"]\n[Black \"Friend\"]\n[Result \"*\"]\n\n1. d4 *\n\n\
         [White \"Friend\"]\n[Black \"Me\"]\n[Result \"*\"]\n\n1. d4 d5 *\n",
    )
    .unwrap();
    let pgn = pgn.to_str().unwrap();
    let (ok, out, err) = huo_book(&book, &["departures", pgn, "--player", "me", "--due"]);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "Game 1 (Friend - Me): You left your book at 1...c5: your book plays 1...e5"
    );
    assert_eq!(
        lines[1],
        "Game 2 (Me - Friend): You left your book at 2.Nc3: your book plays 2.Nf3"
    );
    // A Black game the opponent took out of the book: judged for Black, the book's 1.e4
    // is what Black's lines expect, not what "your book plays".
    assert_eq!(
        lines[2],
        "Game 4 (Friend - Me): Your opponent left your book at 1.d4: your lines as Black \
         expect 1.e4"
    );
    assert_eq!(
        lines[3], "3 game(s) of me read",
        "the third game is not Me's"
    );
    // 1... e5 was answered: due today now; 2. Nf3 never was: asked as new; the opponent's
    // departure makes nothing due.
    assert!(
        lines[4].starts_with("Due today in the trainer: 1 position(s)"),
        "{out}"
    );
    let record = Schedule::load(&book).unwrap();
    assert_eq!(record.get(after_e4.key()).unwrap().memory.due, today);
}

#[test]
fn import_pgn_player_and_color_keep_only_that_players_side_and_count_each_side() {
    use huo_chess::book::Book;
    use huo_chess::core::{Position, parse_move};
    let dir = tempdir("import-player");
    let pgn = dir.join("mine.pgn");
    std::fs::write(
        &pgn,
        "[White \"Me\"]\n[Black \"Friend\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n\
         [White \"Friend\"]\n[Black \"me\"]\n[Result \"0-1\"]\n\n1. d4 Nf6 2. c4 e6 0-1\n\n\
         [White \"Other\"]\n[Black \"Friend\"]\n[Result \"*\"]\n\n1. c4 *\n",
    )
    .unwrap();
    let pgn = pgn.to_str().unwrap();
    let book = dir.join("white");
    let (ok, out, err) = huo_book(
        &book,
        &["import-pgn", pgn, "--player", "ME", "--color", "white"],
    );
    assert!(ok, "{err}");
    // My White game only, my moves only: the start (e4) and after 1. e4 e5 (Nf3).
    assert!(
        out.contains("Positions by side to move: 2 White, 0 Black"),
        "{out}"
    );
    assert!(
        out.contains("Games of ME with White: 1 read, 2 of others left out"),
        "{out}"
    );
    let b = Book::open(&book);
    let mut pos = Position::startpos();
    assert!(b.lookup(&pos).is_some());
    pos.play(parse_move(&pos, "e4").unwrap());
    assert!(b.lookup(&pos).is_none(), "no Black position");
    // Without --color: both of my games, each my side only.
    let both = dir.join("both");
    let (ok, out, err) = huo_book(&both, &["import-pgn", pgn, "--player", "me"]);
    assert!(ok, "{err}");
    assert!(
        out.contains("Positions by side to move: 2 White, 2 Black"),
        "{out}"
    );
    // Without --player, every move of every game, counted by side.
    let all = dir.join("all");
    let (ok, out, err) = huo_book(&all, &["import-pgn", pgn]);
    assert!(ok, "{err}");
    assert!(
        out.contains("Positions by side to move: 3 White, 4 Black"),
        "{out}"
    );
    // --color needs --player; a player with no game imports nothing, saying so.
    let (ok, _, err) = huo_book(&all, &["import-pgn", pgn, "--color", "white"]);
    assert!(!ok && err.contains("--player"), "{err}");
    let (ok, _, err) = huo_book(
        &dir.join("none"),
        &["import-pgn", pgn, "--player", "Nobody"],
    );
    assert!(!ok && err.contains("no game of Nobody"), "{err}");
}

#[test]
fn record_again_keeps_the_weights_and_says_so() {
    let dir = tempdir("record-again");
    let book = dir.join("book");
    assert!(huo_book(&book, &["record", "e4", "e5"]).0);
    let (ok, out, err) = huo_book(&book, &["record", "e4", "e5", "Nf3"]);
    assert!(ok, "{err}");
    assert!(out.contains("Recorded 1 move"), "{out}");
    assert!(
        out.contains("2 moves already in the book: their weights left as they were"),
        "{out}"
    );
    let start = std::fs::read_to_string(book.join("46/463b96181691fc9c.txt")).unwrap();
    assert!(start.contains("e2e4 weight=1"), "{start}");
}
