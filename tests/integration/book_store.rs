//! The book's storage as a user meets it: the packed layout as text, `pack` / `unpack`,
//! batches written all or nothing (a damaged book, a full disk, a crash), in the layout the
//! book has.

use crate::common;

use common::{tempdir, tree};
use huo_chess::book::{Book, pack};
use huo_chess::core::{Position, parse_move};
use std::path::Path;
use std::process::Command;

fn data(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// `huo-book --book BOOK --layers user ARGS` with extra environment: (success, stdout,
/// stderr).
fn huo_book_env(book: &Path, env: &[(&str, &str)], args: &[&str]) -> (bool, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_huo-book"));
    cmd.current_dir(std::env::temp_dir())
        .arg("--book")
        .arg(book)
        .args(["--layers", "user"])
        .args(args)
        .env_remove("HUO_CHESS_TEST_FAIL");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("run huo-book");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn huo_book(book: &Path, args: &[&str]) -> (bool, String, String) {
    huo_book_env(book, &[], args)
}

fn after(moves: &str) -> Position {
    let mut pos = Position::startpos();
    for m in moves.split_whitespace() {
        pos.play(parse_move(&pos, m).unwrap());
    }
    pos
}

/// Every position of a book as its lookup gives it: (key, moves with weights, fields and
/// comments).
fn contents(book: &Book) -> Vec<(u64, Vec<huo_chess::book::BookMove>, Vec<String>)> {
    book.scan()
        .into_iter()
        .map(|f| {
            assert!(f.problems.is_empty(), "{:?}", f.problems);
            (f.key.unwrap(), f.moves, f.notes)
        })
        .collect()
}

/// A book of files with games, a hand-written note and a comment.
fn files_book(dir: &Path) {
    let pgn = data("polyglot-ten.pgn");
    let (ok, _, err) = huo_book(dir, &["import-pgn", pgn.to_str().unwrap()]);
    assert!(ok, "{err}");
    let (ok, _, err) = huo_book(dir, &["record", "e4", "c5", "Nf3"]);
    assert!(ok, "{err}");
    let start = dir.join("46/463b96181691fc9c.txt");
    let text = std::fs::read_to_string(&start).unwrap();
    let text = text.replacen("\nfen ", "\n# my note: open games\nfen ", 1);
    let (head, tail) = text.split_once("\ne2e4 ").unwrap();
    let (line, rest) = tail.split_once('\n').unwrap();
    let text = format!("{head}\ne2e4 {line} ; the king's pawn\n{rest}");
    std::fs::write(&start, text).unwrap();
}

#[test]
fn pack_and_unpack_round_trip_losslessly() {
    let dir = tempdir("pack-round");
    let book_dir = dir.join("book");
    files_book(&book_dir);
    let book = Book::open(&book_dir);
    let before = tree(&book_dir);
    let seen = contents(&book);
    assert!(seen.len() > 50, "{}", seen.len());
    let files = before
        .iter()
        .filter(|(n, b)| b.is_some() && n.ends_with(".txt"))
        .count();

    let (ok, out, err) = huo_book(&book_dir, &["pack"]);
    assert!(ok, "{err}");
    assert!(out.contains(&format!("Packed {files} positions")), "{out}");
    // One text file and the lock: no position file, no folder left.
    let packed = tree(&book_dir);
    let names: Vec<&str> = packed.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, [".lock", "packed.book"]);
    let text = String::from_utf8(std::fs::read(book_dir.join("packed.book")).unwrap()).unwrap();
    assert!(text.contains(
        "\n# my note: open games\nfen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n"
    ));
    assert_eq!(contents(&book), seen);
    let e = book.lookup(&Position::startpos()).unwrap();
    assert!(
        e.file.ends_with("packed.book#463b96181691fc9c"),
        "{}",
        e.file
    );

    let (ok, out, err) = huo_book(&book_dir, &["unpack"]);
    assert!(ok, "{err}");
    assert!(
        out.contains(&format!("Unpacked {files} positions")),
        "{out}"
    );
    assert_eq!(
        tree(&book_dir),
        before,
        "unpack(pack(book)) is the book, byte for byte"
    );
    // Packing twice, unpacking twice: nothing to do the second time.
    let (ok, _, _) = huo_book(&book_dir, &["unpack"]);
    assert!(ok);
    assert_eq!(tree(&book_dir), before);
}

#[test]
fn git_diffs_and_merges_a_pack_as_text() {
    if Command::new("git").arg("--version").output().is_err() {
        return; // no git on this machine
    }
    let dir = tempdir("pack-git");
    let book_dir = dir.join("books");
    let pgn = dir.join("games.pgn");
    std::fs::write(&pgn, "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n").unwrap();
    let (ok, _, err) = huo_book(
        &book_dir,
        &["import-pgn", pgn.to_str().unwrap(), "--layout", "packed"],
    );
    assert!(ok, "{err}");
    let git = |args: &[&str]| {
        let out = Command::new("git")
            .current_dir(&dir)
            .args([
                "-c",
                "user.name=t",
                "-c",
                "user.email=t@t",
                "-c",
                "core.autocrlf=false",
            ])
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "git {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    git(&["init", "-q"]);
    git(&["add", "books/packed.book"]);
    git(&["commit", "-q", "-m", "book"]);
    // Two branches each import a game: git merges the two packs line by line.
    git(&["checkout", "-q", "-b", "sicilian"]);
    std::fs::write(&pgn, "[Result \"0-1\"]\n\n1. e4 c5 0-1\n").unwrap();
    let (ok, _, err) = huo_book(&book_dir, &["import-pgn", pgn.to_str().unwrap()]);
    assert!(ok, "{err}");
    let diff = git(&["diff"]);
    assert!(!diff.contains("Binary"), "{diff}");
    assert!(
        diff.contains("\n+c7c5 weight=1 games=1 w=1 d=0 l=0\n"),
        "{diff}"
    );
    assert!(
        diff.contains("\n-e2e4 weight=1 games=1 w=1 d=0 l=0\n+e2e4 weight=2 games=2 w=1 d=0 l=1\n"),
        "{diff}"
    );
    assert_eq!(git(&["diff", "--numstat"]), "2\t1\tbooks/packed.book\n");
    git(&["commit", "-q", "-am", "sicilian"]);
    git(&["checkout", "-q", "-"]);
    std::fs::write(&pgn, "[Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n").unwrap();
    let (ok, _, err) = huo_book(&book_dir, &["import-pgn", pgn.to_str().unwrap()]);
    assert!(ok, "{err}");
    git(&["commit", "-q", "-am", "queen's pawn"]);
    // Git merges the two packs by line: the record of the position only one branch added
    // (after 1. d4) and the one only the other changed (after 1. e4) come through; the
    // start position, changed on both, may conflict, and a conflict left in the pack is
    // a problem `check` names by its line in packed.book (writers refuse that record).
    let merge = Command::new("git")
        .current_dir(&dir)
        .args([
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "merge",
            "-q",
            "sicilian",
        ])
        .output()
        .unwrap();
    let text = std::fs::read_to_string(book_dir.join("packed.book")).unwrap();
    assert!(
        text.contains("\nd7d5 weight=1 games=1 w=0 d=1 l=0\n"),
        "{text}"
    );
    assert!(
        text.contains("\nc7c5 weight=1 games=1 w=1 d=0 l=0\n"),
        "{text}"
    );
    let (ok, out, _) = huo_book(&book_dir, &["check"]);
    if merge.status.success() {
        assert!(ok, "{out}");
    } else {
        assert!(text.contains("<<<<<<<"), "{text}");
        assert!(!ok);
        assert!(
            out.contains("packed.book:") && out.contains("'<<<<<<<'"),
            "{out}"
        );
    }
}

/// A book with a damaged pack: every writer and export refuses, names the file, exits
/// non-zero and writes nothing.
#[test]
fn a_damaged_pack_is_refused_by_every_writer_and_export() {
    let dir = tempdir("pack-damaged");
    let book_dir = dir.join("book");
    let pgn = data("polyglot-ten.pgn");
    let (ok, _, err) = huo_book(
        &book_dir,
        &["import-pgn", pgn.to_str().unwrap(), "--layout", "packed"],
    );
    assert!(ok, "{err}");
    let (ok, _, err) = huo_book(&book_dir, &["record", "a3"]);
    assert!(ok, "{err}");
    // Two records swapped: a lookup may still find most; a writer must not go on.
    let path = book_dir.join(pack::FILE_NAME);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut records: Vec<&str> = text.split("\n[").collect();
    records.swap(20, 21);
    std::fs::write(&path, records.join("\n[")).unwrap();
    let other = dir.join("other");
    let (ok, _, err) = huo_book(&other, &["record", "d4", "d5"]);
    assert!(ok, "{err}");
    let before = tree(&dir);
    let bin = dir.join("out.bin");
    let pgn_out = dir.join("out.pgn");
    let b = book_dir.to_str().unwrap();
    for (book, args) in [
        (&book_dir, vec!["import-pgn", pgn.to_str().unwrap()]),
        (
            &book_dir,
            vec!["import-pgn", pgn.to_str().unwrap(), "--layout", "files"],
        ),
        (
            &book_dir,
            vec![
                "import-polyglot",
                data("polyglot-ten.bin").to_str().unwrap(),
            ],
        ),
        (&book_dir, vec!["merge", other.to_str().unwrap()]),
        (&other, vec!["merge", b]),
        (&book_dir, vec!["export-polyglot", bin.to_str().unwrap()]),
        (&book_dir, vec!["export-pgn", pgn_out.to_str().unwrap()]),
        (&book_dir, vec!["pack"]),
        (&book_dir, vec!["unpack"]),
    ] {
        let (ok, out, err) = huo_book(book, &args);
        assert!(!ok, "{args:?} succeeded: {out}");
        assert!(
            err.contains(&format!("{}: damaged packed book", path.display())),
            "{args:?}: {err}"
        );
        assert_eq!(tree(&dir), before, "{args:?} wrote something");
    }
}

/// An import that fails part-way (a full disk while staging, a rename failing, a damaged
/// position met mid-way) leaves the book byte for byte as it was; one that crashed during
/// its switch-over is finished by the next command that writes.
#[cfg(feature = "failpoints")]
#[test]
fn an_interrupted_import_leaves_the_book_as_it_was() {
    let dir = tempdir("import-fail");
    let pgn = data("polyglot-ten.pgn");
    let pgn = pgn.to_str().unwrap();
    for layout in ["files", "packed"] {
        let book_dir = dir.join(layout);
        // A book with games already, and a hand-written file the import adds to.
        let (ok, _, err) = huo_book(
            &book_dir,
            &["import-pgn", pgn, "--layout", layout, "--max-ply", "4"],
        );
        assert!(ok, "{err}");
        let (ok, _, err) = huo_book(&book_dir, &["record", "e4", "e5"]);
        assert!(ok, "{err}");
        let before = tree(&book_dir);
        let mut full = None;
        for fail in [
            "bytes:0",
            "bytes:2000",
            "bytes:5000",
            "commit:0",
            "commit:1",
        ] {
            let (ok, out, err) = huo_book_env(
                &book_dir,
                &[("HUO_CHESS_TEST_FAIL", fail)],
                &["import-pgn", pgn],
            );
            assert!(!ok, "{layout} {fail}: {out}");
            assert!(
                !out.contains("written"),
                "{layout} {fail}: a summary of nothing: {out}"
            );
            assert_eq!(tree(&book_dir), before, "{layout} {fail}");
            if fail == "bytes:2000" {
                full = Some(err);
            }
        }
        let full = full.unwrap();
        assert!(full.contains("no space left on device"), "{full}");
        // A crash after one rename: the next write finishes the import (it was committed),
        // and the book is the one a whole import gives.
        let (ok, _, _) = huo_book_env(
            &book_dir,
            &[("HUO_CHESS_TEST_FAIL", "crash:1")],
            &["import-pgn", pgn],
        );
        assert!(!ok);
        assert!(book_dir.join(".batch.tmp").exists());
        let (ok, _, err) = huo_book(&book_dir, &["record", "h4"]);
        assert!(ok, "{err}");
        assert!(!book_dir.join(".batch.tmp").exists());
        let crashed = contents(&Book::open(&book_dir));
        let twin = dir.join(format!("{layout}-twin"));
        copy_tree(&twin, &before);
        let (ok, _, err) = huo_book(&twin, &["import-pgn", pgn]);
        assert!(ok, "{err}");
        let (ok, _, err) = huo_book(&twin, &["record", "h4"]);
        assert!(ok, "{err}");
        assert_eq!(crashed, contents(&Book::open(&twin)), "{layout}");
    }
}

/// Writes the folders and files of `tree` under `to`.
#[cfg(feature = "failpoints")]
fn copy_tree(to: &Path, tree: &[(String, Option<Vec<u8>>)]) {
    for (name, bytes) in tree {
        let p = to.join(name);
        match bytes {
            None => std::fs::create_dir_all(&p).unwrap(),
            Some(b) => {
                std::fs::create_dir_all(p.parent().unwrap()).unwrap();
                std::fs::write(&p, b).unwrap();
            }
        }
    }
}

/// A damaged position file met mid-way through a packed import: the import stops, naming
/// it, and neither the pack nor any file changes; the summary is not printed.
#[test]
fn a_damaged_position_file_stops_a_packed_import_before_anything_is_written() {
    let dir = tempdir("import-damaged-file");
    let book_dir = dir.join("book");
    let pgn = data("polyglot-ten.pgn");
    let pgn = pgn.to_str().unwrap();
    let (ok, _, err) = huo_book(&book_dir, &["import-pgn", pgn, "--layout", "packed"]);
    assert!(ok, "{err}");
    // A position file (winning over its record) with a line that cannot be read.
    let e4 = after("e4");
    let (ok, _, err) = huo_book(&book_dir, &["record", "e4", "e5"]);
    assert!(ok, "{err}");
    let file = book_dir.join(huo_chess::book::store::relative_path(e4.key()));
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, format!("{text}e7e5 weight=lots\n")).unwrap();
    let before = tree(&book_dir);
    let (ok, out, err) = huo_book(&book_dir, &["import-pgn", pgn]);
    assert!(!ok, "{out}");
    assert!(err.contains(&format!("{}:", file.display())), "{err}");
    assert!(err.contains("weight 'lots'"), "{err}");
    assert_eq!(tree(&book_dir), before);
}

/// merge and import-polyglot write the layout the book has: into a packed book, the pack
/// (no new position file); into a small book of files, files.
#[test]
fn batches_write_the_layout_the_book_has() {
    let dir = tempdir("layouts");
    let packed = dir.join("packed");
    let files = dir.join("files");
    let pgn = dir.join("one.pgn");
    std::fs::write(&pgn, "[Result \"1-0\"]\n\n1. e4 e5 1-0\n").unwrap();
    let pgn = pgn.to_str().unwrap();
    let (ok, _, err) = huo_book(&packed, &["import-pgn", pgn, "--layout", "packed"]);
    assert!(ok, "{err}");
    let (ok, _, err) = huo_book(&files, &["import-pgn", pgn]);
    assert!(ok, "{err}");
    let bin = data("polyglot-ten.bin");
    for book in [&packed, &files] {
        let (ok, out, err) = huo_book(book, &["import-polyglot", bin.to_str().unwrap()]);
        assert!(ok, "{err}");
        assert_eq!(out.contains("(packed.book)"), book == &packed, "{out}");
        let (ok, out, err) = huo_book(book, &["merge", "builtin"]);
        assert!(ok, "{err}");
        assert_eq!(out.contains("(packed.book)"), book == &packed, "{out}");
    }
    let names: Vec<String> = tree(&packed).into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, [".lock", "packed.book"]);
    let a = contents(&Book::open(&packed));
    let b = contents(&Book::open(&files));
    assert_eq!(a, b);
    assert!(a.len() > 100, "{}", a.len());
}

