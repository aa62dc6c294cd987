//! Opening names: the ECO code and name of a position, and the opening a game is playing.
//!
//! The names are the 3 807 named lines of `data/a.tsv` … `data/e.tsv` (`eco<TAB>name<TAB>moves`,
//! the lichess chess-openings set, CC0: `data/COPYING.txt`), compiled into the binary as
//! text and read once, the first time a name is asked for (about 2 ms).
//!
//! A name belongs to the *position* its line reaches, keyed by the position's Polyglot key,
//! not to the move order: 1.Nf3 d5 2.d4 reaches the position of 1.d4 d5 2.Nf3 and has its
//! name. The ECO (Encyclopaedia of Chess Openings) code, `A00` to `E99`, sorts openings by
//! their first moves: A flank openings, B semi-open games (1.e4, not 1…e5), C open games and
//! the French, D closed games (1.d4 d5), E Indian defences.
//!
//! A game is named by the deepest named position along its moves: walking back from the
//! last position to the first that has a name. So the name grows more precise as the game
//! enters deeper named lines and stays when the game leaves theory.
//!
//! - [`find`](mod@find): the named lines matching a name or an ECO code.

pub mod find;

use crate::core::{Move, Position, parse_san};
use crate::game::Game;
use std::sync::OnceLock;

/// The data files, in ECO order.
const DATA: [(&str, &str); 5] = [
    ("a.tsv", include_str!("data/a.tsv")),
    ("b.tsv", include_str!("data/b.tsv")),
    ("c.tsv", include_str!("data/c.tsv")),
    ("d.tsv", include_str!("data/d.tsv")),
    ("e.tsv", include_str!("data/e.tsv")),
];

/// One named line.
#[derive(Debug, PartialEq, Eq)]
pub struct Opening {
    /// `B90`.
    pub eco: &'static str,
    /// `Sicilian Defense: Najdorf Variation`: family, then `: variation, subvariation`.
    pub name: &'static str,
    /// The moves from the initial position in SAN movetext, `1. e4 c5 2. Nf3 d6 …`.
    pub movetext: &'static str,
    /// The same moves.
    pub moves: Box<[Move]>,
    /// The Polyglot key of the position the moves reach: what the name belongs to.
    pub key: u64,
}

impl Opening {
    /// `B90 Sicilian Defense: Najdorf Variation`.
    pub fn label(&self) -> String {
        format!("{} {}", self.eco, self.name)
    }
}

/// Every named line, and the named positions sorted by key for a bisection.
struct Table {
    lines: Vec<Opening>,
    /// (key, index into `lines`); one entry per position.
    by_key: Vec<(u64, usize)>,
}

static TABLE: OnceLock<Table> = OnceLock::new();

fn table() -> &'static Table {
    TABLE.get_or_init(|| build(&DATA))
}

/// Reads the data files. A line that cannot be read is left out (the tests check that every
/// line of the shipped data is read). When two lines reach the same position, the first
/// (the lower ECO code) names it.
///
/// The lines share their first moves (4 in 5 of their 36 895 moves repeat another line's),
/// so they are replayed in the order of their movetext, each from the longest start it
/// shares with the line before (no earlier line shares more): 8 649 moves are read instead
/// of all.
fn build(files: &[(&str, &'static str)]) -> Table {
    let mut rows: Vec<Row> = Vec::with_capacity(4096);
    for (_, text) in files {
        rows.extend(text.lines().skip(1).filter_map(Row::split));
    }
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by_key(|&i| rows[i].movetext);
    // The line before's moves read so far, and the positions before each and after the last.
    let mut words: Vec<&str> = Vec::new();
    let mut positions = vec![Position::startpos()];
    let mut moves: Vec<Move> = Vec::new();
    let mut read: Vec<Option<(Box<[Move]>, u64)>> = vec![None; rows.len()];
    for i in order {
        let mut row = move_words(rows[i].movetext).peekable();
        let mut shared = 0;
        while shared < words.len() && row.next_if_eq(&words[shared]).is_some() {
            shared += 1;
        }
        words.truncate(shared);
        positions.truncate(shared + 1);
        moves.truncate(shared);
        let mut legal = true;
        for word in row {
            let pos = *positions.last().expect("the start is never dropped");
            let Ok(mv) = parse_san(&pos, word) else {
                legal = false;
                break;
            };
            words.push(word);
            moves.push(mv);
            positions.push(pos.after(mv));
        }
        if legal {
            let key = positions.last().expect("the start is never dropped").key();
            read[i] = Some((moves.clone().into_boxed_slice(), key));
        }
    }
    let lines: Vec<Opening> = rows
        .into_iter()
        .zip(read)
        .filter_map(|(row, read)| {
            let (moves, key) = read?;
            Some(Opening {
                eco: row.eco,
                name: row.name,
                movetext: row.movetext,
                moves,
                key,
            })
        })
        .collect();
    let mut by_key: Vec<(u64, usize)> = lines.iter().enumerate().map(|(i, o)| (o.key, i)).collect();
    // Stable: among equal keys the first line stays first, and dedup keeps it.
    by_key.sort_by_key(|&(key, _)| key);
    by_key.dedup_by_key(|&mut (key, _)| key);
    Table { lines, by_key }
}

/// One `eco<TAB>name<TAB>movetext` row of a data file, its moves not yet read.
struct Row {
    eco: &'static str,
    name: &'static str,
    movetext: &'static str,
}

impl Row {
    /// The row's fields, if it has exactly three.
    fn split(row: &'static str) -> Option<Row> {
        let mut fields = row.split('\t');
        let (Some(eco), Some(name), Some(movetext), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return None;
        };
        Some(Row {
            eco,
            name,
            movetext,
        })
    }
}

/// The moves of a movetext (`1. e4 c5`): its words but the move numbers.
fn move_words(movetext: &str) -> impl Iterator<Item = &str> {
    movetext.split_whitespace().filter(|w| !w.ends_with('.'))
}

/// Every named line, in the data's order (by ECO code).
pub fn all() -> &'static [Opening] {
    &table().lines
}

/// The name of this very position, if it has one.
pub fn named(pos: &Position) -> Option<&'static Opening> {
    let t = table();
    t.by_key
        .binary_search_by_key(&pos.key(), |&(key, _)| key)
        .ok()
        .map(|i| &t.lines[t.by_key[i].1])
}

