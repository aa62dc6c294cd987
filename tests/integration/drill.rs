//! `huo-chess analyse FILE --player NAME` and `huo-chess drill`: a game with a planted
//! blunder becomes an exercise whose best move the drill accepts and whose blunder it
//! refuses. The deck goes to the data folder given by `XDG_DATA_HOME`.

use crate::common::{self, tempdir};
use huo_chess::config::Config;
use huo_chess::core::parse_san;
use huo_chess::train::deck::{Deck, FILE_NAME};
use huo_chess::train::drill::{DrillSession, EngineJudge};
use huo_chess::train::{Exercise, Stage};
use std::path::Path;
use std::process::Command;

/// White, "Me", gives the queen away on move 3 (3. Qxe5+?? Nxe5); the other moves are
/// ordinary.
const GAME: &str = r#"[Event "Casual"]
[White "Me"]
[Black "Friend"]
[Date "2026.11.25"]
[Result "0-1"]

1. e4 e5 2. Qh5 Nc6 3. Qxe5+ Nxe5 4. d4 Ng6 5. Nf3 Nf6 0-1
"#;

/// Runs `huo-chess` with its home and data folder at `data`.
fn huo_chess(data: &Path, args: &[&str]) -> (bool, String, String) {
    common::outcome(
        Command::new(env!("CARGO_BIN_EXE_huo-chess"))
            .env("XDG_DATA_HOME", data)
            .env("HOME", data)
            .args(args),
    )
}

#[test]
fn a_planted_blunder_becomes_a_drill_that_refuses_it_and_accepts_the_best_move() {
    let dir = tempdir("drill-analyse");
    let pgn = dir.join("mine.pgn");
    std::fs::write(&pgn, GAME).unwrap();
    let data = dir.join("data");
    let pgn_arg = pgn.to_str().unwrap();
    let (ok, out, err) = huo_chess(
        &data,
        &["analyse", pgn_arg, "--player", "me", "--depth", "5"],
    );
    assert!(ok, "{out}{err}");
    assert!(out.contains("1 game(s) of me analysed"), "{out}");
    let path = data.join("huo-chess").join(FILE_NAME);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("played = Qxe5+ ??"), "{text}");
    assert!(
        text.contains("game = Me - Friend, 2026.11.25, move 3"),
        "{text}"
    );
    // Which engine judged it, how deep, and why the move was bad.
    assert!(
        text.contains("engine = Huo Chess 0.1.0 (depth 5, 1 thread, hash 32 MB)"),
        "{text}"
    );
    assert!(
        text.contains("why = Qxe5+ hangs the queen on e5 (Nxe5)"),
        "{text}"
    );
    // Only Me's moves: Black's are not Me's to drill.
    let deck = Deck::load(&path).unwrap();
    assert!(
        deck.drills()
            .iter()
            .all(|d| d.pos.turn() == huo_chess::core::Color::White)
    );
    // Analysing again adds nothing twice.
    let (ok, out, _) = huo_chess(
        &data,
        &["analyse", pgn_arg, "--player", "Me", "--depth", "5"],
    );
    assert!(ok && out.contains(" 0 new exercise(s)"), "{out}");
    assert_eq!(
        Deck::load(&path).unwrap().drills().len(),
        deck.drills().len()
    );

    let blunder = deck
        .drills()
        .iter()
        .find(|d| d.pos.fullmove_number() == 3)
        .expect("the blunder is an exercise")
        .clone();
    // The drill: the blunder is refused, the engine's move accepted.
    let today = huo_chess::util::date::parse_iso("2026-11-26").unwrap();
    let config = Config::default();
    let mut s = DrillSession::new(deck, Box::new(EngineJudge::new(&config)), false, today);
    while let Stage::Ask(q) = s.stage() {
        if q.key == blunder.pos.key() {
            break;
        }
        // Another exercise first: answer it with its own best move.
        let best = q.answers[0].mv;
        s.play(best);
        s.next();
    }
    assert!(matches!(s.stage(), Stage::Ask(_)), "{:?}", s.stage());
    // The exercise shows the game's moves up to it (the players and date are its heading).
    assert!(text.contains("moves = 1. e4 e5 2. Qh5 Nc6\n"), "{text}");
    assert_eq!(s.game().movetext(), "1. e4 e5 2. Qh5 Nc6");
    s.play(parse_san(&blunder.pos, "Qxe5+").unwrap());
    assert!(
        matches!(s.stage(), Stage::Missed { .. }),
        "the blunder is wrong: {:?}",
        s.stage()
    );
    s.play(blunder.best);
    assert!(
        matches!(s.stage(), Stage::LineDone { .. }),
        "{:?}",
        s.stage()
    );
    let saved = Deck::load(&path).unwrap();
    let r = saved
        .drills()
        .iter()
        .find(|d| d.id() == blunder.id())
        .unwrap()
        .record
        .clone()
        .unwrap();
    assert_eq!(
        (r.reps, r.lapses, r.memory.due),
        (1, 1, today),
        "wrong: due again today"
    );
    // Asked again at the end of the session: now the engine's move is right at once.
    s.next();
    while let Stage::Ask(q) = s.stage() {
        if q.key == blunder.pos.key() {
            break;
        }
        let best = q.answers[0].mv;
        s.play(best);
        s.next();
    }
    s.play(blunder.best);
    assert!(
        s.note().unwrap().text.starts_with("Right: "),
        "{:?}",
        s.note()
    );
    let saved = Deck::load(&path).unwrap();
    let r = saved
        .drills()
        .iter()
        .find(|d| d.id() == blunder.id())
        .unwrap()
        .record
        .clone()
        .unwrap();
    assert_eq!((r.reps, r.lapses), (2, 1));
    assert!(r.memory.due > today);

    let (ok, out, _) = huo_chess(&data, &["drill", "--stats"]);
    assert!(ok, "{out}");
    assert!(out.contains("Success rate: "), "{out}");
    assert!(out.contains("Next due: "), "{out}");
    assert!(
        out.contains(
            "Hardest exercises (the most often wrong):\n  Me - Friend, 2026.11.25, move 3: \
             you played Qxe5+, the engine "
        ) && out.contains(": wrong 1 of 2 times"),
        "{out}"
    );
}

