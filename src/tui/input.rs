//! Choosing a move on the board with the cursor keys, Enter or the mouse, and typing one —
//! the part the screens with a board (the game, the book editor, the trainer) share. It keeps the cursor, the selected piece
//! and where the board was drawn last, so a click is matched against what the player
//! actually saw.

use super::board::BoardGeometry;
pub use crate::core::typed::{INVALID_MOVE, Typed, read_typed_move};
use crate::core::{Color, Move, Position, Role, Square};
use crossterm::event::{KeyCode, MouseButton, MouseEvent, MouseEventKind};

/// The piece a key chooses for a pawn reaching the last rank: `q`, `r`, `b`, `n` (also `k`
/// for a knight: a pawn never becomes a king, so it cannot mislead), Enter a queen; any
/// other key none.
pub fn promotion_piece(code: KeyCode) -> Option<Role> {
    match code {
        KeyCode::Char('k' | 'K') => Some(Role::Knight),
        KeyCode::Char(c) => Role::from_char(c).filter(|r| Role::PROMOTIONS.contains(r)),
        KeyCode::Enter => Some(Role::Queen),
        _ => None,
    }
}

/// Empties the input line and says what it held (both screens read it the same way).
pub fn take_typed(input: &mut String) -> Typed {
    Typed::read(&std::mem::take(input))
}

/// What a selection on the board amounts to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// Nothing to do (an empty square, a piece that may not move now).
    Nothing,
    /// A piece was selected, or unselected.
    Selected,
    /// A move from the selected piece to the cursor.
    Move(Move),
    /// A pawn reaching the last rank: the piece is still to choose.
    Promotion { from: Square, to: Square },
    /// The selected piece cannot go there.
    Illegal,
}

/// The board cursor, the selected piece and the last drawn geometry.
#[derive(Clone, Debug)]
pub struct BoardInput {
    pub cursor: Square,
    pub selected: Option<Square>,
    /// Where the board's squares were on screen at the last draw (set by the drawing).
    pub geometry: Option<BoardGeometry>,
}

impl Default for BoardInput {
    fn default() -> Self {
        BoardInput {
            cursor: Square::E2,
            selected: None,
            geometry: None,
        }
    }
}

impl BoardInput {
    /// Moves the cursor with an arrow key (as seen on a board that may be flipped).
    /// Returns whether the key was an arrow.
    pub fn arrow(&mut self, code: KeyCode, flipped: bool) -> bool {
        let (df, dr) = match code {
            KeyCode::Up => (0, 1),
            KeyCode::Down => (0, -1),
            KeyCode::Left => (-1, 0),
            KeyCode::Right => (1, 0),
            _ => return false,
        };
        let (df, dr) = if flipped { (-df, -dr) } else { (df, dr) };
        if let Some(sq) = self.cursor.offset(df, dr) {
            self.cursor = sq;
        }
        true
    }

    /// A mouse event: a left click on a square of the board as last drawn puts the cursor
    /// there, and says so (the screen then acts as for Enter on the board).
    pub fn click(&mut self, ev: &MouseEvent) -> bool {
        if let MouseEventKind::Down(MouseButton::Left) = ev.kind
            && let Some(sq) = self.square_at(ev.column, ev.row)
        {
            self.cursor = sq;
            return true;
        }
        false
    }

    /// The square under screen cell (`column`, `row`) on the board as last drawn.
    pub fn square_at(&self, column: u16, row: u16) -> Option<Square> {
        self.geometry.as_ref()?.square_at(column, row)
    }

