//! The game controller driven directly, with no terminal and no screen: a whole game
//! against a level, a takeback with the clocks, a flag falling, resigning, a draw offer,
//! a hint, a new game and the old one restored, saving (and the question before replacing
//! another game), and a game kept on exit and resumed. What the controller says is read
//! as its typed events.

use crate::common;
use huo_chess::config::Config;
use huo_chess::core::{Color, Move, Position, parse_move};
use huo_chess::game::Ending;
use huo_chess::level::Level;
use huo_chess::play::setup::Policies;
use huo_chess::play::{By, Command, Controller, Event, Question, words};
use huo_chess::session::GameSession;
use huo_chess::timecontrol::TimeControl;
use std::path::Path;
use std::time::{Duration, Instant};

const PATIENCE: Duration = Duration::from_secs(120);

fn config() -> Config {
    let mut c = Config::default();
    c.book.enabled = false;
    c.search.hash_mb = 4;
    c.search.threads = 1;
    c
}

/// A controller for a game as White against `level`, its games kept at `autosave`.
fn controller(level: Level, autosave: Option<&Path>) -> Controller {
    let session = GameSession::new(None, Color::White, level)
        .keeping_games_at(autosave.map(Path::to_path_buf));
    Controller::new(&config(), session, None).with_policies(Policies {
        resign_pawns: Some(9.0),
        pause: 0.0,
        watch_pace: 0.0,
    })
}

fn control(text: &str) -> TimeControl {
    huo_chess::session::clock::Clock::parse(text)
        .unwrap()
        .control
}

fn mv(c: &Controller, text: &str) -> Move {
    parse_move(c.session().game.position(), text).unwrap()
}

/// Plays `text` for the player and waits for the engine's answer; the events said.
fn play(c: &mut Controller, text: &str) -> Vec<Event> {
    let m = mv(c, text);
    c.command(Command::Play(m), Instant::now());
    assert!(c.settle(PATIENCE), "the engine answers");
    c.take_events()
}

fn moves_played(events: &[Event]) -> Vec<(By, String)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::MovePlayed { by, san, .. } => Some((*by, san.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn a_whole_game_against_a_level_is_played_to_its_end() {
    let mut c = controller(Level::Classic(1), None);
    c.start(Instant::now());
    let mut events = c.take_events();
    assert!(matches!(
        events[0],
        Event::Started {
            human: Color::White,
            level: Level::Classic(1),
            watching: None,
            clock: None
        }
    ));
    // The player always plays the legal move the ply count picks, the engine answers.
    let mut ply = 0usize;
    while !c.over() {
        assert!(ply < 600, "the game ends");
        assert!(
            c.humans_turn(),
            "after the engine's answer, the player's turn"
        );
        let legal = c.session().game.position().legal_moves();
        let m = legal[ply * 7 % legal.len()];
        c.command(Command::Play(m), Instant::now());
        assert!(c.settle(PATIENCE));
        events.extend(c.take_events());
        ply += 2;
    }
    let game = &c.session().game;
    let played = moves_played(&events);
    assert_eq!(played.len(), game.moves().len(), "every move said once");
    for (i, (by, text)) in played.iter().enumerate() {
        let expected = if i % 2 == 0 { By::Player } else { By::Engine };
        assert_eq!(*by, expected, "move {i}");
        let san = huo_chess::core::san(&game.positions()[i], game.moves()[i]);
        assert_eq!(*text, san, "move {i}");
    }
    let ending = c.session().ending.clone().expect("over");
    let over: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::GameOver { .. }))
        .collect();
    assert_eq!(
        over,
        [&Event::GameOver {
            result: ending.result(),
            reason: ending.clone(),
        }]
    );
    assert_eq!(
        events.last(),
        over.last().copied(),
        "the ending is said last"
    );
    assert!(matches!(ending, Ending::Board(_)), "{ending:?}");
    assert_eq!(
        Some(ending.result()),
        game.outcome().map(|o| o.result()),
        "the board's result"
    );
    // Nothing more is played once it is over.
    let any = game.position().legal_moves().first().copied();
    if let Some(m) = any {
        c.command(Command::Play(m), Instant::now());
        assert!(matches!(
            c.take_events()[..],
            [Event::Note { alert: true, .. }]
        ));
    }
}

