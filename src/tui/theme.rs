//! Colours and piece glyphs. `qbasic` recreates the 16-colour DOS screen of the QBasic
//! edition (grey and black squares, bright white and magenta pieces, `o` for pawns);
//! `modern` uses Unicode chess glyphs on a wooden palette.

use crate::core::{Color as Side, Piece, Role};
use ratatui::style::{Color, Modifier, Style};

/// Everything the screens need to know about how things look.
#[derive(Clone, Debug, PartialEq)]
pub struct Theme {
    /// `qbasic` or `modern`.
    pub(crate) name: &'static str,
    pub(crate) light_square: Color,
    pub(crate) dark_square: Color,
    pub(crate) white_piece: Color,
    pub(crate) black_piece: Color,
    /// Background of the last move's two squares.
    pub(crate) last_move: Color,
    /// Background of the selected piece's square.
    pub(crate) selected: Color,
    /// Background of the squares the selected piece can go to.
    pub(crate) target: Color,
    /// Background of the keyboard cursor.
    pub(crate) cursor: Color,
    /// Ordinary text (panel, log, labels).
    pub(crate) text: Style,
    /// The title line and headings.
    pub(crate) title: Style,
    /// The original's prompts (`Enter your move:`, `My move: ...`).
    pub(crate) prompt: Style,
    /// Warnings: `Check!`, `Invalid move - Please try again`.
    pub(crate) alert: Style,
    /// Dim text: hints, log details.
    pub(crate) dim: Style,
    /// Unicode glyphs instead of letters.
    pub(crate) unicode: bool,
}

impl Theme {
    /// The QBasic edition's look (DOS colours 0, 5, 7, 15).
    pub fn qbasic() -> Theme {
        Theme {
            name: "qbasic",
            light_square: Color::Gray,
            dark_square: Color::Black,
            white_piece: Color::White,
            black_piece: Color::Magenta,
            last_move: Color::Blue,
            selected: Color::Green,
            target: Color::Cyan,
            cursor: Color::Yellow,
            text: Style::new().fg(Color::Gray),
            title: Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            prompt: Style::new().fg(Color::White),
            alert: Style::new().fg(Color::LightRed),
            dim: Style::new().fg(Color::DarkGray),
            unicode: false,
        }
    }

    /// A modern look: Unicode pieces, wooden squares.
    pub fn modern() -> Theme {
        Theme {
            name: "modern",
            // Mid-tone wood, so both white and black pieces stand out on both squares.
            light_square: Color::Rgb(205, 170, 125),
            dark_square: Color::Rgb(139, 99, 60),
            white_piece: Color::Rgb(255, 255, 255),
            black_piece: Color::Rgb(0, 0, 0),
            last_move: Color::Rgb(205, 210, 106),
            selected: Color::Rgb(130, 151, 105),
            target: Color::Rgb(100, 160, 200),
            cursor: Color::Rgb(230, 120, 60),
            text: Style::new().fg(Color::Rgb(220, 220, 220)),
            title: Style::new()
                .fg(Color::Rgb(240, 217, 181))
                .add_modifier(Modifier::BOLD),
            prompt: Style::new().fg(Color::Rgb(255, 255, 255)),
            alert: Style::new().fg(Color::Rgb(255, 110, 100)),
            dim: Style::new().fg(Color::Rgb(130, 130, 130)),
            unicode: true,
        }
    }

    /// The theme called `name` (case-insensitive); unknown names get `qbasic`.
    pub fn by_name(name: &str) -> Theme {
        match name.trim().to_ascii_lowercase().as_str() {
            "modern" => Theme::modern(),
            _ => Theme::qbasic(),
        }
    }

    /// The glyph of a piece: `K Q R B N o` in the QBasic theme (colour tells the side),
    /// the solid Unicode figures in the modern one (again coloured by side).
    pub fn glyph(&self, piece: Piece) -> char {
        if self.unicode {
            match piece.role {
                Role::King => '♚',
                Role::Queen => '♛',
                Role::Rook => '♜',
                Role::Bishop => '♝',
                Role::Knight => '♞',
                Role::Pawn => '♟',
            }
        } else {
            match piece.role {
                Role::Pawn => 'o',
                r => r.upper_char(),
            }
        }
    }

    /// The colour a side's pieces are drawn in.
    pub fn piece_color(&self, side: Side) -> Color {
        match side {
            Side::White => self.white_piece,
            Side::Black => self.black_piece,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_glyphs() {
        assert_eq!(Theme::by_name("MODERN").name, "modern");
        assert_eq!(Theme::by_name("nonsense").name, "qbasic");
        let p = Piece::new(Side::Black, Role::Pawn);
        assert_eq!(Theme::qbasic().glyph(p), 'o');
        assert_eq!(Theme::modern().glyph(p), '♟');
    }
}
