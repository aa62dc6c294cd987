//! The editor without a terminal: keys in, the book and the drawn screen checked.

use super::*;
use crate::util::scratch::Scratch;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// An editor on an empty user book of its own (kept while the folder lives).
fn ed() -> (Editor, Scratch) {
    let dir = Scratch::new("editor");
    let books = Books::new(
        Some(crate::book::Book::open(dir.path())),
        crate::book::LayerPolicy::Both,
    );
    (
        Editor::new(books, Position::startpos(), &Config::default()),
        dir,
    )
}

fn key(ed: &mut Editor, code: KeyCode) {
    ed.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn typed(ed: &mut Editor, s: &str) {
    for c in s.chars() {
        key(ed, KeyCode::Char(c));
    }
    key(ed, KeyCode::Enter);
}

fn text(ed: &mut Editor) -> String {
    let mut t = Terminal::new(TestBackend::new(100, 25)).unwrap();
    t.draw(|f| ui::draw(f, ed)).unwrap();
    crate::tui::ui::buffer_text(t.backend().buffer())
}

#[test]
fn moves_are_played_and_book_results_shown() {
    let (mut e, _dir) = ed();
    typed(&mut e, "e2e4");
    typed(&mut e, "Nc6");
    assert_eq!(e.game.moves().len(), 2);
    // Each move typed is recorded in the (empty, writable) user book.
    let s = text(&mut e);
    assert!(s.contains("Recorded Nc6"), "{s}");
    assert!(s.contains("1. e4 Nc6"));
    key(&mut e, KeyCode::Backspace);
    assert_eq!(e.game.moves().len(), 1);
    key(&mut e, KeyCode::Home);
    assert!(e.game.moves().is_empty());
    typed(&mut e, "e2e5");
    assert!(e.message.as_deref().unwrap().starts_with("Invalid move"));
}

#[test]
fn commands_without_a_listed_move_say_so() {
    let (mut e, _dir) = ed();
    if e.entry.is_none() {
        typed(&mut e, ":weight 3");
        assert_eq!(e.message.as_deref(), Some("No book move selected"));
        key(&mut e, KeyCode::Delete);
        assert_eq!(e.message.as_deref(), Some("No book move selected"));
    }
    typed(&mut e, ":fen 4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(e.game.position().fen(), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    // q types (it starts a queen move); Esc with nothing to clear quits.
    key(&mut e, KeyCode::Char('q'));
    assert!(!e.quit);
    assert_eq!(e.input, "q");
    key(&mut e, KeyCode::Esc);
    key(&mut e, KeyCode::Esc);
    assert!(e.quit);
}

#[test]
fn cursor_moves_with_tab_focus() {
    let (mut e, _dir) = ed();
    key(&mut e, KeyCode::Tab);
    assert_eq!(e.focus, Focus::Board);
    e.board.cursor = crate::core::Square::G1;
    key(&mut e, KeyCode::Enter);
    key(&mut e, KeyCode::Up);
    key(&mut e, KeyCode::Up);
    key(&mut e, KeyCode::Left);
    key(&mut e, KeyCode::Enter);
    assert_eq!(e.game.moves()[0].uci(), "g1f3");
}

#[test]
fn a_deleted_book_move_comes_back_with_ctrl_z() {
    let dir = Scratch::new("editor-undo");
    let book = crate::book::Book::open(dir.path());
    // A position of the user's book only (the last move of a built-in position
    // cannot be deleted: the built-in book would answer again).
    let start = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
    let e4 = crate::core::parse_move(&start, "e4").unwrap();
    book.record(&start, e4, 7).unwrap();
    book.set_comment(&start, e4, Some("King's pawn")).unwrap();
    let books = Books::new(Some(book), crate::book::LayerPolicy::Both);
    let mut e = Editor::new(books, start, &Config::default());
    assert_eq!(e.listed_move(), Some(e4));
    key(&mut e, KeyCode::Delete);
    // Gone from the user's book (the built-in book may still answer the position).
    let mine = |e: &Editor| {
        e.entry.as_ref().is_some_and(|x| {
            x.moves
                .iter()
                .any(|m| m.comment.as_deref() == Some("King's pawn"))
        })
    };
    assert!(!mine(&e));
    e.handle_key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL));
    let entry = e.entry.clone().unwrap();
    assert_eq!(entry.moves.len(), 1);
    assert_eq!(entry.moves[0].mv, e4);
    assert_eq!(entry.moves[0].weight, 7);
    assert_eq!(entry.moves[0].comment.as_deref(), Some("King's pawn"));
}

#[test]
fn the_focused_pane_shows_and_the_key_line_fits_80_columns() {
    assert!(ui::KEY_LINE.chars().count() <= 80);
    let (mut e, _dir) = ed();
    let mut t = Terminal::new(TestBackend::new(80, 25)).unwrap();
    t.draw(|f| ui::draw(f, &mut e)).unwrap();
    let s = crate::tui::ui::buffer_text(t.backend().buffer());
    assert!(
        s.contains("Book moves [arrows]") && s.contains("Board (Tab)"),
        "{s}"
    );
    assert!(s.contains("Esc:quit"), "{s}");
    key(&mut e, KeyCode::Tab);
    t.draw(|f| ui::draw(f, &mut e)).unwrap();
    let s = crate::tui::ui::buffer_text(t.backend().buffer());
    assert!(
        s.contains("Board [arrows]") && s.contains("Book moves (Tab)"),
        "{s}"
    );
    if std::env::var("SHOW").is_ok() {
        println!("{s}");
    }
}

#[test]
fn the_engine_service_answers_for_the_position() {
    let (mut e, _dir) = ed();
    typed(&mut e, ":fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    key(&mut e, KeyCode::F(5));
    // Back-rank mate: the engine finds Ra8#.
    let mut waited = 0;
    while e.engine.busy().is_some() && waited < 100 {
        e.poll_engine(std::time::Duration::from_millis(100));
        waited += 1;
    }
    let view = e.engine_view.clone().unwrap();
    assert!(view.starts_with("Engine: Ra8#"), "{view}");
    assert!(view.contains("#1"), "{view}");
}

#[test]
fn book_moves_show_their_results_as_an_opening_tree() {
    let dir = Scratch::new("editor-wdl");
    let book = crate::book::Book::open(dir.path());
    let start = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
    let e4 = crate::core::parse_move(&start, "e4").unwrap();
    book.update(&start, |moves| {
        let mut m = BookMove::new(e4, 4);
        for (k, v) in [("games", "4"), ("w", "2"), ("d", "1"), ("l", "1")] {
            m.fields.push((k.into(), v.into()));
        }
        moves.push(m);
        Ok(())
    })
    .unwrap();
    let books = Books::new(Some(book), crate::book::LayerPolicy::Both);
    let mut e = Editor::new(books, start, &Config::default());
    let s = text(&mut e);
    // (the panel wraps the line: its parts are checked one by one)
    assert!(
        s.contains("W 50% D") && s.contains("25% L 25% (4 games)"),
        "{s}"
    );
    assert!(s.contains("[WWWW==LL]"), "{s}");
}