#[test]
fn analyse_player_refuses_a_name_not_in_the_file_and_a_damaged_deck() {
    let dir = tempdir("drill-refuse");
    let pgn = dir.join("mine.pgn");
    std::fs::write(&pgn, GAME).unwrap();
    let data = dir.join("data");
    let pgn_arg = pgn.to_str().unwrap();
    let (ok, _, err) = huo_chess(
        &data,
        &["analyse", pgn_arg, "--player", "Nobody", "--depth", "2"],
    );
    assert!(!ok);
    assert!(
        err.contains("no game has Nobody as White or Black"),
        "{err}"
    );
    let deck = data.join("huo-chess").join(FILE_NAME);
    std::fs::create_dir_all(deck.parent().unwrap()).unwrap();
    std::fs::write(&deck, "[exercise]\nfen = 8/8/8\n").unwrap();
    let (ok, _, err) = huo_chess(
        &data,
        &["analyse", pgn_arg, "--player", "Me", "--depth", "2"],
    );
    assert!(!ok);
    assert!(err.contains("drills.txt:2: fen"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&deck).unwrap(),
        "[exercise]\nfen = 8/8/8\n"
    );
    let (ok, _, err) = huo_chess(&data, &["drill"]);
    assert!(!ok && err.contains("drills.txt:2: fen"), "{err}");
}

