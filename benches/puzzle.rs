//! Puzzle speed.
//!
//! - `choose_near_rating_4m`: choosing the next puzzle, near a random rating, among
//!   4 000 000 imported ones (lichess's database is that size); `choose_theme_4m` the same
//!   with a theme one puzzle in seven has. Goal: a few milliseconds at most.
//! - `import_100k`: importing 100 000 puzzle lines (checked, copied, indexed by rating);
//!   its throughput is in lines per second.
//!
//! The 4 million puzzles are a synthetic import made once into
//! `target/puzzle-bench-4m` (about 400 MB) and kept for later runs.
//!
//! `cargo bench --bench puzzle`

use criterion::{Criterion, Throughput};
use huo_chess::puzzle::import::import;
use huo_chess::puzzle::index::Imported;
use huo_chess::puzzle::library::Library;
use huo_chess::puzzle::record::theme_bit;
use huo_chess::util::rng::XorShift;
use std::hint::black_box;
use std::io::{self, BufRead, Read};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The themes the synthetic puzzles take turns with.
const THEMES: [&str; 7] = [
    "fork",
    "pin",
    "skewer",
    "mateIn2 mate",
    "hangingPiece",
    "discoveredAttack",
    "sacrifice",
];

/// `n` puzzle lines made on the fly (a header first), as a reader: no file, no memory
/// that grows with `n`.
struct Synthetic {
    next: u64,
    n: u64,
    line: Vec<u8>,
    at: usize,
}

impl Synthetic {
    fn new(n: u64) -> Synthetic {
        let mut line = huo_chess::puzzle::csv::HEADER.as_bytes().to_vec();
        line.push(b'\n');
        Synthetic {
            next: 0,
            n,
            line,
            at: 0,
        }
    }
}

impl Read for Synthetic {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let have = self.fill_buf()?;
        let k = have.len().min(buf.len());
        buf[..k].copy_from_slice(&have[..k]);
        self.consume(k);
        Ok(k)
    }
}

impl BufRead for Synthetic {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at == self.line.len() && self.next < self.n {
            let i = self.next;
            self.next += 1;
            self.line.clear();
            self.line.extend_from_slice(
                format!(
                    "s{i:08},4r1k1/5ppp/8/3q4/8/8/4RPPP/4Q1K1 b - - 0 1,d5d7 e2e8 d7e8 e1e8,{},80,0,0,{} middlegame,,\n",
                    400 + (i.wrapping_mul(2_654_435_761) % 2600),
                    THEMES[(i % 7) as usize]
                )
                .as_bytes(),
            );
            self.at = 0;
        }
        Ok(&self.line[self.at..])
    }

    fn consume(&mut self, amt: usize) {
        self.at += amt;
    }
}

/// The 4 million puzzles' import, made once.
fn four_million() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"));
    let dir = target.join("puzzle-bench-4m");
    let n = 4_000_000;
    if let Ok(Some(i)) = Imported::open(&dir)
        && i.len() == n
    {
        return dir;
    }
    let start = Instant::now();
    let report = import(Synthetic::new(n), "synthetic", &dir).unwrap();
    let secs = start.elapsed().as_secs_f64();
    println!(
        "import of {} synthetic puzzles: {secs:.1} s, {:.0} lines/s",
        report.imported,
        report.imported as f64 / secs
    );
    dir
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    let dir = four_million();
    let mut library = Library::new(Vec::new(), Imported::open(&dir).unwrap());
    let mut rng = XorShift::new(42);
    let none = |_: &str| false;
    c.bench_function("choose_near_rating_4m", |b| {
        b.iter(|| {
            let target = 600 + rng.below(2200) as u16;
            black_box(library.choose(target, 0, &none, &mut rng).unwrap().unwrap())
        })
    });
    let fork = theme_bit("fork").unwrap();
    c.bench_function("choose_theme_4m", |b| {
        b.iter(|| {
            let target = 600 + rng.below(2200) as u16;
            black_box(
                library
                    .choose(target, fork, &none, &mut rng)
                    .unwrap()
                    .unwrap(),
            )
        })
    });
    let scratch = std::env::temp_dir().join(format!("huo-puzzle-bench-{}", std::process::id()));
    let lines = 100_000;
    let mut group = c.benchmark_group("import");
    group.sample_size(10);
    group.throughput(Throughput::Elements(lines));
    group.bench_function("import_100k", |b| {
        b.iter(|| black_box(import(Synthetic::new(lines), "synthetic", &scratch).unwrap()))
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&scratch);
    c.final_summary();
}
