//! The trainer screen without a terminal: keys in; the screen drawn at 80×25, the stage
//! and the schedule on disk checked. "Today" is given, never the wall clock.

use super::*;
use crate::book::Book;
use crate::book::layers::{Books, LayerPolicy};
use crate::core::{Color, Position, parse_move};
use crate::game::Game;
use crate::session::engine::THINKING;
use crate::train::Stage;
use crate::train::exercise::LineEnd;
use crate::train::schedule::{self, Schedule};
use crate::train::{Options, Session};
use crate::util::date;
use crate::util::scratch::Scratch;
use crossterm::event::Event as TermEvent;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// 2026-11-25.
const TODAY: i64 = 20_782;

/// A user book with one line for White: 1. e4 e5 2. Nf3 Nc6 3. Bb5 (comments on two of
/// White's moves). Read alone (the built-in book would carry the line on).
fn ruy_lopez(dir: &Scratch) -> Books {
    let book = Book::open(dir.path());
    let mut pos = Position::startpos();
    for (text, comment) in [
        ("e4", Some("King's pawn")),
        ("e5", None),
        ("Nf3", Some("Develops, attacks e5")),
        ("Nc6", None),
        ("Bb5", None),
    ] {
        let mv = parse_move(&pos, text).unwrap();
        book.record(&pos, mv, 1).unwrap();
        if let Some(c) = comment {
            book.set_comment(&pos, mv, Some(c)).unwrap();
        }
        pos.play(mv);
    }
    Books::new(Some(book), LayerPolicy::UserOnly)
}

fn trainer(books: &Books, learner: Color, today: i64) -> Trainer {
    trainer_with(books, learner, today, false, 20)
}

/// A trainer that shows new positions first (`learn_first`), taking up at most
/// `new_per_day` a day.
fn trainer_with(
    books: &Books,
    learner: Color,
    today: i64,
    learn_first: bool,
    new_per_day: u32,
) -> Trainer {
    let session = Session::open(
        books,
        Options {
            learner,
            root: Game::new(),
            all: false,
            today,
            seed: 7,
            learn_first,
            new_per_day,
        },
    )
    .unwrap();
    Trainer::new(Box::new(session), &Config::default())
}

