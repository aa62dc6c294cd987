//! What the trainer screen shows and asks, whatever kind of exercise it runs: an
//! [`Exercise`] puts a position on the board, asks the learner for a move, says whether it
//! was right (showing the expected moves when not), and sums up. The opening trainer
//! ([`super::session`]) is one kind; drills from the learner's own mistakes can be another,
//! on the same screen and the same scheduler.

use super::schedule::Record;
use crate::core::{Color, Move, Position, san};
use crate::game::Game;

/// One move the learner may answer with, as the book (or the drill) gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub mv: Move,
    /// `Nf3`.
    pub san: String,
    /// Its weight in the book (how often it is played); `None` for a drill's move.
    pub weight: Option<u32>,
    pub comment: Option<String>,
}

impl Answer {
    /// The answer `mv` in `pos`, with its weight and comment.
    pub fn new(pos: &Position, mv: Move, weight: u32, comment: Option<String>) -> Answer {
        Answer {
            mv,
            san: san(pos, mv),
            weight: Some(weight),
            comment,
        }
    }
}

/// A position the learner must answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    /// The position's key (the schedule's key).
    pub key: u64,
    /// The moves that are right (any of them).
    pub answers: Vec<Answer>,
    /// A line over the question: the opening's name (the trainer), where the mistake
    /// was made (a drill).
    pub heading: Option<String>,
    /// How the learner did before: `None` for a position never answered.
    pub history: Option<History>,
}

/// A position's past answers, for the question's heading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct History {
    pub reps: u32,
    pub lapses: u32,
    /// The day of the last answer.
    pub last: i64,
}

impl History {
    /// What a schedule's record says of the past answers.
    pub fn of(r: &Record) -> History {
        History {
            reps: r.reps,
            lapses: r.lapses,
            last: r.memory.last,
        }
    }
}

/// Counts of a line or a session.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Positions answered (each counted once, however often it came back).
    pub reviewed: u32,
    /// Of those, the ones whose first answer was right.
    pub right_first_time: u32,
}

impl Tally {
    /// The counts of the positions answered, each given by whether its first answer was
    /// right.
    pub fn of<'a>(first_right: impl Iterator<Item = &'a bool>) -> Tally {
        first_right.fold(Tally::default(), |t, right| Tally {
            reviewed: t.reviewed + 1,
            right_first_time: t.right_first_time + u32::from(*right),
        })
    }
}

/// When positions are due next, seen from today.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DueNext {
    /// Positions still to ask today: new ones, due ones and those missed today.
    pub now: u32,
    /// The next day after today with positions due, and how many.
    pub next: Option<(i64, u32)>,
    /// New positions waiting beyond today's limit on new ones (`new_per_day`), and that
    /// limit, when it holds them back.
    pub held_back: Option<(u32, u32)>,
}

impl DueNext {
    /// `now` positions still to ask today; `due`: the due days of the others, of which
    /// the first after `today` is the next, with how many fall on it.
    pub fn new(now: u32, due: impl Iterator<Item = i64>, today: i64) -> DueNext {
        let next = due
            .filter(|d| *d > today)
            .fold(None, |next, due| match next {
                Some((day, n)) if day == due => Some((day, n + 1)),
                Some((day, n)) if day < due => Some((day, n)),
                _ => Some((due, 1)),
            });
        DueNext {
            now,
            next,
            held_back: None,
        }
    }
}

/// Why a line ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineEnd {
    /// The book has no move for the side to move.
    BookEnds,
    /// Nothing further along the line is due.
    NothingDue,
    /// A drill's exercise was answered.
    Solved,
}

/// The words a kind of exercise uses on the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    /// After `White to move: `.
    pub ask: &'static str,
    /// After the move played, when it was wrong; the right moves follow.
    pub missed: &'static str,
    /// After the right moves.
    pub again: &'static str,
    /// When a line or an exercise is over: Enter goes on to the …
    pub next: &'static str,
    /// What is counted: `position`, `exercise` (`s` added for more than one).
    pub item: &'static str,
    /// The screen's second key line (80 columns).
    pub keys: &'static str,
    /// Over the right moves when the learner asked to be shown them.
    pub shown: &'static str,
    /// Over the moves of a new position, shown before it is ever asked.
    pub learn: &'static str,
    /// Before the other right moves, after a right answer (`Also in your book: Bb5`).
    pub also: &'static str,
}

