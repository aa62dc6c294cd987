//! Drawing the trainer screen in the book editor's look: the title, the board (the right
//! moves marked on it after a wrong answer), the panel with the question or the summary,
//! the line's moves under the board, and two key lines that fit 80 columns.

use super::Trainer;
use crate::train::exercise::{DueNext, LineEnd, Question, Stage, Tally};
use crate::tui::board::{BoardGeometry, BoardWidget};
use crate::tui::book_screen::{self, Parts, board_area, input_line, too_small};
use crate::tui::theme::Theme;
use crate::tui::window::text_window;
use crate::util::date;
use ratatui::Frame;
use ratatui::layout::Rect;
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
    let asking = matches!(
        ex.stage(),
        Stage::Learn(_) | Stage::Ask(_) | Stage::Missed { .. }
    );
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

/// `1 position` / `3 positions` (or exercises: `item`).
fn count(n: u32, item: &str) -> String {
    format!("{n} {item}{}", if n == 1 { "" } else { "s" })
}

/// `5 positions answered, 4 right the first time`.
fn tally(t: Tally, item: &str) -> String {
    format!(
        "{} answered, {} right the first time",
        count(t.reviewed, item),
        t.right_first_time
    )
}

/// What is due next, in a line or two.
fn due_lines(t: &Theme, due: DueNext, item: &str) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if due.now > 0 {
        lines.push(Line::styled(
            format!("Still to ask today: {}", count(due.now, item)),
            t.text,
        ));
    }
    lines.push(Line::styled(
        match due.next {
            Some((day, n)) => format!("Next due: {} ({})", date::iso(day), count(n, item)),
            None if due.now > 0 => "Nothing else scheduled yet".to_string(),
            None => "Nothing scheduled yet".to_string(),
        },
        t.text,
    ));
    if let Some((waiting, limit)) = due.held_back {
        // Each line within the panel's 50 columns.
        lines.push(Line::styled(
            format!(
                "Daily limit of {limit} new reached: {waiting} more wait{}",
                if waiting == 1 { "s" } else { "" }
            ),
            t.text,
        ));
        lines.push(Line::styled(
            "More: huo-book train --all, or raise new_per_day",
            t.dim,
        ));
    }
    lines
}

/// The question's heading: whose move, the opening, how it went before.
fn question_lines(tr: &Trainer, q: &Question) -> Vec<Line<'static>> {
    let t = &tr.theme;
    let mut lines = Vec::new();
    if let Some(name) = &q.heading {
        lines.push(Line::styled(name.clone(), t.text));
    }
    lines.push(Line::styled(
        match q.history {
            None => "A new position: never answered".to_string(),
            Some(h) if h.reps == 0 => format!("Shown {}, not answered yet", date::iso(h.last)),
            Some(h) => format!(
                "Asked {} time{} before ({} wrong), last {}",
                h.reps,
                if h.reps == 1 { "" } else { "s" },
                h.lapses,
                date::iso(h.last)
            ),
        },
        t.dim,
    ));
    lines
}

/// The right moves, a line each, with their weights and comments.
fn answer_lines(lines: &mut Vec<Line<'static>>, t: &Theme, q: &Question) {
    for a in &q.answers {
        let mut text = format!("  {:<7}", a.san);
        if let Some(w) = a.weight {
            text.push_str(&format!(" weight {w}"));
        }
        if let Some(c) = &a.comment {
            text.push_str(&format!("  {c}"));
        }
        lines.push(Line::styled(text, t.text));
    }
}

/// The panel: the question (or the right moves, or the summary), the notes, the input.
pub fn panel_lines(tr: &Trainer) -> Vec<Line<'static>> {
    let t = &tr.theme;
    let ex = &tr.exercise;
    let turn = ex.game().position().turn();
    let item = ex.words().item;
    let mut lines = Vec::new();
    if let Some(p) = ex.progress() {
        lines.push(Line::styled(p, t.dim));
    }
    // The screen's own message (a move it could not read) replaces the exercise's note.
    let note = |lines: &mut Vec<Line<'static>>| {
        if let Some(n) = ex.note().filter(|_| tr.message.is_none()) {
            lines.push(Line::styled(
                n.text.clone(),
                if n.alert { t.alert } else { t.text },
            ));
        }
    };
    match ex.stage() {
        Stage::Ask(q) => {
            lines.push(Line::styled(
                format!("{turn} to move: {}", ex.words().ask),
                t.prompt,
            ));
            lines.extend(question_lines(tr, q));
            lines.push(Line::raw(""));
            note(&mut lines);
        }
        Stage::Learn(q) => {
            lines.push(Line::styled(ex.words().learn, t.prompt));
            answer_lines(&mut lines, t, q);
            lines.extend(question_lines(tr, q));
            lines.push(Line::raw(""));
            note(&mut lines);
        }
        Stage::Missed { question, played } => {
            lines.push(Line::styled(
                if played.is_empty() {
                    ex.words().shown.to_string()
                } else {
                    format!("{played} {}", ex.words().missed)
                },
                t.alert,
            ));
            answer_lines(&mut lines, t, question);
            if let Some(name) = &question.heading {
                lines.push(Line::styled(name.clone(), t.dim));
            }
            lines.push(Line::styled(ex.words().again, t.dim));
            lines.push(Line::raw(""));
            note(&mut lines);
        }
        Stage::LineDone {
            end,
            line,
            session,
            due,
        } => {
            note(&mut lines);
            lines.push(Line::styled(
                match end {
                    LineEnd::BookEnds => "Line done: your book ends here.",
                    LineEnd::NothingDue => "Line done: nothing further along it is due.",
                    LineEnd::Solved => "Exercise done.",
                },
                t.prompt,
            ));
            if *end != LineEnd::Solved {
                lines.push(Line::styled(
                    format!("This line: {}", tally(*line, item)),
                    t.text,
                ));
            }
            lines.push(Line::styled(
                format!("Session: {}", tally(*session, item)),
                t.text,
            ));
            lines.extend(due_lines(t, *due, item));
            lines.push(Line::raw(""));
            lines.push(Line::styled(
                format!("Enter: the {}   Esc: leave", ex.words().next),
                t.prompt,
            ));
        }
        Stage::Finished { session, due } => {
            note(&mut lines);
            lines.push(Line::styled(
                match (session.reviewed, due.held_back.is_some()) {
                    (0, true) => "Nothing to ask now: the daily limit of new positions is reached.",
                    (_, true) => "That is all for today's limit: nothing else is due.",
                    (0, false) => "Nothing to ask now: no position is due before its day.",
                    (_, false) => "That is all for now: nothing more is due.",
                },
                t.prompt,
            ));
            if session.reviewed > 0 {
                lines.push(Line::styled(
                    format!("Session: {}", tally(*session, item)),
                    t.text,
                ));
            }
            lines.extend(due_lines(t, *due, item));
            lines.push(Line::raw(""));
            lines.push(Line::styled("Esc: leave", t.prompt));
        }
    }
    if let Some(m) = &tr.message {
        lines.push(Line::styled(m.clone(), t.alert));
    }
    if matches!(
        ex.stage(),
        Stage::Learn(_) | Stage::Ask(_) | Stage::Missed { .. }
    ) {
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
