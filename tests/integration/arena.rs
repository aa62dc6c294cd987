//! `huo-chess match`: two configurations play each other in-process; the weaker one must
//! lose, the games must come back as legal PGN, the Elo arithmetic must hold, and bad
//! arguments must be refused with their reason.

use crate::common;
use common::huo_chess;

use huo_chess::arena::Elo;
use huo_chess::pgn;
use std::path::Path;

/// A fresh folder for one test's files, removed with them when dropped.
fn folder(name: &str) -> common::TempDir {
    common::tempdir(&format!("match-{name}"))
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// `name: +W =D -L (W/D/L)` read back from the report.
fn wdl(out: &str) -> (u32, u32, u32) {
    let line = out
        .lines()
        .find(|l| l.contains("(W/D/L)"))
        .unwrap_or_else(|| panic!("no W/D/L line in {out}"));
    let nums: Vec<u32> = line
        .split_whitespace()
        .filter_map(|w| w.trim_start_matches(['+', '=', '-']).parse().ok())
        .collect();
    (nums[0], nums[1], nums[2])
}

#[test]
fn a_queen_worth_one_pawn_loses_and_the_games_are_legal_pgn() {
    let dir = folder("queen");
    let weak = write(&dir, "queen1.toml", "[pieces]\nqueen = 1.0\n");
    let default = write(&dir, "default.toml", "# the built-in values\n");
    let out_pgn = dir.join("games.pgn");
    let games = 10;
    let (ok, out, err) = huo_chess(&[
        "match",
        "--engine1",
        &weak,
        "--engine2",
        &default,
        "--games",
        &games.to_string(),
        "--nodes",
        "3000",
        "--concurrency",
        "2",
        "--pgn",
        &out_pgn.display().to_string(),
    ]);
    assert!(ok, "{out}{err}");
    let (w, d, l) = wdl(&out);
    assert_eq!(w + d + l, games);
    // The default configuration scores at least 75%: the queen matters.
    let weak_points = f64::from(w) + f64::from(d) / 2.0;
    assert!(weak_points <= 0.25 * f64::from(games), "{out}");
    assert!(out.contains("Elo difference"), "{out}");
    assert!(out.contains("Endings: "), "{out}");

    let text = std::fs::read_to_string(&out_pgn).unwrap();
    let read: Vec<_> = pgn::read_games(text.as_bytes()).collect();
    assert_eq!(read.len(), games as usize);
    for (i, g) in read.into_iter().enumerate() {
        // The reader replays every move and refuses an illegal one.
        let g = g.unwrap_or_else(|e| panic!("game {}: {e}", i + 1));
        assert_eq!(g.header("Event"), Some("Huo Chess match"));
        assert_eq!(g.header("Round"), Some((i + 1).to_string().as_str()));
        // Engine 1 has White in odd rounds: colours alternate.
        let white = if i % 2 == 0 {
            "queen1.toml"
        } else {
            "default.toml"
        };
        assert_eq!(g.header("White"), Some(white));
        assert_eq!(g.header("Result"), Some(g.result.as_str()));
        assert_ne!(g.result, "*");
        assert!(g.header("Termination").is_some());
        // Each opening is played twice, from the same moves.
        if i % 2 == 1 {
            assert!(g.moves.len() >= 8);
        }
        assert_eq!(
            g.header("PlyCount"),
            Some(g.moves.len().to_string().as_str())
        );
    }
}

#[test]
fn fixed_nodes_matches_repeat_whatever_the_concurrency() {
    let dir = folder("repeat");
    let openings = write(
        &dir,
        "two.epd",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\n\
         rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n",
    );
    let run = |concurrency: &str, name: &str| {
        let out = dir.join(name);
        let (ok, stdout, err) = huo_chess(&[
            "match",
            "--engine1",
            "3",
            "--engine2",
            "classic-1",
            "--games",
            "4",
            "--nodes",
            "2000",
            "--openings",
            &openings,
            "--concurrency",
            concurrency,
            "--pgn",
            &out.display().to_string(),
        ]);
        assert!(ok, "{stdout}{err}");
        std::fs::read_to_string(out).unwrap()
    };
    let one = run("1", "one.pgn");
    assert_eq!(one, run("2", "two.pgn"));
    let games: Vec<_> = pgn::read_games(one.as_bytes())
        .map(Result::unwrap)
        .collect();
    assert_eq!(games.len(), 4);
    // Games 1 and 2 start from the first position, colours swapped; 3 and 4 the second.
    assert_eq!(games[0].header("FEN"), games[1].header("FEN"));
    assert_ne!(games[0].header("FEN"), games[2].header("FEN"));
    // The EPD's id labels the start (a start without one: its file:line); the opening is
    // named by the opening names, by the last named position of the game, as in every game
    // written (the start itself, after 1.e4, is the King's Pawn Game).
    assert_eq!(games[0].header("Start"), Some("e4"));
    assert_eq!(
        games[2].header("Start"),
        Some(format!("{openings}:2").as_str())
    );
    for g in &games {
        let named = huo_chess::openings::of_game(&g.to_game()).expect("1.e4 or 1.d4 at least");
        assert_eq!(g.header("ECO"), Some(named.eco));
        assert_eq!(g.header("Opening"), Some(named.name));
    }
    let start = huo_chess::openings::named(&games[0].start).unwrap();
    assert_eq!((start.eco, start.name), ("B00", "King's Pawn Game"));
    assert_eq!(games[0].header("White"), games[1].header("Black"));
}

#[test]
fn elo_from_known_scores() {
    // 75% is +191 in the logistic model; 50% is even; 25% the mirror of 75%.
    let d = Elo::new(3, 0, 1).diff().unwrap();
    assert!((d - 190.85).abs() < 0.1, "{d}");
    assert_eq!(Elo::new(2, 2, 2).diff(), Some(0.0));
    let mirror = Elo::new(1, 0, 3).diff().unwrap();
    assert!((mirror + d).abs() < 1e-9);
    // Ten times the games: the margin shrinks by about √10.
    let few = Elo::new(30, 40, 30).margin().unwrap();
    let many = Elo::new(300, 400, 300).margin().unwrap();
    assert!(few > many * 3.0 && few < many * 3.3, "{few} {many}");
    // Draws carry less spread than wins and losses: a narrower margin.
    assert!(Elo::new(0, 100, 0).margin().unwrap() < 1e-9);
    assert!(Elo::new(50, 0, 50).margin().unwrap() > Elo::new(25, 50, 25).margin().unwrap());
    // All won: unbounded, said so rather than a number.
    assert_eq!(Elo::new(4, 0, 0).diff(), None);
    assert_eq!(Elo::new(4, 0, 0).to_string(), "+inf");
}

#[test]
fn bad_arguments_are_refused_with_their_reason() {
    let dir = folder("bad");
    let bad = write(&dir, "bad.toml", "[pieces]\nqueen = \"x\"\n");
    let missing = dir.join("missing.toml").display().to_string();
    let cases: [(&[&str], &str); 6] = [
        (&["--games", "0"], "--games"),
        (&["--engine1", &missing], "cannot read"),
        (
            &["--engine1", &bad],
            "bad.toml:2: pieces.queen: expected a number",
        ),
        (&["--engine1", "11"], "neither a level nor a file"),
        (&["--tc", "5+x"], "--tc '5+x'"),
        (&["--tc", "5", "--nodes", "100"], "cannot be used with"),
    ];
    for (args, message) in cases {
        let mut all = vec!["match"];
        // The defaults, unless the case gives its own.
        for (flag, value) in [("--engine1", "1"), ("--engine2", "1")] {
            if !args.contains(&flag) {
                all.extend([flag, value]);
            }
        }
        all.extend(args);
        all.extend(["--nodes", "1"].iter().filter(|_| !args.contains(&"--tc")));
        let (ok, _, err) = huo_chess(&all);
        assert!(!ok, "{all:?} was accepted");
        assert!(err.contains(message), "{all:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn a_time_control_reads_the_same_as_the_games_and_says_what_it_understood() {
    // With units, a match and the game read the same clocks.
    let (ok, out, err) = huo_chess(&[
        "match",
        "--engine1",
        "1",
        "--engine2",
        "1",
        "--games",
        "1",
        "--tc",
        "1m+0.5s",
    ]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("1 min + 0.5 s a side"), "{out}");
    assert!(!err.contains("note:"), "{err}");
    let game = huo_chess::session::clock::Clock::parse("1m+0.5s").unwrap();
    assert_eq!(game.control.to_string(), "1 min + 0.5 s");
    // A bare form is refused: `5+3` is minutes in the game, seconds in other match tools.
    for bare in ["20+0.5", "5+3"] {
        let (ok, _, err) = huo_chess(&[
            "match",
            "--engine1",
            "1",
            "--engine2",
            "1",
            "--games",
            "1",
            "--tc",
            bare,
        ]);
        assert!(!ok, "--tc {bare} was accepted");
        assert!(
            err.contains(&format!("--tc '{bare}'"))
                && err.contains("10s+0.1s")
                && err.contains("5m+3s"),
            "{err}"
        );
    }
    let pgn_dir = folder("tc-pgn");
    let pgn = pgn_dir.join("g.pgn");
    let (ok, _, err) = huo_chess(&[
        "match",
        "--engine1",
        "1",
        "--engine2",
        "1",
        "--games",
        "1",
        "--tc",
        "2s+50ms",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    // The PGN tag is in seconds, as the standard has it.
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("[TimeControl \"2+0.05\"]"), "{text}");
}
