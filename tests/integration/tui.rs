//! The game screen without a terminal: keys, commands and engine reports go into `App`,
//! the screen is drawn into ratatui's `TestBackend` and read back.

use crate::common;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use huo_chess::config::Config;
use huo_chess::core::{Color, Piece, Position, Role, Square, parse_move, san};
use huo_chess::game::Ending;
use huo_chess::play::flags::FlagError;
use huo_chess::play::table::SetupError;
use huo_chess::search::{Event, Iteration, Score, SearchResult};
use huo_chess::tui::GameArgs;
use huo_chess::tui::app::{App, CHECK, ENTER_MOVE, I_RESIGN, INVALID_MOVE, Mode, Overlay};
use huo_chess::tui::ui;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::Color as TermColor;
use std::time::{Duration, Instant};

/// The default configuration without the opening book, so replies come from the search.
fn config() -> Config {
    let mut c = Config::default();
    c.book.enabled = false;
    // Watching moves, and a weak level's answers, at the engine's own speed (the pace and
    // the pause have their own tests).
    c.play.watch_pace = 0.0;
    c.play.pause = 0.0;
    c
}

/// The default configuration with its opening book; weak levels answer at once.
fn with_book() -> Config {
    let mut c = Config::default();
    c.play.pause = 0.0;
    c
}

fn args(color: &str, level: &str) -> GameArgs {
    GameArgs {
        color: Some(color.into()),
        level: Some(level.into()),
        ..GameArgs::default()
    }
}

/// A game in progress: the player has White against classic-3, no questions asked.
fn app() -> App {
    App::new(&config(), &args("w", "classic-3"), None).unwrap()
}

fn app_from(fen: &str) -> App {
    let mut a = args("w", "classic-3");
    a.fen = Some(fen.into());
    App::new(&config(), &a, None).unwrap()
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

fn render(app: &mut App, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| {
        ui::lay_out(app, f.area());
        ui::draw(f, app)
    })
    .unwrap();
    t
}

fn screen_text(t: &Terminal<TestBackend>) -> String {
    huo_chess::tui::ui::buffer_text(t.backend().buffer())
}

#[test]
fn opening_position_in_the_qbasic_theme_at_80x25() {
    let mut app = app();
    assert_eq!(app.mode, Mode::Play);
    let t = render(&mut app, 80, 25);
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
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains(ENTER_MOVE));
    typed(&mut app, "e2e5");
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains(INVALID_MOVE), "{text}");
    typed(&mut app, "e2e4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains("My move: "), "{text}");
    assert_eq!(app.message, None);
}

#[test]
fn thinking_is_shown_while_the_engine_works() {
    let mut app = app();
    typed(&mut app, "d2d4");
    // Replies wait in the channel until polled: the engine is still "thinking" here.
    assert!(app.thinking.is_some());
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains("Thinking..."), "{text}");
    assert!(app.wait_engine(Duration::from_secs(30)));
    assert!(app.thinking.is_none());
    assert_eq!(app.session().game.moves().len(), 2);
}

#[test]
fn check_is_announced() {
    let mut app = app_from("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    typed(&mut app, "a1a8");
    assert!(app.check());
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains(CHECK), "{text}");
    assert!(app.log.lines().iter().any(|l| l == CHECK));
}

#[test]
fn a_forced_reply_is_played_at_once() {
    // 1. e4 f6 2. Qh5+: g6 is Black's only move.
    let mut app = app_from("rnbqkbnr/ppppp1pp/5p2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    typed(&mut app, "d1h5");
    assert!(app.wait_engine(Duration::from_secs(30)));
    assert_eq!(app.session().game.moves().len(), 2);
    assert!(app.thinking.is_none());
    assert!(
        app.log
            .lines()
            .iter()
            .any(|l| l == "My move: g6 (forced: the only legal move)")
    );
}

#[test]
fn log_pane_after_a_book_move() {
    // The real book path: the engine service finds 1.e4 in the book.
    let mut app = App::new(&with_book(), &args("w", "classic-3"), None).unwrap();
    typed(&mut app, "e2e4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    assert_eq!(app.session().game.moves().len(), 2);
    let reply = app.session().game.moves()[1];
    // The books as the game finds them (the source tree's ./books over the built-in
    // one): the log names the layer and the file that answered.
    let books =
        huo_chess::book::layers::Books::locate(None, huo_chess::book::layers::LayerPolicy::Both);
    let after_e4 = app.session().game.positions()[1];
    let layered = books.lookup(&after_e4).unwrap();
    let book_line = format!("Book move {} from {}, ", reply.uci(), layered.layer);
    assert!(
        app.log.lines().iter().any(|l| l.starts_with(&book_line)),
        "{:?}",
        app.log.lines()
    );
    // The reply is one of that book's moves for the position.
    let entry = layered.entry;
    assert!(entry.moves.iter().any(|m| m.mv == reply));
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains(&book_line), "{text}");
    assert!(text.contains("(book, "), "{text}");
}

#[test]
fn log_pane_after_a_search() {
    // Level L4 searches four plies deep: "depth 4/6" is a state it can reach.
    let mut app = App::new(&config(), &args("w", "L4"), None).unwrap();
    typed(&mut app, "e2e4");
    app.cancel_thinking(); // the reports below stand in for the real search
    let pos = *app.session().game.position();
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
        multipv: 1,
        hashfull: 0,
    }));
    app.handle_search_done(SearchResult {
        best: Some(e5),
        ponder: Some(nf3),
        score: Score::Cp(-35),
        depth: 4,
        nodes: 12345,
    });
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(
        text.contains("depth 4/6 score +0.35 for White nodes 12345 nps 250000 time 0.0s pv e5"),
        "{text}"
    );
    // Black's search said -0.35 for Black: the log says it for White.
    assert!(
        text.contains("My move: e5 (search: depth 4, score +0.35 for White, 12345 nodes)"),
        "{text}"
    );
    assert!(text.contains("My move: e7 -> e5"));
    assert_eq!(app.session().game.moves().len(), 2);
    insta::assert_snapshot!("log_after_search_80x25", text);
}

#[test]
fn typed_move_gets_an_engine_reply() {
    let mut app = app();
    typed(&mut app, "e2e4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    assert_eq!(app.session().game.moves().len(), 2);
    assert_eq!(app.session().game.position().turn(), Color::White);
    assert!(app.my_move().unwrap().starts_with("My move: "));
}

#[test]
fn every_notation_is_accepted() {
    for text in ["c2c4", "C2C4", "c2-c4", "c4"] {
        let mut app = app();
        typed(&mut app, text);
        assert_eq!(
            app.session().game.moves().first().map(|m| m.uci()),
            Some("c2c4".to_string()),
            "{text}"
        );
    }
}

#[test]
fn invalid_move_changes_nothing() {
    let mut app = app();
    let before = app.session().game.position().fen();
    typed(&mut app, "e2e5");
    // The original's words, and the reason under them.
    let msg = app.message.clone().unwrap();
    assert_eq!(msg.lines().next(), Some(INVALID_MOVE));
    assert!(msg.contains("the pawn on e2 cannot go to e5"), "{msg}");
    assert_eq!(app.session().game.position().fen(), before);
    assert!(app.session().game.moves().is_empty());
    typed(&mut app, "zz");
    assert_eq!(
        app.message.as_deref().and_then(|m| m.lines().next()),
        Some(INVALID_MOVE)
    );
    assert_eq!(app.session().game.position().fen(), before);
}

#[test]
fn the_reason_for_an_invalid_move_is_readable_at_80x25() {
    let mut app = app();
    typed(&mut app, "e1e3");
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains(INVALID_MOVE), "{text}");
    // The reason wraps in the side panel: every word of it is on the screen.
    let reason = app
        .message
        .as_deref()
        .unwrap()
        .lines()
        .nth(1)
        .unwrap()
        .to_string();
    assert!(reason.contains("king on e1 cannot go to e3"), "{reason}");
    let panel: Vec<String> = text.lines().map(|l| l.chars().skip(27).collect()).collect();
    let flat = panel
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(flat.contains(&reason), "{text}");
}

#[test]
fn takeback_undoes_both_plies() {
    let mut app = app();
    typed(&mut app, "e2e4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    assert_eq!(app.session().game.moves().len(), 2);
    // `b` is a file letter, so the takeback key needs Alt (or `:undo`).
    app.handle_key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL));
    assert!(app.session().game.moves().is_empty());
    assert_eq!(
        app.session().game.position().fen(),
        Position::startpos().fen()
    );
    typed(&mut app, "d2d4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    typed(&mut app, ":undo");
    assert!(app.session().game.moves().is_empty());
}

#[test]
fn every_typed_character_goes_to_the_input_line() {
    let mut app = app();
    // Letters that used to be commands (n new game, o load, q quit, b, f, g, i, s ...) and
    // every move sign type into the input line; nothing else happens.
    let typed_text = "nNoOqQbBfFgGiIsSmMvVwWcCkK0-=+#x?hjl";
    for c in typed_text.chars() {
        key(&mut app, KeyCode::Char(c));
    }
    assert_eq!(app.input, typed_text);
    assert_eq!(app.mode, Mode::Play);
    assert!(app.session().game.moves().is_empty());
    assert!(app.show_log());
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.input, "");
    // Commands are function keys and chords.
    key(&mut app, KeyCode::F(1));
    assert_eq!(app.mode, Mode::Help);
    key(&mut app, KeyCode::Char('x'));
    assert_eq!(app.mode, Mode::Play);
    key(&mut app, KeyCode::F(10));
    assert_eq!(app.mode, Mode::ConfirmQuit);
    key(&mut app, KeyCode::Char('n'));
    assert_eq!(app.mode, Mode::Play);
    assert!(!app.quit);
    key(&mut app, KeyCode::F(10));
    key(&mut app, KeyCode::Char('y'));
    assert!(app.quit);
}

#[test]
fn nf3_at_an_empty_prompt_is_a_move() {
    for text in ["nf3", "NF3", "Nf3", "g1f3", "G1F3"] {
        let mut app = app();
        typed(&mut app, text);
        assert_eq!(
            app.session()
                .game
                .moves()
                .first()
                .map(|m| m.uci())
                .as_deref(),
            Some("g1f3"),
            "{text}: {:?}",
            app.message
        );
        assert_eq!(app.mode, Mode::Play, "{text}");
    }
    // o-o at an empty prompt castles (it used to open :load).
    let mut app = app_from("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    typed(&mut app, "o-o");
    assert_eq!(
        app.session().game.moves()[0].uci(),
        "e1g1",
        "{:?}",
        app.message
    );
    // Moves mid-game, in lower case, with captures and checks.
    let mut app = app_from("rnbqkbnr/pppp1ppp/8/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 1");
    typed(&mut app, "qh5");
    assert_eq!(
        app.session().game.moves()[0].uci(),
        "d1h5",
        "{:?}",
        app.message
    );
    let mut app = app_from("4k3/4p3/8/8/8/8/3P4/4K3 w - - 0 1");
    typed(&mut app, "ke2");
    assert_eq!(
        app.session().game.moves()[0].uci(),
        "e1e2",
        "{:?}",
        app.message
    );
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
fn a_move_typed_at_the_colour_question_is_played_as_white() {
    // A new player: colour, level and clock would all be asked.
    let mut app = App::new(&config(), &GameArgs::default(), None).unwrap();
    assert_eq!(app.mode, Mode::SetupColor);
    typed(&mut app, "e2e4");
    assert_eq!(app.session().human, Color::White);
    assert!(app.session().clock.is_none());
    assert_eq!(app.mode, Mode::Play);
    assert!(app.wait_engine(Duration::from_secs(30)));
    assert_eq!(app.session().game.moves()[0].to_string(), "e2e4");
    assert_eq!(app.session().game.moves().len(), 2);
}

#[test]
fn setup_dialog_asks_colour_level_and_clock() {
    let mut app = App::new(&config(), &GameArgs::default(), None).unwrap();
    assert_eq!(app.mode, Mode::SetupColor);
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains("Set your color. Please select 'w' or 'b':"));
    typed(&mut app, "b");
    assert_eq!(app.mode, Mode::SetupLevel);
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(
        text.contains("Set the level. Please select 1 to 10:"),
        "{text}"
    );
    typed(&mut app, "L11");
    assert_eq!(app.mode, Mode::SetupLevel);
    assert!(app.message.is_some());
    typed(&mut app, "classic-1");
    assert_eq!(app.session().level, huo_chess::search::Level::Classic(1));
    assert_eq!(app.mode, Mode::SetupClock);
    typed(&mut app, "5+3");
    assert_eq!(app.mode, Mode::Play);
    assert_eq!(app.session().human, Color::Black);
    assert!(app.flipped);
    let c = app.session().clock.as_ref().unwrap();
    assert_eq!(c.control.inc, Duration::from_secs(3));
    // The engine has White and moves first.
    assert!(app.wait_engine(Duration::from_secs(30)));
    assert_eq!(app.session().game.moves().len(), 1);
}

#[test]
fn promotion_asks_for_the_piece() {
    let fen = "8/4P3/8/8/8/k7/8/4K3 w - - 0 1";
    let mut app = app_from(fen);
    typed(&mut app, "e7e8");
    assert!(matches!(app.mode, Mode::Promotion { .. }));
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains("Promote to"), "{text}");
    key(&mut app, KeyCode::Char('n'));
    assert_eq!(app.mode, Mode::Play);
    assert_eq!(
        app.session().game.positions()[1].piece_on(Square::E8),
        Some(Piece::new(Color::White, Role::Knight))
    );

    // The same with the cursor: select e7, go up, Enter, then q.
    let mut app = app_from(fen);
    app.board.cursor = Square::E7;
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.board.selected, Some(Square::E7));
    assert!(app.targets().contains(&Square::E8));
    key(&mut app, KeyCode::Up);
    key(&mut app, KeyCode::Enter);
    assert!(matches!(app.mode, Mode::Promotion { .. }));
    key(&mut app, KeyCode::Char('q'));
    assert_eq!(
        app.session().game.positions()[1].piece_on(Square::E8),
        Some(Piece::new(Color::White, Role::Queen))
    );
}

#[test]
fn mouse_clicks_move_pieces() {
    let mut app = app();
    render(&mut app, 80, 25); // clicks are matched against the board as last drawn
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
    assert_eq!(app.board.selected, Some(Square::G1));
    click(&mut app, Square::F3);
    assert_eq!(app.session().game.moves()[0].uci(), "g1f3");
}

