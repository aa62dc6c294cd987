//! The opening trainer: the program plays the other side's book moves, the learner must
//! answer with a move their book plays, line after line.
//!
//! A line starts at the start position. At each of the learner's positions that is to be
//! asked (new, or due by the schedule; every one with `--all`) the learner answers: a move
//! the book plays there (any of them) is right and the line goes on from it; any other is
//! wrong, the book's moves are shown with their comments and the opening's name, and the
//! learner plays one of them to go on. Each answer is graded and saved at once
//! ([`super::schedule`]): a wrong one is asked again the same day, so it comes back in a
//! later line of the session. A learner's position not to be asked is played for them.
//!
//! The other side's move is chosen among the book's playable moves leading on to
//! positions still to ask: half by the book's weights, half by how little the learner
//! knows what lies behind each (the positions to ask there, each counted by how likely it
//! is forgotten and how hard it has been). A line ends where the book ends, or where
//! nothing further along it is to be asked; the session ends when nothing is left to ask.

use super::exercise::{
    Answer, DueNext, Exercise, History, LineEnd, Note, Question, Stage, Tally, Words,
};
use super::fsrs::Grade;
use super::repertoire::{Repertoire, from_where};
use super::schedule::Schedule;
use super::textfile::StoreError;
use crate::book::layers::Books;
use crate::core::{Color, Move, san};
use crate::game::Game;
use crate::util::rng::Rng;
use std::collections::{HashMap, HashSet};

/// The longest line played (a book looping through repetitions ends there).
const MAX_LINE: usize = 400;

/// What a session trains.
#[derive(Clone, Debug)]
pub struct Options {
    /// The side the learner plays.
    pub learner: Color,
    /// The moves to the start position.
    pub root: Game,
    /// Ask every position, due or not.
    pub all: bool,
    /// Today (days since 1970-01-01): the schedule's clock.
    pub today: i64,
    /// Drives the other side's choice of moves.
    pub seed: u64,
    /// A new position is shown (its moves, their comments) before it is first asked.
    pub learn_first: bool,
    /// At most this many positions never answered before are taken up a day (`--all`
    /// takes them all).
    pub new_per_day: u32,
}

/// What a wrong answer changed, to take it back (Ctrl+Z).
#[derive(Clone, Debug)]
struct Undo {
    key: u64,
    /// The position's record before the answer (`None`: never answered).
    before: Option<super::schedule::Record>,
    /// Was the position answered before in this session?
    answered: bool,
    line: Tally,
}

/// An opening-training session.
pub struct Session {
    repertoire: Repertoire,
    schedule: Schedule,
    all: bool,
    today: i64,
    rng: Rng,
    game: Game,
    stage: Stage,
    note: Option<Note>,
    /// Each position answered in this session, and whether its first answer was right.
    answered: HashMap<u64, bool>,
    /// Positions answered right in this session (not asked again).
    right: HashSet<u64>,
    /// Positions asked in the current line (each once a line).
    asked_in_line: HashSet<u64>,
    line: Tally,
    learn_first: bool,
    new_per_day: u32,
    /// Positions first answered today before the session began.
    new_before: u32,
    /// New positions taken up in this session (shown or asked).
    introduced: HashSet<u64>,
    /// New positions already shown (asked from now on).
    shown_new: HashSet<u64>,
    /// Positions skipped: not asked again in this session.
    skipped: HashSet<u64>,
    /// Hints given for the question asked.
    hints: u32,
    /// The wrong answer just given, to take back.
    undo: Option<Undo>,
    /// Lines begun in this session.
    lines: u32,
    /// The whole repertoire while training from a position (`:from`).
    whole: Option<Repertoire>,
    /// Why answers cannot be saved (a read-only book), once one could not be.
    not_saved: Option<String>,
    /// Positions whose answer (or learning step) could not be saved: not asked again in
    /// this session, and not counted as done (they are still to do).
    unsaved: HashSet<u64>,
}

/// Why a training session cannot open.
#[derive(Debug)]
pub enum OpenError {
    /// The user's book is not a directory, so there is nowhere to keep the schedule.
    NoBookDir,
    /// The schedule cannot be read: said as the store says it (its source is the store's).
    Schedule(StoreError),
}

