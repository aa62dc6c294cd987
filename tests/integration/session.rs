//! The game session: its own rules (a move, a takeback with the clocks, the game as PGN
//! and back), the engine's turn driven through it with no screen (the request, the
//! answer, the decision), and a state-machine property test over random sequences of what
//! a player does, driven through the game controller with no screen (moves, commands,
//! saves, loads, new games, takebacks, resignations, quits, signals, restarts). Its
//! invariant: every game the player played is on the board or on disk, with its clocks.

use crate::common;
use huo_chess::config::Config;
use huo_chess::core::{Color, Position, parse_move};
use huo_chess::engine::{Origin, Reply, Settings};
use huo_chess::game::Ending;
use huo_chess::level::Level;
use huo_chess::play::setup::Policies;
use huo_chess::play::{Command, Controller};
use huo_chess::search::SearchResult;
use huo_chess::session::engine::{EngineLink, Job};
use huo_chess::session::turn::{EngineMove, Reason};
use huo_chess::session::{GameSession, NoTakeback, Refused};
use huo_chess::timecontrol::TimeControl;
use proptest::prelude::*;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn control(text: &str) -> TimeControl {
    huo_chess::session::clock::Clock::parse(text)
        .unwrap()
        .control
}

fn session() -> GameSession {
    GameSession::new(None, Color::White, Level::Modern(3))
}

fn play(s: &mut GameSession, moves: &[&str]) {
    for m in moves {
        let mv = parse_move(s.game.position(), m).unwrap();
        s.play(mv, Instant::now()).unwrap();
    }
}

#[test]
fn a_move_is_played_once_and_only_if_legal() {
    let mut s = session();
    let e4 = parse_move(&Position::startpos(), "e2e4").unwrap();
    assert_eq!(s.play(e4, Instant::now()), Ok("e4".to_string()));
    // The same move again is White's, but it is Black's turn.
    assert_eq!(s.play(e4, Instant::now()), Err(Refused::Illegal));
    assert_eq!(s.game.moves().len(), 1);
    s.finish(
        Ending::Resigned {
            loser: Color::Black,
        },
        Instant::now(),
    );
    let e5 = parse_move(s.game.position(), "e7e5").unwrap();
    assert_eq!(s.play(e5, Instant::now()), Err(Refused::Over));
}

#[test]
fn the_clock_is_pressed_by_each_move_and_put_back_by_a_takeback() {
    let mut s = session();
    let start = Instant::now();
    s.set_clock(control("1m+2s"), start);
    let base = s.clock.as_ref().unwrap().remaining;
    let e4 = parse_move(s.game.position(), "e2e4").unwrap();
    s.play(e4, start + Duration::from_secs(5)).unwrap();
    // White used 5 s and gained the 2 s increment.
    let white = s.clock.as_ref().unwrap().remaining[Color::White.index()];
    assert_eq!(white, base[0] - Duration::from_secs(3));
    assert_eq!(s.take_back(1, start + Duration::from_secs(6)), Ok(false));
    assert_eq!(s.clock.as_ref().unwrap().remaining, base);
    assert_eq!(
        s.take_back(1, Instant::now()),
        Err(NoTakeback::NothingToTakeBack)
    );
}

#[test]
fn a_takeback_after_the_end_opens_the_game_again() {
    let mut s = session();
    play(&mut s, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    let ending = s.board_ending().expect("fool's mate");
    s.finish(ending, Instant::now());
    assert!(s.over());
    assert_eq!(s.take_back(1, Instant::now()), Ok(true));
    assert!(!s.over());
    assert_eq!(s.game.moves().len(), 3);
}

#[test]
fn a_game_written_as_pgn_reads_back_the_same() {
    let mut s = GameSession::new(None, Color::Black, Level::Classic(3));
    s.set_clock(control("5m+3s"), Instant::now());
    play(&mut s, &["d2d4", "g8f6", "c2c4"]);
    s.finish(
        Ending::Resigned {
            loser: Color::Black,
        },
        Instant::now(),
    );
    let text = s.pgn_text("Huo Chess".into(), "Player".into());
    let mut back = session();
    let restored = back.restore(&text, Instant::now()).unwrap();
    assert_eq!(back.game.moves(), s.game.moves());
    assert_eq!(back.human, Color::Black);
    assert_eq!(back.level, Level::Classic(3));
    assert_eq!(back.ending.map(|e| e.result()), Some("1-0"));
    assert_eq!(restored.control, s.clock.as_ref().map(|c| c.control));
}

// ---- the state machine ----

/// What the player does.
#[derive(Clone, Debug)]
enum Step {
    /// Plays the n-th legal move (of those there are), then waits for the engine's answer.
    Move(usize),
    Takeback,
    /// `:clock 5m+3s`.
    Clock,
    Resign,
    /// A new game.
    New,
    /// Saved to the n-th of a few files.
    Save(usize),
    /// The n-th file loaded.
    Load(usize),
    Restore,
    /// Quits, then starts again: resuming (`true`) or with another game (`false`).
    Quit(bool),
    /// A signal's shutdown (no question), then a start that resumes.
    Signal,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        6 => (0usize..40).prop_map(Step::Move),
        1 => Just(Step::Takeback),
        1 => Just(Step::Clock),
        1 => Just(Step::Resign),
        1 => Just(Step::New),
        1 => (0usize..2).prop_map(Step::Save),
        1 => (0usize..2).prop_map(Step::Load),
        1 => Just(Step::Restore),
        1 => any::<bool>().prop_map(Step::Quit),
        1 => Just(Step::Signal),
    ]
}

