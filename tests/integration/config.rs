//! The TOML configuration: the shipped file, errors naming file, line and key, and the
//! lookup order.

use crate::common;

use huo_chess::config::Config;
use std::process::Command;

#[test]
fn the_shipped_file_is_the_built_in_default() {
    let (config, origins) = Config::parse(huo_chess::config::SHIPPED, "config/huo.toml").unwrap();
    assert_eq!(config, Config::default());
    assert_eq!(
        origins.len(),
        huo_chess::config::FIELDS.len(),
        "every setting is documented in the file"
    );
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
        "bad.toml:3: eval.mobilty: unknown key"
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
        "bad.toml:1: colours: unknown section"
    );
    assert!(error("[pieces\nqueen = 9\n").starts_with("bad.toml:1: "));
    assert!(error("[tui.keys]\nquit = \"qq\"\n").starts_with("bad.toml:2: tui.keys.quit: "));
    // A plain character would swallow a move character: refused, with the reason.
    let e = error("[tui.keys]\nnew_game = \"n\"\n");
    assert!(e.starts_with("bad.toml:2: tui.keys.new_game: "), "{e}");
    assert!(e.contains("move character"), "{e}");
    assert!(error("[tui.keys]\ntakeback = \"Ctrl+C\"\n").contains("quitting"));
    assert!(error("[pieces]\nqueen = nan\n").contains("out of range"));
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
