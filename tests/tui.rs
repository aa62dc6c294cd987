//! The game screen without a terminal: keys, commands and engine reports go into `App`,
//! the screen is drawn into ratatui's `TestBackend` and read back.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use huo_chess::config::Config;
use huo_chess::core::{Color, Piece, Position, Role, Square, parse_move};
use huo_chess::search::{Event, Iteration, Score, SearchResult};
use huo_chess::tui::GameArgs;
use huo_chess::tui::app::{App, CHECK, ENTER_MOVE, I_RESIGN, INVALID_MOVE, Mode};
use huo_chess::tui::ui;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::Color as TermColor;
use std::time::{Duration, Instant};

/// The default configuration without the opening book, so replies come from the search.
fn config() -> Config {
    let mut c = Config::default();
    c.book.enabled = false;
    c
}

fn args(color: &str, level: &str) -> GameArgs {
    GameArgs {
        color: Some(color.into()),
        level: Some(level.into()),
        ..GameArgs::default()
    }
}

/// A game in progress: the player has White at classic level 3, no questions asked.
fn app() -> App {
    App::new(&config(), &args("w", "3"), None)
}

fn app_from(fen: &str) -> App {
    let mut a = args("w", "3");
    a.fen = Some(fen.into());
    App::new(&config(), &a, None)
}

fn key(app: &mut App, code: KeyCode) {
    app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn typed(app: &mut App, text: &str) {
    for c in text.chars() {
        key(app, KeyCode::Char(c));
    }
    key(app, KeyCode::Enter);
}

fn render(app: &App, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| ui::draw(f, app)).unwrap();
    t
}

fn screen_text(t: &Terminal<TestBackend>) -> String {
    huo_chess::tui::ui::buffer_text(t.backend().buffer())
}

#[test]
fn opening_position_in_the_qbasic_theme_at_80x25() {
    let app = app();
    assert_eq!(app.mode, Mode::Play);
    let t = render(&app, 80, 25);
    insta::assert_snapshot!("opening_qbasic_80x25", screen_text(&t));
    let buf = t.backend().buffer();
    // a8 is a light square: grey (DOS 7), with a black rook: magenta.
    assert_eq!(buf[(3, 1)].symbol(), "R");
    assert_eq!(buf[(3, 1)].fg, TermColor::Magenta);
    assert_eq!(buf[(3, 1)].bg, TermColor::Gray);
    // b8 is dark: black.
    assert_eq!(buf[(6, 1)].symbol(), "N");
    assert_eq!(buf[(6, 1)].bg, TermColor::Black);
    // White pawns are bright white `o`s on rank 2 (row 7).
    assert_eq!(buf[(3, 7)].symbol(), "o");
    assert_eq!(buf[(3, 7)].fg, TermColor::White);
}

