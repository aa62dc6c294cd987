//! Puzzles (`huo-chess puzzle`): the trainer solved, failed, hinted and shown on fixture
//! puzzles (tests/data/puzzles.csv), the user's Glicko-2 rating moved by the right amount,
//! the filters, a failed puzzle back when due, the progress file kept or refused, the
//! import of a small database (text and zstd) with its bad line named, the plain mode
//! driven through standard input, and the screen at 80×25. Nothing here depends on the
//! shipped set's content: the command-line tests ask for `--theme ownGame`, which only
//! the fixture's puzzles (put where the user's own puzzles go) have.

use crate::common::{self, tempdir};
use huo_chess::core::{Move, parse_uci};
use huo_chess::puzzle::csv;
use huo_chess::puzzle::index::Imported;
use huo_chess::puzzle::library::Library;
use huo_chess::puzzle::progress::Progress;
use huo_chess::puzzle::trainer::{Options, PuzzleTrainer, Stage};
use huo_chess::puzzle::{Puzzle, Rating};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const FIXTURE: &str = include_str!("../data/puzzles.csv");

fn fixture() -> Vec<Puzzle> {
    csv::parse_text(FIXTURE, "puzzles.csv").unwrap()
}

/// A trainer on the fixture's puzzles only, its progress at `path`.
fn trainer(path: &Path, options: Options) -> PuzzleTrainer {
    let progress = Progress::load(path).unwrap();
    PuzzleTrainer::new(
        Library::new(fixture(), None),
        progress,
        Some(path.to_path_buf()),
        options,
    )
    .unwrap()
}

fn near(rating: u16) -> Options {
    Options {
        rating: Some(rating),
        today: 20_000,
        seed: 3,
        ..Options::default()
    }
}

fn mv(t: &PuzzleTrainer, uci: &str) -> Move {
    parse_uci(t.game().position(), uci).unwrap()
}

fn progress_path(dir: &Path) -> PathBuf {
    dir.join("puzzles").join("progress.txt")
}

#[test]
fn a_puzzle_solved_move_by_move_with_the_replies_played_raises_the_rating_by_glicko() {
    let dir = tempdir("puzzle-solve");
    let path = progress_path(dir.as_path());
    let mut t = trainer(&path, near(1500));
    assert_eq!(t.puzzle().unwrap().id, "fxMate2");
    // The position after the opponent's move, the solver White.
    assert_eq!(t.game().moves().len(), 1);
    assert_eq!(t.solver(), huo_chess::Color::White);
    assert_eq!(t.stage(), Stage::Solving);
    // Neither the rating nor the themes before it is over.
    assert_eq!(t.about(), None);
    let first = mv(&t, "e2e8");
    t.play(first);
    // The reply was played: the solver to move again.
    assert_eq!(t.game().moves().len(), 3);
    assert_eq!(t.game().moves()[2].uci(), "d7e8");
    assert_eq!(t.note().unwrap().text, "Right: Rxe8+. Black replies Qxe8");
    assert_eq!(t.stage(), Stage::Solving);
    let second = mv(&t, "e1e8");
    t.play(second);
    assert_eq!(t.stage(), Stage::Over);
    assert!(t.game().position().is_checkmate());
    let v = t.verdict().unwrap();
    assert!(v.solved && v.rated);
    let expected = Rating::NEW.after_puzzle(1500.0, 80.0, true);
    assert_eq!(v.after, expected);
    assert!(expected.rating > 1500.0);
    assert_eq!(t.rating(), expected);
    assert!(t.note().unwrap().text.starts_with("Solved! Your rating: "));
    assert_eq!(
        t.about().unwrap(),
        "Puzzle fxMate2, rated 1500: mate, mateIn2, backRankMate, sacrifice, ownGame"
    );
    // Saved: read back, the same rating.
    assert_eq!(Progress::load(&path).unwrap().rating(), expected);
}

