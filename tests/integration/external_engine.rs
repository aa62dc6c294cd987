//! Analysis by another UCI engine: a fake engine (tests/data/fake_engine.py) that
//! misbehaves in each way an engine can, and the real Stockfish where it is installed.
//! Every failure names the engine and what it did; what was analysed before is kept.

use crate::common::{self, tempdir};
use huo_chess::analysis::background::{Background, Update};
use huo_chess::analysis::{AnalyseError, Analyser, AnalyserSpec, EngineName, Judgement};
use huo_chess::config::Config;
use huo_chess::engine::external::{Failure, Patience, find_program};
use huo_chess::pgn::read_games;
use huo_chess::search::Limits;
use huo_chess::{Game, Position};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// Two short games: the second one longer, so an engine that dies mid-way dies in it.
const GAMES: &str = "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n\
                     [White \"C\"]\n[Black \"D\"]\n[Result \"*\"]\n\n\
                     1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 *\n";

/// A fake engine in `mode`, as a program of its own in `dir` (a wrapper script: engines
/// are named by one path, without arguments). Its table answers each game position with
/// the game's own move there (the last one with its first legal move).
fn fake(dir: &Path, mode: &str) -> PathBuf {
    let table = dir.join("table.tsv");
    let mut rows = String::new();
    for game in read_games(GAMES.as_bytes()) {
        let game = game.unwrap().to_game();
        for (pos, mv) in game.positions().iter().zip(game.moves()) {
            rows.push_str(&format!("{}\t{}\n", pos.fen(), mv.uci()));
        }
        // The last position: any legal move.
        let last = game.position();
        rows.push_str(&format!(
            "{}\t{}\n",
            last.fen(),
            last.legal_moves().as_slice()[0].uci()
        ));
    }
    std::fs::write(&table, rows).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fake_engine.py");
    let program = dir.join(format!("fake-{mode}"));
    std::fs::write(
        &program,
        format!(
            "#!/bin/sh\nexec python3 '{}' {mode} '{}'\n",
            script.display(),
            table.display()
        ),
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    program
}

fn spec(program: &Path, depth: u32) -> AnalyserSpec {
    AnalyserSpec {
        engine: EngineName::Program(program.display().to_string()),
        limits: Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        ..AnalyserSpec::from_config(&Config::default())
    }
}

/// A short patience, so an engine that keeps quiet is given up in a second.
const QUICK: Patience = Patience {
    start: Duration::from_secs(2),
    ready: Duration::from_secs(2),
    silence: Duration::from_secs(2),
};

/// What starting and running the fake engine in `mode` on the second game says.
fn failure_of(mode: &str) -> AnalyseError {
    let dir = tempdir(&format!("external-{mode}"));
    let program = fake(&dir, mode);
    let game = read_games(GAMES.as_bytes())
        .nth(1)
        .unwrap()
        .unwrap()
        .to_game();
    let config = Config::default();
    let mut analyser = match Analyser::start_with(&config, &spec(&program, 3), QUICK) {
        Ok(a) => a,
        Err(e) => return e,
    };
    analyser
        .analyse(&game, |_| {})
        .err()
        .unwrap_or_else(|| panic!("{mode}: the analysis should fail"))
}

fn failure(e: &AnalyseError) -> &Failure {
    match e {
        AnalyseError::External(x) => &x.failure,
        other => panic!("not the engine's failure: {other}"),
    }
}

#[test]
fn each_way_an_engine_misbehaves_is_named() {
    let e = failure_of("no-uciok");
    assert!(matches!(failure(&e), Failure::NoUciok(_)), "{e}");
    assert!(
        e.to_string()
            .contains("did not answer \"uci\" with \"uciok\" within 2 s"),
        "{e}"
    );
    let e = failure_of("no-readyok");
    assert!(matches!(failure(&e), Failure::NoReadyok(_)), "{e}");
    // Once started, the engine is named as it names itself.
    let e = failure_of("illegal");
    assert!(
        matches!(failure(&e), Failure::IllegalBestmove(m) if m == "a1a8"),
        "{e}"
    );
    assert!(e.to_string().contains("(Fake Engine 1.0)"), "{e}");
    assert!(e.to_string().contains("\"a1a8\" is not legal"), "{e}");
    let e = failure_of("none");
    assert!(matches!(failure(&e), Failure::NoBestmove(_)), "{e}");
    let e = failure_of("silent");
    assert!(matches!(failure(&e), Failure::Silent(_)), "{e}");
    let e = failure_of("dies-after-3");
    assert!(
        matches!(failure(&e), Failure::Died(Some(status)) if status.code() == Some(3)),
        "{e}"
    );
    assert!(e.to_string().contains("it ended (exit status: 3)"), "{e}");
}

#[test]
fn a_missing_or_unstartable_program_is_named() {
    let dir = tempdir("external-missing");
    let config = Config::default();
    let missing = dir.join("no-engine-here");
    let e = Analyser::start(&config, &spec(&missing, 3)).err().unwrap();
    assert!(matches!(failure(&e), Failure::NotFound), "{e}");
    assert!(e.to_string().contains("no-engine-here"), "{e}");
    // A file that is not a program.
    let text = dir.join("notes.txt");
    std::fs::write(&text, "not an engine\n").unwrap();
    let e = Analyser::start(&config, &spec(&text, 3)).err().unwrap();
    let Failure::Spawn(io) = failure(&e) else {
        panic!("{e}")
    };
    assert_eq!(io.kind(), std::io::ErrorKind::PermissionDenied);
    assert!(
        e.to_string()
            .starts_with(&format!("engine {}: cannot start it", text.display()))
    );
}

/// Runs `huo-chess analyse` with `args`, the built-in configuration.
fn analyse(args: &[&str]) -> (bool, String, String) {
    common::outcome(
        Command::new(env!("CARGO_BIN_EXE_huo-chess"))
            .arg("analyse")
            .args(args)
            .env("HUO_CONFIG", ""),
    )
}

#[test]
fn the_annotator_is_the_engine_and_its_settings() {
    let dir = tempdir("external-ok");
    let program = fake(&dir, "ok");
    let input = dir.join("games.pgn");
    std::fs::write(&input, GAMES).unwrap();
    let out = dir.join("a.pgn");
    let (ok, stdout, stderr) = analyse(&[
        input.to_str().unwrap(),
        "--engine",
        program.to_str().unwrap(),
        "--depth",
        "5",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{stdout}{stderr}");
    let text = std::fs::read_to_string(&out).unwrap();
    let games: Vec<_> = read_games(text.as_bytes()).map(Result::unwrap).collect();
    assert_eq!(games.len(), 2);
    for g in &games {
        assert_eq!(
            g.header("Annotator"),
            Some("Fake Engine 1.0 (depth 5, 1 thread, hash 32 MB)")
        );
    }
    assert!(
        stderr.contains("by Fake Engine 1.0 (depth 5, 1 thread, hash 32 MB)"),
        "{stderr}"
    );
}

#[test]
fn an_engine_that_dies_keeps_the_analysis_done_before() {
    let dir = tempdir("external-dies");
    // The first game takes 4 searches (the engine's move is always the game's: one
    // search a position with a move) plus the last position's; it dies in the second.
    let program = fake(&dir, "dies-after-8");
    let input = dir.join("games.pgn");
    std::fs::write(&input, GAMES).unwrap();
    let out = dir.join("a.pgn");
    let (ok, _, stderr) = analyse(&[
        input.to_str().unwrap(),
        "--engine",
        program.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(!ok, "{stderr}");
    assert!(stderr.contains("Game 2: engine "), "{stderr}");
    assert!(stderr.contains("it ended (exit status: 3)"), "{stderr}");
    assert!(stderr.contains("the analysis stops here"), "{stderr}");
    // The first game whole, the second as far as it was analysed (its moves all there,
    // an evaluation after the first two moves: the three positions the engine answered).
    let text = std::fs::read_to_string(&out).unwrap();
    let games: Vec<_> = read_games(text.as_bytes()).map(Result::unwrap).collect();
    assert_eq!(games.len(), 2, "{text}");
    assert_eq!(games[1].moves.len(), 8);
    let second = text.split("[White \"C\"]").nth(1).unwrap();
    assert_eq!(second.matches("[%eval").count(), 2, "{second}");
}

#[test]
fn the_screens_background_analysis_says_the_engine_failed_and_keeps_its_positions() {
    let dir = tempdir("external-background");
    let program = fake(&dir, "dies-after-3");
    let game = read_games(GAMES.as_bytes())
        .nth(1)
        .unwrap()
        .unwrap()
        .to_game();
    let mut bg = Background::spawn(&Config::default(), &spec(&program, 3), &game, None);
    let (mut positions, mut failed, mut started) = (0, None, None);
    while let Some(update) = bg.next_within(Duration::from_secs(30)) {
        match update {
            Update::Started { annotator } => started = Some(annotator),
            Update::Position(_) => positions += 1,
            Update::Finished => panic!("the engine dies before the end"),
            Update::Failed(e) => failed = Some(e),
        }
    }
    assert!(bg.has_ended());
    assert_eq!(
        started.as_deref(),
        Some("Fake Engine 1.0 (depth 3, 1 thread, hash 32 MB)")
    );
    assert_eq!(positions, 3);
    assert!(failed.unwrap().to_string().contains("it ended"));
}

/// Stockfish, when this machine has it: it finds the planted blunder of the analysis
/// test games and names itself. Skipped (said on standard error) where it is not
/// installed.
#[test]
fn stockfish_marks_a_planted_blunder_where_installed() {
    let Some(stockfish) = find_program("stockfish") else {
        eprintln!("skipped: no stockfish on PATH or in /usr/games");
        return;
    };
    let config = Config::default();
    let spec = AnalyserSpec {
        engine: EngineName::Program(stockfish.display().to_string()),
        ..AnalyserSpec::from_config(&config)
    };
    let mut analyser = Analyser::start(&config, &spec).unwrap();
    assert!(
        analyser.annotator().starts_with("Stockfish"),
        "{}",
        analyser.annotator()
    );
    // 2...Qh4?? 3.Nxh4: the queen left where the knight takes it.
    let mut game = Game::from_position(Position::startpos());
    for m in ["e4", "e5", "Nf3", "Qh4", "Nxh4"] {
        game.play_text(m).unwrap();
    }
    let a = analyser.analyse(&game, |_| {}).unwrap();
    assert_eq!(a.moves[3].san, "Qh4");
    assert_eq!(a.moves[3].judgement, Some(Judgement::Blunder));
    assert_eq!(a.moves[4].judgement, None, "taking the queen is right");
}
