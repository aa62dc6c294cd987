//! Drills: the learner's own mistakes asked back ([`super::deck`]), on the trainer screen,
//! by the same spaced repetition as the opening trainer.
//!
//! Each exercise due (or new; every one with `--all`) puts the position of the mistake on
//! the board. The engine's move is right; so is any other move the engine, searching as
//! deep as the analysis did, values at least as much as the engine's move (both searched
//! afresh from the position after them, so the two values are alike): chess often has two
//! good moves. The move of the game is wrong, and so is any move worth less; then the
//! engine's move and line are shown, and the learner plays the move to go on. A wrong
//! answer comes back the same day (at the end of the session).
//!
//! The search takes seconds: on a screen it runs on a thread of its own, which wakes the
//! screen when done ([`Exercise::wake_with`]), so the screen stays alive (and Esc leaves)
//! meanwhile; without a screen the move is judged before [`Exercise::play`] returns.

use super::deck::{Deck, Drill};
use super::exercise::{
    Answer, DueNext, Exercise, History, LineEnd, Note, Question, Stage, Tally, Wake, Words,
};
use super::fsrs::Grade;
use super::textfile::StoreError;
use crate::analysis::AnalyseError;
use crate::analysis::{Analyser, AnalyserSpec, Eval};
use crate::config::Config;
use crate::core::{Color, Move, MoveError, Position, san};
use crate::eval::Evaluator;
use crate::game::Game;
use crate::search::Limits;
use crate::why::{End, Why};
use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, Sender};

/// Judges a move for the drill, as the analysis judges a move of a game: the position
/// searched to `depth` for the engine's move, and again restricted to `mv` at the same
/// depth. Returns the two evaluations (White's side, seen after each move): the engine's
/// move's, then `mv`'s.
pub trait Judge: Send {
    fn judge(&mut self, pos: &Position, mv: Move, depth: u32) -> Judged;
    /// The evaluation the judge's searches score with (the "why" after an answer speaks
    /// with it, so its words agree with the judge).
    fn evaluator(&self) -> Evaluator;
}

/// The engine as judge, through the analysis ([`Analyser`]) on a one-move game: the
/// configuration's analyser (Huo's own engine or the user's UCI engine, as the analysis
/// that made the drills), one thread (the same search gives the same value every time), a
/// fresh transposition table.
pub struct EngineJudge {
    config: Config,
}

impl EngineJudge {
    pub fn new(config: &Config) -> EngineJudge {
        let mut config = config.clone();
        config.analysis.threads = 1;
        EngineJudge { config }
    }
}

impl Judge for EngineJudge {
    fn judge(&mut self, pos: &Position, mv: Move, depth: u32) -> Judged {
        let spec = AnalyserSpec {
            limits: Limits {
                depth: Some(depth.max(1)),
                ..Limits::default()
            },
            ..AnalyserSpec::from_config(&self.config)
        };
        let mut analyser = Analyser::start(&self.config, &spec).map_err(JudgeError::Engine)?;
        let mut game = Game::from_position(*pos);
        game.play(mv).map_err(JudgeError::Move)?;
        let analysis = analyser
            .analyse(&game, |_| {})
            .map_err(JudgeError::Engine)?;
        let review = analysis.moves.first().ok_or(JudgeError::NoMove)?;
        Ok((review.before, review.after))
    }

    fn evaluator(&self) -> Evaluator {
        Evaluator::from_config(&self.config)
    }
}

/// A judgement: the two evaluations, or why the engine could not judge.
pub type Judged = Result<(Eval, Eval), JudgeError>;

/// Why a move was not judged; its message completes "The engine could not judge Nf3: …".
#[derive(Debug)]
pub enum JudgeError {
    /// The move is not legal in the position.
    Move(MoveError),
    /// The engine failed, or its service stopped: said without "the engine failed".
    Engine(AnalyseError),
    /// The analysis came back without the move.
    NoMove,
    /// The judge's thread has gone (it panicked).
    Gone,
}

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JudgeError::Move(e) => e.fmt(f),
            JudgeError::Engine(e) => f.write_str(&e.reason()),
            JudgeError::NoMove => f.write_str("the engine judged no move"),
            JudgeError::Gone => f.write_str("the judge has stopped"),
        }
    }
}

impl std::error::Error for JudgeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            JudgeError::Move(e) => Some(e),
            JudgeError::Engine(e) => Some(e),
            JudgeError::NoMove | JudgeError::Gone => None,
        }
    }
}

