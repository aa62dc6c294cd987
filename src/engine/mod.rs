//! The engine service: one long-lived thread that owns the searcher (and so its
//! transposition table) and the opening book, and thinks when asked. Every front end —
//! the game screen, the book editor, UCI, analysis — talks to the engine through it. Only
//! `huo-chess match` (`arena`, a searcher per side and game) and `bench` (its fixed
//! positions) run searchers of their own.
//!
//! The front end sends requests through an [`Engine`] handle: *think about this game
//! with these limits, this level and this book policy*, *clear*, new settings, *quit*.
//! "Stop" and "ponder hit" must reach a search that is already running, so the handle
//! flips the running search's flags directly. The service answers through a [`Sink`] —
//! a channel for the screens, a printer for UCI — with the search's progress
//! ([`Reply::Event`]) and then exactly one [`Reply::Done`] per request: the move and
//! where it came from (the book, a forced move, or the search).
//!
//! Rules that belong to the conversation rather than the search live here, not in the
//! searcher: the book is consulted first, a forced move may be played at once, and an
//! `infinite` or pondering search holds its answer until it is told to stop.

pub mod external;
pub mod protocol;
pub mod service;

pub use protocol::{BookPolicy, Origin, Reply, Settings, Sink, Think};

use crate::book::layers::Books;
use crate::eval::Evaluator;
use protocol::{Answered, Request};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

/// The engine thread's name (the game screen's panic hook recognises it).
pub const THREAD_NAME: &str = "huo-engine";

/// The running request's id and flags.
struct Current {
    id: u64,
    stop: Arc<AtomicBool>,
    ponder: Arc<AtomicBool>,
}

/// The front end's handle on the engine service. Dropping it stops the search and ends
/// the thread without waiting for it.
///
/// Spawn it, ask it to think about a game, and read its replies: progress first, then one
/// [`Reply::Done`] with the move.
///
/// ```
/// use huo_chess::Game;
/// use huo_chess::engine::{Engine, Reply, Settings, Think};
/// use huo_chess::eval::Evaluator;
/// use huo_chess::search::{Level, Limits};
/// use std::time::Duration;
///
/// let settings = Settings {
///     eval: Evaluator::default(),
///     hash_mb: 1,
///     threads: 1,
///     contempt: 0,
///     book: None, // search only
/// };
/// let (mut engine, replies) = Engine::spawn_with_channel(settings);
///
/// let mut game = Game::new();
/// game.play_text("e4")?;
/// let limits = Limits { depth: Some(3), ..Limits::default() };
/// let id = engine.think(Think::search(&game, Level::Modern(Level::MAX_MODERN), limits));
///
/// let answer = loop {
///     match replies.recv_timeout(Duration::from_secs(60))? {
///         Reply::Done { id: done, result, .. } if done == id => break result,
///         Reply::Failed { message, .. } => panic!("{message}"),
///         _ => {} // progress: depths, best lines
///     }
/// };
/// let reply = answer.best.expect("Black has moves");
/// assert!(game.position().is_legal(reply));
/// engine.quit();
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Engine {
    tx: Option<Sender<Request>>,
    thread: Option<JoinHandle<()>>,
    next_id: u64,
    current: Option<Current>,
    /// The last request the service has answered.
    answered: Arc<Answered>,
}

impl Engine {
    /// Starts the service on a thread of its own; its replies go to `sink` (a printer for
    /// UCI, say). It owns the searcher and the book from now on.
    pub fn spawn(settings: Settings, sink: Sink) -> Engine {
        let (tx, rx) = mpsc::channel::<Request>();
        let answered = Arc::new(Answered::default());
        let done = Arc::clone(&answered);
        let thread = std::thread::Builder::new()
            .name(THREAD_NAME.into())
            .spawn(move || service::run(settings, rx, sink, done))
            .ok();
        if thread.is_none() {
            answered.end();
        }
        Engine {
            tx: Some(tx),
            thread,
            next_id: 0,
            current: None,
            answered,
        }
    }

