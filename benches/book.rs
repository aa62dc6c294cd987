//! Opening book speed.
//!
//! - `lookup_100k`: looking a position up in a book of 100 000 positions (made by random
//!   playouts in a temporary directory; packed, as a batch of that size is). Goal: well
//!   under 1 ms.
//! - `lookup_1m`: the same in a packed book of 1 000 000 positions (goal: at most 1 ms),
//!   beside `lookup_builtin`, a position of the built-in book (what `show` reads there).
//! - `pgn_read_10k`: reading (parsing and replaying) a PGN of 10 000 synthetic games.
//! - `import_pgn_2k_packed`: `import_pgn` of 2 000 of those games into a fresh packed book.
//! - `train_stats_5k_games`: `huo-book train --stats` (the repertoire walked and counted)
//!   on a packed book of 5 000 imported games.
//! - A one-shot timing of `import_pgn` of those 10 000 games into an empty book (20 plies),
//!   printed at the end (it writes ~150 000 files, too slow for many criterion samples).
//!
//! `cargo bench --bench book`

use criterion::Criterion;
use huo_chess::book::layers::{Books, LayerPolicy};
use huo_chess::book::{Batch, Book, PickMode, import, splitmix64};
use huo_chess::core::{Color, Position};
use huo_chess::game::Game;
use huo_chess::pgn::{read_games, write_game};
use huo_chess::train::repertoire::Repertoire;
use huo_chess::train::schedule::Schedule;
use huo_chess::train::stats;
use std::hint::black_box;
use std::time::{Duration, Instant};

fn tempdir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("huo-book-bench-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Random playouts from the initial position until `n` distinct positions have a move.
fn random_book(n: usize, seed: u64) -> Batch {
    let mut seen = std::collections::HashSet::new();
    let mut batch = Vec::with_capacity(n);
    let mut rng = seed;
    while batch.len() < n {
        let mut pos = Position::startpos();
        for _ in 0..40 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            rng = splitmix64(rng);
            let mv = moves[(rng % moves.len() as u64) as usize];
            if seen.insert(pos.key()) {
                batch.push((pos, vec![(mv, 1 + (rng >> 60) as u32)]));
                if batch.len() == n {
                    break;
                }
            }
            pos.play(mv);
        }
    }
    batch
}

/// `n` random games of up to 60 plies, written as one PGN text.
fn random_pgn(n: usize, seed: u64) -> String {
    let mut out = String::new();
    let mut rng = seed;
    for i in 0..n {
        let mut game = Game::new();
        for _ in 0..60 {
            if game.outcome().is_some() {
                break;
            }
            let moves = game.position().legal_moves();
            rng = splitmix64(rng);
            game.play(moves[(rng % moves.len() as u64) as usize])
                .unwrap();
        }
        let headers = vec![("Event".to_string(), format!("Random {i}"))];
        out.push_str(&write_game(&game, &headers, Some("*")));
    }
    out
}

