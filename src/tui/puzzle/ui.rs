//! Drawing the puzzle screen in the trainer's look: the title, the board (the right move
//! marked after a wrong one), the panel (whose move, the verdict, the user's rating and
//! its change; the puzzle's rating and themes only once it is over), the moves under the
//! board, and two key lines that fit 80 columns.

use super::{HELP, PuzzleScreen, Window};
use crate::puzzle::trainer::Stage;
use crate::tui::board::{BoardGeometry, BoardWidget};
use crate::tui::book_screen::{self, Parts, board_area, input_line, too_small};
use crate::tui::window::text_window;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

/// The key lines, each in 80 columns.
pub const KEY_LINES: [&str; 2] = [
    " Type a move (e4, Nf3, g1f3) + Enter, or arrows + Enter or a click on the board",
    " F1: keys   F2: hint   F3: show me   F4: next puzzle   F5: stats   Esc: leave",
];

/// Lays the screen out on `area`: where the board goes, for clicks.
pub fn lay_out(s: &mut PuzzleScreen, area: Rect) {
    s.screen = area;
    s.board.geometry = BoardGeometry::fit(board_area(area), s.flipped);
}

/// The panel's lines.
pub fn panel_lines(s: &PuzzleScreen) -> Vec<Line<'static>> {
    let t = &s.theme;
    let tr = &s.trainer;
    let mut lines = Vec::new();
    let rating = tr.rating();
    lines.push(Line::styled(
        match tr.verdict() {
            Some(_) => tr.rating_words(),
            None => format!(
                "Your rating: {:.0} (deviation {:.0})",
                rating.rating, rating.deviation
            ),
        },
        t.dim,
    ));
    let tally = tr.tally();
    lines.push(Line::styled(
        format!("Session: {} solved, {} failed", tally.solved, tally.failed),
        t.dim,
    ));
    let note = |lines: &mut Vec<Line<'static>>| {
        if let Some(n) = tr.note().filter(|_| s.message.is_none()) {
            lines.push(Line::styled(
                n.text.clone(),
                if n.alert { t.alert } else { t.text },
            ));
        }
    };
    match tr.stage() {
        Stage::Solving => {
            let (found, total) = tr.moves_found();
            lines.push(Line::styled(
                format!(
                    "{} to move: find the best move",
                    tr.game().position().turn().name()
                ),
                t.prompt,
            ));
            lines.push(Line::styled(
                format!(
                    "Move {} of {total}{}",
                    found + 1,
                    if tr.is_repeat() {
                        " (played before)"
                    } else {
                        ""
                    }
                ),
                t.dim,
            ));
            lines.push(Line::raw(""));
            note(&mut lines);
        }
        Stage::Over => {
            note(&mut lines);
            if let Some(about) = tr.about() {
                lines.push(Line::styled(about, t.text));
            }
            lines.push(Line::raw(""));
            lines.push(Line::styled(
                "Enter: the next puzzle   F3: show me   Esc: leave",
                t.prompt,
            ));
        }
        Stage::NoPuzzle => {
            note(&mut lines);
            lines.push(Line::styled(
                "No puzzle left to give (with these filters).",
                t.prompt,
            ));
            lines.push(Line::styled("Esc: leave", t.prompt));
        }
    }
    if let Some(why) = tr.not_saved() {
        lines.push(Line::styled(format!("Not saved: {why}"), t.alert));
    }
    if let Some(m) = &s.message {
        lines.push(Line::styled(m.clone(), t.alert));
    }
    if tr.stage() == Stage::Solving {
        lines.push(Line::styled("Enter your move:", t.prompt));
        lines.push(input_line(t, &s.input));
    }
    lines
}

/// Draws the screen as [`lay_out`] placed it.
pub fn draw(frame: &mut Frame, s: &PuzzleScreen) {
    let area = frame.area();
    let t = &s.theme;
    if too_small(frame, t, "the puzzles") {
        return;
    }
    let tr = &s.trainer;
    let game = tr.game();
    let pos = game.position();
    // After a wrong move the right one is marked (unless a piece is picked up).
    let (selected, targets) = match (s.board.selected, tr.shown()) {
        (None, Some(mv)) => (Some(mv.from()), vec![mv.to()]),
        (sel, _) => (sel, s.board.targets(pos)),
    };
    let solving = tr.stage() == Stage::Solving;
    let title = match tr.puzzle() {
        Some(_) => format!(" HUO CHESS PUZZLES  {} to play", tr.solver().name()),
        None => " HUO CHESS PUZZLES".to_string(),
    };
    book_screen::draw(
        frame,
        t,
        Parts {
            title: Line::from(vec![
                Span::styled(title, t.title),
                match tr.saved_in() {
                    Some(_) if tr.not_saved().is_none() => {
                        Span::styled("  progress saved in the data folder", t.dim)
                    }
                    _ => Span::styled("  PROGRESS NOT SAVED", t.alert),
                },
            ]),
            board: BoardWidget {
                position: pos,
                theme: t,
                flipped: s.flipped,
                last_move: game.moves().last().copied(),
                selected,
                targets,
                cursor: solving.then_some(s.board.cursor),
            },
            panel_title: Span::styled(" Puzzle ", t.prompt),
            panel_style: t.prompt,
            panel: panel_lines(s),
            game,
            keys: KEY_LINES,
            promotion: s.promotion.is_some(),
        },
    );
    if s.window == Some(Window::Stats) {
        text_window(
            frame,
            t,
            area,
            " Your puzzles ",
            &stats_lines(s, area),
            "Any key closes this window.",
        );
    }
    if s.window == Some(Window::Keys) {
        let keys: Vec<String> = HELP.iter().map(|l| l.to_string()).collect();
        text_window(
            frame,
            t,
            area,
            " Keys ",
            &keys,
            "F1 or Esc closes this window.",
        );
    }
}

/// The figures of `--stats` for the window, with as many themes as `area` has room for.
fn stats_lines(s: &PuzzleScreen, area: Rect) -> Vec<String> {
    // The window's rows: its borders and footer take three, each line wraps to its width.
    let width = area.width.saturating_sub(4).min(76).saturating_sub(2) as usize;
    let rows = |lines: &[String]| -> usize {
        lines
            .iter()
            .map(|l| crate::play::log::wrap(l, width).len())
            .sum()
    };
    let room = (area.height as usize).saturating_sub(3);
    let fixed = rows(&s.trainer.stats(0));
    s.trainer.stats(room.saturating_sub(fixed).max(1))
}
