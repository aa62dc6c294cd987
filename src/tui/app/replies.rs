//! The engine service's replies on the game screen: progress goes to the log and the
//! panel; a finished request for the engine's move is decided by the session (from the
//! book, forced, or searched — then the resign/draw policy has its say) and said here, or
//! the hint is shown.

use super::{App, Thinking};
use crate::core::{san, san_line};
use crate::engine::{Origin, Reply, Think};
use crate::game::Ending;
use crate::search::{Event, Iteration, Level, Limits, Score, SearchResult};
use crate::session::engine::Job;
use crate::session::turn::{EngineMove, Reason};
use std::time::{Duration, Instant};

impl App {
    /// Has the side to move's flag fallen at `now`? Then the game is over (a move made
    /// after the flag fell is not played, however late the clocks were looked at).
    pub(super) fn flag_fell(&mut self, now: Instant) -> bool {
        let ending = self.session.flag_fall(now);
        ending.map(|e| self.finish(e)).is_some()
    }

    /// Drains the engine's replies without waiting (the run loop calls this every tick).
    /// Returns whether anything arrived (the screen needs a redraw).
    pub fn poll_engine(&mut self) -> bool {
        let mut any = false;
        while let Some((job, reply)) = self.session.next_reply(Duration::ZERO) {
            self.handle_reply(job, reply);
            any = true;
        }
        any
    }

    /// Waits up to `timeout` for the current request to be answered, and the analysis on
    /// screen to end (tests, and nothing else).
    pub fn wait_engine(&mut self, timeout: Duration) -> bool {
        let end = Instant::now() + timeout;
        self.wait_replies(timeout, false)
            && self.wait_analysis(end.saturating_duration_since(Instant::now()))
    }

    /// Waits up to `timeout` for the request running now to be answered, and handles it;
    /// a request that answer starts (watching: the other side's move) is left running.
    /// Tests, and nothing else.
    pub fn wait_engine_once(&mut self, timeout: Duration) -> bool {
        self.wait_replies(timeout, true)
    }

    /// Handles replies until no request runs (or, with `once`, until one final answer),
    /// giving up after `timeout`: false then.
    fn wait_replies(&mut self, timeout: Duration, once: bool) -> bool {
        let end = Instant::now() + timeout;
        while self.session.thinking().is_some() {
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            if let Some((job, reply)) = self.session.next_reply(left) {
                let last = reply.is_final();
                self.handle_reply(job, reply);
                if once && last {
                    return true;
                }
            }
        }
        true
    }

    fn handle_reply(&mut self, job: Job, reply: Reply) {
        match reply {
            Reply::Event { event, .. } => match (job, event) {
                // `:why` after a weak level's move asks the full strength about the
                // position before that move: its thinking is about another position than
                // the board's, and only its answer is shown (in the "why" window).
                (Job::Why, _) if self.checking_level => {}
                // The node log speaks of "my move": not of a hint for the player.
                (Job::Hint, Event::Node(_)) => {}
                (_, event) => self.handle_engine_event(event),
            },
            Reply::Done { result, origin, .. } => match job {
                Job::Move => self.handle_move_done(result, origin),
                Job::Hint => self.handle_hint_done(result),
                Job::Eval => {
                    self.thinking = None;
                    let pos = *self.session.game.position();
                    let e = crate::analysis::PositionEval::from_search(&pos, &result, &[]);
                    let text = crate::tui::analysis::evaluation_text(&e, &pos);
                    self.log_line(text.clone());
                    self.note(text, false);
                }
                Job::Why => {
                    self.thinking = None;
                    if std::mem::take(&mut self.checking_level) {
                        // The full strength's choice beside a weak level's move.
                        if let (Some(t), Some(mv)) = (&mut self.thought, result.best) {
                            t.full_strength = Some((mv, result.score));
                        }
                        self.open_why();
                    } else if let Some(mv) = result.best {
                        self.remember_thought(mv, &result, &origin, false, Level::FULL);
                        self.open_why();
                    }
                }
            },
            Reply::Failed { message, .. } => {
                self.thinking = None;
                self.log_line(format!("Engine error: {message}"));
                self.note("Engine error (see the log)", true);
                if job == Job::Move
                    && let Some(mv) = self.session.stand_in()
                {
                    self.play_engine_move(mv, "engine error: first legal move".into());
                }
            }
        }
    }