/// Three hopeless searches answered in a row at `level`, after three moves of White's.
fn three_hopeless_searches(level: &str) -> App {
    let mut app = App::new(&config(), &args("w", level), None).unwrap();
    for human in ["e2e4", "d2d4", "c2c4"] {
        typed(&mut app, human);
        app.cancel_thinking();
        let best = app.session().game.position().legal_moves()[0];
        app.handle_search_done(SearchResult {
            best: Some(best),
            ponder: None,
            score: Score::Cp(-1200),
            depth: 3,
            nodes: 1,
        });
    }
    app
}

#[test]
fn a_weak_level_plays_on_where_a_strong_one_resigns() {
    // Level 3 and classic-3 play like beginners: on to the mate.
    for weak in ["L3", "classic-3"] {
        let app = three_hopeless_searches(weak);
        assert!(app.session().ending.is_none(), "{weak}");
        assert_eq!(app.session().game.moves().len(), 6);
    }
}

#[test]
fn engine_resigns_hopeless_positions() {
    let mut app = three_hopeless_searches("L7");
    assert_eq!(app.ending_text().as_deref(), Some(I_RESIGN));
    assert_eq!(
        app.session().ending.as_ref().map(Ending::result),
        Some("1-0")
    );
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains(I_RESIGN));
}

#[test]
fn draw_offers() {
    let mut app = app();
    typed(&mut app, "e2e4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    app.session_mut().policy.score = Some(Score::Cp(20));
    typed(&mut app, ":draw");
    assert!(app.session().ending.is_none());
    app.session_mut().policy.score = Some(Score::Cp(-200));
    typed(&mut app, ":draw");
    assert_eq!(app.ending_text().as_deref(), Some("Draw agreed"));
    assert_eq!(
        app.session().ending.as_ref().map(Ending::result),
        Some("1/2-1/2")
    );
}

#[test]
fn flag_fall_loses() {
    let mut app = app();
    typed(&mut app, ":clock 1+0");
    let start = Instant::now();
    app.tick(start + Duration::from_secs(61));
    assert_eq!(app.ending_text().as_deref(), Some("White loses on time"));
    assert_eq!(
        app.session().ending.as_ref().map(Ending::result),
        Some("0-1")
    );
}

#[test]
fn fen_command_and_game_end() {
    let mut app = app();
    // Fool's mate, one move before: White to move is mated after ...Qh4#? No: set a position
    // where White mates at once.
    typed(&mut app, ":fen 6k1/5ppp/8/8/8/8/8/R6K w - - 0 1");
    typed(&mut app, "Ra8");
    assert_eq!(app.ending_text().as_deref(), Some("Checkmate! White wins"));
    assert_eq!(
        app.session().ending.as_ref().map(Ending::result),
        Some("1-0")
    );
}

#[test]
fn flip_and_switch_sides() {
    let mut app = app();
    key(&mut app, KeyCode::F(7));
    assert!(app.flipped);
    key(&mut app, KeyCode::F(8));
    assert_eq!(app.session().human, Color::Black);
    assert!(app.wait_engine(Duration::from_secs(30)));
    assert_eq!(app.session().game.moves().len(), 1);
}

#[test]
fn copy_fen_goes_to_log_and_clipboard() {
    let mut app = app();
    typed(&mut app, ":copy");
    assert_eq!(app.clipboard(), Some(Position::STARTING_FEN));
    assert!(
        app.log
            .lines()
            .iter()
            .any(|l| l.contains(Position::STARTING_FEN))
    );
}

#[test]
fn small_terminal_gets_a_message() {
    let mut app = app();
    let text = screen_text(&render(&mut app, 60, 20));
    assert!(text.contains("Terminal too small"), "{text}");
}

#[test]
fn big_terminal_gets_bigger_squares() {
    let mut app = app();
    let t = render(&mut app, 120, 45);
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
    let mut app = App::new(&c, &args("w", "classic-3"), None).unwrap();
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains('♚') && text.contains('♟'));
}

#[test]
fn log_file_gets_the_log() {
    let dir = common::tempdir("tui-log");
    let mut a = args("w", "classic-3");
    a.log = Some(dir.join("huo.log"));
    let mut app = App::new(&config(), &a, None).unwrap();
    typed(&mut app, "e2e4");
    drop(app);
    let text = std::fs::read_to_string(dir.join("huo.log")).unwrap();
    assert!(text.contains("Your move: e4"), "{text}");
}

#[test]
fn autosave_on_quit_and_resume() {
    let dir = common::tempdir("tui-autosave");
    let path = dir.join("huo-chess").join("autosave.pgn");
    let mut app = App::new(&config(), &args("w", "classic-3"), Some(path.clone())).unwrap();
    typed(&mut app, "e2e4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    app.autosave_now().unwrap();
    assert!(path.exists());
    // Without flags the saved game is offered; quitting at the question keeps it.
    let mut unanswered = App::new(&config(), &GameArgs::default(), Some(path.clone())).unwrap();
    assert_eq!(unanswered.mode, Mode::Resume);
    unanswered.autosave_now().unwrap();
    assert!(path.exists());
    let mut app2 = App::new(&config(), &GameArgs::default(), Some(path.clone())).unwrap();
    assert_eq!(app2.mode, Mode::Resume);
    key(&mut app2, KeyCode::Char('y'));
    assert_eq!(app2.mode, Mode::Play);
    assert_eq!(app2.session().game.moves(), app.session().game.moves());
    // A new game asks first, keeps the old one aside, and leaves no autosave behind.
    app2.handle_command("new");
    assert!(matches!(app2.mode, Mode::Confirm(_)));
    key(&mut app2, KeyCode::Char('y'));
    assert!(app2.session().game.moves().is_empty());
    app2.autosave_now().unwrap();
    assert!(!path.exists());
    assert!(path.with_file_name("left.pgn").exists());
}

#[test]
fn save_pgn_then_load_it_back() {
    let dir = common::tempdir("tui-pgn");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.pgn");
    let mut app = app();
    typed(&mut app, "e2e4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    typed(&mut app, "g1f3");
    assert!(app.wait_engine(Duration::from_secs(30)));
    let moves = app.session().game.moves().to_vec();
    typed(&mut app, &format!(":save {}", file.display()));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("[Level \"classic-3\"]"), "{text}");
    assert!(text.contains("[White \"Player\"]"));

    let mut other = App::new(&config(), &args("b", "L2"), None).unwrap();
    typed(&mut other, &format!(":load {}", file.display()));
    assert_eq!(
        other.session().game.moves(),
        moves.as_slice(),
        "{:?}",
        other.message
    );
    assert_eq!(other.session().human, Color::White);
    assert_eq!(other.session().level, huo_chess::search::Level::Classic(3));
}

#[test]
fn save_into_a_missing_folder_is_refused_and_makes_no_folder() {
    let dir = common::tempdir("tui-typo");
    let mut app = app();
    typed(&mut app, "e2e4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    let file = dir.join("typo/dir/x.pgn");
    typed(&mut app, &format!(":save {}", file.display()));
    let msg = app.message.clone().unwrap_or_default();
    assert!(msg.contains("typo/dir does not exist"), "{msg}");
    typed(&mut app, &format!(":savefen {}", file.display()));
    let msg = app.message.clone().unwrap_or_default();
    assert!(msg.contains("does not exist"), "{msg}");
    assert!(!dir.join("typo").exists(), "a folder was made");
}

#[test]
fn hint_suggests_a_move_without_playing_it() {
    let mut app = app();
    key(&mut app, KeyCode::F(5));
    assert!(app.wait_engine(Duration::from_secs(30)));
    assert!(app.session().game.moves().is_empty());
    let msg = app.message.clone().unwrap();
    assert!(msg.starts_with("Hint: "), "{msg}");
    let text = msg.trim_start_matches("Hint: ");
    let mv = text.split_whitespace().next().unwrap();
    assert!(
        parse_move(app.session().game.position(), mv).is_ok(),
        "{msg}"
    );
}

#[test]
fn log_scrolls_and_hides() {
    let mut app = app();
    for i in 0..100 {
        app.log_line(format!("line {i}"));
    }
    let text = screen_text(&render(&mut app, 80, 25));
    let page = app.log.page();
    assert!(page >= 5, "{page}");
    assert!(text.contains("line 99") && !text.contains(&format!("line {} ", 99 - page)));
    // PgUp: one page of real lines back.
    key(&mut app, KeyCode::PageUp);
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains(&format!("line {} ", 99 - page)) && !text.contains("line 99"));
    key(&mut app, KeyCode::PageDown);
    assert_eq!(app.log.scroll(), 0);
    // Home: the first lines, never an empty pane.
    key(&mut app, KeyCode::Home);
    let text = screen_text(&render(&mut app, 80, 25));
    // (the pane's first row is the "New game" line)
    assert!(
        text.contains("line 0 ") && text.contains(&format!("line {} ", page - 2)),
        "{text}"
    );
    key(&mut app, KeyCode::End);
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains("line 99"), "{text}");
    // A long line wraps instead of being cut at the pane's edge.
    let long = format!("pv {}", "Nf3 Nc6 ".repeat(20));
    app.log_line(long.clone());
    let text = screen_text(&render(&mut app, 80, 25));
    let shown: String = text
        .lines()
        .filter(|l| l.contains("Nf3") || l.contains("Nc6"))
        .collect();
    assert_eq!(shown.matches("Nf3").count(), 20, "{text}");
    app.handle_key(KeyEvent::new(KeyCode::Char('l'), KeyModifiers::CONTROL));
    assert!(!app.show_log());
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(!text.contains("line 99"));
}

#[test]
fn stale_engine_replies_after_takeback_are_ignored() {
    let mut app = app();
    typed(&mut app, "e2e4");
    // Take the move back before the reply is read: the search is cancelled.
    typed(&mut app, ":undo");
    assert!(app.session().game.moves().is_empty());
    std::thread::sleep(Duration::from_millis(50));
    app.poll_engine();
    assert!(app.session().game.moves().is_empty());
    assert!(app.thinking.is_none());
}