/// The analysis screen's `d` makes the same exercises as `analyse --player`: the game read
/// from a file (`--analyse`), so the screen asks whose mistakes, and `w` (Me) answers.
/// Pressed again, it adds nothing and says they were there already.
#[test]
fn the_analysis_screen_drills_what_analyse_player_drills() {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use huo_chess::tui::GameArgs;
    use huo_chess::tui::app::{App, Overlay};
    use std::time::Duration;
    let dir = tempdir("drill-analysis-screen");
    let pgn = dir.join("mine.pgn");
    std::fs::write(&pgn, GAME).unwrap();
    // The command's deck.
    let data = dir.join("data");
    let (ok, out, err) = huo_chess(
        &data,
        &[
            "analyse",
            pgn.to_str().unwrap(),
            "--player",
            "Me",
            "--depth",
            "5",
        ],
    );
    assert!(ok, "{out}{err}");
    let by_command = std::fs::read_to_string(data.join("huo-chess").join(FILE_NAME)).unwrap();
    assert!(by_command.contains("played = Qxe5+ ??"), "{by_command}");

    // The screen's, on the same game at the same depth.
    let mut config = Config::default();
    config.book.enabled = false;
    config.analysis.depth = 5;
    let args = GameArgs {
        color: Some("w".into()),
        analyse: Some(pgn.clone()),
        ..GameArgs::default()
    };
    let mut app = App::new(&config, &args, None).unwrap();
    assert!(matches!(app.active_overlay(), Some(Overlay::Analysis(_))));
    let deck_path = dir.join("screen").join(FILE_NAME);
    std::fs::create_dir_all(deck_path.parent().unwrap()).unwrap();
    app.analysis_mut().unwrap().deck = Some(deck_path.clone());
    assert!(app.wait_engine(Duration::from_secs(120)));
    let key = |app: &mut App, c: char| {
        app.handle_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
    };
    let screen = |app: &mut App| {
        let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 25)).unwrap();
        t.draw(|f| {
            huo_chess::tui::ui::lay_out(app, f.area());
            huo_chess::tui::ui::draw(f, app)
        })
        .unwrap();
        huo_chess::tui::ui::buffer_text(t.backend().buffer())
    };
    assert!(screen(&mut app).contains("d drill mistakes  Esc back"));
    // A game from a file: whose mistakes is asked.
    key(&mut app, 'd');
    let text = screen(&mut app);
    assert!(
        text.contains("Drill whose mistakes? w: White (Me)  b: Black (Friend)"),
        "{text}"
    );
    key(&mut app, 'w');
    assert!(matches!(app.active_overlay(), Some(Overlay::Analysis(_))));
    let by_screen = std::fs::read_to_string(&deck_path).unwrap();
    assert_eq!(
        by_screen, by_command,
        "the same exercises, written the same"
    );
    let found = Deck::load(&deck_path).unwrap().drills().len();
    let note = app.analysis().unwrap().note.clone().unwrap().0;
    assert!(
        note.starts_with(&format!(
            "White (Me): {found} mistake(s) and blunder(s), {found} new exercise(s) and 0 \
             already in {}",
            deck_path.display()
        )),
        "{note}"
    );
    let text = screen(&mut app);
    assert!(text.contains(" White (Me): "), "{text}");
    // Twice: nothing added, all of them there already.
    key(&mut app, 'd');
    key(&mut app, 'w');
    assert_eq!(std::fs::read_to_string(&deck_path).unwrap(), by_command);
    let note = app.analysis().unwrap().note.clone().unwrap().0;
    assert!(
        note.contains(&format!("0 new exercise(s) and {found} already in")),
        "{note}"
    );
    // Black's (Friend's) mistakes are not Me's: none of White's added again, only Black's.
    key(&mut app, 'd');
    key(&mut app, 'b');
    let deck = Deck::load(&deck_path).unwrap();
    assert!(
        deck.drills()[..found]
            .iter()
            .all(|d| d.pos.turn() == huo_chess::core::Color::White)
    );
    assert!(
        deck.drills()[found..]
            .iter()
            .all(|d| d.pos.turn() == huo_chess::core::Color::Black)
    );
}

/// The signed pawn figures of a text, in order: `+0.35`, `-1.20`.
fn figures(text: &str) -> Vec<i32> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '+' || c == '-'))
        .filter(|w| w.starts_with(['+', '-']) && w.contains('.'))
        .map(|w| (w.parse::<f64>().unwrap() * 100.0).round() as i32)
        .collect()
}