/// A position file or a `packed.book` that the user made a symbolic link stays one after an
/// import, the new content in the file it names: on the same file system, and on another
/// one (`/dev/shm`, where it is one: no rename crosses file systems, so the new file is
/// written beside its target first).
#[cfg(unix)]
#[test]
fn an_import_writes_through_symbolic_links_and_keeps_them() {
    use std::os::unix::fs::{MetadataExt, symlink};
    let dir = tempdir("links");
    let mut places = vec![common::TempDir(dir.join("real"))];
    let shm = Path::new("/dev/shm");
    let dev = |p: &Path| std::fs::metadata(p).map(|m| m.dev()).ok();
    if shm.is_dir() && dev(shm) != dev(&dir) {
        places.push(common::TempDir(
            shm.join(format!("huo-test-links-{}", std::process::id())),
        ));
    }
    let pgn = data("polyglot-ten.pgn");
    let pgn = pgn.to_str().unwrap();
    let start = Position::startpos();
    let e4_weight = |book: &Path| {
        let entry = Book::open(book).lookup(&start).unwrap();
        entry
            .moves
            .iter()
            .find(|m| m.mv.uci() == "e2e4")
            .unwrap()
            .weight
    };
    // Moves `path` to `to` (perhaps on another file system) and links `path` to it.
    let relink = |path: &Path, to: &Path| {
        std::fs::copy(path, to).unwrap();
        std::fs::remove_file(path).unwrap();
        symlink(to, path).unwrap();
    };
    let is_link = |p: &Path| std::fs::symlink_metadata(p).unwrap().is_symlink();
    for (n, real) in places.iter().enumerate() {
        std::fs::create_dir_all(real.as_path()).unwrap();
        // One file per position: the initial position's file is a link.
        let book = dir.join(format!("files-{n}"));
        assert!(huo_book(&book, &["record", "e4"]).0);
        let file = book.join("46/463b96181691fc9c.txt");
        let target = real.join("start.txt");
        relink(&file, &target);
        let (ok, _, err) = huo_book(&book, &["import-pgn", pgn, "--layout", "files"]);
        assert!(ok, "{err}");
        assert!(is_link(&file), "{} replaced by a file", file.display());
        let imported = e4_weight(&book);
        assert!(imported > 1, "{imported}");
        assert!(
            std::fs::read_to_string(&target)
                .unwrap()
                .contains(&format!("e2e4 weight={imported} ")),
            "the new content is in {}",
            target.display()
        );
        // The pack is a link.
        let book = dir.join(format!("packed-{n}"));
        let (ok, _, err) = huo_book(&book, &["import-pgn", pgn, "--layout", "packed"]);
        assert!(ok, "{err}");
        let once = e4_weight(&book);
        let packed = pack::path(&book);
        let target = real.join("my.book");
        relink(&packed, &target);
        let (ok, out, err) = huo_book(&book, &["import-pgn", pgn]);
        assert!(ok, "{err}");
        assert!(out.contains("(packed.book)"), "{out}");
        assert!(is_link(&packed), "{} replaced by a file", packed.display());
        assert_eq!(e4_weight(&book), 2 * once);
        assert!(
            std::fs::read_to_string(&target)
                .unwrap()
                .contains(&format!("e2e4 weight={} ", 2 * once))
        );
        // Nothing left beside the targets.
        let mut names: Vec<String> = std::fs::read_dir(real.as_path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["my.book", "start.txt"]);
    }
}

