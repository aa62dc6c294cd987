//! The TOML configuration: the shipped file, errors naming file, line and key, and the
//! lookup order.

use crate::common;

use huo_chess::config::Config;
use huo_chess::config::file::Loaded;
use std::process::Command;

#[test]
fn the_shipped_file_is_the_built_in_default() {
    let (config, origins) = Config::parse(huo_chess::config::SHIPPED, "config/huo.toml").unwrap();
    assert_eq!(config, Config::default());
    // The evaluation's own defaults (what `bench` and the tuner use) are the file's.
    assert_eq!(config.eval_settings(), huo_chess::eval::Settings::default());
    // Every key `config show` prints is set (so documented) in the shipped file.
    let shown = Config::show(&Loaded {
        config,
        source: None,
        origins: origins.clone(),
    });
    let keys = shown.lines().filter(|l| l.contains(" = ")).count();
    assert_eq!(keys, 67);
    assert_eq!(origins.len(), keys, "{shown}");
    assert!(!shown.contains("built-in"), "{shown}");
}

#[test]
fn show_writes_back_what_it_read() {
    let text = "[search]\nlevel = \"classic-3\"\nthreads = 2\n[book]\npath = \"my books\"\n\
                [tui]\nkeys = { quit = \"F12\" }\n[pieces]\nqueen = 9.5\n";
    let (config, origins) = Config::parse(text, "mine.toml").unwrap();
    assert_eq!(config.tui.keys.quit.to_string(), "F12");
    assert_eq!(origins["tui.keys.quit"], "mine.toml:7");
    assert_eq!(origins.len(), 5);
    let loaded = Loaded {
        config: config.clone(),
        source: None,
        origins,
    };
    let shown = Config::show(&loaded);
    assert!(shown.contains("\n[tui.keys]\n"), "{shown}");
    let line = |key: &str| {
        shown
            .lines()
            .find(|l| l.starts_with(key))
            .unwrap()
            .to_string()
    };
    assert!(line("level = \"classic-3\"").ends_with("# mine.toml:2"));
    assert!(line("path = \"my books\"").ends_with("# mine.toml:5"));
    assert!(line("quit = \"F12\"").ends_with("# mine.toml:7"));
    assert!(line("knight = 3.0").ends_with("# built-in"));
    // What `config show` prints is a configuration file that reads back the same.
    let (again, set) = Config::parse(&shown, "shown.toml").unwrap();
    assert_eq!(again, config);
    assert_eq!(set.len(), 67);
}

#[test]
fn fractions_and_partial_files_work() {
    let (config, origins) =
        Config::parse("[pieces]\nqueen = 9.5\nrook = 5\n", "mine.toml").unwrap();
    assert_eq!(config.pieces.queen, 9.5);
    assert_eq!(config.pieces.rook, 5.0);
    assert_eq!(config.pieces.knight, 3.0);
    assert_eq!(origins["pieces.queen"], "mine.toml:2");
    assert!(!origins.contains_key("pieces.knight"));
}

fn error(text: &str) -> String {
    Config::parse(text, "bad.toml").unwrap_err().to_string()
}

#[test]
fn errors_name_the_file_line_and_key() {
    assert_eq!(
        error("[pieces]\nqueen = 9\nrook = \"five\"\n"),
        "bad.toml:3: pieces.rook: expected a number, found string"
    );
    assert_eq!(
        error("\n[eval]\nmobilty = 0.1\n"),
        "bad.toml:3: eval.mobilty: unknown key; did you mean eval.mobility?"
    );
    assert_eq!(
        error("[pieces]\nqueen = -1\n"),
        "bad.toml:2: pieces.queen: -1 is out of range (0 to 100)"
    );
    assert_eq!(
        error("[search]\nhash_mb = 1.5\n"),
        "bad.toml:2: search.hash_mb: expected a whole number, found float"
    );
    assert!(
        error("[search]\nlevel = \"classic-4\"\n")
            .starts_with("bad.toml:2: search.level: 'classic-4'")
    );
    assert_eq!(
        error("[colours]\nred = 1\n"),
        "bad.toml:1: colours: unknown section; the sections are analysis, book, eval, huo, \
         log, pieces, play, search, tui"
    );
    assert!(error("[pieces\nqueen = 9\n").starts_with("bad.toml:1: "));
    assert!(error("[tui.keys]\nquit = \"qq\"\n").starts_with("bad.toml:2: tui.keys.quit: "));
    // A plain character would swallow a move character: refused, with the reason.
    let e = error("[tui.keys]\nnew_game = \"n\"\n");
    assert!(e.starts_with("bad.toml:2: tui.keys.new_game: "), "{e}");
    assert!(e.contains("move character"), "{e}");
    assert!(error("[tui.keys]\ntakeback = \"Ctrl+C\"\n").contains("quitting"));
    assert!(error("[pieces]\nqueen = nan\n").contains("out of range"));
    assert_eq!(
        error("[book]\npick = \"worst\"\n"),
        "bad.toml:2: book.pick: 'worst': expected \"weighted\" or \"best\""
    );
    assert_eq!(
        error("[play]\nresign = \"yes\"\n"),
        "bad.toml:2: play.resign: expected true or false, found string"
    );
    // A `[play]` key in its older place `[tui]` is checked as strictly.
    assert_eq!(
        error("[tui]\nresign = \"yes\"\n"),
        "bad.toml:2: tui.resign: expected true or false, found string"
    );
    assert_eq!(
        error("[tui]\ntheme = \"modern\"\npause = 11\n"),
        "bad.toml:3: tui.pause: 11 is out of range (0 to 10)"
    );
    assert_eq!(
        error("[analysis]\nmistake_chances = 0.001\n"),
        "bad.toml:2: analysis.mistake_chances: 0.001 is out of range (0.01 to 2)"
    );
    // The same checks whichever way TOML spells the key: a dotted key, an inline table.
    assert!(error("tui.keys.why = \"w\"\n").starts_with("bad.toml:1: tui.keys.why: 'w'"));
    assert!(
        error("[tui]\nresign = true\nkeys = { quit = \"F12\", why = \"w\" }\n")
            .starts_with("bad.toml:3: tui.keys.why: 'w'")
    );
    assert_eq!(
        error("pieces = 3\n"),
        "bad.toml:1: pieces: expected a section, found integer"
    );
    assert_eq!(
        error("[pieces]\nqueen = { value = 9 }\n"),
        "bad.toml:2: pieces.queen: expected a number, found table"
    );
}

