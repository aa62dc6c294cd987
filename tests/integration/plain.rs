//! Plain mode through a pipe, as a script or a screen reader's user drives it: moves,
//! queries, a takeback, a save, a resume, `:analyse` of the saved game, a `:train`
//! answer, and `huo-book train --plain`. Every line of output is plain text, and a prompt
//! line marks each time input is expected.

use super::common;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Runs `program` with `args` in the folder `home` (its own data folder there), typing
/// `input`: (success, stdout, stderr).
fn pipe(program: &str, home: &Path, args: &[&str], input: &str) -> (bool, String, String) {
    let mut child = Command::new(program)
        .args(args)
        .current_dir(home)
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the program");
    child
        .stdin
        .take()
        .expect("its input")
        .write_all(input.as_bytes())
        .expect("type");
    common::outcome_of(child)
}

fn chess(home: &Path, args: &[&str], input: &str) -> (bool, String, String) {
    pipe(env!("CARGO_BIN_EXE_huo-chess"), home, args, input)
}

fn book(home: &Path, args: &[&str], input: &str) -> (bool, String, String) {
    pipe(env!("CARGO_BIN_EXE_huo-book"), home, args, input)
}

/// The lines after the `n`-th prompt and before the next one: what one input got.
fn answer_to(out: &str, n: usize) -> Vec<&str> {
    out.split("\n>\n")
        .nth(n + 1)
        .unwrap_or("")
        .lines()
        .filter(|l| *l != ">")
        .collect()
}

fn autosave(home: &Path) -> String {
    std::fs::read_to_string(home.join("data/huo-chess/autosave.pgn")).unwrap_or_default()
}

#[test]
fn a_game_through_a_pipe_moves_queries_takeback_save_and_resume() {
    let home = common::tempdir("plain-game");
    let saved = home.0.join("game.pgn");
    let input = format!(
        "e4\np N\ns e\nfoo\ntakeback\nmoves\nd4\nl\n:save {}\n",
        saved.display()
    );
    let (ok, out, err) = chess(
        &home.0,
        &["--plain", "--color", "w", "--level", "1"],
        &input,
    );
    assert!(ok, "{err}");
    assert!(!out.contains('\x1b'), "no escape sequence: {out}");
    // One prompt before each line typed, and one after the last.
    assert_eq!(out.lines().filter(|l| *l == ">").count(), 10, "{out}");

    let e4 = answer_to(&out, 0);
    assert_eq!(e4[0], "White: pawn e2 to e4. e4.", "{out}");
    assert!(
        e4.iter().any(|l| l.starts_with("Black: ")),
        "the engine's reply is announced: {e4:?}"
    );
    assert_eq!(answer_to(&out, 1), ["White knights: b1, g1."]);
    let file = answer_to(&out, 2);
    assert!(
        file[0].starts_with("e file: e1 white king, e4 white pawn"),
        "{file:?}"
    );
    let foo = answer_to(&out, 3);
    assert!(
        foo[0].starts_with("Invalid move - Please try again: 'foo'"),
        "{foo:?}"
    );
    let takeback = answer_to(&out, 4);
    assert_eq!(takeback.len(), 1, "{takeback:?}");
    assert!(
        takeback[0].starts_with("Takeback of 1. e4 and 1... "),
        "{takeback:?}"
    );
    assert_eq!(answer_to(&out, 5), ["No move yet."]);
    let d4 = answer_to(&out, 6);
    assert_eq!(d4[0], "White: pawn d2 to d4. d4.", "{out}");
    let reply = d4
        .iter()
        .find(|l| l.starts_with("Black: "))
        .expect("a reply");
    assert_eq!(
        answer_to(&out, 7),
        [format!("Last move: {reply}").as_str()],
        "l says the last move as it was announced"
    );
    assert!(answer_to(&out, 8)[0].starts_with("Game saved to"), "{out}");

    // The saved game, and the autosave at end of input, hold the game after the takeback.
    let pgn = std::fs::read_to_string(&saved).expect("saved");
    assert!(pgn.contains("1. d4 "), "{pgn}");
    assert!(
        autosave(&home.0).contains("1. d4 "),
        "end of input saves the game"
    );

    // The engine's thinking is not read out unless asked for.
    assert!(!out.lines().any(|l| l.starts_with("depth ")), "{out}");

    // Resumed: the same moves; then the saved game's analysis, as lines.
    let input = format!("y\nmoves\n:analyse {}\n", saved.display());
    let (ok, out, err) = chess(&home.0, &["--plain"], &input);
    assert!(ok, "{err}");
    assert!(out.contains("Resume it? (y/n)"), "{out}");
    let moves = answer_to(&out, 1);
    assert_eq!(moves.len(), 1, "{out}");
    assert!(moves[0].starts_with("1. d4 "), "{moves:?}");
    let analysis = answer_to(&out, 2);
    // Offered the saved game again, a move typed resumes it and is played, whole.
    let (ok, out, err) = chess(&home.0, &["--plain"], "e4\nmoves\n");
    assert!(ok, "{err}");
    assert!(out.contains("Saved game resumed"), "{out}");
    assert!(
        answer_to(&out, 0).contains(&"White: pawn e2 to e4. e4."),
        "{out}"
    );
    assert!(
        analysis.iter().any(|l| l.starts_with("Analysis: ")),
        "{analysis:?}"
    );
    assert!(
        analysis
            .iter()
            .any(|l| *l == "No move marked." || l.contains("Better: ")),
        "the marked moves with the better one: {analysis:?}"
    );
}