fn main() {
    let mut c = Criterion::default().configure_from_args();

    let dir = tempdir("lookup");
    let t = Instant::now();
    let batch = random_book(100_000, 1);
    let probes: Vec<Position> = batch.iter().step_by(97).map(|(p, _)| *p).collect();
    let book = Book::open(&dir);
    let r = book.record_batch(batch).unwrap();
    assert_eq!(r.written, 100_000);
    let build = t.elapsed();
    let mut i = 0;
    c.bench_function("lookup_100k", |b| {
        b.iter(|| {
            i = (i + 1) % probes.len();
            black_box(book.lookup(black_box(&probes[i])))
        })
    });
    c.bench_function("pick_100k", |b| {
        b.iter(|| {
            i = (i + 1) % probes.len();
            black_box(book.pick(&probes[i], PickMode::Weighted, i as u64))
        })
    });
    let miss = Position::from_fen("8/8/8/3k4/8/8/8/3K4 w - - 0 1").unwrap();
    c.bench_function("lookup_100k_miss", |b| {
        b.iter(|| black_box(book.lookup(black_box(&miss))))
    });

    // A million positions: the packed layout (one sorted text file, bisected).
    let dir_1m = tempdir("lookup-1m");
    let t = Instant::now();
    let batch = random_book(1_000_000, 3);
    let probes_1m: Vec<Position> = batch.iter().step_by(997).map(|(p, _)| *p).collect();
    let book_1m = Book::open(&dir_1m);
    let r = book_1m.record_batch(batch).unwrap();
    assert_eq!((r.written, r.packed), (1_000_000, true));
    let build_1m = t.elapsed();
    c.bench_function("lookup_1m", |b| {
        b.iter(|| {
            i = (i + 1) % probes_1m.len();
            black_box(book_1m.lookup(black_box(&probes_1m[i])))
        })
    });
    let builtin = Book::embedded();
    let start = Position::startpos();
    assert!(builtin.lookup(&start).is_some());
    c.bench_function("lookup_builtin", |b| {
        b.iter(|| black_box(builtin.lookup(black_box(&start))))
    });
    let _ = std::fs::remove_dir_all(&dir_1m);

    let pgn = random_pgn(10_000, 2);
    let mut group = c.benchmark_group("pgn");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    group.bench_function("pgn_read_10k", |b| {
        b.iter(|| read_games(pgn.as_bytes()).filter(|g| g.is_ok()).count())
    });
    // import-pgn of 2 000 games (20 plies) into a fresh packed book: counting and writing.
    let small: String = {
        let cut = pgn
            .match_indices("[Event")
            .nth(2_000)
            .map_or(pgn.len(), |(i, _)| i);
        pgn[..cut].to_string()
    };
    let packed_dir = tempdir("import-packed");
    let mut run = 0;
    group.bench_function("import_pgn_2k_packed", |b| {
        b.iter(|| {
            run += 1;
            let book = Book::open(packed_dir.join(run.to_string()));
            let opts = import::PgnImportOptions {
                layout: import::Layout::Packed,
                ..Default::default()
            };
            import::import_pgn(&book, small.as_bytes(), &opts, |_| {}).unwrap()
        })
    });
    group.finish();

    // `huo-book train --stats` on a packed book of 5 000 imported games (20 plies): the
    // repertoire walked (every position the book reaches, its pack read once) and counted
    // against the schedule. Goal: a fraction of a second, in proportion to the positions
    // walked, not some twenty pack reads for each.
    let train_dir = tempdir("train-stats");
    let five: String = {
        let cut = pgn
            .match_indices("[Event")
            .nth(5_000)
            .map_or(pgn.len(), |(i, _)| i);
        pgn[..cut].to_string()
    };
    let train_book = Book::open(&train_dir);
    let opts = import::PgnImportOptions {
        layout: import::Layout::Packed,
        ..Default::default()
    };
    let imported = import::import_pgn(&train_book, five.as_bytes(), &opts, |_| {}).unwrap();
    let books = Books::new(Some(train_book), LayerPolicy::UserOnly);
    let schedule = Schedule::load(&train_dir).unwrap();
    let mut group = c.benchmark_group("train");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    group.bench_function("train_stats_5k_games", |b| {
        b.iter(|| {
            let r = Repertoire::build(&books, Game::new(), Color::White);
            black_box(stats::stats(&r, &schedule, 20_000))
        })
    });
    group.finish();

    let import_dir = tempdir("import");
    let t = Instant::now();
    let r = import::import_pgn(
        &Book::open(&import_dir),
        pgn.as_bytes(),
        &import::PgnImportOptions::default(),
        |_| {},
    )
    .unwrap();
    let import_time = t.elapsed();
    c.final_summary();
    println!(
        "\nBook of 100 000 positions built in {:.1} s, of 1 000 000 in {:.1} s \
         (record_batch).",
        build.as_secs_f64(),
        build_1m.as_secs_f64()
    );
    println!(
        "import-pgn of 10 000 games ({:.1} MB, 20 plies): {} positions written in {:.1} s \
         ({:.0} games/s).",
        pgn.len() as f64 / 1e6,
        r.positions,
        import_time.as_secs_f64(),
        10_000.0 / import_time.as_secs_f64()
    );
    println!(
        "train --stats bench: {} positions in the book of 5 000 games.",
        imported.positions
    );
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&train_dir);
    let _ = std::fs::remove_dir_all(&import_dir);
    let _ = std::fs::remove_dir_all(&packed_dir);
}
