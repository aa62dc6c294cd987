//! The editor without a terminal: keys in, the book and the drawn screen checked.

use super::*;
use crate::book::BookMove;
use crate::util::scratch::Scratch;
use crossterm::event::Event as TermEvent;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// An editor on an empty user book of its own (kept while the folder lives).
fn ed() -> (Editor, Scratch) {
    let dir = Scratch::new("editor");
    let books = Books::new(
        Some(crate::book::Book::open(dir.path())),
        crate::book::layers::LayerPolicy::Both,
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
    t.draw(|f| {
        ui::lay_out(ed, f.area());
        ui::draw(f, ed)
    })
    .unwrap();
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
    // A position of the user's book only.
    let start = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
    let e4 = crate::core::parse_move(&start, "e4").unwrap();
    book.record(&start, e4, 7).unwrap();
    book.set_comment(&start, e4, Some("King's pawn")).unwrap();
    let books = Books::new(Some(book), crate::book::layers::LayerPolicy::Both);
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
    assert!(ui::KEY_LINES.iter().all(|l| l.chars().count() <= 80));
    let (mut e, _dir) = ed();
    let mut t = Terminal::new(TestBackend::new(80, 25)).unwrap();
    t.draw(|f| {
        ui::lay_out(&mut e, f.area());
        ui::draw(f, &e)
    })
    .unwrap();
    let s = crate::tui::ui::buffer_text(t.backend().buffer());
    assert!(
        s.contains("Book moves [arrows]") && s.contains("Board (Tab)"),
        "{s}"
    );
    assert!(s.contains("Esc:quit"), "{s}");
    key(&mut e, KeyCode::Tab);
    t.draw(|f| {
        ui::lay_out(&mut e, f.area());
        ui::draw(f, &e)
    })
    .unwrap();
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
    let books = Books::new(Some(book), crate::book::layers::LayerPolicy::Both);
    let mut e = Editor::new(books, start, &Config::default());
    let s = text(&mut e);
    // (the panel wraps the line: its parts are checked one by one)
    assert!(
        s.contains("W 50% D") && s.contains("25% L 25% (4 games)"),
        "{s}"
    );
    assert!(s.contains("[WWWW==LL]"), "{s}");
}

/// An editor at 1.e4 over a user book where e5 weighs 6 and c5 5 (the example).
fn sicilian() -> (Editor, Scratch, Position) {
    let dir = Scratch::new("editor-follow");
    let book = crate::book::Book::open(dir.path());
    let start = Position::startpos();
    let e4 = start.after(crate::core::parse_move(&start, "e4").unwrap());
    for (m, w) in [("e5", 6), ("c5", 5)] {
        book.set_weight(&e4, crate::core::parse_move(&e4, m).unwrap(), w)
            .unwrap();
    }
    let books = Books::new(Some(book), crate::book::layers::LayerPolicy::Both);
    (Editor::new(books, e4, &Config::default()), dir, e4)
}

/// The user's file at `pos`: (SAN, weight, comment) in file order.
fn stored(dir: &Scratch, pos: &Position) -> Vec<(String, u32, Option<String>)> {
    crate::book::Book::open(dir.path())
        .lookup(pos)
        .map(|e| {
            e.moves
                .iter()
                .map(|m| (san(pos, m.mv), m.weight, m.comment.clone()))
                .collect()
        })
        .unwrap_or_default()
}

/// The drawn line of the book-move list that carries the selection mark.
fn marked_row(e: &mut Editor) -> String {
    let s = text(e);
    s.lines()
        .find(|l| l.contains("> ") && l.contains("weight "))
        .unwrap_or("")
        .to_string()
}

#[test]
fn plus_follows_the_selected_move_through_a_re_sort() {
    let (mut e, dir, e4) = sicilian();
    key(&mut e, KeyCode::Down);
    assert!(marked_row(&mut e).contains("c5"), "{}", text(&mut e));
    for _ in 0..3 {
        key(&mut e, KeyCode::Char('+'));
    }
    // c5 went above e5 after the second press; the third still raised c5.
    let mut want = vec![("c5".to_string(), 8, None), ("e5".to_string(), 6, None)];
    assert_eq!(stored(&dir, &e4), want);
    assert!(marked_row(&mut e).contains("c5 "), "{}", text(&mut e));
    // `-` after a re-sort: :weight 1 puts c5 below e5, `-` still lowers c5.
    typed(&mut e, ":weight 1");
    key(&mut e, KeyCode::Char('-'));
    want = vec![("e5".into(), 6, None), ("c5".into(), 0, None)];
    assert_eq!(stored(&dir, &e4), want);
    assert!(marked_row(&mut e).contains("c5 "), "{}", text(&mut e));
}

#[test]
fn weight_comment_and_delete_follow_the_selected_move() {
    let (mut e, dir, e4) = sicilian();
    key(&mut e, KeyCode::Down);
    // :weight moves c5 to the top, the next :weight still lands on c5.
    typed(&mut e, ":weight 9");
    typed(&mut e, ":weight 3");
    assert_eq!(
        stored(&dir, &e4),
        vec![("e5".into(), 6, None), ("c5".into(), 3, None)]
    );
    // :comment after a re-sort (c5 back on top).
    typed(&mut e, ":weight 7");
    typed(&mut e, ":comment Sicilian");
    assert_eq!(
        stored(&dir, &e4),
        vec![
            ("c5".into(), 7, Some("Sicilian".into())),
            ("e5".into(), 6, None)
        ]
    );
    assert!(marked_row(&mut e).contains("Sicilian"), "{}", text(&mut e));
    // Delete after a re-sort (c5 below e5 again): c5 goes, e5 stays.
    typed(&mut e, ":weight 1");
    key(&mut e, KeyCode::Delete);
    assert_eq!(stored(&dir, &e4), vec![("e5".into(), 6, None)]);
}

/// The layer and (UCI, weight) of the editor's list.
fn listed(e: &Editor) -> (Option<Layer>, Vec<(String, u32)>) {
    let moves = e.entry.as_ref().map_or(Vec::new(), |x| {
        x.moves.iter().map(|m| (m.mv.uci(), m.weight)).collect()
    });
    (e.layer, moves)
}

#[test]
fn recording_in_a_built_in_position_starts_the_users_own() {
    let (mut e, dir) = ed();
    let start = Position::startpos();
    // The built-in moves show, greyed and read-only, and say where they come from.
    let s = text(&mut e);
    assert!(s.contains("Not in your book: the built-in book's"), "{s}");
    assert!(
        s.contains("read-only. F6") && s.contains("adopts them"),
        "{s}"
    );
    assert_eq!(e.layer, Some(Layer::BuiltIn));
    key(&mut e, KeyCode::Char('+'));
    assert!(
        e.message.as_deref().unwrap().starts_with("Read-only"),
        "{:?}",
        e.message
    );
    key(&mut e, KeyCode::Delete);
    typed(&mut e, ":weight 5");
    typed(&mut e, ":comment mine");
    assert!(stored(&dir, &start).is_empty(), "nothing written");
    // Recording 1.e4: the start position of the user's book holds e4 alone.
    typed(&mut e, "e4");
    assert_eq!(stored(&dir, &start), vec![("e4".into(), 1, None)]);
    assert!(
        e.message.as_deref().unwrap().contains("only your moves"),
        "{:?}",
        e.message
    );
    key(&mut e, KeyCode::Backspace);
    assert_eq!(listed(&e), (Some(Layer::User), vec![("e2e4".into(), 1)]));
    let s = text(&mut e);
    assert!(s.contains("Position already in file"), "{s}");
    assert!(!s.contains("Not in your book"), "{s}");
}

#[test]
fn browsing_plays_without_recording() {
    let (mut e, dir) = ed();
    let start = Position::startpos();
    e.handle_key(KeyEvent::new(KeyCode::Char('r'), KeyModifiers::CONTROL));
    assert!(!e.recording);
    let s = text(&mut e);
    assert!(
        s.contains("BROWSING") && s.contains("browsing: not recorded"),
        "{s}"
    );
    typed(&mut e, "e4");
    typed(&mut e, "c5");
    // Enter on the list follows the selected book move, also without recording.
    key(&mut e, KeyCode::Enter);
    assert_eq!(e.game.moves().len(), 3);
    assert!(stored(&dir, &start).is_empty());
    assert!(
        !dir.path()
            .join(crate::book::store::relative_path(start.key()))
            .exists()
    );
    assert!(e.undo.is_empty());
    // Recording again (":record" toggles too): the next move is recorded.
    typed(&mut e, ":record");
    assert!(e.recording && text(&mut e).contains("RECORDING"));
    let before = *e.game.position();
    typed(&mut e, "Nf6");
    assert_eq!(stored(&dir, &before), vec![("Nf6".into(), 1, None)]);
}

#[test]
fn f6_adopts_the_built_in_position_and_ctrl_z_gives_it_back() {
    let (mut e, dir) = ed();
    let start = Position::startpos();
    let builtin = crate::book::Book::embedded().lookup(&start).unwrap().moves;
    key(&mut e, KeyCode::F(6));
    assert!(
        e.message.as_deref().unwrap().starts_with("Adopted"),
        "{:?}",
        e.message
    );
    let mine = crate::book::Book::open(dir.path())
        .lookup(&start)
        .unwrap()
        .moves;
    let mut want = builtin.clone();
    crate::book::format::sort_moves(&mut want);
    assert_eq!(mine, want);
    assert_eq!(e.layer, Some(Layer::User));
    // Now the user's: `+` raises the selected move.
    let first = e.listed_move().unwrap();
    key(&mut e, KeyCode::Char('+'));
    let w = |e: &Editor| {
        e.entry
            .as_ref()
            .unwrap()
            .moves
            .iter()
            .find(|m| m.mv == first)
            .unwrap()
            .weight
    };
    assert_eq!(
        w(&e),
        builtin.iter().find(|m| m.mv == first).unwrap().weight + 1
    );
    // Ctrl+Z undoes the weight, then the adoption.
    let ctrl_z =
        |e: &mut Editor| e.handle_key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL));
    ctrl_z(&mut e);
    assert_eq!(
        crate::book::Book::open(dir.path())
            .lookup(&start)
            .unwrap()
            .moves,
        want
    );
    ctrl_z(&mut e);
    assert!(crate::book::Book::open(dir.path()).lookup(&start).is_none());
    assert_eq!(e.layer, Some(Layer::BuiltIn));
    ctrl_z(&mut e);
    assert_eq!(e.message.as_deref(), Some("Nothing to undo"));
}

