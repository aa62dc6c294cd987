//! The repertoire a learner trains: every position reachable from a start through the
//! book (the layers as the game consults them), and among them the learner's, those where
//! the learner is to move and the book has a move to play.
//!
//! From each position the book's playable moves (weight above 0) are followed: the
//! opponent's, since the program may play any of them, and the learner's, since any of
//! them is a right answer and the line goes on from it. A position reached by two move
//! orders is one position (its key), kept with the first, shortest line found.

use crate::book::layers::{Books, Layer};
use crate::book::{Book, BookMove};
use crate::core::{Color, Move, Position};
use crate::game::Game;
use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet, VecDeque};

/// One position of the repertoire: the book's playable moves there.
#[derive(Clone, Debug)]
pub struct Node {
    pub pos: Position,
    /// The playable moves (weight above 0), in the book's order.
    pub moves: Vec<BookMove>,
    /// The book's moves of weight 0 ("known, never played"): not answers, not followed.
    pub unplayed: Vec<Move>,
    /// The layer that answered.
    pub layer: Layer,
    /// The moves that lead to another position of the repertoire, and its key.
    pub children: Vec<(Move, u64)>,
    /// The position before on the first line found, and the move from it.
    pub parent: Option<(u64, Move)>,
}

/// The repertoire from a start, for one learner.
#[derive(Clone, Debug)]
pub struct Repertoire {
    pub learner: Color,
    /// The moves to the start (from the initial position, or from a set-up position).
    pub root: Game,
    /// Boxed: the table holds a pointer a position, not the position (a table of tens of
    /// thousands of whole nodes, doubled as it grows, was most of `train --stats`'s memory).
    nodes: HashMap<u64, Box<Node>>,
    /// The learner's positions, in the order found (nearest the start first).
    learner_keys: Vec<u64>,
}

/// Where a repertoire starts, in words: `the start position`, or the moves to it
/// (`1. e4 c5`).
pub fn from_where(root: &Game) -> String {
    if root.moves().is_empty() {
        "the start position".into()
    } else {
        root.movetext()
    }
}

/// Why there is nothing to train: the books have no move for `learner` from `root`.
pub fn nothing_to_train(books: &Books, root: &Game, learner: Color) -> String {
    format!(
        "nothing to train: {} has no move for {learner} to play from {}",
        books.describe(),
        from_where(root)
    )
}

impl Repertoire {
    /// Walks the book from the position `root` reaches (breadth first: each position is
    /// kept with its shortest line). A position whose book has no playable move ends the
    /// line there.
    pub fn build(books: &Books, root: Game, learner: Color) -> Repertoire {
        // One walk, many lookups: the user's pack is read once, not bisected each time.
        let books = &books.indexed();
        let start = *root.position();
        let mut nodes: HashMap<u64, Box<Node>> = HashMap::new();
        let mut learner_keys = Vec::new();
        let mut queue = VecDeque::new();
        if let Some(n) = Node::read(books, &start, None) {
            queue.push_back(start.key());
            nodes.insert(start.key(), Box::new(n));
        }
        while let Some(key) = queue.pop_front() {
            let node = &nodes[&key];
            let pos = node.pos;
            if pos.turn() == learner {
                learner_keys.push(key);
            }
            let moves: Vec<Move> = node.moves.iter().map(|m| m.mv).collect();
            let mut children = Vec::new();
            for mv in moves {
                let next = pos.after(mv);
                let k = next.key();
                // A position seen before is linked to; a new one is read (when the book
                // has a move there) and walked later.
                let known = match nodes.entry(k) {
                    Entry::Occupied(_) => true,
                    Entry::Vacant(slot) => match Node::read(books, &next, Some((key, mv))) {
                        Some(n) => {
                            slot.insert(Box::new(n));
                            queue.push_back(k);
                            true
                        }
                        None => false,
                    },
                };
                if known {
                    children.push((mv, k));
                }
            }
            nodes.get_mut(&key).expect("the node being read").children = children;
        }
        Repertoire {
            learner,
            root,
            nodes,
            learner_keys,
        }
    }

    /// The position with `key`, if the repertoire has it.
    pub fn node(&self, key: u64) -> Option<&Node> {
        self.nodes.get(&key).map(|n| &**n)
    }

    /// The learner's positions, nearest the start first.
    pub fn learner_keys(&self) -> &[u64] {
        &self.learner_keys
    }

    /// How many positions the repertoire has (both sides').
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The book has no move at the start.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The first line found from the start to the position with `key`.
    pub fn line_to(&self, key: u64) -> Vec<Move> {
        let mut moves = Vec::new();
        let mut at = key;
        while let Some((parent, mv)) = self.nodes.get(&at).and_then(|n| n.parent) {
            moves.push(mv);
            at = parent;
        }
        moves.reverse();
        moves
    }

