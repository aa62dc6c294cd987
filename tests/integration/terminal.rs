//! The game screen on a real (pseudo-)terminal: closing the terminal under it, or ending
//! it by signals, must end it with the game saved, not leave it running. Driven by
//! `tests/data/pty_hangup.py` (Python 3's `pty` support), so the screen sees a true terminal.

use crate::common;

/// Runs the driver in `mode`; returns what it said and the autosaved game.
fn play_then_end(name: &str, mode: &str) -> (String, String) {
    let home = common::tempdir(name);
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pty_hangup.py");
    let out = std::process::Command::new("python3")
        .args([script, env!("CARGO_BIN_EXE_huo-chess"), mode])
        .env("HOME", &home.0)
        .env("XDG_DATA_HOME", home.0.join("data"))
        .env("XDG_CONFIG_HOME", home.0.join("config"))
        .output()
        .expect("python3 runs the pseudo-terminal driver");
    let said = format!(
        "{}\nstderr: {}",
        String::from_utf8_lossy(&out.stdout).trim(),
        String::from_utf8_lossy(&out.stderr)
    );
    let saved =
        std::fs::read_to_string(home.0.join("data/huo-chess/autosave.pgn")).unwrap_or_default();
    (said, saved)
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
