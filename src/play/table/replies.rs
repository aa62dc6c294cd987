//! The game's events taken in: what the controller says happened ([`Event`]: a move, the
//! engine's thinking, check, the end, a hint, a takeback...) goes to the log in the words
//! both views share ([`words`]) and to the note (the last move, the thinking, a warning); a
//! question opens its dialog. The engine's replies reach the controller, which turns them
//! into events: the views only show them.

use super::{Cue, EXPLAIN, Mode, Pending, Said, Table, Thinking, WATCHING};
use crate::core::huo;
use crate::play::{By, Event, Question, words};
use crate::search::{Event as SearchEvent, SearchResult};
use crate::session::engine::Job;
use std::time::{Duration, Instant};

impl Table {
    /// Takes in the engine's replies without waiting (the run loop calls this every
    /// tick). Returns whether anything arrived (the screen needs a redraw).
    pub fn poll_engine(&mut self) -> bool {
        let any = self.game.pump(Duration::ZERO);
        self.take_in();
        any
    }

    /// A reply of the engine's, handed to the view's event stream, taken in.
    pub fn engine_reply(&mut self, reply: crate::engine::Reply) {
        self.game.reply(reply);
        self.take_in();
    }

    /// Waits up to `timeout` for the current request to be answered (tests, and nothing
    /// else).
    pub fn wait_engine(&mut self, timeout: Duration) -> bool {
        self.wait_replies(timeout, false)
    }

    /// Waits up to `timeout` for the request running now to be answered, and handles it;
    /// a request that answer starts (watching: the other side's move) is left running.
    pub fn wait_engine_once(&mut self, timeout: Duration) -> bool {
        self.wait_replies(timeout, true)
    }

    /// Takes in replies until no request runs (or, with `once`, until one final answer),
    /// giving up after `timeout`: false then.
    fn wait_replies(&mut self, timeout: Duration, once: bool) -> bool {
        let end = Instant::now() + timeout;
        while self.game.thinking().is_some() {
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            let last = self.game.next_reply(left);
            self.take_in();
            if once && last == Some(true) {
                return true;
            }
        }
        true
    }

    /// Stops whatever the engine works on for the game (another screen takes its place).
    pub fn cancel_thinking(&mut self) {
        self.game.cancel_thinking();
        self.thinking = None;
    }

    /// One report of the thinking engine, as if it had sent it (tests stand in for a
    /// search so): shown in the log pane and the panel.
    pub fn handle_engine_event(&mut self, event: SearchEvent) {
        self.game.search_event(event);
        self.show_events();
    }

    /// A finished search for the engine's move, as if the engine had answered it: resign,
    /// or play it (perhaps offering a draw) and say why.
    pub fn handle_search_done(&mut self, result: SearchResult) {
        self.thinking = None;
        self.game.search_done(result);
        self.take_in();
    }

    /// Shows what the game said, and keeps the thinking shown in step with the engine.
    pub(super) fn take_in(&mut self) {
        self.show_events();
        match self.game.thinking() {
            None => self.thinking = None,
            Some(job) if self.thinking.as_ref().map(|t| t.job) != Some(job) => {
                self.thinking = Some(Thinking::new(job));
            }
            Some(_) => {}
        }
    }

    fn show_events(&mut self) {
        for event in self.game.take_events() {
            self.show(event);
        }
    }

