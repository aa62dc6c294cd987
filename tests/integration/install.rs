//! The programs as installed: both answer `--version`, write their shell completions and
//! man pages from their own command definitions, and find their built-in data (book,
//! configuration) wherever they are copied and whatever the current folder.

use crate::common;
use std::path::Path;
use std::process::Command;

fn run(program: &Path, cwd: &Path, args: &[&str]) -> (bool, String, String) {
    let home = cwd.join("home");
    std::fs::create_dir_all(&home).unwrap();
    let out = Command::new(program)
        .args(args)
        .current_dir(cwd)
        .env("HOME", &home)
        .env_remove("XDG_CONFIG_HOME")
        .env_remove("XDG_DATA_HOME")
        .env_remove("HUO_CONFIG")
        .output()
        .expect("run the program");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const BOOK: &str = env!("CARGO_BIN_EXE_huo-book");
const CHESS: &str = env!("CARGO_BIN_EXE_huo-chess");

#[test]
fn both_programs_tell_their_version() {
    let dir = common::tempdir("install-version");
    for (program, name) in [(BOOK, "huo-book"), (CHESS, "huo-chess")] {
        let (ok, out, _) = run(Path::new(program), &dir, &["--version"]);
        assert!(ok);
        assert_eq!(out.trim(), format!("{name} {}", env!("CARGO_PKG_VERSION")));
    }
}

#[test]
fn huo_book_writes_completions_and_man_pages_of_every_command() {
    let dir = common::tempdir("install-man");
    let (ok, bash, err) = run(Path::new(BOOK), &dir, &["completions", "bash"]);
    assert!(ok, "{err}");
    for word in ["huo-book", "import-pgn", "export-polyglot", "--layers"] {
        assert!(bash.contains(word), "bash completions lack {word}");
    }
    let (ok, zsh, _) = run(Path::new(BOOK), &dir, &["completions", "zsh"]);
    assert!(ok && zsh.starts_with("#compdef huo-book"), "{zsh}");
    let (ok, page, _) = run(Path::new(BOOK), &dir, &["man"]);
    assert!(ok);
    assert!(page.contains(".TH huo-book 1"), "{page}");
    for command in ["record", "adopt", "import\\-pgn", "export\\-pgn"] {
        assert!(page.contains(command), "the man page lacks {command}");
    }
    let (ok, page, _) = run(Path::new(BOOK), &dir, &["man", "record"]);
    assert!(ok);
    assert!(page.contains(".TH huo-book-record 1"), "{page}");
    assert!(page.contains("\\-\\-from\\-file"), "{page}");
    assert!(
        page.contains("\\-\\-book"),
        "the global options are on the page: {page}"
    );
    let (ok, _, err) = run(Path::new(BOOK), &dir, &["man", "recrod"]);
    assert!(!ok);
    assert!(
        err.contains("No command recrod") && err.contains("record"),
        "{err}"
    );
}

#[test]
fn huo_chess_writes_completions_and_man_pages_of_every_command() {
    let dir = common::tempdir("install-man-chess");
    let (ok, bash, err) = run(Path::new(CHESS), &dir, &["completions", "bash"]);
    assert!(ok, "{err}");
    for word in ["huo-chess", "analyse", "match", "--clock", "--level"] {
        assert!(bash.contains(word), "bash completions lack {word}");
    }
    let (ok, page, _) = run(Path::new(CHESS), &dir, &["man"]);
    assert!(ok);
    assert!(page.contains(".TH huo-chess 1"), "{page}");
    for command in ["uci", "analyse", "match", "perft"] {
        assert!(page.contains(command), "the man page lacks {command}");
    }
    let (ok, page, _) = run(Path::new(CHESS), &dir, &["man", "analyse"]);
    assert!(ok);
    assert!(page.contains(".TH huo-chess-analyse 1"), "{page}");
    assert!(page.contains("\\-\\-movetime"), "{page}");
    let (ok, _, err) = run(Path::new(CHESS), &dir, &["man", "analyze"]);
    assert!(!ok);
    assert!(
        err.contains("No command analyze") && err.contains("analyse"),
        "{err}"
    );
}

#[test]
fn copied_programs_find_their_built_in_data_from_any_folder() {
    // As `cargo install` leaves them: the two programs alone in a bin folder, run from an
    // empty folder with an empty home.
    let dir = common::tempdir("install-prefix");
    let bin = dir.join("prefix/bin");
    std::fs::create_dir_all(&bin).unwrap();
    let (book, chess) = (bin.join("huo-book"), bin.join("huo-chess"));
    std::fs::copy(BOOK, &book).unwrap();
    std::fs::copy(CHESS, &chess).unwrap();
    let cwd = dir.join("elsewhere");
    std::fs::create_dir_all(&cwd).unwrap();

    let (ok, out, err) = run(&book, &cwd, &["show", "e4"]);
    assert!(ok, "{err}");
    assert!(out.contains("from built-in book"), "{out}");
    assert!(
        out.contains("c7c5"),
        "the built-in book answers 1.e4: {out}"
    );
    let (ok, out, err) = run(&chess, &cwd, &["config", "show"]);
    assert!(ok, "{err}");
    assert!(out.contains("queen") && out.contains("built-in"), "{out}");
    let (ok, out, err) = run(&chess, &cwd, &["perft", "3"]);
    assert!(ok, "{err}");
    assert!(out.contains("Nodes searched: 8902"), "{out}");
    // Nothing was written where it ran.
    let left: Vec<_> = std::fs::read_dir(&cwd)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, vec![std::ffi::OsString::from("home")]);
}
