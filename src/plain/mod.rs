//! Plain mode (`huo-chess --plain`): the game as lines of text, for screen readers,
//! braille displays and scripts. One fact a line, no escape sequences, no colours, no
//! cursor: it reads standard input and writes standard output, from a pipe as well as a
//! terminal.
//!
//! It is a second view of the game screen's game ([`App`]): lines typed are handed to the
//! game as the screen hands it keys, and what the game says (its log, its notes, its
//! questions) is printed instead of drawn. So every move, `:` command and rule is the
//! screen's own; this view adds what a listener needs instead of a picture: each move in
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

use lines::{PROMPT, read_lines, watch_signals};

use crate::config::Config;
use crate::tui::GameArgs;
use crate::tui::app::{App, Mode, Said};
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
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
        App::with_flags_as_text(config, flags, start.autosave()).map_err(io::Error::other)?;
    app.adopt_games(&start.abandoned());
    let signalled = watch_signals();
    let lines = read_lines(io::BufReader::new(io::stdin()));
    let mut view = Plain::new(app, io::stdout().lock());
    let run = view.run(&lines, &signalled);
    // And the same way out: kept for --resume, else written to the temporary folder.
    let kept = view.app.save_for_exit();
    crate::play::exit::shutdown(kept, || view.app.pgn_text())?;
    run
}

/// The game read and written as lines.
pub struct Plain<W: Write> {
    /// The game, as the screen has it.
    pub app: App,
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
}

impl<W: Write> Plain<W> {
    /// Plain mode over `app`, writing to `out`.
    pub fn new(mut app: App, out: W) -> Plain<W> {
        app.as_text();
        Plain {
            app,
            out,
            thinking: false,
            asked: None,
            fresh: true,
            trainer_text: trainer::TrainerText::default(),
            said_thinking: false,
        }
    }

    /// Reads lines from `lines` until they end, `:quit` is answered yes, or `stop` is set.
    pub fn run(&mut self, lines: &Receiver<String>, stop: &AtomicBool) -> io::Result<()> {
        self.say("Huo Chess, plain mode. Type help for the commands.")?;
        loop {
            self.settle(stop)?;
            if self.app.quit || stop.load(Ordering::Relaxed) {
                return self.goodbye();
            }
            if self.fresh {
                self.say(PROMPT)?;
                self.fresh = false;
            }
            match lines.recv_timeout(TICK) {
                Ok(line) => {
                    self.fresh = true;
                    self.line(&line)?;
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    self.say("End of input.")?;
                    return self.goodbye();
                }
            }
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
    fn settle(&mut self, stop: &AtomicBool) -> io::Result<()> {
        loop {
            self.app.poll_engine();
            self.app.poll_trainer();
            self.app.poll_analysis();
            self.app.tick(Instant::now());
            self.speak()?;
            self.long_thinking()?;
            if !self.busy() || stop.load(Ordering::Relaxed) {
                return Ok(());
            }
            if self.app.session().thinking().is_some() {
                self.app.wait_engine_once(TICK);
            } else if self.app.analysis().is_some_and(|v| v.is_running()) {
                self.app.wait_analysis(TICK);
            } else {
                std::thread::sleep(TICK);
            }
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
        self.app.working() || self.app.analysis().is_some_and(|v| v.is_running())
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
        if let Some(view) = self.app.analysis()
            && view.analysis.is_some()
        {
            let report = queries::analysis_lines(view);
            for l in report {
                self.say(&l)?;
            }
            // A file's games one after the other, then back to the game.
            self.app.next_analysis();
            // Its summary line went to the log on the way out.
            let said = self.app.transcript.replace(Vec::new()).unwrap_or_default();
            for s in said {
                if let Said::Line(l) | Said::Note(l) = s {
                    self.say(&l)?;
                }
            }
        }
        if self.app.trainer().is_some() {
            self.train_speak()?;
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
        if self.app.trainer().is_some() {
            return self.train_line(text);
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
        let Some(tr) = self.app.trainer() else {
            return Ok(());
        };
        let lines = self.trainer_text.lines(&tr.coach);
        for l in lines {
            self.say(&l)?;
        }
        Ok(())
    }

    /// A line typed while the trainer is open over the game.
    pub(super) fn train_line(&mut self, text: &str) -> io::Result<()> {
        let Some(tr) = self.app.trainer_mut() else {
            return Ok(());
        };
        let answer = trainer::line(&mut tr.coach, text);
        let quit = tr.quit;
        for l in answer {
            self.say(&l)?;
        }
        if quit {
            // The game takes the keyboard back (and says so).
            self.app.close_trainer();
            self.trainer_text = trainer::TrainerText::default();
        }
        Ok(())
    }
}