/// Why the drills cannot start.
#[derive(Debug)]
pub enum OpenError {
    /// The deck cannot be read, or has problems.
    Deck(StoreError),
    /// The deck has no exercise yet.
    Empty { path: PathBuf },
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::Deck(e) => e.fmt(f),
            OpenError::Empty { path } => write!(
                f,
                "no exercises yet in {}: make some with huo-chess analyse FILE.pgn --player NAME",
                path.display()
            ),
        }
    }
}

impl std::error::Error for OpenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            OpenError::Deck(e) => Some(e),
            OpenError::Empty { .. } => None,
        }
    }
}

impl From<OpenError> for String {
    fn from(e: OpenError) -> String {
        e.to_string()
    }
}

/// The judge at work on a thread of its own, which wakes the screen when a judgement is
/// ready: the screen stays alive while the engine searches.
struct Away {
    ask: Sender<(Position, Move, u32)>,
    answers: Receiver<Judged>,
}

impl Away {
    /// Runs `judge` on a thread of its own; `wake` after each judgement.
    fn start(mut judge: Box<dyn Judge>, wake: Wake) -> Away {
        let (ask, questions) = mpsc::channel::<(Position, Move, u32)>();
        let (tell, answers) = mpsc::channel();
        // The thread ends when the session goes (the questions' sender with it).
        let _ = std::thread::Builder::new()
            .name("huo-drill-judge".into())
            .spawn(move || {
                for (pos, mv, depth) in questions {
                    if tell.send(judge.judge(&pos, mv, depth)).is_err() {
                        return;
                    }
                    wake();
                }
            });
        Away { ask, answers }
    }
}

/// A drills session.
pub struct DrillSession {
    deck: Deck,
    /// The judge, here while no screen can be woken (a move is judged before
    /// [`Exercise::play`] returns) ...
    judge: Option<Box<dyn Judge>>,
    /// ... or away on its thread once one can ([`Exercise::wake_with`]).
    away: Option<Away>,
    /// The learner's move being judged away.
    pending: Option<Move>,
    all: bool,
    today: i64,
    /// The exercises to ask, in order; one missed is asked again at the end.
    queue: Vec<(u64, Move)>,
    at: usize,
    game: Game,
    stage: Stage,
    note: Option<Note>,
    /// Each exercise answered, and whether its first answer was right.
    answered: HashMap<(u64, Move), bool>,
    /// The learner's answer to the exercise on the board once judged, and whether it
    /// was right: what "why" explains.
    answer: Option<(Move, bool)>,
    /// The judge's evaluation, for "why".
    eval: Evaluator,
    /// The search's evaluations of the engine's move and of the learner's answer, once
    /// judged: "why" speaks of the same pair with the same figure.
    judged: Option<(Eval, Eval)>,
    /// The side to move at the exercise asked.
    side: Color,
}

/// The winning chances of an evaluation for `side`, -1 (lost) to 1 (won), on lichess's
/// scale: `2 / (1 + e^(-0.00368208 cp)) - 1`; a forced mate is 1 or -1.
pub fn winning_chances(e: Eval, side: Color) -> f64 {
    match e {
        Eval::Cp(_) => crate::eval::chances::winning_chances(e.value(side)),
        Eval::Mate { winner, .. } if winner == side => 1.0,
        Eval::Mate { .. } => -1.0,
    }
}

/// A drill answer that loses this much in winning chances against the engine's move is an
/// inaccuracy (lichess's threshold): wrong. Less is accepted, as nearly as good.
pub const INACCURACY: f64 = 0.1;

/// How an answer compares with the engine's move, both searched: `b` the engine's
/// move's evaluation, `v` the answer's, for `side`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compared {
    /// Scores as much (or more).
    AsGood,
    /// Loses less than [`INACCURACY`] in winning chances.
    NearlyAsGood,
    /// Loses more: an inaccuracy or worse.
    Worse,
}

impl Compared {
    pub fn of(b: Eval, v: Eval, side: Color) -> Compared {
        let mates = |e: Eval| matches!(e, Eval::Mate { winner, .. } if winner == side);
        if v.value(side) >= b.value(side) {
            Compared::AsGood
        } else if mates(b) && !mates(v) {
            // A forced mate let go is at least an inaccuracy (as lichess counts a mate
            // lost), however far ahead the answer leaves the learner.
            Compared::Worse
        } else if winning_chances(b, side) - winning_chances(v, side) < INACCURACY {
            Compared::NearlyAsGood
        } else {
            Compared::Worse
        }
    }
}