#[test]
fn flag_fall_against_a_bare_king_is_a_draw() {
    let mut app = app_from("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
    typed(&mut app, ":clock 1+0");
    app.tick(Instant::now() + Duration::from_secs(61));
    assert_eq!(
        app.session().ending.as_ref().map(Ending::result),
        Some("1/2-1/2")
    );
}

#[test]
fn wide_screens_show_the_whole_move_list() {
    for w in [80, 100, 101, 102, 110, 120, 160] {
        let mut app = app();
        app.set_game_from_pgn("1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O Nxe4 *")
            .unwrap();
        let text = screen_text(&render(&mut app, w, 30));
        for row in ["1. e4", "e5", "3. Bb5", "4. O-O", "Nxe4"] {
            assert!(text.contains(row), "{w}: {row} missing in\n{text}");
        }
        assert!(
            text.lines()
                .any(|l| l.contains("4. O-O") && l.contains("Nxe4")),
            "{w}: {text}"
        );
    }
}

#[test]
fn a_new_game_mid_game_asks_and_the_old_one_can_be_restored() {
    let mut app = app();
    typed(&mut app, "e2e4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    let played = app.session().game.moves().to_vec();
    // F2 asks; anything but y keeps the game.
    key(&mut app, KeyCode::F(2));
    assert!(matches!(app.mode, Mode::Confirm(_)));
    key(&mut app, KeyCode::Char('n'));
    assert_eq!(app.mode, Mode::Play);
    assert_eq!(app.session().game.moves(), played.as_slice());
    // :fen and :load ask too.
    typed(&mut app, ":fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    assert!(matches!(app.mode, Mode::Confirm(_)));
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.session().game.moves(), played.as_slice());
    // Yes: a new game, and :restore brings the old one back.
    key(&mut app, KeyCode::F(2));
    key(&mut app, KeyCode::Char('y'));
    assert!(app.session().game.moves().is_empty());
    typed(&mut app, ":restore");
    assert_eq!(
        app.session().game.moves(),
        played.as_slice(),
        "{:?}",
        app.message
    );
}

/// Setting aside a second game keeps the first: `:restore` brings back the latest, the
/// older one stays in `left.pgn`, and both survive a restart.
#[test]
fn a_second_game_set_aside_keeps_the_first() {
    let dir = common::tempdir("tui-left-two");
    let path = dir.join("autosave.pgn");
    let mut app = App::new(&config(), &args("w", "classic-3"), Some(path.clone())).unwrap();
    typed(&mut app, "e2e4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    let first = app.session().game.moves().to_vec();
    key(&mut app, KeyCode::F(2));
    key(&mut app, KeyCode::Char('y'));
    typed(&mut app, "d2d4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    let second = app.session().game.moves().to_vec();
    key(&mut app, KeyCode::F(2));
    key(&mut app, KeyCode::Char('y'));
    assert!(app.session().game.moves().is_empty());
    let left = std::fs::read_to_string(path.with_file_name("left.pgn")).unwrap();
    assert_eq!(left.matches("[Event ").count(), 2, "{left}");
    // A restart reads both back; :restore brings the latest, then the one before.
    drop(app);
    let mut app = App::new(&config(), &args("w", "classic-3"), Some(path.clone())).unwrap();
    assert_eq!(app.session().saves.left.len(), 2);
    typed(&mut app, ":restore");
    assert_eq!(
        app.session().game.moves(),
        second.as_slice(),
        "{:?}",
        app.message
    );
    let left = std::fs::read_to_string(path.with_file_name("left.pgn")).unwrap();
    assert_eq!(left.matches("[Event ").count(), 1, "{left}");
    // The game restored in turn is kept: swapping back and forth loses nothing.
    typed(&mut app, ":restore");
    assert_eq!(
        app.session().game.moves(),
        first.as_slice(),
        "{:?}",
        app.message
    );
    assert_eq!(app.session().saves.left.len(), 1);
    typed(&mut app, ":restore");
    assert_eq!(app.session().game.moves(), second.as_slice());
}

#[test]
fn flags_win_over_the_saved_game() {
    let dir = common::tempdir("tui-flags");
    let path = dir.join("autosave.pgn");
    let mut first = App::new(&config(), &args("w", "classic-3"), Some(path.clone())).unwrap();
    typed(&mut first, "d2d4");
    assert!(first.wait_engine(Duration::from_secs(30)));
    first.autosave_now().unwrap();
    let saved = first.session().game.moves().to_vec();
    // Colour and level given: the game starts as asked; the saved game is kept aside.
    let mut a = args("b", "L2");
    a.clock = Some("5+3".into());
    let app = App::new(&config(), &a, Some(path.clone())).unwrap();
    assert_eq!(app.mode, Mode::Play);
    assert_eq!(app.session().human, Color::Black);
    assert_eq!(app.session().level, huo_chess::search::Level::Modern(2));
    assert_eq!(
        app.session().clock.as_ref().map(|c| c.control.to_string()),
        Some("5 min + 3 s".to_string())
    );
    assert!(app.session().game.moves().len() <= 1);
    assert_eq!(app.session().saves.left.len(), 1);
    drop(app);
    // --fen alone is a flag too.
    first.autosave_now().unwrap();
    let f = GameArgs {
        fen: Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".into()),
        ..GameArgs::default()
    };
    let app = App::new(&config(), &f, Some(path.clone())).unwrap();
    assert_ne!(app.mode, Mode::Resume);
    assert_eq!(
        app.session().game.start().fen(),
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    );
    drop(app);
    // --resume resumes at once.
    first.autosave_now().unwrap();
    let r = GameArgs {
        resume: true,
        ..GameArgs::default()
    };
    let app = App::new(&config(), &r, Some(path.clone())).unwrap();
    assert_eq!(app.mode, Mode::Play);
    assert_eq!(app.session().game.moves(), saved.as_slice());
    drop(app);
    // Without flags the game is offered; a move typed at the offer is not swallowed.
    first.autosave_now().unwrap();
    let mut app = App::new(&config(), &GameArgs::default(), Some(path.clone())).unwrap();
    assert_eq!(app.mode, Mode::Resume);
    typed(&mut app, "e2e4");
    assert_eq!(app.mode, Mode::Play);
    assert_eq!(
        app.session().game.moves().len(),
        saved.len() + 1,
        "{:?}",
        app.message
    );
    assert_eq!(app.session().game.moves()[saved.len()].uci(), "e2e4");
}

#[test]
fn captured_pieces_come_from_the_moves_played() {
    // Set up with pieces missing: nothing has been taken in this game yet.
    let mut app = app_from("4k3/1P6/8/8/8/8/8/4K2R w - - 0 1");
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(!text.contains("took"), "{text}");
    // A promotion takes nothing.
    typed(&mut app, "b7b8q");
    assert!(app.wait_engine(Duration::from_secs(30)));
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(!text.contains("took"), "{text}");
    assert_eq!(app.session().game.captures(), [vec![], vec![]]);
    // A real capture is shown.
    let mut app = app_from("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    typed(&mut app, "exd5");
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains("White took o"), "{text}");
}

#[test]
fn fen_files_round_trip() {
    let dir = common::tempdir("tui-fen");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("pos.fen");
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let mut saver = app_from(fen);
    typed(&mut saver, &format!(":savefen {}", file.display()));
    assert_eq!(std::fs::read_to_string(&file).unwrap().trim(), fen);
    for cmd in [":load", ":fen"] {
        let mut other = app();
        typed(&mut other, &format!("{cmd} {}", file.display()));
        assert_eq!(
            other.session().game.position().fen(),
            fen,
            "{cmd}: {:?}",
            other.message
        );
    }
}

#[test]
fn nothing_is_played_while_the_screen_is_too_small() {
    let mut app = app();
    render(&mut app, 60, 20);
    assert!(app.too_small());
    typed(&mut app, "e2e4");
    assert!(app.session().game.moves().is_empty());
    assert_eq!(app.input, "");
    render(&mut app, 80, 25);
    typed(&mut app, "e2e4");
    assert_eq!(app.session().game.moves().len(), 1);
}

#[test]
fn classic_levels_show_their_progress_while_thinking() {
    let mut app = app();
    typed(&mut app, "e2e4");
    app.cancel_thinking(); // the report below stands in for the real search
    let pos = *app.session().game.position();
    app.thinking = Some(huo_chess::tui::app::Thinking::new(
        huo_chess::session::engine::Job::Move,
    ));
    let legal = pos.legal_moves();
    app.handle_engine_event(Event::Progress(huo_chess::search::Progress {
        mv: legal[4],
        index: 5,
        count: legal.len(),
        nodes: 123_456,
        time: Duration::from_secs(3),
        best: Some((parse_move(&pos, "e5").unwrap(), Score::Cp(-20))),
    }));
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(
        text.contains(&format!("move 5/{}  123456 nodes", legal.len())),
        "{text}"
    );
    // Black's -0.20 is White's +0.20: the panel says it for White.
    assert!(
        text.contains("best e5") && text.contains("White +0.20"),
        "{text}"
    );
}

#[test]
fn why_explains_a_searched_move_in_words() {
    let mut app = app_from("4k3/8/8/3r4/8/8/4N3/4K3 w - - 0 1");
    typed(&mut app, "Nd4"); // a knight left where the rook takes it
    assert!(app.wait_engine(Duration::from_secs(30)));
    assert_eq!(app.session().game.moves()[1].uci(), "d5d4");
    key(&mut app, KeyCode::Char('w')); // a letter types, it does not ask why
    key(&mut app, KeyCode::Esc);
    app.handle_key(KeyEvent::new(KeyCode::Char('w'), KeyModifiers::CONTROL));
    assert_eq!(app.mode, Mode::Why);
    let lines = app.why_lines().join("\n");
    assert!(
        lines.starts_with("Why 1... Rxd4? My move for Black."),
        "{lines}"
    );
    assert!(
        lines.contains("Best moves (scores for White):") && lines.contains("1. Rxd4 -"),
        "{lines}"
    );
    assert!(lines.contains("Expected line: Rxd4"), "{lines}");
    // Black's gain, said for White as every score on the screen.
    assert!(lines.contains("Along it (in pawns for White):"), "{lines}");
    assert!(lines.contains("wins a knight (-"), "{lines}");
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(
        text.contains("Why this move?") && text.contains("wins a knight"),
        "{text}"
    );
    key(&mut app, KeyCode::Char('x'));
    assert_eq!(app.mode, Mode::Play);
}

#[test]
fn why_names_the_book_file_weight_and_share() {
    let mut app = App::new(&with_book(), &args("w", "classic-3"), None).unwrap();
    typed(&mut app, "e2e4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    typed(&mut app, ":why");
    let lines = app.why_lines().join("\n");
    assert!(lines.contains("A book move: weight "), "{lines}");
    assert!(lines.contains("% of this position's moves"), "{lines}");
    assert!(lines.contains(".txt"), "{lines}");
}

/// `:why` on a weak level's move first asks the full strength about the same position,
/// then says whether the level's weakening chose the move: the full strength's move is
/// named, and is the move the window's search found.
#[test]
fn why_at_a_weak_level_says_whether_its_weakening_chose_the_move() {
    let mut app = App::new(&config(), &args("w", "2"), None).unwrap();
    typed(&mut app, "e2e4");
    assert!(app.wait_engine(Duration::from_secs(60)));
    typed(&mut app, ":why");
    // The window waits for the full strength's look.
    assert!(app.working());
    assert!(app.wait_engine(Duration::from_secs(60)));
    assert_eq!(app.mode, Mode::Why);
    let thought = app.thought().cloned().unwrap();
    let (full, _) = thought.full_strength.expect("the full strength was asked");
    let lines = app.why_lines().join("\n");
    assert!(
        lines.contains("At L2 I play like a weaker player"),
        "{lines}"
    );
    let start =
        huo_chess::Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
            .unwrap();
    if full == thought.mv {
        assert!(
            lines.contains("Here my full strength plays the same move."),
            "{lines}"
        );
    } else {
        let named = format!(
            "at full strength I would play {}",
            huo_chess::core::san(&start, full)
        );
        assert!(lines.contains(&named), "{lines}");
    }
    assert!(!lines.contains(":why board"), "{lines}");
}

#[test]
fn why_board_asks_the_engine_about_the_position() {
    let mut app = app_from("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    typed(&mut app, ":why board");
    assert!(app.wait_engine(Duration::from_secs(30)));
    assert_eq!(app.mode, Mode::Why);
    let lines = app.why_lines().join("\n");
    assert!(
        lines.starts_with("Not a move of mine: for White to move here I would play 1. Ra8#.")
            && lines.contains("It mates in 1 (a 2-second search).")
            && lines.contains("White mates at its end."),
        "{lines}"
    );
    assert!(app.session().game.moves().is_empty(), "nothing is played");
}

#[test]
fn the_tree_browser_expands_collapses_and_shows_leaves() {
    let mut app = app_from("4k3/2p5/8/3P4/8/8/8/4K3 w - - 0 1");
    typed(&mut app, ":tree");
    assert_eq!(app.mode, Mode::Play, "no tree before a classic search");
    typed(&mut app, "Kd2");
    assert!(app.wait_engine(Duration::from_secs(30)));
    typed(&mut app, ":tree");
    assert!(matches!(app.active_overlay(), Some(Overlay::Tree(_))));
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(
        text.contains("MiniMax tree, depth 3") && text.contains("Line: (root)"),
        "{text}"
    );
    assert!(text.contains("my move: MAX"), "{text}");
    // Open the first move: the replies, MIN to choose.
    key(&mut app, KeyCode::Right);
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains("your reply: MIN"), "{text}");
    assert_eq!(app.tree().unwrap().path.len(), 1);
    // Down to the leaves: the evaluation part by part.
    key(&mut app, KeyCode::Right);
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(
        text.contains("CountScore of this leaf") && text.contains("Material"),
        "{text}"
    );
    assert!(text.contains("Kept: "), "{text}");
    // Back up, and close.
    key(&mut app, KeyCode::Left);
    key(&mut app, KeyCode::Left);
    assert!(app.tree().unwrap().path.is_empty());
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.mode, Mode::Play);
}

#[test]
fn the_analysis_screen_steps_through_a_game_with_its_graph() {
    let mut c = config();
    c.analysis.depth = 4;
    let mut app = App::new(&c, &args("w", "classic-3"), None).unwrap();
    app.set_game_from_pgn("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0")
        .unwrap();
    typed(&mut app, ":analyse");
    assert!(matches!(app.active_overlay(), Some(Overlay::Analysis(_))));
    assert!(app.wait_engine(Duration::from_secs(60)));
    let view = app.analysis().unwrap();
    let analysis = view.analysis.as_ref().expect("every position evaluated");
    assert_eq!(view.evals.len(), 8);
    // 3... Nf6 allows mate in one: a blunder, and the engine knew a better move.
    let nf6 = &analysis.moves[5];
    assert_eq!(nf6.san, "Nf6");
    assert_eq!(nf6.judgement, Some(huo_chess::analysis::Judgement::Blunder));
    let black_blunders = analysis.count(Color::Black, huo_chess::analysis::Judgement::Blunder);
    assert!(black_blunders >= 1);
    // The screen opens at the end; one step back shows the blunder.
    key(&mut app, KeyCode::Left);
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(
        text.contains("3... Nf6?? blunder (allows mate), best was"),
        "{text}"
    );
    // Why, in words the engine's line bears out.
    assert!(text.contains("allows mate in 1 (Qxf7#)"), "{text}");
    assert!(text.contains("Evaluation (White +)"), "{text}");
    // The game is named (by its last named position, 2.Qh5's).
    assert!(
        text.contains("C20 King's Pawn Game: Wayward Queen Attack"),
        "{text}"
    );
    assert!(
        text.contains(&format!("Black: {black_blunders} ?? ")),
        "{text}"
    );
    key(&mut app, KeyCode::Home);
    assert_eq!(app.analysis().unwrap().ply, 0);
    key(&mut app, KeyCode::End);
    assert_eq!(app.analysis().unwrap().ply, 7);
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.mode, Mode::Play);
    assert_eq!(
        app.session().game.moves().len(),
        7,
        "the game itself is untouched"
    );
}

#[test]
fn why_board_lists_three_exact_alternatives() {
    let mut app = app_from("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    typed(&mut app, ":why board");
    assert!(app.wait_engine(Duration::from_secs(30)));
    let t = app.thought().cloned().unwrap();
    assert_eq!(t.alternatives.len(), 3, "{:?}", t.alternatives);
    let firsts: std::collections::HashSet<_> = t.alternatives.iter().map(|a| a.0).collect();
    assert_eq!(firsts.len(), 3, "three different moves");
    let lines = app.why_lines().join("\n");
    assert!(
        lines.contains("  1. ") && lines.contains("  2. ") && lines.contains("  3. "),
        "{lines}"
    );
}

#[test]
fn the_game_plays_only_the_recorded_moves_of_a_book_built_by_recording() {
    let dir = common::tempdir("tui-recorded");
    let books = huo_chess::book::layers::Books::new(
        Some(huo_chess::book::Book::open(dir.as_path())),
        huo_chess::book::layers::LayerPolicy::Both,
    );
    for line in ["e4 e5 Nf3 Nc6", "Nf3 Nc6 e4 e5"] {
        let mut pos = Position::startpos();
        for m in line.split_whitespace() {
            let m = parse_move(&pos, m).unwrap();
            books.record(&pos, m, 1).unwrap();
            pos.play(m);
        }
    }
    let mut c = with_book();
    c.book.pick = huo_chess::book::PickMode::Best;
    let mut a = args("w", "3");
    a.book = Some(dir.clone());
    // After 1.Nf3 the built-in book's heaviest move is d5: the user recorded Nc6 alone.
    let mut app = App::new(&c, &a, None).unwrap();
    typed(&mut app, "Nf3");
    assert!(app.wait_engine(Duration::from_secs(30)));
    assert_eq!(app.session().game.moves()[1].uci(), "b8c6");
    assert!(
        app.log
            .lines()
            .iter()
            .any(|l| l.starts_with("Book move b8c6 from user book, ")),
        "{:?}",
        app.log.lines()
    );
}

#[test]
fn a_user_book_does_not_hide_the_built_in_one() {
    let dir = common::tempdir("tui-layers");
    // The user's book knows only 1.e4 c5.
    let user = huo_chess::book::Book::open(dir.as_path());
    let after_e4 = Position::startpos().after(parse_move(&Position::startpos(), "e4").unwrap());
    user.record(&after_e4, parse_move(&after_e4, "c5").unwrap(), 5)
        .unwrap();
    let mut a = args("w", "classic-3");
    a.book = Some(dir.clone());
    // 1.e4: the user's book answers, from its own file.
    let mut app = App::new(&with_book(), &a, None).unwrap();
    typed(&mut app, "e4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    assert_eq!(app.session().game.moves()[1].uci(), "c7c5");
    assert!(
        app.log
            .lines()
            .iter()
            .any(|l| l.starts_with("Book move c7c5 from user book, ")),
        "{:?}",
        app.log.lines()
    );
    // 1.d4: not in the user's book, so the built-in one answers.
    let mut app = App::new(&with_book(), &a, None).unwrap();
    typed(&mut app, "d4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    assert!(
        app.log
            .lines()
            .iter()
            .any(|l| l.contains("from built-in book, ")),
        "{:?}",
        app.log.lines()
    );
}

/// Lets the engine answer until `plies` half-moves are on the board (or the game ends).
fn play_until(app: &mut App, plies: usize) {
    let end = Instant::now() + Duration::from_secs(60);
    while app.session().game.moves().len() < plies && !app.over() {
        assert!(Instant::now() < end, "the engine stopped moving");
        assert!(
            app.thinking.is_some(),
            "nobody is thinking: {:?}",
            app.log.lines()
        );
        assert!(app.wait_engine_once(Duration::from_secs(30)));
    }
}

#[test]
fn watch_command_plays_both_sides_with_tagged_thinking() {
    let mut app = App::new(&config(), &args("w", "L1"), None).unwrap();
    assert!(app.humans_turn());
    typed(&mut app, ":watch");
    assert!(app.session().watching);
    assert!(!app.humans_turn());
    play_until(&mut app, 4);
    let log = app.log.lines().join("\n");
    assert!(log.contains("White plays "), "{log}");
    assert!(log.contains("Black plays "), "{log}");
    assert!(log.contains("White depth 1"), "{log}");
    assert!(log.contains("Black depth 1"), "{log}");
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains("Watching"), "{text}");
    // Nothing typed at the prompt while the engine moves is lost: an illegal move is
    // refused and the engine keeps both sides.
    typed(&mut app, "e2e5");
    assert!(app.session().watching);
    assert!(app.message.as_deref().unwrap_or("").contains(INVALID_MOVE));
}

#[test]
fn watching_without_a_clock_keeps_the_pace_so_the_eye_can_follow() {
    let mut c = config();
    c.play.watch_pace = 5.0;
    let mut app = App::new(&c, &args("w", "L1"), None).unwrap();
    typed(&mut app, ":watch");
    let asked = Instant::now();
    // Level 1 answers within milliseconds: its move is held, not played.
    assert!(app.wait_engine_once(Duration::from_secs(30)));
    assert!(app.session().game.moves().is_empty());
    assert!(app.busy(), "the screen keeps ticking while a move is held");
    app.tick(asked + Duration::from_millis(100));
    assert!(app.session().game.moves().is_empty());
    // Due: played, and the other side starts thinking.
    app.tick(asked + Duration::from_secs(6));
    assert_eq!(app.session().game.moves().len(), 1);
    assert!(app.thinking.is_some());
    // Taking over drops a held move: the side you take is yours to play.
    assert!(app.wait_engine_once(Duration::from_secs(30)));
    assert_eq!(app.session().game.moves().len(), 1);
    typed(&mut app, ":watch");
    assert!(!app.session().watching);
    app.tick(Instant::now() + Duration::from_secs(60));
    assert_eq!(app.session().game.moves().len(), 1);
    assert!(app.humans_turn());
    let text = screen_text(&render(&mut app, 100, 30));
    assert!(text.contains("You: Black"), "{text}");
}

#[test]
fn a_weak_level_takes_a_moment_before_it_answers_and_f6_hurries_it() {
    let mut c = config();
    c.play.pause = 4.0;
    let mut app = App::new(&c, &args("w", "L2"), None).unwrap();
    typed(&mut app, "e2e4");
    let asked = Instant::now();
    // Level 2 finds its move at once, and holds it: at least half the pause, at most one
    // and a half of it.
    assert!(app.wait_engine_once(Duration::from_secs(30)));
    assert_eq!(app.session().game.moves().len(), 1);
    assert!(app.busy());
    app.tick(asked + Duration::from_millis(1900));
    assert_eq!(app.session().game.moves().len(), 1);
    app.tick(asked + Duration::from_millis(6100));
    assert_eq!(app.session().game.moves().len(), 2);
    assert!(app.humans_turn());
    // F6 ("move now") plays a held answer at once.
    typed(&mut app, "d2d4");
    assert!(app.wait_engine_once(Duration::from_secs(30)));
    assert_eq!(app.session().game.moves().len(), 3);
    app.handle_key(KeyEvent::new(KeyCode::F(6), KeyModifiers::NONE));
    assert_eq!(app.session().game.moves().len(), 4);
    // A strong level's search is its pause: it answers as soon as it has its move.
    let mut strong = App::new(&c, &args("w", "L6"), None).unwrap();
    typed(&mut strong, "e2e4");
    assert!(strong.wait_engine_once(Duration::from_secs(30)));
    assert_eq!(strong.session().game.moves().len(), 2);
}

#[test]
fn stopping_watch_hands_the_side_to_move_back() {
    let mut app = App::new(&config(), &args("w", "L1"), None).unwrap();
    typed(&mut app, ":watch");
    play_until(&mut app, 3);
    // Black is to move and thinking: `:watch` again cancels that and hands Black over.
    assert_eq!(app.session().game.position().turn(), Color::Black);
    assert!(app.thinking.is_some());
    typed(&mut app, ":watch");
    assert!(!app.session().watching);
    assert_eq!(app.session().human, Color::Black);
    assert!(app.thinking.is_none());
    assert!(app.humans_turn());
    // The cancelled search's answer, if it comes, plays nothing.
    std::thread::sleep(Duration::from_millis(50));
    app.poll_engine();
    assert_eq!(app.session().game.moves().len(), 3);
    // A normal game again: your move, then the engine answers for White.
    let mv = app.session().game.position().legal_moves()[0];
    typed(&mut app, &mv.uci());
    assert!(app.wait_engine(Duration::from_secs(30)));
    assert_eq!(app.session().game.moves().len(), 5);
    assert!(app.humans_turn());
}

#[test]
fn a_typed_move_takes_over_while_watching() {
    let mut app = App::new(&config(), &args("b", "L1"), None).unwrap();
    assert!(app.wait_engine(Duration::from_secs(30)));
    typed(&mut app, ":watch");
    play_until(&mut app, 2);
    // White to move, the engine thinking for it: a legal move takes White over.
    assert_eq!(app.session().game.position().turn(), Color::White);
    let mv = app.session().game.position().legal_moves()[0];
    typed(&mut app, &mv.uci());
    assert!(!app.session().watching);
    assert_eq!(app.session().human, Color::White);
    assert_eq!(app.session().game.moves()[2], mv);
    assert!(app.wait_engine(Duration::from_secs(30)));
    assert_eq!(app.session().game.moves().len(), 4);
    assert!(app.humans_turn());
}

#[test]
fn white_and_black_flags_pick_the_players_and_refuse_bad_ones() {
    let dir = common::tempdir("tui-watch");
    std::fs::create_dir_all(&dir).unwrap();
    let weak = dir.join("queen1.toml");
    std::fs::write(&weak, "[pieces]\nqueen = 1.0\n[search]\nlevel = 2\n").unwrap();
    // Both sides: watching at once, no questions, each side at its own level.
    let both = GameArgs {
        white: Some("1".into()),
        black: Some(weak.display().to_string()),
        ..GameArgs::default()
    };
    let mut app = App::new(&config(), &both, None).unwrap();
    assert_eq!(app.mode, Mode::Play);
    assert!(app.session().watching);
    assert_eq!(
        app.session().level_of(Color::Black),
        huo_chess::level::Level::Modern(2)
    );
    assert!(
        app.session()
            .player(Color::Black)
            .unwrap()
            .config
            .pieces
            .queen
            == 1.0
    );
    play_until(&mut app, 2);
    let log = app.log.lines().join("\n");
    assert!(
        log.contains("watching White L1 against Black queen1.toml"),
        "{log}"
    );
    assert!(log.contains("Black depth 2"), "{log}");
    let headers = app.pgn_headers();
    assert!(
        headers.contains(&("Black".into(), "queen1.toml".into())),
        "{headers:?}"
    );

    // One side only: you play the other.
    let black = GameArgs {
        black: Some("2".into()),
        ..GameArgs::default()
    };
    let mut app = App::new(&config(), &black, None).unwrap();
    assert!(!app.session().watching);
    assert_eq!(
        (app.mode.clone(), app.session().human),
        (Mode::Play, Color::White)
    );
    // The title names the level you play against: the player's, not the game's.
    let text = screen_text(&render(&mut app, 100, 30));
    assert!(text.contains("You: White  Level: L2"), "{text}");
    typed(&mut app, "e2e4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    assert!(app.log.lines().iter().any(|l| l.starts_with("depth 2")));

    // A bad player: refused with its reason, before the game and on the screen.
    let bad = GameArgs {
        white: Some("11".into()),
        ..GameArgs::default()
    };
    let e = App::new(&config(), &bad, None).err().unwrap();
    let SetupError::Flag(FlagError::Player {
        side: Color::White,
        source,
    }) = &e
    else {
        panic!("{e:?}");
    };
    assert_eq!(e.to_string(), format!("--white: {source}"));
    assert!(
        source.to_string().contains("neither a level nor a file"),
        "{e}"
    );
    let missing = GameArgs {
        black: Some(dir.join("missing.toml").display().to_string()),
        ..GameArgs::default()
    };
    let e = missing.check().unwrap_err();
    assert!(
        matches!(
            e,
            FlagError::Player {
                side: Color::Black,
                ..
            }
        ),
        "{e:?}"
    );
    assert!(e.to_string().starts_with("--black: ") && e.to_string().contains("cannot read"));
    // `:watch WHITE BLACK` reads players the same way.
    let mut app = app_from("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    typed(&mut app, ":watch 1 nonsense");
    assert!(!app.session().watching);
    assert!(app.message.as_deref().unwrap_or("").contains("Black: "));
}

#[test]
fn a_level_means_the_same_in_every_place_it_is_typed() {
    use huo_chess::level::Level;
    // `--level 3` and `--black 3`: the third rung of the ladder, both.
    let flagged = App::new(&config(), &args("w", "3"), None).unwrap();
    assert_eq!(flagged.session().level_of(Color::Black), Level::Modern(3));
    let black = GameArgs {
        black: Some("3".into()),
        ..GameArgs::default()
    };
    let player = App::new(&config(), &black, None).unwrap();
    assert_eq!(player.session().level_of(Color::Black), Level::Modern(3));
    // `:level 3` too; the classic depths are spelled out.
    let mut app = app();
    typed(&mut app, ":level 3");
    assert_eq!(app.session().level, Level::Modern(3));
    typed(&mut app, ":level classic-5");
    assert_eq!(app.session().level, Level::Classic(5));
    // An unknown spelling changes nothing and lists the valid ones.
    typed(&mut app, ":level c3");
    assert_eq!(app.session().level, Level::Classic(5));
    let note = app.message.clone().unwrap_or_default();
    assert!(
        note.contains("1 to 10") && note.contains("classic-3"),
        "{note}"
    );
    // The setup question reads the same map.
    let mut asked = App::new(&config(), &GameArgs::default(), None).unwrap();
    typed(&mut asked, "w");
    assert_eq!(asked.mode, Mode::SetupLevel);
    typed(&mut asked, "5");
    assert_eq!(asked.session().level, Level::Modern(5));
}

#[test]
fn clocks_take_units_and_the_log_says_what_was_understood() {
    // A bare base is minutes in the game, and the log says so in words.
    let mut a = args("w", "classic-1");
    a.clock = Some("5+3".into());
    let flagged = App::new(&config(), &a, None).unwrap();
    let c = flagged.session().clock.as_ref().unwrap();
    assert_eq!(c.control.base, Duration::from_secs(300));
    let log = flagged.log.lines().join("\n");
    assert!(log.contains("clock 5 min + 3 s"), "{log}");
    // Units, as `match --tc` takes them.
    a.clock = Some("10s+0.1s".into());
    let flagged = App::new(&config(), &a, None).unwrap();
    let c = flagged.session().clock.as_ref().unwrap();
    assert_eq!(
        (c.control.base, c.control.inc),
        (Duration::from_secs(10), Duration::from_millis(100))
    );
    assert!(
        flagged
            .log
            .lines()
            .join("\n")
            .contains("clock 10 s + 0.1 s")
    );
    // `:clock` and the PGN tag (seconds, as the standard has it).
    let mut game = app();
    typed(&mut game, ":clock 1m30s+2s");
    assert_eq!(
        game.message.as_deref(),
        Some("Clocks: 1 min 30 s + 2 s each")
    );
    let headers = game.pgn_headers();
    assert!(
        headers.contains(&("TimeControl".into(), "90+2".into())),
        "{headers:?}"
    );
    typed(&mut game, ":clock 5x");
    assert!(game.alert, "a bad clock is refused");
    assert!(game.message.as_deref().unwrap_or("").contains("5m+3s"));
}

#[test]
fn every_bad_flag_is_refused_with_its_name_and_reason() {
    let dir = common::tempdir("tui-bad-flags");
    let not_pgn = dir.join("notes.pgn");
    std::fs::write(&not_pgn, "1. e4 e5 2. Ke3 *\n").unwrap();
    let with = |f: &dyn Fn(&mut GameArgs)| {
        let mut a = GameArgs::default();
        f(&mut a);
        a
    };
    let cases: Vec<(GameArgs, &str)> = vec![
        (
            with(&|a| a.fen = Some("garbage".into())),
            "--fen 'garbage': invalid FEN",
        ),
        (
            with(&|a| a.level = Some("11".into())),
            "--level '11' is not a level",
        ),
        (
            with(&|a| a.color = Some("x".into())),
            "--color 'x': expected w or b",
        ),
        (with(&|a| a.clock = Some("0+0".into())), "--clock '0+0'"),
        (with(&|a| a.white = Some("11".into())), "--white: '11'"),
        (
            with(&|a| a.analyse = Some(dir.join("none.pgn"))),
            "--analyse ",
        ),
        (with(&|a| a.analyse = Some(not_pgn.clone())), "Ke3"),
        (
            with(&|a| a.book = Some(dir.join("no-such-book"))),
            "--book ",
        ),
        (
            with(&|a| a.book = Some(not_pgn.clone())),
            "not a book folder",
        ),
        // A folder is no log file.
        (with(&|a| a.log = Some(dir.to_path_buf())), "--log "),
    ];
    for (args, reason) in cases {
        match App::new(&config(), &args, None) {
            Ok(_) => panic!("{args:?} was accepted"),
            Err(e) => assert!(e.to_string().contains(reason), "{args:?}: {e}"),
        }
    }
    // --resume with nothing saved.
    let autosave = dir.join("autosave.pgn");
    let resume = with(&|a| a.resume = true);
    let e = App::new(&config(), &resume, Some(autosave.clone()))
        .err()
        .unwrap();
    assert!(
        matches!(&e, SetupError::NoSavedGame { autosave: Some(p) } if *p == autosave),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        format!(
            "--resume: there is no saved game ({} does not exist)",
            autosave.display()
        )
    );
}

#[test]
fn a_takeback_after_the_flag_fell_reopens_the_game_and_the_save_keeps_it_whole() {
    // --clock 1+0, e4 and the reply, then White's flag falls.
    let mut a = args("w", "classic-1");
    a.clock = Some("1+0".into());
    let mut app = App::new(&config(), &a, None).unwrap();
    typed(&mut app, "e2e4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    assert_eq!(app.session().game.moves().len(), 2);
    app.tick(Instant::now() + Duration::from_secs(61));
    assert_eq!(
        app.session().ending.as_ref().map(Ending::result),
        Some("0-1")
    );
    // A PGN of the ended game has its moves and its result.
    let ended = app.pgn_text();
    assert!(
        ended.contains("1. e4 ") && ended.trim_end().ends_with("0-1"),
        "{ended}"
    );
    // Ctrl+Z: both moves go, the clocks are as they were before e4, the game goes on.
    app.handle_key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL));
    assert!(app.session().game.moves().is_empty());
    assert!(!app.over());
    let c = app.session().clock.as_ref().unwrap();
    assert_eq!(c.remaining, [Duration::from_secs(60); 2]);
    // Time runs on from there: no second flag at once, no second "Game over".
    app.tick(Instant::now() + Duration::from_secs(1));
    assert!(
        !app.over(),
        "the flag fell again: {:?}",
        app.session().ending
    );
    let over = app
        .log
        .lines()
        .iter()
        .filter(|l| l.starts_with("Game over"))
        .count();
    assert_eq!(over, 1, "{:?}", app.log.lines());
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(
        text.contains("White 01:00") || text.contains("White 00:59"),
        "{text}"
    );
    // Saved now: unfinished, and never a decided result without its moves.
    let saved = app.pgn_text();
    assert!(saved.contains("[Result \"*\"]"), "{saved}");
    assert!(
        !saved.contains("0-1") && !saved.contains("Termination"),
        "{saved}"
    );
}

#[test]
fn a_takeback_is_refused_when_the_clocks_before_the_move_are_unknown() {
    let mut app = app();
    typed(&mut app, "e2e4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    // Clocks set after both moves, then White's flag falls.
    typed(&mut app, ":clock 1+0");
    app.tick(Instant::now() + Duration::from_secs(61));
    assert!(app.over());
    typed(&mut app, ":undo");
    assert!(app.over(), "the game stays lost on time");
    assert_eq!(app.session().game.moves().len(), 2);
    assert!(app.alert && app.message.as_deref().unwrap_or("").contains("No takeback"));
    assert!(app.pgn_text().contains("1. e4 "));
}

#[test]
fn the_first_questions_take_whole_words_and_enter_takes_the_default_shown() {
    let mut app = App::new(&config(), &GameArgs::default(), None).unwrap();
    assert_eq!(app.mode, Mode::SetupColor);
    // The title already shows the defaults, and so does each question.
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains("You: White  Level: L6"), "{text}");
    assert!(text.contains("Enter: White"), "{text}");
    // Each question once, without the move instructions under it.
    assert!(!text.contains("Enter move coordinates"), "{text}");
    // A whole word answers, and nothing spills into the next question.
    typed(&mut app, "Black");
    assert_eq!(
        (app.mode.clone(), app.session().human),
        (Mode::SetupLevel, Color::Black)
    );
    assert_eq!(app.input, "");
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains("Enter: L6"), "{text}");
    // Enter takes the level shown, then no clock.
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.mode, Mode::SetupClock);
    assert_eq!(app.session().level, huo_chess::level::Level::Modern(6));
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains("Enter: no clock"), "{text}");
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.mode, Mode::Play);
    assert!(app.session().clock.is_none());
    app.cancel_thinking();
    // Enter at the colour question takes White; a wrong word is refused and asked again.
    let mut app = App::new(&config(), &GameArgs::default(), None).unwrap();
    typed(&mut app, "red");
    assert_eq!(app.mode, Mode::SetupColor);
    assert!(app.alert && app.message.as_deref().unwrap_or("").contains("'red'"));
    key(&mut app, KeyCode::Enter);
    assert_eq!(
        (app.mode.clone(), app.session().human),
        (Mode::SetupLevel, Color::White)
    );
    typed(&mut app, "white");
    assert_eq!(
        app.mode,
        Mode::SetupLevel,
        "'white' is no level: asked again"
    );
    assert!(app.alert);
}

#[test]
fn the_flagship_keys_are_on_the_key_line_at_80_columns() {
    let mut app = app();
    let text = screen_text(&render(&mut app, 80, 25));
    let keys = text.lines().last().unwrap().trim_end();
    for key in [
        "^W:why", "F5:hint", "^Z:undo", "F2:new", "F9:level", "F10:quit",
    ] {
        assert!(keys.contains(key), "{key} missing: {keys}");
    }
    // What did not fit is one key away, and that key says so.
    assert!(keys.ends_with("F1:all keys"), "{keys}");
    // Wide enough for all: every key, and no pointer.
    let text = screen_text(&render(&mut app, 140, 30));
    let keys = text.lines().last().unwrap();
    assert!(keys.contains("^L:log") && keys.contains("F1:help") && !keys.contains("all keys"));
    // Too small: the way out in plain words.
    let text = screen_text(&render(&mut app, 60, 20));
    assert!(text.contains("press q, then y, to quit"), "{text}");
}

#[test]
fn watching_has_a_readable_title_and_no_move_prompt_once_the_game_is_over() {
    // Ra8 mates: White ends the watched game with its first move.
    let mut a = GameArgs {
        white: Some("classic-3".into()),
        black: Some("classic-5".into()),
        ..GameArgs::default()
    };
    a.fen = Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1".into());
    let mut app = App::new(&config(), &a, None).unwrap();
    assert!(app.session().watching);
    let text = screen_text(&render(&mut app, 80, 25));
    let title = text.lines().next().unwrap();
    assert!(
        title.contains("White: classic-3  Black: classic-5"),
        "{title}"
    );
    assert!(title.starts_with(" HUO CHESS "), "{title}");
    // Nothing runs into "Watching": the subtitle gives way when there is no room.
    assert!(title.contains("  Watching  White"), "{title}");
    assert!(!text.contains("Enter move coordinates"), "{text}");
    assert!(app.wait_engine(Duration::from_secs(30)));
    assert!(app.over(), "{:?}", app.log.lines());
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains("Checkmate! White wins"), "{text}");
    assert!(!text.contains("Enter move coordinates"), "{text}");
    assert!(!text.contains("Watching: :watch"), "{text}");
}