#[test]
fn a_wrong_move_fails_the_puzzle_shows_the_right_one_and_lowers_the_rating() {
    let dir = tempdir("puzzle-wrong");
    let path = progress_path(dir.as_path());
    let mut t = trainer(&path, near(1500));
    let before = t.game().clone();
    let wrong = mv(&t, "h2h3");
    t.play(wrong);
    assert_eq!(t.stage(), Stage::Over);
    // The wrong move is not left on the board; the right one is shown.
    assert_eq!(t.game().moves(), before.moves());
    assert_eq!(t.shown().map(|m| m.uci()), Some("e2e8".to_string()));
    let note = &t.note().unwrap().text;
    assert!(note.starts_with("h3 is not the move: Rxe8+ was."), "{note}");
    let v = t.verdict().unwrap();
    assert!(!v.solved && v.rated);
    assert_eq!(v.after, Rating::NEW.after_puzzle(1500.0, 80.0, false));
    assert!(v.after.rating < 1500.0);
    assert!(note.ends_with(&format!("({})", v.change())), "{note}");
    assert!(v.change().starts_with('-'));
    // A move after the end is refused with a word, not played.
    let any = t.game().position().legal_moves()[0];
    t.play(any);
    assert_eq!(t.game().moves(), before.moves());
}

#[test]
fn any_mate_in_one_is_accepted_where_the_expected_move_mates() {
    let dir = tempdir("puzzle-other-mate");
    let path = progress_path(dir.as_path());
    let mut t = trainer(&path, near(1000));
    assert_eq!(t.puzzle().unwrap().id, "fxTwoMates");
    assert_eq!(t.expected().unwrap().uci(), "d1d8");
    let other = mv(&t, "e1e8");
    t.play(other);
    assert_eq!(t.stage(), Stage::Over);
    assert!(t.verdict().unwrap().solved);
    assert!(t.game().position().is_checkmate());
}

#[test]
fn a_hint_names_the_piece_then_the_move_and_show_me_plays_the_solution_as_failed() {
    let dir = tempdir("puzzle-hint");
    let path = progress_path(dir.as_path());
    let mut t = trainer(&path, near(1500));
    assert!(t.hint());
    assert_eq!(
        t.note().unwrap().text,
        "Hint: a rook move. Asked again, the hint names the move"
    );
    // The piece alone costs nothing.
    assert_eq!(t.verdict(), None);
    assert!(t.hint());
    assert!(
        t.note()
            .unwrap()
            .text
            .starts_with("Hint: Rxe8+ (from e2 to e8): the puzzle counts as failed."),
        "{}",
        t.note().unwrap().text
    );
    assert!(!t.verdict().unwrap().solved);
    assert_eq!(t.stage(), Stage::Solving);
    // Show me: the rest of the solution on the board, the puzzle failed once only.
    assert!(t.show());
    assert_eq!(t.stage(), Stage::Over);
    assert_eq!(t.game().moves().len(), 4);
    assert!(t.game().position().is_checkmate());
    assert_eq!(
        t.note().unwrap().text.split(". Your").next().unwrap(),
        "The solution: Rxe8+ Qxe8 Qxe8#"
    );
    assert_eq!((t.tally().solved, t.tally().failed), (0, 1));
    assert!(!t.show(), "nothing left to show");
    assert!(!t.hint(), "no hint once over");
    let progress = Progress::load(&path).unwrap();
    assert_eq!(progress.attempts().len(), 1);
    assert!(!progress.attempts()[0].solved);
}

#[test]
fn the_theme_and_rating_filters_choose_the_puzzle_and_an_unknown_theme_is_refused() {
    let dir = tempdir("puzzle-filters");
    let path = progress_path(dir.as_path());
    let fork = Options {
        theme: Some("fork".into()),
        ..near(1500)
    };
    let t = trainer(&path, fork);
    assert_eq!(t.puzzle().unwrap().id, "fxFork");
    assert_eq!(t.solver(), huo_chess::Color::White);
    let t = trainer(&path, near(2500));
    assert_eq!(t.puzzle().unwrap().id, "fxFork");
    let t = trainer(&path, near(1050));
    assert_eq!(t.puzzle().unwrap().id, "fxTwoMates");
    // A theme none has: no puzzle, said so.
    let none = Options {
        theme: Some("skewer".into()),
        ..near(1500)
    };
    assert_eq!(trainer(&path, none).stage(), Stage::NoPuzzle);
    let bad = Options {
        theme: Some("forks".into()),
        ..near(1500)
    };
    let e = PuzzleTrainer::new(
        Library::new(fixture(), None),
        Progress::default(),
        None,
        bad,
    )
    .err()
    .unwrap();
    assert!(
        e.to_string()
            .starts_with("unknown theme 'forks' (the themes: "),
        "{e}"
    );
    // Without --rating, near the user's rating: a new user's 1500.
    let t = trainer(
        &path,
        Options {
            rating: None,
            ..near(0)
        },
    );
    assert_eq!(t.puzzle().unwrap().id, "fxMate2");
}

