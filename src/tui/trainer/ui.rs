//! Drawing the trainer screen in the book editor's look: the title, the board (the right
//! moves marked on it after a wrong answer), the panel with the question or the summary,
//! the line's moves under the board, and two key lines that fit 80 columns. The panel's
//! words are the coach's ([`crate::train::coach::Coach::panel`]); each line's role is given
//! its colour here.

use super::Trainer;
use crate::train::coach::Tone;
use crate::train::exercise::Stage;
use crate::tui::board::{BoardGeometry, BoardWidget};
use crate::tui::book_screen::{self, Parts, board_area, input_line, too_small};
use crate::tui::theme::Theme;
use crate::tui::window::text_window;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// The trainer's keys, each line in 80 columns (as many as the editor's): the opening
/// trainer's; a drill's second line is its own ([`crate::train::Words::keys`]).
pub const KEY_LINES: [&str; 2] = [
    " Type a move (e4, Nf3, g1f3) + Enter, or arrows + Enter or a click on the board",
    crate::train::Words::BOOK.keys,
];

/// Lays the trainer out on `area` before it is drawn: where the board goes, for clicks.
pub fn lay_out(tr: &mut Trainer, area: Rect) {
    tr.screen = area;
    tr.board.geometry = BoardGeometry::fit(board_area(area), tr.flipped);
}

/// Draws the trainer as [`lay_out`] placed it.
pub fn draw(frame: &mut Frame, tr: &Trainer) {
    let area = frame.area();
    let t = &tr.theme;
    if too_small(frame, t, "the trainer") {
        return;
    }
    let ex = &tr.exercise;
    let game = ex.game();
    let pos = game.position();
    // After a wrong answer the book's moves are marked (unless a piece is picked up).
    let (selected, targets) = match (tr.board.selected, ex.stage()) {
        (None, Stage::Missed { question, .. }) => {
            let from = question.answers.first().map(|a| a.mv.from());
            let to = question
                .answers
                .iter()
                .filter(|a| Some(a.mv.from()) == from)
                .map(|a| a.mv.to())
                .collect();
            (from, to)
        }
        (sel, _) => (sel, tr.board.targets(pos)),
    };
    let asking = tr.coach.asking();
    book_screen::draw(
        frame,
        t,
        Parts {
            title: Line::from(vec![
                Span::styled(format!(" HUO CHESS {}", ex.title()), t.title),
                match ex.not_saved() {
                    // Never "saved in …" when nothing is.
                    Some(_) => Span::styled("  ANSWERS NOT SAVED (read-only)", t.alert),
                    None => Span::styled(
                        format!(
                            "  saved in {}",
                            home_as_tilde(&ex.saved_in(), std::env::var("HOME").ok().as_deref())
                        ),
                        t.dim,
                    ),
                },
            ]),
            board: BoardWidget {
                position: pos,
                theme: t,
                flipped: tr.flipped,
                last_move: game.moves().last().copied(),
                selected,
                targets,
                cursor: asking.then_some(tr.board.cursor),
            },
            panel_title: Span::styled(" Training ", t.prompt),
            panel_style: t.prompt,
            panel: panel_lines(tr),
            game,
            keys: [KEY_LINES[0], ex.words().keys],
            promotion: tr.promotion.is_some(),
        },
    );
    if let Some(why) = &tr.why {
        let footer = "w closes this window.";
        text_window(frame, t, area, " Why this move? ", why, footer);
    }
    if tr.help {
        let keys: Vec<String> = crate::train::exercise::HELP
            .iter()
            .map(|l| l.to_string())
            .collect();
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

/// The style the theme gives a panel line's role.
fn style(t: &Theme, tone: Tone) -> Style {
    match tone {
        Tone::Prompt => t.prompt,
        Tone::Text => t.text,
        Tone::Dim => t.dim,
        Tone::Alert => t.alert,
        Tone::Plain => Style::default(),
    }
}

/// The panel: the coach's lines (the question, or the right moves, or the summary, and
/// the notes), then the input while a move is asked.
pub fn panel_lines(tr: &Trainer) -> Vec<Line<'static>> {
    let t = &tr.theme;
    let mut lines: Vec<Line<'static>> = tr
        .coach
        .panel()
        .into_iter()
        .map(|l| Line::styled(l.text, style(t, l.tone)))
        .collect();
    if tr.coach.asking() {
        lines.push(Line::styled("Enter your move:", t.prompt));
        lines.push(input_line(t, &tr.input));
    }
    lines
}

/// A path under the `home` folder written from `~`, as a shell would: the title keeps to
/// 80 columns where the data folder is `~/.local/share/huo-chess`.
fn home_as_tilde(path: &str, home: Option<&str>) -> String {
    match home {
        Some(home) if !home.is_empty() && path.starts_with(&format!("{home}/")) => {
            format!("~{}", &path[home.len()..])
        }
        _ => path.to_string(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_path_under_home_is_written_from_tilde() {
        use super::home_as_tilde;
        let deck = "/home/ann/.local/share/huo-chess/drills.txt";
        let tilde = "~/.local/share/huo-chess/drills.txt";
        assert_eq!(home_as_tilde(deck, Some("/home/ann")), tilde);
        // Only a whole folder name: /home/an is not Ann's home's parent.
        assert_eq!(home_as_tilde(deck, Some("/home/an")), deck);
        assert_eq!(
            home_as_tilde("books/training.txt", Some("/home/ann")),
            "books/training.txt"
        );
        assert_eq!(home_as_tilde(deck, None), deck);
    }
}