/// How much better the engine's move `best` (evaluation `b`) is than `answer` (`v`), for
/// `side`, then the two scores, from White's side as every score is shown (as PGN's
/// `[%eval]` and lichess show them), labelled: `g6 is 1.10 better for Black than Qe7;
/// White's view: g6 -0.68, Qe7 +0.42`; a mate in words.
pub fn gap_words(best: &str, b: Eval, answer: &str, v: Eval, side: Color) -> String {
    let scores = format!(
        "; White's view: {best} {}, {answer} {}",
        white_view(b),
        white_view(v)
    );
    match (b, v) {
        (Eval::Cp(_), Eval::Cp(_)) => {
            let gap = b.value(side) - v.value(side);
            let pawns = Eval::Cp(gap.abs()).to_string();
            if gap >= 0 {
                format!("{best} is {pawns} better for {side} than {answer}{scores}")
            } else {
                format!("{answer} is {pawns} better for {side} than {best}{scores}")
            }
        }
        _ => format!("{best}: {}; {answer}: {}", white_view(b), white_view(v)),
    }
}

/// A score from White's side, as PGN's `[%eval]` gives it: `+0.35`, `-1.20`; a mate in
/// words, naming who mates: `White mates in 3`, `Black mates in 2`, `checkmate by White`
/// (the move mates).
pub fn white_view(e: Eval) -> String {
    match e {
        Eval::Mate { winner, moves: 0 } => format!("checkmate by {winner}"),
        Eval::Mate { winner, moves } => format!("{winner} mates in {moves}"),
        Eval::Cp(_) => {
            let v = e.value(Color::White);
            let text = Eval::Cp(v).to_string();
            if v >= 0 { format!("+{text}") } else { text }
        }
    }
}

impl DrillSession {
    /// A session over `deck`, judged by `judge`.
    pub fn new(deck: Deck, judge: Box<dyn Judge>, all: bool, today: i64) -> DrillSession {
        let judge_eval = judge.evaluator();
        let queue = deck
            .drills()
            .iter()
            .filter(|d| all || d.is_due(today))
            .map(Drill::id)
            .collect();
        let mut s = DrillSession {
            deck,
            judge: Some(judge),
            away: None,
            pending: None,
            all,
            today,
            queue,
            at: 0,
            game: Game::new(),
            stage: Stage::Finished {
                session: Tally::default(),
                due: DueNext::default(),
            },
            note: None,
            answered: HashMap::new(),
            answer: None,
            eval: judge_eval,
            judged: None,
            side: Color::White,
        };
        s.ask();
        s
    }

    /// The session `huo-chess drill` and `:drill` in the game open: the deck at `path`,
    /// judged by the engine. Refused, saying what to do, when the deck cannot be read or
    /// has no exercise yet.
    pub fn open(
        path: &Path,
        config: &Config,
        all: bool,
        today: i64,
    ) -> Result<DrillSession, OpenError> {
        let deck = Deck::load(path).map_err(OpenError::Deck)?;
        if deck.drills().is_empty() {
            return Err(OpenError::Empty {
                path: path.to_path_buf(),
            });
        }
        let judge = Box::new(EngineJudge::new(config));
        Ok(DrillSession::new(deck, judge, all, today))
    }

    /// The deck, as last saved.
    pub fn deck(&self) -> &Deck {
        &self.deck
    }

    fn drill(&self, id: (u64, Move)) -> Option<&Drill> {
        self.deck.drills().iter().find(|d| d.id() == id)
    }

    /// Puts the next exercise on the board, or ends the session.
    fn ask(&mut self) {
        self.answer = None;
        self.judged = None;
        while self.at < self.queue.len() {
            let id = self.queue[self.at];
            if let Some(d) = self.drill(id).cloned() {
                self.game = d.game_to();
                self.side = d.pos.turn();
                self.stage = Stage::Ask(self.question(&d));
                return;
            }
            self.at += 1;
        }
        self.stage = Stage::Finished {
            session: self.tally(),
            due: self.due_next(),
        };
    }

    fn question(&self, d: &Drill) -> Question {
        Question {
            key: d.pos.key(),
            answers: vec![Answer {
                mv: d.best,
                san: san(&d.pos, d.best),
                weight: None,
                comment: Some(match &d.why {
                    Some(why) => format!("line: {} (depth {}); {why}", d.line_san(), d.depth),
                    None => format!("line: {} (depth {})", d.line_san(), d.depth),
                }),
            }],
            heading: Some(format!(
                "From {}: you played {} {}",
                d.game,
                san(&d.pos, d.played),
                d.judgement.symbol()
            )),
            history: d.record.as_ref().map(History::of),
        }
    }

    fn tally(&self) -> Tally {
        Tally::of(self.answered.values())
    }

    /// Still to ask today: due (a wrong answer is due again today), or with `--all` not
    /// yet answered right in this session.
    fn to_ask(&self, d: &Drill) -> bool {
        if self.all {
            !self.answered.contains_key(&d.id()) || d.is_due(self.today)
        } else {
            d.is_due(self.today)
        }
    }