impl Words {
    /// The opening trainer's.
    pub const BOOK: Words = Words {
        ask: "what does your book play?",
        missed: "is not in your book here. It plays:",
        again: "It comes back later today. Play the book's move to go on.",
        next: "next line",
        item: "position",
        keys: " F1: keys   F2: hint   F3: show me   F4: skip   Ctrl+Z: undo   Esc: leave",
        shown: "Your book plays:",
        learn: "New position: your book plays (play it; asked later):",
        also: "Also in your book:",
    };
    /// The opening trainer's, at a position only the built-in book has (trained by choice,
    /// `--layers both`): said so, never passed off as the learner's own book.
    pub const BUILT_IN: Words = Words {
        ask: "what does the built-in book play?",
        missed: "is not in the built-in book here. It plays:",
        shown: "The built-in book plays:",
        learn: "New position: the built-in book plays (play it):",
        also: "Also in the built-in book:",
        ..Words::BOOK
    };
    /// The drills'.
    pub const DRILL: Words = Words {
        ask: "find a move as good as the engine's",
        missed: "is not as good. The engine plays:",
        again: "It comes back at the end. Play the engine's move to go on.",
        next: "next exercise",
        item: "exercise",
        keys: " F1: keys   w: why, after an answer   F3: show me   F4: skip   Esc: leave",
        shown: "The engine plays:",
        learn: "The engine plays:",
        also: "Also good:",
    };
}

/// The trainer's keys and commands, a line each, for its help (F1) and any other view.
pub const HELP: [&str; 14] = [
    "A move (e4, Nf3, g1f3) + Enter: your answer",
    "Arrows + Enter, or a click: a move on the board",
    "Enter alone, between lines: go on",
    "F2 or :hint   a hint: the piece first, then the move",
    "F3 or :show   show me the answer (counts as wrong)",
    "F4 or :next   skip this line (or exercise)",
    "Ctrl+Z or :undo   take back a wrong answer and try again",
    ":from         train from the position on the board",
    ":whole        back to whole lines from the start",
    "w             why (a drill, after an answer)",
    ":flip         turn the board",
    "F1            these keys",
    "Esc           clear the typed line; on an empty line, leave",
    "F10, :q       leave (every answer is saved)",
];

/// What the screen shows and what the learner's moves do.
#[derive(Clone, Debug, PartialEq)]
pub enum Stage {
    /// A new position, shown before it is ever asked: the right moves are on the screen,
    /// the learner plays one to go on (nothing is graded).
    Learn(Question),
    /// The learner's move is asked.
    Ask(Question),
    /// The learner's answer was wrong (`played`; empty when the learner asked to be shown
    /// the answer): the right moves are shown; playing one goes on.
    Missed { question: Question, played: String },
    /// The line is over (Enter: the next).
    LineDone {
        end: LineEnd,
        line: Tally,
        session: Tally,
        due: DueNext,
    },
    /// Nothing (more) to ask.
    Finished { session: Tally, due: DueNext },
}

/// A note for the learner about what just happened (`Right: 3. Bb5`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub text: String,
    /// A warning (drawn in the alert colour).
    pub alert: bool,
}

impl Note {
    /// The warning for `mv` when it is not a legal move in `pos` (the screen sends only
    /// legal ones; another caller may not).
    pub fn illegal(pos: &Position, mv: Move) -> Option<Note> {
        (!pos.is_legal(mv)).then(|| Note {
            text: "Invalid move - Please try again".into(),
            alert: true,
        })
    }
}

/// How an exercise tells the screen, from another thread, that a judgement it was waiting
/// for has arrived (the screen then takes it in: [`Exercise::poll`]).
pub type Wake = Box<dyn Fn() + Send>;