    /// The position training starts from.
    pub fn start(&self) -> &Position {
        self.root.position()
    }

    /// The moves to `key` as a game: the moves to the start, then the first line found
    /// from it (for the movetext and the opening's name).
    pub fn game_to(&self, key: u64) -> Game {
        let mut game = self.root.clone();
        for mv in self.line_to(key) {
            let _ = game.play(mv);
        }
        game
    }

    /// The part of the repertoire from the position `game` reaches (`None` when the book
    /// has no move there): training from a position, the lines through it only.
    pub fn rooted(&self, game: &Game) -> Option<Repertoire> {
        let start = game.position().key();
        self.nodes.get(&start)?;
        let mut nodes = HashMap::new();
        let mut queue = VecDeque::from([start]);
        let mut learner_keys = Vec::new();
        while let Some(k) = queue.pop_front() {
            if nodes.contains_key(&k) {
                continue;
            }
            let Some(node) = self.nodes.get(&k) else {
                continue;
            };
            if node.pos.turn() == self.learner {
                learner_keys.push(k);
            }
            queue.extend(node.children.iter().map(|(_, c)| *c));
            nodes.insert(k, node.clone());
        }
        // A line reaches back no further than the new start.
        let inside: HashSet<u64> = nodes.keys().copied().collect();
        for (k, n) in nodes.iter_mut() {
            if *k == start || n.parent.is_some_and(|(p, _)| !inside.contains(&p)) {
                n.parent = None;
            }
        }
        Some(Repertoire {
            learner: self.learner,
            root: game.clone(),
            nodes,
            learner_keys,
        })
    }

    /// The sum of `weight(key)` over the learner's positions reachable from `from` (itself
    /// included), each counted once.
    pub fn reachable_sum(&self, from: u64, weight: &dyn Fn(u64) -> f64) -> f64 {
        let mut seen = HashSet::new();
        let mut stack = vec![from];
        let mut sum = 0.0;
        while let Some(k) = stack.pop() {
            if !seen.insert(k) {
                continue;
            }
            let Some(node) = self.nodes.get(&k) else {
                continue;
            };
            if node.pos.turn() == self.learner {
                sum += weight(k);
            }
            stack.extend(node.children.iter().map(|(_, c)| *c));
        }
        sum
    }
}

/// Where a game left the user's book: the first move, by either side, played at a position
/// where the book has moves (weight above 0) and is not one of them. A position the book
/// has no move for is where the book ends, not where the game left it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Departure {
    /// The ply (0: White's first move).
    pub ply: usize,
    /// Who played the move out of the book.
    pub side: Color,
    /// The move, numbered: `7...Nf6`.
    pub played: String,
    /// The book's moves there, numbered alike (`7...e5`), the heaviest first.
    pub book: Vec<String>,
}

/// `7...Nf6`: a move with its number, as a person reads it in a game.
fn numbered(pos: &Position, mv: Move) -> String {
    let dots = if pos.turn() == Color::White {
        "."
    } else {
        "..."
    };
    format!(
        "{}{dots}{}",
        pos.fullmove_number(),
        crate::core::san(pos, mv)
    )
}

/// Where `game` left `book`, if it did.
pub fn departure(book: &Book, game: &Game) -> Option<Departure> {
    for (ply, &mv) in game.moves().iter().enumerate() {
        let pos = game.positions()[ply];
        let mut moves: Vec<BookMove> = book
            .lookup(&pos)?
            .moves
            .into_iter()
            .filter(|m| m.weight > 0 && pos.is_legal(m.mv))
            .collect();
        if moves.is_empty() {
            return None;
        }
        if moves.iter().any(|m| m.mv == mv) {
            continue;
        }
        moves.sort_by_key(|m| std::cmp::Reverse(m.weight));
        return Some(Departure {
            ply,
            side: pos.turn(),
            played: numbered(&pos, mv),
            book: moves.iter().map(|m| numbered(&pos, m.mv)).collect(),
        });
    }
    None
}

/// The log line for the move just played in `game`, when that move left `book` (said
/// once: only the departing move itself says it), for the user playing `you`.
pub fn left_just_now(book: &Book, game: &Game, you: Color) -> Option<String> {
    let d = departure(book, game)?;
    (d.ply + 1 == game.moves().len()).then(|| d.said_to(you))
}

/// What became of a departure sent to review ([`review_departure`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Review {
    /// The game never left the book, or the other side left it: nothing of the user's.
    Nothing,
    /// The position is due today in the trainer.
    Due(Departure),
    /// The position was never answered: the trainer asks it among the new ones.
    New(Departure),
}

