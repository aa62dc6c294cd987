//! Shared helpers for the integration tests: the perft suite, a small seeded PRNG and
//! running the `huo-chess` binary.
#![allow(dead_code)]

use huo_chess::core::{Move, Position};

/// One line of `tests/data/perft.epd`: a FEN and its perft counts by depth.
pub struct PerftCase {
    pub line: usize,
    pub fen: String,
    /// `(depth, leaf nodes)`
    pub counts: Vec<(u32, u64)>,
}

pub fn perft_suite() -> Vec<PerftCase> {
    let text = include_str!("../data/perft.epd");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let mut parts = l.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|p| {
                    let mut it = p.split_whitespace();
                    let d = it.next().unwrap().trim_start_matches('D').parse().unwrap();
                    let n = it.next().unwrap().parse().unwrap();
                    (d, n)
                })
                .collect();
            PerftCase {
                line: i + 1,
                fen,
                counts,
            }
        })
        .collect()
}

/// xorshift64: deterministic randomness for playouts.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Positions reached by random playouts from every suite position.
pub fn random_positions(playouts_per_start: usize, max_plies: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for case in perft_suite() {
        let start = Position::from_fen(&case.fen).unwrap();
        for _ in 0..playouts_per_start {
            let mut pos = start;
            out.push(pos);
            for _ in 0..rng.below(max_plies + 1) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv: Move = moves[rng.below(moves.len())];
                pos.play(mv);
                out.push(pos);
            }
        }
    }
    out
}

/// A directory deleted with everything in it when dropped: what [`tempdir`] returns, and a
/// guard a test may put on a folder it makes itself (`TempDir(path)`).
pub struct TempDir(pub std::path::PathBuf);

impl std::ops::Deref for TempDir {
    type Target = std::path::PathBuf;
    fn deref(&self) -> &std::path::PathBuf {
        &self.0
    }
}

impl AsRef<std::path::Path> for TempDir {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::ffi::OsStr> for TempDir {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.as_os_str()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fresh, empty directory under the system's temporary folder (`huo-test-NAME-…`, made
/// unique by `tempfile`), deleted when dropped.
pub fn tempdir(name: &str) -> TempDir {
    let dir = tempfile::Builder::new()
        .prefix(&format!("huo-test-{name}-"))
        .tempdir()
        .expect("the temporary folder is writable");
    // Kept by `tempfile`, removed by our own guard: tests also guard folders they make.
    TempDir(dir.keep())
}

/// Runs `huo-chess` with `args`: (success, stdout, stderr).
pub fn huo_chess(args: &[&str]) -> (bool, String, String) {
    outcome(std::process::Command::new(env!("CARGO_BIN_EXE_huo-chess")).args(args))
}

/// Runs a command made ready by the caller: (success, stdout, stderr).
pub fn outcome(command: &mut std::process::Command) -> (bool, String, String) {
    let out = command.output().expect("run the command");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Waits for a started command to end: (success, stdout, stderr).
pub fn outcome_of(child: std::process::Child) -> (bool, String, String) {
    let out = child.wait_with_output().expect("the command ends");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Every file under `dir` with its bytes, and every folder (`None`), sorted by path: a
/// folder's whole state, to compare byte for byte.
pub fn tree(dir: &std::path::Path) -> Vec<(String, Option<Vec<u8>>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            let name = p.strip_prefix(dir).unwrap().display().to_string();
            if p.is_dir() {
                stack.push(p.clone());
                out.push((name, None));
            } else {
                out.push((name, Some(std::fs::read(&p).unwrap())));
            }
        }
    }
    out.sort();
    out
}

/// Reads the evaluation's breakdown as `huo-chess eval` and UCI's `eval` print it (each
/// line perhaps behind a prefix such as `info string `): the blended value of every line
/// between the table's head and `Score for White`, that score, and the score for the side
/// to move, all in centipawns.
pub fn read_breakdown(text: &str) -> (Vec<(String, i32)>, i32, i32) {
    let cp = |word: &str| -> i32 {
        let pawns: f64 = word
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("'{word}' in {text}"));
        (pawns * 100.0).round() as i32
    };
    let mut lines = text
        .lines()
        .skip_while(|l| !l.contains("Part (White - Black)"));
    lines.next().unwrap_or_else(|| panic!("no table in {text}"));
    let mut parts = Vec::new();
    let mut white = None;
    for l in lines.by_ref() {
        let (name, value) = l.trim_end().rsplit_once(' ').unwrap();
        if name.contains("Score for White") {
            white = Some(cp(value));
            break;
        }
        parts.push((name.trim().to_string(), cp(value)));
    }
    let stm = lines
        .find_map(|l| {
            l.split_once("Score for the side to move")
                .map(|x| x.1.to_string())
        })
        .unwrap_or_else(|| panic!("no side to move in {text}"));
    let stm = cp(stm.rsplit_once(' ').unwrap().1);
    (parts, white.unwrap(), stm)
}
