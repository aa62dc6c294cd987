//! Game analysis: `huo-chess analyse FILE.pgn` run as a user runs it, and the library's
//! analyser on games whose verdict is known.

use crate::common;

use huo_chess::analysis::{Analyser, Eval, Judgement};
use huo_chess::config::Config;
use huo_chess::pgn::read_games;
use huo_chess::search::Limits;
use huo_chess::{Game, Position};
use std::path::Path;
use std::process::Command;

const GAMES: &str = include_str!("../data/analysis.pgn");

/// A fresh folder for one test, removed with its files when dropped.
fn scratch(name: &str) -> common::TempDir {
    common::tempdir(&format!("analysis-{name}"))
}

/// Runs `huo-chess analyse` with `args` (and the built-in configuration).
fn analyse(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_huo-chess"))
        .arg("analyse")
        .args(args)
        .env("HUO_CONFIG", "")
        .current_dir(std::env::temp_dir())
        .output()
        .expect("run huo-chess");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The main-line tokens of a game's movetext (variations dropped), comments kept whole.
fn main_line(movetext: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let (mut depth, mut comment) = (0, None::<String>);
    let mut word = String::new();
    let flush = |word: &mut String, tokens: &mut Vec<String>, depth: usize| {
        if !word.is_empty() && depth == 0 {
            tokens.push(std::mem::take(word));
        }
        word.clear();
    };
    for c in movetext.chars() {
        if let Some(text) = comment.as_mut() {
            if c == '}' {
                if depth == 0 {
                    tokens.push(format!("{{{text}}}"));
                }
                comment = None;
            } else {
                text.push(if c == '\n' { ' ' } else { c });
            }
            continue;
        }
        match c {
            '{' => {
                flush(&mut word, &mut tokens, depth);
                comment = Some(String::new());
            }
            '(' => {
                flush(&mut word, &mut tokens, depth);
                depth += 1;
            }
            ')' => {
                flush(&mut word, &mut tokens, depth);
                depth -= 1;
            }
            c if c.is_whitespace() => flush(&mut word, &mut tokens, depth),
            c => word.push(c),
        }
    }
    flush(&mut word, &mut tokens, depth);
    tokens
}

/// The movetext of each game of a PGN text.
fn movetexts(pgn: &str) -> Vec<String> {
    pgn.split("\n\n")
        .filter(|block| !block.trim_start().starts_with('['))
        .filter(|block| !block.trim().is_empty())
        .map(str::to_string)
        .collect()
}

/// Is this main-line token a move (not a number, comment, NAG or result)?
fn is_move(t: &str) -> bool {
    !t.starts_with('{')
        && !t.starts_with('$')
        && !t.ends_with('.')
        && !["1-0", "0-1", "1/2-1/2", "*"].contains(&t)
}

/// The main-line moves that carry a NAG: (index of the move from 0, the NAG).
fn marked_moves(movetext: &str) -> Vec<(usize, String)> {
    let tokens = main_line(movetext);
    let mut moves = 0;
    let mut marked = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        if is_move(t) {
            if let Some(nag) = tokens.get(i + 1).filter(|n| n.starts_with('$')) {
                marked.push((moves, nag.clone()));
            }
            moves += 1;
        }
    }
    marked
}

/// Every move of the main line is followed (after its NAG, if any) by an `[%eval]`.
fn assert_every_move_has_an_eval(movetext: &str) -> usize {
    let tokens = main_line(movetext);
    let mut moves = 0;
    for (i, t) in tokens.iter().enumerate() {
        if !is_move(t) {
            continue;
        }
        moves += 1;
        let next = tokens[i + 1..]
            .iter()
            .find(|t| !t.starts_with('$'))
            .unwrap_or_else(|| panic!("nothing after {t}"));
        assert!(
            next.starts_with("{[%eval ") && next.ends_with('}'),
            "{t} has no eval: {next}\n{movetext}"
        );
    }
    moves
}

