//! `huo-book train`: the figures, the schedule checked, and a trainer killed mid-session.
//! The schedules written here use days far in the past (due) or the future (not due), so
//! nothing depends on today's date.

use crate::common::tempdir;
use std::path::Path;
use std::process::Command;

fn huo_book(book: &Path, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_huo-book"))
        .arg("--book")
        .arg(book)
        .args(["--layers", "user"])
        .args(args)
        .output()
        .expect("run huo-book");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A book with White's 1. e4, Black's two answers and White's reply to each.
fn repertoire(book: &Path) {
    for line in [&["e4", "e5", "Nf3"][..], &["e4", "c5", "Nf3"]] {
        let (ok, _, err) = huo_book(book, &[&["record"][..], line].concat());
        assert!(ok, "{err}");
    }
}

/// The keys of the positions White answers in [`repertoire`].
const START: &str = "463b96181691fc9c";
const AFTER_E5: &str = "0844931a6ef4b9a0";
const AFTER_C5: &str = "644d4afe02564aeb";

fn schedule(book: &Path, lines: &[&str]) {
    let mut text = String::from("# Huo Chess training schedule (format: books/README.md)\n");
    for l in lines {
        text.push_str(l);
        text.push('\n');
    }
    std::fs::write(book.join("training.txt"), text).unwrap();
}

#[test]
fn the_keys_named_here_are_the_positions() {
    let dir = tempdir("train-keys");
    repertoire(&dir);
    for (moves, key) in [
        (&[][..], START),
        (&["e4", "e5"][..], AFTER_E5),
        (&["e4", "c5"][..], AFTER_C5),
    ] {
        let (ok, out, _) = huo_book(&dir, &[&["show"][..], moves].concat());
        assert!(
            ok && out.contains(&format!("key  {key}")),
            "{moves:?}: {out}"
        );
    }
}

#[test]
fn stats_add_up_and_name_the_hardest_position() {
    let dir = tempdir("train-stats");
    repertoire(&dir);
    let (ok, out, err) = huo_book(&dir, &["train", "--stats"]);
    assert!(ok, "{err}");
    assert!(
        out.contains("Positions to answer: 3 (3 new, 0 due now, 0 learning, 0 learned)"),
        "{out}"
    );
    assert!(out.contains("Success rate: no answers yet"), "{out}");
    schedule(
        &dir,
        &[
            // Learned until 2999; missed 3 times in 4 answers, due long ago; a position of
            // Black's (not White's to answer).
            &format!(
                "{START} due=2999-01-01 last=2000-01-01 stability=30 difficulty=3 reps=2 lapses=0"
            ),
            &format!(
                "{AFTER_E5} due=2000-01-02 last=2000-01-01 stability=1 difficulty=8 reps=4 lapses=3"
            ),
            "823c9b50fd114196 due=2000-01-02 last=2000-01-01 stability=1 difficulty=5 reps=1 lapses=0",
        ],
    );
    let (ok, out, err) = huo_book(&dir, &["train", "--stats"]);
    assert!(ok, "{err}");
    assert!(
        out.contains("Positions to answer: 3 (1 new, 1 due now, 0 learning, 1 learned)"),
        "{out}"
    );
    assert!(
        out.contains("Success rate: 50% (3 of 6 answers right)"),
        "{out}"
    );
    assert!(out.contains("Next due: 2999-01-01 (1 position)"), "{out}");
    assert!(
        out.contains("after 1. e4 e5 (C20 King's Pawn Game): wrong 3 of 4 times"),
        "{out}"
    );
    assert!(out.contains("The schedule has 1 other position"), "{out}");
    // As Black: the one position (after 1. e4) is due; the others are White's.
    let (ok, out, _) = huo_book(&dir, &["train", "--stats", "--color", "b"]);
    assert!(ok);
    assert!(
        out.contains("Positions to answer: 1 (0 new, 1 due now, 0 learning, 0 learned)"),
        "{out}"
    );
    // From 1. e4 c5 only White's reply there is trained.
    let (ok, out, _) = huo_book(&dir, &["train", "--stats", "--from", "1. e4 c5"]);
    assert!(ok);
    assert!(out.contains("Training White from 1. e4 c5"), "{out}");
    assert!(
        out.contains("Positions to answer: 1 (1 new, 0 due now, 0 learning, 0 learned)"),
        "{out}"
    );
}

#[test]
fn check_and_train_refuse_a_malformed_schedule_line() {
    let dir = tempdir("train-check");
    repertoire(&dir);
    let (ok, out, _) = huo_book(&dir, &["check"]);
    assert!(ok, "{out}");
    schedule(
        &dir,
        &[
            &format!(
                "{START} due=2999-01-01 last=2000-01-01 stability=30 difficulty=3 reps=2 lapses=0"
            ),
            &format!(
                "{AFTER_E5} due=tomorrow last=2000-01-01 stability=1 difficulty=8 reps=4 lapses=3"
            ),
        ],
    );
    let shown = dir.join("training.txt").display().to_string();
    let (ok, out, _) = huo_book(&dir, &["check"]);
    assert!(!ok, "a malformed line fails the check: {out}");
    assert!(
        out.contains(&format!(
            "{shown}:3: due=tomorrow is not a date (YYYY-MM-DD)"
        )),
        "{out}"
    );
    let before = std::fs::read_to_string(dir.join("training.txt")).unwrap();
    for args in [&["train"][..], &["train", "--stats"]] {
        let (ok, _, err) = huo_book(&dir, args);
        assert!(!ok, "{args:?}");
        assert!(err.contains(&format!("{shown}:3: due=tomorrow")), "{err}");
    }
    assert_eq!(
        std::fs::read_to_string(dir.join("training.txt")).unwrap(),
        before
    );
}

#[test]
fn nothing_to_train_says_so() {
    let dir = tempdir("train-nothing");
    repertoire(&dir);
    let (ok, _, err) = huo_book(&dir, &["train", "--color", "white", "--from", "e4 e5 Nf3"]);
    assert!(!ok);
    assert!(
        err.starts_with("huo-book: Nothing to train") && err.contains("from 1. e4 e5 2. Nf3"),
        "{err}"
    );
    let (ok, _, err) = huo_book(&dir, &["train", "--from", "e4 e6"]);
    assert!(!ok);
    assert!(err.starts_with("huo-book: Nothing to train"), "{err}");
    let (ok, _, err) = huo_book(&dir, &["train", "--from", "e4 e5 zz"]);
    assert!(!ok);
    assert!(err.contains("--from: move 3"), "{err}");
}

/// `huo-book train ARGS` run in `cwd` with `home` as the user's home.
fn train_in(cwd: &Path, home: &Path, args: &[&str]) -> (bool, String) {
    let (ok, out, _) = train_in_full(cwd, home, args);
    (ok, out)
}

/// As [`train_in`], with standard error too.
fn train_in_full(cwd: &Path, home: &Path, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_huo-book"))
        .current_dir(cwd)
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .arg("train")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The trainer asks your own repertoire: the built-in lines only when `--layers` asks.
#[test]
fn the_trainer_asks_your_book_unless_told_otherwise() {
    let dir = tempdir("train-yours");
    repertoire(&dir);
    let count = |layers: Option<&str>| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_huo-book"));
        cmd.arg("--book").arg(&*dir);
        if let Some(l) = layers {
            cmd.args(["--layers", l]);
        }
        let out = cmd.args(["train", "--stats"]).output().unwrap();
        let said = String::from_utf8_lossy(&out.stdout).into_owned();
        let n = said
            .lines()
            .find_map(|l| l.strip_prefix("Positions to answer: "))
            .and_then(|l| l.split_whitespace().next())
            .and_then(|n| n.parse::<u32>().ok())
            .unwrap_or_else(|| panic!("{said}"));
        (n, said)
    };
    // White answers at the start, after 1...e5 and after 1...c5: three positions.
    let (mine, said) = count(None);
    assert_eq!(mine, 3, "{said}");
    assert!(!said.contains("built-in"), "{said}");
    assert_eq!(count(Some("user")).0, 3);
    let (both, said) = count(Some("both"));
    assert!(both > mine, "{said}");
    assert!(said.contains("over the built-in book"), "{said}");
    // Without a book of your own, there is nothing to train, and it says what to do.
    let (home, elsewhere) = (dir.join(".home"), dir.join("elsewhere"));
    std::fs::create_dir_all(&elsewhere).unwrap();
    let (ok, _, err) = train_in_full(&elsewhere, &home, &[]);
    assert!(!ok);
    assert!(
        err.contains("Nothing to train")
            && err.contains("Record your lines first")
            && err.contains("--layers both"),
        "{err}"
    );
}

#[test]
fn from_an_empty_directory_the_built_in_lines_are_counted() {
    let dir = tempdir("train-empty");
    let home = dir.join(".home");
    let (ok, said) = train_in(
        &dir,
        &home,
        &["--stats", "--color", "black", "--layers", "both"],
    );
    assert!(ok, "{said}");
    assert!(
        said.contains("Training Black from the start position: the built-in book"),
        "{said}"
    );
    // With no book of the user's, the schedule is the data folder's book's.
    let schedule = home.join("data/huo-chess/books/training.txt");
    assert!(
        said.contains(&format!("Schedule: {}", schedule.display())),
        "{said}"
    );
    assert!(!dir.join("books").exists(), "figures write nothing");
    assert!(!schedule.exists(), "figures write nothing");
}

#[test]
fn the_schedule_is_the_same_from_any_folder() {
    let dir = tempdir("train-anywhere");
    let home = dir.join(".home");
    let book = home.join("data/huo-chess/books");
    std::fs::create_dir_all(&book).unwrap();
    schedule(
        &book,
        &[&format!(
            "{START} due=2000-01-01 last=1999-12-31 stability=1.0000 difficulty=5.0000 reps=1 lapses=0"
        )],
    );
    let mut seen = Vec::new();
    for place in ["one", "two"] {
        let cwd = dir.join(place);
        std::fs::create_dir_all(&cwd).unwrap();
        let (ok, said) = train_in(&cwd, &home, &["--stats", "--layers", "both"]);
        assert!(ok, "{said}");
        assert!(!cwd.join("books").exists(), "{place}: no ./books made");
        assert!(
            said.contains("1 due now"),
            "{place}: the schedule read: {said}"
        );
        let line = said
            .lines()
            .find(|l| l.starts_with("Schedule: "))
            .unwrap_or_else(|| panic!("{said}"))
            .to_string();
        seen.push(line);
    }
    assert_eq!(seen[0], seen[1]);
    assert!(
        seen[0].contains(&book.join("training.txt").display().to_string()),
        "{seen:?}"
    );
}

#[test]
fn a_trainer_killed_mid_session_keeps_every_answer_given() {
    let dir = tempdir("train-kill");
    repertoire(&dir);
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pty_train.py");
    let out = Command::new("python3")
        .args([script, env!("CARGO_BIN_EXE_huo-book")])
        .arg(&*dir)
        .args(["e4", "Nf3"])
        .output()
        .expect("python3 runs the pseudo-terminal driver");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.starts_with("killed"),
        "{said}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Both answers are on disk; the half-typed third is all that was lost.
    let text = std::fs::read_to_string(dir.join("training.txt")).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines.iter().all(|l| l.contains(" reps=1 lapses=0")),
        "{text}"
    );
    assert!(text.contains(START), "{text}");
    // Each line names its position for a person reading the file.
    let start_line = lines.iter().find(|l| l.starts_with(START)).unwrap();
    assert!(start_line.ends_with("# the start position"), "{text}");
    let other = lines.iter().find(|l| !l.starts_with(START)).unwrap();
    assert!(
        other.ends_with("# 1. e4 e5") || other.ends_with("# 1. e4 c5"),
        "{text}"
    );
    let (ok, out, _) = huo_book(&dir, &["check"]);
    assert!(ok, "the schedule left by the kill is valid: {out}");
}