    fn due_next(&self) -> DueNext {
        let drills = self.deck.drills();
        let (now, later): (Vec<&Drill>, Vec<&Drill>) = drills.iter().partition(|d| self.to_ask(d));
        let due = later
            .iter()
            .filter_map(|d| d.record.as_ref())
            .map(|r| r.memory.due);
        DueNext::new(now.len() as u32, due, self.today)
    }

    /// Grades the learner's answer `mv` to the exercise on the board and saves it; the
    /// note when it was not saved.
    fn grade(&mut self, id: (u64, Move), mv: Move, grade: Grade) -> Option<Note> {
        let right = grade != Grade::Again;
        self.answer = Some((mv, right));
        self.answered.entry(id).or_insert(right);
        if !right && !self.queue[self.at + 1..].contains(&id) {
            self.queue.push(id); // again at the end of the session
        }
        self.deck.answer(id, grade, self.today).err().map(|e| Note {
            text: e.to_string(),
            alert: true,
        })
    }

    /// The exercise is over: the move is played, a summary shown.
    fn done(&mut self, mv: Move, said: String, failed: Option<Note>) {
        let _ = self.game.play(mv);
        self.note = failed.or(Some(Note {
            text: said,
            alert: false,
        }));
        let line = Tally {
            reviewed: 1,
            right_first_time: u32::from(self.answered.get(&self.queue[self.at]) == Some(&true)),
        };
        // The last one: the session is over (no "next exercise" to go on to).
        let more = self.queue[self.at + 1..]
            .iter()
            .any(|id| self.drill(*id).is_some());
        if !more {
            self.stage = Stage::Finished {
                session: self.tally(),
                due: self.due_next(),
            };
            return;
        }
        self.stage = Stage::LineDone {
            end: LineEnd::Solved,
            line,
            session: self.tally(),
            due: self.due_next(),
        };
    }
}

impl DrillSession {
    /// The learner's move `mv` on the exercise asked, judged (`None`: the move of the
    /// game, wrong without a search): right, or wrong; not graded when the engine could
    /// not judge it (the move may be played again).
    fn verdict(&mut self, mv: Move, judged: Option<Judged>) {
        let Stage::Ask(q) = self.stage.clone() else {
            return;
        };
        let Some(id) = self.queue.get(self.at).copied() else {
            return;
        };
        let Some(d) = self.drill(id).cloned() else {
            return;
        };
        let pos = *self.game.position();
        let (text, best) = (san(&pos, mv), san(&pos, d.best));
        let judged = match judged {
            None => None,
            Some(Ok(found)) => Some(found),
            Some(Err(e)) => {
                self.note = Some(Note {
                    text: format!("The engine could not judge {text}: {e}"),
                    alert: true,
                });
                return;
            }
        };
        let side = pos.turn();
        self.judged = judged;
        if let Some((b, v)) = judged {
            let how = match Compared::of(b, v, side) {
                Compared::AsGood => Some("as good as"),
                Compared::NearlyAsGood => Some("nearly as good as"),
                Compared::Worse => None,
            };
            if let Some(how) = how {
                let failed = self.grade(id, mv, Grade::Good);
                let score = if v.value(side) == b.value(side) {
                    format!("{} after each, White's view", white_view(v))
                } else {
                    gap_words(&best, b, &text, v, side)
                };
                self.done(
                    mv,
                    format!(
                        "Right: {text} is {how} the engine's {best} ({score}, depth {})",
                        d.depth
                    ),
                    failed,
                );
                return;
            }
        }
        let failed = self.grade(id, mv, Grade::Again);
        self.stage = Stage::Missed {
            question: q,
            played: text.clone(),
        };
        self.note = failed.or_else(|| {
            Some(Note {
                text: match judged {
                    None => format!("{text} is the move of the game"),
                    Some((b, v)) => format!(
                        "{} (the engine's search, depth {})",
                        gap_words(&best, b, &text, v, side),
                        d.depth
                    ),
                },
                alert: false,
            })
        });
    }
}

impl Exercise for DrillSession {
    fn title(&self) -> String {
        "DRILLS  your mistakes".into()
    }

    fn words(&self) -> Words {
        Words::DRILL
    }