#[test]
fn mate_and_promotion_are_announced() {
    let home = common::tempdir("plain-mate");
    let (ok, out, err) = chess(
        &home.0,
        &[
            "--plain",
            "--color",
            "w",
            "--level",
            "1",
            "--fen",
            "k7/8/1K6/8/8/8/8/6Q1 w - - 0 1",
        ],
        "Qg8\n",
    );
    assert!(ok, "{err}");
    let mate = answer_to(&out, 0);
    assert_eq!(mate[0], "White: queen g1 to g8. Qg8#.");
    assert_eq!(mate[1], "Game over: Checkmate! White wins (1-0)");

    // A pawn on the last rank without its piece: the question, then the knight.
    let (ok, out, err) = chess(
        &home.0,
        &[
            "--plain",
            "--color",
            "w",
            "--level",
            "1",
            "--fen",
            "k7/4P3/8/8/8/8/8/K7 w - - 0 1",
        ],
        "e8\nn\n",
    );
    assert!(ok, "{err}");
    assert!(
        answer_to(&out, 0)[0].starts_with("Promote to: q queen"),
        "{out}"
    );
    assert_eq!(
        answer_to(&out, 1)[0],
        "White: pawn e7 to e8, promotes to knight. e8=N."
    );
}

#[test]
fn training_in_plain_mode_from_the_game_and_from_huo_book() {
    let home = common::tempdir("plain-train");
    let (ok, _, err) = book(&home.0, &["record", "e4", "e5", "Nf3"], "");
    assert!(ok, "{err}");
    let (ok, out, err) = chess(
        &home.0,
        &["--plain", "--color", "w", "--level", "1"],
        ":train\ne4\n:quit\n",
    );
    assert!(ok, "{err}");
    // A new line is shown before it is asked: the book's move, to play.
    let shown = answer_to(&out, 0);
    assert!(
        shown
            .iter()
            .any(|l| l.starts_with("New position: your book plays")),
        "{out}"
    );
    assert!(shown.iter().any(|l| l.starts_with("e4 ")), "{out}");
    let played = answer_to(&out, 1);
    assert!(played.iter().any(|l| l.starts_with("Played e4")), "{out}");
    assert!(
        answer_to(&out, 2)
            .iter()
            .any(|l| l.starts_with("Back to the game")),
        "{out}"
    );

    // huo-book train --plain, asked at once: a hint names the piece, a right answer, a
    // wrong one shows the book's move.
    let (ok, out, err) = book(
        &home.0,
        &["train", "--plain", "--all", "--recall"],
        "hint\ne4\nd4\nNf3\n",
    );
    assert!(ok, "{err}");
    assert!(
        answer_to(&out, 0)
            .iter()
            .any(|l| l.starts_with("Hint: a pawn move")),
        "{out}"
    );
    assert!(
        answer_to(&out, 1)
            .iter()
            .any(|l| l.starts_with("Right: e4")),
        "{out}"
    );
    let verdict = answer_to(&out, 2);
    assert!(
        verdict
            .iter()
            .any(|l| l.starts_with("d4 is not in your book here")),
        "{out}"
    );
    assert!(verdict.iter().any(|l| l.starts_with("Nf3")), "{out}");
    // The schedule stays beside the book `record` wrote, in the data folder.
    let schedule = std::fs::read_to_string(home.0.join("data/huo-chess/books/training.txt"))
        .expect("the answers are saved");
    assert!(schedule.lines().count() >= 2, "{schedule}");
}