/// The day rolls over at the user's midnight, not at UTC's: a position due on the date it
/// already is fourteen hours east of Greenwich is due there, and not yet twelve hours west
/// (where it is at least a day earlier, whatever the hour).
#[test]
fn the_day_is_the_users_local_day() {
    let dir = tempdir("train-local-day");
    repertoire(&dir);
    let east = Command::new("date")
        .env("TZ", "UTC-14")
        .arg("+%F")
        .output()
        .expect("date");
    let due = String::from_utf8_lossy(&east.stdout).trim().to_string();
    schedule(
        &dir,
        &[&format!(
            "{START} due={due} last=2000-01-01 stability=1.0000 difficulty=5.0000 reps=1 lapses=0"
        )],
    );
    for (tz, due_now) in [("UTC-14", "1 due now"), ("UTC+12", "0 due now")] {
        let out = Command::new(env!("CARGO_BIN_EXE_huo-book"))
            .env("TZ", tz)
            .arg("--book")
            .arg(&*dir)
            .args(["--layers", "user", "train", "--stats"])
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(said.contains(due_now), "TZ={tz}, due {due}: {said}");
    }
}

/// One right answer is not "learned": a position is learned once it is remembered for
/// three weeks (stability 21 days), and learning before; the four counts add up.
#[test]
fn learned_means_remembered_for_three_weeks() {
    let dir = tempdir("train-learned");
    repertoire(&dir);
    schedule(
        &dir,
        &[
            &format!(
                "{START} due=2999-01-01 last=2000-01-01 stability=21 difficulty=3 reps=3 lapses=0"
            ),
            &format!(
                "{AFTER_E5} due=2999-01-01 last=2000-01-01 stability=20.9 difficulty=5 reps=1 lapses=0"
            ),
            &format!(
                "{AFTER_C5} due=2000-01-02 last=2000-01-01 stability=40 difficulty=5 reps=4 lapses=1"
            ),
        ],
    );
    let (ok, out, err) = huo_book(&dir, &["train", "--stats"]);
    assert!(ok, "{err}");
    assert!(
        out.contains("Positions to answer: 3 (0 new, 1 due now, 1 learning, 1 learned)"),
        "{out}"
    );
    assert!(
        out.contains("Learned: remembered for 21 days or more"),
        "{out}"
    );
}
