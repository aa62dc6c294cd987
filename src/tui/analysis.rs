//! The analysis screen: a game (the one just played, or a PGN file) stepped through with
//! ←/→ (Home/End, PgUp/PgDn), the engine's evaluation and best move at each position,
//! each move judged, and the evaluation over the whole game as a graph. What is shown and
//! its rules are the library's [`Review`] ([`crate::review`]); here the keys are
//! mapped to it and it is drawn. `d` turns one side's mistakes into drills, `n`/`p` go to
//! the file's next or previous game.

use super::board::{BoardGeometry, BoardWidget};
use super::theme::Theme;
use crate::core::Color;
use crate::review::{GRAPH_PAWNS, Review};
pub use crate::review::{PAGE_PLIES, evaluation_text};
use crossterm::event::KeyCode;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Chart, Clear, Dataset, GraphType, Paragraph, Wrap};
use std::ops::{Deref, DerefMut};

/// The analysis screen: the review it shows (read through `Deref` as well).
pub struct AnalysisView {
    pub review: Review,
}

impl Deref for AnalysisView {
    type Target = Review;
    fn deref(&self) -> &Review {
        &self.review
    }
}

impl DerefMut for AnalysisView {
    fn deref_mut(&mut self) -> &mut Review {
        &mut self.review
    }
}

impl AnalysisView {
    /// ←/→ step a move, Home/End jump to the ends, `d` drills a side's mistakes. Returns
    /// `false` when the screen should close (Esc).
    pub fn key(&mut self, code: KeyCode) -> bool {
        let r = &mut self.review;
        if r.asking() {
            r.answer_drill(match code {
                KeyCode::Char('w' | 'W') => Some(Color::White),
                KeyCode::Char('b' | 'B') => Some(Color::Black),
                _ => None,
            });
            return true;
        }
        match code {
            KeyCode::Char('d' | 'D') => r.ask_drill_side(),
            KeyCode::Left | KeyCode::Up => r.step_back(),
            KeyCode::Right | KeyCode::Down => r.step_forward(),
            KeyCode::Home => r.first(),
            KeyCode::End => r.last(),
            KeyCode::PageUp => r.page_back(),
            KeyCode::PageDown => r.page_forward(),
            KeyCode::Char('n' | 'N') => r.next_game(),
            KeyCode::Char('p' | 'P') => r.previous_game(),
            KeyCode::Esc => return false,
            _ => {}
        }
        true
    }
}

/// Draws the analysis screen over `area`: the board and the panel on top, the graph below.
pub fn draw(frame: &mut Frame, view: &AnalysisView, theme: &Theme, area: Rect) {
    let t = theme;
    frame.render_widget(Clear, area);
    // What `d` did, or its question, in up to three lines over the graph.
    let note_height = if view.note.is_some() { 3 } else { 0 };
    let [title, top, note, graph, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(11),
        Constraint::Length(note_height),
        Constraint::Min(5),
        Constraint::Length(1),
    ])
    .areas(area);
    if let Some((text, alert)) = &view.note {
        let style = if *alert {
            t.alert
        } else if view.asking() {
            t.prompt
        } else {
            t.text
        };
        frame.render_widget(
            Paragraph::new(Line::styled(format!(" {text}"), style)).wrap(Wrap { trim: false }),
            note,
        );
    }
    let by = match &view.annotator {
        Some(a) => format!(" - analysis by {a}"),
        None => " - analysis".to_string(),
    };
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(" HUO CHESS", t.title),
            Span::styled(by, t.dim),
        ])),
        title,
    );
    let (bw, _) = BoardGeometry::size(1);
    let [board, panel] =
        Layout::horizontal([Constraint::Length(bw + 2), Constraint::Min(20)]).areas(top);
    let positions = view.game.positions();
    let ply = view.ply.min(positions.len() - 1);
    frame.render_widget(
        BoardWidget {
            position: &positions[ply],
            theme: t,
            flipped: false,
            last_move: ply.checked_sub(1).map(|i| view.game.moves()[i]),
            selected: None,
            targets: Vec::new(),
            cursor: None,
        },
        board,
    );
    let lines: Vec<Line> = view
        .panel()
        .into_iter()
        .enumerate()
        .map(|(i, l)| Line::styled(l, if i == 0 { t.prompt } else { t.text }))
        .collect();
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), panel);
    // The evaluation over the game, and where we are.
    let points = view.graph_points();
    let n = view.game.moves().len().max(1) as f64;
    let cursor = [(ply as f64, -GRAPH_PAWNS), (ply as f64, GRAPH_PAWNS)];
    let zero = [(0.0, 0.0), (n, 0.0)];
    let datasets = vec![
        Dataset::default()
            .marker(Marker::Braille)
            .graph_type(GraphType::Line)
            .style(Style::new().fg(t.black_piece))
            .data(&zero),
        Dataset::default()
            .marker(Marker::Braille)
            .graph_type(GraphType::Line)
            .style(t.dim)
            .data(&cursor),
        Dataset::default()
            .marker(Marker::Braille)
            .graph_type(GraphType::Line)
            .style(t.prompt)
            .data(&points),
    ];
    let chart = Chart::new(datasets)
        .block(
            Block::bordered()
                .title(Span::styled(" Evaluation (White +) ", t.title))
                .border_style(t.dim),
        )
        .x_axis(Axis::default().bounds([0.0, n]))
        .y_axis(
            Axis::default()
                .bounds([-GRAPH_PAWNS, GRAPH_PAWNS])
                .labels(["-5", "0", "+5"]),
        );
    frame.render_widget(chart, graph);
    frame.render_widget(
        Paragraph::new(Span::styled(
            format!(
                " ←/→ a half-move  PgUp/PgDn {} moves  Home/End  {}d drill mistakes  Esc back",
                PAGE_PLIES / 2,
                if view.games.len() > 1 {
                    "n/p next/previous game  "
                } else {
                    ""
                }
            ),
            t.dim,
        )),
        keys,
    );
}