#[test]
fn clocks_and_thinking_are_read_when_asked() {
    let home = common::tempdir("plain-think");
    let (ok, out, err) = chess(
        &home.0,
        &["--plain", "--color", "w", "--level", "3", "--clock", "5+3"],
        "c\n:thinking on\nd4\n",
    );
    assert!(ok, "{err}");
    // White's clock runs (a moment is gone from it), Black's waits at five minutes.
    let clocks = answer_to(&out, 0);
    assert!(
        clocks[0].starts_with("White 0") && clocks[0].ends_with(", Black 05:00. White to move."),
        "{clocks:?}"
    );
    assert_eq!(answer_to(&out, 1), ["Thinking on."]);
    let d4 = answer_to(&out, 2);
    assert!(
        d4.iter()
            .any(|l| l.starts_with("depth ") || l.contains("Book move")),
        "the engine's thinking, asked for: {d4:?}"
    );
}

#[test]
fn a_drill_in_plain_mode_judges_the_answer_in_lines() {
    let home = common::tempdir("plain-drill");
    // White, "Me", gives the queen away on move 3.
    let game = "[White \"Me\"]\n[Black \"Friend\"]\n[Result \"0-1\"]\n\n\
                1. e4 e5 2. Qh5 Nc6 3. Qxe5+ Nxe5 4. d4 Ng6 0-1\n";
    std::fs::write(home.0.join("mine.pgn"), game).expect("write");
    let (ok, out, err) = chess(
        &home.0,
        &["analyse", "mine.pgn", "--player", "me", "--depth", "5"],
        "",
    );
    assert!(ok, "{out}{err}");
    let (ok, out, err) = chess(&home.0, &["drill", "--plain"], "Qxe5+\n");
    assert!(ok, "{err}");
    assert!(!out.contains('\x1b'), "{out}");
    // The first exercise is asked before the first prompt.
    let asked = out.split("\n>\n").next().unwrap_or("");
    assert!(
        asked.contains("White to move: find a move as good as the engine's"),
        "{out}"
    );
    let verdict = answer_to(&out, 0);
    assert!(
        verdict
            .iter()
            .any(|l| l.contains("Qxe5+") && l.contains("not as good")),
        "the blunder again is refused, in words: {out}"
    );
}

#[test]
fn plain_level_alone_lists_the_levels_with_their_elo_and_clock_off_is_taken() {
    let home = common::tempdir("plain-levels");
    // Colour given, no level: the level question (with its Elo list); --clock off: no
    // clock question.
    let (ok, out, err) = chess(
        &home.0,
        &["--plain", "--color", "w", "--clock", "off"],
        "3\n:level\nc\n",
    );
    assert!(ok, "{err}");
    assert!(
        out.contains("1: 1061  2: 1287  3: 1328  4: 1500  5: 1577"),
        "{out}"
    );
    assert!(
        out.contains("engine scale: Stockfish 15.1's UCI_Elo"),
        "{out}"
    );
    assert!(!out.contains("Time control"), "{out}");
    let level = answer_to(&out, 1);
    assert!(
        level.contains(&"Level now: L3, Elo 1328 on the engine scale."),
        "{level:?}"
    );
    assert!(
        level.iter().any(|l| l.starts_with("6: 1876  7: 2028")),
        "{level:?}"
    );
    assert!(
        !level.iter().any(|l| l.contains("not a level")),
        "{level:?}"
    );
    assert_eq!(answer_to(&out, 2), ["No clocks."]);
}

/// The output after the prompt of `n` lines typed, up to the next prompt, as one text.
fn after(out: &str, n: usize) -> String {
    answer_to(out, n).join("\n")
}

