//! Plain mode (`huo-chess --plain`): the game as lines of text, for screen readers,
//! braille displays and scripts. One fact a line, no escape sequences, no colours, no
//! cursor: it reads standard input and writes standard output, from a pipe as well as a
//! terminal.
//!
//! It is the second view of the game's [`Table`] (the screen is the first): lines typed
//! become the table's calls as the screen's keys do, and what the game says (its log, its
//! notes, its questions, [`Said`]) is printed instead of drawn. So every move, `:` command
//! and rule is the same in both; this view adds what a listener needs instead of a picture: each move in
//! words ("Black: knight g8 to f6. Nf6."), lichess's blind-mode queries (`p N`, `s e`,
//! `board`, ...: [`queries`]), and a prompt line, `>`, each time input is expected, so a
//! script can wait for it. The engine's thinking is printed only when asked
//! (`:thinking on`). End of input, `:quit` or a signal saves the game for `--resume`.
//!
//! - [`lines`]: standard input as lines, the signals, the prompt.
//! - [`words`]: the board in words.
//! - [`queries`]: the blind-mode queries and the help.
//! - [`puzzle`]: `huo-chess puzzle --plain`.
//! - [`trainer`]: `:train`, `:drill`, `huo-book train --plain`, `huo-chess drill --plain`.

pub mod lines;
pub mod puzzle;
pub mod queries;
pub mod trainer;
pub mod words;

use lines::{Input, PROMPT, read_into, watch_signals};

use crate::config::Config;
use crate::core::Color;
use crate::play::flags::{GameArgs, TaggedGame};
use crate::play::table::{Cue, Mode, Said, Table};
use crate::review::Review;
use crate::train::coach::Coach;
use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

/// How often the clocks are looked at while waiting for a line.
const TICK: Duration = Duration::from_millis(50);
/// After this long thinking about its move, the engine says it is thinking.
const SAY_THINKING: Duration = Duration::from_secs(2);
/// The longest line read as a move or a command (a longer one is not echoed back).
const LINE_MAX: usize = 200;

/// Plays the game the flags ask for on standard input and output, until the input ends,
/// `:quit` is answered yes, or a signal comes. The game in progress is saved for
/// `--resume` on the way out (the error says where it could not be).
pub fn run_game(args: GameArgs, config: &Config) -> io::Result<()> {
    let flags = args.check().map_err(io::Error::other)?;
    // The same way in as the screen's: an autosave slot of its own, games left adopted.
    let start = crate::play::exit::Start::claim();
    // The game read as text from its start: no pause, no key named, all said kept.
    let mut app =
        Table::with_flags_as_text(config, flags, start.autosave()).map_err(io::Error::other)?;
    app.adopt_games(&start.abandoned());
    let signalled = watch_signals();
    // One stream: the lines typed, and the engine's replies as they come.
    let (stream, input) = mpsc::channel();
    read_into(io::BufReader::new(io::stdin()), stream.clone());
    let wake = stream.clone();
    if let Some(engine) = app.session().engine() {
        engine.deliver_to(Box::new(move |reply| {
            let _ = stream.send(Input::Engine(Box::new(reply)));
        }));
    }
    let mut view = Plain::new(app, io::stdout().lock());
    view.wake_to(wake);
    let run = view.run(&input, &signalled);
    // And the same way out: kept for --resume, else written to the temporary folder.
    let kept = view.app.save_for_exit();
    crate::play::exit::shutdown(kept, || view.app.pgn_text())?;
    run
}

/// What is open over the game: it has the lines typed until it closes.
enum Open {
    /// The trainer (`:train`, `:drill`).
    Trainer(Box<Coach>),
    /// The analysis of a game, or of a file's games one after the other.
    Analysis(Box<Review>),
    /// Puzzles (`:puzzle`), and what of them has been said.
    Puzzles(
        Box<crate::puzzle::trainer::PuzzleTrainer>,
        puzzle::PuzzleText,
    ),
}

/// The game read and written as lines.
pub struct Plain<W: Write> {
    /// The game.
    pub app: Table,
    /// The trainer or an analysis, while one is open over the game.
    open: Option<Open>,
    out: W,
    /// Are the engine's thinking lines printed?
    thinking: bool,
    /// The question last printed (asked once, not at every line).
    asked: Option<Vec<String>>,
    /// Has anything happened since the last prompt?
    fresh: bool,
    /// What of the trainer has been said, while it is open over the game.
    trainer_text: trainer::TrainerText,
    /// The engine's long thinking has been announced (for the search running now).
    said_thinking: bool,
    /// Lines typed while the game was busy, kept for when it waits for the player.
    typed: VecDeque<String>,
    /// The input has ended (the lines kept are still read).
    ended: bool,
    /// The stream, for the trainer's judge and the analysis to wake (`None`: they are
    /// looked at each tick).
    wake: Option<Sender<Input>>,
}