impl std::fmt::Display for OpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpenError::NoBookDir => {
                f.write_str("no book directory to keep the training schedule in (--book DIR)")
            }
            OpenError::Schedule(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for OpenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            OpenError::NoBookDir => None,
            // Said as the schedule's error: its cause is this one's.
            OpenError::Schedule(e) => e.source(),
        }
    }
}

impl Session {
    /// A session over `books` (the user's book must be a directory: the schedule is kept
    /// there). Fails when the schedule cannot be read.
    pub fn open(books: &Books, options: Options) -> Result<Session, OpenError> {
        let dir = books
            .user()
            .and_then(|b| b.dir())
            .ok_or(OpenError::NoBookDir)?;
        let schedule = Schedule::load(dir).map_err(OpenError::Schedule)?;
        let repertoire = Repertoire::build(books, options.root.clone(), options.learner);
        Ok(Session::new(repertoire, schedule, options))
    }

    /// A session on a repertoire already built, the schedule already read.
    pub fn new(repertoire: Repertoire, schedule: Schedule, options: Options) -> Session {
        let new_before = schedule
            .records()
            .values()
            .filter(|r| r.first_day() == Some(options.today))
            .count() as u32;
        let mut s = Session {
            repertoire,
            schedule,
            all: options.all,
            today: options.today,
            rng: Rng::new(options.seed),
            game: options.root.clone(),
            stage: Stage::Finished {
                session: Tally::default(),
                due: DueNext::default(),
            },
            note: None,
            answered: HashMap::new(),
            right: HashSet::new(),
            asked_in_line: HashSet::new(),
            line: Tally::default(),
            learn_first: options.learn_first,
            new_per_day: options.new_per_day,
            new_before,
            introduced: HashSet::new(),
            shown_new: HashSet::new(),
            skipped: HashSet::new(),
            hints: 0,
            undo: None,
            lines: 0,
            whole: None,
            not_saved: None,
            unsaved: HashSet::new(),
        };
        s.start_line();
        s
    }

    /// The repertoire trained.
    pub fn repertoire(&self) -> &Repertoire {
        &self.repertoire
    }

    /// The schedule, as last saved.
    pub fn schedule(&self) -> &Schedule {
        &self.schedule
    }

    /// Is the learner's position `key` to be asked (now, in this line)?
    fn askable(&self, key: u64) -> bool {
        !self.asked_in_line.contains(&key) && self.to_ask(key) && !self.unsaved.contains(&key)
    }

    /// Is the learner's position `key` to be asked today: new or due, or with `--all`
    /// any not yet answered right in this session? (A position whose answer could not be
    /// saved still is: it is not asked again in this session, but not done either.)
    fn to_ask(&self, key: u64) -> bool {
        if self.skipped.contains(&key) {
            return false;
        }
        if self.all {
            return !self.right.contains(&key);
        }
        match self.schedule.get(key) {
            Some(r) => r.is_due(self.today),
            // A new position, while today's new ones are within the daily limit.
            None => {
                self.introduced.contains(&key)
                    || self.new_before + (self.introduced.len() as u32) < self.new_per_day
            }
        }
    }

    /// How little the learner knows position `key`: the chance it is forgotten (1 for a
    /// new one or one missed today) plus a tenth of its difficulty (5 for a new one).
    fn weakness(&self, key: u64) -> f64 {
        match self.schedule.get(key) {
            None => 1.5,
            Some(r) => {
                let m = &r.memory;
                let recall = if m.in_step() {
                    0.0
                } else {
                    self.schedule.params().retrievability(m, self.today)
                };
                (1.0 - recall) + m.difficulty / 10.0
            }
        }
    }

    /// What lies behind position `key` still to ask in this line: the sum of the
    /// weaknesses of the learner's positions to ask reachable from it.
    fn need(&self, key: u64) -> f64 {
        self.repertoire.reachable_sum(key, &|k| {
            if self.askable(k) {
                self.weakness(k)
            } else {
                0.0
            }
        })
    }