fn key(tr: &mut Trainer, code: KeyCode) {
    tr.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn typed(tr: &mut Trainer, s: &str) {
    for c in s.chars() {
        key(tr, KeyCode::Char(c));
    }
    key(tr, KeyCode::Enter);
}

fn screen(tr: &mut Trainer) -> String {
    let mut t = Terminal::new(TestBackend::new(80, 25)).unwrap();
    t.draw(|f| {
        ui::lay_out(tr, f.area());
        ui::draw(f, tr)
    })
    .unwrap();
    crate::tui::ui::buffer_text(t.backend().buffer())
}

/// The key of the position after `moves` from the start.
fn key_after(moves: &str) -> u64 {
    let mut g = Game::new();
    for m in moves.split_whitespace() {
        g.play_text(m).unwrap();
    }
    g.position().key()
}

/// The stage's name, for messages.
fn asked_at(tr: &Trainer) -> Option<u64> {
    match tr.exercise.stage() {
        Stage::Ask(q) => Some(q.key),
        _ => None,
    }
}

#[test]
fn a_scripted_session_right_wrong_and_the_wrong_one_back_sooner() {
    let dir = Scratch::new("trainer-session");
    let books = ruy_lopez(&dir);
    let files_before: Vec<String> = books.user().unwrap().scan_iter().map(|f| f.file).collect();
    let (start, after_e5, after_nc6) = (
        key_after(""),
        key_after("e4 e5"),
        key_after("e4 e5 Nf3 Nc6"),
    );

    let mut tr = trainer(&books, Color::White, TODAY);
    assert_eq!(
        asked_at(&tr),
        Some(start),
        "a new repertoire starts at its first move"
    );
    let s = screen(&mut tr);
    assert!(
        s.contains("White to move: what does your book play?"),
        "{s}"
    );
    assert!(s.contains("A new position"), "{s}");
    for keys in ui::KEY_LINES {
        assert!(
            s.contains(keys),
            "the keys are on the 80x25 screen: {keys}\n{s}"
        );
    }

    // Right: the program answers from the book at once.
    typed(&mut tr, "e4");
    assert_eq!(asked_at(&tr), Some(after_e5));
    assert_eq!(tr.exercise.game().movetext(), "1. e4 e5");
    assert!(screen(&mut tr).contains("Right: e4. Then: 1... e5"));

    // Wrong: the book's move is shown with its comment; the line waits for it.
    typed(&mut tr, "Bc4");
    let Stage::Missed { played, .. } = tr.exercise.stage() else {
        panic!(
            "a wrong answer shows the book's moves: {:?}",
            tr.exercise.stage()
        );
    };
    assert_eq!(played, "Bc4");
    let s = screen(&mut tr);
    assert!(s.contains("Bc4 is not in your book here"), "{s}");
    assert!(s.contains("Nf3     weight 1  Develops, attacks e5"), "{s}");
    assert!(s.contains("C20 King's Pawn Game"), "the opening named: {s}");
    // Another wrong move now is not graded again; an unreadable one is not a move.
    typed(&mut tr, "d4");
    assert!(screen(&mut tr).contains("d4 is not your book's move"));
    typed(&mut tr, "zz9");
    assert!(tr.message.as_deref().unwrap().starts_with("Invalid move"));
    typed(&mut tr, "Nf3");
    assert_eq!(asked_at(&tr), Some(after_nc6));
    typed(&mut tr, "Bb5");
    let Stage::LineDone { end, line, .. } = tr.exercise.stage().clone() else {
        panic!("the book ends after 3. Bb5: {:?}", tr.exercise.stage());
    };
    assert_eq!(end, LineEnd::BookEnds);
    assert_eq!((line.reviewed, line.right_first_time), (3, 2));
    let s = screen(&mut tr);
    assert!(
        s.contains("This line: 3 positions answered, 2 right the first"),
        "{s}"
    );
    assert!(s.contains("Still to ask today: 1 position"), "{s}");

    // The fields written, read back from the book directory: the wrong one is due today,
    // the right ones in two days (FSRS-6's first interval for a right answer).
    let read = Schedule::load(dir.path()).unwrap();
    let due = |k: u64| {
        read.get(k)
            .map(|r| (r.memory.due - TODAY, r.reps, r.lapses))
    };
    assert_eq!(due(start), Some((2, 1, 0)));
    assert_eq!(due(after_e5), Some((0, 1, 1)));
    assert_eq!(due(after_nc6), Some((2, 1, 0)));
    let text = std::fs::read_to_string(schedule::path_in(dir.path())).unwrap();
    assert!(
        text.contains(&format!(
            "{after_e5:016x} due=2026-11-25 last=2026-11-25 stability=0.2120 difficulty=6.4133 reps=1 lapses=1"
        )),
        "{text}"
    );

    // The next line: what is not due is played for the learner, the missed one asked.
    key(&mut tr, KeyCode::Enter);
    assert_eq!(
        asked_at(&tr),
        Some(after_e5),
        "the wrong position comes back"
    );
    assert!(screen(&mut tr).contains("Played: 1. e4 e5"));
    let s = screen(&mut tr);
    assert!(
        s.contains("Asked 1 time before (1 wrong), last 2026-11-25"),
        "{s}"
    );
    typed(&mut tr, "Nf3");
    let Stage::Finished { session, due } = tr.exercise.stage().clone() else {
        panic!("nothing more is due: {:?}", tr.exercise.stage());
    };
    assert_eq!((session.reviewed, session.right_first_time), (3, 2));
    assert_eq!(due.now, 0);
    // Relearnt today: due tomorrow, before the two answered right at once.
    assert_eq!(due.next, Some((TODAY + 1, 1)));
    let s = screen(&mut tr);
    assert!(s.contains("That is all for now"), "{s}");
    assert!(s.contains("Next due: 2026-11-26 (1 position)"), "{s}");
    key(&mut tr, KeyCode::Esc);
    assert!(tr.quit);

    let read = Schedule::load(dir.path()).unwrap();
    let r = read.get(after_e5).unwrap();
    assert_eq!((r.reps, r.lapses, r.memory.due), (2, 1, TODAY + 1));
    // Training wrote no position of the book.
    let files_after: Vec<String> = books.user().unwrap().scan_iter().map(|f| f.file).collect();
    assert_eq!(files_before, files_after);

    // Tomorrow only that position is due: the rest of the line is played for the learner.
    let mut tr = trainer(&books, Color::White, TODAY + 1);
    assert_eq!(asked_at(&tr), Some(after_e5));
    typed(&mut tr, "Nf3");
    assert!(matches!(tr.exercise.stage(), Stage::Finished { .. }));
    // Two days on, the first and the last are due again.
    let tr = trainer(&books, Color::White, TODAY + 2);
    assert_eq!(asked_at(&tr), Some(start));
}

#[test]
fn esc_clears_a_typed_line_first_then_leaves_and_answers_are_already_saved() {
    let dir = Scratch::new("trainer-esc");
    let books = ruy_lopez(&dir);
    let mut tr = trainer(&books, Color::White, TODAY);
    typed(&mut tr, "e4");
    // Half a move typed: Esc clears it (the game's rule), the trainer stays.
    key(&mut tr, KeyCode::Char('N'));
    key(&mut tr, KeyCode::Char('f'));
    assert!(screen(&mut tr).contains("> Nf"));
    key(&mut tr, KeyCode::Esc);
    assert!(!tr.quit, "Esc with a typed line clears it first");
    assert!(tr.input.is_empty());
    assert!(!screen(&mut tr).contains("> Nf"));
    assert!(asked_at(&tr).is_some(), "the question is still asked");
    // On an empty line Esc leaves; F10 leaves at once whatever is typed.
    key(&mut tr, KeyCode::Esc);
    assert!(tr.quit);
    let mut again = trainer(&books, Color::White, TODAY);
    key(&mut again, KeyCode::Char('N'));
    key(&mut again, KeyCode::F(10));
    assert!(again.quit);
    drop(again);
    // What was answered is on disk.
    let read = Schedule::load(dir.path()).unwrap();
    assert_eq!(read.records().len(), 1);
    // Dropping the screen without leaving it (as a killed program would) loses nothing
    // answered: the schedule was written with each answer.
    let mut tr = trainer(&books, Color::White, TODAY);
    typed(&mut tr, "d4");
    drop(tr);
    let read = Schedule::load(dir.path()).unwrap();
    assert_eq!(read.get(key_after("e4 e5")).map(|r| r.lapses), Some(1));
}

#[test]
fn the_built_in_book_as_black_writes_no_book_position() {
    let dir = Scratch::new("trainer-builtin");
    // An empty user book: the built-in book answers everywhere.
    let books = Books::new(Some(Book::open(dir.path())), LayerPolicy::Both);
    let mut tr = trainer(&books, Color::Black, TODAY);
    assert!(tr.flipped, "Black's side at the bottom");
    // The program played a White first move from the built-in book; Black is asked.
    assert_eq!(tr.exercise.game().moves().len(), 1);
    let Stage::Ask(q) = tr.exercise.stage().clone() else {
        panic!("Black is asked: {:?}", tr.exercise.stage());
    };
    let builtin = books
        .builtin()
        .lookup(tr.exercise.game().position())
        .unwrap();
    for a in &q.answers {
        assert!(builtin.moves.iter().any(|m| m.mv == a.mv && m.weight > 0));
    }
    // Any of the book's moves is right.
    let answer = q.answers.last().unwrap().san.clone();
    typed(&mut tr, &answer);
    assert!(screen(&mut tr).contains(&format!("Right: {answer}")));
    // Only the schedule was written: no position folder in the user's book.
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n != ".lock")
        .collect();
    assert_eq!(names, vec![schedule::FILE_NAME.to_string()]);
    assert_eq!(books.user().unwrap().scan_iter().count(), 0);
}

