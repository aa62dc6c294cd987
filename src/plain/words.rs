//! The board in words, for a listener: a move as a person says it ("Black: knight g8 to
//! f6. Nf6."), the pieces of one kind, of one file or rank, of the whole board rank by
//! rank, and where a piece can go. Short lines, the important word first, as lichess's
//! blind mode reads a game; no pictures.

use crate::core::{Color, File, Piece, Position, Rank, Role, Square, san};
use crate::core::{Move, MoveList};

/// "white knight", "black pawn".
pub fn piece(p: Piece) -> String {
    format!("{} {}", p.color.name().to_ascii_lowercase(), p.role.name())
}

/// The plural of a piece's name: "knights", "bishops".
fn plural(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawns",
        Role::Knight => "knights",
        Role::Bishop => "bishops",
        Role::Rook => "rooks",
        Role::Queen => "queens",
        Role::King => "kings",
    }
}

/// A move in words, then in SAN: "White: knight g1 to f3. Nf3.", "Black: pawn e4 takes
/// pawn d3 en passant. exd3.", "White: castles short. O-O.", "White: pawn e7 to e8,
/// promotes to queen. e8=Q+." (the check, mate and game end are said apart).
pub fn move_words(pos: &Position, mv: Move) -> String {
    let side = pos.turn().name();
    let notation = san(pos, mv);
    let Some(mover) = pos.piece_on(mv.from()) else {
        return format!("{side}: {notation}.");
    };
    let (from, to) = (mv.from(), mv.to());
    // Castling is the king's move by two files.
    if mover.role == Role::King
        && (from.file().index() as i32 - to.file().index() as i32).abs() == 2
    {
        let wing = if to.file().index() > from.file().index() {
            "short"
        } else {
            "long"
        };
        return format!("{side}: castles {wing}. {notation}.");
    }
    let passant =
        mover.role == Role::Pawn && Some(to) == pos.ep_square() && from.file() != to.file();
    let taken = if passant {
        Some(Piece::new(!pos.turn(), Role::Pawn))
    } else {
        pos.piece_on(to)
    };
    let mut text = format!("{side}: {} {from}", mover.role.name());
    match taken {
        Some(t) => text.push_str(&format!(" takes {} {to}", t.role.name())),
        None => text.push_str(&format!(" to {to}")),
    }
    if passant {
        text.push_str(" en passant");
    }
    if let Some(role) = mv.promotion() {
        text.push_str(&format!(", promotes to {}", role.name()));
    }
    format!("{text}. {notation}.")
}

/// Where the pieces of `color` and `role` stand: "White knights: b1, g1." ("none").
pub fn pieces_of(pos: &Position, color: Color, role: Role) -> String {
    let squares: Vec<String> = squares_of(pos.pieces(color, role).into_iter())
        .iter()
        .map(Square::to_string)
        .collect();
    let list = if squares.is_empty() {
        "none".to_string()
    } else {
        squares.join(", ")
    };
    format!("{} {}: {list}.", color.name(), plural(role))
}

fn squares_of(squares: impl Iterator<Item = Square>) -> Vec<Square> {
    let mut v: Vec<Square> = squares.collect();
    v.sort_by_key(|s| (s.file().index(), s.rank().index()));
    v
}

/// The pieces on `squares`, each with its square: "e1 white king, e2 white pawn" ("empty").
fn pieces_on(pos: &Position, squares: impl Iterator<Item = Square>) -> String {
    let found: Vec<String> = squares
        .filter_map(|sq| pos.piece_on(sq).map(|p| format!("{sq} {}", piece(p))))
        .collect();
    if found.is_empty() {
        "empty".into()
    } else {
        found.join(", ")
    }
}

/// The pieces on a file, from the first rank up: "e file: e1 white king, e2 white pawn.".
pub fn file_words(pos: &Position, file: File) -> String {
    let squares = Rank::ALL.iter().map(|&r| Square::new(file, r));
    format!("{} file: {}.", file.char(), pieces_on(pos, squares))
}

/// The pieces on a rank, from the a-file: "Rank 1: a1 white rook, b1 white knight.".
pub fn rank_words(pos: &Position, rank: Rank) -> String {
    let squares = File::ALL.iter().map(|&f| Square::new(f, rank));
    format!("Rank {}: {}.", rank.char(), pieces_on(pos, squares))
}