#[test]
fn a_failed_puzzle_comes_back_when_due_unrated_and_not_in_the_same_session() {
    let dir = tempdir("puzzle-again");
    let path = progress_path(dir.as_path());
    let mut t = trainer(&path, near(1500));
    let wrong = mv(&t, "h2h3");
    t.play(wrong);
    let rating = t.rating();
    // Not again in this session: the next one is another.
    t.next_puzzle().unwrap();
    assert_ne!(t.puzzle().unwrap().id, "fxMate2");
    assert!(!t.is_repeat());
    // The next day it is due: first, and played again it is not rated.
    let mut t = trainer(
        &path,
        Options {
            today: 20_001,
            ..near(1500)
        },
    );
    assert_eq!(t.puzzle().unwrap().id, "fxMate2");
    assert!(t.is_repeat());
    let first = mv(&t, "e2e8");
    t.play(first);
    let last = mv(&t, "e1e8");
    t.play(last);
    let v = t.verdict().unwrap();
    assert!(v.solved && !v.rated);
    assert_eq!(t.rating(), rating);
    // Solved, it waits some days before it comes back.
    let progress = Progress::load(&path).unwrap();
    let due = progress.schedule()["fxMate2"].due;
    assert!(due > 20_001);
    assert!(progress.due(20_001).is_empty());
    assert_eq!(progress.due(due)[0].id, "fxMate2");
}

/// Runs `huo-chess` with its data folder under `home`, `input` on standard input.
fn huo_chess(home: &Path, args: &[&str], input: &str) -> (bool, String, String) {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_huo-chess"))
        .env("XDG_DATA_HOME", home)
        .env("HOME", home)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A program that refuses to start reads nothing: its closed input is no failure.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    common::outcome_of(child)
}

/// The data folder's puzzles folder under `home`, with the fixture as the user's own.
fn with_own_puzzles(home: &Path) -> PathBuf {
    let dir = home.join("huo-chess").join("puzzles");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("own.csv"), FIXTURE).unwrap();
    dir
}

#[test]
fn plain_puzzles_through_standard_input_solve_one_fail_one_hint_and_stats() {
    let home = tempdir("puzzle-plain");
    let dir = with_own_puzzles(home.as_path());
    let args = [
        "puzzle", "--plain", "--theme", "ownGame", "--rating", "1500",
    ];
    let (ok, out, err) = huo_chess(
        home.as_path(),
        &args,
        "hint\ne2e8\ne1e8\nnext\nh2h3\nstats\nquit\n",
    );
    assert!(ok, "{err}\n{out}");
    let solved = Rating::NEW.after_puzzle(1500.0, 80.0, true);
    let failed = solved.after_puzzle(1000.0, 80.0, false);
    let expected = [
        "Puzzle 1: you play White. Your rating: 1500.".to_string(),
        "Black: queen d5 to d7. Qd7.".into(),
        "White to move: find the best move.".into(),
        "Hint: a rook move. Asked again, the hint names the move".into(),
        "White: rook e2 takes rook e8. Rxe8+.".into(),
        "Black: queen d7 takes rook e8. Qxe8.".into(),
        "Right: Rxe8+. Black replies Qxe8".into(),
        "White: queen e1 takes queen e8. Qxe8#.".into(),
        format!(
            "Solved! Your rating: {:.0} (+{:.0})",
            solved.rating,
            solved.rating.round() - 1500.0
        ),
        "Puzzle fxMate2, rated 1500: mate, mateIn2, backRankMate, sacrifice, ownGame".into(),
        format!(
            "Puzzle 2: you play White. Your rating: {:.0}.",
            solved.rating
        ),
        "Black: rook c8 to c2. Rc2.".into(),
        format!(
            "h3 is not the move: Rd8# was. Your rating: {:.0} (-{:.0})",
            failed.rating,
            solved.rating.round() - failed.rating.round()
        ),
        "Puzzle fxTwoMates, rated 1000: mate, mateIn1, backRankMate, ownGame".into(),
        // stats, typed in the session: the figures of --stats as they stand.
        format!(
            "Rating: {:.0} (deviation {:.0}), 2 puzzles rated, 1 solved",
            failed.rating, failed.deviation
        ),
        "  backRankMate          50%  (1 of 2)".into(),
        "Failed puzzles: 1 due now, 0 coming back later".into(),
        format!(
            "This session: 1 solved, 1 failed. Your rating: {:.0} (-{:.0})",
            failed.rating,
            solved.rating.round() - failed.rating.round()
        ),
    ];
    let mut rest = out.as_str();
    for line in &expected {
        let at = rest
            .find(line.as_str())
            .unwrap_or_else(|| panic!("missing, in order: {line}\n{out}"));
        rest = &rest[at + line.len()..];
    }
    // The themes and rating were not said while the puzzle was asked.
    let asked = out.split("Solved!").next().unwrap();
    assert!(!asked.contains("mateIn2"), "{out}");
    let (ok, stats, err) = huo_chess(home.as_path(), &["puzzle", "--stats"], "");
    assert!(ok, "{err}");
    let progress = dir.join("progress.txt");
    assert!(
        stats.starts_with(&format!("Puzzles: {}\n", progress.display())),
        "{stats}"
    );
    assert!(
        stats.contains(&format!(
            "Rating: {:.0} (deviation {:.0}), 2 puzzles rated, 1 solved",
            failed.rating, failed.deviation
        )),
        "{stats}"
    );
    assert!(
        stats.contains("  backRankMate          50%  (1 of 2)"),
        "{stats}"
    );
    assert!(
        stats.contains("  mateIn2              100%  (1 of 1)"),
        "{stats}"
    );
    assert!(
        stats.contains("Failed puzzles: 1 due now, 0 coming back later"),
        "{stats}"
    );
}