#[test]
fn deleting_the_last_move_gives_the_position_back_to_the_built_in_book() {
    let (mut e, dir) = ed();
    typed(&mut e, "e4");
    let after_e4 = *e.game.position();
    typed(&mut e, "c5");
    key(&mut e, KeyCode::Backspace);
    // The selection is on the move taken back.
    assert_eq!(e.listed_move().map(|m| m.uci()), Some("c7c5".into()));
    assert_eq!(listed(&e), (Some(Layer::User), vec![("c7c5".into(), 1)]));
    key(&mut e, KeyCode::Delete);
    assert!(stored(&dir, &after_e4).is_empty());
    assert_eq!(e.layer, Some(Layer::BuiltIn));
    let msg = e.message.clone().unwrap();
    assert!(
        msg.contains("the built-in book answers again") && msg.contains("Ctrl+Z"),
        "{msg}"
    );
    let s = text(&mut e);
    assert!(s.contains("Not in your book"), "{s}");
    // Ctrl+Z: c5 is back, and the position the user's again.
    typed(&mut e, ":undo");
    assert_eq!(stored(&dir, &after_e4), vec![("c5".into(), 1, None)]);
    assert_eq!(e.layer, Some(Layer::User));
    assert_eq!(
        e.message.as_deref(),
        Some(
            "Undone: Deleted c5, the last move of your book here: the built-in book answers again"
        )
    );
}

