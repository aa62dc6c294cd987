//! The look the book screens share, the book editor's and the trainer's: the title row,
//! the board on the left, a bordered panel beside it, the moves played under the board,
//! then two key lines that fit 80 columns; the promotion question over the middle.

use super::board::{BoardGeometry, BoardWidget};
use super::theme::Theme;
use crate::core::Position;
use crate::game::Game;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

/// The key lines under the moves.
pub const KEY_ROWS: u16 = 2;

/// What a book screen shows in its parts.
pub struct Parts<'a> {
    /// The title row.
    pub title: Line<'a>,
    pub board: BoardWidget<'a>,
    /// The panel's title, its border's style, its lines.
    pub panel_title: Span<'a>,
    pub panel_style: Style,
    pub panel: Vec<Line<'a>>,
    /// The moves on the board.
    pub game: &'a Game,
    pub keys: [&'a str; KEY_ROWS as usize],
    /// A pawn waits for its promotion piece.
    pub promotion: bool,
}

/// Draws `parts` over the whole frame (the board where [`board_area`] puts it).
pub fn draw(frame: &mut Frame, t: &Theme, parts: Parts) {
    let area = frame.area();
    frame.render_widget(
        Paragraph::new(parts.title),
        Rect::new(area.x, area.y, area.width, 1),
    );
    let board_rect = board_area(area);
    frame.render_widget(parts.board, board_rect);
    let panel = Rect::new(
        board_rect.right() + 1,
        area.y + 1,
        area.width.saturating_sub(board_rect.width + 1),
        board_rect.height,
    );
    frame.render_widget(
        Paragraph::new(parts.panel)
            .wrap(Wrap { trim: false })
            .block(
                Block::bordered()
                    .title(parts.panel_title)
                    .border_style(parts.panel_style),
            ),
        panel,
    );
    frame.render_widget(
        Paragraph::new(Line::styled(moves_line(parts.game), t.text)),
        Rect::new(area.x, board_rect.bottom(), area.width, 1),
    );
    for (i, keys) in parts.keys.iter().enumerate() {
        frame.render_widget(
            Paragraph::new(Line::styled(*keys, t.dim)),
            Rect::new(area.x, board_rect.bottom() + 1 + i as u16, area.width, 1),
        );
    }
    if parts.promotion {
        promotion_popup(frame, t);
    }
}

/// The moves played, numbered (` 1. e4 e5`), or ` (start position)` before the first
/// move from it.
fn moves_line(game: &Game) -> String {
    let moves = game.movetext();
    if moves.is_empty() && game.positions()[0] == Position::startpos() {
        " (start position)".to_string()
    } else {
        format!(" {moves}")
    }
}

/// The board's part of the screen: under the title, over the moves and the key lines.
pub fn board_area(screen: Rect) -> Rect {
    let h = screen.height.saturating_sub(2 + KEY_ROWS);
    let scale = (screen.width.saturating_sub(40) / 24)
        .min(h.saturating_sub(1) / 8)
        .clamp(1, 4);
    let (w, _) = BoardGeometry::size(scale);
    Rect::new(screen.x, screen.y + 1, (w + 1).min(screen.width), h)
}

/// The smallest screen the book screens (the editor, the trainer) are drawn on.
pub const MIN_SIZE: (u16, u16) = (60, 16);

/// Says the terminal is too small for `what` (`the book editor`) when it is: then
/// nothing else is drawn.
pub fn too_small(frame: &mut Frame, t: &Theme, what: &str) -> bool {
    let area = frame.area();
    let (w, h) = MIN_SIZE;
    if area.width >= w && area.height >= h {
        return false;
    }
    frame.render_widget(
        Paragraph::new(Line::styled(
            format!(
                "Terminal too small ({}x{}): {what} needs {w}x{h}",
                area.width, area.height
            ),
            t.alert,
        ))
        .wrap(Wrap { trim: true }),
        area,
    );
    true
}

/// The question of a pawn reaching the last rank, over the middle of the screen.
fn promotion_popup(frame: &mut Frame, t: &Theme) {
    let area = frame.area();
    let r = Rect::new(
        area.x + area.width.saturating_sub(48) / 2,
        area.y + area.height / 2 - 1,
        48.min(area.width),
        3,
    );
    frame.render_widget(Clear, r);
    frame.render_widget(
        Paragraph::new(Line::styled(
            "Promote to: q)ueen r)ook b)ishop k(n)ight",
            t.prompt,
        ))
        .block(Block::bordered().border_style(t.prompt)),
        r,
    );
}

/// The input line: `> ` and what is typed, with a cursor.
pub fn input_line(t: &Theme, input: &str) -> Line<'static> {
    Line::from(vec![
        Span::styled("> ", t.dim),
        Span::styled(input.to_string(), t.prompt),
        Span::styled("_", t.prompt),
    ])
}