#[test]
fn a_game_is_judged_the_same_alone_or_after_another() {
    let dir = scratch("alone");
    let second = &GAMES[GAMES[1..].find("[Event").unwrap() + 1..];
    let (both, alone) = (dir.join("both.pgn"), dir.join("alone.pgn"));
    std::fs::write(&both, GAMES).unwrap();
    std::fs::write(&alone, second).unwrap();
    // One thread: a search of its own is the same every time.
    let run = |input: &Path| {
        let (ok, stdout, stderr) = analyse(&[s(input), "--depth", "6", "--threads", "1"]);
        assert!(ok, "{stderr}");
        movetexts(&stdout)
    };
    let (both, alone) = (run(&both), run(&alone));
    assert_eq!((both.len(), alone.len()), (2, 1));
    // What the engine learned from the first game does not change its verdicts on the
    // second.
    assert_eq!(both[1], alone[0]);
}

#[test]
fn every_move_gets_an_eval_and_the_planted_blunder_a_nag_and_a_line() {
    let dir = scratch("main");
    let input = dir.join("games.pgn");
    std::fs::write(&input, GAMES).unwrap();
    let out = dir.join("annotated.pgn");
    let (ok, stdout, stderr) = analyse(&[s(&input), "--out", s(&out), "--depth", "6"]);
    assert!(ok, "{stderr}");
    assert!(
        stdout.is_empty(),
        "with --out nothing goes to standard output"
    );
    assert!(stderr.contains("analysed 2 games"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&input).unwrap(),
        GAMES,
        "the input is untouched"
    );
    let text = std::fs::read_to_string(&out).unwrap();

    // The same games, move for move (our reader skips comments and variations).
    let originals: Vec<_> = read_games(GAMES.as_bytes()).map(Result::unwrap).collect();
    let annotated: Vec<_> = read_games(text.as_bytes()).map(Result::unwrap).collect();
    assert_eq!(annotated.len(), 2);
    for (a, o) in annotated.iter().zip(&originals) {
        assert_eq!(a.moves, o.moves);
        assert_eq!(a.result, o.result);
        assert_eq!(a.header("White"), o.header("White"));
        assert_eq!(
            a.header("Annotator"),
            Some("Huo Chess 0.1.0 (depth 6, 1 thread, hash 32 MB)")
        );
    }
    // Each game is named by its last named position.
    let named: Vec<_> = annotated
        .iter()
        .map(|a| (a.header("ECO"), a.header("Opening")))
        .collect();
    assert_eq!(
        named,
        [
            (
                Some("D67"),
                Some("Queen's Gambit Declined: Orthodox Defense, Bd3 Line")
            ),
            (Some("C53"), Some("Italian Game: Classical Variation"))
        ]
    );

    let texts = movetexts(&text);
    assert_eq!(texts.len(), 2, "{text}");
    for (t, o) in texts.iter().zip(&originals) {
        assert_eq!(assert_every_move_has_an_eval(t), o.moves.len());
    }
    // Known theory is never marked: the first game is a main line of the built-in book to
    // its 14th move, the second to 4. c3 (the engine at depth 6 thinks little of 3...
    // Bc5, and used to mark it).
    for (t, theory) in texts.iter().zip([14, 7]) {
        let marked = marked_moves(t);
        assert!(marked.iter().all(|&(i, _)| i >= theory), "{marked:?}\n{t}");
    }
    assert!(marked_moves(&texts[1]).contains(&(9, "$4".into())));
    // 5... Qg5?? leaves the queen to the knight and the bishop.
    let blunder_game = texts[1].replace('\n', " ");
    let at = blunder_game
        .find("5... Qg5 $4 {[%eval ")
        .expect(&blunder_game);
    let after = &blunder_game[at..];
    let close = after.find(']').unwrap();
    let eval: f64 = after["5... Qg5 $4 {[%eval ".len()..close].parse().unwrap();
    assert!(eval > 5.0, "White is a queen up: {eval}");
    // Then why, in words: the engine's refutation.
    let end = after.find('}').unwrap();
    assert_eq!(
        &after[close..=end],
        "] hangs the queen on g5 (Nxg5)}",
        "{after}"
    );
    assert!(
        after[end + 1..].starts_with(" (5... "),
        "the best line follows as a variation: {after}"
    );
    for l in text.lines() {
        assert!(l.len() <= 80, "{l}");
    }
}