    /// Enter on the cursor's square (or a click there): select a piece of `side`, or move
    /// the selected one to it.
    pub fn select(&mut self, pos: &Position, side: Color) -> Pick {
        let sq = self.cursor;
        let own = pos.piece_on(sq).is_some_and(|p| p.color == side);
        match self.selected {
            Some(from) if from == sq => {
                self.selected = None;
                Pick::Selected
            }
            Some(from) if !own => {
                let moves: Vec<Move> = pos
                    .legal_moves()
                    .iter()
                    .copied()
                    .filter(|m| m.from() == from && m.to() == sq)
                    .collect();
                match moves.as_slice() {
                    [] => Pick::Illegal,
                    [mv] => {
                        self.selected = None;
                        Pick::Move(*mv)
                    }
                    _ => Pick::Promotion { from, to: sq },
                }
            }
            _ if own && side == pos.turn() => {
                self.selected = Some(sq);
                Pick::Selected
            }
            _ => Pick::Nothing,
        }
    }

    /// The legal destinations of the selected piece.
    pub fn targets(&self, pos: &Position) -> Vec<Square> {
        super::board::legal_targets(pos, self.selected)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn select_then_move_then_promotion() {
        let pos = Position::startpos();
        let mut input = BoardInput {
            cursor: Square::G1,
            ..BoardInput::default()
        };
        assert_eq!(input.select(&pos, Color::White), Pick::Selected);
        assert!(input.targets(&pos).contains(&Square::F3));
        input.cursor = Square::G4;
        assert_eq!(input.select(&pos, Color::White), Pick::Illegal);
        input.cursor = Square::F3;
        let Pick::Move(mv) = input.select(&pos, Color::White) else {
            panic!("expected a move");
        };
        assert_eq!(mv.uci(), "g1f3");
        assert_eq!(input.selected, None);
        // Black's pieces cannot be picked up by White.
        input.cursor = Square::E7;
        assert_eq!(input.select(&pos, Color::White), Pick::Nothing);

        let pos = Position::from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1").unwrap();
        input.cursor = Square::E7;
        input.select(&pos, Color::White);
        input.cursor = Square::E8;
        assert_eq!(
            input.select(&pos, Color::White),
            Pick::Promotion {
                from: Square::E7,
                to: Square::E8
            }
        );
    }

    #[test]
    fn promotion_keys_and_board_clicks() {
        use crossterm::event::KeyModifiers;
        for (code, role) in [
            (KeyCode::Char('q'), Some(Role::Queen)),
            (KeyCode::Char('R'), Some(Role::Rook)),
            (KeyCode::Char('b'), Some(Role::Bishop)),
            (KeyCode::Char('n'), Some(Role::Knight)),
            (KeyCode::Char('k'), Some(Role::Knight)),
            (KeyCode::Enter, Some(Role::Queen)),
            (KeyCode::Char('p'), None),
            (KeyCode::Esc, None),
        ] {
            assert_eq!(promotion_piece(code), role, "{code:?}");
        }
        let at = |column, row, kind| MouseEvent {
            kind,
            column,
            row,
            modifiers: KeyModifiers::NONE,
        };
        let left = MouseEventKind::Down(MouseButton::Left);
        let mut input = BoardInput::default();
        // Before the board is drawn, a click is on no square.
        assert!(!input.click(&at(5, 0, left)));
        input.geometry =
            super::super::board::BoardGeometry::fit(ratatui::layout::Rect::new(0, 0, 27, 9), false);
        let sq = input.geometry.as_ref().unwrap().square_at(5, 0).unwrap();
        // A right click, or a left one off the board, leaves the cursor where it was.
        assert!(!input.click(&at(5, 0, MouseEventKind::Down(MouseButton::Right))));
        assert!(!input.click(&at(60, 20, left)));
        assert_eq!(input.cursor, Square::E2);
        assert!(input.click(&at(5, 0, left)));
        assert_eq!(input.cursor, sq);
        assert_eq!(sq.rank().index(), 7, "the top row is the 8th rank");
    }

    #[test]
    fn arrows_follow_the_flipped_board() {
        let mut input = BoardInput::default();
        assert!(input.arrow(KeyCode::Up, false));
        assert_eq!(input.cursor, Square::E3);
        assert!(input.arrow(KeyCode::Up, true));
        assert_eq!(input.cursor, Square::E2);
        assert!(!input.arrow(KeyCode::Enter, false));
    }
}