#[test]
fn nothing_due_says_when_and_moves_are_not_taken() {
    let dir = Scratch::new("trainer-none-due");
    let books = ruy_lopez(&dir);
    let mut tr = trainer(&books, Color::White, TODAY);
    typed(&mut tr, "e4");
    typed(&mut tr, "Nf3");
    typed(&mut tr, "Bb5");
    key(&mut tr, KeyCode::Esc);
    // The same day, all three are learned: nothing to ask, the next day said.
    let mut tr = trainer(&books, Color::White, TODAY);
    assert!(matches!(tr.exercise.stage(), Stage::Finished { .. }));
    let s = screen(&mut tr);
    assert!(s.contains("Nothing to ask now"), "{s}");
    assert!(s.contains("Next due: 2026-11-27 (3 positions)"), "{s}");
    typed(&mut tr, "e4");
    assert_eq!(
        tr.message.as_deref(),
        Some("Nothing more to ask now: Esc leaves")
    );
    assert!(tr.exercise.game().moves().is_empty());
    // --all asks them anyway.
    let session = Session::open(
        &books,
        Options {
            learner: Color::White,
            root: Game::new(),
            all: true,
            today: TODAY,
            seed: 1,
            learn_first: false,
            new_per_day: 20,
        },
    )
    .unwrap();
    assert!(matches!(session.stage(), Stage::Ask(_)));
    assert_eq!(date::iso(TODAY + 2), "2026-11-27");
}

#[test]
fn a_board_move_is_an_answer_and_commands_work() {
    let dir = Scratch::new("trainer-board");
    let books = ruy_lopez(&dir);
    let mut tr = trainer(&books, Color::White, TODAY);
    screen(&mut tr); // the board is drawn: clicks and the cursor know where it is
    tr.board.cursor = crate::core::Square::E2;
    key(&mut tr, KeyCode::Enter);
    key(&mut tr, KeyCode::Up);
    key(&mut tr, KeyCode::Up);
    key(&mut tr, KeyCode::Enter);
    assert_eq!(tr.exercise.game().moves()[0].uci(), "e2e4");
    assert!(screen(&mut tr).contains("Right: e4"));
    typed(&mut tr, ":flip");
    assert!(tr.flipped);
    typed(&mut tr, ":nonsense");
    assert!(
        tr.message
            .as_deref()
            .unwrap()
            .starts_with("Unknown command")
    );
}