    /// Starts the service with a channel for its replies (the screens' way): the
    /// receiver is read between frames, or waited on (see the example on [`Engine`]).
    pub fn spawn_with_channel(settings: Settings) -> (Engine, Receiver<Reply>) {
        let (tx, rx) = mpsc::channel();
        let engine = Engine::spawn(
            settings,
            Box::new(move |reply| {
                let _ = tx.send(reply);
            }),
        );
        (engine, rx)
    }

    fn send(&self, req: Request) -> bool {
        self.tx.as_ref().is_some_and(|tx| tx.send(req).is_ok())
    }

    /// Asks the service to think; returns the request's id (its replies carry it). A
    /// request still running is stopped first (it still sends its `Done`).
    pub fn think(&mut self, think: Think) -> u64 {
        self.stop();
        self.next_id += 1;
        let id = self.next_id;
        let stop = Arc::new(AtomicBool::new(false));
        let ponder = Arc::new(AtomicBool::new(think.ponder));
        if self.send(Request::Think {
            id,
            think: Box::new(think),
            stop: Arc::clone(&stop),
            ponder: Arc::clone(&ponder),
        }) {
            self.current = Some(Current { id, stop, ponder });
        } else {
            // No service: the request counts as answered so nobody waits for it.
            self.answered.sent(id);
        }
        id
    }

    /// The id the next [`Engine::think`] will return.
    pub fn next_id(&self) -> u64 {
        self.next_id + 1
    }

    /// The id of the request being worked on, if it is not answered yet.
    pub fn thinking(&self) -> Option<u64> {
        self.current
            .as_ref()
            .map(|c| c.id)
            .filter(|&id| self.answered.last() < id)
    }

    /// "Move now": the running search stops soon and answers its best move so far.
    pub fn stop(&self) {
        if let Some(c) = &self.current {
            c.ponder.store(false, Ordering::Relaxed);
            c.stop.store(true, Ordering::Relaxed);
            self.wake();
        }
    }

    /// The opponent played the expected move: a ponder search becomes a normal one and
    /// its clock starts.
    pub fn ponder_hit(&self) {
        if let Some(c) = &self.current {
            c.ponder.store(false, Ordering::Relaxed);
            self.wake();
        }
    }

    /// Wakes the engine thread if it is waiting to answer (a finished pondering or
    /// infinite search waiting for its stop): the flags have changed.
    fn wake(&self) {
        if let Some(t) = &self.thread {
            t.thread().unpark();
        }
    }

    /// Forget what was learned (a new game).
    pub fn clear(&mut self) {
        self.stop();
        self.send(Request::Clear);
    }

    /// A transposition table of `mb` megabytes (applied after the running search).
    pub fn set_hash(&self, mb: usize) {
        self.send(Request::SetHash(mb));
    }

    /// Search on `threads` threads at full strength (applied after the running search;
    /// at most the machine's cores).
    pub fn set_threads(&self, threads: usize) {
        self.send(Request::SetThreads(threads));
    }

    /// Centipawns a draw costs the engine.
    pub fn set_contempt(&self, cp: i32) {
        self.send(Request::SetContempt(cp));
    }

    /// New evaluation weights.
    pub fn set_evaluator(&self, eval: Evaluator) {
        self.send(Request::SetEvaluator(Box::new(eval)));
    }

    /// Another opening book (`None`: none).
    pub fn set_book(&self, book: Option<Books>) {
        self.send(Request::SetBook(book));
    }

    /// Waits until the last request is answered, at most `timeout`; `true` if it was.
    /// (It sleeps until the service answers or ends: no polling.)
    pub fn wait_idle(&self, timeout: Duration) -> bool {
        match self.thinking() {
            None => true,
            Some(id) => self.answered.wait_for(id, timeout),
        }
    }

    /// Stops the search, ends the service and waits for its thread.
    pub fn quit(mut self) {
        self.stop();
        self.tx = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Engine {
    /// Stops the search and closes the channel, so the thread ends by itself. It is not
    /// joined: quitting a screen never waits for a search that is slow to stop.
    fn drop(&mut self) {
        self.stop();
        self.tx = None;
    }
}
