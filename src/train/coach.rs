//! The coach: one trainer, whatever shows it. A trainer is a loop of the same few steps —
//! a position is put up, the learner's move is asked and judged, the right moves are shown
//! when it was wrong, a finished line is summed up and the next one begins. The learner
//! may ask for a hint, to be shown the answer, to take a slip back, to skip a line, to
//! train from the position on the board, or why the right move is better.
//!
//! [`Coach`] keeps those rules and what the learner is told, and decides the trainer's
//! panel once ([`Coach::panel`]): each line's words and its role ([`Tone`]: a prompt, a
//! warning, a quiet aside). A view only shows it — the screen colours each role from its
//! theme, plain mode prints the words — and turns its own input (keys, clicks, typed
//! lines) into the coach's calls. The board's orientation is the view's, but the coach
//! says when the side the learner plays has changed ([`Coach::learner_changed`]), so a
//! board can turn to face the new learner.

use super::exercise::{DueNext, Exercise, LineEnd, Question, Stage, Tally};
use crate::core::{Color, INVALID_MOVE, Move, MoveError, Square, read_typed_move};
use crate::session::engine::THINKING;
use crate::util::date;

/// The role of a panel line: how a view may set it apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// What the learner is to do now (`White to move: …`, `Enter: the next line`).
    Prompt,
    /// The content: right moves, tallies, what is due.
    Text,
    /// An aside: the progress line, how a position went before.
    Dim,
    /// A warning: a wrong answer, a move that could not be read.
    Alert,
    /// Nothing to set apart (an empty line between parts).
    Plain,
}

/// One line of the trainer's panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PanelLine {
    pub tone: Tone,
    pub text: String,
}

impl PanelLine {
    fn new(tone: Tone, text: impl Into<String>) -> PanelLine {
        PanelLine {
            tone,
            text: text.into(),
        }
    }
}

/// A `:` command that is the view's to carry out, not the coach's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewCommand {
    /// `:flip`: turn the board.
    Flip,
    /// `:keys`, `:help`: show the keys.
    Keys,
}

/// The trainer's state and rules, without a screen.
pub struct Coach {
    /// What is trained: it plays its moves, judges the learner's, keeps the score.
    pub exercise: Box<dyn Exercise>,
    /// The trainer's own note (a move it could not read, nothing to hint), shown over the
    /// exercise's.
    pub message: Option<String>,
    /// Why the right move is better (once an answer is judged), while it is asked for.
    pub why: Option<Vec<String>>,
    /// The learner asked to leave.
    pub quit: bool,
    /// The side the learner played when last asked ([`Coach::learner_changed`]).
    facing: Color,
}

impl Coach {
    /// A coach on `exercise`.
    pub fn new(exercise: Box<dyn Exercise>) -> Coach {
        Coach {
            facing: exercise.learner(),
            exercise,
            message: None,
            why: None,
            quit: false,
        }
    }

    /// The side the learner plays, as last faced: a board is seen from it.
    pub fn facing(&self) -> Color {
        self.facing
    }

    /// The learner's side, when it changed since last asked (a drill from a game with
    /// Black after one with White): a view turns its board to face it.
    pub fn learner_changed(&mut self) -> Option<Color> {
        let learner = self.exercise.learner();
        (learner != self.facing).then(|| {
            self.facing = learner;
            learner
        })
    }

    /// How a worker judging an answer on another thread wakes the view's loop (else a
    /// move is judged before [`Coach::play_move`] returns).
    pub fn wake_with(&mut self, wake: Box<dyn Fn() + Send>) {
        self.exercise.wake_with(wake);
    }

    /// Is a line over (Enter goes on), or the session?
    pub fn between_lines(&self) -> bool {
        matches!(
            self.exercise.stage(),
            Stage::LineDone { .. } | Stage::Finished { .. }
        )
    }