#[test]
fn each_line_counts_the_answers_given_in_it() {
    // Two replies for Black: after a miss, the line that asks the missed position again
    // counts that answer (it counted only positions new to the session).
    let dir = Scratch::new("trainer-line-tally");
    let book = Book::open(dir.path());
    for line in [["e4", "e5", "Nf3"], ["e4", "c5", "Nf3"]] {
        let mut pos = Position::startpos();
        for text in line {
            let mv = parse_move(&pos, text).unwrap();
            book.record(&pos, mv, 1).unwrap();
            pos.play(mv);
        }
    }
    let books = Books::new(Some(book), LayerPolicy::UserOnly);
    // The other side's choice is random: each seed is a session of its own (the schedule
    // removed before each), and the missed position comes back in the second line or the
    // third.
    for seed in 1..=8 {
        let _ = std::fs::remove_file(schedule::path_in(dir.path()));
        let session = Session::open(
            &books,
            Options {
                learner: Color::White,
                root: Game::new(),
                all: false,
                today: TODAY,
                seed,
                learn_first: false,
                new_per_day: 20,
            },
        )
        .unwrap();
        let mut tr = Trainer::new(Box::new(session), &Config::default());
        typed(&mut tr, "e4");
        typed(&mut tr, "a3");
        typed(&mut tr, "Nf3");
        let mut lines = Vec::new();
        loop {
            match tr.exercise.stage().clone() {
                Stage::LineDone { line, .. } => {
                    lines.push((line.reviewed, line.right_first_time));
                    key(&mut tr, KeyCode::Enter);
                }
                Stage::Ask(_) => typed(&mut tr, "Nf3"),
                Stage::Finished { session, .. } => {
                    assert_eq!((session.reviewed, session.right_first_time), (3, 2));
                    break;
                }
                other => panic!("{other:?}"),
            }
        }
        // The first line: e4 right, the reply missed; the second: one answer, right.
        assert_eq!(lines, vec![(2, 1), (1, 1)], "seed {seed}");
    }
}

#[test]
fn the_run_loop_takes_keys_from_the_event_stream() {
    use crate::tui::events::{Events, Wake};
    use crate::tui::screen::Screen;
    let dir = Scratch::new("trainer-events");
    let books = ruy_lopez(&dir);
    let mut tr = trainer(&books, Color::White, TODAY);
    let events = Events::new();
    tr.wake_to(events.sender());
    let mut term = Terminal::new(TestBackend::new(80, 25)).unwrap();
    let mut screen = Screen::default();
    assert!(screen.step(&mut term, &mut tr, &events).unwrap());
    // The keys as the terminal reader delivers them: `e4`, Enter.
    let tx = events.sender();
    for code in [KeyCode::Char('e'), KeyCode::Char('4'), KeyCode::Enter] {
        let k = KeyEvent::new(code, KeyModifiers::NONE);
        tx.send(Wake::Terminal(TermEvent::Key(k))).unwrap();
    }
    assert!(screen.step(&mut term, &mut tr, &events).unwrap());
    assert_eq!(asked_at(&tr), Some(key_after("e4 e5")));
    // The next step draws the answer, and the answer is on disk.
    assert!(screen.step(&mut term, &mut tr, &events).unwrap());
    let text = crate::tui::ui::buffer_text(term.backend().buffer());
    assert!(text.contains("Right: e4"), "{text}");
    assert_eq!(Schedule::load(dir.path()).unwrap().records().len(), 1);
    // Esc through the stream ends the loop.
    let esc = KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE);
    tx.send(Wake::Terminal(TermEvent::Key(esc))).unwrap();
    assert!(screen.step(&mut term, &mut tr, &events).unwrap());
    assert!(!screen.step(&mut term, &mut tr, &events).unwrap());
}

/// A drill of a back-rank position with two mates in one (Ra8#, Rb8#); the game played
/// Kf2. The deck is in `dir`.
fn two_mates_drill(dir: &Scratch, all: bool) -> Trainer {
    use crate::analysis::Judgement;
    use crate::train::deck::{self, Deck, Drill};
    use crate::train::drill::{DrillSession, EngineJudge};
    let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/RR4K1 w - - 0 30").unwrap();
    let mv = |s: &str| parse_move(&pos, s).unwrap();
    let path = dir.path().join(deck::FILE_NAME);
    let mut d = Deck::load(&path).unwrap();
    d.add(vec![Drill {
        pos,
        played: mv("Kf2"),
        judgement: Judgement::Blunder,
        cost: "misses a mate".into(),
        best: mv("Ra8"),
        line: vec![mv("Ra8")],
        depth: 3,
        game: "Me - You, 2026.11.25, move 30".into(),
        engine: None,
        why: None,
        moves: Vec::new(),
        record: None,
    }])
    .unwrap();
    let judge = Box::new(EngineJudge::new(&Config::default()));
    let session = DrillSession::new(d, judge, all, TODAY);
    Trainer::new(Box::new(session), &Config::default())
}