    /// One report of the thinking engine: shown in the log pane and the panel.
    pub fn handle_engine_event(&mut self, event: Event) {
        match event {
            Event::Iteration(it) => self.log_iteration(&it),
            Event::Node(line) => self.log_thinking(line),
            Event::Book { mv, file } => {
                let side = self.session.game.position().turn();
                let tag = if self.session.watching {
                    format!("{side} ")
                } else {
                    String::new()
                };
                self.log_thinking(format!("{tag}Book move {} from {file}", mv.uci()))
            }
            Event::Progress(p) => {
                let pos = *self.session.game.position();
                if let Some(t) = &mut self.thinking {
                    t.root = Some((p.index, p.count));
                    t.nodes = p.nodes;
                    if let Some((mv, score)) = p.best.filter(|(m, _)| pos.is_legal(*m)) {
                        t.best = Some(san(&pos, mv));
                        t.score = Some(score);
                    }
                }
            }
            Event::Tree(top) => self.last_tree = Some(*top),
            Event::Message(m) => self.log_line(m),
        }
    }

    /// Keeps the principal variation and the alternatives of a search's report.
    fn track_lines(&mut self, it: &Iteration) {
        // Line 1 is the principal variation; each line's first move is an alternative.
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
    }

    fn log_iteration(&mut self, it: &Iteration) {
        self.track_lines(it);
        let pos = *self.session.game.position();
        let pv = san_line(&pos, &it.pv).join(" ");
        if it.multipv > 1 {
            return; // the log and the panel follow the main line
        }
        if let Some(t) = &mut self.thinking {
            t.depth = it.depth;
            t.score = Some(it.score);
            t.nodes = it.nodes;
            t.best = it
                .pv
                .first()
                .filter(|m| pos.is_legal(**m))
                .map(|&m| san(&pos, m));
        }
        // Whose search this is, when it is not the engine's move: the hint, `:eval`,
        // `:why board`.
        let job = self.thinking.as_ref().map(|t| t.job);
        let hint = if job == Some(Job::Hint) {
            "hint ".to_string()
        } else if job == Some(Job::Eval) {
            "eval ".to_string()
        } else if job == Some(Job::Why) {
            "why board ".to_string()
        } else if self.session.watching {
            // Watching: whose thinking this is.
            format!("{} ", pos.turn())
        } else {
            String::new()
        };
        self.log_thinking(format!(
            "{hint}depth {}/{} score {} for White nodes {} nps {} time {:.1}s pv {pv}",
            it.depth,
            it.seldepth,
            it.score.for_white(pos.turn()),
            it.nodes,
            it.nps,
            it.time.as_secs_f64()
        ));
    }

    /// The engine has its move: from the book, forced, or searched (then it may resign).
    pub fn handle_move_done(&mut self, result: SearchResult, origin: Origin) {
        let started = self.thinking.take().map(|t| t.started);
        if !self.session.engine_to_move() {
            return;
        }
        let Some((result, origin)) = self.hold_for_pace(started, result, origin) else {
            return;
        };
        let decision = self.session.decide(&result, &origin, self.resign_pawns());
        self.play_decision(decision, &result, &origin);
    }

    /// A searched move: resign, or play it (perhaps offering a draw) and say why.
    pub fn handle_search_done(&mut self, result: SearchResult) {
        self.thinking = None;
        if !self.session.engine_to_move() {
            return;
        }
        let decision = self.session.judge_search(&result, self.resign_pawns());
        self.play_decision(decision, &result, &Origin::Search);
    }