/// A game as the invariant compares it: its moves and its time control.
#[derive(Clone, Debug, PartialEq)]
struct Kept {
    moves: Vec<String>,
    control: Option<String>,
}

fn kept_of_text(text: &str) -> Vec<Kept> {
    // Read as any PGN file is read, not as the program splits its own.
    huo_chess::pgn::read_games(text.as_bytes())
        .filter_map(Result::ok)
        .map(|p| Kept {
            moves: p.to_game().moves().iter().map(|m| m.uci()).collect(),
            control: p.header("TimeControl").map(str::to_string),
        })
        .collect()
}

fn kept_on_screen(c: &Controller) -> Kept {
    Kept {
        moves: c.session().game.moves().iter().map(|m| m.uci()).collect(),
        control: c.session().clock.as_ref().map(|c| c.control.pgn_tag()),
    }
}

fn config() -> Config {
    let mut c = Config::default();
    c.book.enabled = false;
    c.search.hash_mb = 4;
    c.search.threads = 1;
    c
}

/// The game as a start finds it: the autosaved game resumed (`resume`, when there is
/// one), else a new game as White against classic-1, a saved game set aside for it.
fn start(autosave: &Path, resume: bool) -> Controller {
    let session = GameSession::new(None, Color::White, Level::Classic(1))
        .keeping_games_at(Some(autosave.to_path_buf()));
    let mut c = Controller::new(&config(), session, None).with_policies(Policies {
        resign_pawns: Some(9.0),
        pause: 0.0,
        watch_pace: 0.0,
    });
    if resume && autosave.exists() {
        c.resume(Instant::now()).expect("the autosave resumes");
    } else {
        c.set_autosave_aside();
        c.start(Instant::now());
    }
    c
}

/// Every game found: on the board, set aside in memory, and in every file the program
/// or the player wrote.
fn everything(c: &Controller, files: &[PathBuf]) -> Vec<Kept> {
    let mut all = vec![kept_on_screen(c)];
    for text in &c.session().saves.left {
        all.extend(kept_of_text(text));
    }
    for f in files {
        if let Ok(text) = std::fs::read_to_string(f) {
            all.extend(kept_of_text(&text));
        }
    }
    all
}

