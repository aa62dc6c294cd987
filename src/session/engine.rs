//! A game's link to the engine service ([`crate::engine`]), for any front end (the game
//! screen, plain mode, the book editor): it remembers which request is current and why it
//! was made (the engine's own move, or a hint for the player), and drops the replies of
//! requests that were cancelled (a takeback, a new game) so they can never play a stale
//! move. Where a reply goes is the front end's to say: kept here until asked for
//! ([`EngineLink::next_reply`]), with a wake-up call ([`EngineLink::notify_with`]), or
//! handed at once to the front end's own event stream ([`EngineLink::deliver_to`]), which
//! gives it back through [`EngineLink::accept`].

use crate::engine::{Engine, Reply, Settings, Think};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What a screen says while the engine works for it (the original's word).
pub const THINKING: &str = "Thinking...";

/// Why the engine is thinking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// Its own move.
    Move,
    /// A suggestion for the player (a short search).
    Hint,
    /// "Why?" about the position on the board (a short search, explained, not played).
    Why,
    /// The evaluation of the position on the board (`:eval`: a short search, said).
    Eval,
}

/// Told on the engine thread, after each reply is queued, whether it ends a request.
pub type Notify = Box<dyn FnMut(bool) + Send>;

/// Handed each reply on the engine thread, instead of its being queued: a front end's
/// event stream.
pub type Deliver = Box<dyn FnMut(Reply) + Send>;

/// Where the engine thread puts a reply.
#[derive(Default)]
struct Route {
    notify: Option<Notify>,
    deliver: Option<Deliver>,
}

/// The engine service and the request the screen still wants an answer to.
pub struct EngineLink {
    engine: Engine,
    replies: Receiver<Reply>,
    current: Option<(u64, Job)>,
    /// Who is woken by each reply, or handed it (the run loop's event stream), once there
    /// is one.
    route: Arc<Mutex<Route>>,
}

impl std::fmt::Debug for EngineLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EngineLink")
            .field("current", &self.current)
            .finish_non_exhaustive()
    }
}

impl EngineLink {
    /// Starts the engine service for a screen.
    pub fn spawn(settings: Settings) -> EngineLink {
        let (tx, replies) = mpsc::channel();
        let route: Arc<Mutex<Route>> = Arc::default();
        let to = Arc::clone(&route);
        let engine = Engine::spawn(
            settings,
            Box::new(move |reply: Reply| {
                let last = reply.is_final();
                let Ok(mut route) = to.lock() else { return };
                if let Some(deliver) = route.deliver.as_mut() {
                    return deliver(reply);
                }
                let _ = tx.send(reply);
                if let Some(n) = route.notify.as_mut() {
                    n(last);
                }
            }),
        );
        EngineLink {
            engine,
            replies,
            current: None,
            route,
        }
    }

    /// Calls `notify` after each reply is queued (replacing any earlier one).
    pub fn notify_with(&self, notify: Notify) {
        if let Ok(mut route) = self.route.lock() {
            route.notify = Some(notify);
        }
    }

    /// Hands every reply from now on to `deliver` (on the engine's thread) instead of
    /// keeping it; the front end gives each back through [`EngineLink::accept`]. Replies
    /// kept before stay for [`EngineLink::next_reply`].
    pub fn deliver_to(&self, deliver: Deliver) {
        if let Ok(mut route) = self.route.lock() {
            route.deliver = Some(deliver);
        }
    }

    /// A reply the front end was handed: with its job when it answers the request still
    /// wanted (a final one ends it), `None` when that request was cancelled since.
    pub fn accept(&mut self, reply: Reply) -> Option<(Job, Reply)> {
        let (id, job) = self.current?;
        if reply.id() != id {
            return None;
        }
        if reply.is_final() {
            self.current = None;
        }
        Some((job, reply))
    }

    /// Asks for `think`, cancelling whatever was asked before; returns the request's id
    /// (its replies carry it).
    pub fn think(&mut self, job: Job, think: Think) -> u64 {
        let id = self.engine.think(think);
        self.current = Some((id, job));
        id
    }

    /// The job being thought about, if any.
    pub fn busy(&self) -> Option<Job> {
        self.current.map(|c| c.1)
    }

    /// "Move now": the search stops soon and answers its best move so far.
    pub fn stop(&self) {
        self.engine.stop();
    }

    /// Stops the current search and ignores whatever it still reports.
    pub fn cancel(&mut self) {
        self.engine.stop();
        self.current = None;
    }

    /// New evaluation weights (applied after the running search; the table is cleared).
    pub fn set_evaluator(&self, eval: crate::eval::Evaluator) {
        self.engine.set_evaluator(eval);
    }

    /// Centipawns a draw costs the engine.
    pub fn set_contempt(&self, cp: i32) {
        self.engine.set_contempt(cp);
    }

    /// Forgets the previous game (and cancels).
    pub fn clear(&mut self) {
        self.current = None;
        self.engine.clear();
    }

    /// The next reply of the current request with its job, waiting at most `timeout`
    /// (zero: don't wait). Stale replies are skipped; a final one ends the request.
    pub fn next_reply(&mut self, timeout: Duration) -> Option<(Job, Reply)> {
        loop {
            let reply = if timeout.is_zero() {
                self.replies.try_recv().ok()?
            } else {
                match self.replies.recv_timeout(timeout) {
                    Ok(r) => r,
                    Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => {
                        return None;
                    }
                }
            };
            if let Some(accepted) = self.accept(reply) {
                return Some(accepted);
            }
        }
    }
}