#[test]
fn an_unknown_key_names_its_section_and_the_key_meant() {
    // A near spelling in the same section.
    assert_eq!(
        error("[tui.keys]\nqit = \"F12\"\n"),
        "bad.toml:2: tui.keys.qit: unknown key; did you mean tui.keys.quit?"
    );
    // The same key in another section.
    assert_eq!(
        error("[search]\ndepth = 8\n"),
        "bad.toml:2: search.depth: unknown key; did you mean analysis.depth?"
    );
    assert_eq!(
        error("queen = 9.5\n"),
        "bad.toml:1: queen: unknown key; did you mean pieces.queen?"
    );
    // Nothing close: the keys the section has.
    assert_eq!(
        error("[pieces]\nking = 100\n"),
        "bad.toml:2: pieces.king: unknown key; [pieces] has bishop, knight, pawn, queen, rook"
    );
    assert_eq!(
        error("[tui.colours]\nboard = 1\n"),
        "bad.toml:1: tui.colours: unknown section; [tui] has keys, theme"
    );
}

#[test]
fn the_play_section_holds_the_engines_manners() {
    let text = "[play]\nresign = false\nresign_threshold = 5\nwatch_pace = 0.5\npause = 2.5\n";
    let (config, origins) = Config::parse(text, "mine.toml").unwrap();
    let play = &config.play;
    assert!(!play.resign);
    assert_eq!(
        (play.resign_threshold, play.watch_pace, play.pause),
        (5.0, 0.5, 2.5)
    );
    assert_eq!(origins["play.pause"], "mine.toml:5");
    assert_eq!(config.tui, Config::default().tui);
    // The game reads them from there.
    let policies = huo_chess::play::setup::Policies::from_config(&config);
    assert_eq!(policies.resign_pawns, None);
    assert_eq!((policies.pause, policies.watch_pace), (2.5, 0.5));
    let loaded = Loaded {
        config,
        source: None,
        origins,
    };
    assert!(loaded.notes().is_empty());
    let shown = Config::show(&loaded);
    assert!(shown.contains("\n[play]\nresign = false"), "{shown}");
    // The built-in manners: resign at 9 pawns down, a second's pause and pace.
    let built_in = huo_chess::play::setup::Policies::from_config(&Config::default());
    assert_eq!(built_in.resign_pawns, Some(9.0));
    assert_eq!((built_in.pause, built_in.watch_pace), (1.0, 1.0));
    assert_eq!(
        error("[play]\nwatch_pace = 61\n"),
        "bad.toml:2: play.watch_pace: 61 is out of range (0 to 60)"
    );
    assert_eq!(
        error("[play]\ntheme = \"modern\"\n"),
        "bad.toml:2: play.theme: unknown key; did you mean tui.theme?"
    );
}

