//! Move generation and making moves never touch the heap: a counting allocator watches
//! a perft run and the generation of move lists.

use huo_chess::core::{Position, perft};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    /// Allocations made by this thread (tests run side by side on several threads).
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
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