#[test]
fn promotion_says_which_keys_work_and_k_is_a_knight() {
    let fen = "8/4P3/8/8/8/k7/8/4K3 w - - 0 1";
    let mut app = app_from(fen);
    typed(&mut app, "e7e8");
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(
        text.contains("n (or k) knight") && text.contains("Esc"),
        "{text}"
    );
    key(&mut app, KeyCode::Char('k'));
    assert_eq!(app.mode, Mode::Play);
    assert_eq!(
        app.session().game.positions()[1].piece_on(Square::E8),
        Some(Piece::new(Color::White, Role::Knight))
    );
}

#[test]
fn savefen_without_a_name_says_so_and_a_save_is_logged() {
    let dir = common::tempdir("tui-savefen");
    let mut app = app();
    typed(&mut app, ":savefen");
    assert!(app.alert, "{:?}", app.message);
    assert!(
        app.message
            .as_deref()
            .unwrap_or("")
            .starts_with("Usage: :savefen FILE")
    );
    let file = dir.join("here.fen");
    typed(&mut app, &format!(":savefen {}", file.display()));
    assert!(file.exists());
    let logged = format!("Position saved to {}", file.display());
    assert!(
        app.log.lines().iter().any(|l| l.starts_with(&logged)),
        "{:?}",
        app.log.lines()
    );
}