fn run_steps(steps: &[Step]) -> Result<(), TestCaseError> {
    let dir = common::tempdir("session-sm");
    let data = dir.join("huo-chess");
    let autosave = data.join("autosave.pgn");
    let saves: Vec<PathBuf> = (0..2).map(|i| dir.join(format!("game{i}.pgn"))).collect();
    let mut files = vec![autosave.clone(), data.join("left.pgn")];
    files.extend(saves.iter().cloned());
    let mut c = start(&autosave, false);
    let patience = Duration::from_secs(30);
    // The games the player played that must be found somewhere.
    let mut owed: Vec<Kept> = Vec::new();
    for s in steps {
        let before = kept_on_screen(&c);
        let was_in_progress = c.in_progress();
        let now = Instant::now();
        match s {
            Step::Move(n) => {
                if !c.humans_turn() {
                    continue;
                }
                let legal = c.session().game.position().legal_moves();
                c.command(Command::Play(legal[n % legal.len()]), now);
            }
            Step::Takeback => c.command(Command::TakeBack, now),
            Step::Clock => c.command(Command::SetClock(Some(control("5m+3s"))), now),
            Step::Resign => c.command(Command::Resign, now),
            Step::New => c.command(Command::New(None), now),
            Step::Save(i) => {
                let held = std::fs::read_to_string(&saves[*i]).ok();
                c.command(Command::Save(saves[*i].clone()), now);
                if c.asked().is_some() {
                    // The file holds another game: the player keeps it.
                    c.command(Command::Answer(false), now);
                    prop_assert_eq!(std::fs::read_to_string(&saves[*i]).ok(), held);
                }
            }
            Step::Load(i) => c.command(Command::Load(saves[*i].clone()), now),
            Step::Restore => c.command(Command::Restore, now),
            Step::Quit(resume) => {
                let kept = c.keep_for_exit();
                prop_assert!(kept.is_ok(), "the quit stayed: {:?}", kept);
                drop(c);
                c = start(&autosave, *resume);
            }
            Step::Signal => {
                prop_assert!(c.keep_for_exit().is_ok());
                drop(c);
                c = start(&autosave, true);
            }
        }
        prop_assert!(c.settle(patience));
        c.take_events();
        let after = kept_on_screen(&c);
        // A takeback is the player's own undoing; a move or a clock changes the same game.
        let same_game = matches!(s, Step::Takeback | Step::Move(_) | Step::Clock)
            || after.moves.starts_with(&before.moves) && matches!(s, Step::Resign);
        if !same_game && !before.moves.is_empty() && before != after {
            owed.push(before.clone());
        }
        // A game back on the board (restored, loaded, resumed) is the game going on: what
        // happens to it from now on is the player's.
        owed.retain(|g| *g != after);
        let found = everything(&c, &files);
        for game in &owed {
            prop_assert!(
                found.contains(game),
                "after {s:?}, lost {game:?}; found {found:?} (steps {steps:?})"
            );
        }
        if let Step::Quit(true) | Step::Signal = s {
            // Resuming brings back the game in progress, with its clocks.
            if was_in_progress {
                prop_assert_eq!(&after, &before);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
    #[test]
    fn every_game_played_is_on_screen_or_on_disk_with_its_clocks(
        steps in proptest::collection::vec(step(), 1..20)
    ) {
        run_steps(&steps)?;
    }
}

// ---- the engine's turn, with no screen ----

/// A session whose engine service answers, with the default configuration's weights.
fn session_with_engine(start: Option<Position>, human: Color, level: Level) -> GameSession {
    let config = Config::default();
    let link = EngineLink::spawn(Settings {
        eval: huo_chess::eval::Evaluator::from_config(&config),
        hash_mb: 4,
        threads: 1,
        contempt: 0,
        book: None,
    });
    GameSession::new(start, human, level).with_engine(link)
}

/// Asks the engine for its move and waits for the answer: the finished search and where
/// its move came from.
fn engine_answer(s: &mut GameSession) -> (SearchResult, Origin) {
    let now = Instant::now();
    assert!(s.ask_move(None, &Config::default(), now).is_some());
    assert_eq!(s.thinking(), Some(Job::Move));
    match s.wait_answer(Duration::from_secs(120)) {
        Some((Job::Move, Reply::Done { result, origin, .. })) => (result, origin),
        other => panic!("no move from the engine: {other:?}"),
    }
}

#[test]
fn the_session_plays_a_whole_engine_turn_at_a_classic_level() {
    let mut s = session_with_engine(None, Color::White, Level::Classic(3));
    // Not the engine's move: nothing is asked.
    assert!(s.move_request(None, Instant::now()).is_none());
    assert_eq!(s.ask_move(None, &Config::default(), Instant::now()), None);
    assert_eq!(s.thinking(), None);
    play(&mut s, &["e2e4"]);
    let think = s.move_request(None, Instant::now()).unwrap();
    assert_eq!(think.level, Level::Classic(3));
    assert_eq!(think.limits.depth, Some(3), "a classic level's fixed depth");
    assert_eq!(think.limits.wtime, None);
    assert_eq!(think.game.moves().len(), 1);
    let (result, origin) = engine_answer(&mut s);
    assert_eq!(origin, Origin::Search);
    assert_eq!(s.thinking(), None, "the answer ends the request");
    let decision = s.decide(&result, &origin, Some(9.0));
    let EngineMove::Play {
        mv,
        why,
        offer_draw,
    } = decision
    else {
        panic!("the engine plays on after 1. e4: {decision:?}");
    };
    assert!(s.game.position().is_legal(mv));
    assert!(!offer_draw);
    assert_eq!(
        why,
        Reason::Search {
            score: result.score,
            depth: 3,
            nodes: result.nodes,
            stopped: None,
        }
    );
    s.play(mv, Instant::now()).unwrap();
    assert_eq!(s.game.moves().len(), 2);
    assert!(!s.engine_to_move());
}

#[test]
fn a_hopeless_position_at_a_level_that_resigns_gives_resign() {
    // Black, the engine, has a bare king against a queen and two rooks.
    let start = Position::from_fen("k7/8/8/8/8/8/8/2QRRK2 b - - 0 1").unwrap();
    let mut s = session_with_engine(Some(start), Color::White, Level::Modern(7));
    // Three searches in a row see it lost: the third resigns.
    for search in 1..=3 {
        let (result, origin) = engine_answer(&mut s);
        assert_eq!(origin, Origin::Search);
        let decision = s.decide(&result, &origin, Some(9.0));
        if search < 3 {
            assert!(matches!(decision, EngineMove::Play { .. }), "{decision:?}");
        } else {
            assert_eq!(
                decision,
                EngineMove::Resign {
                    loser: Color::Black
                }
            );
        }
    }
    // Resigning off: it plays on.
    let (result, origin) = engine_answer(&mut s);
    assert!(matches!(
        s.decide(&result, &origin, None),
        EngineMove::Play { .. }
    ));
}

#[test]
fn a_clock_limited_request_carries_the_clocks() {
    // No engine is needed to say what it would be asked.
    let mut s = GameSession::new(None, Color::White, Level::Classic(3));
    let start = Instant::now();
    s.set_clock(control("5m+3s"), start);
    let e4 = parse_move(s.game.position(), "e2e4").unwrap();
    s.play(e4, start + Duration::from_secs(10)).unwrap();
    let think = s
        .move_request(None, start + Duration::from_secs(25))
        .unwrap();
    // White: 300 s, 10 s used, 3 s added; Black: 15 s used so far.
    assert_eq!(think.limits.wtime, Some(Duration::from_secs(293)));
    assert_eq!(think.limits.btime, Some(Duration::from_secs(285)));
    assert_eq!(think.limits.winc, Some(Duration::from_secs(3)));
    assert_eq!(think.limits.binc, Some(Duration::from_secs(3)));
    assert_eq!(
        think.limits.depth, None,
        "the clocks, not the classic depth"
    );
    // Without an engine nothing is asked, and nothing is ever thinking.
    assert_eq!(s.ask_move(None, &Config::default(), start), None);
    assert_eq!(s.thinking(), None);
}

#[test]
fn watching_each_side_judges_its_own_scores_and_offers_no_draw() {
    // A rook ending, pawns even, late in the game: level scores call for a draw.
    let rooks = Position::from_fen("3r2k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1").unwrap();
    let level_search = |s: &GameSession| SearchResult {
        best: Some(s.game.position().legal_moves()[0]),
        ponder: None,
        score: huo_chess::search::Score::Cp(0),
        depth: 5,
        nodes: 100,
    };
    let offers = |watching: bool| {
        let mut s = GameSession::new(Some(rooks), Color::Black, Level::Modern(7));
        if watching {
            s.watch();
        }
        // 80 half-moves played, the engine's side to move each time.
        for _ in 0..20 {
            play(&mut s, &["d1d2", "d8d7", "d2d1", "d7d8"]);
        }
        let mut offered = Vec::new();
        for _ in 0..3 {
            let result = level_search(&s);
            let decision = s.judge_search(&result, None);
            offered.push(matches!(
                decision,
                EngineMove::Play {
                    offer_draw: true,
                    ..
                }
            ));
        }
        offered
    };
    assert_eq!(offers(false), [false, false, true]);
    assert_eq!(offers(true), [false, false, false]);
}

#[test]
fn a_failed_search_has_a_legal_stand_in_only_on_the_engines_move() {
    let mut s = session();
    assert_eq!(s.stand_in(), None, "the player's move");
    play(&mut s, &["e2e4"]);
    let mv = s.stand_in().expect("the engine's move");
    assert!(s.game.position().is_legal(mv));
    s.finish(
        Ending::Resigned {
            loser: Color::White,
        },
        Instant::now(),
    );
    assert_eq!(s.stand_in(), None, "the game is over");
}