impl<W: Write> Plain<W> {
    /// Plain mode over `app`, writing to `out`.
    pub fn new(mut app: Table, out: W) -> Plain<W> {
        app.as_text();
        let mut plain = Plain {
            app,
            open: None,
            out,
            thinking: false,
            asked: None,
            fresh: true,
            trainer_text: trainer::TrainerText::default(),
            said_thinking: false,
            typed: VecDeque::new(),
            ended: false,
            wake: None,
        };
        plain.take_cues();
        plain
    }

    /// The trainer's judge and the analysis wake the view on `stream`.
    pub fn wake_to(&mut self, stream: Sender<Input>) {
        self.wake = Some(stream);
    }

    /// A wake-up call onto the stream, for a worker.
    fn waker(&self) -> Option<Box<dyn Fn() + Send>> {
        let stream = self.wake.clone()?;
        Some(Box::new(move || {
            let _ = stream.send(Input::Woken);
        }))
    }

    /// Does what the game asked of its view: the trainer or an analysis opened; the
    /// screen's own cues (the cursor, the clipboard, the log pane) have nothing to do here.
    fn take_cues(&mut self) {
        for cue in std::mem::take(&mut self.app.cues) {
            match cue {
                Cue::Analyse { games, user } => self.open_analysis(games, 0, user),
                Cue::Train(exercise) => {
                    let mut coach = Coach::new(exercise);
                    if let Some(wake) = self.waker() {
                        coach.wake_with(wake);
                    }
                    self.open = Some(Open::Trainer(Box::new(coach)));
                    self.trainer_text = trainer::TrainerText::default();
                }
                Cue::Puzzles(t) => {
                    self.open = Some(Open::Puzzles(t, puzzle::PuzzleText::default()));
                }
                Cue::Tree(_) => self.app.note(
                    "The MiniMax tree is browsed on the game screen (huo-chess without --plain); :why says why here",
                    true,
                ),
                Cue::Cursor(_) | Cue::NewBoard | Cue::ToggleLog | Cue::Copy(_) => {}
            }
        }
    }

    /// The analysis of `games[index]` opened, its engine started, the others kept for
    /// after it.
    fn open_analysis(&mut self, games: Vec<TaggedGame>, index: usize, user: Option<Color>) {
        let wake = self.waker();
        if let Some(review) = Review::of_games(games, index, user, &self.app.config, wake) {
            self.open = Some(Open::Analysis(Box::new(review)));
        }
    }

    /// The analysis open, if one is.
    fn analysis(&self) -> Option<&Review> {
        match &self.open {
            Some(Open::Analysis(v)) => Some(v),
            _ => None,
        }
    }

    /// Takes in what the analysis found; once done, the game's log says what it found.
    fn poll_analysis(&mut self) {
        let Some(Open::Analysis(view)) = &mut self.open else {
            return;
        };
        view.poll();
        if let Some(summary) = view.summary() {
            self.app.log_line(summary);
        }
    }

    /// Reads `input` (lines and engine replies) until the lines end, `:quit` is answered
    /// yes, or `stop` is set.
    pub fn run(&mut self, input: &Receiver<Input>, stop: &AtomicBool) -> io::Result<()> {
        self.say("Huo Chess, plain mode. Type help for the commands.")?;
        loop {
            self.settle(input, stop)?;
            if self.app.quit || stop.load(Ordering::Relaxed) {
                return self.goodbye();
            }
            if self.fresh {
                self.say(PROMPT)?;
                self.fresh = false;
            }
            if let Some(line) = self.typed.pop_front() {
                self.fresh = true;
                self.line(&line)?;
            } else if self.ended {
                self.say("End of input.")?;
                return self.goodbye();
            } else {
                self.take(input, TICK);
            }
        }
    }

    /// Takes the next input within `wait`: an engine reply is handed to the game, a line
    /// kept for its turn.
    fn take(&mut self, input: &Receiver<Input>, wait: Duration) {
        match input.recv_timeout(wait) {
            Ok(Input::Engine(reply)) => {
                self.app.engine_reply(*reply);
                self.take_cues();
            }
            Ok(Input::Line(line)) => self.typed.push_back(line),
            // The trainer's judgement or the analysis's progress: taken in by `settle`.
            Ok(Input::Woken) => {}
            Ok(Input::End) | Err(RecvTimeoutError::Disconnected) => self.ended = true,
            Err(RecvTimeoutError::Timeout) => {}
        }
    }