/// Every exercise's board is seen from the side to move: after White's exercise, Black's
/// turns the board.
#[test]
fn each_drill_is_seen_from_the_side_to_move() {
    use crate::analysis::Judgement;
    use crate::train::deck::{self, Deck, Drill};
    use crate::train::drill::{DrillSession, EngineJudge};
    let dir = Scratch::new("trainer-drill-sides");
    let mut tr = two_mates_drill(&dir, false);
    let path = dir.path().join(deck::FILE_NAME);
    let pos = Position::from_fen("rr4k1/8/8/8/8/8/5PPP/6K1 b - - 0 30").unwrap();
    let mv = |s: &str| parse_move(&pos, s).unwrap();
    let mut d = Deck::load(&path).unwrap();
    d.add(vec![Drill {
        pos,
        played: mv("Kf8"),
        judgement: Judgement::Blunder,
        cost: "misses a mate".into(),
        best: mv("Ra1"),
        line: vec![mv("Ra1")],
        depth: 3,
        game: "You - Me, 2026.11.26, move 30".into(),
        engine: None,
        why: None,
        moves: Vec::new(),
        record: None,
    }])
    .unwrap();
    let judge = Box::new(EngineJudge::new(&Config::default()));
    tr.exercise = Box::new(DrillSession::new(d, judge, false, TODAY));
    // The rank nearest the top of the board, as drawn.
    let top_rank = |tr: &mut Trainer| {
        let s = screen(tr);
        s.lines()
            .find_map(|l| l.trim_start().chars().next().filter(|c| c.is_ascii_digit()))
            .unwrap()
    };
    assert_eq!(
        top_rank(&mut tr),
        '8',
        "White's exercise: White at the bottom"
    );
    typed(&mut tr, "Ra8");
    key(&mut tr, KeyCode::Enter);
    assert!(matches!(tr.exercise.stage(), Stage::Ask(_)));
    assert_eq!(
        top_rank(&mut tr),
        '1',
        "Black's exercise: Black at the bottom"
    );
}

#[test]
fn a_drill_answer_is_judged_while_the_screen_stays_alive() {
    use crate::train::deck::{self, Deck};
    use crate::tui::events::Events;
    use crate::tui::screen::Screen;
    let dir = Scratch::new("trainer-drill-judged");
    let mut tr = two_mates_drill(&dir, false);
    let events = Events::new();
    tr.wake_to(events.sender());
    let mut term = Terminal::new(TestBackend::new(80, 25)).unwrap();
    let mut screen = Screen::default();
    assert!(screen.step(&mut term, &mut tr, &events).unwrap());
    // Not the engine's move: searched, away from the screen, which says so meanwhile and
    // takes no other move.
    typed(&mut tr, "Rb8");
    assert!(tr.exercise.judging());
    assert!(matches!(tr.exercise.stage(), Stage::Ask(_)));
    typed(&mut tr, "Ra8");
    assert!(tr.exercise.game().moves().is_empty());
    assert!(screen.step(&mut term, &mut tr, &events).unwrap());
    let text = crate::tui::ui::buffer_text(term.backend().buffer());
    if tr.exercise.judging() {
        assert!(text.contains(THINKING), "{text}");
    }
    // The judgement wakes the loop, which draws it.
    while tr.exercise.judging() {
        assert!(screen.step(&mut term, &mut tr, &events).unwrap());
    }
    assert!(screen.step(&mut term, &mut tr, &events).unwrap());
    let text = crate::tui::ui::buffer_text(term.backend().buffer());
    assert!(!text.contains(THINKING), "{text}");
    assert!(
        text.contains("Right: Rb8# is as good as the engine's Ra8#"),
        "{text}"
    );
    // Over: a move typed on the board it ended on is not read as an answer.
    typed(&mut tr, "h6");
    assert_eq!(
        tr.message.as_deref(),
        Some("Nothing more to ask now: Esc leaves")
    );
    let path = dir.path().join(deck::FILE_NAME);
    let r = Deck::load(&path).unwrap().drills()[0]
        .record
        .clone()
        .unwrap();
    assert_eq!((r.reps, r.lapses), (1, 0));

    // Esc leaves while a move is judged; that move is not graded.
    let mut tr = two_mates_drill(&dir, true);
    tr.wake_to(events.sender());
    typed(&mut tr, "Kf1");
    assert!(tr.exercise.judging());
    key(&mut tr, KeyCode::Esc);
    assert!(tr.quit);
    drop(tr);
    let r = Deck::load(&path).unwrap().drills()[0]
        .record
        .clone()
        .unwrap();
    assert_eq!((r.reps, r.lapses), (1, 0));
}

fn ctrl(tr: &mut Trainer, c: char) {
    tr.handle_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL));
}

/// The record of the position `key` on disk: (days from today to due, reps, lapses).
fn on_disk(dir: &Scratch, key: u64) -> Option<(i64, u32, u32)> {
    Schedule::load(dir.path())
        .unwrap()
        .get(key)
        .map(|r| (r.memory.due - TODAY, r.reps, r.lapses))
}

