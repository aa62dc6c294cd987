//! The game screen on a real (pseudo-)terminal: closing the terminal under it must end it
//! with the game saved, not leave it running. Driven by `tests/data/pty_hangup.py`
//! (Python 3's `pty` support), so the screen sees a true terminal.

mod common;

#[test]
fn a_closed_terminal_ends_the_game_screen_with_the_game_saved() {
    let home = common::tempdir("pty-hangup");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pty_hangup.py");
    let out = std::process::Command::new("python3")
        .args([script, env!("CARGO_BIN_EXE_huo-chess")])
        .env("HOME", &home.0)
        .env("XDG_DATA_HOME", home.0.join("data"))
        .env("XDG_CONFIG_HOME", home.0.join("config"))
        .output()
        .expect("python3 runs the pseudo-terminal driver");
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        said.trim(),
        "exited 0 replied",
        "the screen answered e2e4, then ended by itself once its terminal closed; stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let saved = std::fs::read_to_string(home.0.join("data/huo-chess/autosave.pgn"))
        .expect("the game was autosaved");
    assert!(
        saved.contains("1. e4 "),
        "the move is in the saved game:\n{saved}"
    );
}