    /// The move to play in position `key` (not a question): among the book's moves
    /// leading to positions still to ask, at random, half by the book's weights and half
    /// by what lies behind each.
    fn choose(&mut self, key: u64) -> Option<Move> {
        let node = self.repertoire.node(key)?;
        let candidates: Vec<(Move, f64, f64)> = node
            .children
            .iter()
            .filter_map(|&(mv, child)| {
                let need = self.need(child);
                let weight = node.moves.iter().find(|m| m.mv == mv)?.weight;
                (need > 0.0).then_some((mv, f64::from(weight), need))
            })
            .collect();
        let total_weight: f64 = candidates.iter().map(|c| c.1).sum();
        let total_need: f64 = candidates.iter().map(|c| c.2).sum();
        let score = |c: &(Move, f64, f64)| c.1 / total_weight + c.2 / total_need;
        let sum: f64 = candidates.iter().map(score).sum();
        let mut r = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * sum;
        for c in &candidates {
            r -= score(c);
            if r < 0.0 {
                return Some(c.0);
            }
        }
        candidates.last().map(|c| c.0)
    }

    /// Starts a line from the start position, or ends the session when nothing is left
    /// to ask.
    fn start_line(&mut self) {
        self.game = self.repertoire.root.clone();
        self.asked_in_line.clear();
        self.line = Tally::default();
        self.lines += 1;
        let start = self.game.position().key();
        if self.repertoire.node(start).is_none() || self.need(start) <= 0.0 {
            self.stage = Stage::Finished {
                session: self.session_tally(),
                due: self.due_next(),
            };
            return;
        }
        self.advance(String::new());
    }

    /// Plays the moves that are not questions until the next question or the end of the
    /// line; `said` is what the note says before the moves played.
    fn advance(&mut self, said: String) {
        let from = self.game.moves().len();
        let end = loop {
            let pos = *self.game.position();
            let key = pos.key();
            let repeated = self.game.positions()[..self.game.positions().len() - 1]
                .iter()
                .any(|p| p.key() == key);
            if self.repertoire.node(key).is_none()
                || repeated
                || self.game.moves().len() >= MAX_LINE
            {
                break LineEnd::BookEnds;
            }
            if self.need(key) <= 0.0 {
                // Nothing to ask further on: is there anything for the learner at all?
                let ahead = self.repertoire.reachable_sum(key, &|_| 1.0);
                break if ahead > 0.0 {
                    LineEnd::NothingDue
                } else {
                    LineEnd::BookEnds
                };
            }
            if pos.turn() == self.repertoire.learner && self.askable(key) {
                let question = self.question(key);
                let new = self.schedule.get(key).is_none();
                if new {
                    self.introduced.insert(key);
                }
                self.hints = 0;
                self.undo = None;
                self.stage = if new && self.learn_first && !self.shown_new.contains(&key) {
                    Stage::Learn(question)
                } else {
                    Stage::Ask(question)
                };
                self.say_played(said, from);
                return;
            }
            match self.choose(key) {
                Some(mv) => {
                    let _ = self.game.play(mv);
                }
                None => break LineEnd::NothingDue,
            }
        };
        self.say_played(said, from);
        let session = self.session_tally();
        if self.to_ask_count() == 0 {
            self.stage = Stage::Finished {
                session,
                due: self.due_next(),
            };
        } else {
            self.stage = Stage::LineDone {
                end,
                line: self.line,
                session,
                due: self.due_next(),
            };
        }
    }

    /// The note: `said`, then the moves played since ply `from` (`Then: 3... a6 4. Ba4`).
    fn say_played(&mut self, said: String, from: usize) {
        let moves = &self.game.moves()[from..];
        let mut text = said;
        if !moves.is_empty() {
            let mut g = Game::from_position(self.game.positions()[from]);
            for &mv in moves {
                let _ = g.play(mv);
            }
            if !text.is_empty() {
                text.push_str(". Then: ");
            } else {
                text.push_str("Played: ");
            }
            text.push_str(&g.movetext());
        }
        self.note = (!text.is_empty()).then_some(Note { text, alert: false });
    }

    fn question(&self, key: u64) -> Question {
        let node = self.repertoire.node(key).expect("asked in the repertoire");
        Question {
            key,
            answers: node
                .moves
                .iter()
                .map(|m| Answer::new(&node.pos, m.mv, m.weight, m.comment.clone()))
                .collect(),
            heading: crate::openings::of_game(&self.game).map(|o| o.label()),
            history: self.schedule.get(key).map(History::of),
        }
    }