#[test]
fn a_bad_game_is_reported_with_its_line_and_skipped() {
    let dir = scratch("bad");
    let input = dir.join("mixed.pgn");
    let text =
        "[Event \"bad\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n\n[Event \"good\"]\n\n1. e4 e5 2. Nf3 *\n";
    std::fs::write(&input, text).unwrap();
    let (ok, stdout, stderr) = analyse(&[s(&input), "--depth", "3"]);
    assert!(ok, "one game could be analysed: {stderr}");
    assert!(
        stderr.contains(&format!("{}:3: game 1: move 2. Ke3", input.display())),
        "{stderr}"
    );
    assert!(stderr.contains("1 skipped"), "{stderr}");
    let games: Vec<_> = read_games(stdout.as_bytes()).map(Result::unwrap).collect();
    assert_eq!(games.len(), 1, "{stdout}");
    assert_eq!(games[0].header("Event"), Some("good"));
    assert_eq!(games[0].moves.len(), 3);
    assert_eq!(std::fs::read_to_string(&input).unwrap(), text);

    // Nothing analysable: a failure, and no output file.
    let only_bad = dir.join("bad.pgn");
    std::fs::write(&only_bad, "1. e4 e4 *\n").unwrap();
    let out = dir.join("out.pgn");
    let (ok, _, stderr) = analyse(&[s(&only_bad), "--out", s(&out), "--depth", "3"]);
    assert!(!ok);
    assert!(
        stderr.contains("huo-chess: No game could be analysed"),
        "{stderr}"
    );
    assert!(!out.exists());
    let (ok, _, stderr) = analyse(&[s(&dir.join("missing.pgn"))]);
    assert!(!ok);
    assert!(stderr.contains("missing.pgn"), "{stderr}");
}

#[test]
fn the_input_is_never_the_output() {
    let dir = scratch("same");
    let input = dir.join("games.pgn");
    std::fs::write(&input, "1. e4 e5 *\n").unwrap();
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    for out in [input.clone(), dir.join("sub").join("..").join("games.pgn")] {
        let (ok, stdout, stderr) = analyse(&[s(&input), "--out", s(&out), "--depth", "2"]);
        assert!(!ok);
        assert!(stdout.is_empty());
        assert!(
            stderr.contains("the input is never overwritten"),
            "{stderr}"
        );
    }
    assert_eq!(std::fs::read_to_string(&input).unwrap(), "1. e4 e5 *\n");
}

#[test]
fn movetime_threads_and_bad_flags() {
    let dir = scratch("flags");
    let input = dir.join("short.pgn");
    std::fs::write(&input, "1. d4 d5 2. c4 *\n").unwrap();
    // Two threads where the machine has them; more than its cores are said and capped.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let (ok, _, stderr) = analyse(&[s(&input), "--depth", "4", "--threads", "256"]);
    assert!(ok, "{stderr}");
    assert_eq!(
        stderr.contains(&format!("--threads 256: this machine runs {cores} at once")),
        cores < 256,
        "{stderr}"
    );
    let (ok, _, stderr) = analyse(&[s(&input), "--depth", "4", "--threads", "257"]);
    assert!(!ok, "257 threads is out of range: {stderr}");
    let (ok, stdout, stderr) = analyse(&[s(&input), "--movetime", "20", "--threads", "2"]);
    assert!(ok, "{stderr}");
    assert!(
        !stderr.contains("note: --threads 2") || cores < 2,
        "{stderr}"
    );
    let threads = cores.min(2);
    let plural = if threads == 1 { "" } else { "s" };
    assert!(
        stdout.contains(&format!(
            "[Annotator \"Huo Chess 0.1.0 (movetime 20 ms, {threads} thread{plural}, hash 32 MB)\"]"
        )),
        "{stdout}"
    );
    assert_eq!(assert_every_move_has_an_eval(&movetexts(&stdout)[0]), 3);
    let (ok, _, stderr) = analyse(&[s(&input), "--depth", "3", "--movetime", "20"]);
    assert!(!ok, "a depth or a move time, not both: {stderr}");
    let (ok, _, _) = analyse(&[s(&input), "--depth", "0"]);
    assert!(!ok);
}

