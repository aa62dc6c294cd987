//! The game flow: whose turn it is, what happens after a move (the opening named, check,
//! the end of the game, the engine's turn), the engine's answer carried out (its book
//! move, its only move, or its search judged by the resign and draw policy; a weak
//! level's pause), the player's hint and "why?", takebacks with the clocks, resigning and
//! draw offers, new games and games loaded (the one on the board set aside first, so no
//! command loses a game), saving, watching. It reads [`Command`]s and the time and says
//! what happened as [`Event`]s; the engine's replies arrive on the same stream
//! ([`Controller::next_event`]), so a view waits on one thing. Where games are kept (new
//! games, loading, saving, the autosave) is [`super::keeping`]'s part of it.

use super::commands::Command;
use super::events::{By, Event, Question};
use super::setup::{Policies, book_policy, engine_settings, game_books};
use crate::config::Config;
use crate::core::{Color, Move, san};
use crate::engine::{Origin, Reply, Think};
use crate::game::Ending;
use crate::openings::Opening;
use crate::search::{Event as SearchEvent, Iteration, Level, Limits, Score, SearchResult};
use crate::session::GameSession;
use crate::session::engine::{EngineLink, Job};
use crate::session::turn::{EngineMove, Reason};
use crate::util::rng::Rng;
use crate::why::thought::{BOARD_MOVETIME, Thought};
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The request the engine works on, and when it started.
#[derive(Clone, Copy, Debug)]
struct Running {
    job: Job,
    started: Instant,
}

/// An engine move found sooner than its pause or pace, played when due.
#[derive(Clone, Debug)]
struct Held {
    result: SearchResult,
    origin: Origin,
    due: Instant,
}

/// The game, its engine and its flow.
pub struct Controller {
    pub(super) session: GameSession,
    pub(super) config: Config,
    pub(super) policies: Policies,
    pub(super) rng: Rng,
    pub(super) queue: VecDeque<Event>,
    running: Option<Running>,
    held: Option<Held>,
    pub(super) opening: Option<&'static Opening>,
    /// The game as last written by [`Command::Save`] (quitting loses nothing then).
    pub(super) saved_text: Option<String>,
    /// The question waiting for [`Command::Answer`].
    pub(super) asked: Option<Question>,
    /// The user's book folder (where leaving the book is noticed).
    pub(super) book_dir: Option<PathBuf>,
    /// What the running search said: its main line and the alternatives (for "why?"),
    /// the top of a classic search's tree.
    pub(super) last_pv: Vec<Move>,
    pub(super) last_alternatives: Vec<(Move, Score)>,
    pub(super) last_tree: Option<crate::search::tree_top::TreeTop>,
    pub(super) thought: Option<Thought>,
    /// The "why" search is the full strength's look at a weak level's move.
    pub(super) checking_level: bool,
}

impl std::fmt::Debug for Controller {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Controller")
            .field("session", &self.session)
            .field("running", &self.running)
            .finish_non_exhaustive()
    }
}

impl Controller {
    /// A controller over `session`, its engine started with the configuration's settings
    /// ([`engine_settings`], the books found from `book_dir`) unless the session has one.
    /// Nothing happens until [`Controller::start`].
    pub fn new(config: &Config, session: GameSession, book_dir: Option<PathBuf>) -> Controller {
        let session = match session.engine() {
            Some(_) => session,
            None => {
                let dir = book_dir.as_deref().or(config.book.path.as_deref());
                let settings = engine_settings(config, game_books(config, dir));
                session.with_engine(EngineLink::spawn(settings))
            }
        };
        Controller {
            session,
            config: config.clone(),
            policies: Policies::from_config(config),
            rng: Rng::from_clock(),
            queue: VecDeque::new(),
            running: None,
            held: None,
            opening: None,
            saved_text: None,
            asked: None,
            book_dir,
            last_pv: Vec::new(),
            last_alternatives: Vec::new(),
            last_tree: None,
            thought: None,
            checking_level: false,
        }
    }

    /// The same controller with other manners (tests: no pause).
    pub fn with_policies(mut self, policies: Policies) -> Controller {
        self.policies = policies;
        self
    }

    /// The game session: moves, sides, level, clocks, ending, saves.
    pub fn session(&self) -> &GameSession {
        &self.session
    }