fn learning_at(tr: &Trainer) -> Option<u64> {
    match tr.exercise.stage() {
        Stage::Learn(q) => Some(q.key),
        _ => None,
    }
}

#[test]
fn a_new_line_is_shown_first_and_asked_in_the_next() {
    let dir = Scratch::new("trainer-learn-first");
    let books = ruy_lopez(&dir);
    let mut tr = trainer_with(&books, Color::White, TODAY, true, 20);
    assert_eq!(learning_at(&tr), Some(key_after("")));
    let s = screen(&mut tr);
    assert!(s.contains("New position: your book plays"), "{s}");
    assert!(s.contains("e4      weight 1  King's pawn"), "{s}");
    // Only the move shown goes on; nothing is graded while a line is shown.
    typed(&mut tr, "d4");
    assert!(tr.exercise.note().unwrap().alert);
    assert_eq!(learning_at(&tr), Some(key_after("")));
    typed(&mut tr, "e4");
    assert_eq!(learning_at(&tr), Some(key_after("e4 e5")));
    let s = screen(&mut tr);
    assert!(s.contains("Nf3     weight 1  Develops, attacks e5"), "{s}");
    assert!(s.contains("C20 King's Pawn Game"), "the opening named: {s}");
    typed(&mut tr, "Nf3");
    typed(&mut tr, "Bb5");
    assert!(matches!(tr.exercise.stage(), Stage::LineDone { .. }));
    // Nothing is graded, but each position shown is saved as a learning step: shown,
    // never answered (reps=0), due today.
    for moves in ["", "e4 e5", "e4 e5 Nf3 Nc6"] {
        assert_eq!(on_disk(&dir, key_after(moves)), Some((0, 0, 0)), "{moves}");
    }
    // The next line asks what was shown.
    key(&mut tr, KeyCode::Enter);
    assert_eq!(asked_at(&tr), Some(key_after("")));
    assert!(screen(&mut tr).contains("not answered yet"));
    typed(&mut tr, "e4");
    assert_eq!(on_disk(&dir, key_after("")), Some((2, 1, 0)));
}

#[test]
fn positions_shown_are_kept_when_leaving_and_the_daily_limit_holds() {
    let dir = Scratch::new("trainer-learn-kept");
    let books = ruy_lopez(&dir);
    // A limit of two new positions a day: two are shown, then the line ends.
    let mut tr = trainer_with(&books, Color::White, TODAY, true, 2);
    assert!(screen(&mut tr).contains("· 2 new"), "{}", screen(&mut tr));
    typed(&mut tr, "e4");
    // The new counter goes down as a new position is shown (it is due now).
    let s = screen(&mut tr);
    assert!(s.contains("1 due today · 1 new"), "{s}");
    typed(&mut tr, "Nf3");
    drop(tr);
    // The file: the learning step's line, readable by a reader of the fields alone.
    let text = std::fs::read_to_string(schedule::path_in(dir.path())).unwrap();
    let line = text.lines().find(|l| l.contains("shown=")).unwrap();
    assert!(line.contains("reps=0 lapses=0 first="), "{line}");
    let fields = line.split('#').next().unwrap().split_whitespace().skip(1);
    assert!(schedule::read_fields(fields).is_ok(), "{line}");
    // Back the same day: the two shown are asked (no longer new), the third is not
    // taken up: the limit held across leaving and coming back.
    let mut tr = trainer_with(&books, Color::White, TODAY, true, 2);
    assert_eq!(asked_at(&tr), Some(key_after("")));
    let s = screen(&mut tr);
    assert!(s.contains("2 due today · 0 new"), "{s}");
    typed(&mut tr, "e4");
    typed(&mut tr, "Nf3");
    let s = screen(&mut tr);
    assert!(
        s.contains("Daily limit of 2 new reached: 1 more waits"),
        "{s}"
    );
    assert!(
        s.contains("More: huo-book train --all, or raise new_per_day"),
        "{s}"
    );
    assert!(!s.contains("nothing more is due"), "{s}");
}