fn play(moves: &[&str]) -> Game {
    let mut g = Game::new();
    for m in moves {
        g.play_text(m).unwrap();
    }
    g
}

#[test]
fn the_analyser_sees_a_mate_let_in_and_given() {
    let mut analyser = Analyser::new(
        &Config::default(),
        Limits {
            depth: Some(4),
            ..Limits::default()
        },
    );
    // Fool's mate: 2. g4?? lets Black mate at once.
    let game = play(&["f3", "e5", "g4", "Qh4#"]);
    let mut seen = Vec::new();
    let a = analyser.analyse(&game, |k| seen.push(k)).unwrap();
    assert_eq!(seen, vec![1, 2, 3, 4, 5], "progress after every position");
    assert_eq!(a.positions.len(), 5);
    assert_eq!(a.moves.len(), 4);
    let g4 = &a.moves[2];
    assert_eq!(g4.san, "g4");
    assert_eq!(g4.judgement, Some(Judgement::Blunder));
    assert_eq!(g4.after.to_string(), "#-1");
    assert!(!g4.pv.is_empty(), "a line is given");
    let mate = &a.moves[3];
    assert_eq!((mate.san.as_str(), mate.judgement), ("Qh4#", None));
    assert!(mate.is_best());
    assert_eq!(mate.after.to_string(), "#0");
    // (1. f3 itself gives away about 0.3 of White's chances by a depth-4 search.)
    assert_eq!(a.count(huo_chess::Color::Black, Judgement::Blunder), 0);
    // The service lives on for the next game, and a single position.
    let start = analyser.evaluate(&Game::new()).unwrap();
    assert!(
        matches!(start.eval, Eval::Cp(cp) if cp.abs() < 100),
        "{:?}",
        start.eval
    );
    assert!(start.best.is_some() && start.pv.first() == start.best.as_ref());
    assert_eq!(start.depth, 4);
}

#[test]
fn a_job_runs_on_a_front_ends_own_engine() {
    use huo_chess::analysis::{AnalysisJob, Thresholds};
    use huo_chess::engine::{Engine, Settings};
    let config = Config::default();
    let (mut engine, replies) = Engine::spawn_with_channel(Settings {
        eval: huo_chess::eval::Evaluator::from_config(&config),
        hash_mb: 4,
        threads: 1,
        contempt: 0,
        book: None,
    });
    // 2... Qg5 is no book move and no engine's choice: its own search must score it.
    let game = play(&["e4", "e5", "Nf3", "Qg5"]);
    let qg5 = game.moves()[3];
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let mut job = AnalysisJob::new(&game, limits, Thresholds::from_config(&config.analysis));
    assert_eq!((job.done(), job.total()), (0, 5));
    let mut finished = Vec::new();
    let mut qg5_score = None;
    while let Some(think) = job.next_think() {
        // A second search is of the same position, restricted to the move played there,
        // to the same depth.
        let index = job.done();
        let restricted = !think.limits.searchmoves.is_empty();
        if restricted {
            assert_eq!(think.limits.searchmoves, vec![game.moves()[index]]);
        }
        assert_eq!(think.limits.depth, Some(3));
        let id = engine.think(think);
        job.sent(id);
        assert!(job.next_think().is_none(), "one request at a time");
        // A reply to someone else's request is not the job's.
        assert_eq!(
            job.on_reply(&huo_chess::engine::Reply::Failed {
                id: id + 100,
                message: "not ours".into()
            }),
            Ok(None)
        );
        while job.is_waiting() {
            let reply = replies.recv().unwrap();
            if let huo_chess::engine::Reply::Done { result, .. } = &reply
                && restricted
                && index == 3
            {
                assert_eq!(result.best, Some(qg5));
                qg5_score = Some(result.score);
            }
            if let Some(i) = job.on_reply(&reply).unwrap() {
                finished.push(i);
            }
        }
        if job.done() == 2 {
            let partial = job.analysis();
            assert_eq!((partial.positions.len(), partial.moves.len()), (2, 2));
        }
    }
    assert_eq!(finished, vec![0, 1, 2, 3, 4]);
    assert!(job.is_finished());
    let a = job.analysis();
    assert_eq!(a.moves.len(), 4);
    assert!(a.positions.iter().all(|p| p.depth == 3 && p.best.is_some()));
    // Qg5 is judged by the score its own search gave it and by the search of the position
    // after it (their mean on the chances scale), against the best move's.
    let qg5_score = qg5_score.expect("Qg5 had a search of its own");
    let played = Eval::from_score(qg5_score, huo_chess::Color::Black);
    assert_eq!(a.positions[3].played, Some(played));
    let review = &a.moves[3];
    assert_eq!(review.san, "Qg5");
    let white = huo_chess::Color::White;
    let mean = (played.chances(white) + a.positions[4].eval.chances(white)) / 2.0;
    assert!(
        (review.after.chances(white) - mean).abs() < 0.002,
        "{review:?}"
    );
    assert_eq!(review.judgement, Some(Judgement::Blunder), "{review:?}");
    assert!(!review.theory && a.moves[..3].iter().all(|m| m.theory));
    engine.quit();
}