    /// Grades and saves an answer to the question `key`; counts it, for the line (a
    /// position is asked once a line) and, the first time, for the session.
    fn grade(&mut self, key: u64, grade: Grade) -> Option<String> {
        self.asked_in_line.insert(key);
        let label = crate::train::schedule::label_of(&self.game);
        if let Err(e) = self
            .schedule
            .answer_labelled(key, Some(&label), grade, self.today)
        {
            // Not saved: not counted as done either (the counters stay as they were).
            self.unsaved.insert(key);
            return self.failed_save(&e);
        }
        let right = grade != Grade::Again;
        self.answered.entry(key).or_insert(right);
        self.line.reviewed += 1;
        self.line.right_first_time += u32::from(right);
        if right {
            self.right.insert(key);
        }
        None
    }

    /// An answer (or a learning step) was not saved: the warning, said once a session
    /// (the title says it from then on).
    fn failed_save(&mut self, e: &StoreError) -> Option<String> {
        if self.not_saved.is_some() {
            return None;
        }
        self.not_saved = Some(e.to_string());
        Some(format!(
            "Your answers cannot be saved ({e}): you may go on training, but nothing is \
             saved or counted"
        ))
    }

    /// The note after a move, with the warning `failed` after the verdict (never in its
    /// place).
    fn warn_after(&mut self, failed: Option<String>) {
        if let Some(warning) = failed {
            let text = match self.note.take() {
                Some(n) => format!("{}. {warning}", n.text),
                None => warning,
            };
            self.note = Some(Note { text, alert: true });
        }
    }

    /// The session's counts.
    fn session_tally(&self) -> Tally {
        Tally::of(self.answered.values())
    }

    /// The learner's positions still to ask today.
    fn to_ask_count(&self) -> u32 {
        let (due, new) = self.to_ask_split();
        due + new
    }

    /// The learner's positions still to ask today: those answered before, and the new
    /// ones (no more than the daily limit still allows).
    fn to_ask_split(&self) -> (u32, u32) {
        let (due, new, _) = self.to_ask_counts();
        (due, new)
    }

    /// [`Session::to_ask_split`], and the new positions the daily limit holds back.
    fn to_ask_counts(&self) -> (u32, u32, u32) {
        let (mut due, mut taken_up, mut fresh, mut waiting) = (0u32, 0u32, 0u32, 0u32);
        for &k in self.repertoire.learner_keys() {
            if !self.to_ask(k) {
                let held = !self.all
                    && !self.skipped.contains(&k)
                    && self.schedule.get(k).is_none()
                    && !self.introduced.contains(&k);
                waiting += u32::from(held);
                continue;
            }
            if self.schedule.get(k).is_some() {
                due += 1;
            } else if self.introduced.contains(&k) || self.all {
                taken_up += 1;
            } else {
                fresh += 1;
            }
        }
        let room = self
            .new_per_day
            .saturating_sub(self.new_before + self.introduced.len() as u32);
        let held = waiting + fresh.saturating_sub(room);
        (due, taken_up + fresh.min(room), held)
    }

    /// When the learner's positions are due next.
    fn due_next(&self) -> DueNext {
        let keys = self.repertoire.learner_keys().iter();
        let due = keys
            .filter_map(|k| self.schedule.get(*k))
            .map(|r| r.memory.due);
        let mut next = DueNext::new(self.to_ask_count(), due, self.today);
        let (_, _, held) = self.to_ask_counts();
        next.held_back = (held > 0).then_some((held, self.new_per_day));
        next
    }
}

impl Exercise for Session {
    fn title(&self) -> String {
        format!("OPENING TRAINER  you play {}", self.repertoire.learner)
    }

    fn words(&self) -> Words {
        let key = match &self.stage {
            Stage::Learn(q) | Stage::Ask(q) | Stage::Missed { question: q, .. } => Some(q.key),
            _ => None,
        };
        let built_in = key
            .and_then(|k| self.repertoire.node(k))
            .is_some_and(|n| n.layer == crate::book::layers::Layer::BuiltIn);
        if built_in {
            Words::BUILT_IN
        } else {
            Words::BOOK
        }
    }

    fn learner(&self) -> Color {
        self.repertoire.learner
    }