#[test]
fn undo_refuses_to_overwrite_a_change_made_elsewhere() {
    let (mut e, dir, e4) = sicilian();
    key(&mut e, KeyCode::Char('+'));
    // Another program changes the position meanwhile: undoing would lose its change.
    let c5 = crate::core::parse_move(&e4, "c5").unwrap();
    crate::book::Book::open(dir.path())
        .record(&e4, c5, 2)
        .unwrap();
    typed(&mut e, ":undo");
    assert!(
        e.message.as_deref().unwrap().starts_with("Not undone:"),
        "{:?}",
        e.message
    );
    assert_eq!(
        stored(&dir, &e4),
        vec![("c5".into(), 7, None), ("e5".into(), 7, None)]
    );
}

#[test]
fn the_panel_names_the_opening_by_position() {
    let (mut e, _dir) = ed();
    assert!(e.opening.is_none());
    typed(&mut e, "Nf3");
    typed(&mut e, "d5");
    assert!(text(&mut e).contains("A06 Zukertort Opening"));
    // 1.Nf3 d5 2.d4 is the position of 1.d4 d5 2.Nf3: named as that.
    typed(&mut e, "d4");
    let s = text(&mut e);
    assert!(
        s.contains("D02 Queen's Pawn Game: Zukertort Variation"),
        "{s}"
    );
    key(&mut e, KeyCode::Backspace);
    assert_eq!(e.opening.map(|o| o.eco), Some("A06"));
}