/// The whole board, one rank a line, from the player's side: White's eighth rank first
/// for White (as the board is seen), the first rank first for Black.
pub fn board_words(pos: &Position, seen_by: Color) -> Vec<String> {
    let mut ranks: Vec<Rank> = Rank::ALL.to_vec();
    if seen_by == Color::White {
        ranks.reverse();
    }
    ranks.into_iter().map(|r| rank_words(pos, r)).collect()
}

/// Where the piece on `sq` can go: "g1 white knight: f3, h3." (the side not to move: its
/// piece, and that it is not its turn).
pub fn targets_words(pos: &Position, sq: Square) -> String {
    let Some(p) = pos.piece_on(sq) else {
        return format!("{sq}: empty.");
    };
    if p.color != pos.turn() {
        return format!("{sq} {}: not {}'s turn.", piece(p), p.color.name());
    }
    let moves: MoveList = pos.legal_moves();
    let mut to: Vec<String> = Vec::new();
    for &mv in moves.as_slice().iter().filter(|m| m.from() == sq) {
        let t = mv.to().to_string();
        if !to.contains(&t) {
            to.push(t);
        }
    }
    if to.is_empty() {
        format!("{sq} {}: no moves.", piece(p))
    } else {
        format!("{sq} {}: {}.", piece(p), to.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(moves: &[&str]) -> Position {
        let mut pos = Position::startpos();
        for m in moves {
            let mv = crate::core::parse_move(&pos, m).expect("legal");
            pos.play(mv);
        }
        pos
    }

    fn mv(pos: &Position, text: &str) -> Move {
        crate::core::parse_move(pos, text).expect("legal")
    }

    #[test]
    fn moves_are_said_piece_squares_then_san() {
        let start = Position::startpos();
        assert_eq!(
            move_words(&start, mv(&start, "Nf3")),
            "White: knight g1 to f3. Nf3."
        );
        let pos = after(&["e4", "d5"]);
        assert_eq!(
            move_words(&pos, mv(&pos, "exd5")),
            "White: pawn e4 takes pawn d5. exd5."
        );
        let pos = after(&["e4", "a6", "e5", "d5"]);
        assert_eq!(
            move_words(&pos, mv(&pos, "exd6")),
            "White: pawn e5 takes pawn d6 en passant. exd6."
        );
        let pos = after(&["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6"]);
        assert_eq!(
            move_words(&pos, mv(&pos, "O-O")),
            "White: castles short. O-O."
        );
        let pos = Position::from_fen("8/4P3/8/8/8/8/k7/6K1 w - - 0 1").expect("fen");
        assert_eq!(
            move_words(&pos, mv(&pos, "e8=N")),
            "White: pawn e7 to e8, promotes to knight. e8=N."
        );
    }

    #[test]
    fn pieces_files_ranks_and_targets_are_listed() {
        let pos = Position::startpos();
        assert_eq!(
            pieces_of(&pos, Color::White, Role::Knight),
            "White knights: b1, g1."
        );
        assert_eq!(
            pieces_of(&pos, Color::Black, Role::King),
            "Black kings: e8."
        );
        let pos = after(&["e4", "e5", "Qh5", "Nc6", "Qxf7+", "Kxf7"]);
        assert_eq!(
            pieces_of(&pos, Color::White, Role::Queen),
            "White queens: none."
        );
        assert_eq!(
            file_words(&pos, File::E),
            "e file: e1 white king, e4 white pawn, e5 black pawn."
        );
        assert_eq!(rank_words(&pos, Rank::Fifth), "Rank 5: e5 black pawn.");
        assert_eq!(rank_words(&pos, Rank::Fourth), "Rank 4: e4 white pawn.");
        let board = board_words(&Position::startpos(), Color::White);
        assert_eq!(board.len(), 8);
        assert!(board[0].starts_with("Rank 8: a8 black rook, b8 black knight"));
        assert_eq!(board[4], "Rank 4: empty.");
        let start = Position::startpos();
        assert_eq!(
            targets_words(&start, Square::parse("g1").expect("sq")),
            "g1 white knight: f3, h3."
        );
        assert_eq!(
            targets_words(&start, Square::parse("e4").expect("sq")),
            "e4: empty."
        );
        assert_eq!(
            targets_words(&start, Square::parse("a1").expect("sq")),
            "a1 white rook: no moves."
        );
    }
}