#[test]
fn the_panel_and_the_log_name_the_opening_as_it_is_played() {
    let dir = common::tempdir("tui-opening");
    let file = dir.join("game.pgn");
    let mut app = app();
    app.set_game_from_pgn("1. Nf3 d5 *").unwrap();
    assert_eq!(app.opening().map(|o| o.eco), Some("A06"));
    // 2.d4 transposes to the Queen's Pawn Game of 1.d4 d5 2.Nf3: the panel and the log say
    // so as soon as the move is played.
    typed(&mut app, "d2d4");
    let said = "Opening: D02 Queen's Pawn Game: Zukertort Variation";
    assert!(
        app.log.lines().iter().any(|l| l == said),
        "{:?}",
        app.log.lines()
    );
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains("D02 Queen's Pawn Game: Zukertort"), "{text}");
    assert!(app.wait_engine(Duration::from_secs(30)));
    // Whatever the reply, the name is that of the last named position: the log's last
    // word on it, and the saved game's tags.
    let o = app.opening().expect("still named");
    let last = app
        .log
        .lines()
        .iter()
        .rev()
        .find(|l| l.starts_with("Opening: "))
        .cloned();
    assert_eq!(last, Some(format!("Opening: {}", o.label())));
    typed(&mut app, &format!(":save {}", file.display()));
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(
        saved.contains(&format!("[ECO \"{}\"]\n[Opening \"{}\"]\n", o.eco, o.name)),
        "{saved}"
    );
    // A takeback to before 2.d4 names the Zukertort Opening again.
    typed(&mut app, ":undo");
    assert_eq!(app.session().game.moves().len(), 2);
    assert_eq!(app.opening().map(|o| o.eco), Some("A06"));
    assert_eq!(
        app.log.lines().last().map(String::as_str),
        Some("Opening: A06 Zukertort Opening")
    );
}

/// The rows of the screen, as text.
fn screen_rows(app: &mut App) -> Vec<String> {
    screen_text(&render(app, 80, 25))
        .lines()
        .map(str::to_string)
        .collect()
}

/// A number in pawns at the end of `text` (`+0.25`), in centipawns.
fn cp_at_end(text: &str) -> Option<i32> {
    let word = text.split_whitespace().last()?;
    let pawns: f64 = word.parse().ok()?;
    Some((pawns * 100.0).round() as i32)
}

/// The tree browser's leaves: the breakdown beside a leaf lists every part (the bonus for
/// having the move too), its lines add up to its total, and the total is the value the
/// list shows for that leaf (they were 0.25 apart: the bonus was in no breakdown).
#[test]
fn every_tree_leaf_adds_up_to_the_value_beside_it() {
    let mut app = app_from("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    typed(&mut app, "Bb5");
    assert!(app.wait_engine(Duration::from_secs(60)));
    typed(&mut app, ":tree");
    assert!(matches!(app.active_overlay(), Some(Overlay::Tree(_))));
    // Black's move, then White's reply: the leaves.
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Right);
    let leaves = app.tree().unwrap().children.len();
    assert!(leaves > 20);
    for i in 0..leaves {
        let rows = screen_rows(&mut app);
        let selected = rows
            .iter()
            .find(|r| r.starts_with("│> "))
            .unwrap_or_else(|| panic!("no selection: {rows:#?}"));
        // The list: `> Nxe5        -0.10 .`; the breakdown to its right.
        let list: String = selected.chars().take(22).collect();
        let listed = cp_at_end(list.trim_end().trim_end_matches(" .")).unwrap();
        let detail: Vec<&str> = rows
            .iter()
            .map(|r| r.chars().skip(23).collect::<String>())
            .map(|d| d.trim_end_matches('│').trim_end().to_string())
            .filter(|d| !d.is_empty())
            .map(|d| &*Box::leak(d.into_boxed_str()))
            .collect();
        let head = detail
            .iter()
            .position(|d| d.starts_with("CountScore of this leaf"))
            .unwrap_or_else(|| panic!("leaf {i}: {rows:#?}"));
        let total = detail
            .iter()
            .position(|d| d.starts_with("Total for White"))
            .unwrap();
        let parts: Vec<i32> = detail[head + 1..total]
            .iter()
            .map(|d| cp_at_end(d).unwrap())
            .collect();
        assert!(
            detail[head + 1..total]
                .iter()
                .any(|d| d.starts_with("Side to move (")),
            "{detail:#?}"
        );
        let white = cp_at_end(detail[total]).unwrap();
        assert_eq!(parts.iter().sum::<i32>(), white, "leaf {i}: {detail:#?}");
        let value = detail[total + 1];
        assert!(value.starts_with("Value for Black (MAX)"), "{value}");
        assert_eq!(cp_at_end(value), Some(listed), "leaf {i}: {rows:#?}");
        assert_eq!(cp_at_end(value), Some(-white));
        key(&mut app, KeyCode::Down);
    }
}

