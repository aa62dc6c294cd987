//! The game screen on a real (pseudo-)terminal: closing the terminal under it, or ending
//! it by signals, must end it with the game saved, not leave it running. Driven by
//! `tests/data/pty_hangup.py` (Python 3's `pty` support), so the screen sees a true terminal.

use crate::common;

/// Runs the driver in `mode`; returns what it said and the autosaved game.
fn play_then_end(name: &str, mode: &str) -> (String, String) {
    let home = common::tempdir(name);
    let said = drive(&home, mode, &[]);
    let saved =
        std::fs::read_to_string(home.0.join("data/huo-chess/autosave.pgn")).unwrap_or_default();
    (said, saved)
}

/// Runs the driver in `mode` with HOME in `home` (and `env` over it): what it said.
fn drive(home: &common::TempDir, mode: &str, env: &[(&str, &std::path::Path)]) -> String {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pty_hangup.py");
    let mut command = std::process::Command::new("python3");
    command
        .args([script, env!("CARGO_BIN_EXE_huo-chess"), mode])
        .env("HOME", &home.0)
        .env("XDG_DATA_HOME", home.0.join("data"))
        .env("XDG_CONFIG_HOME", home.0.join("config"));
    for (k, v) in env {
        command.env(k, v);
    }
    let out = command
        .output()
        .expect("python3 runs the pseudo-terminal driver");
    format!(
        "{}\nstderr: {}",
        String::from_utf8_lossy(&out.stdout).trim(),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn a_signal_with_no_place_to_save_keeps_the_game_in_the_temporary_folder() {
    let home = common::tempdir("pty-no-save");
    // The data folder cannot be made: a file stands where its parent should be.
    let blocker = home.0.join("not-a-folder");
    std::fs::write(&blocker, "a file").unwrap();
    let tmp = home.0.join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let said = drive(
        &home,
        "signals",
        &[("XDG_DATA_HOME", &blocker), ("TMPDIR", &tmp)],
    );
    assert!(said.starts_with("exited 1 replied\n"), "{said}");
    let kept: Vec<_> = std::fs::read_dir(&tmp)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    let game = std::fs::read_to_string(&kept[0]).unwrap();
    assert!(game.contains("1. e4 "), "{game}");
    assert!(
        said.contains("Could not save the game in progress")
            && said.contains(&format!("written to {}", kept[0].display())),
        "{said}"
    );
}

#[test]
fn a_closed_terminal_ends_the_game_screen_with_the_game_saved() {
    let (said, saved) = play_then_end("pty-hangup", "close");
    assert!(
        said.starts_with("exited 0 replied\n"),
        "the screen answered e2e4, then ended by itself once its terminal closed: {said}"
    );
    assert!(
        saved.contains("1. e4 "),
        "the move is in the saved game:\n{saved}"
    );
}

#[test]
fn two_different_signals_at_once_still_save_the_game() {
    // A shutdown sends SIGTERM, and the terminal going with it SIGHUP: two signals, but
    // not a second request of the same kind, so the screen ends as a quit does.
    let (said, saved) = play_then_end("pty-signals", "signals");
    assert!(
        said.starts_with("exited 0 replied\n"),
        "the screen answered e2e4, then ended on SIGTERM and SIGHUP: {said}"
    );
    assert!(
        saved.contains("1. e4 "),
        "the move is in the saved game:\n{saved}"
    );
}

/// Runs the game with `args` on an 80x25 pseudo-terminal (`pty`) or on no terminal at all
/// (`none`), from an empty folder with an empty HOME: (how it ended, did the screen open,
/// what it wrote).
fn start(name: &str, mode: &str, args: &[&str]) -> (String, bool, String) {
    let home = common::tempdir(name);
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pty_run.py");
    let out = std::process::Command::new("python3")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_huo-chess"))
        .arg(mode)
        .args(args)
        .current_dir(&home.0)
        .env("HOME", &home.0)
        .env("XDG_DATA_HOME", home.0.join("data"))
        .env("XDG_CONFIG_HOME", home.0.join("config"))
        .output()
        .expect("python3 runs the pseudo-terminal driver");
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut lines = said.lines();
    let ended = lines.next().unwrap_or_default().to_string();
    let opened = lines.next() == Some("screen opened");
    (ended, opened, lines.collect::<Vec<_>>().join("\n"))
}

#[test]
fn bad_start_up_flags_stop_before_the_screen_opens() {
    for (flag, value, reason) in [
        ("--fen", "garbage", "--fen 'garbage': invalid FEN"),
        ("--level", "11", "--level '11' is not a level"),
        ("--color", "x", "--color 'x': expected w or b"),
        ("--clock", "0+0", "--clock '0+0'"),
        ("--clock", "-5+3", "--clock '-5+3': a negative time"),
        (
            "--white",
            "11",
            "--white: '11' is neither a level nor a file",
        ),
    ] {
        let (ended, opened, wrote) = start("pty-bad-flag", "pty", &[flag, value]);
        assert_eq!(ended, "exit 1", "{flag} {value}: {wrote}");
        assert!(!opened, "{flag} {value}: the screen opened: {wrote}");
        assert!(wrote.contains(reason), "{flag} {value}: {wrote}");
    }
}

#[test]
fn without_a_terminal_the_game_says_it_needs_one_and_points_to_uci() {
    let (ended, opened, wrote) = start("no-tty", "none", &[]);
    assert_eq!(ended, "exit 1", "{wrote}");
    assert!(!opened, "{wrote}");
    assert!(
        wrote.contains("huo-chess: The game needs a terminal") && wrote.contains("huo-chess uci"),
        "{wrote}"
    );
    // A bad flag is still named first: it is the thing to fix.
    let (_, _, wrote) = start("no-tty-bad-flag", "none", &["--level", "11"]);
    assert!(wrote.contains("--level '11'"), "{wrote}");
}