#[test]
fn a_damaged_progress_file_is_refused_with_its_line_and_left_untouched() {
    let home = tempdir("puzzle-damaged");
    let dir = with_own_puzzles(home.as_path());
    let progress = dir.join("progress.txt");
    let line = FIXTURE.lines().nth(1).unwrap();
    let text = format!("# mine\n2026-12-06 solved 1510 300 | {line}\n");
    std::fs::write(&progress, &text).unwrap();
    for args in [&["puzzle", "--plain"][..], &["puzzle", "--stats"]] {
        let (ok, out, err) = huo_chess(home.as_path(), args, "e2e8\nquit\n");
        assert!(!ok, "{out}");
        assert!(
            err.contains(&format!(
                "{}:2: expected the rating, its deviation and volatility, or - (not rated)",
                progress.display()
            )),
            "{err}"
        );
        assert_eq!(std::fs::read_to_string(&progress).unwrap(), text);
    }
}

#[test]
fn import_of_a_csv_and_a_zst_reports_the_bad_line_and_indexes_by_rating() {
    for file in ["puzzles-import.csv", "puzzles-import.csv.zst"] {
        let home = tempdir("puzzle-import");
        let input = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(file);
        let input = input.to_str().unwrap();
        let (ok, out, err) = huo_chess(home.as_path(), &["puzzle", "import", input], "");
        assert!(ok, "{err}");
        assert!(
            err.contains(&format!("{input}:4: Moves: move 2, d1d9: ")),
            "{err}"
        );
        let dir = home.as_path().join("huo-chess").join("puzzles");
        assert!(
            out.contains(&format!(
                "Imported 3 puzzle(s) from {input} into {} (1 bad line(s) skipped)",
                dir.display()
            )),
            "{out}"
        );
        let mut imported = Imported::open(&dir).unwrap().unwrap();
        assert_eq!(imported.len(), 3);
        let ratings: Vec<u16> = (0..3).map(|i| imported.entry(i).unwrap().rating).collect();
        assert_eq!(ratings, [990, 1210, 1650]);
        let id = |i: &mut Imported, k| {
            let e = i.entry(k).unwrap();
            i.puzzle_at(e.offset).unwrap().id
        };
        assert_eq!(id(&mut imported, 0), "imOne");
        assert_eq!(id(&mut imported, 2), "imMate2");
        assert_eq!(imported.count_between(1000, 1700).unwrap(), 2);
        // The trainer on the import alone: near 1650 the mate in 2, then the nearest
        // band with another.
        let progress = home.as_path().join("progress.txt");
        let mut t = PuzzleTrainer::new(
            Library::new(Vec::new(), Imported::open(&dir).unwrap()),
            Progress::default(),
            Some(progress),
            near(1650),
        )
        .unwrap();
        assert_eq!(t.puzzle().unwrap().id, "imMate2");
        t.next_puzzle().unwrap();
        assert_eq!(t.puzzle().unwrap().id, "imFork");
        // A theme from the index: the fork, however far from the rating asked.
        let mut lib = Library::new(Vec::new(), Imported::open(&dir).unwrap());
        let fork = huo_chess::puzzle::record::theme_bit("fork").unwrap();
        let mut rng = huo_chess::util::rng::XorShift::new(5);
        let none = |_: &str| false;
        let p = lib.choose(2000, fork, &none, &mut rng).unwrap().unwrap();
        assert_eq!(p.id, "imFork");
        let seen = |id: &str| id == "imFork";
        assert_eq!(lib.choose(2000, fork, &seen, &mut rng).unwrap(), None);
    }
}