#[test]
fn a_takeback_undoes_the_players_move_and_the_answer_with_the_clocks() {
    let mut c = controller(Level::Classic(1), None);
    c.command(Command::SetClock(Some(control("5m+3s"))), Instant::now());
    c.start(Instant::now());
    c.take_events();
    let before = c.session().clock.clone().unwrap().remaining;
    let events = play(&mut c, "e2e4");
    let played = moves_played(&events);
    assert_eq!(played.len(), 2);
    assert_eq!(played[0], (By::Player, "e4".to_string()));
    c.command(Command::TakeBack, Instant::now());
    let events = c.take_events();
    let reply = format!("1... {}", played[1].1);
    assert_eq!(
        events,
        [Event::TakenBack {
            moves: vec!["1. e4".to_string(), reply.clone()],
            clocks: Some(true),
            reopened: false,
        }]
    );
    assert_eq!(
        words::log_line(&events[0]).unwrap(),
        format!("Takeback of 1. e4 and {reply}: both clocks are back as they were before 1. e4")
    );
    assert!(c.session().game.moves().is_empty());
    assert_eq!(c.session().clock.as_ref().unwrap().remaining, before);
    assert!(c.humans_turn());
    // Nothing left to take back: said, and nothing changes.
    c.command(Command::TakeBack, Instant::now());
    assert_eq!(
        c.take_events(),
        [Event::Note {
            text: "Nothing to take back".into(),
            alert: true
        }]
    );
    // The game goes on from the start.
    assert_eq!(moves_played(&play(&mut c, "d2d4")).len(), 2);
}

#[test]
fn a_flag_that_falls_ends_the_game_on_time() {
    let mut c = controller(Level::Classic(1), None);
    let t0 = Instant::now();
    c.command(Command::SetClock(Some(control("10s+0s"))), t0);
    c.start(t0);
    c.take_events();
    c.tick(t0 + Duration::from_secs(9));
    assert!(!c.over(), "a second left");
    c.tick(t0 + Duration::from_secs(11));
    assert!(c.over());
    let white_lost = Ending::Time {
        loser: Color::White,
    };
    assert_eq!(
        c.take_events(),
        [Event::GameOver {
            result: "0-1",
            reason: white_lost.clone()
        }]
    );
    assert_eq!(c.session().ending, Some(white_lost));
    // A move made after the flag fell is not played.
    let e4 = mv(&c, "e2e4");
    c.command(Command::Play(e4), t0 + Duration::from_secs(12));
    assert!(c.session().game.moves().is_empty());
}

#[test]
fn resigning_ends_the_game_and_a_draw_offer_is_judged() {
    let mut c = controller(Level::Classic(1), None);
    c.start(Instant::now());
    play(&mut c, "e2e4");
    // Early in an even game the engine plays on.
    c.command(Command::OfferDraw, Instant::now());
    assert_eq!(c.take_events(), [Event::DrawDeclined]);
    assert!(!c.over());
    c.command(Command::Resign, Instant::now());
    let lost = Ending::Resigned {
        loser: Color::White,
    };
    assert_eq!(
        c.take_events(),
        [Event::GameOver {
            result: "0-1",
            reason: lost.clone()
        }]
    );
    assert_eq!(c.session().ending, Some(lost));
    // Resigning a finished game does nothing more.
    c.command(Command::Resign, Instant::now());
    assert!(c.take_events().is_empty());
}

#[test]
fn a_hint_is_a_legal_move_for_the_player() {
    let mut c = controller(Level::Classic(1), None);
    c.start(Instant::now());
    c.take_events();
    c.command(Command::Hint, Instant::now());
    assert!(c.settle(PATIENCE));
    let hint = c
        .take_events()
        .into_iter()
        .find_map(|e| match e {
            Event::Hint { mv, san, level, .. } => Some((mv, san, level)),
            _ => None,
        })
        .expect("a hint");
    let start = Position::startpos();
    assert!(start.is_legal(hint.0));
    assert_eq!(hint.1, huo_chess::core::san(&start, hint.0));
    assert_eq!(hint.2, Level::Classic(1));
    assert!(c.session().game.moves().is_empty(), "a hint plays nothing");
}