#[test]
fn play_keys_in_their_older_place_tui_are_read_with_a_note() {
    let text = "[tui]\ntheme = \"modern\"\nresign = false\n\n\n\npause = 0.25\n";
    let (config, origins) = Config::parse(text, "config.toml").unwrap();
    assert!(!config.play.resign);
    assert_eq!(config.play.pause, 0.25);
    // The rest of [play] is built in, and nothing is left behind in [tui].
    assert_eq!(config.play.watch_pace, Config::default().play.watch_pace);
    assert_eq!((config.tui.resign, config.tui.pause), (None, None));
    assert_eq!(config.tui.theme, "modern");
    // The value used comes from its old line.
    assert_eq!(origins["play.pause"], "config.toml:7");
    assert_eq!(origins["play.resign"], "config.toml:3");
    let loaded = Loaded {
        config: config.clone(),
        source: Some("config.toml".into()),
        origins,
    };
    assert_eq!(
        loaded.notes(),
        [
            "config.toml:3: tui.resign is now play.resign (read this time; move it)",
            "config.toml:7: tui.pause is now play.pause (read this time; move it)",
        ]
    );
    // A moved key is one key set, counted once.
    assert_eq!(
        loaded.summary(),
        "config.toml: valid; sets 3 of the 67 keys, the others are built-in"
    );
    // `config show` writes it in its new place, with its old line; it reads back the same.
    let shown = Config::show(&loaded);
    let pause = shown.lines().find(|l| l.starts_with("pause")).unwrap();
    assert!(pause.starts_with("pause = 0.25") && pause.ends_with("# config.toml:7"));
    assert_eq!(shown.matches("pause = ").count(), 1, "{shown}");
    let (again, _) = Config::parse(&shown, "shown.toml").unwrap();
    assert_eq!(again, config);
}

#[test]
fn a_play_key_set_in_both_places_is_read_from_play_with_a_note() {
    let text = "[tui]\npause = 3\nwatch_pace = 2\n[play]\npause = 0\n";
    let (config, origins) = Config::parse(text, "both.toml").unwrap();
    assert_eq!(config.play.pause, 0.0);
    // The other old key, alone, is still read.
    assert_eq!(config.play.watch_pace, 2.0);
    assert_eq!(origins["play.pause"], "both.toml:5");
    let loaded = Loaded {
        config,
        source: Some("both.toml".into()),
        origins,
    };
    assert_eq!(
        loaded.notes(),
        [
            "both.toml:3: tui.watch_pace is now play.watch_pace (read this time; move it)",
            "both.toml:2: tui.pause is now play.pause (ignored: play.pause is set)",
        ]
    );
    assert_eq!(
        loaded.summary(),
        "both.toml: valid; sets 2 of the 67 keys, the others are built-in"
    );
}