/// After a drill's answer is judged, `w` shows why the engine's move is better than the
/// game's (and the learner's wrong answer): each line's reasons add up to the change it
/// shows. Before an answer there is nothing to explain.
#[test]
fn why_after_a_drill_answer_explains_the_best_move_with_reasons_that_add_up() {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use huo_chess::analysis::Analyser;
    use huo_chess::search::Limits;
    use huo_chess::train::deck;
    use huo_chess::tui::trainer::{Trainer, ui};
    let dir = tempdir("drill-why");
    let path = dir.join(FILE_NAME);
    let config = Config::default();
    let pgn = huo_chess::pgn::parse_game(GAME).unwrap();
    let limits = Limits {
        depth: Some(5),
        ..Limits::default()
    };
    let analysis = Analyser::new(&config, limits)
        .analyse(&pgn.to_game(), |_| {})
        .unwrap();
    let blunder = deck::from_game(&pgn, &analysis, "Me")
        .into_iter()
        .find(|d| d.pos.fullmove_number() == 3)
        .expect("the blunder is an exercise");
    deck::add_to(&path, vec![blunder.clone()]).unwrap();
    let best = huo_chess::core::san(&blunder.pos, blunder.best);
    let session = DrillSession::new(
        Deck::load(&path).unwrap(),
        Box::new(EngineJudge::new(&config)),
        false,
        huo_chess::util::date::parse_iso("2026-11-26").unwrap(),
    );
    let mut tr = Trainer::new(Box::new(session), &config);
    let key =
        |tr: &mut Trainer, code: KeyCode| tr.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
    let screen = |tr: &mut Trainer| {
        let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 25)).unwrap();
        t.draw(|f| {
            ui::lay_out(tr, f.area());
            ui::draw(f, tr)
        })
        .unwrap();
        huo_chess::tui::ui::buffer_text(t.backend().buffer())
    };
    assert!(screen(&mut tr).contains(" w: why, after an answer "));
    // Nothing judged yet.
    key(&mut tr, KeyCode::Char('w'));
    assert!(tr.why.is_none());
    assert!(screen(&mut tr).contains("Nothing to explain"));
    // A wrong answer, neither the engine's move nor the game's: a quiet king's knight.
    let wrong = parse_san(&blunder.pos, "Nh3").unwrap();
    assert!(wrong != blunder.best && wrong != blunder.played);
    for c in "Nh3".chars() {
        key(&mut tr, KeyCode::Char(c));
    }
    key(&mut tr, KeyCode::Enter);
    assert!(
        matches!(tr.exercise.stage(), Stage::Missed { .. }),
        "{:?}",
        tr.exercise.stage()
    );
    key(&mut tr, KeyCode::Char('w'));
    let why = tr.why.clone().expect("why, once judged");
    assert_eq!(
        why[0],
        format!("Why {best}, not the game's Qxe5+ nor your Nh3?")
    );
    assert!(
        why[1].starts_with(&format!("{best} (the engine's line, depth ")),
        "{why:#?}"
    );
    // Each line's changes for White: the reasons, adding up to the change in all. No
    // figure for the position itself but the search's (one score, from White's side).
    let verdicts: Vec<&String> = why
        .iter()
        .filter(|l| l.starts_with("  For White along it: "))
        .collect();
    assert_eq!(verdicts.len(), 3, "{why:#?}");
    for v in &verdicts {
        let f = figures(v);
        assert!(f.len() >= 2, "{v}");
        let (all, reasons) = f.split_last().unwrap();
        assert_eq!(reasons.iter().sum::<i32>(), *all, "the reasons add up: {v}");
    }
    assert!(why.iter().all(|l| !l.contains(" now, ")), "{why:#?}");
    // The search's scores, White's view, as the panel's verdict gives them.
    let note = tr.exercise.note().unwrap().text.clone();
    let view = note
        .split("White's view: ")
        .nth(1)
        .and_then(|t| t.split(" (").next())
        .expect(&note);
    assert!(
        why.iter()
            .any(|l| l.contains(&format!("White's view: {view}"))),
        "{note}\n{why:#?}"
    );
    // The game's move gives the queen away: the captures after it say so.
    let game_move = why
        .iter()
        .position(|l| l.starts_with("Qxe5+ (the game's move)"))
        .unwrap();
    assert!(why[game_move].contains("then Nxe5"), "{why:#?}");
    assert!(
        why[game_move + 1].contains("gives a queen for a pawn"),
        "{why:#?}"
    );
    assert!(
        why[game_move + 2].starts_with(&format!("  {best} ends ")),
        "{why:#?}"
    );
    // On the screen, in the panel; `w` again goes back to the question.
    let text = screen(&mut tr);
    assert!(
        text.contains(&format!("Why {best}, not the game's")),
        "{text}"
    );
    key(&mut tr, KeyCode::Char('w'));
    assert!(tr.why.is_none());
    // Playing the engine's move ends the exercise; the why stays available.
    tr.play_move(blunder.best);
    key(&mut tr, KeyCode::Char('w'));
    assert!(
        tr.why
            .as_ref()
            .is_some_and(|w| w[0].contains("nor your Nh3"))
    );
}