/// A kind of exercise the trainer screen runs.
///
/// An answer may take a while to judge (a drill's move is searched by the engine): then
/// [`Exercise::play`] only starts the judgement, [`Exercise::judging`] says it runs, and
/// [`Exercise::poll`] takes its outcome in; the screen stays alive meanwhile.
pub trait Exercise {
    /// The screen's title: `OPENING TRAINER  White`.
    fn title(&self) -> String;
    /// The words it uses on the screen.
    fn words(&self) -> Words;
    /// The side the learner plays (the board is seen from it).
    fn learner(&self) -> Color;
    /// The moves on the board.
    fn game(&self) -> &Game;
    /// What is asked or shown now.
    fn stage(&self) -> &Stage;
    /// What just happened, if anything.
    fn note(&self) -> Option<&Note>;
    /// A move the learner played (legal in the position on the board).
    fn play(&mut self, mv: Move);
    /// Goes on after a line ended (Enter): the next line, or the end.
    fn next(&mut self);
    /// Where the answers are saved (for the title line).
    fn saved_in(&self) -> String;
    /// Once an answer is judged: why the right move is better than the wrong ones, in
    /// lines of text (`None`: nothing judged yet, or a kind that does not explain).
    fn why(&self) -> Option<Vec<String>> {
        None
    }
    /// Is the learner's last move still being judged? (No other move is taken meanwhile.)
    fn judging(&self) -> bool {
        false
    }
    /// Takes in a judgement that has arrived: whether anything changed.
    fn poll(&mut self) -> bool {
        false
    }
    /// How to wake the screen when a judgement arrives (given once, by the screen that
    /// runs the exercise). Without it, a move is judged before [`Exercise::play`] returns.
    fn wake_with(&mut self, wake: Wake) {
        let _ = wake;
    }
    /// A hint for the question asked, as the note: the piece first, then (asked again)
    /// the move, which is showing the answer. Whether there was anything to hint.
    fn hint(&mut self) -> bool {
        false
    }
    /// Shows the answer to the question asked: it counts as a wrong answer. Whether
    /// there was a question.
    fn show(&mut self) -> bool {
        false
    }
    /// Takes back the wrong answer just given (a slip of the hand), the question asked
    /// again as if it had not been answered. Whether there was one to take back.
    fn undo(&mut self) -> bool {
        false
    }
    /// Leaves the line (or exercise) asked and goes on to the next; it is not asked again
    /// in this session.
    fn skip(&mut self) {
        self.next();
    }
    /// How far the session is: `line 3 · 20 due today · 5 new`.
    fn progress(&self) -> Option<String> {
        None
    }
    /// Why the answers are not saved (a read-only book), once one could not be: the
    /// screen's title says so in place of where they are saved.
    fn not_saved(&self) -> Option<String> {
        None
    }
    /// Trains from the position on the board (`true`) or whole lines from the start
    /// (`false`); whether it changed.
    fn train_from_here(&mut self, here: bool) -> bool {
        let _ = here;
        false
    }
}

/// The piece that moves, for a hint: `a knight move`, `a pawn move`, `castling`.
pub fn piece_hint(pos: &Position, mv: Move) -> String {
    use crate::core::Role;
    let Some(role) = pos.role_on(mv.from()) else {
        return "a move".into();
    };
    let word = match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King if san(pos, mv).starts_with('O') => return "castling".into(),
        Role::King => "king",
    };
    format!("a {word} move")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_next_due_day_is_the_first_after_today_with_its_count() {
        let today = 100;
        let due = DueNext::new(2, [99, 100, 103, 101, 103, 101, 101].into_iter(), today);
        assert_eq!(
            due,
            DueNext {
                now: 2,
                next: Some((101, 3)),
                held_back: None,
            }
        );
        assert_eq!(DueNext::new(0, [100].into_iter(), today).next, None);
        let t = Tally::of([true, false, true].iter());
        assert_eq!((t.reviewed, t.right_first_time), (3, 2));
    }
}
