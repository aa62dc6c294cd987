//! Fault injection, writer by writer (only with `--features failpoints`): every fail point
//! of each writer is made to fail in turn, and the files are then exactly as before the
//! write or exactly as after it (an append-only log may lose the line being written, never
//! an earlier one), no temporary file is left, and the user is told why.
//!
//! The game's autosave has its own walk in `tui`; the book's transactions theirs in
//! `book_store`.

use crate::common;
use huo_chess::analysis::Judgement;
use huo_chess::core::{Position, parse_move};
use huo_chess::logfile::LogFile;
use huo_chess::train::deck::{Deck, Drill};
use huo_chess::train::fsrs::Grade;
use huo_chess::train::schedule::Schedule;
use huo_chess::util::failpoint::{LOG_POINTS, POINTS, arm};
use huo_chess::util::files::is_temporary;
use std::path::Path;

/// The names in `dir` that are half-written temporary files.
fn temporaries(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| is_temporary(n))
        .collect()
}

fn read(path: &Path) -> Option<String> {
    std::fs::read_to_string(path).ok()
}

#[test]
fn every_fail_point_of_the_training_schedule_leaves_it_whole() {
    let dir = common::tempdir("fault-schedule");
    let mut schedule = Schedule::load(&dir).unwrap();
    schedule.answer(1, Grade::Good, 100).unwrap();
    let file = dir.join("training.txt");
    for (k, point) in POINTS.iter().enumerate() {
        let key = 10 + k as u64;
        let before = read(&file);
        arm(Some(point));
        let result = schedule.answer(key, Grade::Good, 100);
        arm(None);
        match result {
            Err(e) => {
                assert!(e.to_string().contains(point), "{point}: {e}");
                assert_eq!(read(&file), before, "{point}");
                // The schedule in memory is the one on disk: a reload agrees.
                let reloaded = Schedule::load(&dir).unwrap();
                assert!(reloaded.get(key).is_none(), "{point}");
            }
            // The one point this writer does not meet: its folder is there already.
            Ok(_) => {
                assert_eq!(*point, "files.mkdir");
                assert!(Schedule::load(&dir).unwrap().get(key).is_some());
            }
        }
        assert_eq!(temporaries(&dir), Vec::<String>::new(), "{point}");
        // The next answer is saved, the earlier ones with it.
        schedule.answer(key, Grade::Good, 100).unwrap();
        let reloaded = Schedule::load(&dir).unwrap();
        assert!(
            reloaded.get(1).is_some() && reloaded.get(key).is_some(),
            "{point}"
        );
    }
}

fn drill(played: &str) -> Drill {
    let pos = Position::startpos();
    let best = parse_move(&pos, "e2e4").unwrap();
    Drill {
        pos,
        played: parse_move(&pos, played).unwrap(),
        judgement: Judgement::Mistake,
        cost: "expected score 50% -> 35%".into(),
        best,
        line: vec![best],
        depth: 8,
        game: "White - Black, 2026.11.29, move 1".into(),
        engine: None,
        why: None,
        moves: Vec::new(),
        record: None,
    }
}

#[test]
fn every_fail_point_of_the_drills_deck_leaves_it_whole() {
    let dir = common::tempdir("fault-deck");
    let file = dir.join("drills.txt");
    let mut deck = Deck::load(&file).unwrap();
    deck.add(vec![drill("a2a3")]).unwrap();
    let moves = ["b2b3", "c2c3", "d2d3", "f2f3", "g2g3"];
    for (point, played) in POINTS.iter().zip(moves) {
        let before = read(&file);
        arm(Some(point));
        let result = deck.add(vec![drill(played)]);
        arm(None);
        let count = Deck::load(&file).unwrap().drills().len();
        match result {
            Err(e) => {
                assert!(e.to_string().contains(point), "{point}: {e}");
                assert_eq!(read(&file), before, "{point}");
            }
            Ok(_) => {
                assert_eq!(*point, "files.mkdir");
                assert_eq!(count, deck.drills().len());
            }
        }
        assert_eq!(temporaries(&dir), Vec::<String>::new(), "{point}");
        deck.add(vec![drill(played)]).unwrap();
    }
    // Every drill added is there once: the first, and one for each point.
    assert_eq!(Deck::load(&file).unwrap().drills().len(), 1 + POINTS.len());
}

#[test]
fn every_fail_point_of_the_log_loses_at_most_the_line_being_written() {
    let dir = common::tempdir("fault-log");
    let path = dir.join("huo.log");
    // Three 9-byte lines fit; the fourth rotates.
    let mut log = LogFile::open(&path, 27, 2).unwrap();
    for i in 1..=2 {
        log.write_line(&format!("line {i:03}")).unwrap();
    }
    for point in LOG_POINTS {
        if point == "log.rotate" {
            log.write_line("line 003").unwrap(); // the file is full: the next line rotates
        }
        let before = read(&path);
        let rotated_before = read(&dir.join("huo.log.1"));
        arm(Some(point));
        let result = log.write_line("lost 999");
        arm(None);
        let e = result.expect_err(point);
        assert!(e.to_string().contains(point), "{point}: {e}");
        assert_eq!(read(&path), before, "{point}");
        assert_eq!(read(&dir.join("huo.log.1")), rotated_before, "{point}");
    }
    // The game screen says so once, and keeps its log on screen.
    let config = {
        let mut c = huo_chess::config::Config::default();
        c.book.enabled = false;
        c.play.pause = 0.0;
        c
    };
    let args = huo_chess::tui::GameArgs {
        color: Some("w".into()),
        level: Some("classic-1".into()),
        log: Some(dir.join("game.log")),
        ..Default::default()
    };
    let mut app = huo_chess::tui::app::App::new(&config, &args, None).unwrap();
    let logged = read(&dir.join("game.log")).unwrap();
    arm(Some("log.write"));
    app.submit_move("e2e4");
    arm(None);
    let note = app.message.clone().unwrap_or_default();
    assert!(
        note.contains("cannot be written") && note.contains("log.write"),
        "{note}"
    );
    assert_eq!(read(&dir.join("game.log")).unwrap(), logged);
    assert!(app.log.lines().iter().any(|l| l.contains("Your move: e4")));
}

#[test]
fn every_fail_point_of_a_book_edit_leaves_the_position_file_whole() {
    use huo_chess::book::Book;
    let dir = common::tempdir("fault-book");
    let book = Book::open(dir.join("books"));
    let start = Position::startpos();
    book.record(&start, parse_move(&start, "e2e4").unwrap(), 3)
        .unwrap();
    let file = std::path::PathBuf::from(book.file_of(&start));
    let moves = ["d2d4", "c2c4", "g1f3", "b2b3", "g2g3"];
    for (point, text) in POINTS.iter().zip(moves) {
        let mv = parse_move(&start, text).unwrap();
        let before = read(&file);
        arm(Some(point));
        let result = book.record(&start, mv, 1);
        arm(None);
        let entry = book.lookup(&start).unwrap();
        match result {
            Err(e) => {
                assert!(e.to_string().contains(point), "{point}: {e}");
                assert_eq!(read(&file), before, "{point}");
                assert!(entry.moves.iter().all(|m| m.mv != mv), "{point}");
            }
            Ok(()) => {
                assert_eq!(*point, "files.mkdir");
                assert!(entry.moves.iter().any(|m| m.mv == mv));
            }
        }
        assert_eq!(temporaries(file.parent().unwrap()), Vec::<String>::new());
        book.record(&start, mv, 1).unwrap();
    }
    let entry = book.lookup(&start).unwrap();
    assert_eq!(entry.moves.len(), 1 + moves.len());
}