/// F6 during a classic search: it plays the best move of those it compared, and the tree
/// and "why?" say so (the tree was lost, and "why?" claimed a full search).
#[test]
fn a_classic_search_stopped_early_keeps_its_tree_and_says_so() {
    let mut app = app_from("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    app.session_mut().level = huo_chess::search::Level::Classic(5);
    typed(&mut app, "Bb5");
    // Wait until it has finished two root moves, then "move now".
    let start = Instant::now();
    while app
        .thinking
        .as_ref()
        .and_then(|t| t.root)
        .is_none_or(|(i, _)| i < 3)
    {
        assert!(start.elapsed() < Duration::from_secs(60), "no progress");
        app.poll_engine();
        std::thread::sleep(Duration::from_millis(5));
    }
    app.handle_key(KeyEvent::new(KeyCode::F(6), KeyModifiers::NONE));
    assert!(app.wait_engine(Duration::from_secs(60)));
    assert_eq!(app.session().game.moves().len(), 2, "it moved");
    let (done, all) = app.last_tree().unwrap().cut_short().unwrap();
    assert!(done >= 2 && done < all, "{done} of {all}");
    // The move's line (a line saying where the game left the user's book may follow).
    let said = app
        .log
        .lines()
        .iter()
        .rev()
        .find(|l| l.starts_with("My move: "))
        .unwrap();
    assert!(
        said.starts_with("My move: ")
            && said.ends_with(&format!("stopped after {done} of {all} moves)")),
        "{said}"
    );
    typed(&mut app, ":tree");
    assert!(
        matches!(app.active_overlay(), Some(Overlay::Tree(_))),
        "{:?}",
        app.message
    );
    let text = screen_text(&render(&mut app, 80, 25));
    let played = app.thought().map(|t| san(&t.before, t.mv)).unwrap();
    assert!(
        text.contains(&format!(
            "MiniMax tree, depth 5, stopped after {done} of {all} moves"
        )) && text.contains(&format!(
            "My search at move 3, Black to move: 3... {played} was played"
        )),
        "{text}"
    );
    assert_eq!(app.tree().unwrap().children.len(), done);
    key(&mut app, KeyCode::Esc);
    typed(&mut app, ":why");
    let lines = app.why_lines().join("\n");
    assert!(
        lines.contains(&format!(
            "stopped early: depth 5 for {done} of {all} moves, the other moves not compared"
        )),
        "{lines}"
    );
}

/// After a takeback "why?" and the tree say that what they show is no longer on the board.
#[test]
fn why_and_the_tree_after_a_takeback_say_it_was_taken_back() {
    let mut app = app();
    typed(&mut app, "e2e4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    let reply = san(
        &app.session().game.positions()[1],
        app.session().game.moves()[1],
    );
    typed(&mut app, ":why");
    let first = app.why_lines()[0].clone();
    assert_eq!(first, format!("Why 1... {reply}? My move for Black."));
    key(&mut app, KeyCode::Esc);
    typed(&mut app, ":undo");
    assert!(app.session().game.moves().is_empty());
    typed(&mut app, ":why");
    assert_eq!(app.mode, Mode::Why);
    assert_eq!(
        app.why_lines()[0],
        format!("Why 1... {reply}? It was taken back: this move is no longer on the board.")
    );
    key(&mut app, KeyCode::Esc);
    typed(&mut app, ":tree");
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(
        text.contains("My search at move 1, Black to move (taken back: no longer on the board)"),
        "{text}"
    );
}

/// A resumed game has no move of mine to explain: `:why` says its answer is a suggestion
/// for the side to move, not my move (it used to explain it as if I had played it).
#[test]
fn why_on_a_resumed_game_says_it_is_a_suggestion_for_the_side_to_move() {
    let dir = common::tempdir("tui-why-resume");
    let path = dir.join("huo-chess").join("autosave.pgn");
    let mut first = App::new(&config(), &args("w", "3"), Some(path.clone())).unwrap();
    typed(&mut first, "e2e4");
    assert!(first.wait_engine(Duration::from_secs(30)));
    first.autosave_now().unwrap();
    let r = GameArgs {
        resume: true,
        ..GameArgs::default()
    };
    let mut app = App::new(&config(), &r, Some(path.clone())).unwrap();
    assert!(app.thought().is_none());
    typed(&mut app, ":why");
    assert!(app.wait_engine(Duration::from_secs(30)));
    assert_eq!(app.mode, Mode::Why);
    let lines = app.why_lines();
    assert!(
        lines[0].starts_with("Not a move of mine: for White to move here I would play 2. "),
        "{lines:?}"
    );
    // A reason in words may come between (the reply varies at level 3): the score line
    // follows the verdict, before the best moves.
    let score = lines
        .iter()
        .position(|l| l.starts_with("Score "))
        .expect("a score line");
    let best = lines
        .iter()
        .position(|l| l.starts_with("Best moves"))
        .expect("best moves");
    assert!(0 < score && score < best, "{lines:?}");
    assert!(lines[score].contains("a 2-second search"), "{lines:?}");
}

/// F5 thinks as the engine plays this game: at classic-3 the same depth-3 MiniMax (the
/// same move and the same node count); it stopped at depth 4 of another level before.
#[test]
fn the_hint_thinks_at_the_game_level() {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let mut app = app_from(fen);
    key(&mut app, KeyCode::F(5));
    assert!(app.wait_engine(Duration::from_secs(60)));
    let mut searcher = huo_chess::search::Searcher::new(app.evaluator().clone(), 1);
    let game = huo_chess::game::Game::from_position(Position::from_fen(fen).unwrap());
    let stop = std::sync::atomic::AtomicBool::new(false);
    let r = searcher.think(
        &game,
        huo_chess::search::Level::Classic(3),
        &huo_chess::search::Limits::default(),
        &stop,
        &mut |_| {},
    );
    let pos = *app.session().game.position();
    let best = san(&pos, r.best.unwrap());
    let line = app.log.lines().last().unwrap().clone();
    assert_eq!(
        line,
        format!(
            "Hint: {best} ({} for White, classic-3, depth 3, {} nodes)",
            r.score.for_white(pos.turn()),
            r.nodes
        )
    );
    let note = app.message.clone().unwrap();
    assert_eq!(
        note,
        format!(
            "Hint: {best} {} for White\n(as I play at classic-3, depth 3)",
            r.score.for_white(pos.turn())
        )
    );
}

/// The analysis screen keeps its searches out of the game's log (about 60 lines, nearly
/// all with an empty line of moves), signs its evaluations, calls a mate on the board
/// checkmate, and says what PgUp/PgDn step.
#[test]
fn the_analysis_writes_one_line_to_the_log_and_says_what_it_shows() {
    let mut c = config();
    c.analysis.depth = 6;
    let mut app = App::new(&c, &args("w", "classic-3"), None).unwrap();
    app.set_game_from_pgn("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0")
        .unwrap();
    let before = app.log.lines().len();
    typed(&mut app, ":analyse");
    assert!(app.wait_engine(Duration::from_secs(60)));
    let added = &app.log.lines()[before..];
    // The tally is the judged game's: 3...Nf6 allowed mate in one, a blunder.
    let judged = app.analysis().unwrap().analysis.clone().unwrap();
    let tally = |side: Color| {
        use huo_chess::analysis::Judgement::*;
        let n = |j| judged.count(side, j);
        let accuracy = judged.accuracy()[side.index()].unwrap();
        format!(
            "{side}: {} ?? {} ? {} ?!, accuracy {accuracy:.1}",
            n(Blunder),
            n(Mistake),
            n(Inaccuracy)
        )
    };
    assert_eq!(
        judged.count(Color::Black, huo_chess::analysis::Judgement::Blunder),
        1
    );
    assert_eq!(
        added,
        [format!(
            "Analysis of Player - Huo Chess (classic-3): {}; {}",
            tally(Color::White),
            tally(Color::Black)
        )],
        "{added:#?}"
    );
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains("Checkmate: White wins"), "{text}");
    assert!(!text.contains("#0"), "{text}");
    assert!(text.contains("PgUp/PgDn 5 moves"), "{text}");
    key(&mut app, KeyCode::Home);
    let panel = app.analysis().unwrap().panel();
    let eval = panel.iter().find(|l| l.starts_with("Evaluation ")).unwrap();
    let number = eval.split_whitespace().nth(1).unwrap();
    assert!(number.starts_with('+') || number.starts_with('-'), "{eval}");
    key(&mut app, KeyCode::PageDown);
    assert_eq!(app.analysis().unwrap().ply, 7);
    key(&mut app, KeyCode::PageUp);
    assert_eq!(app.analysis().unwrap().ply, 0);
}

#[test]
fn the_run_loop_is_woken_by_the_engine_and_draws_its_answer_at_once() {
    use huo_chess::tui::Screen;
    use huo_chess::tui::events::{Events, Wake};
    let mut app = app();
    let mut term = Terminal::new(TestBackend::new(80, 25)).unwrap();
    let events = Events::new();
    app.notify_to(events.sender());
    let mut screen = Screen::default();
    assert!(screen.step(&mut term, &mut app, &events).unwrap());
    // A hint: its search's replies themselves come on the stream, its answer the last;
    // the engine link keeps none for the screen to fetch.
    key(&mut app, KeyCode::F(5));
    let mut replies = Vec::new();
    loop {
        match events.next(Duration::from_secs(600)) {
            Some(Wake::Engine(reply)) => {
                let last = reply.is_final();
                replies.push(reply);
                if last {
                    break;
                }
            }
            other => panic!("{other:?} after {} replies", replies.len()),
        }
    }
    assert!(!app.poll_engine(), "nothing kept by the link");
    assert!(app.thinking.is_some(), "nothing taken in yet");
    // Back on the stream: the loop takes them in as they come, and draws the answer at
    // the next step, without waiting for a tick.
    // (A step takes at most 256 events before it draws again.)
    let tx = events.sender();
    let steps = replies.len() / 256 + 1;
    for reply in replies {
        tx.send(Wake::Engine(reply)).unwrap();
    }
    for _ in 0..steps {
        assert!(screen.step(&mut term, &mut app, &events).unwrap());
    }
    assert!(app.thinking.is_none());
    assert!(screen.step(&mut term, &mut app, &events).unwrap());
    let text = screen_text(&term);
    assert!(app.thinking.is_none());
    assert!(text.contains("Hint: "), "{text}");
    // Keys come on the same stream: F10 asks, y quits, and the loop ends.
    let tx = events.sender();
    for code in [KeyCode::F(10), KeyCode::Char('y')] {
        let k = KeyEvent::new(code, KeyModifiers::NONE);
        tx.send(Wake::Terminal(crossterm::event::Event::Key(k)))
            .unwrap();
    }
    assert!(screen.step(&mut term, &mut app, &events).unwrap());
    assert!(app.quit);
    assert!(!screen.step(&mut term, &mut app, &events).unwrap());
}

/// A user book with White's 1. e4 (and Black's 1... e5, White's 2. Nf3) in `dir`.
fn small_repertoire(dir: &std::path::Path) {
    let book = huo_chess::book::Book::open(dir);
    let mut pos = Position::startpos();
    for text in ["e4", "e5", "Nf3"] {
        let mv = parse_move(&pos, text).unwrap();
        book.record(&pos, mv, 1).unwrap();
        pos.play(mv);
    }
}

#[test]
fn the_log_says_once_where_the_game_left_your_book() {
    let dir = common::tempdir("game-left-book");
    small_repertoire(&dir.0);
    let mut app = app();
    app.set_book_dir(Some(dir.0.clone()));
    typed(&mut app, "d2d4");
    let said = "You left your book at 1.d4: your book plays 1.e4";
    let count = |app: &App| {
        app.log
            .lines()
            .iter()
            .filter(|l| l.as_str() == said)
            .count()
    };
    assert_eq!(count(&app), 1, "{:?}", app.log.lines());
    assert!(app.wait_engine(Duration::from_secs(60)));
    assert_eq!(count(&app), 1, "said once: {:?}", app.log.lines());
}

#[test]
fn after_the_game_one_key_makes_where_you_left_your_book_due() {
    use huo_chess::train::schedule::Schedule;
    let dir = common::tempdir("game-review");
    small_repertoire(&dir.0);
    // 1. e4 answered once, so due some days from now.
    let today = huo_chess::util::date::today();
    let start = Position::startpos();
    let mut schedule = Schedule::load(&dir.0).unwrap();
    let before = schedule
        .answer(start.key(), huo_chess::train::fsrs::Grade::Good, today)
        .unwrap();
    assert!(before.memory.due > today);
    let mut app = app();
    app.set_book_dir(Some(dir.0.clone()));
    // A game the player (White) left the book in at once, and lost.
    app.set_game_from_pgn(
        "[White \"Player\"]\n[Black \"Huo Chess\"]\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n",
    )
    .unwrap();
    assert!(app.over());
    app.handle_key(KeyEvent::new(KeyCode::Char('r'), KeyModifiers::CONTROL));
    let note = app.message.clone().unwrap_or_default();
    assert!(note.starts_with("Due today in the trainer: 1.d4"), "{note}");
    let after = Schedule::load(&dir.0).unwrap();
    assert_eq!(after.get(start.key()).unwrap().memory.due, today);
    assert_eq!(
        after.get(start.key()).unwrap().reps,
        before.reps,
        "no answer made up"
    );
}

#[test]
fn train_from_the_game_saves_the_answer_and_esc_brings_the_game_back() {
    let dir = common::tempdir("game-train");
    small_repertoire(&dir.0);
    let mut app = app();
    app.set_book_dir(Some(dir.0.clone()));
    typed(&mut app, ":clock 5+0");
    typed(&mut app, "d2d4");
    assert!(app.wait_engine(Duration::from_secs(60)));
    let (moves, fen) = (
        app.session().game.moves().to_vec(),
        app.session().game.position().fen(),
    );
    let log_before = app.log.lines().len();
    assert!(app.session().clock.as_ref().unwrap().since.is_some());

    typed(&mut app, ":train");
    assert!(
        matches!(app.active_overlay(), Some(Overlay::Train(_))),
        "{:?}",
        app.message
    );
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains("OPENING TRAINER  you play White"), "{text}");
    // A new line is shown first (nothing graded), then asked.
    assert!(text.contains("New position: your book plays"), "{text}");
    // The game waits: its clocks are stopped, and the log says so.
    assert_eq!(app.session().clock.as_ref().unwrap().since, None);
    assert_eq!(
        app.log.lines().last().unwrap(),
        "Left the game for training White: the clocks are stopped"
    );
    typed(&mut app, "e4");
    typed(&mut app, "Nf3");
    // Nothing graded: the two positions shown are saved as learning steps (reps=0).
    let shown = std::fs::read_to_string(dir.0.join("training.txt")).unwrap();
    assert_eq!(
        shown
            .lines()
            .filter(|l| l.contains(" reps=0 lapses=0 "))
            .count(),
        2,
        "{shown}"
    );
    key(&mut app, KeyCode::Enter);
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains("what does your book play?"), "{text}");
    // The trainer's board, not the game's: 1. e4 is the book's move, and it is saved.
    typed(&mut app, "e4");
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains("Right: e4"), "{text}");
    let saved = std::fs::read_to_string(dir.0.join("training.txt")).unwrap();
    assert_eq!(
        saved
            .lines()
            .filter(|l| l.contains(" reps=1 lapses=0"))
            .count(),
        1,
        "{saved}"
    );

    // Esc: the game as it was, its clocks running again.
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.mode, Mode::Play);
    assert!(app.trainer().is_none());
    assert_eq!(app.session().game.moves(), &moves[..]);
    assert_eq!(app.session().game.position().fen(), fen);
    assert!(app.session().clock.as_ref().unwrap().since.is_some());
    let added: Vec<_> = app.log.lines()[log_before..].to_vec();
    assert_eq!(
        added,
        [
            "Left the game for training White: the clocks are stopped",
            "Back to the game: the clocks run again"
        ]
    );
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains("HUO CHESS"), "{text}");
    // The game goes on.
    typed(&mut app, "c2c4");
    assert_eq!(app.session().game.moves().len(), 3);
}