/// `--player` and `--out` together: one analysis makes the drills and writes the
/// annotated game, whose blunder is the drill's.
#[test]
fn analyse_player_with_out_drills_and_annotates_in_one_run() {
    let dir = tempdir("drill-and-out");
    let pgn = dir.join("mine.pgn");
    std::fs::write(&pgn, GAME).unwrap();
    let data = dir.join("data");
    let out = dir.join("annotated.pgn");
    let (ok, stdout, err) = huo_chess(
        &data,
        &[
            "analyse",
            pgn.to_str().unwrap(),
            "--player",
            "Me",
            "--out",
            out.to_str().unwrap(),
            "--depth",
            "5",
        ],
    );
    assert!(ok, "{stdout}{err}");
    assert!(stdout.contains("1 game(s) of Me analysed"), "{stdout}");
    assert!(
        !stdout.contains("[Event"),
        "the games go to --out: {stdout}"
    );
    let deck = std::fs::read_to_string(data.join("huo-chess").join(FILE_NAME)).unwrap();
    assert!(deck.contains("played = Qxe5+ ??"), "{deck}");
    let annotated = std::fs::read_to_string(&out).unwrap();
    assert!(annotated.contains("3. Qxe5+ $4"), "{annotated}");
    assert!(annotated.contains("[Annotator \"Huo Chess"), "{annotated}");
}

/// Black, "Friend", leaves the queen where the knight takes it (2... Qg5??) and White, "Me",
/// does not take it (3. d3).
const MISSED: &str = r#"[Event "Casual"]
[Site "https://example.org/game/1"]
[White "Me"]
[Black "Friend"]
[Date "2026.12.06"]
[Result "*"]

1. e4 e5 2. Nf3 Qg5 3. d3 Qg6 4. Nc3 Nc6 *
"#;

#[test]
fn analyse_player_makes_the_opponents_blunder_the_player_missed_a_puzzle_of_their_own() {
    let dir = tempdir("own-puzzles");
    let pgn = dir.join("mine.pgn");
    std::fs::write(&pgn, MISSED).unwrap();
    let data = dir.join("data");
    let args = [
        "analyse",
        pgn.to_str().unwrap(),
        "--player",
        "Me",
        "--depth",
        "8",
    ];
    let (ok, out, err) = huo_chess(&data, &args);
    assert!(ok, "{out}{err}");
    assert!(
        err.contains("game 1: 1 puzzle(s) from your opponent's blunders you missed"),
        "{err}"
    );
    assert!(
        out.contains("1 puzzle(s) from the opponents' blunders you missed, 1 new in"),
        "{out}"
    );
    let own = data.join("huo-chess").join("puzzles").join("own.csv");
    let text = std::fs::read_to_string(&own).unwrap();
    let puzzles = huo_chess::puzzle::csv::parse_text(&text, "own.csv").unwrap();
    assert_eq!(puzzles.len(), 1, "{text}");
    let p = &puzzles[0];
    // Before the blunder, the blunder, then what Me should have played: Nxg5.
    assert_eq!(
        p.position.fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    let moves: Vec<String> = p.moves.iter().map(|m| m.uci()).collect();
    assert_eq!(moves[..2], ["d8g5", "f3g5"], "{text}");
    assert!(
        p.has_theme("ownGame") && p.has_theme("hangingPiece"),
        "{text}"
    );
    assert_eq!(p.game_url, "https://example.org/game/1");
    // A second run adds nothing new.
    let (ok, out, err) = huo_chess(&data, &args);
    assert!(ok, "{out}{err}");
    assert!(
        out.contains("1 puzzle(s) from the opponents' blunders you missed, 0 new in"),
        "{out}"
    );
}