#[test]
fn the_run_loop_takes_keys_from_the_event_stream() {
    use crate::tui::events::{Events, Wake};
    use crate::tui::screen::Screen;
    let (mut e, _dir) = ed();
    let events = Events::new();
    e.engine
        .deliver_to(crate::tui::events::engine_replies(events.sender()));
    let mut term = Terminal::new(TestBackend::new(100, 25)).unwrap();
    let mut screen = Screen::default();
    assert!(screen.step(&mut term, &mut e, &events).unwrap());
    let tx = events.sender();
    let send = |code| {
        let k = KeyEvent::new(code, KeyModifiers::NONE);
        tx.send(Wake::Terminal(TermEvent::Key(k))).unwrap();
    };
    for c in "e4".chars() {
        send(KeyCode::Char(c));
    }
    send(KeyCode::Enter);
    assert!(screen.step(&mut term, &mut e, &events).unwrap());
    assert_eq!(e.game.movetext(), "1. e4");
    assert!(screen.step(&mut term, &mut e, &events).unwrap());
    let s = crate::tui::ui::buffer_text(term.backend().buffer());
    assert!(s.contains("Recorded e4"), "{s}");
    // F5: the engine's view, woken by its own notice on the stream, drawn when it comes.
    send(KeyCode::F(5));
    assert!(screen.step(&mut term, &mut e, &events).unwrap());
    while e.engine.busy().is_some() {
        assert!(screen.step(&mut term, &mut e, &events).unwrap());
    }
    assert!(screen.step(&mut term, &mut e, &events).unwrap());
    let s = crate::tui::ui::buffer_text(term.backend().buffer());
    assert!(s.contains("Engine: "), "{s}");
    assert!(!s.contains("thinking"), "{s}");
    // F10 leaves.
    send(KeyCode::F(10));
    assert!(screen.step(&mut term, &mut e, &events).unwrap());
    assert!(!screen.step(&mut term, &mut e, &events).unwrap());
}

#[test]
fn a_comment_longer_than_the_line_is_refused_not_cut() {
    let (mut e, dir, e4) = sicilian();
    let long = "x".repeat(3000);
    typed(&mut e, &format!(":comment {long}"));
    assert!(e.alert, "{:?}", e.message);
    let said = e.message.clone().unwrap_or_default();
    assert!(
        said.contains("longer than 100 characters") && said.contains("91"),
        "{said}"
    );
    assert!(
        stored(&dir, &e4).iter().all(|(_, _, c)| c.is_none()),
        "a cut comment was saved"
    );
    // A comment that fits is saved whole.
    let fits = "y".repeat(91);
    typed(&mut e, &format!(":comment {fits}"));
    assert!(!e.alert, "{:?}", e.message);
    assert!(
        stored(&dir, &e4)
            .iter()
            .any(|(_, _, c)| c.as_deref() == Some(fits.as_str()))
    );
}

#[test]
fn recording_a_line_again_leaves_its_weights_alone() {
    let (mut e, dir) = ed();
    let user = crate::book::Book::open(dir.path());
    let weight_of = |moves: &[&str], mv: &str| {
        let mut pos = Position::startpos();
        for m in moves {
            pos.play(crate::core::parse_move(&pos, m).unwrap());
        }
        let mv = crate::core::parse_move(&pos, mv).unwrap();
        user.lookup(&pos)
            .and_then(|en| en.moves.iter().find(|m| m.mv == mv).map(|m| m.weight))
    };
    typed(&mut e, "e4");
    typed(&mut e, "e5");
    assert_eq!(weight_of(&[], "e4"), Some(1));
    // The same line typed again from the start, then walked down: weights stay 1.
    for _ in 0..2 {
        key(&mut e, KeyCode::Home);
        typed(&mut e, "e4");
        assert!(
            text(&mut e).contains("e4 is in your book already: weight 1 kept"),
            "{}",
            text(&mut e)
        );
        typed(&mut e, "e5");
    }
    assert_eq!(weight_of(&[], "e4"), Some(1));
    assert_eq!(weight_of(&["e4"], "e5"), Some(1));
    // A new move is recorded with weight 1; + changes a weight, as ever.
    key(&mut e, KeyCode::Home);
    typed(&mut e, "d4");
    assert_eq!(weight_of(&[], "d4"), Some(1));
    key(&mut e, KeyCode::Backspace);
    e.selected = Some(crate::core::parse_move(&Position::startpos(), "e4").unwrap());
    key(&mut e, KeyCode::Char('+'));
    assert_eq!(weight_of(&[], "e4"), Some(2));
    // The help says so.
    typed(&mut e, ":help");
    let said = e.message.clone().unwrap_or_default();
    assert!(
        said.contains("a move already there keeps its weight"),
        "{said}"
    );
    assert!(
        said.contains("+/-, :weight N or an import's counts"),
        "{said}"
    );
}