#[test]
fn side_panel_shows_the_original_prompts() {
    let mut app = app();
    let text = screen_text(&render(&app, 80, 25));
    assert!(text.contains(ENTER_MOVE));
    typed(&mut app, "e2e5");
    let text = screen_text(&render(&app, 80, 25));
    assert!(text.contains(INVALID_MOVE), "{text}");
    typed(&mut app, "e2e4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    let text = screen_text(&render(&app, 80, 25));
    assert!(text.contains("My move: "), "{text}");
    assert_eq!(app.message, None);
}

#[test]
fn thinking_is_shown_while_the_engine_works() {
    let mut app = app();
    typed(&mut app, "d2d4");
    // Replies wait in the channel until polled: the engine is still "thinking" here.
    assert!(app.thinking.is_some());
    let text = screen_text(&render(&app, 80, 25));
    assert!(text.contains("Thinking..."), "{text}");
    assert!(app.wait_engine(Duration::from_secs(30)));
    assert!(app.thinking.is_none());
    assert_eq!(app.game.moves().len(), 2);
}

#[test]
fn check_is_announced() {
    let mut app = app_from("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    typed(&mut app, "a1a8");
    assert!(app.check);
    let text = screen_text(&render(&app, 80, 25));
    assert!(text.contains(CHECK), "{text}");
    assert!(app.log.iter().any(|l| l == CHECK));
}

#[test]
fn a_forced_reply_is_played_at_once() {
    // 1. e4 f6 2. Qh5+: g6 is Black's only move.
    let mut app = app_from("rnbqkbnr/ppppp1pp/5p2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    typed(&mut app, "d1h5");
    assert_eq!(app.game.moves().len(), 2);
    assert!(app.thinking.is_none());
    assert!(
        app.log
            .iter()
            .any(|l| l == "My move: g6 (forced: the only legal move)")
    );
}

#[test]
fn log_pane_after_a_book_move() {
    let mut app = app();
    typed(&mut app, "e2e4");
    let pos = *app.game.position();
    let mv = parse_move(&pos, "e7e5").unwrap();
    app.handle_engine_event(Event::Book {
        mv,
        file: "books/82/823c9b50fd114196.txt".into(),
    });
    let text = screen_text(&render(&app, 80, 25));
    assert!(
        text.contains("Book move e7e5 from books/82/823c9b50fd114196.txt"),
        "{text}"
    );
}

#[test]
fn log_pane_after_a_search() {
    let mut app = app();
    typed(&mut app, "e2e4");
    let pos = *app.game.position();
    let e5 = parse_move(&pos, "e5").unwrap();
    let nf3 = parse_move(&pos.after(e5), "Nf3").unwrap();
    app.handle_engine_event(Event::Iteration(Iteration {
        depth: 4,
        seldepth: 6,
        score: Score::Cp(-35),
        nodes: 12345,
        nps: 250_000,
        time: Duration::from_millis(49),
        pv: vec![e5, nf3],
    }));
    app.handle_engine_event(Event::Node("  Nodes before: e7e5".into()));
    app.handle_search_done(SearchResult {
        best: Some(e5),
        ponder: Some(nf3),
        score: Score::Cp(-35),
        depth: 4,
        nodes: 12345,
    });
    let text = screen_text(&render(&app, 80, 25));
    assert!(
        text.contains("depth 4/6 score -0.35 nodes 12345 nps 250000 time 0.0s pv e5 Nf3"),
        "{text}"
    );
    assert!(text.contains("Nodes before: e7e5"));
    assert!(text.contains("My move: e5 (search: depth 4, score -0.35, 12345 nodes)"));
    assert!(text.contains("My move: e7 -> e5"));
    assert_eq!(app.game.moves().len(), 2);
    insta::assert_snapshot!("log_after_search_80x25", text);
}

#[test]
fn typed_move_gets_an_engine_reply() {
    let mut app = app();
    typed(&mut app, "e2e4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    assert_eq!(app.game.moves().len(), 2);
    assert_eq!(app.game.position().turn(), Color::White);
    assert!(app.my_move.as_deref().unwrap().starts_with("My move: "));
}

#[test]
fn every_notation_is_accepted() {
    for text in ["c2c4", "C2C4", "c2-c4", "c4"] {
        let mut app = app();
        typed(&mut app, text);
        assert_eq!(
            app.game.moves().first().map(|m| m.uci()),
            Some("c2c4".to_string()),
            "{text}"
        );
    }
}

#[test]
fn invalid_move_changes_nothing() {
    let mut app = app();
    let before = app.game.position().fen();
    typed(&mut app, "e2e5");
    assert_eq!(app.message.as_deref(), Some(INVALID_MOVE));
    assert_eq!(app.game.position().fen(), before);
    assert!(app.game.moves().is_empty());
    typed(&mut app, "zz");
    assert_eq!(app.message.as_deref(), Some(INVALID_MOVE));
    assert_eq!(app.game.position().fen(), before);
}

#[test]
fn takeback_undoes_both_plies() {
    let mut app = app();
    typed(&mut app, "e2e4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    assert_eq!(app.game.moves().len(), 2);
    // `b` is a file letter, so the takeback key needs Alt (or `:undo`).
    app.handle_key(KeyEvent::new(KeyCode::Char('b'), KeyModifiers::ALT));
    assert!(app.game.moves().is_empty());
    assert_eq!(app.game.position().fen(), Position::startpos().fen());
    typed(&mut app, "d2d4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    typed(&mut app, ":undo");
    assert!(app.game.moves().is_empty());
}

#[test]
fn file_letters_type_moves_other_keys_act() {
    let mut app = app();
    key(&mut app, KeyCode::Char('b'));
    assert_eq!(app.input, "b");
    key(&mut app, KeyCode::Esc);
    key(&mut app, KeyCode::Char('g')); // a file letter: typed, not "toggle log"
    assert!(app.show_log);
    assert_eq!(app.input, "g");
    key(&mut app, KeyCode::Esc);
    key(&mut app, KeyCode::Char('?'));
    assert_eq!(app.mode, Mode::Help);
    key(&mut app, KeyCode::Char('x'));
    assert_eq!(app.mode, Mode::Play);
    key(&mut app, KeyCode::Char('q'));
    assert_eq!(app.mode, Mode::ConfirmQuit);
    key(&mut app, KeyCode::Char('n'));
    assert_eq!(app.mode, Mode::Play);
    assert!(!app.quit);
    key(&mut app, KeyCode::Char('q'));
    key(&mut app, KeyCode::Char('y'));
    assert!(app.quit);
}

#[test]
fn ctrl_c_asks_then_quits() {
    let mut app = app();
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    app.handle_key(ctrl_c);
    assert_eq!(app.mode, Mode::ConfirmQuit);
    app.handle_key(ctrl_c);
    assert!(app.quit);
}

#[test]
fn setup_dialog_asks_colour_level_and_clock() {
    let mut app = App::new(&config(), &GameArgs::default(), None);
    assert_eq!(app.mode, Mode::SetupColor);
    let text = screen_text(&render(&app, 80, 25));
    assert!(text.contains("Set your color. Please select 'w' or 'b':"));
    key(&mut app, KeyCode::Char('b'));
    assert_eq!(app.mode, Mode::SetupLevel);
    let text = screen_text(&render(&app, 80, 25));
    assert!(text.contains("Set thinking depth. Please select 1 or 3 or 5:"));
    typed(&mut app, "L11");
    assert_eq!(app.mode, Mode::SetupLevel);
    assert!(app.message.is_some());
    typed(&mut app, "1");
    assert_eq!(app.level, huo_chess::search::Level::Classic(1));
    assert_eq!(app.mode, Mode::SetupClock);
    typed(&mut app, "5+3");
    assert_eq!(app.mode, Mode::Play);
    assert_eq!(app.human, Color::Black);
    assert!(app.flipped);
    let c = app.clock.as_ref().unwrap();
    assert_eq!(c.inc, Duration::from_secs(3));
    // The engine has White and moves first.
    assert!(app.wait_engine(Duration::from_secs(30)));
    assert_eq!(app.game.moves().len(), 1);
}

#[test]
fn promotion_asks_for_the_piece() {
    let fen = "8/4P3/8/8/8/k7/8/4K3 w - - 0 1";
    let mut app = app_from(fen);
    typed(&mut app, "e7e8");
    assert!(matches!(app.mode, Mode::Promotion { .. }));
    let text = screen_text(&render(&app, 80, 25));
    assert!(text.contains("Promote to"), "{text}");
    key(&mut app, KeyCode::Char('n'));
    assert_eq!(app.mode, Mode::Play);
    assert_eq!(
        app.game.positions()[1].piece_on(Square::E8),
        Some(Piece::new(Color::White, Role::Knight))
    );

    // The same with the cursor: select e7, go up, Enter, then q.
    let mut app = app_from(fen);
    app.cursor = Square::E7;
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.selected, Some(Square::E7));
    assert!(app.targets().contains(&Square::E8));
    key(&mut app, KeyCode::Up);
    key(&mut app, KeyCode::Enter);
    assert!(matches!(app.mode, Mode::Promotion { .. }));
    key(&mut app, KeyCode::Char('q'));
    assert_eq!(
        app.game.positions()[1].piece_on(Square::E8),
        Some(Piece::new(Color::White, Role::Queen))
    );
}

#[test]
fn mouse_clicks_move_pieces() {
    let mut app = app();
    let geo = ui::board_geometry(app.screen, &app).unwrap();
    let click = |app: &mut App, sq: Square| {
        let r = geo.square_rect(sq);
        app.handle_mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: r.x + 1,
            row: r.y,
            modifiers: KeyModifiers::NONE,
        });
    };
    click(&mut app, Square::G1);
    assert_eq!(app.selected, Some(Square::G1));
    click(&mut app, Square::F3);
    assert_eq!(app.game.moves()[0].uci(), "g1f3");
}

#[test]
fn engine_resigns_hopeless_positions() {
    let mut app = app();
    for human in ["e2e4", "d2d4", "c2c4"] {
        typed(&mut app, human);
        let best = app.game.position().legal_moves()[0];
        app.handle_search_done(SearchResult {
            best: Some(best),
            ponder: None,
            score: Score::Cp(-1200),
            depth: 3,
            nodes: 1,
        });
    }
    assert_eq!(app.over.as_deref(), Some(I_RESIGN));
    assert_eq!(app.result, Some("1-0"));
    let text = screen_text(&render(&app, 80, 25));
    assert!(text.contains(I_RESIGN));
}

#[test]
fn draw_offers() {
    let mut app = app();
    typed(&mut app, "e2e4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    app.engine_score = Some(Score::Cp(20));
    typed(&mut app, ":draw");
    assert!(app.over.is_none());
    app.engine_score = Some(Score::Cp(-200));
    typed(&mut app, ":draw");
    assert_eq!(app.over.as_deref(), Some("Draw agreed"));
    assert_eq!(app.result, Some("1/2-1/2"));
}

#[test]
fn flag_fall_loses() {
    let mut app = app();
    typed(&mut app, ":clock 1+0");
    let start = Instant::now();
    app.tick(start + Duration::from_secs(61));
    assert_eq!(app.over.as_deref(), Some("White loses on time"));
    assert_eq!(app.result, Some("0-1"));
}

#[test]
fn fen_command_and_game_end() {
    let mut app = app();
    // Fool's mate, one move before: White to move is mated after ...Qh4#? No: set a position
    // where White mates at once.
    typed(&mut app, ":fen 6k1/5ppp/8/8/8/8/8/R6K w - - 0 1");
    typed(&mut app, "Ra8");
    assert_eq!(app.over.as_deref(), Some("Checkmate! White wins"));
    assert_eq!(app.result, Some("1-0"));
}

#[test]
fn flip_and_switch_sides() {
    let mut app = app();
    app.handle_key(KeyEvent::new(KeyCode::Char('f'), KeyModifiers::ALT));
    assert!(app.flipped);
    key(&mut app, KeyCode::Char('s'));
    assert_eq!(app.human, Color::Black);
    assert!(app.wait_engine(Duration::from_secs(30)));
    assert_eq!(app.game.moves().len(), 1);
}

#[test]
fn copy_fen_goes_to_log_and_clipboard() {
    let mut app = app();
    typed(&mut app, ":copy");
    assert_eq!(app.clipboard.as_deref(), Some(Position::STARTING_FEN));
    assert!(app.log.iter().any(|l| l.contains(Position::STARTING_FEN)));
}

#[test]
fn small_terminal_gets_a_message() {
    let app = app();
    let text = screen_text(&render(&app, 60, 20));
    assert!(text.contains("Terminal too small"), "{text}");
}

#[test]
fn big_terminal_gets_bigger_squares() {
    let app = app();
    let t = render(&app, 120, 45);
    let geo = ui::board_geometry(ratatui::layout::Rect::new(0, 0, 120, 45), &app).unwrap();
    assert!(geo.sq_w >= 6 && geo.sq_h * 3 == geo.sq_w);
    let r = geo.square_rect(Square::E1);
    let buf = t.backend().buffer();
    assert_eq!(buf[(r.x + r.width / 2, r.y + r.height / 2)].symbol(), "K");
}

#[test]
fn modern_theme_uses_unicode_pieces() {
    let mut c = config();
    c.tui.theme = "modern".into();
    let app = App::new(&c, &args("w", "3"), None);
    let text = screen_text(&render(&app, 80, 25));
    assert!(text.contains('♚') && text.contains('♟'));
}

#[test]
fn log_file_gets_the_log() {
    let dir = std::env::temp_dir().join(format!("huo-tui-log-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut a = args("w", "3");
    a.log = Some(dir.join("huo.log"));
    let mut app = App::new(&config(), &a, None);
    typed(&mut app, "e2e4");
    drop(app);
    let text = std::fs::read_to_string(dir.join("huo.log")).unwrap();
    assert!(text.contains("Your move: e4"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn autosave_on_quit_and_resume() {
    let dir = std::env::temp_dir().join(format!("huo-tui-autosave-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.join("huo-chess").join("autosave.pgn");
    let mut app = App::new(&config(), &args("w", "3"), Some(path.clone()));
    typed(&mut app, "e2e4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    app.autosave_now().unwrap();
    assert!(path.exists());
    // Quitting at the question keeps the save.
    let mut unanswered = App::new(&config(), &args("w", "3"), Some(path.clone()));
    assert_eq!(unanswered.mode, Mode::Resume);
    unanswered.autosave_now().unwrap();
    assert!(path.exists());
    let mut app2 = App::new(&config(), &args("w", "3"), Some(path.clone()));
    assert_eq!(app2.mode, Mode::Resume);
    key(&mut app2, KeyCode::Char('y'));
    assert_eq!(app2.mode, Mode::Play);
    assert_eq!(app2.game.moves(), app.game.moves());
    // A finished or empty game leaves no save behind.
    app2.handle_command("new");
    app2.autosave_now().unwrap();
    assert!(!path.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn save_pgn_then_load_it_back() {
    let dir = std::env::temp_dir().join(format!("huo-tui-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.pgn");
    let mut app = app();
    typed(&mut app, "e2e4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    typed(&mut app, "g1f3");
    assert!(app.wait_engine(Duration::from_secs(30)));
    let moves = app.game.moves().to_vec();
    typed(&mut app, &format!(":save {}", file.display()));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("[Level \"classic-3\"]"), "{text}");
    assert!(text.contains("[White \"Player\"]"));

    let mut other = App::new(&config(), &args("b", "L2"), None);
    typed(&mut other, &format!(":load {}", file.display()));
    assert_eq!(other.game.moves(), moves.as_slice(), "{:?}", other.message);
    assert_eq!(other.human, Color::White);
    assert_eq!(other.level, huo_chess::search::Level::Classic(3));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn hint_suggests_a_move_without_playing_it() {
    let mut app = app();
    key(&mut app, KeyCode::Char('i'));
    assert!(app.wait_engine(Duration::from_secs(30)));
    assert!(app.game.moves().is_empty());
    let msg = app.message.clone().unwrap();
    assert!(msg.starts_with("Hint: "), "{msg}");
    let text = msg.trim_start_matches("Hint: ");
    assert!(parse_move(app.game.position(), text).is_ok());
}

#[test]
fn log_scrolls_and_hides() {
    let mut app = app();
    for i in 0..100 {
        app.log_line(format!("line {i}"));
    }
    let text = screen_text(&render(&app, 80, 25));
    assert!(text.contains("line 99") && !text.contains("line 80 "));
    key(&mut app, KeyCode::PageUp);
    let text = screen_text(&render(&app, 80, 25));
    assert!(text.contains("line 89") && !text.contains("line 99"));
    key(&mut app, KeyCode::PageDown);
    assert_eq!(app.log_scroll, 0);
    app.handle_key(KeyEvent::new(KeyCode::Char('g'), KeyModifiers::ALT));
    assert!(!app.show_log);
    let text = screen_text(&render(&app, 80, 25));
    assert!(!text.contains("line 99"));
}

#[test]
fn stale_engine_replies_after_takeback_are_ignored() {
    let mut app = app();
    typed(&mut app, "e2e4");
    // Take the move back before the reply is read: the search is cancelled.
    typed(&mut app, ":undo");
    assert!(app.game.moves().is_empty());
    std::thread::sleep(Duration::from_millis(50));
    app.poll_engine();
    assert!(app.game.moves().is_empty());
    assert!(app.thinking.is_none());
}

#[test]
fn flag_fall_against_a_bare_king_is_a_draw() {
    let mut app = app_from("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
    typed(&mut app, ":clock 1+0");
    app.tick(Instant::now() + Duration::from_secs(61));
    assert_eq!(app.result, Some("1/2-1/2"));
}