/// Makes the position where `you` left `book` in `game` due today in the book's
/// schedule (its `training.txt`).
pub fn review_departure(
    book: &Book,
    game: &Game,
    you: Color,
    today: i64,
) -> Result<Review, crate::train::textfile::StoreError> {
    let (Some(d), Some(dir)) = (departure(book, game), book.dir()) else {
        return Ok(Review::Nothing);
    };
    if d.side != you {
        return Ok(Review::Nothing);
    }
    let pos = game.positions()[d.ply];
    let mut upto = Game::from_position(*game.start());
    for &mv in &game.moves()[..d.ply] {
        // The moves of a game are legal: this replays them.
        let _ = upto.play(mv);
    }
    let label = crate::train::schedule::label_of(&upto);
    let mut schedule = crate::train::schedule::Schedule::load(dir)?;
    Ok(if schedule.make_due(pos.key(), &label, today)? {
        Review::Due(d)
    } else {
        Review::New(d)
    })
}

impl Departure {
    /// The game's log line, for the user playing `you`, judged for that side: `You left
    /// your book at 7...Nf6: your book plays 7...e5` when it was the user's move; when it
    /// was the opponent's, the book's moves there are what the user's lines expect of the
    /// opponent, not what the user plays (`Your opponent left your book at 1.d4: your lines
    /// as Black expect 1.e4`).
    pub fn said_to(&self, you: Color) -> String {
        let moves = self.book.join(" or ");
        if self.side == you {
            format!(
                "You left your book at {}: your book plays {moves}",
                self.played
            )
        } else {
            format!(
                "Your opponent left your book at {}: your lines as {you} expect {moves}",
                self.played
            )
        }
    }
}

impl Node {
    /// The position's node, when the book has a playable move there.
    fn read(books: &Books, pos: &Position, parent: Option<(u64, Move)>) -> Option<Node> {
        let found = books.lookup(pos)?;
        let (moves, unplayed): (Vec<BookMove>, Vec<BookMove>) = found
            .entry
            .moves
            .into_iter()
            .filter(|m| pos.is_legal(m.mv))
            .map(|mut m| {
                // The other fields (an import's game counts) are not the trainer's: not
                // kept for every position of the repertoire.
                m.fields = Vec::new();
                m
            })
            .partition(|m| m.weight > 0);
        if moves.is_empty() {
            return None;
        }
        Some(Node {
            pos: *pos,
            moves,
            unplayed: unplayed.into_iter().map(|m| m.mv).collect(),
            layer: found.layer,
            children: Vec::new(),
            parent,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::parse_move;
    use crate::util::scratch::Scratch;

    fn game(moves: &str) -> Game {
        let mut g = Game::new();
        for m in moves.split_whitespace() {
            let mv = parse_move(g.position(), m).unwrap();
            g.play(mv).unwrap();
        }
        g
    }

    #[test]
    fn a_game_leaves_the_book_at_the_first_move_it_lacks_and_says_whose() {
        let dir = Scratch::new("repertoire-departure");
        let book = Book::open(dir.path());
        let mut pos = Position::startpos();
        for m in ["e4", "e5", "Nf3", "Nc6"] {
            let mv = parse_move(&pos, m).unwrap();
            book.record(&pos, mv, 1).unwrap();
            pos.play(mv);
        }
        // Black leaves it: 2...d6 where the book plays 2...Nc6.
        let d = departure(&book, &game("e4 e5 Nf3 d6 Bc4")).unwrap();
        assert_eq!((d.ply, d.side), (3, Color::Black));
        assert_eq!(
            d.said_to(Color::Black),
            "You left your book at 2...d6: your book plays 2...Nc6"
        );
        assert_eq!(
            d.said_to(Color::White),
            "Your opponent left your book at 2...d6: your lines as White expect 2...Nc6"
        );
        // For a Black game, White's book move is what the lines expect of the opponent:
        // never "your book plays 1.e4".
        let d = departure(&book, &game("d4 d5")).unwrap();
        assert_eq!(
            d.said_to(Color::Black),
            "Your opponent left your book at 1.d4: your lines as Black expect 1.e4"
        );
        assert_eq!(
            d.said_to(Color::White),
            "You left your book at 1.d4: your book plays 1.e4"
        );
        // White leaves it at move 2; the log says so with that move, not after the next.
        let d = departure(&book, &game("e4 e5 Bc4")).unwrap();
        assert_eq!(d.played, "2.Bc4");
        assert!(left_just_now(&book, &game("e4 e5 Bc4"), Color::White).is_some());
        assert_eq!(
            left_just_now(&book, &game("e4 e5 Bc4 Nc6"), Color::White),
            None
        );
        // Past the book's end is no departure; nor is a game that keeps to it.
        assert_eq!(departure(&book, &game("e4 e5 Nf3 Nc6 Bb5 a6")), None);
        assert_eq!(departure(&book, &game("e4 e5")), None);
    }
}