#[test]
fn drill_from_the_game_with_an_empty_deck_says_so_and_stays() {
    let dir = common::tempdir("game-drill");
    let mut app = app();
    let deck = dir.0.join("drills.txt");
    app.set_deck(Some(deck.clone()));
    typed(&mut app, ":drill");
    assert_eq!(app.mode, Mode::Play);
    assert!(app.trainer().is_none());
    let note = app.message.clone().unwrap();
    assert_eq!(
        note,
        format!(
            "No exercises yet in {}: make some with huo-chess analyse FILE.pgn --player NAME",
            deck.display()
        )
    );
    assert!(app.alert);
    assert!(!deck.exists(), "nothing written");
}

#[test]
fn train_waits_while_the_engine_thinks_about_its_move() {
    let dir = common::tempdir("game-train-busy");
    small_repertoire(&dir.0);
    let mut app = App::new(&config(), &args("b", "classic-5"), None).unwrap();
    app.set_book_dir(Some(dir.0.clone()));
    // The engine has White: it is thinking about its first move.
    assert!(app.thinking.is_some());
    typed(&mut app, ":train");
    assert_eq!(app.mode, Mode::Play);
    assert_eq!(
        app.message.as_deref(),
        Some(huo_chess::play::table::training::WAIT_FOR_MY_MOVE)
    );
    assert!(app.thinking.is_some(), "its search goes on");
    // Its move played, Black trains (the side the player has).
    assert!(app.wait_engine(Duration::from_secs(120)));
    typed(&mut app, ":train");
    assert!(
        matches!(app.active_overlay(), Some(Overlay::Train(_))),
        "{:?}",
        app.message
    );
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains("you play Black"), "{text}");
}

#[test]
fn clock_without_an_argument_shows_the_setting_and_off_is_logged() {
    let mut game = app();
    typed(&mut game, ":clock 5+3");
    typed(&mut game, ":clock");
    assert!(
        game.session().clock.is_some(),
        "a bare :clock switched the clocks off"
    );
    let msg = game.message.clone().unwrap_or_default();
    assert!(
        msg.contains("5 min + 3 s") && msg.contains(":clock off"),
        "{msg}"
    );
    typed(&mut game, ":clock off");
    assert!(game.session().clock.is_none());
    assert_eq!(game.message.as_deref(), Some("Clocks off"));
    assert!(
        game.log.lines().iter().any(|l| l == "Clocks off"),
        "{:?}",
        game.log.lines()
    );
}

#[test]
fn a_resumed_timed_game_keeps_its_time_control() {
    let dir = common::tempdir("tui-resume-clock");
    let path = dir.join("huo-chess").join("autosave.pgn");
    let mut a = args("w", "classic-1");
    a.clock = Some("5+3".into());
    let mut app = App::new(&config(), &a, Some(path.clone())).unwrap();
    typed(&mut app, "e2e4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    app.autosave_now().unwrap();
    let tag = ("TimeControl".to_string(), "300+3".to_string());
    // Answering "y" at the start, and `--resume`.
    let mut asked = App::new(&config(), &GameArgs::default(), Some(path.clone())).unwrap();
    key(&mut asked, KeyCode::Char('y'));
    let resumed = GameArgs {
        resume: true,
        ..GameArgs::default()
    };
    let flagged = App::new(&config(), &resumed, Some(path.clone())).unwrap();
    for game in [&asked, &flagged] {
        assert_eq!(game.session().game.moves(), app.session().game.moves());
        let c = game.session().clock.as_ref().expect("the clocks are back");
        assert_eq!(c.control.base, Duration::from_secs(300));
        assert_eq!(c.control.inc, Duration::from_secs(3));
        assert!(
            game.pgn_headers().contains(&tag),
            "{:?}",
            game.pgn_headers()
        );
    }
}

#[test]
fn a_log_in_a_missing_folder_is_refused_and_no_folder_is_made() {
    let dir = common::tempdir("tui-log-missing");
    let mut a = args("w", "classic-3");
    a.log = Some(dir.join("typo/x.log"));
    let e = App::new(&config(), &a, None)
        .err()
        .expect("a missing folder is refused");
    let text = e.to_string();
    assert!(
        text.starts_with("--log ") && text.contains("typo does not exist"),
        "{e}"
    );
    // The system's error is kept as the source.
    let source = std::error::Error::source(&e).expect("the system's error");
    assert!(source.is::<std::io::Error>(), "{e:?}");
    assert!(!dir.join("typo").exists(), "a folder was made");
}

#[test]
fn a_log_that_cannot_be_written_is_reported_once() {
    let mut a = args("w", "classic-3");
    a.log = Some("/dev/full".into());
    let mut app = App::new(&config(), &a, None).unwrap();
    typed(&mut app, ":clock 5+3");
    typed(&mut app, ":clock off");
    let said: Vec<&String> = app
        .log
        .lines()
        .iter()
        .filter(|l| l.contains("The log file /dev/full cannot be written"))
        .collect();
    assert_eq!(said.len(), 1, "{:?}", app.log.lines());
}

#[test]
fn save_refuses_a_fifo_and_writes_through_a_link() {
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::OpenOptionsExt;
    let dir = common::tempdir("tui-save-fifo");
    let fifo = dir.join("fifo.pgn");
    let c = std::ffi::CString::new(fifo.as_os_str().as_bytes()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    // A reader is open, so a write would not block: only the refusal keeps the game out.
    let mut reader = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(&fifo)
        .unwrap();
    let mut app = app();
    typed(&mut app, ":clock 5+3");
    for command in ["save", "savefen"] {
        typed(&mut app, &format!(":{command} {}", fifo.display()));
        let msg = app.message.clone().unwrap_or_default();
        assert!(
            app.alert && msg.contains(&format!("{}: not a regular file", fifo.display())),
            "{command}: {msg}"
        );
        assert!(app.log.lines().iter().any(|l| l == &msg), "not logged");
    }
    let mut got = Vec::new();
    let _ = std::io::Read::read_to_end(&mut reader, &mut got);
    assert!(got.is_empty(), "{}", String::from_utf8_lossy(&got));
    // A link to a regular file is written through: the link stays.
    let real = dir.join("real.pgn");
    std::fs::write(&real, "").unwrap();
    let link = dir.join("link.pgn");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    typed(&mut app, &format!(":save {}", link.display()));
    assert!(!app.alert, "{:?}", app.message);
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert!(
        std::fs::read_to_string(&real)
            .unwrap()
            .contains("[TimeControl \"300+3\"]")
    );
}

#[test]
fn a_quit_that_cannot_save_stays_until_the_game_is_kept() {
    let dir = common::tempdir("tui-quit-no-save");
    // The data folder cannot be made: a file stands where its parent should be.
    let blocker = dir.join("not-a-folder");
    std::fs::write(&blocker, "a file").unwrap();
    let autosave = blocker.join("huo-chess").join("autosave.pgn");
    let mut app = App::new(&config(), &args("w", "classic-1"), Some(autosave.clone())).unwrap();
    typed(&mut app, "e2e4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    let quit = |app: &mut App| {
        app.handle_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
        key(app, KeyCode::Char('y'));
    };
    quit(&mut app);
    assert!(!app.quit, "quit without saving the game");
    let msg = app.message.clone().unwrap_or_default();
    assert!(
        msg.contains(&autosave.display().to_string()) && msg.contains(":save"),
        "{msg}"
    );
    // Kept with :save, the game may go.
    typed(
        &mut app,
        &format!(":save {}", dir.join("kept.pgn").display()),
    );
    quit(&mut app);
    assert!(app.quit, "{:?}", app.message);
}

#[test]
fn two_windows_on_one_data_folder_keep_both_games() {
    use huo_chess::util::dirs::{abandoned_games, claim_autosave};
    let dir = common::tempdir("tui-two-windows").join("huo-chess");
    // Two games started from the same data folder each get their own autosave.
    let one = claim_autosave(&dir).expect("a slot");
    let two = claim_autosave(&dir).expect("a second slot");
    assert_ne!(one.path, two.path);
    let mut first = App::new(&config(), &args("w", "classic-1"), Some(one.path.clone())).unwrap();
    let mut second = App::new(&config(), &args("w", "classic-1"), Some(two.path.clone())).unwrap();
    typed(&mut first, "e2e4");
    typed(&mut second, "d2d4");
    assert!(first.wait_engine(Duration::from_secs(30)));
    assert!(second.wait_engine(Duration::from_secs(30)));
    first.autosave_now().unwrap();
    second.autosave_now().unwrap();
    // While the second window runs, the first does not take its game.
    assert!(abandoned_games(&dir, &one.path).is_empty());
    drop((first, second, one, two));
    // The next start offers the first game and keeps the second, to restore.
    let slot = claim_autosave(&dir).unwrap();
    assert_eq!(slot.path, dir.join("autosave.pgn"));
    let mut next = App::new(&config(), &GameArgs::default(), Some(slot.path.clone())).unwrap();
    let others = abandoned_games(&dir, &slot.path);
    assert_eq!(others, vec![dir.join("autosave-2.pgn")]);
    assert_eq!(next.adopt_games(&others), 1);
    assert!(
        std::fs::read_to_string(&slot.path)
            .unwrap()
            .contains("1. e4")
    );
    assert!(next.session().saves.left.last().unwrap().contains("1. d4"));
    let left = std::fs::read_to_string(dir.join("left.pgn")).unwrap();
    assert!(left.contains("1. d4"), "{left}");
    assert!(!dir.join("autosave-2.pgn").exists());
}

/// Every fail point of the autosave (making the data folder, creating, writing, syncing and
/// renaming its file): the save fails with the reason, the file is exactly as before, no
/// temporary file is left, and the next save writes the game as it is.
#[cfg(feature = "failpoints")]
#[test]
fn fault_every_point_of_the_autosave_leaves_it_as_before() {
    use huo_chess::util::failpoint::{POINTS, arm};
    let dir = common::tempdir("fault-autosave").join("huo-chess");
    let path = dir.join("autosave.pgn");
    let mut app = App::new(&config(), &args("w", "classic-1"), Some(path.clone())).unwrap();
    // Quiet first moves, enough that the engine's replies cannot make all of them illegal.
    let mut pushes = [
        "e2e4", "a2a3", "h2h3", "b2b3", "g2g3", "d2d3", "c2c3", "g1f3", "b1d2", "f1e2", "a3a4",
        "h3h4", "b3b4", "g3g4", "c3c4", "d3d4",
    ]
    .into_iter();
    for point in POINTS {
        // A new move each time, so that "as before" and "as after" differ.
        let played = app.session().game.moves().len();
        while app.session().game.moves().len() == played {
            typed(&mut app, pushes.next().expect("a legal push"));
            assert!(app.wait_engine(Duration::from_secs(30)));
        }
        let read = || std::fs::read_to_string(&path).ok();
        let before = read();
        arm(Some(point));
        let result = app.autosave_now();
        arm(None);
        if point == "files.mkdir" && dir.is_dir() {
            // Met only while the data folder is missing.
            assert!(result.is_ok(), "{point}");
        } else {
            let e = result.expect_err(point).to_string();
            assert!(e.contains(point), "{point}: {e}");
            assert_eq!(read(), before, "{point}");
        }
        let names: Vec<String> = std::fs::read_dir(&dir)
            .map(|d| {
                d.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        assert!(
            names.iter().all(|n| n == "autosave.pgn"),
            "{point}: {names:?}"
        );
        app.autosave_now().unwrap();
        assert_eq!(read().as_deref(), Some(app.pgn_text().as_str()), "{point}");
    }
}

/// `:save` over a file that holds another game asks first: n keeps the file as it was, y
/// replaces it; the same game saved again further on replaces it without a question.
#[test]
fn saving_over_another_game_asks_first() {
    let dir = common::tempdir("tui-save-over");
    let file = dir.join("mine.pgn");
    let other = "[Event \"Club\"]\n\n1. d4 d5 *\n";
    std::fs::write(&file, other).unwrap();
    let mut app = App::new(&config(), &args("w", "classic-1"), None).unwrap();
    typed(&mut app, "e2e4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    let save = format!(":save {}", file.display());
    typed(&mut app, &save);
    assert!(matches!(app.mode, Mode::Confirm(_)), "{:?}", app.mode);
    let screen = screen_text(&render(&mut app, 80, 25));
    assert!(
        screen.contains("holds another game. Replace it?"),
        "{screen}"
    );
    key(&mut app, KeyCode::Char('n'));
    assert_eq!(app.mode, Mode::Play);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), other);
    typed(&mut app, &save);
    key(&mut app, KeyCode::Char('y'));
    assert_eq!(app.mode, Mode::Play);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), app.pgn_text());
    // The same game, a move further on: saved again without a question.
    typed(&mut app, "d2d4");
    assert!(app.wait_engine(Duration::from_secs(30)));
    typed(&mut app, &save);
    assert_eq!(app.mode, Mode::Play);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), app.pgn_text());
}

