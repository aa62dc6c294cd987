//! The counts of a PGN import before anything is written: for each position met, its
//! moves, how many games played each and their results for the mover. Compact: a position
//! is a slot in an open-addressing index, a [`Snapshot`] of its board and its moves' counts
//! (no `Position` is kept; about 60 bytes a position).

use super::options::{PgnImportOptions, outcome_for};
use super::snapshot::Snapshot;
use crate::book::results::Results;
use crate::core::{Color, Move, Position};

/// Finds a position's node by its key: open addressing with linear probing over node
/// numbers (4 bytes a slot, at most half full; the keys are read from the nodes). The slot
/// is the key's top bits as they are: a Zobrist key needs no second hash. About a third of
/// the memory of a `HashMap<u64, u32>`, and as fast.
#[derive(Default)]
struct NodeIndex {
    slots: Vec<u32>,
    /// 64 - log2(slots): the key's top bits number the slot.
    shift: u32,
}

/// Slots of the first table (it doubles when half full).
const MIN_SLOTS: usize = 1 << 10;

impl NodeIndex {
    /// The node with `key`, or `next` (the number of the node to be made) entered for it.
    /// `nodes` are the nodes made so far, every one of them in the index.
    fn find_or_insert(&mut self, key: u64, nodes: &[Node], next: u32) -> u32 {
        if (nodes.len() + 1) * 2 > self.slots.len() {
            self.grow(nodes);
        }
        let mask = self.slots.len() - 1;
        let mut i = (key >> self.shift) as usize;
        loop {
            let n = self.slots[i];
            if n == NONE {
                self.slots[i] = next;
                return next;
            }
            if nodes[n as usize].key == key {
                return n;
            }
            i = (i + 1) & mask;
        }
    }

    /// Loads the slot of `key` and the node it names, so that they are in the cache when
    /// [`NodeIndex::find_or_insert`] comes: the loads of a game's positions then overlap
    /// instead of each waiting for memory in turn (most positions of a large import are
    /// far apart in memory).
    fn touch(&self, key: u64, nodes: &[Node]) {
        let Some(&n) = self.slots.get((key >> self.shift) as usize) else {
            return;
        };
        if let Some(node) = nodes.get(n as usize) {
            std::hint::black_box((node.key, node.more));
        }
    }

    /// Doubles the table, entering the nodes again (read in order, the old table freed
    /// first: the peak is the new table alone).
    fn grow(&mut self, nodes: &[Node]) {
        let size = (self.slots.len() * 2).max(MIN_SLOTS);
        self.slots = Vec::new();
        self.slots = vec![NONE; size];
        self.shift = 64 - size.trailing_zeros();
        let mask = size - 1;
        for (n, node) in nodes.iter().enumerate() {
            let mut i = (node.key >> self.shift) as usize;
            while self.slots[i] != NONE {
                i = (i + 1) & mask;
            }
            self.slots[i] = n as u32;
        }
    }
}

/// No edge (the end of a list).
const NONE: u32 = u32::MAX;

/// A position met in the games: its key, what its `fen` line says, and its counted moves:
/// the first one met here (most positions of a large import have just one), the others in
/// a list of [`Edge`]s. 56 bytes.
#[derive(Clone, Copy)]
pub(super) struct Node {
    pub(super) key: u64,
    pub(super) snapshot: Snapshot,
    mv: Move,
    counts: [u32; 4],
    /// The other moves, last met first.
    more: u32,
}

/// A counted move of a position after its first: its games and results (games, wins,
/// draws, losses for the mover), and the position's next such move.
#[derive(Clone, Copy)]
pub(super) struct Edge {
    mv: Move,
    next: u32,
    counts: [u32; 4],
}

/// Counts of moves and their results per position, gathered from games before anything
/// is written. Compact: a position is a slot in an index, a `Snapshot` of its board and its
/// moves' counts (no `Position` is kept).
#[derive(Default)]
pub struct Tally {
    index: NodeIndex,
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    /// The counted positions of the game being added, and their moves (reused).
    game: Vec<(Position, Move)>,
}

/// Adds counts (saturating).
fn add_counts(to: &mut [u32; 4], add: [u32; 4]) {
    for (c, a) in to.iter_mut().zip(add) {
        *c = c.saturating_add(a);
    }
}

impl Tally {
    /// Counts move `mv` of `pos` with `add` (games, wins, draws, losses).
    fn count(&mut self, pos: &Position, mv: Move, add: [u32; 4]) {
        let next = self.nodes.len() as u32;
        let n = self.index.find_or_insert(pos.key(), &self.nodes, next);
        if n == next {
            self.nodes.push(Node {
                key: pos.key(),
                snapshot: Snapshot::of(pos),
                mv,
                counts: add,
                more: NONE,
            });
            return;
        }
        let node = &mut self.nodes[n as usize];
        if node.mv == mv {
            add_counts(&mut node.counts, add);
            return;
        }
        let mut e = node.more;
        while e != NONE {
            let edge = &mut self.edges[e as usize];
            if edge.mv == mv {
                add_counts(&mut edge.counts, add);
                return;
            }
            e = edge.next;
        }
        self.edges.push(Edge {
            mv,
            next: node.more,
            counts: add,
        });
        node.more = (self.edges.len() - 1) as u32;
    }

    /// Adds one game's moves, each with the game's result for the side that played it.
    pub fn add_game(
        &mut self,
        start: &Position,
        moves: &[Move],
        result: &str,
        opts: &PgnImportOptions,
    ) {
        let counts = |r: Results| [r.games, r.wins, r.draws, r.losses].map(|c| c as u32);
        let for_white = counts(Results::one(outcome_for(result, Color::White)));
        let for_black = counts(Results::one(outcome_for(result, Color::Black)));
        let moves = &moves[..moves.len().min(opts.max_ply as usize)];
        // The positions first, their memory touched, then the counting.
        let mut game = std::mem::take(&mut self.game);
        game.clear();
        let mut pos = *start;
        for &mv in moves {
            if opts.only.is_none_or(|c| c == pos.turn()) {
                game.push((pos, mv));
            }
            pos.play(mv);
        }
        for (pos, _) in &game {
            self.index.touch(pos.key(), &self.nodes);
        }
        for (pos, mv) in &game {
            let one = if pos.turn() == Color::White {
                for_white
            } else {
                for_black
            };
            self.count(pos, *mv, one);
        }
        self.game = game;
    }

    /// How many positions are counted (with at least one move).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The counted positions, sorted by key (the index, no longer needed, is freed first).
    pub(super) fn into_sorted(self) -> (Vec<Node>, Vec<Edge>) {
        let Tally {
            index,
            mut nodes,
            edges,
            ..
        } = self;
        drop(index);
        nodes.sort_unstable_by_key(|n| n.key);
        (nodes, edges)
    }
}

/// A node's counted moves with their results, in the order first met, into `out`.
pub(super) fn node_moves(edges: &[Edge], node: &Node, out: &mut Vec<(Move, Results)>) {
    let results = |[games, wins, draws, losses]: [u32; 4]| Results {
        games: games.into(),
        wins: wins.into(),
        draws: draws.into(),
        losses: losses.into(),
    };
    out.clear();
    out.push((node.mv, results(node.counts)));
    let mut e = node.more;
    while e != NONE {
        let edge = &edges[e as usize];
        out.push((edge.mv, results(edge.counts)));
        e = edge.next;
    }
    out[1..].reverse();
}