#[test]
fn a_new_user_is_understood_without_colons_and_a_long_line_is_not_echoed() {
    let home = common::tempdir("plain-new-user");
    let long = "x".repeat(3000);
    let input = format!("e4\nundo\nhint\n{long}\n:foo\nquit\n");
    let (ok, out, err) = chess(
        &home.0,
        &["--plain", "--color", "w", "--level", "1"],
        &input,
    );
    assert!(ok, "{err}");
    // `undo` is the takeback, and says what it took back.
    assert!(
        after(&out, 1).starts_with("Takeback of 1. e4 and 1... "),
        "{out}"
    );
    assert_eq!(
        answer_to(&out, 2),
        ["Did you mean :hint? Commands start with a colon."]
    );
    assert_eq!(
        answer_to(&out, 3),
        ["That line has 3000 characters: a move or a command is short. Nothing done."]
    );
    assert!(!out.contains(&"x".repeat(100)), "not echoed back");
    assert_eq!(
        answer_to(&out, 4),
        ["Unknown command ':foo' (help lists them)"]
    );
    // No function key is named to someone who has only lines to type.
    for key in ["F1", "F2", "F10"] {
        assert!(!out.contains(key), "{key} in {out}");
    }
    // Nothing in progress (taken back): `quit` asks nothing.
    assert!(!out.contains("Quit Huo Chess?"), "{out}");
    assert!(out.trim_end().ends_with("Goodbye."), "{out}");
}

#[test]
fn a_finished_games_quit_asks_nothing_and_a_resumed_game_says_whose_move() {
    let home = common::tempdir("plain-finished");
    let args = ["--plain", "--color", "w", "--level", "1"];
    let (ok, out, err) = chess(&home.0, &args, "e4\nresign\nd4\nquit\n");
    assert!(ok, "{err}");
    assert_eq!(
        answer_to(&out, 2),
        ["The game is over: :new for a new one"],
        "{out}"
    );
    assert!(!out.contains("Quit Huo Chess?"), "{out}");

    // A game left in progress is resumed with which game it is, and whose move.
    let (ok, _, err) = chess(&home.0, &args, "e4\n");
    assert!(ok, "{err}");
    let (ok, out, err) = chess(&home.0, &["--plain", "--resume"], "moves\n");
    assert!(ok, "{err}");
    let line = out
        .lines()
        .find(|l| l.starts_with("The game goes on after 2 moves (the last 1... "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        line.ends_with("): White to move, you play White."),
        "{line}"
    );
}

#[test]
fn puzzles_from_the_game_in_plain_mode_stop_the_clocks_and_give_the_game_back() {
    let home = common::tempdir("plain-puzzle-in-game");
    let input = "e4\n:puzzle\nshow\nquit\nc\n:quit\ny\n";
    let (ok, out, err) = chess(
        &home.0,
        &["--plain", "--color", "w", "--level", "1", "--clock", "5+0"],
        input,
    );
    assert!(ok, "{err}\n{out}");
    // The game waits with its clocks stopped while the puzzle is on.
    let left = out
        .find("Left the game for puzzles: the clocks are stopped")
        .expect(&out);
    let puzzle = out[left..].find("Puzzle 1: you play ").expect(&out) + left;
    // Shown: counted as failed, in the session's tally on leaving and in the progress.
    let tally = out[puzzle..]
        .find("This session: 0 solved, 1 failed.")
        .expect(&out)
        + puzzle;
    let back = out[tally..]
        .find("Back to the game: the clocks run again")
        .expect(&out)
        + tally;
    // The game's own queries answer again: the clocks are read.
    assert!(out[back..].contains(" to move."), "{out}");
    let progress = std::fs::read_to_string(home.0.join("data/huo-chess/puzzles/progress.txt"))
        .expect("the puzzle's result is kept");
    let played = progress
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .count();
    assert_eq!(played, 1, "{progress}");
}

#[test]
fn a_long_search_is_announced_once_before_its_move() {
    // Level 10 without a clock thinks 6 s a move out of its book: after 2 s the listener
    // is told the silence is thinking, once.
    let home = common::tempdir("plain-thinking");
    let fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8";
    let (ok, out, err) = chess(
        &home.0,
        &["--plain", "--color", "b", "--level", "10", "--fen", fen],
        ":quit\ny\n",
    );
    assert!(ok, "{err}\n{out}");
    let thinking = out.find("Thinking…").expect(&out);
    let moved = out.find("White: ").expect(&out);
    assert!(thinking < moved, "{out}");
    assert_eq!(out.matches("Thinking…").count(), 1, "{out}");
}