/// `:train` asks your own book: with none, it says so and what to do; `:train both` adds
/// the built-in lines.
#[test]
fn train_asks_your_book_and_both_adds_the_built_in_lines() {
    let dir = common::tempdir("game-train-yours");
    let mut app = app();
    app.set_book_dir(Some(dir.0.join("empty-book")));
    typed(&mut app, ":train");
    assert!(app.trainer().is_none());
    let note = app.message.clone().unwrap_or_default();
    assert!(
        note.contains("othing to train") && note.contains(":train both"),
        "{note}"
    );
    typed(&mut app, ":train both");
    assert!(
        matches!(app.active_overlay(), Some(Overlay::Train(_))),
        "{:?}",
        app.message
    );
    // The built-in lines are said to be the built-in book's, never "your book".
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains("the built-in book plays"), "{text}");
    assert!(!text.contains("your book"), "{text}");
}

/// `:analyse FILE` steps through the file's games with `n` and `p` and says which it
/// shows; the game waits meanwhile, its clocks stopped, and they run again on Esc.
#[test]
fn the_analysis_of_a_file_goes_from_game_to_game_and_the_clocks_wait() {
    let dir = common::tempdir("analyse-file-games");
    let file = dir.0.join("three.pgn");
    let game = |white: &str, moves: &str| {
        format!("[White \"{white}\"]\n[Black \"B\"]\n[Result \"*\"]\n\n{moves} *\n\n")
    };
    let text = game("First", "1. e4 e5 2. Qh5 Nc6")
        + &game("Second", "1. d4 d5")
        + "[White \"Broken\"]\n\n1. e4 Ke3 *\n\n"
        + &game("Third", "1. c4");
    std::fs::write(&file, text).unwrap();
    let mut c = config();
    c.analysis.depth = 2;
    let mut app = App::new(&c, &args("w", "classic-3"), None).unwrap();
    typed(&mut app, ":clock 5+0");
    typed(&mut app, "d2d4");
    assert!(app.wait_engine(Duration::from_secs(60)));
    assert!(app.session().clock.as_ref().unwrap().since.is_some());
    let log_before = app.log.lines().len();

    typed(&mut app, &format!(":analyse {}", file.display()));
    // The game waits: reading an analysis takes no time off the clock.
    assert_eq!(app.session().clock.as_ref().unwrap().since, None);
    let shown = |app: &mut App| screen_text(&render(app, 100, 30));
    // The unreadable game is left out: three games.
    let text = shown(&mut app);
    assert!(text.contains("First - B  (game 1 of 3)"), "{text}");
    assert!(text.contains("n/p next/previous game"), "{text}");
    key(&mut app, KeyCode::Char('p'));
    assert!(shown(&mut app).contains("First - B  (game 1 of 3)"));
    key(&mut app, KeyCode::Char('n'));
    let text = shown(&mut app);
    assert!(text.contains("Second - B  (game 2 of 3)"), "{text}");
    assert_eq!(app.analysis().unwrap().game.moves().len(), 2);
    key(&mut app, KeyCode::Char('n'));
    key(&mut app, KeyCode::Char('n'));
    assert!(shown(&mut app).contains("Third - B  (game 3 of 3)"));
    // The game shown is analysed to the end.
    assert!(app.wait_engine(Duration::from_secs(60)));
    assert!(app.analysis().unwrap().analysis.is_some());
    key(&mut app, KeyCode::Char('p'));
    assert!(shown(&mut app).contains("Second - B  (game 2 of 3)"));
    assert_eq!(app.session().clock.as_ref().unwrap().since, None);

    // Esc: the game again, its clocks running.
    key(&mut app, KeyCode::Esc);
    assert!(app.analysis().is_none());
    assert!(app.session().clock.as_ref().unwrap().since.is_some());
    let added = &app.log.lines()[log_before..];
    assert_eq!(
        added.first().map(String::as_str),
        Some("Left the game for the analysis: the clocks are stopped")
    );
    assert!(
        added
            .iter()
            .any(|l| l == "Back to the game: the clocks run again"),
        "{added:?}"
    );
}

// ---- issue 63: the levels and the game screen ----

#[test]
fn the_level_question_the_title_and_level_alone_show_the_measured_elo() {
    let a = GameArgs {
        color: Some("w".into()),
        ..GameArgs::default()
    };
    let mut app = App::new(&config(), &a, None).unwrap();
    assert_eq!(app.mode, Mode::SetupLevel);
    let (_, question) = app.question().unwrap();
    let question = question.join("\n");
    assert!(question.contains("1: 1061  2: 1287"), "{question}");
    assert!(question.contains("10: 2733 (full strength)"), "{question}");
    assert!(question.contains("engine scale"), "{question}");
    // The question fits the 80-column screen, Elo list and all.
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains("1: 1061  2: 1287  3: 1328"), "{text}");
    assert!(
        text.contains("engine scale: Stockfish 15.1's UCI_Elo"),
        "{text}"
    );
    typed(&mut app, "3");
    typed(&mut app, "");
    assert_eq!(app.mode, Mode::Play);
    // The title line, whole, within 80 columns.
    let text = screen_text(&render(&mut app, 80, 25));
    let title = text.lines().next().unwrap();
    assert!(title.contains("Level: L3 (Elo 1328)"), "{title}");
    assert!(!title.contains('…'), "{title}");
    assert!(title.chars().count() <= 80);
    // `:level` alone: no error, the level now and every choice with its Elo.
    typed(&mut app, ":level");
    assert!(!app.alert, "{:?}", app.message);
    let log = app.log.lines().join("\n");
    assert!(
        log.contains("Level now: L3, Elo 1328 on the engine scale."),
        "{log}"
    );
    assert!(
        log.contains("1: 1061  2: 1287  3: 1328  4: 1500  5: 1577"),
        "{log}"
    );
    assert!(
        log.contains("6: 1876  7: 2028  8: 2104  9: 2419  10: 2733"),
        "{log}"
    );
    assert!(log.contains("classic-1/3/5"), "{log}");
    assert!(app.message.as_deref().unwrap().starts_with("Level now: L3"));
    // Setting one says its Elo too.
    typed(&mut app, ":level 7");
    assert_eq!(app.message.as_deref(), Some("Level: L7 (Elo 2028)"));
    // Watching: both sides' levels with their Elo, still within 80 columns.
    typed(&mut app, ":watch 1 10");
    let text = screen_text(&render(&mut app, 80, 25));
    let title = text.lines().next().unwrap();
    assert!(
        title.contains("White: L1 (Elo 1061)  Black: L10 (Elo 2733)"),
        "{title}"
    );
}

#[test]
fn every_score_on_the_game_screen_is_for_white() {
    // Black to move, a rook and more up: Black's own search says +5, White's view -5.
    let mut a = args("w", "classic-3");
    a.fen = Some("r3k3/pppp4/8/8/8/8/PPPP4/4K3 b - - 0 1".into());
    let mut app = App::new(&config(), &a, None).unwrap();
    assert!(app.wait_engine(Duration::from_secs(60)));
    let log = app.log.lines().join("\n");
    let mine = log
        .lines()
        .find(|l| l.starts_with("My move: "))
        .unwrap_or_else(|| panic!("{log}"));
    assert!(
        mine.contains("score -") && mine.contains(" for White, "),
        "{mine}"
    );
    // The hint, for White now to move: negative too, and said for White.
    typed(&mut app, ":hint");
    assert!(app.wait_engine(Duration::from_secs(60)));
    let hint = app.message.clone().unwrap();
    assert!(hint.contains(" -") && hint.contains(" for White"), "{hint}");
    let log = app.log.lines().join("\n");
    assert!(
        log.lines()
            .any(|l| l.starts_with("Hint: ") && l.contains(" for White, ")),
        "{log}"
    );
    // `:eval`: the same side, the same sign; its thinking lines say whose they are.
    typed(&mut app, ":eval");
    assert!(app.wait_engine(Duration::from_secs(60)));
    let eval = app.message.clone().unwrap();
    assert!(eval.starts_with("Evaluation -"), "{eval}");
    assert!(eval.contains(" for White (depth "), "{eval}");
    let log = app.log.lines().join("\n");
    assert!(
        log.lines()
            .any(|l| l.starts_with("eval depth ") && l.contains(" score -")),
        "{log}"
    );
}

#[test]
fn clock_off_on_the_command_line_means_no_clocks_and_no_question() {
    let mut a = args("w", "3");
    a.clock = Some("off".into());
    let flags = a.check().unwrap();
    assert!(flags.no_clock && flags.clock.is_none());
    let app = App::new(&config(), &a, None).unwrap();
    assert_eq!(app.mode, Mode::Play);
    assert!(app.session().clock.is_none());
    // Colour alone and --clock off: the level is asked, the clock is not.
    let a = GameArgs {
        color: Some("w".into()),
        clock: Some("OFF".into()),
        ..GameArgs::default()
    };
    let mut app = App::new(&config(), &a, None).unwrap();
    assert_eq!(app.mode, Mode::SetupLevel);
    typed(&mut app, "2");
    assert_eq!(app.mode, Mode::Play);
    // Anything else is still checked.
    let mut a = args("w", "3");
    a.clock = Some("of".into());
    assert!(a.check().is_err());
}

#[test]
fn a_move_after_the_flag_fell_ends_the_game_and_is_not_played() {
    let mut app = app();
    typed(&mut app, ":clock 1+0");
    // The player's minute ran out before the move was read (no tick in between).
    app.session_mut().clock.as_mut().unwrap().since =
        Some(Instant::now() - Duration::from_secs(61));
    typed(&mut app, "e4");
    assert!(app.session().game.moves().is_empty());
    assert_eq!(app.ending_text().as_deref(), Some("White loses on time"));
    // Under ten seconds the panel shows tenths, never 00:00 while time is left.
    let mut app = app_from("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    typed(&mut app, ":clock 10s+0.1s");
    app.session_mut().clock.as_mut().unwrap().remaining = [Duration::from_millis(700); 2];
    let c = app.session_mut().clock.as_mut().unwrap();
    c.since = None;
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains("White 00:00.7"), "{text}");
}

#[test]
fn a_takeback_puts_both_clocks_back_as_they_were_before_the_move() {
    let mut app = app();
    typed(&mut app, ":clock 5+0");
    let before = app.session().clock.as_ref().unwrap().remaining;
    // White thinks 20 seconds over 1. e4, then the engine answers.
    app.session_mut().clock.as_mut().unwrap().since =
        Some(Instant::now() - Duration::from_secs(20));
    typed(&mut app, "e4");
    assert!(app.wait_engine(Duration::from_secs(60)));
    assert_eq!(app.session().game.moves().len(), 2);
    let after = app.session().clock.as_ref().unwrap().remaining;
    assert!(after[0] < before[0] - Duration::from_secs(19), "{after:?}");
    typed(&mut app, ":undo");
    assert!(app.session().game.moves().is_empty());
    assert_eq!(app.session().clock.as_ref().unwrap().remaining, before);
    let note = app.message.clone().unwrap();
    assert!(note.starts_with("Takeback of 1. e4 and 1... "), "{note}");
    assert!(
        note.ends_with(": both clocks are back as they were before 1. e4"),
        "{note}"
    );
}

#[test]
fn why_after_a_weak_levels_move_keeps_its_check_out_of_the_log() {
    let mut app = App::new(&config(), &args("w", "2"), None).unwrap();
    typed(&mut app, "e2e4");
    assert!(app.wait_engine(Duration::from_secs(60)));
    let logged = app.log.lines().len();
    typed(&mut app, ":why");
    assert!(app.wait_engine(Duration::from_secs(60)));
    assert_eq!(app.mode, Mode::Why);
    // The full strength's look at the position before the move is in the window only.
    let new: Vec<String> = app.log.lines()[logged..].to_vec();
    assert!(
        new.iter()
            .all(|l| !l.contains("depth ") && !l.contains(" pv")),
        "{new:?}"
    );
    assert!(app.thought().unwrap().full_strength.is_some());
}

#[test]
fn a_weak_level_follows_the_book_only_a_few_moves() {
    // The heaviest book move each time, so the line is the same every run.
    let mut c = with_book();
    c.book.pick = huo_chess::book::PickMode::Best;
    let book_replies = |level: &str| {
        let mut app = App::new(&c, &args("w", level), None).unwrap();
        for mv in ["e4", "Nf3", "d4"] {
            typed(&mut app, mv);
            assert!(app.wait_engine(Duration::from_secs(60)), "{mv}");
        }
        assert_eq!(app.session().game.moves().len(), 6);
        app.log
            .lines()
            .iter()
            .filter(|l| l.starts_with("My move: ") && l.contains("(book, "))
            .count()
    };
    // Level 1 knows 4 half-moves of the book: its first two replies, then it thinks.
    assert_eq!(book_replies("1"), 2);
    // Full strength knows the whole book (its 20 half-moves).
    assert_eq!(book_replies("max"), 3);
}

#[test]
fn puzzles_from_the_game_take_the_screen_and_esc_brings_the_game_back() {
    let dir = common::tempdir("game-puzzles");
    let mut app = app();
    app.set_puzzle_dir(Some(dir.0.clone()));
    typed(&mut app, ":clock 5+0");
    typed(&mut app, "d2d4");
    assert!(app.wait_engine(Duration::from_secs(60)));
    let moves = app.session().game.moves().to_vec();
    typed(&mut app, ":puzzle fork");
    assert!(app.puzzles().is_some(), "{:?}", app.message);
    // The game waits with its clocks stopped.
    assert_eq!(app.session().clock.as_ref().unwrap().since, None);
    assert_eq!(
        app.log.lines().last().unwrap(),
        "Left the game for puzzles: the clocks are stopped"
    );
    let puzzle = app.puzzles().unwrap();
    let themes = &puzzle.trainer.puzzle().expect("a fork puzzle").themes;
    assert!(themes.iter().any(|t| t == "fork"), "{themes:?}");
    let text = screen_text(&render(&mut app, 80, 25));
    assert!(text.contains("to move"), "{text}");
    // F3 shows the solution: a failed puzzle, kept in the progress file of that folder.
    key(&mut app, KeyCode::F(3));
    key(&mut app, KeyCode::Esc);
    assert!(app.puzzles().is_none());
    let progress = std::fs::read_to_string(dir.0.join("progress.txt")).unwrap();
    assert_eq!(
        progress
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .count(),
        1,
        "{progress}"
    );
    // The game as it was, its clocks running again.
    assert_eq!(app.session().game.moves(), &moves[..]);
    assert!(app.session().clock.as_ref().unwrap().since.is_some());
    assert_eq!(
        app.log.lines().last().unwrap(),
        "Back to the game: the clocks run again"
    );
}
