//! The board widget: a [`Position`] drawn as the QBasic edition drew it, rank 8 on top, each
//! square 3 characters wide, the piece letter in the middle. Shared by the game screen and
//! the book editor.
//!
//! The board scales in whole steps (3×1, 6×2, 9×3 ... characters per square) so it keeps
//! its proportions; [`BoardGeometry`] maps squares to screen cells and back (mouse clicks).

use super::theme::Theme;
use crate::core::{File, Move, Position, Rank, Square};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

/// Where the board's squares are on the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardGeometry {
    /// Top-left corner of the a8 square (h1 when flipped).
    pub x: u16,
    pub y: u16,
    /// Size of one square in cells.
    pub sq_w: u16,
    pub sq_h: u16,
    /// Black's side at the bottom.
    pub flipped: bool,
}

impl BoardGeometry {
    /// Columns for the rank numbers left of the board.
    pub const LABEL_W: u16 = 2;

    /// The size (width, height) the board and its labels take at `scale` (1: 3×1 squares).
    pub fn size(scale: u16) -> (u16, u16) {
        (Self::LABEL_W + 24 * scale, 8 * scale + 1)
    }

    /// The largest board that fits in `area`, placed at its top-left; `None` when even the
    /// smallest does not fit.
    pub fn fit(area: Rect, flipped: bool) -> Option<BoardGeometry> {
        let scale = (area.width.saturating_sub(Self::LABEL_W) / 24)
            .min(area.height.saturating_sub(1) / 8)
            .min(4);
        (scale >= 1).then_some(BoardGeometry {
            x: area.x + Self::LABEL_W,
            y: area.y,
            sq_w: 3 * scale,
            sq_h: scale,
            flipped,
        })
    }

    /// The whole area drawn (labels included).
    pub fn area(&self) -> Rect {
        Rect::new(
            self.x - Self::LABEL_W,
            self.y,
            Self::LABEL_W + 8 * self.sq_w,
            8 * self.sq_h + 1,
        )
    }

    /// Screen column index (0..8) of a file and row index (0..8, top first) of a rank.
    fn cell_of(&self, sq: Square) -> (u16, u16) {
        let f = sq.file() as u16;
        let r = sq.rank() as u16;
        if self.flipped { (7 - f, r) } else { (f, 7 - r) }
    }

    /// The rectangle of one square.
    pub fn square_rect(&self, sq: Square) -> Rect {
        let (c, r) = self.cell_of(sq);
        Rect::new(
            self.x + c * self.sq_w,
            self.y + r * self.sq_h,
            self.sq_w,
            self.sq_h,
        )
    }

    /// The square under screen cell (`col`, `row`), if any (for mouse clicks).
    pub fn square_at(&self, col: u16, row: u16) -> Option<Square> {
        if col < self.x || row < self.y {
            return None;
        }
        let c = (col - self.x) / self.sq_w;
        let r = (row - self.y) / self.sq_h;
        if c >= 8 || r >= 8 {
            return None;
        }
        let (f, rk) = if self.flipped { (7 - c, r) } else { (c, 7 - r) };
        Some(Square::new(
            File::from_index(f as usize),
            Rank::from_index(rk as usize),
        ))
    }
}

/// A position to draw, with what to highlight.
#[derive(Clone, Debug)]
pub struct BoardWidget<'a> {
    pub position: &'a Position,
    pub theme: &'a Theme,
    pub flipped: bool,
    pub last_move: Option<Move>,
    pub selected: Option<Square>,
    /// Where the selected piece may go.
    pub targets: Vec<Square>,
    pub cursor: Option<Square>,
}

impl<'a> BoardWidget<'a> {
    /// A plain board: no highlights, White at the bottom.
    pub fn new(position: &'a Position, theme: &'a Theme) -> BoardWidget<'a> {
        BoardWidget {
            position,
            theme,
            flipped: false,
            last_move: None,
            selected: None,
            targets: Vec::new(),
            cursor: None,
        }
    }

    /// The background of `sq`: cursor over selection over targets over last move over
    /// the square's own colour.
    fn background(&self, sq: Square) -> ratatui::style::Color {
        let t = self.theme;
        if self.cursor == Some(sq) {
            t.cursor
        } else if self.selected == Some(sq) {
            t.selected
        } else if self.targets.contains(&sq) {
            t.target
        } else if self
            .last_move
            .is_some_and(|m| m.from() == sq || m.to() == sq)
        {
            t.last_move
        } else if sq.is_light() {
            t.light_square
        } else {
            t.dark_square
        }
    }
}

impl Widget for BoardWidget<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Some(geo) = BoardGeometry::fit(area, self.flipped) else {
            buf.set_string(area.x, area.y, "(board: no room)", self.theme.alert);
            return;
        };
        for sq in Square::ALL {
            let rect = geo.square_rect(sq);
            let bg = self.background(sq);
            buf.set_style(rect, Style::new().bg(bg));
            for y in rect.y..rect.y + rect.height {
                for x in rect.x..rect.x + rect.width {
                    if let Some(cell) = buf.cell_mut((x, y)) {
                        cell.set_char(' ');
                    }
                }
            }
            if let Some(piece) = self.position.piece_on(sq) {
                let x = rect.x + rect.width / 2;
                let y = rect.y + rect.height / 2;
                if let Some(cell) = buf.cell_mut((x, y)) {
                    cell.set_char(self.theme.glyph(piece))
                        .set_fg(self.theme.piece_color(piece.color))
                        .set_bg(bg);
                }
            }
        }
        // Rank numbers at the left, file letters below.
        for i in 0..8u16 {
            let rank = if geo.flipped { i + 1 } else { 8 - i };
            let y = geo.y + i * geo.sq_h + geo.sq_h / 2;
            buf.set_string(
                geo.x - BoardGeometry::LABEL_W,
                y,
                rank.to_string(),
                self.theme.text,
            );
            let file = if geo.flipped { 7 - i } else { i };
            let x = geo.x + i * geo.sq_w + geo.sq_w / 2;
            buf.set_string(
                x,
                geo.y + 8 * geo.sq_h,
                ((b'a' + file as u8) as char).to_string(),
                self.theme.text,
            );
        }
    }
}

/// The squares the piece on `from` can move to (what the board highlights once selected).
pub fn legal_targets(pos: &Position, from: Option<Square>) -> Vec<Square> {
    let Some(from) = from else {
        return Vec::new();
    };
    pos.legal_moves()
        .iter()
        .filter(|m| m.from() == from)
        .map(|m| m.to())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_round_trips_and_scales() {
        let g = BoardGeometry::fit(Rect::new(0, 1, 54, 12), false).unwrap();
        assert_eq!((g.sq_w, g.sq_h), (3, 1));
        assert_eq!(g.square_rect(Square::A8), Rect::new(2, 1, 3, 1));
        assert_eq!(g.square_at(2, 1), Some(Square::A8));
        assert_eq!(g.square_at(25, 8), Some(Square::H1));
        let big = BoardGeometry::fit(Rect::new(0, 0, 60, 22), true).unwrap();
        assert_eq!((big.sq_w, big.sq_h), (6, 2));
        for sq in Square::ALL {
            let r = big.square_rect(sq);
            assert_eq!(big.square_at(r.x + 5, r.y + 1), Some(sq));
        }
        assert!(BoardGeometry::fit(Rect::new(0, 0, 20, 20), false).is_none());
    }
}