    fn game(&self) -> &Game {
        &self.game
    }

    fn stage(&self) -> &Stage {
        &self.stage
    }

    fn note(&self) -> Option<&Note> {
        self.note.as_ref()
    }

    fn play(&mut self, mv: Move) {
        let pos = *self.game.position();
        if let Some(illegal) = Note::illegal(&pos, mv) {
            self.note = Some(illegal);
            return;
        }
        let text = san(&pos, mv);
        match self.stage.clone() {
            Stage::Learn(q) => {
                if q.answers.iter().any(|a| a.mv == mv) {
                    self.shown_new.insert(q.key);
                    self.asked_in_line.insert(q.key);
                    // The learning step is saved at once: a position shown is no longer
                    // new, and counts against today's limit, whenever the trainer is left.
                    let label = crate::train::schedule::label_of(&self.game);
                    let failed = match self.schedule.show(q.key, &label, self.today) {
                        Ok(_) => None,
                        Err(e) => {
                            self.unsaved.insert(q.key);
                            self.failed_save(&e)
                        }
                    };
                    let _ = self.game.play(mv);
                    self.advance(format!("Played {text}"));
                    self.warn_after(failed);
                } else {
                    self.note = Some(Note {
                        text: format!("{text} is not the move shown: play one of those shown"),
                        alert: true,
                    });
                }
            }
            Stage::Ask(q) => {
                if q.answers.iter().any(|a| a.mv == mv) {
                    // Recalled with a hint: right, but harder than without.
                    let grade = if self.hints > 0 {
                        Grade::Hard
                    } else {
                        Grade::Good
                    };
                    let failed = self.grade(q.key, grade);
                    let others: Vec<&str> = q
                        .answers
                        .iter()
                        .filter(|a| a.mv != mv)
                        .map(|a| a.san.as_str())
                        .collect();
                    let mut said = format!("Right: {text}");
                    if !others.is_empty() {
                        said.push_str(&format!(". {} {}", self.words().also, others.join(", ")));
                    }
                    let _ = self.game.play(mv);
                    self.advance(said);
                    self.warn_after(failed);
                    return;
                }
                let node = self
                    .repertoire
                    .node(q.key)
                    .expect("asked in the repertoire");
                if node.unplayed.contains(&mv) {
                    self.note = Some(Note {
                        text: format!(
                            "Your book knows {text} but never plays it (weight 0): \
                             play a move it plays"
                        ),
                        alert: true,
                    });
                    return;
                }
                let undo = Undo {
                    key: q.key,
                    before: self.schedule.get(q.key).cloned(),
                    answered: self.answered.contains_key(&q.key),
                    line: self.line,
                };
                let failed = self.grade(q.key, Grade::Again);
                self.undo = Some(undo);
                self.stage = Stage::Missed {
                    question: q,
                    played: text.clone(),
                };
                // The screen shows the book's moves; a note only when the answer was not saved.
                self.note = failed.map(|text| Note { text, alert: true });
            }
            Stage::Missed { question, .. } => {
                if question.answers.iter().any(|a| a.mv == mv) {
                    let _ = self.game.play(mv);
                    self.advance(format!("Played {text}"));
                } else {
                    self.note = Some(Note {
                        text: format!("{text} is not your book's move: play one of those shown"),
                        alert: true,
                    });
                }
            }
            Stage::LineDone { .. } | Stage::Finished { .. } => {}
        }
    }

    fn next(&mut self) {
        if matches!(self.stage, Stage::LineDone { .. }) {
            self.note = None;
            self.start_line();
        }
    }

    fn saved_in(&self) -> String {
        self.schedule.file()
    }

    fn hint(&mut self) -> bool {
        let Stage::Ask(q) = &self.stage else {
            return false;
        };
        let Some(first) = q.answers.first() else {
            return false;
        };
        if self.hints == 0 {
            self.hints = 1;
            let piece = super::exercise::piece_hint(self.game.position(), first.mv);
            self.note = Some(Note {
                text: format!("Hint: {piece}. Asked again, the hint names the move"),
                alert: false,
            });
            return true;
        }
        // The second hint names the move: that is showing the answer.
        self.show()
    }

