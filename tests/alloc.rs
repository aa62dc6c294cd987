//! Move generation and making moves never touch the heap: a counting allocator watches
//! a perft run and the generation of move lists.

use huo_chess::core::{Position, perft};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;
static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
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
    let before = ALLOCATIONS.load(Ordering::SeqCst);
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
    let after = ALLOCATIONS.load(Ordering::SeqCst);
    assert_eq!(nodes, 97862 + 197281);
    assert!(total > 0);
    assert_eq!(after - before, 0, "heap allocations during move generation");
}
