//! What a player types: a move, in any case and any notation a player uses, or a
//! `:command`. People type `nf3` for `Nf3`, `0-0` for `O-O`, `E2E4` with caps lock on; a
//! screen (or a line of text) should read what they meant. Lower-case SAN has one real
//! ambiguity: `bxc3` is a pawn on the b-file taking, or a bishop. A pawn's capture is read
//! first, since that is what `b` means in SAN; the bishop only when no pawn move reads so.

use super::moves::Move;
use super::notation::{MoveError, parse_move};
use super::position::Position;

/// The original's answer to a move it cannot read (or play).
pub const INVALID_MOVE: &str = "Invalid move - Please try again";

/// Reads a move as a player types it: every notation [`parse_move`] reads (`c2c4`,
/// `c2-c4`, `Nf3`, `e7e8q`), and also SAN in lower case (`nf3`, `qh5`, `ke2`, `o-o`).
/// A lower-case `b` is a pawn on the b-file first (`bxc3`), a bishop only if no pawn move
/// reads that way. The error is the one for the text as typed.
pub fn read_typed_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let first = match parse_move(pos, text) {
        Ok(mv) => return Ok(mv),
        Err(e) => e,
    };
    if matches!(first, MoveError::MissingPromotion { .. }) {
        return Err(first);
    }
    let t = text.trim();
    let castle = t.replace('0', "O").to_ascii_uppercase();
    let mut tries = Vec::new();
    if matches!(castle.trim_end_matches(['+', '#']), "O-O" | "O-O-O") {
        tries.push(castle);
    }
    let mut chars = t.chars();
    if let Some(c) = chars.next()
        && "nbrqk".contains(c)
    {
        tries.push(format!("{}{}", c.to_ascii_uppercase(), chars.as_str()));
    }
    // Upper-case SAN typed with caps lock: `NF3`, `BXC3` (files and `x` lowered).
    if t.chars().any(|c| c.is_ascii_uppercase()) {
        let mut it = t.chars();
        if let Some(c) = it.next() {
            tries.push(format!("{c}{}", it.as_str().to_ascii_lowercase()));
        }
    }
    tries
        .iter()
        .find_map(|t| parse_move(pos, t).ok())
        .ok_or(first)
}

/// What a typed line held when Enter was pressed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// `:command args` (without the colon).
    Command(String),
    /// Anything else: a move.
    Move(String),
    /// Nothing: Enter acts on the board (or the list, or goes on).
    Empty,
}

impl Typed {
    /// Reads a typed line: a `:` starts a command, anything else is a move.
    pub fn read(text: &str) -> Typed {
        let text = text.trim();
        match text.strip_prefix(':') {
            Some(cmd) => Typed::Command(cmd.to_string()),
            None if text.is_empty() => Typed::Empty,
            None => Typed::Move(text.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_typed_in_any_case() {
        let pos = Position::startpos();
        for (text, uci) in [
            ("nf3", "g1f3"),
            ("NF3", "g1f3"),
            ("Nf3", "g1f3"),
            ("e4", "e2e4"),
            ("E2E4", "e2e4"),
        ] {
            assert_eq!(
                read_typed_move(&pos, text).map(|m| m.uci()),
                Ok(uci.to_string()),
                "{text}"
            );
        }
        // bxc3: the b-pawn takes when it can, else the bishop.
        let pos = Position::from_fen("4k3/8/8/8/8/3p4/1P2B3/4K3 w - - 0 1").unwrap();
        assert_eq!(
            read_typed_move(&pos, "bxd3").map(|m| m.uci()),
            Ok("e2d3".to_string())
        );
        let pos = Position::from_fen("4k3/8/8/8/8/2p5/1P1B4/4K3 w - - 0 1").unwrap();
        assert_eq!(
            read_typed_move(&pos, "bxc3").map(|m| m.uci()),
            Ok("b2c3".to_string())
        );
        let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        for text in ["o-o", "0-0", "O-O"] {
            assert_eq!(
                read_typed_move(&pos, text).map(|m| m.uci()),
                Ok("e1g1".to_string())
            );
        }
        assert_eq!(
            read_typed_move(&pos, "o-o-o").map(|m| m.uci()),
            Ok("e1c1".to_string())
        );
        assert!(read_typed_move(&pos, "zz").is_err());
    }

    #[test]
    fn a_line_is_a_command_a_move_or_nothing() {
        assert_eq!(Typed::read(" :flip "), Typed::Command("flip".into()));
        assert_eq!(Typed::read("Nf3 "), Typed::Move("Nf3".into()));
        assert_eq!(Typed::read("   "), Typed::Empty);
    }
}