    /// One event: its line in the log, and what the panel shows of it.
    fn show(&mut self, event: Event) {
        // A few notes come before their line, as they always have.
        match &event {
            Event::Started { watching, .. } if self.message.is_none() => {
                let note = if watching.is_some() {
                    WATCHING
                } else {
                    EXPLAIN
                };
                self.note(note, false);
            }
            Event::ClockSet(None) => self.note("Clocks off", false),
            Event::ClockSet(Some(c)) => self.note(format!("Clocks: {c} each"), false),
            // The player moved: what the panel said before the move is over.
            Event::MovePlayed { by: By::Player, .. } => self.message = None,
            _ => {}
        }
        if let Some(line) = words::log_line(&event) {
            let kind: fn(String) -> Said = match &event {
                Event::MovePlayed { .. } => Said::Move,
                Event::EngineThinking { .. } | Event::EngineLine { .. } => Said::Thinking,
                Event::BookMove { .. } => Said::Thinking,
                _ => Said::Line,
            };
            self.log_as(kind, line);
        }
        match event {
            Event::Started { .. } => self.after_any_move(),
            Event::MovePlayed { by, mv, .. } => {
                match by {
                    By::Player => {}
                    By::Engine => self.my_move = Some(format!("My move: {}", huo(mv))),
                    By::Watched(side) => self.my_move = Some(format!("{side}: {}", huo(mv))),
                }
                self.after_any_move();
            }
            Event::EngineThinking {
                depth,
                score_for_white,
                nodes,
                pv_san,
                ..
            } => {
                let turn = self.session().game.position().turn();
                if let Some(t) = &mut self.thinking {
                    t.depth = depth;
                    t.score = Some(score_for_white.for_white(turn));
                    t.nodes = nodes;
                    t.best = pv_san.first().cloned();
                }
            }
            Event::EngineProgress {
                index,
                count,
                nodes,
                best,
            } => {
                if let Some(t) = &mut self.thinking {
                    t.root = Some((index, count));
                    t.nodes = nodes;
                    if let Some((san, score)) = best {
                        t.best = Some(san);
                        t.score = Some(score);
                    }
                }
            }
            Event::GameOver { .. } => {
                // Whatever the panel said for the game going on (how to move, a hint, an
                // offer) is over with it: the ending takes its place.
                self.message = None;
                self.thinking = None;
                self.offer_review();
            }
            Event::DrawOffered => self.note("I offer a draw: :draw accepts", false),
            Event::DrawDeclined => self.note("I decline the draw", false),
            Event::Hint {
                mv,
                san,
                score_for_white,
                level,
                depth,
                stopped,
                ..
            } => {
                let stopped = stopped
                    .map(|(done, all)| format!(", stopped after {done} of {all} moves"))
                    .unwrap_or_default();
                let how = format!("{}, depth {depth}{stopped}", level.name());
                self.note(
                    format!("Hint: {san} {score_for_white} for White\n(as I play at {how})"),
                    false,
                );
                self.cues.push(Cue::Cursor(mv.from()));
            }
            Event::Evaluation(e) => {
                let pos = *self.session().game.position();
                let text = crate::review::evaluation_text(&e, &pos);
                self.log_line(text.clone());
                self.note(text, false);
            }
            Event::Why(_) => self.open_why(),
            Event::TakenBack {
                moves,
                clocks,
                reopened,
            } => {
                self.my_move = None;
                self.message = None;
                self.cues.push(Cue::NewBoard);
                if reopened || clocks.is_some() {
                    self.note(words::takeback(&moves, clocks, reopened), false);
                }
            }
            Event::LevelSet(l) => self.note(format!("Level: {}", l.name_and_elo()), false),
            Event::Saved { path } => self.note(format!("Saved to {}", path.display()), false),
            Event::Loaded { path, .. } => {
                self.clear_game_state();
                self.note(format!("Loaded {}", path.display()), false)
            }
            Event::Restored { older: 0 } => self.note("Game restored", false),
            Event::Restored { older } => {
                let s = if older == 1 { "" } else { "s" };
                self.note(format!("Game restored ({older} older game{s} kept)"), false);
            }
            Event::Resumed {
                moves,
                last,
                to_move,
                human,
            } => {
                if !self.keys {
                    // A listener is told which game it is, and whose move.
                    self.log_line(words::resumed(moves, last.as_deref(), to_move, human));
                }
                self.note(EXPLAIN, false);
            }
            Event::Watching { .. } => self.note(WATCHING, false),
            Event::TookOver { side } => {
                self.flipped = side == crate::core::Color::Black;
                self.note(format!("You play {side} now"), false);
            }
            Event::SidesSwitched { human } => self.flipped = human == crate::core::Color::Black,
            Event::Question(Question::Replace { path }) => {
                self.back_to = self.mode.clone();
                self.mode = Mode::Confirm(Pending::Replace(path.display().to_string()));
            }
            Event::Note { text, alert } => self.note(text, alert),
            Event::Error { text } => self.note(text, true),
            Event::EngineFailed { .. } => self.note("Engine error (see the log)", true),
            Event::ClockSet(_)
            | Event::ClocksFromSave(_)
            | Event::NotKept { .. }
            | Event::EngineLine { .. }
            | Event::BookMove { .. }
            | Event::Opening { .. }
            | Event::BookLeft { .. }
            | Event::Check => {}
        }
    }

    /// After any move (or a new position): nothing selected.
    fn after_any_move(&mut self) {
        self.cues.push(Cue::NewBoard);
    }

    /// `:eval`: the engine's evaluation of the position on the board, from a short search
    /// at full strength (as `:why board` thinks), said in pawns for White.
    pub fn evaluate(&mut self) {
        self.tell(crate::play::Command::Eval);
    }

    /// The engine suggests a move for the player: what it would play in the player's
    /// place at the game's level, with the player's clock when the clocks run.
    pub fn hint(&mut self) {
        self.tell(crate::play::Command::Hint);
    }
}

impl Thinking {
    /// The thinking shown as `job` starts.
    pub fn new(job: Job) -> Thinking {
        Thinking {
            job,
            started: Instant::now(),
            depth: 0,
            best: None,
            score: None,
            nodes: 0,
            root: None,
        }
    }
}