    /// The last line: where the game is.
    fn goodbye(&mut self) -> io::Result<()> {
        if self.app.in_progress() && self.app.session().saves.autosave().is_some() {
            self.say("The game is saved: huo-chess --plain --resume goes on with it.")
        } else {
            self.say("Goodbye.")
        }
    }

    /// Lets the game go on until it waits for the player (the engine has moved, a hint or
    /// an analysis is ready), saying what happens; `stop` cuts it short.
    fn settle(&mut self, input: &Receiver<Input>, stop: &AtomicBool) -> io::Result<()> {
        loop {
            // Replies that came before the stream was wired (the engine's first move).
            self.app.poll_engine();
            if let Some(Open::Trainer(tr)) = &mut self.open {
                tr.poll();
            }
            self.poll_analysis();
            self.app.tick(Instant::now());
            self.take_cues();
            self.speak()?;
            self.long_thinking()?;
            if !self.busy() || stop.load(Ordering::Relaxed) {
                return Ok(());
            }
            // The engine's reply, a worker's wake-up, a line (kept), or the next tick.
            self.take(input, TICK);
        }
    }

    /// A search for the engine's move that takes a while is announced once: the listener
    /// knows the silence is thinking.
    fn long_thinking(&mut self) -> io::Result<()> {
        let long = self
            .app
            .thinking
            .as_ref()
            .filter(|t| t.job == crate::session::engine::Job::Move)
            .map(|t| t.started.elapsed() >= SAY_THINKING);
        match long {
            None => self.said_thinking = false,
            Some(true) if !self.said_thinking => {
                self.said_thinking = true;
                self.say("Thinking…")?;
            }
            Some(_) => {}
        }
        Ok(())
    }

    /// Is the game working on something the player waits for?
    fn busy(&self) -> bool {
        let judging = matches!(&self.open, Some(Open::Trainer(t)) if t.exercise.judging());
        judging || self.app.working() || self.analysis().is_some_and(|v| v.is_running())
    }

    /// Prints what the game said since last time, announces the moves played, and the
    /// question now asked.
    fn speak(&mut self) -> io::Result<()> {
        let said = self.app.transcript.replace(Vec::new()).unwrap_or_default();
        let moves = self.app.session().game.moves().to_vec();
        // Each move line the game said is one of its latest moves, in order (a game loaded
        // or resumed says none: it is not read out move by move, `moves` reads it).
        let said_moves = said.iter().filter(|s| matches!(s, Said::Move(_))).count();
        let mut next = moves.len().saturating_sub(said_moves);
        let mut printed: Vec<String> = Vec::new();
        for s in said {
            match s {
                Said::Move(_) => {
                    if let Some(&mv) = moves.get(next) {
                        let pos = self.app.session().game.positions()[next];
                        self.say(&words::move_words(&pos, mv))?;
                    }
                    next += 1;
                }
                Said::Thinking(line) if self.thinking => self.say(&line)?,
                Said::Thinking(_) => {}
                Said::Line(line) => {
                    if !printed.contains(&line) {
                        self.say(&line)?;
                        printed.push(line);
                    }
                }
                Said::Note(text) => {
                    // A note that repeats a line of the log ("Hint: Nf3 +0.30" after "Hint:
                    // Nf3 (+0.30, ...)") is said once: the log's line has it all.
                    let joined = text.lines().collect::<Vec<_>>().join(": ");
                    let lower = joined.to_lowercase();
                    if printed.iter().any(|p| {
                        opening_words(p) == opening_words(&joined)
                            || p.to_lowercase().contains(&lower)
                    }) {
                        continue;
                    }
                    for l in text.lines().filter(|l| !l.trim().is_empty()) {
                        self.say(l)?;
                    }
                    printed.push(joined);
                }
            }
        }
        self.windows()?;
        let question = self.app.question().map(|(_, q)| q);
        if question != self.asked {
            if let Some(q) = &question {
                for l in q {
                    self.say(l)?;
                }
            }
            self.asked = question;
        }
        Ok(())
    }

