//! Every command that writes a file keeps what the path is: a symbolic link stays a link
//! (the file it names is written), a device or a FIFO is written in place and never
//! replaced by a regular file, and a missing folder is refused with the reason, never made.

use crate::common::{self, huo_chess};
use std::fs;
use std::path::Path;
use std::process::Command;

const GAME: &str = "[Event \"t\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";

fn huo_book(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_huo-book"))
        .args(args)
        .env("HUO_CONFIG", "")
        .output()
        .expect("run huo-book");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[cfg(unix)]
fn is_link(p: &Path) -> bool {
    fs::symlink_metadata(p).unwrap().file_type().is_symlink()
}

#[cfg(unix)]
#[test]
fn analyse_out_and_export_pgn_write_through_a_symbolic_link() {
    let dir = common::tempdir("out-link");
    let input = dir.join("in.pgn");
    fs::write(&input, GAME).unwrap();
    fs::create_dir(dir.join("real")).unwrap();
    let link = dir.join("analysed.pgn");
    std::os::unix::fs::symlink(dir.join("real/analysed.pgn"), &link).unwrap();
    let (ok, _, err) = huo_chess(&["analyse", s(&input), "--out", s(&link), "--depth", "2"]);
    assert!(ok, "{err}");
    assert!(is_link(&link), "the link was replaced by a file");
    let text = fs::read_to_string(dir.join("real/analysed.pgn")).unwrap();
    assert!(text.contains("[%eval"), "{text}");

    let book_link = dir.join("book.pgn");
    std::os::unix::fs::symlink("real/book.pgn", &book_link).unwrap();
    let (ok, _, err) = huo_book(&[
        "--book",
        s(&dir.join("nobook")),
        "export-pgn",
        s(&book_link),
    ]);
    assert!(ok, "{err}");
    assert!(is_link(&book_link));
    // The export of that (empty) book, through the link: its headers name the book.
    let text = fs::read_to_string(dir.join("real/book.pgn")).unwrap();
    assert!(
        text.starts_with("[Event \"Huo Chess opening book\"]")
            && text.contains(&format!("[Site \"{}\"]", dir.join("nobook").display())),
        "{text}"
    );
}

#[cfg(unix)]
#[test]
fn a_full_device_fails_the_command_and_stays_a_device() {
    use std::os::unix::fs::FileTypeExt;
    let full = Path::new("/dev/full");
    if !full.exists() {
        return;
    }
    let dir = common::tempdir("out-full");
    let input = dir.join("in.pgn");
    fs::write(&input, GAME).unwrap();
    let (ok, _, err) = huo_chess(&["analyse", s(&input), "--out", "/dev/full", "--depth", "1"]);
    assert!(!ok, "writing to a full device must fail the command");
    assert!(err.contains("/dev/full"), "{err}");
    assert!(fs::metadata(full).unwrap().file_type().is_char_device());
}

#[cfg(unix)]
#[test]
fn a_match_writes_its_games_into_a_fifo_in_place_once() {
    use std::os::unix::fs::FileTypeExt;
    use std::sync::mpsc;
    use std::time::Duration;
    let dir = common::tempdir("out-fifo");
    let fifo = dir.join("games.pgn");
    if !Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        return;
    }
    // The reader takes everything written until the writer closes; then a second reader
    // would wait for a second writer: the match must write the stream once.
    let (tx, rx) = mpsc::channel();
    {
        let fifo = fifo.clone();
        std::thread::spawn(move || tx.send(fs::read_to_string(fifo).unwrap()));
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_huo-chess"))
        .args(["match", "--engine1", "1", "--engine2", "2", "--games", "2"])
        .args(["--nodes", "200", "--pgn", s(&fifo)])
        .env("HUO_CONFIG", "")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let text = rx.recv_timeout(Duration::from_secs(120));
    let finished = (0..1200).find_map(|_| {
        let status = child.try_wait().unwrap();
        if status.is_none() {
            std::thread::sleep(Duration::from_millis(100));
        }
        status
    });
    if finished.is_none() {
        let _ = child.kill();
    }
    let text = text.expect("nothing came through the FIFO");
    assert!(
        finished.is_some_and(|s| s.success()),
        "the match hung or failed"
    );
    assert_eq!(text.matches("[Event ").count(), 2, "{text}");
    assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
}

#[test]
fn a_missing_folder_is_refused_with_its_name_and_not_made() {
    let dir = common::tempdir("out-typo");
    let input = dir.join("in.pgn");
    fs::write(&input, GAME).unwrap();
    let out = dir.join("typo/dir/x.pgn");
    let (ok, _, err) = huo_chess(&["analyse", s(&input), "--out", s(&out), "--depth", "1"]);
    assert!(!ok);
    assert!(err.contains("typo/dir does not exist"), "{err}");
    let (ok, _, err) = huo_book(&["--book", s(&dir.join("nobook")), "export-polyglot", s(&out)]);
    assert!(!ok);
    assert!(err.contains("does not exist"), "{err}");
    assert!(
        !dir.join("typo").exists(),
        "the missing folders were created"
    );
}
