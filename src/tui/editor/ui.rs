//! Drawing the book editor: title (with the recording mode), board, the opening's name, the
//! position's book moves (the built-in book's greyed, read-only), the moves played, and two
//! key lines that fit 80 columns. The pane the arrows act on is highlighted.

use super::{Editor, Focus};
use crate::core::san;
use crate::tui::board::{BoardGeometry, BoardWidget};
use crate::tui::book_screen::{self, Parts, board_area, input_line, too_small};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// The editor's keys, each line in 80 columns.
pub const KEY_LINES: [&str; 2] = [
    " Tab:pane  Enter:play  Bksp:back  ^R:recording on/off  F6:adopt  F5:engine",
    " +/-:weight  Del:delete  ^Z:undo  :weight N  :comment TEXT  :fen FEN  Esc:quit",
];

/// Lays the editor out on `area` before it is drawn: where the board goes, for clicks.
pub fn lay_out(ed: &mut Editor, area: Rect) {
    ed.screen = area;
    ed.board.geometry = BoardGeometry::fit(board_area(area), ed.flipped);
}

/// Draws the editor as [`lay_out`] placed it.
pub fn draw(frame: &mut Frame, ed: &Editor) {
    let area = frame.area();
    let t = &ed.theme;
    if too_small(frame, t, "the book editor") {
        return;
    }
    // The focused pane says so: its title is lit and marked.
    let (list_style, list_title) = if ed.focus == Focus::List {
        (t.prompt, " Book moves [arrows] ")
    } else {
        (t.dim, " Book moves (Tab) ")
    };
    book_screen::draw(
        frame,
        t,
        Parts {
            title: Line::from(vec![
                Span::styled(" HUO CHESS BOOK EDITOR", t.title),
                if ed.recording {
                    Span::styled("  RECORDING", t.prompt)
                } else {
                    Span::styled("  BROWSING", t.text)
                },
                Span::styled(format!("  {}", ed.book.describe()), t.dim),
            ]),
            board: BoardWidget {
                position: ed.game.position(),
                theme: t,
                flipped: ed.flipped,
                last_move: ed.game.moves().last().copied(),
                selected: ed.board.selected,
                targets: ed.targets(),
                cursor: (ed.focus == Focus::Board).then_some(ed.board.cursor),
            },
            panel_title: Span::styled(list_title, list_style),
            panel_style: list_style,
            panel: panel_lines(ed),
            game: &ed.game,
            keys: KEY_LINES,
            promotion: ed.promotion.is_some(),
        },
    );
    let board_title = if ed.focus == Focus::Board {
        Span::styled(" Board [arrows] ", t.prompt)
    } else {
        Span::styled(" Board (Tab) ", t.dim)
    };
    // Under the board, on the last row of its area.
    let board_rect = board_area(area);
    let bt = Rect::new(
        board_rect.x,
        board_rect.bottom().saturating_sub(1),
        board_rect.width.min(area.width),
        1,
    );
    frame.render_widget(Paragraph::new(Line::from(board_title)), bt);
}

/// The panel: where the position's moves come from, the moves, the message, the input line.
pub fn panel_lines(ed: &Editor) -> Vec<Line<'static>> {
    let t = &ed.theme;
    let pos = ed.game.position();
    let mut lines = vec![Line::styled(format!("{} to move", pos.turn()), t.text)];
    if let Some(o) = ed.opening {
        lines.push(Line::styled(o.label(), t.title));
    }
    let builtin = ed.layer == Some(crate::book::layers::Layer::BuiltIn);
    match &ed.entry {
        Some(entry) => {
            if builtin {
                lines.push(Line::styled(
                    format!(
                        "Not in your book: the built-in book's moves ({}), read-only. \
                         F6 adopts them; a move you record here starts your own.",
                        entry.file.strip_prefix("embedded:").unwrap_or(&entry.file)
                    ),
                    t.dim,
                ));
            } else {
                lines.push(Line::styled(
                    format!("Position already in file {}", entry.file),
                    t.prompt,
                ));
            }
            let row = ed.selected_row();
            for (i, m) in entry.moves.iter().enumerate() {
                let mut text = format!(
                    "{} {:<7} {:<6} weight {}",
                    if Some(i) == row { '>' } else { ' ' },
                    if pos.is_legal(m.mv) {
                        san(pos, m.mv)
                    } else {
                        "?".into()
                    },
                    m.mv.uci(),
                    m.weight
                );
                // The opening-tree view: the games that followed the move, as a W/D/L bar.
                if let Some(r) = crate::book::Results::of(m) {
                    text.push_str(&format!("  [{}] {}", r.bar(8), r.summary()));
                }
                if let Some(c) = &m.comment {
                    text.push_str(&format!("  {c}"));
                }
                // The built-in book's moves are greyed: they are not the user's to change.
                let base = if builtin { t.dim } else { t.text };
                let style = if Some(i) == row && ed.focus == Focus::List {
                    base.patch(t.prompt).add_modifier(Modifier::REVERSED)
                } else {
                    base
                };
                lines.push(Line::styled(text, style));
            }
            for w in &entry.warnings {
                lines.push(Line::styled(format!("warning: {w}"), t.alert));
            }
        }
        None => lines.push(Line::styled("Position not in the book yet", t.dim)),
    }
    if let Some(v) = &ed.engine_view {
        lines.push(Line::styled(v.clone(), t.dim));
    }
    lines.push(Line::raw(""));
    if let Some(m) = &ed.message {
        lines.push(Line::styled(
            m.clone(),
            if ed.alert { t.alert } else { t.text },
        ));
    }
    lines.push(Line::styled(
        if ed.recording {
            "Enter a move (it is recorded; ^R browses):"
        } else {
            "Enter a move (browsing: not recorded):"
        },
        t.prompt,
    ));
    lines.push(input_line(t, &ed.input));
    lines
}