/// A position that occurred once before is a draw only when the repetition can be forced:
/// the analysis judges the game's moves as an arbiter would (a second occurrence draws
/// nothing), while the search keeps its own rule within its tree. From the tuning games
/// (tools/analysis-bench, game 2): Black, a queen up, plays 29... Ke8, back to the
/// position after 27... Rc8; Black can still step out of the checks, so no draw.
#[test]
fn a_repetition_that_cannot_be_forced_is_no_draw() {
    let start =
        Position::from_fen("r3kr2/pp4b1/6p1/3Qn3/b1P1Pp2/2B2P2/1PK3PR/5qN1 w - - 6 26").unwrap();
    let mut game = Game::from_position(start);
    for m in ["b3", "Qf2+", "Bd2", "Rc8", "Qe6+", "Kd8", "Qd5+", "Ke8"] {
        game.play_text(m).unwrap();
    }
    let mut analyser = Analyser::new(
        &Config::default(),
        Limits {
            depth: Some(8),
            ..Limits::default()
        },
    );
    let a = analyser.analyse(&game, |_| {}).unwrap();
    let ke8 = &a.moves[7];
    assert_eq!(ke8.san, "Ke8");
    // Still Black's game after it, not 0.00, and no mark.
    assert!(ke8.after.value(huo_chess::Color::Black) > 300, "{ke8:?}");
    assert_eq!(ke8.judgement, None, "{ke8:?}");
}

/// The marks and accuracies of an analysed game, as compared across screens: each
/// side's accuracy to one decimal (as the PGN tags say) and the moves' marks.
fn verdicts(a: &huo_chess::analysis::GameAnalysis) -> (Vec<String>, Vec<String>) {
    let accuracy = a
        .accuracy()
        .iter()
        .map(|x| x.map_or("-".to_string(), |v| format!("{v:.1}")))
        .collect();
    let marks = a
        .moves
        .iter()
        .map(|m| format!("{}{}", m.san, m.judgement.map_or("", |j| j.symbol())))
        .collect();
    (accuracy, marks)
}