#[test]
fn an_import_with_no_puzzle_fails_and_keeps_the_previous_one() {
    let home = tempdir("puzzle-import-none");
    let good = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/puzzles-import.csv");
    let (ok, _, err) = huo_chess(
        home.as_path(),
        &["puzzle", "import", good.to_str().unwrap()],
        "",
    );
    assert!(ok, "{err}");
    let dir = home.as_path().join("huo-chess").join("puzzles");
    let before = common::tree(&dir);
    let bad = home.as_path().join("bad.csv");
    std::fs::write(&bad, "PuzzleId,FEN\nx,y\n").unwrap();
    let (ok, _, err) = huo_chess(
        home.as_path(),
        &["puzzle", "import", bad.to_str().unwrap()],
        "",
    );
    assert!(!ok);
    assert!(
        err.contains(&format!(
            "{}: no puzzle found (1 bad line(s)):",
            bad.display()
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!("{}:2: line: 2 fields", bad.display())),
        "{err}"
    );
    assert_eq!(common::tree(&dir), before);
}

#[test]
fn the_puzzle_screen_fits_80_by_25_and_tells_the_themes_only_once_over() {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use huo_chess::tui::puzzle::PuzzleScreen;
    let dir = tempdir("puzzle-screen");
    let path = progress_path(dir.as_path());
    let mut s = PuzzleScreen::new(trainer(&path, near(1000)), &Default::default());
    let screen = |s: &mut PuzzleScreen| {
        let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 25)).unwrap();
        t.draw(|f| {
            huo_chess::tui::puzzle::ui::lay_out(s, f.area());
            huo_chess::tui::puzzle::ui::draw(f, s)
        })
        .unwrap();
        huo_chess::tui::ui::buffer_text(t.backend().buffer())
    };
    let text = screen(&mut s);
    assert!(text.contains("HUO CHESS PUZZLES  White to play"), "{text}");
    assert!(text.contains("Your rating: 1500 (deviation 350)"), "{text}");
    assert!(text.contains("White to move: find the best move"), "{text}");
    assert!(
        text.contains("F2: hint   F3: show me   F4: next puzzle"),
        "{text}"
    );
    assert!(!text.contains("mateIn1"), "{text}");
    for c in "d1d8".chars() {
        s.handle_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
    }
    s.handle_key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
    let text = screen(&mut s);
    assert!(text.contains("Solved! Your rating: "), "{text}");
    assert!(text.contains("rated 1000: mate, mateIn1"), "{text}");
    // F5: the figures of --stats in a window, the solve counted; any key closes it.
    s.handle_key(KeyEvent::new(KeyCode::F(5), KeyModifiers::NONE));
    let text = screen(&mut s);
    assert!(text.contains("Your puzzles"), "{text}");
    assert!(text.contains("1 puzzle rated, 1 solved"), "{text}");
    // The theme rows keep their indent inside the window's border.
    assert!(
        text.contains("│  mateIn1              100%  (1 of 1)"),
        "{text}"
    );
    s.handle_key(KeyEvent::new(KeyCode::F(5), KeyModifiers::NONE));
    assert!(!screen(&mut s).contains("Your puzzles"));
    // Enter goes on to the next puzzle; F3 then shows it; Esc leaves.
    s.handle_key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
    assert_ne!(s.trainer.puzzle().unwrap().id, "fxTwoMates");
    s.handle_key(KeyEvent::new(KeyCode::F(3), KeyModifiers::NONE));
    assert_eq!(s.trainer.stage(), Stage::Over);
    s.handle_key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE));
    assert!(s.done());
}
