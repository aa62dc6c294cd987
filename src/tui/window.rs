//! A window of text over the middle of a screen: the game's "why this move?" and the
//! trainer's "why" after a drill's answer are drawn alike.

use super::theme::Theme;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

/// A box in the middle of `area`.
pub fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

/// `lines` (the first lit as a heading) wrapped in a bordered window titled `title`, as
/// wide as the screen allows up to 76 columns, `footer` (how to close it) last.
pub fn text_window(
    frame: &mut Frame,
    t: &Theme,
    area: Rect,
    title: &str,
    lines: &[String],
    footer: &str,
) {
    let w = area.width.saturating_sub(4).min(76);
    let mut rows: Vec<Line> = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let style = if i == 0 { t.prompt } else { t.text };
        for row in crate::play::log::wrap(l, w.saturating_sub(2) as usize) {
            rows.push(Line::styled(row, style));
        }
    }
    rows.push(Line::styled(footer.to_string(), t.dim));
    let rect = centered(area, w, rows.len() as u16 + 2);
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(rows).block(
            Block::bordered()
                .title(Span::styled(title.to_string(), t.title))
                .border_style(t.prompt),
        ),
        rect,
    );
}