    /// The game session, to set up before [`Controller::start`] (sides, level, clocks).
    pub fn session_mut(&mut self) -> &mut GameSession {
        &mut self.session
    }

    /// Other manners from now on.
    pub fn set_policies(&mut self, policies: Policies) {
        self.policies = policies;
    }

    /// The manners in use.
    pub fn policies(&self) -> Policies {
        self.policies
    }

    /// The opening the game has reached.
    pub fn opening(&self) -> Option<&'static Opening> {
        self.opening
    }

    /// What the engine thought when it last chose a move.
    pub fn thought(&self) -> Option<&Thought> {
        self.thought.as_ref()
    }

    /// The top of the last classic search's tree.
    pub fn last_tree(&self) -> Option<&crate::search::tree_top::TreeTop> {
        self.last_tree.as_ref()
    }

    /// The user's book folder (`--book`, `book.path`), where leaving the book is noticed.
    pub fn book_dir(&self) -> Option<&Path> {
        self.book_dir.as_deref()
    }

    /// Another folder for the user's book.
    pub fn set_book_dir(&mut self, dir: Option<PathBuf>) {
        self.book_dir = dir;
    }

    /// The question waiting for an answer.
    pub fn asked(&self) -> Option<&Question> {
        self.asked.as_ref()
    }

    /// The job the engine works on.
    pub fn thinking(&self) -> Option<Job> {
        self.running.map(|r| r.job)
    }

    /// Is the game working on something the player waits for (the engine thinking, a
    /// move held for its pause)?
    pub fn working(&self) -> bool {
        self.running.is_some() || self.held.is_some()
    }

    /// Is the game over?
    pub fn over(&self) -> bool {
        self.session.over()
    }

    /// Is it the player's turn in a game still going on?
    pub fn humans_turn(&self) -> bool {
        !self.over()
            && !self.session.watching
            && self.session.game.position().turn() == self.session.human
    }

    /// Has the game anything worth keeping?
    pub fn in_progress(&self) -> bool {
        self.session.in_progress()
    }

    // ---- the event stream ----

    /// The next event: one already said, else the engine's next reply taken in (waiting
    /// at most `timeout` for it). `None`: nothing happened within it.
    pub fn next_event(&mut self, timeout: Duration) -> Option<Event> {
        if self.queue.is_empty() {
            self.pump(timeout);
        }
        self.queue.pop_front()
    }

    /// Everything said so far, in order.
    pub fn take_events(&mut self) -> Vec<Event> {
        self.queue.drain(..).collect()
    }

    /// Takes in the engine's replies: waits at most `timeout` for the first, then takes
    /// those already waiting. Whether any came.
    pub fn pump(&mut self, timeout: Duration) -> bool {
        if self.next_reply(timeout).is_none() {
            return false;
        }
        while self.next_reply(Duration::ZERO).is_some() {}
        true
    }

    /// Takes in the engine's next reply, waiting at most `timeout` for it: whether it
    /// ended its request (`None`: none came).
    pub fn next_reply(&mut self, timeout: Duration) -> Option<bool> {
        let (job, reply) = self.session.next_reply(timeout)?;
        let last = reply.is_final();
        self.handle_reply(job, reply);
        Some(last)
    }

    /// A reply the engine handed the view's event stream ([`EngineLink::deliver_to`]),
    /// taken in: whether it was for the request still wanted (a stale one is dropped).
    pub fn reply(&mut self, reply: Reply) -> bool {
        let Some((job, reply)) = self.session.engine_mut().and_then(|e| e.accept(reply)) else {
            return false;
        };
        self.handle_reply(job, reply);
        true
    }

    /// Stops whatever the engine works on (a move held for its pause is dropped too) and
    /// ignores what it still reports: another screen takes the game's place.
    pub fn cancel_thinking(&mut self) {
        self.session.cancel_thinking();
        self.running = None;
        self.held = None;
    }

    /// One report of a search (for the request running, else the engine's move), as if
    /// the engine had sent it.
    pub fn search_event(&mut self, event: SearchEvent) {
        let job = self.thinking().unwrap_or(Job::Move);
        self.search_event_for(job, event);
    }

    /// A finished search for the engine's move, as if the engine had answered it: judged
    /// by the resign and draw policy and carried out.
    pub fn search_done(&mut self, result: SearchResult) {
        self.running = None;
        if self.session.engine_to_move() {
            self.carry_out(result, Origin::Search, Instant::now());
        }
    }

    /// Takes in replies and the time until nothing is running (a move held for its pause
    /// is played when due), giving up after `timeout`: false then. Tests and scripts.
    pub fn settle(&mut self, timeout: Duration) -> bool {
        let end = Instant::now() + timeout;
        loop {
            self.tick(Instant::now());
            if !self.working() {
                return true;
            }
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            let wait = match &self.held {
                Some(h) => h.due.saturating_duration_since(Instant::now()).min(left),
                None => left.min(Duration::from_millis(100)),
            };
            if self.running.is_some() {
                self.pump(wait);
            } else {
                std::thread::sleep(wait);
            }
        }
    }

    pub(super) fn say(&mut self, event: Event) {
        self.queue.push_back(event);
    }

    pub(super) fn note(&mut self, text: impl Into<String>, alert: bool) {
        self.say(Event::Note {
            text: text.into(),
            alert,
        });
    }

    // ---- the flow ----

    /// The game begins at `now`: said, the clocks run, and the engine moves if it is its
    /// turn.
    pub fn start(&mut self, now: Instant) {
        let watching = self
            .session
            .watching
            .then(|| [Color::White, Color::Black].map(|c| self.side_name(c)));
        self.say(Event::Started {
            human: self.session.human,
            level: self.session.level_of(self.session.engine_side()),
            watching,
            clock: self.session.clock.as_ref().map(|c| c.control),
        });
        if let Some(c) = &mut self.session.clock {
            c.since = Some(now);
        }
        self.after_move(now);
    }

    /// Does what `command` asks at `now`.
    pub fn command(&mut self, command: Command, now: Instant) {
        match command {
            Command::Play(mv) => self.play_human_move(mv, now),
            Command::TakeBack => self.take_back(now),
            Command::Hint => self.hint(now),
            Command::Eval => {
                if self.running.is_some() {
                    self.note("Please wait: I am thinking", true);
                    return;
                }
                let limits = Limits {
                    movetime: Some(BOARD_MOVETIME),
                    ..Limits::default()
                };
                let think = Think::search(&self.session.game, Level::FULL, limits);
                self.ask(Job::Eval, think, now);
            }
            Command::Why { board } => self.why(board, now),
            Command::Resign => {
                self.stop_watching();
                if !self.over() {
                    let loser = self.session.human;
                    self.finish(Ending::Resigned { loser }, now);
                }
            }
            Command::OfferDraw => {
                self.stop_watching();
                if self.over() {
                    return;
                }
                if self.session.policy.accepts_draw() {
                    self.finish(Ending::Agreed, now);
                } else {
                    self.say(Event::DrawDeclined);
                }
            }
            Command::SetLevel(level) => {
                self.session.level = level;
                self.say(Event::LevelSet(level));
            }
            Command::SetClock(control) => {
                match control {
                    Some(c) => self.session.set_clock(c, now),
                    None => self.session.clock = None,
                }
                self.say(Event::ClockSet(control));
            }
            Command::New(start) => {
                self.set_aside_current();
                self.new_game(start, now);
            }
            Command::Load(path) => self.load(&path, now),
            Command::Save(path) => self.save(&path, false),
            Command::Restore => self.restore(now),
            Command::Watch(players) => match players {
                Some(p) => {
                    self.session.players = (*p).map(Some);
                    self.start_watching(now);
                }
                None if self.session.watching => self.stop_watching(),
                None => self.start_watching(now),
            },
            Command::SwitchSides => {
                self.stop_watching();
                self.cancel_move_search();
                self.session.human = !self.session.human;
                self.say(Event::SidesSwitched {
                    human: self.session.human,
                });
                self.after_move(now);
            }
            Command::MoveNow => match &self.held {
                Some(h) => {
                    let due = h.due;
                    self.release_held(due);
                }
                None => self.session.stop_thinking(),
            },
            Command::Answer(yes) => match self.asked.take() {
                Some(Question::Replace { path }) if yes => self.save(&path, true),
                Some(Question::Replace { .. }) => {
                    self.note("Not saved: the file keeps what it had", false)
                }
                None => {}
            },
        }
    }

    /// The clocks at `now`: a side whose time has run out loses (or draws); a move held
    /// for its pause is played when due. Call regularly.
    pub fn tick(&mut self, now: Instant) {
        if self.over() || self.flag_fell(now) {
            return;
        }
        self.release_held(now);
    }

    /// Has the side to move's flag fallen at `now`? Then the game is over.
    fn flag_fell(&mut self, now: Instant) -> bool {
        match self.session.flag_fall(now) {
            Some(ending) => {
                self.finish(ending, now);
                true
            }
            None => false,
        }
    }

    /// After any change of position: the opening's name, the book left, check, the end
    /// of the game, and the engine's turn.
    pub(super) fn after_move(&mut self, now: Instant) {
        let opening = crate::openings::of_game(&self.session.game);
        if opening != self.opening {
            self.opening = opening;
            if let Some(o) = opening {
                self.say(Event::Opening { label: o.label() });
            }
        }
        self.book_left();
        if let Some(ending) = self.session.board_ending() {
            self.finish(ending, now);
            return;
        }
        if self.session.game.position().in_check() {
            self.say(Event::Check);
        }
        self.engine_turn(now);
    }

    /// The player's own book, if they have one: the move just played (either side's)
    /// left it.
    fn book_left(&mut self) {
        use crate::book::layers::{Books, LayerPolicy};
        let books = Books::locate_for_training(self.book_dir.as_deref(), LayerPolicy::UserOnly);
        let said = books.user().and_then(|b| {
            crate::train::repertoire::left_just_now(b, &self.session.game, self.session.human)
        });
        if let Some(line) = said {
            self.say(Event::BookLeft { line });
        }
    }

    /// The game is over at `now`.
    fn finish(&mut self, ending: Ending, now: Instant) {
        self.session.cancel_thinking();
        self.running = None;
        self.held = None;
        self.say(Event::GameOver {
            result: ending.result(),
            reason: ending.clone(),
        });
        self.session.finish(ending, now);
    }

    /// The game goes on at `now` (after another screen stood in its place): the engine
    /// thinks if it is its move.
    pub fn go_on(&mut self, now: Instant) {
        self.engine_turn(now);
    }

    /// The engine's turn: its move asked (the book first, then the search).
    fn engine_turn(&mut self, now: Instant) {
        if !self.session.engine_to_move() || self.running.is_some_and(|r| r.job == Job::Move) {
            return;
        }
        let book = book_policy(&self.config, &mut self.rng);
        self.last_pv.clear();
        self.last_alternatives.clear();
        if self.session.ask_move(book, &self.config, now).is_some() {
            self.running = Some(Running {
                job: Job::Move,
                started: now,
            });
        }
    }

    fn cancel_move_search(&mut self) {
        if self.thinking() == Some(Job::Move) {
            self.session.cancel_thinking();
            self.running = None;
        }
        self.held = None;
    }

    /// The player's move.
    fn play_human_move(&mut self, mv: Move, now: Instant) {
        if self.over() {
            self.note("The game is over", true);
            return;
        }
        // Watching: a legal move typed takes the side to move over.
        if self.session.watching && self.session.game.position().is_legal(mv) {
            self.stop_watching();
        }
        if !self.humans_turn() {
            self.note("Please wait: it is my move", true);
            return;
        }
        if self.flag_fell(now) {
            return;
        }
        let side = self.session.game.position().turn();
        let Ok(text) = self.session.play(mv, now) else {
            self.say(Event::Error {
                text: format!("{} is not a legal move here", mv.uci()),
            });
            return;
        };
        // A hint or "why" about the position before is no longer wanted.
        if self.running.is_some() {
            self.session.cancel_thinking();
            self.running = None;
        }
        self.session.policy.draw_offered = false;
        self.said_move(By::Player, side, mv, text, None);
        self.after_move(now);
    }

    fn said_move(&mut self, by: By, side: Color, mv: Move, san: String, why: Option<Reason>) {
        let clock = self.session.clock.as_ref().map(|c| c.remaining);
        self.say(Event::MovePlayed {
            by,
            side,
            mv,
            san,
            clock,
            why,
        });
    }

    /// Plays the engine's move `mv` for `why`.
    fn play_engine_move(&mut self, mv: Move, why: Reason, now: Instant) {
        if self.flag_fell(now) {
            return;
        }
        let side = self.session.game.position().turn();
        let Ok(text) = self.session.play(mv, now) else {
            self.say(Event::Error {
                text: format!("Engine move {} is illegal here: ignored", mv.uci()),
            });
            return;
        };
        let by = if self.session.watching {
            By::Watched(side)
        } else {
            By::Engine
        };
        self.said_move(by, side, mv, text, Some(why));
        self.after_move(now);
    }

    // ---- the engine's replies ----

    fn handle_reply(&mut self, job: Job, reply: Reply) {
        let now = Instant::now();
        match reply {
            Reply::Event { event, .. } => match (job, event) {
                (Job::Why, _) if self.checking_level => {}
                (Job::Hint, SearchEvent::Node(_)) => {}
                (job, event) => self.search_event_for(job, event),
            },
            Reply::Done { result, origin, .. } => {
                let started = self.running.take().map(|r| r.started);
                match job {
                    Job::Move => self.move_found(result, origin, started, now),
                    Job::Hint => self.hint_found(result),
                    Job::Why => self.why_found(result, origin),
                    Job::Eval => {
                        let pos = *self.session.game.position();
                        let e = crate::analysis::PositionEval::from_search(&pos, &result, &[]);
                        self.say(Event::Evaluation(Box::new(e)));
                    }
                }
            }
            Reply::Failed { message, .. } => {
                self.running = None;
                self.say(Event::EngineFailed { message });
                if job == Job::Move
                    && let Some(mv) = self.session.stand_in()
                {
                    self.play_engine_move(mv, Reason::StandIn, now);
                }
            }
        }
    }

    fn search_event_for(&mut self, job: Job, event: SearchEvent) {
        let side = self
            .session
            .watching
            .then(|| self.session.game.position().turn());
        match event {
            SearchEvent::Iteration(it) => self.iteration(job, &it, side),
            SearchEvent::Node(text) | SearchEvent::Message(text) => {
                self.say(Event::EngineLine { text })
            }
            SearchEvent::Book { mv, file } => self.say(Event::BookMove { mv, file, side }),
            SearchEvent::Progress(p) => {
                let pos = *self.session.game.position();
                let best = p
                    .best
                    .filter(|(m, _)| pos.is_legal(*m))
                    .map(|(m, score)| (san(&pos, m), score));
                self.say(Event::EngineProgress {
                    index: p.index,
                    count: p.count,
                    nodes: p.nodes,
                    best,
                });
            }
            SearchEvent::Tree(top) => self.last_tree = Some(*top),
        }
    }

    fn iteration(&mut self, job: Job, it: &Iteration, side: Option<Color>) {
        if it.multipv <= 1 {
            self.last_pv = it.pv.clone();
            self.last_alternatives.clear();
        }
        if let Some(&first) = it.pv.first() {
            let k = it.multipv.max(1) - 1;
            self.last_alternatives.truncate(k);
            if self.last_alternatives.len() == k {
                self.last_alternatives.push((first, it.score));
            }
        }
        if it.multipv > 1 {
            return;
        }
        let pos = *self.session.game.position();
        self.say(Event::EngineThinking {
            job,
            depth: it.depth,
            seldepth: it.seldepth,
            score_for_white: it.score.for_white(pos.turn()),
            nodes: it.nodes,
            nps: it.nps,
            time: it.time,
            pv: it.pv.clone(),
            pv_san: crate::core::san_line(&pos, &it.pv),
            side: side.filter(|_| job == Job::Move),
        });
    }

    /// The pause before the engine's move: watching without clocks, the watch pace; a
    /// weak level playing the player, a natural pause (at most a twentieth of its clock).
    fn pace(&mut self, now: Instant) -> Duration {
        let side = self.session.game.position().turn();
        if self.session.watching {
            return match self.session.clock {
                None => Duration::from_secs_f64(self.policies.watch_pace),
                Some(_) => Duration::ZERO,
            };
        }
        if !self.session.level_of(side).is_weak() || self.policies.pause <= 0.0 {
            return Duration::ZERO;
        }
        let spread = 0.5 + (self.rng.next_u64() % 1001) as f64 / 1000.0;
        let pause = Duration::from_secs_f64(self.policies.pause * spread);
        match &self.session.clock {
            Some(c) => pause.min(c.left(side, side, now) / 20),
            None => pause,
        }
    }

    /// The engine's move was found: held for its pause, or decided and carried out.
    fn move_found(
        &mut self,
        result: SearchResult,
        origin: Origin,
        started: Option<Instant>,
        now: Instant,
    ) {
        if !self.session.engine_to_move() {
            return;
        }
        let pace = self.pace(now);
        if let Some(s) = started
            && now.saturating_duration_since(s) < pace
        {
            self.held = Some(Held {
                result,
                origin,
                due: s + pace,
            });
            return;
        }
        self.carry_out(result, origin, now);
    }

    fn release_held(&mut self, now: Instant) {
        if self.held.as_ref().is_some_and(|h| now >= h.due) {
            let h = self.held.take().expect("checked above");
            if self.session.engine_to_move() {
                self.carry_out(h.result, h.origin, now);
            }
        }
    }

    /// The engine's decision on its finished search, carried out.
    fn carry_out(&mut self, result: SearchResult, origin: Origin, now: Instant) {
        let decision = self
            .session
            .decide(&result, &origin, self.policies.resign_pawns);
        let (mv, why, offer_draw) = match decision {
            EngineMove::None => return,
            EngineMove::Resign { loser } => return self.finish(Ending::Resigned { loser }, now),
            EngineMove::Play {
                mv,
                why,
                offer_draw,
            } => (mv, why, offer_draw),
        };
        let level = self.session.level_of(self.session.game.position().turn());
        self.remember_thought(mv, &result, &origin, true, level);
        let mut why = why;
        if let Reason::Search { stopped, .. } = &mut why {
            *stopped = self.thought.as_ref().and_then(|t| t.cut_short);
        }
        self.play_engine_move(mv, why, now);
        if offer_draw && !self.over() {
            self.say(Event::DrawOffered);
        }
    }

    /// Keeps what the engine thought about `mv` (played, or about the board).
    fn remember_thought(
        &mut self,
        mv: Move,
        result: &SearchResult,
        origin: &Origin,
        played: bool,
        level: Level,
    ) {
        let before = *self.session.game.position();
        let mut pv = self.last_pv.clone();
        if pv.first() != Some(&mv) {
            pv = vec![mv];
            pv.extend(result.ponder);
        }
        let mut alternatives = self.last_alternatives.clone();
        if alternatives.first().map(|a| a.0) != Some(mv) {
            alternatives = vec![(mv, result.score)];
        }
        let cut_short = match (origin, level) {
            (Origin::Search, Level::Classic(_)) => self
                .last_tree
                .as_ref()
                .filter(|t| t.root == before && t.depth == result.depth)
                .and_then(|t| t.cut_short()),
            _ => None,
        };
        self.thought = Some(Thought {
            before,
            ply: self.session.game.moves().len(),
            mv,
            played,
            origin: origin.clone(),
            level,
            score: result.score,
            depth: result.depth,
            cut_short,
            pv,
            alternatives,
            full_strength: None,
        });
    }

    // ---- hint and why ----

    fn hint(&mut self, now: Instant) {
        if !self.humans_turn() || self.running.is_some() {
            return;
        }
        let think = self.session.hint_request(now);
        self.ask(Job::Hint, think, now);
    }

    fn ask(&mut self, job: Job, think: Think, now: Instant) {
        self.last_pv.clear();
        self.last_alternatives.clear();
        if self.session.think(job, think).is_some() {
            self.running = Some(Running { job, started: now });
        }
    }

    fn hint_found(&mut self, result: SearchResult) {
        let pos = *self.session.game.position();
        let Some(mv) = result.best.filter(|&m| pos.is_legal(m)) else {
            return;
        };
        if !self.humans_turn() {
            return;
        }
        let level = self.session.hint_level();
        let stopped = self
            .last_tree
            .as_ref()
            .filter(|t| t.root == pos && matches!(level, Level::Classic(_)))
            .and_then(|t| t.cut_short());
        self.say(Event::Hint {
            mv,
            san: san(&pos, mv),
            score_for_white: result.score.for_white(pos.turn()),
            level,
            depth: result.depth,
            nodes: result.nodes,
            stopped,
        });
    }

    /// "Why?": the engine's last move explained (a weak level's after the full strength
    /// has looked at the same position), or the position on the board thought about
    /// first (a short search at full strength).
    fn why(&mut self, board: bool, now: Instant) {
        if !board && let Some(t) = self.thought.clone() {
            if t.played
                && t.full_strength.is_none()
                && t.level.limits().player.is_some()
                && t.on_board(&self.session.game)
                && self.running.is_none()
            {
                // A weak level's move: first the full strength in the same position, so
                // the explanation can say whether the level's weakening chose it.
                let mut before = self.session.game.clone();
                while before.positions().len() > t.ply + 1 {
                    before.undo();
                }
                let limits = Limits {
                    movetime: Some(BOARD_MOVETIME),
                    ..Limits::default()
                };
                self.ask(Job::Why, Think::search(&before, Level::FULL, limits), now);
                self.checking_level = true;
                return;
            }
            self.say(Event::Why(Box::new(t)));
            return;
        }
        if self.running.is_some() {
            self.note("Please wait: I am thinking", true);
            return;
        }
        let limits = Limits {
            movetime: Some(BOARD_MOVETIME),
            multipv: 3,
            ..Limits::default()
        };
        self.checking_level = false;
        let think = Think::search(&self.session.game, Level::FULL, limits);
        self.ask(Job::Why, think, now);
    }

    fn why_found(&mut self, result: SearchResult, origin: Origin) {
        if std::mem::take(&mut self.checking_level) {
            // The full strength's choice beside a weak level's move.
            if let (Some(t), Some(mv)) = (&mut self.thought, result.best) {
                t.full_strength = Some((mv, result.score));
            }
        } else if let Some(mv) = result.best {
            self.remember_thought(mv, &result, &origin, false, Level::FULL);
        } else {
            return;
        }
        if let Some(t) = self.thought.clone() {
            self.say(Event::Why(Box::new(t)));
        }
    }

    // ---- takeback, watching ----

    /// Takes back the player's last move and the engine's answer (just the player's move
    /// while the engine is still thinking about it), the clocks as they were.
    fn take_back(&mut self, now: Instant) {
        let moves = self.session.game.moves().len();
        if moves == 0 {
            self.note("Nothing to take back", true);
            return;
        }
        self.stop_watching();
        let was_thinking = self.thinking() == Some(Job::Move) || self.held.is_some();
        let last_mover = !self.session.game.position().turn();
        let plies = if !was_thinking && last_mover != self.session.human && moves >= 2 {
            2
        } else {
            1
        };
        let g = &self.session.game;
        let numbered = |i: usize| crate::core::san_numbered(&g.positions()[i], g.moves()[i]);
        let taken: Vec<String> = (moves - plies..moves).map(numbered).collect();
        let clocks = self.session.clock.as_ref().map(|c| c.can_take_back(plies));
        let reopened = match self.session.take_back(plies, now) {
            Ok(reopened) => reopened,
            Err(why) => return self.note(why.to_string(), true),
        };
        self.session.cancel_thinking();
        self.running = None;
        self.held = None;
        self.opening = None;
        self.say(Event::TakenBack {
            moves: taken,
            clocks,
            reopened,
        });
        self.after_move(now);
    }

    /// How a side is named when the engine plays it.
    pub fn side_name(&self, side: Color) -> String {
        match self.session.player(side) {
            Some(p) => p.name.clone(),
            None => format!("Huo Chess ({})", self.session.level.name()),
        }
    }

    fn start_watching(&mut self, now: Instant) {
        if self.over() {
            self.note("The game is over", true);
            return;
        }
        self.session.watch();
        self.say(Event::Watching {
            white: self.side_name(Color::White),
            black: self.side_name(Color::Black),
        });
        self.engine_turn(now);
    }

    fn stop_watching(&mut self) {
        if !self.session.watching {
            return;
        }
        self.cancel_move_search();
        self.session.take_over();
        self.say(Event::TookOver {
            side: self.session.human,
        });
    }
}