#[test]
fn config_check_says_what_moved_on_standard_error() {
    let dir = common::tempdir("config-moved");
    std::fs::create_dir_all(&dir).unwrap();
    let old = dir.join("old.toml");
    std::fs::write(&old, "# mine\n[tui]\nwatch_pace = 0\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_huo-chess"))
        .args(["config", "check", old.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success());
    let name = old.display();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("{name}: valid; sets 1 of the 67 keys, the others are built-in\n")
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "note: {name}:3: tui.watch_pace is now play.watch_pace (read this time; move it)\n"
        )
    );
    // `config show` reads it the same way: in [play], from its old line.
    let out = Command::new(env!("CARGO_BIN_EXE_huo-chess"))
        .args(["--config", old.to_str().unwrap(), "config", "show"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let shown = String::from_utf8_lossy(&out.stdout);
    let line = shown.lines().find(|l| l.starts_with("watch_pace")).unwrap();
    assert!(line.starts_with("watch_pace = 0.0") && line.ends_with(&format!("# {name}:3")));
    assert!(String::from_utf8_lossy(&out.stderr).contains("tui.watch_pace is now play.watch_pace"));
}

#[test]
fn search_threads_are_checked_and_named() {
    assert_eq!(
        error("[search]\nthreads = 0\n"),
        "bad.toml:2: search.threads: 0 is out of range (1 to 256)"
    );
    assert_eq!(
        error("[search]\nthreads = \"x\"\n"),
        "bad.toml:2: search.threads: expected a whole number, found string"
    );
    assert_eq!(
        error("[search]\nthreads = 257\n"),
        "bad.toml:2: search.threads: 257 is out of range (1 to 256)"
    );
    // More than this machine's cores is accepted (the file may travel): the engine uses
    // as many as there are.
    let (config, _) = Config::parse("[search]\nthreads = 256\n", "big.toml").unwrap();
    assert_eq!(config.search.threads, 256);
    assert_eq!(Config::default().search.threads, 1);
}

#[test]
fn config_check_and_show_from_the_command_line() {
    let dir = common::tempdir("config");
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.toml");
    std::fs::write(&good, "[pieces]\nqueen = 9.5\n").unwrap();
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "[pieces]\nqueen = 9.5\nking = 100\n").unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_huo-chess"))
            .args(args)
            .current_dir(&dir)
            .env("HUO_CONFIG", "")
            .env("XDG_CONFIG_HOME", &dir)
            .output()
            .unwrap()
    };
    let out = run(&["config", "check", good.to_str().unwrap()]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            "{}: valid; sets 1 of the 67 keys, the others are built-in\n",
            good.display()
        )
    );
    let empty = dir.join("empty.toml");
    std::fs::write(&empty, "# nothing changed\n").unwrap();
    let out = run(&["config", "check", empty.to_str().unwrap()]);
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .ends_with("sets none of the 67 keys: all are built-in\n")
    );
    let out = run(&["config", "check"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "no configuration file found: using the built-in defaults\n"
    );
    let out = run(&["config", "check", bad.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("bad.toml:3: pieces.king: unknown key"),
        "{err}"
    );
    let out = run(&["--config", good.to_str().unwrap(), "config", "show"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines()
            .any(|l| l.starts_with("queen = 9.5") && l.contains("good.toml:2")),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with("rook = 5.0") && l.contains("built-in")),
        "{text}"
    );
    // A broken config stops the game before anything starts.
    let out = run(&["--config", bad.to_str().unwrap()]);
    assert!(!out.status.success());
    // With no file anywhere, the built-in defaults are used.
    let out = run(&["config", "show"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("built-in defaults"));
}

#[test]
fn lookup_order_prefers_the_flag_then_the_environment() {
    let dir = common::tempdir("config-order");
    std::fs::create_dir_all(dir.join("config")).unwrap();
    std::fs::write(dir.join("config/huo.toml"), "[pieces]\nqueen = 9.1\n").unwrap();
    std::fs::write(dir.join("env.toml"), "[pieces]\nqueen = 9.2\n").unwrap();
    std::fs::write(dir.join("flag.toml"), "[pieces]\nqueen = 9.3\n").unwrap();
    let show = |env: Option<&str>, flag: Option<&str>| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_huo-chess"));
        if let Some(f) = flag {
            cmd.args(["--config", f]);
        }
        cmd.args(["config", "show"])
            .current_dir(&dir)
            .env("HUO_CONFIG", env.unwrap_or(""));
        let out = cmd.output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        text.lines()
            .find(|l| l.starts_with("queen"))
            .unwrap_or("")
            .to_string()
    };
    assert!(show(None, None).starts_with("queen = 9.1"));
    assert!(show(Some("env.toml"), None).starts_with("queen = 9.2"));
    assert!(show(Some("env.toml"), Some("flag.toml")).starts_with("queen = 9.3"));
}

#[test]
fn older_analysis_thresholds_in_pawns_keep_working_with_a_note() {
    // A file from before the winning-chances scale: thresholds in pawns.
    let text = "[analysis]\ninaccuracy = 0.5\nmistake = 1.0\nblunder = 2.0\n";
    let (config, origins) = Config::parse(text, "old.toml").unwrap();
    let a = &config.analysis;
    // Read as the chances those pawns cost a level game.
    assert_eq!(
        (a.inaccuracy_chances, a.mistake_chances, a.blunder_chances),
        (0.092, 0.182, 0.352)
    );
    assert_eq!(origins["analysis.blunder_chances"], "old.toml:4");
    let loaded = Loaded {
        config: config.clone(),
        source: None,
        origins,
    };
    let notes = loaded.notes();
    assert_eq!(notes.len(), 3, "{notes:?}");
    assert_eq!(
        notes[2],
        "old.toml:4: analysis.blunder is in pawns, an older key: read as \
         analysis.blunder_chances = 0.352 (winning chances lost); write that instead"
    );
    // `config show` writes the new key only, with the value used.
    let shown = Config::show(&loaded);
    assert!(shown.contains("blunder_chances = 0.352"), "{shown}");
    assert!(!shown.contains("\nblunder ="), "{shown}");
    // Both set: the new key wins, and the note says the old one is ignored.
    let text = "[analysis]\nblunder = 2.0\nblunder_chances = 0.25\n";
    let (config, origins) = Config::parse(text, "both.toml").unwrap();
    assert_eq!(config.analysis.blunder_chances, 0.25);
    let notes = Loaded {
        config,
        source: None,
        origins,
    }
    .notes();
    assert_eq!(
        notes,
        ["both.toml:2: analysis.blunder (pawns) is ignored: analysis.blunder_chances is set"]
    );
    // Out of range, old or new, is still refused.
    assert!(Config::parse("[analysis]\nblunder = 0\n", "x.toml").is_err());
    assert!(Config::parse("[analysis]\nblunder_chances = 3\n", "x.toml").is_err());
    // The shipped file has no note.
    let (config, origins) = Config::parse(huo_chess::config::SHIPPED, "huo.toml").unwrap();
    let shipped = Loaded {
        config,
        source: None,
        origins,
    };
    assert!(shipped.notes().is_empty());
}
