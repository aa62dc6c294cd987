//! A game's link to the engine service ([`crate::engine`]), for any front end (the game
//! screen, plain mode, the book editor): it remembers which request is current and why it
//! was made (the engine's own move, or a hint for the player), and drops the replies of
//! requests that were cancelled (a takeback, a new game) so they can never play a stale
//! move. Who is woken by a reply is the front end's to say ([`EngineLink::notify_with`]).

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

/// The engine service and the request the screen still wants an answer to.
pub struct EngineLink {
    engine: Engine,
    replies: Receiver<Reply>,
    current: Option<(u64, Job)>,
    /// Who is woken by each reply (the run loop's event stream), once there is one.
    notify: Arc<Mutex<Option<Notify>>>,
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
        let notify: Arc<Mutex<Option<Notify>>> = Arc::default();
        let wake = Arc::clone(&notify);
        let engine = Engine::spawn(
            settings,
            Box::new(move |reply: Reply| {
                let last = reply.is_final();
                let _ = tx.send(reply);
                if let Some(n) = wake.lock().ok().as_mut().and_then(|n| n.as_mut()) {
                    n(last);
                }
            }),
        );
        EngineLink {
            engine,
            replies,
            current: None,
            notify,
        }
    }

    /// Calls `notify` after each reply is queued (replacing any earlier one).
    pub fn notify_with(&self, notify: Notify) {
        if let Ok(mut n) = self.notify.lock() {
            *n = Some(notify);
        }
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
            let Some((id, job)) = self.current else {
                continue;
            };
            if reply.id() == id {
                if reply.is_final() {
                    self.current = None;
                }
                return Some((job, reply));
            }
        }
    }
}