#[test]
fn unpack_refuses_a_damaged_file_as_pack_does() {
    let dir = tempdir("unpack-damaged");
    let (ok, _, err) = huo_book(&dir, &["record", "e4", "e5"]);
    assert!(ok, "{err}");
    let (ok, _, err) = huo_book(&dir, &["pack"]);
    assert!(ok, "{err}");
    // The start position gets its own file over its record, then a damaged line.
    let (ok, _, err) = huo_book(&dir, &["record", "d4"]);
    assert!(ok, "{err}");
    let start = dir.join("46/463b96181691fc9c.txt");
    let mut text = std::fs::read_to_string(&start).unwrap();
    text.push_str("d2d5\n");
    std::fs::write(&start, text).unwrap();
    let before = tree(&dir);
    for command in ["pack", "unpack"] {
        let (ok, out, err) = huo_book(&dir, &[command]);
        assert!(!ok, "{command} went on: {out}");
        assert!(
            err.contains("463b96181691fc9c.txt") && err.contains("nothing was converted"),
            "{command}: {err}"
        );
        assert_eq!(tree(&dir), before, "{command} wrote something");
    }
}

/// The shipped program has no test switch: without the `failpoints` feature, the variable
/// the fault tests use changes nothing.
#[cfg(not(feature = "failpoints"))]
#[test]
fn a_shipped_build_ignores_the_fault_switch() {
    let dir = tempdir("no-fail-switch");
    let book_dir = dir.join("book");
    let (ok, out, err) = huo_book_env(
        &book_dir,
        &[("HUO_CHESS_TEST_FAIL", "bytes:0")],
        &["record", "e4", "e5"],
    );
    assert!(ok, "{out}{err}");
    let book = Book::open(&book_dir);
    assert!(!contents(&book).is_empty(), "the moves were recorded");
}