#[test]
fn a_read_only_book_says_once_that_answers_are_not_saved_and_counts_nothing() {
    let dir = Scratch::new("trainer-read-only");
    let books = ruy_lopez(&dir);
    // The book's lock cannot be opened (a folder where its lock file should be): as a
    // read-only book, every save fails, even for the superuser.
    let _ = std::fs::remove_file(dir.path().join(".lock"));
    std::fs::create_dir(dir.path().join(".lock")).unwrap();
    let mut tr = trainer(&books, Color::White, TODAY);
    let s = screen(&mut tr);
    assert!(s.contains("saved in"), "{s}");
    assert!(
        s.contains("1 due today · 2 new") || s.contains("0 due today · 3 new"),
        "{s}"
    );
    let before = tr.exercise.progress();
    typed(&mut tr, "e4");
    let s = screen(&mut tr);
    // The verdict first, then the warning; the title no longer says "saved in".
    let note = tr.exercise.note().unwrap().text.clone();
    assert!(note.starts_with("Right: e4"), "{note}");
    assert!(
        note.contains("Your answers cannot be saved (cannot open the lock file"),
        "{note}"
    );
    assert!(note.contains("nothing is saved or counted"), "{note}");
    assert!(!s.contains("saved in"), "{s}");
    assert!(s.contains("ANSWERS NOT SAVED"), "{s}");
    // Counted as not done: the counters stay.
    assert_eq!(
        tr.exercise
            .progress()
            .unwrap()
            .split(" · ")
            .skip(1)
            .collect::<Vec<_>>(),
        before.unwrap().split(" · ").skip(1).collect::<Vec<_>>()
    );
    // Said once: the next answer gives its verdict alone.
    typed(&mut tr, "Nf3");
    let note = tr.exercise.note().unwrap().text.clone();
    assert!(note.starts_with("Right: Nf3"), "{note}");
    assert!(!note.contains("cannot be saved"), "{note}");
    assert!(screen(&mut tr).contains("ANSWERS NOT SAVED"));
    assert!(!schedule::path_in(dir.path()).exists());
}

#[test]
fn a_hint_names_the_piece_then_the_move_and_show_me_is_a_lapse() {
    let dir = Scratch::new("trainer-hint");
    let books = ruy_lopez(&dir);
    let mut tr = trainer(&books, Color::White, TODAY);
    key(&mut tr, KeyCode::F(2));
    assert!(
        screen(&mut tr).contains("Hint: a pawn move"),
        "{}",
        screen(&mut tr)
    );
    assert_eq!(asked_at(&tr), Some(key_after("")));
    // Asked again, the hint names the move: the answer is shown, and counts as wrong.
    key(&mut tr, KeyCode::F(2));
    let Stage::Missed { played, .. } = tr.exercise.stage() else {
        panic!("{:?}", tr.exercise.stage());
    };
    assert!(played.is_empty());
    let s = screen(&mut tr);
    assert!(s.contains("Your book plays:"), "{s}");
    assert!(s.contains("e4      weight 1"), "{s}");
    assert_eq!(on_disk(&dir, key_after("")), Some((0, 1, 1)));
    typed(&mut tr, "e4");
    // One hint, then the right move: right, but sooner back than without help.
    assert_eq!(asked_at(&tr), Some(key_after("e4 e5")));
    tr.handle_command("hint");
    assert!(screen(&mut tr).contains("Hint: a knight move"));
    typed(&mut tr, "Nf3");
    let (due, reps, lapses) = on_disk(&dir, key_after("e4 e5")).unwrap();
    assert_eq!((reps, lapses), (1, 0));
    assert!(
        due < 2,
        "a right answer after a hint is graded hard: due in {due}"
    );
    // F3 shows the answer at once.
    assert_eq!(asked_at(&tr), Some(key_after("e4 e5 Nf3 Nc6")));
    key(&mut tr, KeyCode::F(3));
    assert!(matches!(tr.exercise.stage(), Stage::Missed { .. }));
    assert!(screen(&mut tr).contains("Bb5     weight 1"));
    assert_eq!(on_disk(&dir, key_after("e4 e5 Nf3 Nc6")), Some((0, 1, 1)));
    // Show me is not a slip of the hand: nothing to take back.
    ctrl(&mut tr, 'z');
    assert!(matches!(tr.exercise.stage(), Stage::Missed { .. }));
    assert!(
        tr.message
            .as_deref()
            .unwrap()
            .starts_with("Nothing to take back")
    );
}

#[test]
fn ctrl_z_takes_back_a_mistyped_answer() {
    let dir = Scratch::new("trainer-undo");
    let books = ruy_lopez(&dir);
    let mut tr = trainer(&books, Color::White, TODAY);
    typed(&mut tr, "d4");
    assert!(matches!(tr.exercise.stage(), Stage::Missed { .. }));
    assert_eq!(on_disk(&dir, key_after("")), Some((0, 1, 1)));
    ctrl(&mut tr, 'z');
    assert_eq!(asked_at(&tr), Some(key_after("")));
    assert!(screen(&mut tr).contains("Taken back: answer again"));
    assert_eq!(
        on_disk(&dir, key_after("")),
        None,
        "the wrong answer is gone"
    );
    typed(&mut tr, "e4");
    assert_eq!(on_disk(&dir, key_after("")), Some((2, 1, 0)));
    // A right answer is never taken back.
    ctrl(&mut tr, 'z');
    assert_eq!(asked_at(&tr), Some(key_after("e4 e5")));
    assert_eq!(on_disk(&dir, key_after("")), Some((2, 1, 0)));
    // After a position answered wrong before (a record kept), the record comes back.
    typed(&mut tr, "Bc4");
    typed(&mut tr, "Nf3");
    key(&mut tr, KeyCode::Enter); // Bb5 next
    typed(&mut tr, "Bb5");
    key(&mut tr, KeyCode::Enter);
    assert_eq!(asked_at(&tr), Some(key_after("e4 e5")));
    typed(&mut tr, "Bc4");
    assert_eq!(on_disk(&dir, key_after("e4 e5")), Some((0, 2, 2)));
    tr.handle_command("undo");
    assert_eq!(on_disk(&dir, key_after("e4 e5")), Some((0, 1, 1)));
    assert_eq!(asked_at(&tr), Some(key_after("e4 e5")));
}