    fn learner(&self) -> Color {
        self.side
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
        if self.pending.is_some() {
            return; // a move is being judged
        }
        let pos = *self.game.position();
        if let Some(illegal) = Note::illegal(&pos, mv) {
            self.note = Some(illegal);
            return;
        }
        let Some(id) = self.queue.get(self.at).copied() else {
            return;
        };
        let Some(d) = self.drill(id).cloned() else {
            return;
        };
        let text = san(&pos, mv);
        let best = san(&pos, d.best);
        match self.stage.clone() {
            Stage::Ask(_) => {
                if mv == d.best {
                    let failed = self.grade(id, mv, Grade::Good);
                    self.done(mv, format!("Right: {text}, the engine's move"), failed);
                    return;
                }
                // The move of the game is wrong without a search; any other move is
                // searched as deep as the analysis searched, and so is the engine's move:
                // at least as good is right.
                if mv == d.played {
                    return self.verdict(mv, None);
                }
                if let Some(judge) = &mut self.judge {
                    let judged = judge.judge(&pos, mv, d.depth);
                    self.verdict(mv, Some(judged));
                } else if self
                    .away
                    .as_ref()
                    .is_some_and(|a| a.ask.send((pos, mv, d.depth)).is_ok())
                {
                    self.pending = Some(mv);
                    self.note = None;
                } else {
                    self.verdict(mv, Some(Err(JudgeError::Gone)));
                }
            }
            Stage::Missed { .. } => {
                if mv == d.best {
                    self.done(mv, format!("Played {text}"), None);
                } else {
                    self.note = Some(Note {
                        text: format!("{text} is not the engine's move: play {best}"),
                        alert: true,
                    });
                }
            }
            Stage::Learn(_) | Stage::LineDone { .. } | Stage::Finished { .. } => {}
        }
    }

    fn next(&mut self) {
        if matches!(self.stage, Stage::LineDone { .. }) {
            self.note = None;
            self.at += 1;
            self.ask();
        }
    }

    fn saved_in(&self) -> String {
        self.deck.file()
    }

    fn judging(&self) -> bool {
        self.pending.is_some()
    }

    fn poll(&mut self) -> bool {
        let (Some(mv), Some(away)) = (self.pending, &self.away) else {
            return false;
        };
        let judged = match away.answers.try_recv() {
            Ok(judged) => judged,
            Err(mpsc::TryRecvError::Empty) => return false,
            Err(mpsc::TryRecvError::Disconnected) => Err(JudgeError::Gone),
        };
        self.pending = None;
        self.verdict(mv, Some(judged));
        true
    }

    fn wake_with(&mut self, wake: Wake) {
        if let Some(judge) = self.judge.take() {
            self.away = Some(Away::start(judge, wake));
        }
    }

    fn show(&mut self) -> bool {
        let Stage::Ask(q) = self.stage.clone() else {
            return false;
        };
        if self.pending.is_some() {
            return false;
        }
        let Some(id) = self.queue.get(self.at).copied() else {
            return false;
        };
        let failed = self.grade(
            id,
            self.drill(id).map_or(q.answers[0].mv, |d| d.best),
            Grade::Again,
        );
        self.answer = None;
        self.stage = Stage::Missed {
            question: q,
            played: String::new(),
        };
        self.note = failed;
        true
    }

    fn skip(&mut self) {
        if self.pending.is_some() || matches!(self.stage, Stage::Finished { .. }) {
            return;
        }
        self.at += 1;
        self.ask();
        self.note = Some(Note {
            text: "Skipped".into(),
            alert: false,
        });
    }

    fn progress(&self) -> Option<String> {
        let total = self.queue.len();
        (total > 0).then(|| format!("exercise {} of {total}", (self.at + 1).min(total)))
    }

    fn why(&self) -> Option<Vec<String>> {
        let (answer, right) = self.answer?;
        let d = self.drill(*self.queue.get(self.at)?)?;
        Some(explain(&self.eval, d, answer, right, self.judged))
    }
}

/// Why the engine's move is better than the game's move (and than the learner's `answer`
/// when it was wrong), in lines of text: each move's line explained by the evaluation
/// ([`crate::why`]) from the exercise's position, for the side to move, its reasons adding
/// up to the change shown. The engine's move is followed along its line as the analysis
/// found it; another move only by the captures that follow it (no search), so the
/// evaluation may not yet show what it misses: then it says so. `judged`: the search's
/// evaluations of the engine's move and of the answer, when it was searched: the answer is
/// then weighed against the engine's move by that one figure, as the panel weighed it.
pub fn explain(
    eval: &Evaluator,
    d: &Drill,
    answer: Move,
    right: bool,
    judged: Option<(Eval, Eval)>,
) -> Vec<String> {
    let pos = d.pos;
    let side = pos.turn();
    let name = |mv: Move| san(&pos, mv);
    let (best, played) = (name(d.best), name(d.played));
    let yours = !right && answer != d.played && answer != d.best;
    let mut out = vec![if yours {
        format!(
            "Why {best}, not the game's {played} nor your {}?",
            name(answer)
        )
    } else {
        format!("Why {best}, not the game's {played}?")
    }];
    let best_why = crate::why::explain(eval, &pos, &d.line);
    out.push(format!(
        "{best} (the engine's line, depth {}): {}",
        d.depth,
        played_out(&best_why)
    ));
    out.push(format!("  {}", along(&best_why)));
    let mut others = vec![(d.played, "the game's move")];
    if yours {
        others.push((answer, "your answer"));
    }
    for (mv, whose) in others {
        let why = crate::why::explain(eval, &pos, &[mv]);
        out.push(format!("{} ({whose}): {}", name(mv), played_out(&why)));
        out.push(format!("  {}", along(&why)));
        match judged {
            Some((b, v)) if mv == answer && mv != d.played => out.push(format!(
                "  The search: {} (depth {})",
                gap_words(&best, b, &name(mv), v, side),
                d.depth
            )),
            _ => out.push(compared(&best, &best_why, &name(mv), &why, side, d.depth)),
        }
    }
    out.push(format!(
        "The analysis: {played} {}, {}",
        d.judgement.symbol(),
        d.cost
    ));
    out
}