/// One verdict everywhere: the analysis screen gives a game the same marks and
/// accuracies on every visit (the file's next game and back, the screen closed and opened
/// again) as `huo-chess analyse` gives it, with the same settings.
#[test]
fn the_screen_and_the_command_give_the_same_verdict() {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use huo_chess::tui::GameArgs;
    use huo_chess::tui::app::App;
    use std::time::Duration;
    let dir = scratch("same-verdict");
    let third = "\n[White \"Me\"]\n[Black \"Friend\"]\n[Result \"0-1\"]\n\n\
                 1. e4 e5 2. Qh5 Nc6 3. Qxe5+ Nxe5 4. d4 Ng6 5. Nf3 Nf6 0-1\n";
    let input = dir.join("three.pgn");
    std::fs::write(&input, format!("{GAMES}{third}")).unwrap();
    let settings = dir.join("huo.toml");
    std::fs::write(
        &settings,
        "[analysis]\ndepth = 8\n[book]\nenabled = false\n",
    )
    .unwrap();
    // The command's verdicts, from the annotated games' tags and marks.
    let out = dir.join("annotated.pgn");
    let (ok, _, stderr) = common::outcome(
        Command::new(env!("CARGO_BIN_EXE_huo-chess"))
            .args(["analyse", s(&input), "--out", s(&out)])
            .env("HUO_CONFIG", &settings),
    );
    assert!(ok, "{stderr}");
    let annotated = std::fs::read_to_string(&out).unwrap();
    let tags: Vec<(String, String)> = read_games(annotated.as_bytes())
        .map(|g| {
            let g = g.unwrap();
            let tag = |t: &str| g.header(t).unwrap_or("-").to_string();
            (tag("WhiteAccuracy"), tag("BlackAccuracy"))
        })
        .collect();
    assert_eq!(tags.len(), 3);

    let (config, _) =
        Config::parse(&std::fs::read_to_string(&settings).unwrap(), "huo.toml").unwrap();
    let args = GameArgs {
        color: Some("w".into()),
        level: Some("3".into()),
        clock: Some("60".into()),
        analyse: Some(input.clone()),
        ..GameArgs::default()
    };
    let mut app = App::new(&config, &args, None).unwrap();
    let seen = |app: &mut App| {
        assert!(app.wait_engine(Duration::from_secs(120)));
        let view = app.analysis().unwrap();
        (view.index, verdicts(view.analysis.as_ref().unwrap()))
    };
    let key = |app: &mut App, c: KeyCode| app.handle_key(KeyEvent::new(c, KeyModifiers::NONE));
    let first = seen(&mut app);
    key(&mut app, KeyCode::Char('n'));
    let second = seen(&mut app);
    key(&mut app, KeyCode::Char('n'));
    let third = seen(&mut app);
    key(&mut app, KeyCode::Char('p'));
    assert_eq!(seen(&mut app), second, "the second game again");
    key(&mut app, KeyCode::Char('p'));
    assert_eq!(seen(&mut app), first, "the first game again");
    // Closed, and opened again on the file.
    key(&mut app, KeyCode::Esc);
    assert!(app.analysis().is_none());
    for c in format!(":analyse {}", s(&input)).chars() {
        key(&mut app, KeyCode::Char(c));
    }
    key(&mut app, KeyCode::Enter);
    assert_eq!(
        seen(&mut app),
        first,
        "the first game, the screen opened again"
    );
    // The command's accuracies are the screen's, game by game.
    let all = [first, second, third];
    for (i, (index, (accuracy, _))) in all.iter().enumerate() {
        assert_eq!(*index, i);
        assert_eq!(
            (accuracy[0].clone(), accuracy[1].clone()),
            tags[i],
            "game {}",
            i + 1
        );
    }
    // And the marks: the command's NAGs, move by move, are the screen's.
    let texts = movetexts(&annotated);
    for (i, (_, (_, marks))) in all.iter().enumerate() {
        let by_command: Vec<(usize, String)> = marked_moves(&texts[i])
            .into_iter()
            .map(|(at, nag)| {
                let symbol = match nag.as_str() {
                    "$6" => "?!",
                    "$2" => "?",
                    "$4" => "??",
                    other => panic!("unexpected NAG {other}"),
                };
                (at, symbol.to_string())
            })
            .collect();
        let on_screen: Vec<(usize, String)> = marks
            .iter()
            .enumerate()
            .filter_map(|(at, m)| {
                let symbol = m.trim_start_matches(|c: char| c != '?' && c != '!');
                (!symbol.is_empty()).then(|| (at, symbol.to_string()))
            })
            .collect();
        assert_eq!(by_command, on_screen, "game {}", i + 1);
    }
}