#[test]
fn a_line_can_be_skipped_with_f4_or_next() {
    let dir = Scratch::new("trainer-skip");
    let books = ruy_lopez(&dir);
    let mut tr = trainer(&books, Color::White, TODAY);
    key(&mut tr, KeyCode::F(4));
    // The start is skipped: the line goes on past it to the next question.
    assert_eq!(asked_at(&tr), Some(key_after("e4 e5")));
    assert!(screen(&mut tr).contains("Skipped"));
    tr.handle_command("next");
    assert_eq!(asked_at(&tr), Some(key_after("e4 e5 Nf3 Nc6")));
    assert!(Schedule::load(dir.path()).unwrap().records().is_empty());
}

#[test]
fn progress_is_on_screen_and_new_positions_keep_to_the_daily_limit() {
    let dir = Scratch::new("trainer-progress");
    let books = ruy_lopez(&dir);
    let mut tr = trainer_with(&books, Color::White, TODAY, false, 2);
    let s = screen(&mut tr);
    assert!(s.contains("line 1 · 0 due today · 2 new"), "{s}");
    typed(&mut tr, "e4");
    typed(&mut tr, "Nf3");
    // Two new positions taken up today: the third waits for tomorrow.
    assert!(
        matches!(tr.exercise.stage(), Stage::Finished { .. }),
        "{:?}",
        tr.exercise.stage()
    );
    assert!(screen(&mut tr).contains("0 due today · 0 new"));
    // Another session the same day counts those already taken up.
    let tr = trainer_with(&books, Color::White, TODAY, false, 2);
    assert!(matches!(tr.exercise.stage(), Stage::Finished { .. }));
    let mut tr = trainer_with(&books, Color::White, TODAY + 1, false, 2);
    assert_eq!(asked_at(&tr), Some(key_after("e4 e5 Nf3 Nc6")));
    assert!(screen(&mut tr).contains("line 1 · 0 due today · 1 new"));
}

#[test]
fn a_right_answer_names_the_other_moves_of_the_book() {
    let dir = Scratch::new("trainer-also");
    let book = Book::open(dir.path());
    let start = Position::startpos();
    for (m, w) in [("e4", 2), ("d4", 1), ("c4", 1)] {
        book.record(&start, parse_move(&start, m).unwrap(), w)
            .unwrap();
    }
    let books = Books::new(Some(book), LayerPolicy::UserOnly);
    let mut tr = trainer(&books, Color::White, TODAY);
    typed(&mut tr, "d4");
    let s = screen(&mut tr);
    assert!(s.contains("Right: d4. Also in your book: e4, c4"), "{s}");
}

#[test]
fn f1_lists_the_keys_and_closes() {
    let dir = Scratch::new("trainer-keys");
    let books = ruy_lopez(&dir);
    let mut tr = trainer(&books, Color::White, TODAY);
    key(&mut tr, KeyCode::F(1));
    let s = screen(&mut tr);
    for line in crate::train::exercise::HELP {
        assert!(s.contains(line), "{line}\n{s}");
    }
    key(&mut tr, KeyCode::Esc);
    assert!(!tr.quit, "Esc closes the keys first");
    assert!(!screen(&mut tr).contains("Ctrl+Z or :undo"));
    tr.handle_command("keys");
    key(&mut tr, KeyCode::Char('e'));
    assert!(
        tr.input.is_empty(),
        "a key closing the window types nothing"
    );
    assert!(!screen(&mut tr).contains("Ctrl+Z or :undo"));
}

#[test]
fn train_from_here_trains_the_lines_through_the_board_and_whole_goes_back() {
    let dir = Scratch::new("trainer-from-here");
    let books = ruy_lopez(&dir);
    let mut tr = trainer(&books, Color::White, TODAY);
    typed(&mut tr, "e4");
    assert_eq!(asked_at(&tr), Some(key_after("e4 e5")));
    tr.handle_command("from");
    assert_eq!(asked_at(&tr), Some(key_after("e4 e5")));
    assert!(screen(&mut tr).contains("from 1. e4 e5"));
    typed(&mut tr, "Nf3");
    typed(&mut tr, "Bb5");
    // From here, nothing more: the start is not asked again.
    assert!(
        matches!(tr.exercise.stage(), Stage::Finished { .. }),
        "{:?}",
        tr.exercise.stage()
    );
    tr.handle_command("whole");
    assert!(!screen(&mut tr).contains("from 1. e4"));
    tr.handle_command("whole");
    assert_eq!(tr.message.as_deref(), Some("Already training whole lines"));
}
