//! PGN inputs as databases ship them: gzip and zstd files (told by their content, not
//! their name) and standard input give the same book and the same analysis as the plain
//! text; a binary file, an unsupported archive or a damaged one is refused with nothing
//! written.

use crate::common;

use common::{tempdir, tree};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn gzip(text: &[u8]) -> Vec<u8> {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    enc.write_all(text).unwrap();
    enc.finish().unwrap()
}

fn zstd(text: &[u8]) -> Vec<u8> {
    ruzstd::encoding::compress_to_vec(text, ruzstd::encoding::CompressionLevel::Fastest)
}

/// Runs `program ARGS` with `stdin` as its standard input: (success, stdout, stderr).
fn run(program: &str, args: &[&str], stdin: &[u8]) -> (bool, String, String) {
    let mut child = Command::new(program)
        .args(args)
        .env("HUO_CONFIG", "")
        .env_remove("HUO_CHESS_TEST_FAIL")
        .current_dir(std::env::temp_dir())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the program");
    let mut pipe = child.stdin.take().unwrap();
    let bytes = stdin.to_vec();
    // Written from a thread: a large input must not block while the output fills up.
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&bytes);
    });
    let out = child.wait_with_output().expect("run the program");
    writer.join().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `huo-book --book BOOK --layers user import-pgn FILE ARGS`, `stdin` piped in.
fn import(book: &Path, file: &str, args: &[&str], stdin: &[u8]) -> (bool, String, String) {
    let mut all = vec!["--book", book.to_str().unwrap(), "--layers", "user"];
    all.extend(["import-pgn", file]);
    all.extend(args);
    run(env!("CARGO_BIN_EXE_huo-book"), &all, stdin)
}