/// The opening of a line of positions (a game's, the first to the last): the name of the
/// last named one.
pub fn of_positions(positions: &[Position]) -> Option<&'static Opening> {
    positions.iter().rev().find_map(named)
}

/// The opening `game` is playing, or has played: see [`of_positions`].
pub fn of_game(game: &Game) -> Option<&'static Opening> {
    of_positions(game.positions())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::parse_move;

    fn after(moves: &str) -> Game {
        let mut game = Game::new();
        for m in moves.split_whitespace() {
            game.play_text(m).unwrap();
        }
        game
    }

    #[test]
    fn every_line_of_the_data_is_read() {
        for (file, text) in DATA {
            assert_eq!(text.lines().next(), Some("eco\tname\tpgn"), "{file}");
            for (i, text) in text.lines().enumerate().skip(1) {
                let row =
                    Row::split(text).unwrap_or_else(|| panic!("{file}:{}: not 3 fields", i + 1));
                let mut pos = Position::startpos();
                for word in move_words(row.movetext) {
                    let mv =
                        parse_san(&pos, word).unwrap_or_else(|e| panic!("{file}:{}: {e}", i + 1));
                    pos.play(mv);
                }
                let o = named(&pos).unwrap();
                assert_eq!(
                    (o.eco, o.name, o.movetext),
                    (row.eco, row.name, row.movetext)
                );
            }
        }
        assert_eq!(all().len(), 3807);
        // Each line's code starts with its file's letter.
        assert!(all().iter().all(|o| o.eco.len() == 3));
    }

    #[test]
    fn a_position_is_named_by_its_line() {
        let najdorf = after("e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6");
        let o = named(najdorf.position()).unwrap();
        assert_eq!(
            (o.eco, o.name),
            ("B90", "Sicilian Defense: Najdorf Variation")
        );
        assert_eq!(named(&Position::startpos()), None);
        assert_eq!(
            named(after("e4").position()).unwrap().name,
            "King's Pawn Game"
        );
    }

    #[test]
    fn a_transposition_is_named_by_the_position_reached() {
        // 1.Nf3 d5 2.d4 reaches the Queen's Pawn Game of 1.d4 d5 2.Nf3.
        let reti = after("Nf3 d5 d4");
        let qp = after("d4 d5 Nf3");
        assert_eq!(reti.position().key(), qp.position().key());
        let o = of_game(&reti).unwrap();
        assert_eq!(o.eco, "D02");
        assert!(o.name.starts_with("Queen's Pawn Game"), "{}", o.name);
        assert_eq!(of_game(&qp), Some(o));
        // The name belongs to the position: its own line leads there by 1.d4 d5 2.Nf3.
        let mut pos = Position::startpos();
        for &mv in &o.moves {
            pos.play(mv);
        }
        assert_eq!(pos.key(), reti.position().key());
    }

    #[test]
    fn a_game_keeps_its_deepest_name_after_theory() {
        let mut game = after("e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6");
        assert_eq!(of_game(&game).unwrap().eco, "B90");
        // Moves no line names: the name stays.
        for m in ["Kd2", "Rg8", "Ke1"] {
            let mv = parse_move(game.position(), m).unwrap();
            game.play(mv).unwrap();
            assert_eq!(named(game.position()), None);
            assert_eq!(of_game(&game).unwrap().eco, "B90");
        }
        // A deeper named line replaces a shallower one as the game enters it.
        let mut g = after("e4 c5");
        assert_eq!(of_game(&g).unwrap().name, "Sicilian Defense");
        g.play_text("Nf3").unwrap();
        g.play_text("d6").unwrap();
        assert_eq!(
            of_game(&g).unwrap().name,
            "Sicilian Defense: Modern Variations"
        );
        assert_eq!(of_game(&Game::new()), None);
    }

    #[test]
    fn a_bad_row_is_left_out_and_the_first_line_names_a_shared_position() {
        let data: [(&str, &str); 1] = [(
            "x.tsv",
            "eco\tname\tpgn\nA00\tOne\t1. e4\nA01\tBroken\t1. e5\nA02\tTwo\t1. e4\nA03\tshort\n\
             A04\tBad tail\t1. e4 Ke7\nA05\tOpen\t1. e4 e5 2. Nf3\n",
        )];
        let t = build(&data);
        let names: Vec<&str> = t.lines.iter().map(|o| o.name).collect();
        assert_eq!(names, ["One", "Two", "Open"]);
        assert_eq!(t.by_key.len(), 2);
        let e4 = Position::startpos().after(parse_move(&Position::startpos(), "e4").unwrap());
        let one = t.by_key.iter().find(|(k, _)| *k == e4.key()).unwrap();
        assert_eq!(t.lines[one.1].name, "One");
        // The line after the broken one is read from the start they share.
        assert_eq!(t.lines[2].key, after("e4 e5 Nf3").position().key());
        assert_eq!(t.lines[2].moves.len(), 3);
    }
}