    /// The screen's windows, as lines: help and "why", then back to the game; a finished
    /// analysis, its marked moves.
    fn windows(&mut self) -> io::Result<()> {
        match self.app.mode {
            Mode::Help => {
                for l in queries::help() {
                    self.say(&l)?;
                }
                self.app.close_window();
            }
            Mode::Why => {
                for l in self.app.why_lines() {
                    self.say(&l)?;
                }
                self.app.close_window();
            }
            _ => {}
        }
        if let Some(view) = self.analysis()
            && view.analysis.is_some()
        {
            let report = queries::analysis_lines(view);
            for l in report {
                self.say(&l)?;
            }
            // A file's games one after the other, then back to the game.
            self.next_analysis();
            // Its summary line went to the log on the way out.
            let said = self.app.transcript.replace(Vec::new()).unwrap_or_default();
            for s in said {
                if let Said::Line(l) | Said::Note(l) = s {
                    self.say(&l)?;
                }
            }
        }
        if matches!(self.open, Some(Open::Trainer(_))) {
            self.train_speak()?;
        }
        if let Some(Open::Puzzles(t, text)) = &mut self.open {
            for l in text.lines(t) {
                writeln!(self.out, "{l}")?;
            }
        }
        Ok(())
    }

    /// One line typed.
    fn line(&mut self, line: &str) -> io::Result<()> {
        let text = line.trim();
        let length = text.chars().count();
        if length > LINE_MAX {
            return self.say(&format!(
                "That line has {length} characters: a move or a command is short. Nothing done."
            ));
        }
        if matches!(self.open, Some(Open::Trainer(_))) {
            return self.train_line(text);
        }
        if let Some(Open::Puzzles(t, _)) = &mut self.open {
            if let Some(answer) = puzzle::line(t, text) {
                for l in answer {
                    self.say(&l)?;
                }
                return Ok(());
            }
            // Left: the session's tally, then the game again (which says so).
            for l in puzzle::farewell(t) {
                self.say(&l)?;
            }
            self.open = None;
            self.app.back_from_trainer();
            return Ok(());
        }
        // A question open takes the line as its answer (a move typed at "Resume it?"
        // resumes the game, and is played there).
        if self.app.answer_line(text) {
            return Ok(());
        }
        match queries::answer(&mut self.app, text) {
            Some(queries::Answer::Lines(answer)) => {
                for l in answer {
                    self.say(&l)?;
                }
                self.quit_when_nothing_to_lose();
                return Ok(());
            }
            Some(queries::Answer::Thinking(on)) => {
                self.thinking = on;
                return self.say(if on { "Thinking on." } else { "Thinking off." });
            }
            None => {}
        }
        match text.strip_prefix(':') {
            Some(cmd) => self.app.handle_command(cmd),
            None if text.is_empty() => self.fresh = true,
            None => match queries::did_you_mean(text) {
                Some(asked) => return self.say(&asked),
                None => self.app.submit_move(text),
            },
        }
        self.take_cues();
        self.quit_when_nothing_to_lose();
        Ok(())
    }

    /// Quitting a finished game (or none) asks nothing: there is nothing to lose.
    fn quit_when_nothing_to_lose(&mut self) {
        if self.app.mode == Mode::ConfirmQuit && !self.app.in_progress() {
            self.app.answer_line("y");
        }
    }

    /// Prints one line.
    fn say(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.out, "{line}")?;
        self.out.flush()
    }

    /// The output so far (tests read it).
    pub fn output(&self) -> &W {
        &self.out
    }
}

/// The analysis of a file's games, one after the other.
impl<W: Write> Plain<W> {
    /// The file's next game analysed (`true`), or back to the game after the last.
    fn next_analysis(&mut self) -> bool {
        let Some(Open::Analysis(view)) = &mut self.open else {
            return false;
        };
        let next = view.index + 1;
        if next < view.games.len() {
            let games = std::mem::take(&mut view.games);
            self.open_analysis(games, next, None);
            true
        } else {
            self.open = None;
            self.app.back_from_analysis();
            false
        }
    }
}

/// The first two words of a line, without punctuation: what it is about ("Hint Nf3").
fn opening_words(line: &str) -> Vec<String> {
    line.split_whitespace()
        .take(2)
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_string())
        .collect()
}

/// The trainer over the game (`:train`, `:drill`).
impl<W: Write> Plain<W> {
    /// The trainer over the game: what it says since last time.
    pub(super) fn train_speak(&mut self) -> io::Result<()> {
        let Some(Open::Trainer(tr)) = &self.open else {
            return Ok(());
        };
        let lines = self.trainer_text.lines(tr);
        for l in lines {
            self.say(&l)?;
        }
        Ok(())
    }

    /// A line typed while the trainer is open over the game.
    pub(super) fn train_line(&mut self, text: &str) -> io::Result<()> {
        let Some(Open::Trainer(tr)) = &mut self.open else {
            return Ok(());
        };
        let answer = trainer::line(tr, text);
        let quit = tr.quit;
        for l in answer {
            self.say(&l)?;
        }
        if quit {
            // The game takes the keyboard back (and says so).
            self.open = None;
            self.app.back_from_trainer();
            self.trainer_text = trainer::TrainerText::default();
        }
        Ok(())
    }
}