/// How the engine's line `best` ends against another move's line, for `side`: a mate in
/// words (it is not a number of pawns), otherwise the difference in pawns.
fn compared(best: &str, b: &Why, other: &str, o: &Why, side: Color, depth: u32) -> String {
    let gap = b.end_value() - o.end_value();
    let mated = |w: &Why, wins| w.end == End::Checkmate { mover_wins: wins };
    if mated(o, false) && !mated(b, false) {
        format!("  {best} avoids the mate that {other} runs into")
    } else if mated(b, true) && !mated(o, true) {
        format!("  {best} mates; {other} does not")
    } else if gap > 0 {
        format!(
            "  {best} ends {} better for {side}",
            crate::why::pawns(gap).trim_start_matches('+')
        )
    } else {
        format!(
            "  Its captures alone do not show it: what it misses lies deeper (the \
                 engine saw it searching to depth {})",
            depth
        )
    }
}

/// What a line changes for its mover, by the evaluation alone (no search): its reasons
/// and their sum, `For Black along it: gives up mobility (-0.30), …: -0.22 in all`, or the
/// mate or stalemate it ends in. No score of the position is given here: the evaluation's
/// own figure for it is not the search's, and the window's one score is the search's
/// (White's view, as the panel gives it), so the two never disagree.
fn along(why: &Why) -> String {
    let side = why.mover;
    match (why.end, why.change()) {
        (End::Eval(_), Some(change)) => {
            let reasons = if why.reasons.is_empty() {
                "nothing changes".to_string()
            } else {
                why.reasons
                    .iter()
                    .map(|r| r.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            format!(
                "For {side} along it: {reasons}: {} in all (the evaluation alone)",
                crate::why::pawns(change)
            )
        }
        _ => why.verdict(),
    }
}

/// A line as explained, with the captures played out after it: `Qxe5+ Nxe5`.
fn played_out(why: &crate::why::Why) -> String {
    let mut text = why.line.join(" ");
    if !why.settled.is_empty() {
        text.push_str(&format!(", then {}", why.settled.join(" ")));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Judgement;
    use crate::core::parse_san;
    use crate::util::scratch::Scratch;

    /// A back-rank position with two mates in one (Ra8#, Rb8#); the game played Kf2.
    fn two_mates(dir: &Scratch) -> (Deck, Drill) {
        let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/RR4K1 w - - 0 30").unwrap();
        let mv = |s: &str| parse_san(&pos, s).unwrap();
        let drill = Drill {
            pos,
            played: mv("Kf2"),
            judgement: Judgement::Blunder,
            cost: "misses a mate, expected score 100% → 99%".into(),
            best: mv("Ra8"),
            line: vec![mv("Ra8")],
            depth: 3,
            game: "Me - You, 2026.11.25, move 30".into(),
            engine: None,
            why: None,
            moves: Vec::new(),
            record: None,
        };
        let path = dir.path().join(super::super::deck::FILE_NAME);
        let mut deck = Deck::load(&path).unwrap();
        deck.add(vec![drill.clone()]).unwrap();
        (deck, drill)
    }

    /// A judge that gives the evaluations it is told (White's side): the engine's move's,
    /// then the answer's.
    struct Told(Eval, Eval);

    impl Judge for Told {
        fn judge(&mut self, _: &Position, _: Move, _: u32) -> Judged {
            Ok((self.0, self.1))
        }
        fn evaluator(&self) -> Evaluator {
            Evaluator::from_config(&Config::default())
        }
    }

    /// After 1.e4 e5 2.Bc4 Nc6 3.Qh5 the game's Nf6 allows mate; g6 is the engine's move,
    /// +0.68 for Black. The deck holds the game's moves, so the exercise shows them.
    fn qh5(dir: &Scratch, b: Eval, v: Eval) -> DrillSession {
        let mut g = Game::new();
        for m in ["e4", "e5", "Bc4", "Nc6", "Qh5"] {
            let mv = parse_san(g.position(), m).unwrap();
            g.play(mv).unwrap();
        }
        let pos = *g.position();
        let mv = |s: &str| parse_san(&pos, s).unwrap();
        let d = Drill {
            pos,
            played: mv("Nf6"),
            judgement: Judgement::Blunder,
            cost: "allows mate".into(),
            best: mv("g6"),
            line: vec![mv("g6")],
            depth: 8,
            game: "Friend - Me, 2026.11.20, move 3".into(),
            engine: None,
            why: None,
            moves: g.moves().to_vec(),
            record: None,
        };
        let path = dir.path().join(super::super::deck::FILE_NAME);
        let mut deck = Deck::load(&path).unwrap();
        deck.add(vec![d]).unwrap();
        let deck = Deck::load(&path).unwrap();
        DrillSession::new(deck, Box::new(Told(b, v)), true, 20_000)
    }

    #[test]
    fn an_answer_within_an_inaccuracy_is_nearly_as_good_and_one_figure_is_said() {
        let dir = Scratch::new("drill-nearly");
        // Black's view: g6 +0.68, the answer +0.40: 0.05 of winning chances lost.
        let mut s = qh5(&dir, Eval::Cp(-68), Eval::Cp(-40));
        assert_eq!(s.learner(), Color::Black);
        assert_eq!(
            s.game().movetext(),
            "1. e4 e5 2. Bc4 Nc6 3. Qh5",
            "the game's moves up to the exercise, read back from the deck"
        );
        let a6 = parse_san(s.game().position(), "a6").unwrap();
        s.play(a6);
        let note = s.note().unwrap().text.clone();
        assert_eq!(
            note,
            "Right: a6 is nearly as good as the engine's g6 (g6 is 0.28 better for Black \
             than a6; White's view: g6 -0.68, a6 -0.40, depth 8)"
        );
        // The answer at -0.42 loses 0.20 of winning chances: an inaccuracy, wrong; the
        // panel and the why window give the same one figure, for Black.
        let dir = Scratch::new("drill-worse");
        let mut s = qh5(&dir, Eval::Cp(-68), Eval::Cp(42));
        let qe7 = parse_san(s.game().position(), "Qe7").unwrap();
        s.play(qe7);
        assert!(matches!(s.stage(), Stage::Missed { .. }));
        let said = "g6 is 1.10 better for Black than Qe7; White's view: g6 -0.68, Qe7 +0.42";
        assert_eq!(
            s.note().unwrap().text,
            format!("{said} (the engine's search, depth 8)")
        );
        let why = s.why().unwrap().join("\n");
        assert!(why.contains(&format!("The search: {said}")), "{why}");
        assert!(!why.contains("Qe7 ends"), "{why}");
        // One score, one side: the window gives no other figure for the position (the
        // evaluation's own "now"), only the search's, from White's side, labelled.
        assert!(!why.contains(" now, "), "{why}");
        assert!(why.contains("For Black along it: "), "{why}");
        // Equal scores: as good as.
        assert_eq!(
            Compared::of(Eval::Cp(30), Eval::Cp(30), Color::White),
            Compared::AsGood
        );
        assert!((winning_chances(Eval::Cp(0), Color::White)).abs() < 1e-12);
        // Ten pawns up is not a mate: letting a mate go is wrong.
        let mate = Eval::Mate {
            winner: Color::White,
            moves: 1,
        };
        assert_eq!(
            Compared::of(mate, Eval::Cp(1000), Color::White),
            Compared::Worse
        );
    }

    /// A mate is said in words, never as a thousand pawns: after 1.e4 e5 2.Bc4 Nc6 3.Qh5
    /// the game's Nf6 and the answer a6 both allow Qxf7#, which g6 stops.
    #[test]
    fn why_says_a_mate_in_words() {
        let pos =
            Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3")
                .unwrap();
        let mv = |s: &str| parse_san(&pos, s).unwrap();
        let d = Drill {
            pos,
            played: mv("Nf6"),
            judgement: Judgement::Blunder,
            cost: "allows mate".into(),
            best: mv("g6"),
            line: vec![mv("g6")],
            depth: 8,
            game: "Friend - Me, move 3".into(),
            engine: None,
            why: None,
            moves: Vec::new(),
            record: None,
        };
        let eval = Evaluator::from_config(&Config::default());
        let lines = explain(&eval, &d, mv("a6"), false, None);
        let text = lines.join("\n");
        assert_eq!(text.matches("g6 avoids the mate that").count(), 2, "{text}");
        assert!(text.contains("that Nf6 runs into"), "{text}");
        assert!(text.contains("that a6 runs into"), "{text}");
        assert!(!text.contains("ends 1000"), "{text}");
    }

    #[test]
    fn a_second_move_as_good_is_right_a_worse_one_wrong() {
        let dir = Scratch::new("drill-two-mates");
        let (deck, d) = two_mates(&dir);
        let judge = Box::new(EngineJudge::new(&Config::default()));
        let mut s = DrillSession::new(deck, judge, false, 20_000);
        assert!(matches!(s.stage(), Stage::Ask(_)));
        // Not the engine's move, but as good: mate too.
        s.play(parse_san(&d.pos, "Rb8").unwrap());
        assert!(
            matches!(s.stage(), Stage::Finished { .. }),
            "{:?}",
            s.stage()
        );
        let note = s.note().unwrap().text.clone();
        assert!(
            note.starts_with(
                "Right: Rb8# is as good as the engine's Ra8# (checkmate by White after each, White's view, depth 3)"
            ),
            "{note}"
        );
        assert_eq!(s.deck().drills()[0].record.as_ref().unwrap().lapses, 0);

        // With --all, asked again: a quiet rook move is worse than mate: wrong.
        let deck = Deck::load(&dir.path().join(super::super::deck::FILE_NAME)).unwrap();
        let judge = Box::new(EngineJudge::new(&Config::default()));
        let mut s = DrillSession::new(deck, judge, true, 20_000);
        s.play(parse_san(&d.pos, "Ra2").unwrap());
        assert!(matches!(s.stage(), Stage::Missed { .. }), "{:?}", s.stage());
        assert!(
            s.note()
                .unwrap()
                .text
                .contains("Ra8#: checkmate by White; Ra2: "),
            "{:?}",
            s.note()
        );
        // The game's move is wrong without a search; the engine's move goes on.
        s.play(parse_san(&d.pos, "Rb8").unwrap());
        assert!(s.note().unwrap().alert, "only the engine's move goes on");
        s.play(d.best);
        assert!(matches!(s.stage(), Stage::LineDone { .. }));
        let r = s.deck().drills()[0].record.clone().unwrap();
        assert_eq!((r.reps, r.lapses, r.memory.due), (2, 1, 20_000));
        // Missed: asked again at the end of the session.
        s.next();
        assert!(matches!(s.stage(), Stage::Ask(_)), "{:?}", s.stage());
        s.play(d.played);
        assert!(
            s.note().unwrap().text.contains("is the move of the game"),
            "{:?}",
            s.note()
        );
    }

    #[test]
    fn why_drills_cannot_start_is_typed_and_keeps_its_cause() {
        use std::error::Error;
        let dir = Scratch::new("drill-open");
        let path = dir.path().join("drills.txt");
        let Err(e) = DrillSession::open(&path, &Config::default(), false, 20_000) else {
            panic!("an empty deck opened");
        };
        assert!(matches!(e, OpenError::Empty { ref path } if path.ends_with("drills.txt")));
        assert_eq!(
            e.to_string(),
            format!(
                "no exercises yet in {}: make some with huo-chess analyse FILE.pgn --player NAME",
                path.display()
            )
        );
        assert!(e.source().is_none());
        // A folder where the deck should be: the system's error is at the end of the chain.
        let Err(e) = DrillSession::open(dir.path(), &Config::default(), false, 20_000) else {
            panic!("a folder opened as a deck");
        };
        let store = e.source().unwrap().downcast_ref::<StoreError>().unwrap();
        assert_eq!(e.to_string(), store.to_string());
        let io = store
            .source()
            .unwrap()
            .downcast_ref::<std::io::Error>()
            .unwrap();
        assert_eq!(io.kind(), std::io::ErrorKind::IsADirectory);
    }

    #[test]
    fn a_move_the_engine_cannot_judge_says_why_and_keeps_the_move_error() {
        use std::error::Error;
        let pos = Position::startpos();
        let illegal = Move::new(crate::core::Square::E2, crate::core::Square::E5, None);
        let e = EngineJudge::new(&Config::default())
            .judge(&pos, illegal, 1)
            .unwrap_err();
        let moved = e.source().unwrap().downcast_ref::<MoveError>().unwrap();
        assert_eq!(e.to_string(), moved.to_string());
        assert!(matches!(e, JudgeError::Move(MoveError::Illegal { .. })));
        assert_eq!(JudgeError::Gone.to_string(), "the judge has stopped");
        assert_eq!(JudgeError::NoMove.to_string(), "the engine judged no move");
        assert!(JudgeError::Gone.source().is_none());
    }
}
