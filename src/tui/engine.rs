//! The engine on a background thread, so the screen never freezes while it thinks.
//!
//! The thread owns the [`Searcher`] (and so its transposition table, kept move after move).
//! The screen sends it [`Request`]s and reads [`Reply`]s from a channel without blocking.
//! Every search gets its own stop flag and id: cancelling a search just sets its flag and
//! forgets its id, so whatever it still sends is recognised as stale and dropped.

use crate::config::Config;
use crate::eval::Evaluator;
use crate::game::Game;
use crate::search::{Event, Level, Limits, SearchResult, Searcher};
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

/// The engine thread's name (the panic hook recognises it).
pub const THREAD_NAME: &str = "huo-engine";

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into())
}

/// Why the engine is thinking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// Its own move.
    Move,
    /// A suggestion for the player (a short search).
    Hint,
}

/// What the screen asks of the engine thread.
pub enum Request {
    Think {
        id: u64,
        job: Job,
        game: Box<Game>,
        level: Level,
        limits: Limits,
        stop: Arc<AtomicBool>,
    },
    /// Forget what was learned (new game).
    Clear,
}

/// What the engine thread reports.
#[derive(Debug)]
pub enum Reply {
    /// Progress of search `id`.
    Event { id: u64, event: Event },
    /// Search `id` finished.
    Done {
        id: u64,
        job: Job,
        result: SearchResult,
    },
    /// Search `id` panicked (a bug in the search); the thread lives on.
    Failed { id: u64, job: Job, message: String },
}

/// The handle the screen keeps: the channel ends and the current search.
pub struct Engine {
    tx: Option<Sender<Request>>,
    rx: Receiver<Reply>,
    thread: Option<JoinHandle<()>>,
    next_id: u64,
    /// The search whose replies we still want: id, job and stop flag.
    current: Option<(u64, Job, Arc<AtomicBool>)>,
}

impl Engine {
    /// Starts the engine thread with the evaluation and hash size of `config`.
    pub fn spawn(config: &Config) -> Engine {
        let (tx, thread_rx) = mpsc::channel::<Request>();
        let (thread_tx, rx) = mpsc::channel::<Reply>();
        let eval = Evaluator::from_config(config);
        let hash_mb = config.search.hash_mb;
        let contempt = config.search.contempt_cp();
        let thread = std::thread::Builder::new()
            .name(THREAD_NAME.into())
            .spawn(move || {
                let mut searcher = Searcher::new(eval, hash_mb);
                searcher.set_contempt(contempt);
                while let Ok(req) = thread_rx.recv() {
                    match req {
                        Request::Clear => searcher.clear(),
                        Request::Think {
                            id,
                            job,
                            game,
                            level,
                            limits,
                            stop,
                        } => {
                            let events = thread_tx.clone();
                            let mut on_event = |event: Event| {
                                let _ = events.send(Reply::Event { id, event });
                            };
                            // A bug in the search must not take the screen down: catch it and
                            // report it (the panic hook stays quiet on this thread).
                            let outcome = std::panic::catch_unwind(AssertUnwindSafe(|| {
                                searcher.think(&game, level, &limits, &stop, &mut on_event)
                            }));
                            let reply = match outcome {
                                Ok(result) => Reply::Done { id, job, result },
                                Err(payload) => Reply::Failed {
                                    id,
                                    job,
                                    message: panic_message(payload.as_ref()),
                                },
                            };
                            if thread_tx.send(reply).is_err() {
                                break;
                            }
                        }
                    }
                }
            })
            .ok();
        Engine {
            tx: Some(tx),
            rx,
            thread,
            next_id: 0,
            current: None,
        }
    }

    /// Starts thinking about the end of `game`, cancelling any search still running.
    pub fn think(&mut self, job: Job, game: &Game, level: Level, limits: Limits) {
        self.cancel();
        self.next_id += 1;
        let stop = Arc::new(AtomicBool::new(false));
        let sent = self.tx.as_ref().is_some_and(|tx| {
            tx.send(Request::Think {
                id: self.next_id,
                job,
                game: Box::new(game.clone()),
                level,
                limits,
                stop: stop.clone(),
            })
            .is_ok()
        });
        if sent {
            self.current = Some((self.next_id, job, stop));
        }
    }

    /// The job being thought about, if any.
    pub fn busy(&self) -> Option<Job> {
        self.current.as_ref().map(|c| c.1)
    }

    /// "Move now": the search stops soon and reports its best move so far.
    pub fn stop(&self) {
        if let Some((_, _, stop)) = &self.current {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// Stops the current search and ignores whatever it still reports.
    pub fn cancel(&mut self) {
        self.stop();
        self.current = None;
    }

    /// Forgets the previous game.
    pub fn clear(&mut self) {
        self.cancel();
        if let Some(tx) = &self.tx {
            let _ = tx.send(Request::Clear);
        }
    }

    /// The next reply of the current search, waiting at most `timeout` (zero: don't
    /// wait). Stale replies are skipped. `Done` ends the current search.
    pub fn next_reply(&mut self, timeout: Duration) -> Option<Reply> {
        loop {
            let reply = if timeout.is_zero() {
                self.rx.try_recv().ok()?
            } else {
                match self.rx.recv_timeout(timeout) {
                    Ok(r) => r,
                    Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => {
                        return None;
                    }
                }
            };
            let id = match &reply {
                Reply::Event { id, .. } | Reply::Done { id, .. } | Reply::Failed { id, .. } => *id,
            };
            if self.current.as_ref().is_some_and(|c| c.0 == id) {
                if matches!(reply, Reply::Done { .. } | Reply::Failed { .. }) {
                    self.current = None;
                }
                return Some(reply);
            }
        }
    }
}

impl Drop for Engine {
    /// Stops the search and closes the channel, so the thread ends by itself. It is not
    /// joined: quitting never waits for a search that is slow to stop.
    fn drop(&mut self) {
        self.cancel();
        self.tx = None;
        self.thread = None;
    }
}