    fn show(&mut self) -> bool {
        let Stage::Ask(q) = self.stage.clone() else {
            return false;
        };
        let failed = self.grade(q.key, Grade::Again);
        self.undo = None;
        self.stage = Stage::Missed {
            question: q,
            played: String::new(),
        };
        self.note = failed.map(|text| Note { text, alert: true });
        true
    }

    fn undo(&mut self) -> bool {
        let (Stage::Missed { question, .. }, Some(undo)) = (self.stage.clone(), self.undo.take())
        else {
            return false;
        };
        // An answer never saved has nothing to take back on disk.
        let failed = if self.unsaved.remove(&undo.key) {
            None
        } else {
            self.schedule.restore(undo.key, undo.before).err()
        };
        if !undo.answered {
            self.answered.remove(&undo.key);
        }
        self.line = undo.line;
        self.asked_in_line.remove(&undo.key);
        self.stage = Stage::Ask(question);
        self.note = Some(match failed {
            Some(e) => Note {
                text: e.to_string(),
                alert: true,
            },
            None => Note {
                text: "Taken back: answer again".into(),
                alert: false,
            },
        });
        true
    }

    fn skip(&mut self) {
        match &self.stage {
            Stage::Learn(q) | Stage::Ask(q) => {
                self.skipped.insert(q.key);
            }
            Stage::Missed { .. } => {}
            Stage::LineDone { .. } => return self.next(),
            Stage::Finished { .. } => return,
        }
        self.start_line();
        if let Some(n) = &mut self.note {
            n.text = format!("Skipped. {}", n.text);
        } else {
            self.note = Some(Note {
                text: "Skipped".into(),
                alert: false,
            });
        }
    }

    fn not_saved(&self) -> Option<String> {
        self.not_saved.clone()
    }

    fn progress(&self) -> Option<String> {
        let (due, new) = self.to_ask_split();
        let mut text = format!("line {} · {due} due today · {new} new", self.lines.max(1));
        if self.whole.is_some() {
            text.push_str(&format!(" · from {}", from_where(&self.repertoire.root)));
        }
        Some(text)
    }

    fn train_from_here(&mut self, here: bool) -> bool {
        let rooted = if here {
            let Some(r) = self.repertoire.rooted(&self.game) else {
                self.note = Some(Note {
                    text: "The book has no move here to train from".into(),
                    alert: true,
                });
                return false;
            };
            if r.learner_keys().is_empty() {
                self.note = Some(Note {
                    text: "Nothing for you to answer from here: the book ends".into(),
                    alert: true,
                });
                return false;
            }
            self.whole.get_or_insert_with(|| self.repertoire.clone());
            r
        } else {
            match self.whole.take() {
                Some(w) => w,
                None => return false,
            }
        };
        self.repertoire = rooted;
        self.note = None;
        self.start_line();
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::Book;
    use crate::book::layers::LayerPolicy;
    use crate::util::scratch::Scratch;
    use std::error::Error;

    fn options() -> Options {
        Options {
            learner: Color::White,
            root: Game::new(),
            all: false,
            today: 20_000,
            seed: 7,
            learn_first: false,
            new_per_day: 20,
        }
    }

    #[test]
    fn a_schedule_that_cannot_be_read_keeps_the_systems_error() {
        let dir = Scratch::new("session-schedule");
        // A folder where the schedule's file should be.
        let path = super::super::schedule::path_in(dir.path());
        std::fs::create_dir(&path).unwrap();
        let books = Books::new(Some(Book::open(dir.path())), LayerPolicy::UserOnly);
        let Err(e) = Session::open(&books, options()) else {
            panic!("a schedule that is a folder");
        };
        let io = e
            .source()
            .and_then(|s| s.downcast_ref::<std::io::Error>())
            .expect("the system's error");
        assert_eq!(io.kind(), std::io::ErrorKind::IsADirectory);
        assert_eq!(
            e.to_string(),
            format!("cannot read {}: {io}", path.display())
        );
        let Err(e) = Session::open(&Books::new(None, LayerPolicy::UserOnly), options()) else {
            panic!("no book directory");
        };
        assert!(matches!(e, OpenError::NoBookDir));
        assert_eq!(
            e.to_string(),
            "no book directory to keep the training schedule in (--book DIR)"
        );
    }
}