    /// Is a move asked for (a question, a new position, or the right move after a wrong
    /// one)? Then a view offers its input.
    pub fn asking(&self) -> bool {
        matches!(
            self.exercise.stage(),
            Stage::Learn(_) | Stage::Ask(_) | Stage::Missed { .. }
        )
    }

    /// Why no move is taken between lines.
    fn between_lines_hint(&self) -> &'static str {
        match self.exercise.stage() {
            Stage::Finished { .. } => "Nothing more to ask now: Esc leaves",
            _ => "The line is over: Enter goes on to the next",
        }
    }

    /// Clears what the last step showed, before the exercise takes the next.
    fn clear(&mut self) {
        self.message = None;
        self.why = None;
    }

    /// A move of the learner's (legal on the board), typed or played on the board.
    pub fn play_move(&mut self, mv: Move) {
        if self.exercise.judging() {
            self.message = Some(THINKING.into());
            return;
        }
        if self.between_lines() {
            self.message = Some(self.between_lines_hint().into());
            return;
        }
        self.clear();
        self.exercise.play(mv);
        if self.exercise.judging() {
            self.message = Some(THINKING.into());
        }
    }

    /// Takes in a judgement that has arrived: whether anything changed.
    pub fn poll(&mut self) -> bool {
        let changed = self.exercise.poll();
        if changed && !self.exercise.judging() && self.message.as_deref() == Some(THINKING) {
            self.message = None;
        }
        changed
    }

    /// A typed move (`e4`, `nf3`, `g1f3`). A pawn's move to the last rank typed without
    /// its piece is returned, for the view to ask which piece.
    pub fn submit_move(&mut self, text: &str) -> Option<(Square, Square)> {
        // Between lines the board is the one the line ended on: nothing is asked there.
        if self.between_lines() {
            self.message = Some(self.between_lines_hint().into());
            return None;
        }
        match read_typed_move(self.exercise.game().position(), text) {
            Ok(mv) => self.play_move(mv),
            Err(MoveError::MissingPromotion { from, to, .. }) => return Some((from, to)),
            Err(e) => self.message = Some(format!("{INVALID_MOVE} ({e})")),
        }
        None
    }

    /// A `:` command (without the colon); `:flip` and `:keys` are returned for the view.
    pub fn handle_command(&mut self, line: &str) -> Option<ViewCommand> {
        match line.trim().to_ascii_lowercase().as_str() {
            "flip" => return Some(ViewCommand::Flip),
            "keys" | "help" => return Some(ViewCommand::Keys),
            "next" | "skip" => self.skip(),
            "hint" => self.hint(),
            "show" => self.show(),
            "undo" => self.undo(),
            "from" => self.train_from_here(true),
            "whole" => self.train_from_here(false),
            "quit" | "q" => self.quit = true,
            other => {
                self.message = Some(format!(
                    "Unknown command ':{other}' (F1 lists the keys and commands)"
                ))
            }
        }
        None
    }

    /// Enter between lines: the next line.
    pub fn go_on(&mut self) {
        if self.exercise.judging() {
            return;
        }
        self.clear();
        self.exercise.next();
    }

    /// F4 or `:next`: skips the line asked (between lines: goes on).
    pub fn skip(&mut self) {
        if self.exercise.judging() {
            return;
        }
        self.clear();
        self.exercise.skip();
    }

    /// F2 or `:hint`: the piece to move, then the move.
    pub fn hint(&mut self) {
        self.ask(|e| e.hint(), "No hint here: a hint is for a question asked");
    }

    /// F3 or `:show`: the answer, counted as wrong.
    pub fn show(&mut self) {
        self.ask(
            |e| e.show(),
            "Nothing to show: the answer shows once a question is asked",
        );
    }

    /// Ctrl+Z or `:undo`: the wrong answer just given taken back.
    pub fn undo(&mut self) {
        self.ask(
            |e| e.undo(),
            "Nothing to take back: Ctrl+Z takes back a wrong answer",
        );
    }

    /// Asks the exercise for `what` (not while it judges an answer); `refused` says why
    /// when it has nothing to give.
    fn ask(&mut self, what: fn(&mut dyn Exercise) -> bool, refused: &str) {
        if self.exercise.judging() {
            return;
        }
        self.clear();
        if !what(self.exercise.as_mut()) {
            self.message = Some(refused.into());
        }
    }

    /// `:from` (here) or `:whole` (whole lines from the start).
    pub fn train_from_here(&mut self, here: bool) {
        if self.exercise.judging() {
            return;
        }
        self.clear();
        if !self.exercise.train_from_here(here) && self.exercise.note().is_none() {
            self.message = Some(if here {
                "This trainer cannot train from a position".into()
            } else {
                "Already training whole lines".into()
            });
        }
    }

    /// `w`: why the right move is better, once an answer is judged; again, back.
    pub fn toggle_why(&mut self) {
        if self.why.take().is_none() {
            self.why = self.exercise.why();
            if self.why.is_none() {
                self.message = Some("Nothing to explain: w explains a drill's answer".into());
            }
        }
    }

    /// The panel: the question (or the right moves, or the summary), the exercise's note
    /// and the coach's own, in order. A view adds its input under it while
    /// [`Coach::asking`].
    pub fn panel(&self) -> Vec<PanelLine> {
        let ex = &self.exercise;
        let words = ex.words();
        let turn = ex.game().position().turn();
        let item = words.item;
        let mut lines = Vec::new();
        let push =
            |lines: &mut Vec<PanelLine>, tone, text: String| lines.push(PanelLine::new(tone, text));
        if let Some(p) = ex.progress() {
            push(&mut lines, Tone::Dim, p);
        }
        // The coach's own message (a move it could not read) replaces the exercise's note.
        let note = |lines: &mut Vec<PanelLine>| {
            if let Some(n) = ex.note().filter(|_| self.message.is_none()) {
                let tone = if n.alert { Tone::Alert } else { Tone::Text };
                lines.push(PanelLine::new(tone, n.text.clone()));
            }
        };
        let blank = || PanelLine::new(Tone::Plain, "");
        match ex.stage() {
            Stage::Ask(q) => {
                push(
                    &mut lines,
                    Tone::Prompt,
                    format!("{turn} to move: {}", words.ask),
                );
                question_lines(&mut lines, q);
                lines.push(blank());
                note(&mut lines);
            }
            Stage::Learn(q) => {
                push(&mut lines, Tone::Prompt, words.learn.to_string());
                answer_lines(&mut lines, q);
                question_lines(&mut lines, q);
                lines.push(blank());
                note(&mut lines);
            }
            Stage::Missed { question, played } => {
                let head = if played.is_empty() {
                    words.shown.to_string()
                } else {
                    format!("{played} {}", words.missed)
                };
                push(&mut lines, Tone::Alert, head);
                answer_lines(&mut lines, question);
                if let Some(name) = &question.heading {
                    push(&mut lines, Tone::Dim, name.clone());
                }
                push(&mut lines, Tone::Dim, words.again.to_string());
                lines.push(blank());
                note(&mut lines);
            }
            Stage::LineDone {
                end,
                line,
                session,
                due,
            } => {
                note(&mut lines);
                let done = match end {
                    LineEnd::BookEnds => "Line done: your book ends here.",
                    LineEnd::NothingDue => "Line done: nothing further along it is due.",
                    LineEnd::Solved => "Exercise done.",
                };
                push(&mut lines, Tone::Prompt, done.to_string());
                if *end != LineEnd::Solved {
                    push(
                        &mut lines,
                        Tone::Text,
                        format!("This line: {}", tally(*line, item)),
                    );
                }
                push(
                    &mut lines,
                    Tone::Text,
                    format!("Session: {}", tally(*session, item)),
                );
                due_lines(&mut lines, *due, item);
                lines.push(blank());
                push(
                    &mut lines,
                    Tone::Prompt,
                    format!("Enter: the {}   Esc: leave", words.next),
                );
            }
            Stage::Finished { session, due } => {
                note(&mut lines);
                let all = match (session.reviewed, due.held_back.is_some()) {
                    (0, true) => "Nothing to ask now: the daily limit of new positions is reached.",
                    (_, true) => "That is all for today's limit: nothing else is due.",
                    (0, false) => "Nothing to ask now: no position is due before its day.",
                    (_, false) => "That is all for now: nothing more is due.",
                };
                push(&mut lines, Tone::Prompt, all.to_string());
                if session.reviewed > 0 {
                    push(
                        &mut lines,
                        Tone::Text,
                        format!("Session: {}", tally(*session, item)),
                    );
                }
                due_lines(&mut lines, *due, item);
                lines.push(blank());
                push(&mut lines, Tone::Prompt, "Esc: leave".to_string());
            }
        }
        if let Some(m) = &self.message {
            push(&mut lines, Tone::Alert, m.clone());
        }
        lines
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
fn due_lines(lines: &mut Vec<PanelLine>, due: DueNext, item: &str) {
    if due.now > 0 {
        lines.push(PanelLine::new(
            Tone::Text,
            format!("Still to ask today: {}", count(due.now, item)),
        ));
    }
    lines.push(PanelLine::new(
        Tone::Text,
        match due.next {
            Some((day, n)) => format!("Next due: {} ({})", date::iso(day), count(n, item)),
            None if due.now > 0 => "Nothing else scheduled yet".to_string(),
            None => "Nothing scheduled yet".to_string(),
        },
    ));
    if let Some((waiting, limit)) = due.held_back {
        // Each line within the screen panel's 50 columns.
        lines.push(PanelLine::new(
            Tone::Text,
            format!(
                "Daily limit of {limit} new reached: {waiting} more wait{}",
                if waiting == 1 { "s" } else { "" }
            ),
        ));
        lines.push(PanelLine::new(
            Tone::Dim,
            "More: huo-book train --all, or raise new_per_day",
        ));
    }
}

/// The question's heading: the opening (or where the mistake was made), how it went
/// before.
fn question_lines(lines: &mut Vec<PanelLine>, q: &Question) {
    if let Some(name) = &q.heading {
        lines.push(PanelLine::new(Tone::Text, name.clone()));
    }
    lines.push(PanelLine::new(
        Tone::Dim,
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
    ));
}

/// The right moves, a line each, with their weights and comments.
fn answer_lines(lines: &mut Vec<PanelLine>, q: &Question) {
    for a in &q.answers {
        let mut text = format!("  {:<7}", a.san);
        if let Some(w) = a.weight {
            text.push_str(&format!(" weight {w}"));
        }
        if let Some(c) = &a.comment {
            text.push_str(&format!("  {c}"));
        }
        lines.push(PanelLine::new(Tone::Text, text));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::Book;
    use crate::book::layers::{Books, LayerPolicy};
    use crate::core::{Position, parse_move};
    use crate::game::Game;
    use crate::train::{Options, Session};
    use crate::util::scratch::Scratch;

    /// 2026-11-25.
    const TODAY: i64 = 20_782;

    /// A coach on a user book of one line for White, 1. e4 e5 2. Nf3 Nc6 (a comment on
    /// Nf3), read alone.
    fn coach(dir: &Scratch) -> Coach {
        let book = Book::open(dir.path());
        let mut pos = Position::startpos();
        for text in ["e4", "e5", "Nf3", "Nc6"] {
            let mv = parse_move(&pos, text).unwrap();
            book.record(&pos, mv, 1).unwrap();
            if text == "Nf3" {
                book.set_comment(&pos, mv, Some("Develops")).unwrap();
            }
            pos.play(mv);
        }
        let books = Books::new(Some(book), LayerPolicy::UserOnly);
        let options = Options {
            learner: Color::White,
            root: Game::new(),
            all: false,
            today: TODAY,
            seed: 7,
            learn_first: false,
            new_per_day: 20,
        };
        Coach::new(Box::new(Session::open(&books, options).unwrap()))
    }

    fn texts(c: &Coach, tone: Tone) -> Vec<String> {
        c.panel()
            .into_iter()
            .filter(|l| l.tone == tone)
            .map(|l| l.text)
            .collect()
    }

    #[test]
    fn a_question_is_prompted_and_a_wrong_answer_shows_the_right_moves() {
        let dir = Scratch::new("coach-wrong");
        let mut c = coach(&dir);
        assert!(c.asking());
        assert_eq!(
            texts(&c, Tone::Prompt),
            ["White to move: what does your book play?"]
        );
        assert!(texts(&c, Tone::Dim).contains(&"A new position: never answered".to_string()));
        assert_eq!(c.submit_move("e4"), None);
        assert_eq!(c.submit_move("Bc4"), None);
        let panel = c.panel();
        let alert = panel.iter().position(|l| l.tone == Tone::Alert).unwrap();
        assert_eq!(panel[alert].text, "Bc4 is not in your book here. It plays:");
        // The right move follows the alert, with its weight and comment.
        assert_eq!(
            panel[alert + 1],
            PanelLine::new(Tone::Text, "  Nf3     weight 1  Develops")
        );
        assert!(c.asking(), "the right move is still to play");
        // A move that cannot be read: the coach's note, last, as a warning.
        c.submit_move("zz9");
        let last = c.panel().pop().unwrap();
        assert_eq!(last.tone, Tone::Alert);
        assert!(last.text.starts_with(INVALID_MOVE), "{last:?}");
    }

    #[test]
    fn a_finished_line_is_summed_up_and_enter_goes_on() {
        let dir = Scratch::new("coach-line-done");
        let mut c = coach(&dir);
        c.submit_move("e4");
        c.submit_move("d4");
        c.submit_move("Nf3");
        assert!(c.between_lines() && !c.asking());
        let texts: Vec<String> = c.panel().into_iter().map(|l| l.text).collect();
        let at = |t: &str| texts.iter().position(|l| l == t);
        let done =
            at("Line done: your book ends here.").unwrap_or_else(|| panic!("{}", texts.join("\n")));
        // The line's tally, then the session's, in that order, after the verdict.
        assert_eq!(
            at("This line: 2 positions answered, 1 right the first time"),
            Some(done + 1)
        );
        assert_eq!(
            at("Session: 2 positions answered, 1 right the first time"),
            Some(done + 2)
        );
        assert_eq!(texts.last().unwrap(), "Enter: the next line   Esc: leave");
        // A move now is no answer: the coach says Enter goes on.
        c.submit_move("e4");
        assert_eq!(
            c.message.as_deref(),
            Some("The line is over: Enter goes on to the next")
        );
        c.go_on();
        assert_eq!(c.message, None);
        assert!(c.asking(), "the missed position is asked again");
    }

    #[test]
    fn view_commands_are_returned_and_unknown_ones_named() {
        let dir = Scratch::new("coach-commands");
        let mut c = coach(&dir);
        assert_eq!(c.handle_command(" FLIP "), Some(ViewCommand::Flip));
        assert_eq!(c.handle_command("keys"), Some(ViewCommand::Keys));
        assert_eq!(c.handle_command("nope"), None);
        assert_eq!(
            c.message.as_deref(),
            Some("Unknown command ':nope' (F1 lists the keys and commands)")
        );
        assert_eq!(c.learner_changed(), None);
        assert_eq!(c.facing(), Color::White);
        assert_eq!(c.handle_command("q"), None);
        assert!(c.quit);
    }
}