    /// How far behind the engine resigns, in pawns (`None`: it never does).
    fn resign_pawns(&self) -> Option<f64> {
        let tui = &self.config.tui;
        tui.resign.then_some(tui.resign_threshold)
    }

    /// Does what the session decided for the engine, and says it.
    fn play_decision(&mut self, decision: EngineMove, result: &SearchResult, origin: &Origin) {
        let (mv, why, offer_draw) = match decision {
            EngineMove::None => return self.after_move(),
            EngineMove::Resign { loser } => {
                self.my_move = None;
                return self.finish(Ending::Resigned { loser });
            }
            EngineMove::Play {
                mv,
                why,
                offer_draw,
            } => (mv, why, offer_draw),
        };
        let turn = self.session.game.position().turn();
        let level = self.session.level_of(turn);
        self.remember_thought(mv, result, origin, true, level);
        let why = match why {
            Reason::Book { file } => format!("book, {file}"),
            Reason::Forced => "forced: the only legal move".to_string(),
            Reason::Search {
                score,
                depth,
                nodes,
            } => {
                let stopped = self
                    .thought
                    .as_ref()
                    .and_then(|t| t.cut_short)
                    .map(|(done, all)| format!(", stopped after {done} of {all} moves"))
                    .unwrap_or_default();
                match score {
                    Score::Mate(n) if n > 0 => format!("mate found: mate in {n}{stopped}"),
                    s => format!(
                        "search: depth {depth}, score {} for White, {nodes} nodes{stopped}",
                        s.for_white(turn)
                    ),
                }
            }
        };
        self.play_engine_move(mv, why);
        if offer_draw && !self.over() {
            self.note("I offer a draw: :draw accepts", false);
            self.log_line("I offer a draw (type :draw to accept)");
        }
    }

    fn handle_hint_done(&mut self, result: SearchResult) {
        self.thinking = None;
        let pos = *self.session.game.position();
        match result.best.filter(|&m| pos.is_legal(m)) {
            Some(mv) if self.humans_turn() => {
                let text = san(&pos, mv);
                let level = self.session.hint_level().name();
                // A classic search hands over its tree just before its result.
                let stopped = self
                    .last_tree
                    .as_ref()
                    .filter(|t| {
                        t.root == pos && matches!(self.session.hint_level(), Level::Classic(_))
                    })
                    .and_then(|t| t.cut_short())
                    .map(|(done, all)| format!(", stopped after {done} of {all} moves"))
                    .unwrap_or_default();
                let how = format!("{level}, depth {}{stopped}", result.depth);
                let score = result.score.for_white(pos.turn());
                self.log_line(format!(
                    "Hint: {text} ({score} for White, {how}, {} nodes)",
                    result.nodes
                ));
                self.note(
                    format!("Hint: {text} {score} for White\n(as I play at {how})"),
                    false,
                );
                self.board.cursor = mv.from();
            }
            _ => {}
        }
    }

    /// `:eval`: the engine's evaluation of the position on the board, from a short search
    /// at full strength (as `:why board` thinks), said in pawns for White.
    pub fn evaluate(&mut self) {
        if self.thinking.is_some() {
            self.note("Please wait: I am thinking", true);
            return;
        }
        let limits = Limits {
            movetime: Some(crate::why::thought::BOARD_MOVETIME),
            ..Limits::default()
        };
        self.session.think(
            Job::Eval,
            Think::search(&self.session.game, Level::FULL, limits),
        );
        self.thinking = Some(Thinking::new(Job::Eval));
    }

    /// The engine suggests a move for the player: what it would play in the player's
    /// place at the game's level, with the player's clock when the clocks run.
    pub fn hint(&mut self) {
        if !self.humans_turn() || self.thinking.is_some() {
            return;
        }
        let think = self.session.hint_request(Instant::now());
        self.last_pv.clear();
        self.last_alternatives.clear();
        self.session.think(Job::Hint, think);
        self.thinking = Some(Thinking::new(Job::Hint));
    }
}

impl Thinking {
    pub(super) fn new(job: Job) -> Thinking {
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
