//! Move generation and making moves never touch the heap, and a Polyglot import is
//! streamed: a counting allocator watches a perft run, the generation of move lists, and
//! the bytes an import holds at its peak.

use huo_chess::core::{Position, perft};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    /// Allocations made by this thread (tests run side by side on several threads).
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
    /// Bytes allocated by this thread and not freed yet, and their highest value.
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

/// The bytes this thread holds now; the peak is reset to them.
fn live_bytes() -> isize {
    let live = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(live));
    live
}

fn peak_bytes() -> isize {
    PEAK.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        let _ = LIVE.try_with(|l| {
            l.set(l.get() + layout.size() as isize);
            let _ = PEAK.try_with(|p| p.set(p.get().max(l.get())));
        });
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        let _ = LIVE.try_with(|l| l.set(l.get() - layout.size() as isize));
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn move_generation_allocates_nothing() {
    let kiwipete =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    let start = Position::startpos();
    let before = allocations();
    let nodes = perft(&kiwipete, 3) + perft(&start, 4);
    let mut total = 0;
    for pos in [kiwipete, start] {
        let moves = pos.legal_moves();
        for &mv in moves.iter() {
            let child = pos.after(mv);
            total += child.legal_moves().len() + child.count_legal_moves();
            assert!(child.is_legal(child.legal_moves()[0]));
        }
    }
    let after = allocations();
    assert_eq!(nodes, 97862 + 197281);
    assert!(total > 0);
    assert_eq!(after - before, 0, "heap allocations during move generation");
}

#[test]
fn search_allocates_per_iteration_not_per_node() {
    use huo_chess::eval::Evaluator;
    use huo_chess::game::Game;
    use huo_chess::search::{Level, Limits, Searcher};
    use std::sync::atomic::AtomicBool;
    let game = Game::from_position(
        Position::from_fen("r1bq1rk1/pp2nppp/4p3/3pP3/1b1P4/2NB1N2/PP3PPP/R2QK2R w KQ - 3 10")
            .unwrap(),
    );
    let mut searcher = Searcher::new(Evaluator::default(), 4);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(12),
        ..Limits::default()
    };
    let before = allocations();
    let r = searcher.think(&game, Level::FULL, &limits, &stop, &mut |_| {});
    let allocations = allocations() - before;
    assert!(r.nodes > 10_000, "{} nodes", r.nodes);
    // A few per iteration (the principal variation reported), none per node.
    assert!(
        allocations < 100,
        "{allocations} allocations for {} nodes",
        r.nodes
    );
}

#[test]
fn a_polyglot_import_is_streamed_into_the_book() {
    use huo_chess::book::{Book, polyglot};
    // A .bin of 40 000 positions, reached by random playouts from the start.
    let mut rng = crate::common::Rng(11);
    let mut entries = Vec::new();
    let mut seen = std::collections::HashSet::new();
    while seen.len() < 40_000 {
        let mut pos = Position::startpos();
        for _ in 0..30 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            if seen.insert(pos.key()) {
                entries.push(polyglot::Entry {
                    key: pos.key(),
                    mv: polyglot::encode_move(&pos, mv),
                    weight: 1 + rng.below(50) as u16,
                    learn: 0,
                });
            }
            pos.play(mv);
        }
    }
    let n = entries.len();
    let dir = crate::common::tempdir("pg-stream");
    let bin = dir.join("big.bin");
    std::fs::write(&bin, polyglot::write_entries(&mut entries)).unwrap();
    drop(entries);
    drop(seen);
    let book = Book::open(dir.join("book"));
    let before = live_bytes();
    let r = polyglot::import(&book, &bin).unwrap();
    let peak = peak_bytes() - before;
    assert_eq!((r.entries, r.positions, r.unreached), (n, n, 0));
    assert_eq!((r.written, r.packed), (n, true));
    // What is held: the .bin's entries, its keys and an index of them, and a few bytes per
    // position found (about 100 bytes an entry), a filter of a megabyte and the writer's
    // buffers: not the positions and their moves (hundreds of bytes each).
    let per_entry = (peak - (2 << 20)) / n as isize;
    assert!(
        per_entry < 160,
        "{peak} bytes at the peak for {n} entries: {per_entry} bytes an entry"
    );
    // Every position was written, with its move.
    let start = Position::startpos();
    assert_eq!(book.lookup(&start).unwrap().moves.len(), 1);
    // Again, into the book that now has them: its positions and the positions after their
    // moves are where the walk starts, held in a few bytes each too.
    let before = live_bytes();
    let r = polyglot::import(&book, &bin).unwrap();
    let peak = peak_bytes() - before;
    assert_eq!((r.positions, r.written), (n, n));
    let per_entry = (peak - (2 << 20)) / n as isize;
    assert!(
        per_entry < 240,
        "{peak} bytes at the peak for {n} entries into a book of them: {per_entry} an entry"
    );
    let e4 = book.lookup(&start).unwrap().moves[0].weight;
    assert_eq!(e4 % 2, 0, "each weight added twice");
}

/// A puzzle database of `n` lines written to `path`: one position, the ratings and ids
/// varied (every hundredth line bad, to be counted).
fn write_puzzles(path: &std::path::Path, n: usize) {
    use std::io::Write;
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    writeln!(out, "{}", huo_chess::puzzle::csv::HEADER).unwrap();
    for i in 0..n {
        let moves = if i % 100 == 99 {
            "d5d7 e2e9"
        } else {
            "d5d7 e2e8 d7e8 e1e8"
        };
        writeln!(
            out,
            "p{i:07},4r1k1/5ppp/8/3q4/8/8/4RPPP/4Q1K1 b - - 0 1,{moves},{},80,0,0,mate mateIn2 backRankMate,,",
            600 + (i * 7919) % 2400
        )
        .unwrap();
    }
}

#[test]
fn a_puzzle_import_holds_the_same_memory_for_ten_times_the_lines() {
    let dir = crate::common::tempdir("alloc-puzzles");
    let peak_for = |n: usize| {
        let input = dir.join(format!("in-{n}.csv"));
        write_puzzles(&input, n);
        let target = dir.join(format!("out-{n}"));
        let before = live_bytes();
        let reader = std::io::BufReader::new(std::fs::File::open(&input).unwrap());
        let report = huo_chess::puzzle::import::import(reader, "in.csv", &target).unwrap();
        let peak = peak_bytes() - before;
        assert_eq!(report.imported + report.bad, n as u64);
        assert_eq!(report.bad, n as u64 / 100);
        peak
    };
    let small = peak_for(20_000);
    let large = peak_for(200_000);
    // Buffers and the per-rating runs only: the same for ten times the input, give or
    // take a few kilobytes (a path, a message).
    assert!(
        large <= small + 16 * 1024,
        "{small} bytes at the peak for 20 000 lines, {large} for 200 000"
    );
    assert!(large < 4 << 20, "{large} bytes at the peak");
}
