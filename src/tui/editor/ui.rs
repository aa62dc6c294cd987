//! Drawing the book editor: title (with the recording mode), board, the opening's name, the
//! position's book moves (the built-in book's greyed, read-only), the moves played, and two
//! key lines that fit 80 columns. The pane the arrows act on is highlighted.

use super::{Editor, Focus};
use crate::core::san;
use crate::tui::board::{BoardGeometry, BoardWidget};
use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

/// The board's part of the screen (the trainer's too: it has as many key lines).
pub fn board_area(screen: Rect) -> Rect {
    let h = screen.height.saturating_sub(2 + KEY_LINES.len() as u16);
    let scale = (screen.width.saturating_sub(40) / 24)
        .min(h.saturating_sub(1) / 8)
        .clamp(1, 4);
    let (w, _) = BoardGeometry::size(scale);
    Rect::new(screen.x, screen.y + 1, (w + 1).min(screen.width), h)
}

/// The editor's keys, each line in 80 columns.
pub const KEY_LINES: [&str; 2] = [
    " Tab:pane  Enter:play  Bksp:back  ^R:recording on/off  F6:adopt  F5:engine",
    " +/-:weight  Del:delete  ^Z:undo  :weight N  :comment TEXT  :fen FEN  Esc:quit",
];

/// Draws the editor.
pub fn draw(frame: &mut Frame, ed: &mut Editor) {
    let area = frame.area();
    ed.screen = area;
    ed.board.geometry = BoardGeometry::fit(board_area(area), ed.flipped);
    let ed = &*ed;
    let t = &ed.theme;
    if too_small(frame, t, "the book editor") {
        return;
    }
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(" HUO CHESS BOOK EDITOR", t.title),
            if ed.recording {
                Span::styled("  RECORDING", t.prompt)
            } else {
                Span::styled("  BROWSING", t.text)
            },
            Span::styled(format!("  {}", ed.book.describe()), t.dim),
        ])),
        Rect::new(area.x, area.y, area.width, 1),
    );
    let board_rect = board_area(area);
    let targets = ed.targets();
    frame.render_widget(
        BoardWidget {
            position: ed.game.position(),
            theme: t,
            flipped: ed.flipped,
            last_move: ed.game.moves().last().copied(),
            selected: ed.board.selected,
            targets,
            cursor: (ed.focus == Focus::Board).then_some(ed.board.cursor),
        },
        board_rect,
    );
    let panel = Rect::new(
        board_rect.right() + 1,
        area.y + 1,
        area.width.saturating_sub(board_rect.width + 1),
        board_rect.height,
    );
    // The focused pane says so: its title is lit and marked.
    let (list_style, list_title) = if ed.focus == Focus::List {
        (t.prompt, " Book moves [arrows] ")
    } else {
        (t.dim, " Book moves (Tab) ")
    };
    frame.render_widget(
        Paragraph::new(panel_lines(ed))
            .wrap(Wrap { trim: false })
            .block(
                Block::bordered()
                    .title(Span::styled(list_title, list_style))
                    .border_style(list_style),
            ),
        panel,
    );
    let board_title = if ed.focus == Focus::Board {
        Span::styled(" Board [arrows] ", t.prompt)
    } else {
        Span::styled(" Board (Tab) ", t.dim)
    };
    // Under the board, on the last row of its area.
    let bt = Rect::new(
        board_rect.x,
        board_rect.bottom().saturating_sub(1),
        board_rect.width.min(area.width),
        1,
    );
    frame.render_widget(Paragraph::new(Line::from(board_title)), bt);
    let moves = ed.game.movetext();
    frame.render_widget(
        Paragraph::new(Line::styled(
            if moves.is_empty() {
                " (start position)".to_string()
            } else {
                format!(" {moves}")
            },
            t.text,
        )),
        Rect::new(area.x, board_rect.bottom(), area.width, 1),
    );
    for (i, keys) in KEY_LINES.iter().enumerate() {
        frame.render_widget(
            Paragraph::new(Line::styled(*keys, t.dim)),
            Rect::new(area.x, board_rect.bottom() + 1 + i as u16, area.width, 1),
        );
    }
    if ed.promotion.is_some() {
        promotion_popup(frame, t);
    }
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
pub fn promotion_popup(frame: &mut Frame, t: &Theme) {
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

/// The panel: where the position's moves come from, the moves, the message, the input line.
pub fn panel_lines(ed: &Editor) -> Vec<Line<'static>> {
    let t = &ed.theme;
    let pos = ed.game.position();
    let mut lines = vec![Line::styled(format!("{} to move", pos.turn()), t.text)];
    if let Some(o) = ed.opening {
        lines.push(Line::styled(o.label(), t.title));
    }
    let builtin = ed.layer == Some(crate::book::Layer::BuiltIn);
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