/// The output with the summary's timing (" in 0.1s") taken out.
fn summary(out: &str) -> String {
    out.lines()
        .map(|l| match (l.find(" in "), l.find("s: ")) {
            (Some(a), Some(b)) if a < b => format!("{}{}", &l[..a], &l[b + 1..]),
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn gzip_zstd_and_standard_input_import_the_same_book_as_text() {
    let dir = tempdir("pgn-input-same");
    let text = std::fs::read(data("polyglot-ten.pgn")).unwrap();
    let gz = dir.join("games.pgn.gz");
    let zst = dir.join("games.pgn.zst");
    // Told by content: a zstd file whose name says plain PGN.
    let disguised = dir.join("games.pgn");
    std::fs::write(&gz, gzip(&text)).unwrap();
    std::fs::write(&zst, zstd(&text)).unwrap();
    std::fs::write(&disguised, zstd(&text)).unwrap();
    for layout in ["files", "packed"] {
        let args = ["--layout", layout, "--max-ply", "12"];
        let plain = dir.join(format!("plain-{layout}"));
        let (ok, out, err) = import(
            &plain,
            data("polyglot-ten.pgn").to_str().unwrap(),
            &args,
            b"",
        );
        assert!(ok, "{err}");
        assert!(out.contains("Read 10 games (0 skipped)"), "{out}");
        let expected = tree(&plain);
        let bytes: usize = expected
            .iter()
            .filter_map(|(_, b)| b.as_ref())
            .map(Vec::len)
            .sum();
        assert!(bytes > 1000, "{layout}: {bytes} bytes");
        let inputs: [(&str, &Path, &[u8]); 5] = [
            ("gzip", &gz, b""),
            ("zstd", &zst, b""),
            ("disguised", &disguised, b""),
            ("stdin", Path::new("-"), &text),
            ("stdin-zstd", Path::new("-"), &zstd(&text)),
        ];
        for (what, path, stdin) in inputs {
            let book = dir.join(format!("{what}-{layout}"));
            let (ok, got, err) = import(&book, path.to_str().unwrap(), &args, stdin);
            assert!(ok, "{what} {layout}: {err}");
            assert_eq!(
                summary(&got),
                summary(&out).replace(plain.to_str().unwrap(), book.to_str().unwrap()),
                "{what}"
            );
            assert_eq!(tree(&book), expected, "{what} {layout}");
        }
    }
}

#[test]
fn a_binary_unsupported_or_damaged_input_is_refused_with_nothing_written() {
    let dir = tempdir("pgn-input-refused");
    let book = dir.join("book");
    let pgn = data("polyglot-ten.pgn");
    let (ok, _, err) = import(&book, pgn.to_str().unwrap(), &[], b"");
    assert!(ok, "{err}");
    let before = tree(&book);
    // Many games, so that the archives span several blocks and a cut one fails part-way.
    let text = std::fs::read(&pgn).unwrap().repeat(400);
    let mut cut_gz = gzip(&text);
    cut_gz.truncate(cut_gz.len() * 2 / 3);
    let mut cut_zst = zstd(&text);
    cut_zst.truncate(cut_zst.len() * 2 / 3);
    let bz2 = b"BZh91AY&SY\x4e\xec\xe8\x36\x00\x00\x02\x51\x80\x00\x10\x40\x00\x06".to_vec();
    let binary = std::fs::read(data("polyglot-ten.bin")).unwrap();
    for (name, bytes, expect) in [
        ("book.bin", binary.clone(), "binary data, not text"),
        ("games.pgn.bz2", bz2, "bzip2-compressed"),
        (
            "binary.pgn.zst",
            zstd(&binary),
            "zstd-compressed binary data",
        ),
        ("cut.pgn.gz", cut_gz, "gzip-compressed data"),
        ("cut.pgn.zst", cut_zst, "truncated or damaged zstd data in"),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, &bytes).unwrap();
        let path = path.to_str().unwrap();
        for layout in ["files", "packed"] {
            let (ok, out, err) = import(&book, path, &["--layout", layout], b"");
            assert!(!ok, "{name} {layout}: {out}");
            assert!(err.contains(path) && err.contains(expect), "{name}: {err}");
            assert!(!out.contains("written"), "{name}: {out}");
            assert_eq!(tree(&book), before, "{name} {layout}");
        }
        // The same from standard input.
        let (ok, _, err) = import(&book, "-", &[], &bytes);
        assert!(
            !ok && (err.contains("standard input") || err.contains("huo-book: Standard input"))
                && err.contains(expect),
            "{name}: {err}"
        );
        assert_eq!(tree(&book), before, "{name} from standard input");
    }
    let (ok, _, err) = import(&book, "-", &[], b"");
    assert!(
        !ok && err.contains("huo-book: Standard input: no game could be read"),
        "{err}"
    );
    assert_eq!(tree(&book), before);
}

#[test]
fn analyse_reads_compressed_files_and_standard_input() {
    let dir = tempdir("pgn-input-analyse");
    let text = std::fs::read(data("analysis.pgn")).unwrap();
    let zst = dir.join("games.pgn.zst");
    std::fs::write(&zst, zstd(&text)).unwrap();
    let gz = dir.join("games.pgn.gz");
    std::fs::write(&gz, gzip(&text)).unwrap();
    let exe = env!("CARGO_BIN_EXE_huo-chess");
    let args = |file: &str| {
        vec!["analyse", file, "--depth", "3", "--threads", "1"]
            .into_iter()
            .map(String::from)
            .collect::<Vec<_>>()
    };
    let call = |file: &str, stdin: &[u8]| {
        let a = args(file);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        run(exe, &a, stdin)
    };
    let (ok, plain, err) = call(data("analysis.pgn").to_str().unwrap(), b"");
    assert!(ok, "{err}");
    assert!(plain.contains("[%eval"), "{plain}");
    for (what, file, stdin) in [
        ("zstd", zst.to_str().unwrap(), &b""[..]),
        ("gzip", gz.to_str().unwrap(), &b""[..]),
        ("stdin", "-", &text[..]),
    ] {
        let (ok, out, err) = call(file, stdin);
        assert!(ok, "{what}: {err}");
        assert_eq!(out, plain, "{what}");
    }
    let (ok, _, err) = call(data("polyglot-ten.bin").to_str().unwrap(), b"");
    assert!(!ok && err.contains("binary data, not text"), "{err}");
}