#[test]
fn a_new_game_sets_the_old_one_aside_and_restore_brings_it_back() {
    let dir = common::tempdir("play-restore");
    let autosave = dir.join("data").join("autosave.pgn");
    let mut c = controller(Level::Classic(1), Some(&autosave));
    c.start(Instant::now());
    play(&mut c, "e2e4");
    let old = c.session().game.moves().to_vec();
    c.command(Command::New(None), Instant::now());
    assert!(c.session().game.moves().is_empty());
    assert_eq!(c.session().saves.left.len(), 1);
    assert!(dir.join("data").join("left.pgn").exists(), "kept on disk");
    play(&mut c, "d2d4");
    let newer = c.session().game.moves().to_vec();
    c.command(Command::Restore, Instant::now());
    assert!(c.take_events().contains(&Event::Restored { older: 0 }));
    assert_eq!(c.session().game.moves(), &old[..]);
    // The game replaced is kept in turn.
    c.command(Command::Restore, Instant::now());
    assert_eq!(c.session().game.moves(), &newer[..]);
}

#[test]
fn a_saved_game_replaces_another_only_after_a_yes() {
    let dir = common::tempdir("play-save");
    let file = dir.join("game.pgn");
    let mut c = controller(Level::Classic(1), None);
    c.start(Instant::now());
    play(&mut c, "e2e4");
    c.command(Command::Save(file.clone()), Instant::now());
    assert_eq!(c.take_events(), [Event::Saved { path: file.clone() }]);
    let saved = std::fs::read_to_string(&file).unwrap();
    let back = huo_chess::pgn::parse_game(&saved).unwrap().to_game();
    assert_eq!(back.moves(), c.session().game.moves());
    // Another game in the file: asked first; no keeps it.
    c.command(Command::New(None), Instant::now());
    play(&mut c, "c2c4");
    c.command(Command::Save(file.clone()), Instant::now());
    let asked = Question::Replace { path: file.clone() };
    assert_eq!(c.take_events(), [Event::Question(asked.clone())]);
    assert_eq!(c.asked(), Some(&asked));
    c.command(Command::Answer(false), Instant::now());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), saved);
    // Yes replaces it.
    c.command(Command::Save(file.clone()), Instant::now());
    c.command(Command::Answer(true), Instant::now());
    let replaced = std::fs::read_to_string(&file).unwrap();
    let back = huo_chess::pgn::parse_game(&replaced).unwrap().to_game();
    assert_eq!(back.moves(), c.session().game.moves());
}

#[test]
fn a_game_kept_on_exit_is_resumed_with_its_clocks() {
    let dir = common::tempdir("play-resume");
    let autosave = dir.join("data").join("autosave.pgn");
    let mut c = controller(Level::Classic(1), Some(&autosave));
    c.command(Command::SetClock(Some(control("5m+3s"))), Instant::now());
    c.start(Instant::now());
    play(&mut c, "e2e4");
    play(&mut c, "g1f3");
    let moves = c.session().game.moves().to_vec();
    assert!(c.keep_for_exit().is_ok());
    assert!(autosave.exists());
    drop(c);

    let mut again = controller(Level::Modern(5), Some(&autosave));
    assert!(again.resume(Instant::now()).is_ok());
    assert_eq!(again.session().game.moves(), &moves[..]);
    assert_eq!(
        again.session().level,
        Level::Classic(1),
        "the saved game's level"
    );
    assert_eq!(
        again.session().clock.as_ref().map(|c| c.control),
        Some(control("5m+3s"))
    );
    let said = again.take_events();
    assert!(
        said.contains(&Event::Resumed {
            moves: 4,
            last: Some(format!(
                "2... {}",
                huo_chess::core::san(&again.session().game.positions()[3], moves[3])
            )),
            to_move: Color::White,
            human: Color::White,
        }),
        "{said:?}"
    );
    assert!(again.humans_turn());
    // A finished game is no game to resume: it is set aside on exit, the autosave gone.
    again.command(Command::Resign, Instant::now());
    assert!(again.keep_for_exit().is_ok());
    assert!(!autosave.exists());
    assert_eq!(again.session().saves.left.len(), 1);
}

#[test]
fn an_engine_turn_is_said_in_the_screens_words() {
    let mut c = controller(Level::Classic(1), None);
    c.start(Instant::now());
    let started: Vec<String> = c.take_events().iter().filter_map(words::log_line).collect();
    assert_eq!(started, ["New game: you play White, level classic-1"]);
    let events = play(&mut c, "e2e4");
    let lines: Vec<String> = events.iter().filter_map(words::log_line).collect();
    assert_eq!(lines[0], "Your move: e4");
    let mine = lines
        .iter()
        .find(|l| l.starts_with("My move: "))
        .expect("the engine's move is said");
    assert!(
        mine.contains("(search: depth 1, score "),
        "a classic-1 search says its depth: {mine}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("depth 1/")),
        "its thinking: {lines:?}"
    );
}
